"""Writes tests/data/answer_eval_holdout3.json: a fifth held-out split of the answer-level evaluation (issue 18).

Written on 2026-11-26 (branch ``trustdata``) by a helper whose only job was this data: it read the shipped
knowledge base's documents (``src/agentcore/rag/kb/default/*.md``) and never ran the system on any of it, so no rule
was tuned on it.  Every key fact is checked against the documents by ``tests/data/test_answer_eval_data.py``; every
unanswerable question was grepped for its key words across all documents.  It is evaluated at most once per pass,
totals only.

It leans on what the earlier splits hardly touch: the agentcore product documents (error codes, GigaChat, the
OpenAI-compatible provider, haiku, chat limits, RAG), the Scrum and Kanban documents beyond the calendar (burndown,
epics, artefacts, escalation of blockers, lead time), and HR details the earlier splits skip (conference talks,
paperwork after unpaid leave, reopening a ticket, on-call swaps, releases).  Questions are typed as a new user of a
help-desk would: slang («агенткор», «демо», «испыталка», «двухфакторка», «саппорт»), typos («переговрке»,
«прошол», «сколко»), yes/no questions, «какой X», procedures («что делать, если…», «как…» — key facts are the
essential steps) and numbers.  Partial questions ask a second thing no document answers (``missing`` names it);
unanswerable questions sit next to a real rule (same topic, another detail), so that an answer taken from the
nearby sentence is a hallucination.

Row format as in ``make_answer_eval.py``: (category, question, key facts, missing part); a key fact is a string
(alternatives separated by «|») a correct answer must contain.
"""

import json
from pathlib import Path

