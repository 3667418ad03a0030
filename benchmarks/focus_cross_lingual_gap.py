"""How much lower the e5 cosine of an English question to the Russian sentence that answers it is than that of the same
question asked in Russian: the ``CROSS_LINGUAL_GAP`` of ``agentcore.rag._focus.english`` (issue 18).

Sixteen parallel questions, written for this from the shipped knowledge base (not from any evaluation split), each
with the sentence of the documents that answers it.  Prints each pair's cosines and the mean and median gap.

    PYTHONPATH=src .venv/bin/python benchmarks/focus_cross_lingual_gap.py
"""

# ruff: noqa: E501 - one parallel pair a line

from __future__ import annotations

import numpy as np

from agentcore.llm import embed_local_array

PAIRS = [
    ("how many vacation days do I get per year", "сколько дней отпуска в году", "В ООО «Ромашка Софт» ежегодный оплачиваемый отпуск составляет 28 календарных дней."),
    ("when is the salary advance paid", "когда выплачивают аванс", "25-го числа — аванс за первую половину текущего месяца;"),
    ("how long does a sprint last", "сколько длится спринт", "В ООО «Ромашка Софт» все продуктовые команды работают спринтами по 2 недели: спринт начинается в понедельник и заканчивается в пятницу следующей недели."),
    ("who cancels a sprint", "кто может отменить спринт", "Спринт может отменить только владелец продукта — если цель спринта потеряла смысл, например, клиент отказался от функции."),
    ("what vpn do we use", "какой vpn мы используем", "Мы используем WireGuard."),
    ("how many approvals does a merge request need", "сколько одобрений нужно для merge request", "получено не менее 2 одобрений (approve), и одно из них — от владельца кода по файлу CODEOWNERS;"),
    ("when does the office open", "во сколько открывается офис", "Офис открыт по будням с 8:00 до 22:00."),
    ("how much is the daily allowance in russia", "какие суточные по россии", "700 ₽ за каждый день командировки по России и 2500 ₽ в день за границей, включая дни отъезда и приезда."),
    ("how often do I have to change my password", "как часто менять пароль", "Пароль меняется каждые 90 дней; за 7 дней до истечения приходит напоминание на почту."),
    ("where do I report a phishing email", "куда отправить фишинговое письмо", "Перешлите такое письмо на security@romashka-soft.ru и удалите."),
    ("how long is the probation period", "сколько длится испытательный срок", "Испытательный срок длится 3 месяца."),
    ("can I use a usb stick on my work laptop", "можно ли пользоваться флешкой на рабочем ноутбуке", "USB-накопители на рабочих ноутбуках заблокированы."),
    ("what time is the daily standup", "во сколько дейли", "В ООО «Ромашка Софт» стендап начинается в 10:15 по Москве."),
    ("how much does the company pay for one on-call week", "сколько платят за неделю дежурства", "За каждую неделю дежурства выплачивается 5000 ₽, даже если инцидентов не было."),
    ("what is the minimum password length", "какая минимальная длина пароля", "Длина не менее 12 символов, обязательно буквы в разных регистрах, цифры и спецсимволы."),
    ("how long does a gigachat token live", "сколько живет токен гигачата", "Токен живёт 30 минут и обновляется автоматически незадолго до истечения."),
]  # fmt: skip


def main() -> None:
    english = embed_local_array([p[0] for p in PAIRS], "query")
    russian = embed_local_array([p[1] for p in PAIRS], "query")
    sentences = embed_local_array([p[2] for p in PAIRS], "passage")
    en = (english * sentences).sum(axis=1)
    ru = (russian * sentences).sum(axis=1)
    for (question, _, _), a, b in zip(PAIRS, en, ru, strict=True):
        print(f"en {a:.3f}  ru {b:.3f}  gap {b - a:+.3f}  {question}")
    gap = ru - en
    print(f"mean gap {float(gap.mean()):.3f}, median {float(np.median(gap)):.3f} over {len(PAIRS)} pairs")


if __name__ == "__main__":
    main()
