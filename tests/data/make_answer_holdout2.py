"""Writes tests/data/answer_eval_holdout2.json: a fourth, held-out split of the answer-level evaluation.

Written on 2026-11-26 (issue 18, branch ``trust``) from the shipped knowledge base's documents *before* any change
of that session and without running the system on it; it is evaluated once, at the end, and never tuned on (rules
are fit on ``dev`` / ``dev2`` only).  It leans on the documents the earlier splits hardly touch (VPN set-up,
accounts, Scrum events and estimates, Definition of Done, agentcore's install and logs) and on the question forms the
earlier splits miss: procedures («как …», «что делать, если …»), «какой X» asking for a name or value, colloquial
phrasing and typos, partial questions whose second half no document answers, and unanswerable questions whose
words sit close to a real rule.  Row format as in ``make_answer_eval.py``: (category, question, key facts, missing
part); a key fact is a string (alternatives separated by «|») a correct answer must contain.
"""

import json
from pathlib import Path

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # procedures
    (A, "как настроить впн на телефоне", ["WireGuard", "Создать конфигурацию"], None),
    (A, "как подать на возмещение расходов", ["30 календарных дней"], None),
    (A, "как обновить agentcore до новой версии", ["pip install .", "agentcore rag index"], None),
    (A, "что делать если задача не доделана к концу спринта", ["бэклог"], None),
    (A, "как сбросить пароль если нет доступа к 2FA", ["1111", "временный пароль"], None),
    (A, "как забронировать переговорку", ["Яндекс 360"], None),
    (A, "как получить доступ к проекту в jira", ["техподдержк", "руководитель"], None),
    (A, "как прикрепить ребёнка к дмс", ["20-го числа"], None),
    (A, "как проходит покер планирования", ["одновременно"], None),
    # «какой X» — a name or a value
    (A, "какой порт блокируют в гостиницах из-за чего не работает впн", ["51820"], None),
    (A, "какая шкала сторипоинтов у нас", ["Фибоначчи|1, 2, 3, 5, 8, 13"], None),
    (A, "какое покрытие автотестами нужно по DoD", ["80%"], None),
    (A, "какой WIP-лимит на колонку ревью", ["3 merge request"], None),
    (A, "какая версия питона нужна для agentcore", ["3.11"], None),
    (A, "какой курс обязателен новичку в первую неделю", ["Основы информационной безопасности"], None),
    # colloquial, typos, plain values
    (A, "как часто бывают учебные фишинговые рассылки", ["раз в квартал"], None),
    (A, "голосует ли скрам мастер в покере планирования", ["не голосуют"], None),
    (A, "историю на 21 поинт можно брать в спринт?", ["декомпозировать|разбить"], None),
    (A, "груминг во скока", ["14:00"], None),
    (A, "где лежат логи агенткора", ["~/.local/share/agentcore/logs"], None),
    (A, "при каком размере ротируется лог agentcore", ["5 МБ"], None),
    (A, "когда выдают пропуск новичку", ["первый рабочий день"], None),
    (A, "через сколько снимается бронь переговорки если никто не пришёл", ["15 минут"], None),
    (A, "вызвали работать в выходной, как это оплачивают", ["двойном размере"], None),
    (A, "на сколько сокращают рабочий день перед праздником", ["1 час"], None),
    (A, "живу в другом поясе, разница 6 часов, какой график", ["3 часов"], None),
    (A, "такси до аэропорта в командировке оплачивают?", ["аэропорта"], None),
    (A, "ноут тормозит, можно заменить раньше трёх лет", ["досрочн"], None),
    (A, "увольняюсь, кому сдавать ноутбук", ["ИТ-отдел"], None),
    (A, "когда гендир проводит встречу для новичков", ["первую среду"], None),
    (A, "заболел в отпуске, когда сообщить в hr", ["первый рабочий день после выздоровления"], None),
    (A, "можно ли прийти в офис в субботу, до скольки подать заявку", ["17:00"], None),
    # partial: the second half is in no document
    (P, "кто проводит welcome-встречу и сколько она длится", ["генеральный директор"], "длится"),
    (P, "сколько живёт конфиг впн и работает ли впн в китае", ["180 дней"], "кита"),
    (P, "на какой платформе курс по ИБ и сколько баллов нужно набрать на тесте", ["Ромашка.Учёба"], "балл"),
    (
        P,
        "сколько парковочных мест у бизнес-центра и есть ли зарядка для электромобилей",
        ["10 парковочных мест"],
        "зарядк",
    ),
    (P, "какая версия python нужна для agentcore и сколько оперативной памяти", ["3.11"], "оперативн"),
    (
        P,
        "за сколько подать заявку на работу из-за границы и компенсируют ли билеты туда",
        ["10 рабочих дней"],
        "билет",
    ),
    (P, "как называется гостевой вайфай и какая у него скорость", ["Romashka-Guest"], "скорост"),
    (P, "сколько дней на возмещение расходов и возмещают ли чаевые в ресторане", ["30 календарных дней"], "чаев"),
    # unanswerable, worded close to a real rule
    (U, "как зовут руководителя отдела информационной безопасности", [], None),
    (U, "сколько дополнительных дней отпуска за стаж больше пяти лет", [], None),
    (U, "какую единовременную выплату компания даёт при рождении ребёнка", [], None),
    (U, "дают ли отгул после новогоднего корпоратива", [], None),
    (U, "как вступить в профсоюз", [], None),
    (U, "какая температура должна быть в серверной", [], None),
    (U, "платный ли новый пропуск если потерял старый", [], None),
    (U, "как часто проводят аудит безопасности серверов", [], None),
    (U, "какая скорость интернета в офисе", [], None),
    (U, "сколько доплачивают за ночную смену в техподдержке", [], None),
    (U, "помогает ли компания получить шенгенскую визу", [], None),
    (U, "кто у нас agile-коуч", [], None),
]


def main() -> None:
    rows = [
        {
            "id": f"k{number:03d}",
            "split": "holdout2",
            "category": category,
            "question": question,
            "key_facts": facts,
            "missing": missing,
        }
        for number, (category, question, facts, missing) in enumerate(ROWS, start=1)
    ]
    path = Path(__file__).with_name("answer_eval_holdout2.json")
    path.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} rows -> {path}")


if __name__ == "__main__":
    main()