A, P, U = "answerable", "partial", "unanswerable"
ROWS = [
    # agentcore product documents
    (A, "вылезла ошибка ERR-101 в агенткоре, что делать", ["offline", "gigachat", "openai"], None),
    (A, "скока живет токен гигачата", ["30 минут"], None),
    (A, "какой адрес апи прописать для олламы", ["11434"], None),
    (
        A,
        "ассистент пишет что вопрос слишком длинный — какой там лимит и как его увеличить",
        ["30 символов", "AGENTCORE_PARAM_QUESTION_MAXLEN"],
        None,
    ),
    (A, "как выйти из чата agentcore", ["/exit|выход"], None),
    (A, "по какой схеме слогов пишется хайку", ["5–7–5"], None),
    (A, "какое k у RRF по дефолту в поиске", ["k = 60"], None),
    (A, "агенткор на винде пойдет?", ["WSL2"], None),
    (A, "скок места на диске надо под agentcore", ["500 МБ"], None),
    (A, "что делать при ошибке ERR-115", ["зависший процесс"], None),
    (A, "сколько раз agentcore перезапрашивает модель если сбой", ["3 раз|3 повторов|3 попыток"], None),
    (A, "офлайн режим агенткора это нейронка?", ["языковой моделью|языковая модель"], None),
    (A, "как проверить находит ли база знаний мой документ", ["agentcore rag search"], None),
    # Scrum and Kanban
    (A, "бёрндаун стоит ровной полкой несколько дней — это что значит", ["не закрываются"], None),
    (A, "сколько сторипоинтов обычно закрывают наши команды за спринт", ["от 30 до 45"], None),
    (A, "эпик это что", ["не помещается в один спринт"], None),
    (A, "блокер не снимают уже 2 дня, кому его эскалируют", ["владельцу продукта"], None),
    (A, "во сколько демо в конце спринта", ["15:00"], None),
    (A, "может ли продакт быть одновременно скрам мастером", ["не рекомендуется"], None),
    (A, "в покере планирования карта с вопросом что значит", ["не хватает информации"], None),
    (A, "история сделана на 90%, её поинты идут в велосити?", ["не засчитываются|не идёт"], None),
    (A, "какие артефакты есть в скраме", ["бэклог продукта", "бэклог спринта", "инкремент"], None),
    (A, "в канбане как проходит ежедневная встреча", ["справа налево"], None),
    # HR, office, IT
    (A, "как оформить внешний курс за счёт компании", ["3 недели", "бухгалтерия"], None),
    (A, "суточные за дни дороги туда и обратно платят?", ["включая дни отъезда и приезда"], None),
    (A, "можно самому купить билеты в командировку, а потом вернут деньги?", ["исключительных случаях"], None),
    (A, "график отпусков уже утвердили, можно ли сдвинуть даты", ["перенести по договорённости"], None),
    (
        A,
        "взял отгул за свой счёт на свадьбу, до когда нести свидетельство в hr",
        ["в течение недели"],
        None,
    ),
    (A, "нужна ли бумажная справка из поликлиники после болезни", ["больше не нужны"], None),
    (A, "сколко дней болезни в году компания доплачивает до полной зп", ["первые 10 рабочих дней"], None),
    (A, "живу в балашихе, врач на дом по дмс приедет?", ["30 км от МКАД"], None),
    (A, "где взять ключ от шкафчика в офисе", ["офис-менеджер"], None),
    (A, "в какой переговрке есть проектор", ["«Ромашка»"], None),
    (
        A,
        "заявку закрыли как решённую а проблема вернулась, что делать",
        ["5 рабочих дней", "ответьте на письмо"],
        None,
    ),
    (A, "за сколько решают обычную заявку в саппорте", ["3 рабочих дня"], None),
    (A, "сменил телефон, двухфакторка слетит?", ["перепривязать 2FA"], None),
    (A, "кто решает откатывать релиз или нет", ["релиз-менеджер"], None),
    (A, "хотфикс до скольки можно выкатить", ["17:00"], None),
    (A, "за сколько надо провести постмортем после инцидента P1", ["3 рабочих дней"], None),
    (A, "как поменяться дежурством с коллегой", ["2 рабочих дня", "Confluence"], None),
    (A, "как называется бот куда приходят алерты дежурному", ["Дежурка"], None),
    (A, "испыталку прошол, что мне теперь положено", ["ДМС", "удалённый"], None),
    (A, "что взять с собой в первый рабочий день", ["паспорт", "СНИЛС"], None),
    # partial: one part answered, the other in no document
    (
        P,
        "какая модель гигачата стоит по умолчанию в agentcore и какой у неё размер контекста",
        ["GigaChat-2-Max"],
        "контекст",
    ),
    (P, "резервный профиль впн на каком порту и можно ли подключаться через роутер", ["443"], "роутер"),
    (P, "во сколько ретро и кто ведёт протокол", ["16:30"], "протокол"),
    (P, "Одуванчик на сколько человек и есть ли там розетки", ["1–2 человека"], "розетк"),
    (P, "сколько длится груминг и кто записывает итоги", ["1 час"], "записывает"),
    (
        P,
        "как часто в среднем выпадает дежурство и дают ли на дежурство служебную машину",
        ["6–8 недель"],
        "машин",
    ),
    (P, "за сколько до отпуска приходят отпускные и можно ли получить их наличкой", ["3 рабочих дня"], "наличк"),
    (P, "во сколько выкатывают релиз и кто пишет тест-план регресса", ["11:00 до 15:00"], "тест-план"),
    (
        P,
        "на какую почту писать в саппорт и сколько стоит выезд инженера домой",
        ["help@romashka-soft.ru"],
        "выезд",
    ),
    (
        P,
        "сколько раз в неделю английский и какой уровень нужен чтобы попасть в группу",
        ["дважды в неделю"],
        "уровень",
    ),
    (P, "что такое cycle time и какое у нас целевое значение", ["от начала работы"], "целев"),
    (
        P,
        "на каком порту vllm по умолчанию и сколько нужно видеопамяти",
        ["8000"],
        "видеопамят",
    ),
    # unanswerable, worded close to a real rule
    (U, "какой максимальный размер вложения к заявке в техподдержку", [], None),
    (U, "сколько дней скрам-бот хранит историю блокеров", [], None),
    (U, "сколько доп дней отпуска дают за ненормированный рабочий день", [], None),
    (U, "компенсирует ли компания очки для работы за компьютером", [], None),
    (U, "сколько раз можно продлить доступ к продуктивным серверам", [], None),
    (U, "сколько сторипоинтов обычно в одной подзадаче", [], None),
    (U, "в какой день недели ретро у канбан-команд", [], None),
    (U, "какой лимит на такси в командировке в рублях", [], None),
    (U, "сколько часов переработки в месяц максимум разрешено", [], None),
    (U, "какой максимальный размер файла можно проиндексировать в agentcore", [], None),
    (U, "сколько стоит лицензия agentcore для компании", [], None),
    (U, "какая минимальная версия macOS нужна для agentcore", [], None),
    (U, "какой штраф за опоздание на дейли", [], None),
    (U, "сколько раз в год можно менять карту для зарплаты", [], None),
    (U, "какой процент от оклада составляет квартальная премия", [], None),
    (U, "сколько оперативки в thinkpad t14 для разработчиков", [], None),
    (U, "сколько раз в год можно лечить зубы по дмс", [], None),
    (U, "сколько стоит сертификация PSM I", [], None),
]


def main() -> None:
    rows = [
        {
            "id": f"m{number:03d}",
            "split": "holdout3",
            "category": category,
            "question": question,
            "key_facts": facts,
            "missing": missing,
        }
        for number, (category, question, facts, missing) in enumerate(ROWS, start=1)
    ]
    path = Path(__file__).with_name("answer_eval_holdout3.json")
    path.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} rows -> {path}")


if __name__ == "__main__":
    main()
