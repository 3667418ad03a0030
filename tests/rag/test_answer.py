from __future__ import annotations

from agentcore.rag._analysis import get_analyzer
from agentcore.rag.answer import NO_ANSWER, _instructs, answer_messages, decline, extractive_answer
from agentcore.rag.models import Hit

HITS = [
    Hit(
        id="vacation#0",
        doc_id="vacation",
        title="Отпуск",
        text="Отпуск можно делить на части. Ежегодный отпуск составляет 28 календарных дней. Погода хорошая.",
        score=1.0,
        source="s",
        rank=1,
    ),
    Hit(
        id="vacation#1",
        doc_id="vacation",
        title="Отпуск — Оформление",
        text="Заявление на отпуск подают за две недели.",
        score=0.5,
        source="s",
        rank=2,
    ),
]


def test_extractive_answer_quotes_best_sentences_with_titles() -> None:
    answer = extractive_answer("Сколько календарных дней составляет ежегодный отпуск?", HITS, max_sentences=1)
    assert answer == "Ежегодный отпуск составляет 28 календарных дней. (Источники: Отпуск)"


def test_extractive_answer_keeps_reading_order_and_all_titles() -> None:
    answer = extractive_answer("отпуск заявление", HITS)
    assert "Погода" not in answer
    assert answer.index("делить") < answer.index("Заявление")
    assert answer.endswith("(Источники: Отпуск; Отпуск — Оформление)")


def test_no_common_word_quotes_the_start_of_the_top_passage() -> None:
    # Whether to answer at all is the searcher's decision (SearchResult.answerable); a passage it ranked first
    # without a shared word (a paraphrase matched by meaning) is quoted from its start.
    assert extractive_answer("можно ли отдохнуть", HITS).startswith("Отпуск можно делить на части.")
    assert extractive_answer("отпуск", []) == NO_ANSWER


def _hit(text: str, title: str = "Отпуск: правила — Как оформить отпуск", rank: int = 1) -> Hit:
    return Hit(id=f"v#{rank}", doc_id="v", title=title, text=text, score=1.0, source="s", rank=rank)


PROCEDURE = """1. Откройте «Ромашка.Портал» → «Отпуска» → «Новое заявление».
2. Выберите даты и тип отпуска.
3. Подайте заявление не позднее чем за 14 календарных дней до начала отпуска.
4. Заявление согласует **непосредственный руководитель**, затем HR.

Перенести отпуск можно, подав новое заявление."""


def test_procedure_keeps_every_step_on_its_own_line() -> None:
    answer = extractive_answer("Как оформить отпуск?", [_hit(PROCEDURE)])
    assert answer.splitlines() == [
        "Как оформить отпуск:",
        "1. Откройте «Ромашка.Портал» → «Отпуска» → «Новое заявление».",
        "2. Выберите даты и тип отпуска.",
        "3. Подайте заявление не позднее чем за 14 календарных дней до начала отпуска.",
        "4. Заявление согласует непосредственный руководитель, затем HR.",
        "(Источники: Отпуск: правила — Как оформить отпуск)",
    ]


def test_procedure_uses_the_lead_in_line() -> None:
    text = "Каждый участник отвечает на три вопроса:\n\n1. Что я сделал вчера?\n2. Что сделаю сегодня?\n3. Блокеры?"
    lines = extractive_answer("Как проходит дейли?", [_hit(text, "Дейли — Формат")]).splitlines()
    assert lines[0] == "Каждый участник отвечает на три вопроса:" and lines[3] == "3. Блокеры?"


def _doc_hit(doc_id: str, title: str, text: str, rank: int) -> Hit:
    return Hit(id=f"{doc_id}#{rank}", doc_id=doc_id, title=title, text=text, score=1.0, source="s", rank=rank)


SICK_LEAVE_STEPS = "1. Сообщите руководителю.\n2. Обратитесь к врачу и откройте больничный.\n3. Пришлите номер."


def test_procedure_answered_in_prose_by_the_top_passage_does_not_borrow_another_list() -> None:
    # «Как попасть к врачу по ДМС?»: the top passage answers in prose; the next passage's list (sick leave steps)
    # shares a word of the question, but not more than the top passage does.
    hits = [
        _doc_hit("dms", "ДМС — Как воспользоваться", "Записаться к врачу по ДМС можно через приложение.", 1),
        _doc_hit("sick", "Больничный — Первый день болезни", SICK_LEAVE_STEPS, 2),
    ]
    answer = extractive_answer("Как попасть к врачу по ДМС?", hits)
    assert answer == "Записаться к врачу по ДМС можно через приложение. (Источники: ДМС — Как воспользоваться)"
    # Same article, sibling section («Сброс пароля» vs «Требования к паролю»): still the top passage's prose.
    hits = [
        _doc_hit("pwd", "Пароли — Сброс пароля", "Забытый пароль можно сбросить на странице входа.", 1),
        _doc_hit("pwd", "Пароли — Требования к паролю", "- Пароль длиной от 12 символов.\n- Пароль меняется.", 2),
    ]
    assert extractive_answer("Как сбросить пароль?", hits).startswith("Забытый пароль можно сбросить")


def test_procedure_prefers_the_sentence_that_names_the_question_over_another_procedure() -> None:
    # «Как перенести отпуск?»: the passage holds the steps of applying for leave and the sentence about moving it.
    answer = extractive_answer("Как перенести отпуск?", [_hit(PROCEDURE)])
    assert answer == "Перенести отпуск можно, подав новое заявление. (Источники: Отпуск: правила — Как оформить отпуск)"


def test_procedure_announced_by_the_article_lead_is_quoted_from_its_section() -> None:
    hits = [
        _doc_hit("trip", "Командировки", "Командировка — поездка к клиенту. Ниже описано, как её оформить.", 1),
        _doc_hit("trip", "Командировки — Оформление", "1. Создайте заявку.\n2. Укажите даты.\n3. Ждите.", 2),
    ]
    lines = extractive_answer("Как оформить командировку?", hits).splitlines()
    assert lines[:4] == ["Оформление:", "1. Создайте заявку.", "2. Укажите даты.", "3. Ждите."]


def test_procedure_tie_goes_to_the_list_of_the_same_article() -> None:
    hits = [
        _doc_hit("rel", "Релизы — Когда релизить нельзя", "По пятницам релизы не выпускаются.", 1),
        _doc_hit("rel", "Релизы — Порядок выпуска", "1. Проверьте задачи.\n2. Поставьте тег.\n3. Опубликуйте.", 2),
    ]
    lines = extractive_answer("Как выпускается релиз?", hits).splitlines()
    assert lines[:4] == ["Порядок выпуска:", "1. Проверьте задачи.", "2. Поставьте тег.", "3. Опубликуйте."]


def test_a_bold_lead_in_brings_its_list() -> None:
    text = "**Для команды:**\n\n- обучает самоорганизации;\n- устраняет препятствия (блокеры)."
    answer = extractive_answer("Чем занимается скрам-мастер?", [_hit(text, "Скрам-мастер — Чем занимается")])
    lines = answer.splitlines()
    assert lines[:3] == ["Для команды:", "• обучает самоорганизации;", "• устраняет препятствия (блокеры)."]


def test_a_table_header_is_never_the_answer_alone() -> None:
    # The row answers; its header comes along only to name the columns.
    text = "| Переменная | По умолчанию |\n|---|---|\n| `QUESTION_MAXLEN` | `30` |\n| `THEME_MAXLEN` | `20` |"
    answer = extractive_answer("Значение QUESTION_MAXLEN по умолчанию", [_hit(text, "Настройки — Ассистент")])
    assert answer.splitlines()[:3] == ["| Переменная | По умолчанию |", "| --- | --- |", "| QUESTION_MAXLEN | 30 |"]
    assert "THEME_MAXLEN" not in answer


def test_definition_without_a_defining_sentence_quotes_the_section_its_heading_names() -> None:
    text = "Срочное исправление выпускается вне графика. Ветка hotfix создаётся от тега. По пятницам лишь для P1."
    answer = extractive_answer("Что такое hotfix?", [_hit(text, "Выпуск релизов — Hotfix")])
    assert answer.startswith("Срочное исправление выпускается вне графика. Ветка hotfix создаётся от тега.")


def test_definition_quotes_the_defining_sentence() -> None:
    hits = [
        _hit("Спринты идут один за другим. Спринт — это отрезок фиксированной длины. Цель есть всегда.", "Спринт"),
        _hit("По Scrum Guide спринт длится не больше месяца.", "Спринт — Длина спринта", 2),
    ]
    assert extractive_answer("Что такое спринт?", hits) == (
        "Спринт — это отрезок фиксированной длины. Цель есть всегда. (Источники: Спринт)"
    )


def test_bullets_and_table_rows() -> None:
    text = "- **Суточные.** 700 ₽ в день.\n- **Такси** до вокзала.\n\n| Имя | Знач |\n|---|---|\n| `TOPK` | `2` |"
    answer = extractive_answer("Сколько суточных?", [_hit(text, "Командировки — Расходы")])
    assert answer == "• Суточные. 700 ₽ в день. (Источники: Командировки — Расходы)"
    assert "TOPK | 2" in extractive_answer("Значение TOPK", [_hit(text, "Настройки")])


def test_decline_names_the_closest_sections() -> None:
    assert decline(HITS) == f"{NO_ANSWER} Ближе всего по теме: «Отпуск»; «Отпуск — Оформление»."
    assert decline([]) == NO_ANSWER == "В базе знаний нет ответа на этот вопрос."


def test_llm_prompt_is_russian_and_numbers_context() -> None:
    system, user = answer_messages("Сколько дней отпуска?", HITS)
    assert system["role"] == "system" and "только на основе" not in system["content"]
    assert "опираясь только на приведённые фрагменты" in system["content"]
    assert "[1] Отпуск\n" in user["content"] and "[2] Отпуск — Оформление" in user["content"]
    assert user["content"].endswith("Вопрос: Сколько дней отпуска?")


def test_a_first_passage_without_text_does_not_break_the_answer() -> None:
    from agentcore.rag.answer import extractive_answer
    from agentcore.rag.models import Hit

    hits = [
        Hit("a#0", "a", "Пусто", "..", 1.0, "a.md", 1, "hybrid"),
        Hit("b#0", "b", "Отпуск", "Отпуск длится 28 дней.", 0.5, "b.md", 2, "hybrid"),
    ]
    assert extractive_answer("Сколько длится отпуск?", hits).startswith("Отпуск длится 28 дней.")


def test_a_lead_in_in_bold_brings_its_list() -> None:
    # «**Для команды:**» is a lead-in too: quoting it without its list answered nothing.
    text = (
        "**Для команды:**\n\n- обучает самоорганизации;\n- устраняет препятствия.\n\n"
        "**Для организации:**\n\n- внедряет Scrum."
    )
    lines = extractive_answer("Чем занимается скрам-мастер?", [_hit(text, "Скрам-мастер — Обязанности")]).splitlines()
    assert lines[:3] == ["Для команды:", "• обучает самоорганизации;", "• устраняет препятствия."]


def test_a_procedure_answered_in_prose_is_not_replaced_by_another_sections_list() -> None:
    prose = "Забытый пароль можно сбросить самостоятельно на странице входа. Если 2FA недоступна, звоните 1111."
    rules = "- Пароль меняется каждые 90 дней.\n- Нельзя повторять 5 последних паролей."
    hits = [_hit(prose, "Пароли — Сброс пароля"), _hit(rules, "Пароли — Требования к паролю", 2)]
    answer = extractive_answer("Как сбросить пароль?", hits)
    assert answer.startswith("Забытый пароль можно сбросить самостоятельно на странице входа.")
    assert "90 дней" not in answer
    # ...nor by an enumeration in the same passage that says less about the question than its prose.
    rooms = (
        "В офисе две переговорные:\n\n- «Ромашка» — 12 мест;\n- «Лютик» — 4 места.\n\n"
        "Переговорку бронируют в календаре."
    )
    answer = extractive_answer("Как забронировать переговорку?", [_hit(rooms, "Офис — Переговорные")])
    assert answer.startswith("Переговорку бронируют в календаре.")
    # Steps still win: the whole list of the top passage.
    assert extractive_answer("Как оформить отпуск?", [_hit(PROCEDURE)]).startswith("Как оформить отпуск:\n1. ")


def test_a_table_row_comes_with_its_header_and_a_header_alone_is_no_answer() -> None:
    text = (
        "| Переменная | По умолчанию | Назначение |\n|---|---|---|\n| `EXIT_COMMANDS` | `/exit` | Команды выхода |\n"
        "| `QUESTION_MAXLEN` | `30` | Максимальная длина вопроса |"
    )
    answer = extractive_answer("Значение QUESTION_MAXLEN по умолчанию", [_hit(text, "Настройки")])
    # a Markdown table: the header row, the rule, the row (TABLES_AS_TABLES)
    assert answer.splitlines()[:3] == [
        "| Переменная | По умолчанию | Назначение |",
        "| --- | --- | --- |",
        "| QUESTION_MAXLEN | 30 | Максимальная длина вопроса |",
    ]


def test_a_sentence_that_refers_back_brings_the_one_before() -> None:
    text = (
        "Элементы бэклога должны быть оценены к планированию. Для этого команда проводит уточнение («груминг»). "
        "Уточнение длится час."
    )
    answer = extractive_answer("Что такое груминг?", [_hit(text, "Бэклог — Уточнение")])
    assert answer.startswith("Элементы бэклога должны быть оценены к планированию. Для этого команда проводит")


def test_a_quoted_message_is_quoted_whole() -> None:
    text = (
        "Если вопрос длиннее 30 символов, ассистент отвечает «Вопрос слишком длинный. Просьба сформулировать более "
        "кратко.». Тема для хайку ограничена 20 символами."
    )
    answer = extractive_answer("Что отвечает ассистент на длинный вопрос?", [_hit(text, "Чат — Ограничения")])
    assert answer.startswith(
        "Если вопрос длиннее 30 символов, ассистент отвечает «Вопрос слишком длинный. Просьба сформулировать более "
        "кратко.»."
    )


def test_a_procedure_in_prose_is_answered_with_its_instructions() -> None:
    from agentcore.rag.answer import extractive_answer
    from agentcore.rag.models import Hit

    text = (
        "Потеря ноутбука или телефона с рабочими данными — инцидент информационной безопасности. Сообщите о нём не "
        "позднее чем через 1 час: напишите на security@romashka-soft.ru и позвоните в техподдержку по номеру 1111. "
        "Устройство заблокируют и сотрут удалённо."
    )
    hit = Hit("laptops#3", "laptops", "Оборудование — Утеря или кража", text, 1.0, "", 1)
    answer = extractive_answer("украли ноутбук что делать", [hit])
    assert "Сообщите о нём не позднее чем через 1 час" in answer and "1111" in answer


def test_the_sentence_that_supplies_the_value_asked_for_is_added() -> None:
    # The first selection ranks by shared words: «такси» and «лимит» are in the first sentence, but the amount asked
    # for is only in the third.
    text = (
        "Лимит на такси согласует руководитель. Лимит на такси действует для поездок по работе. "
        "Лимит на такси не распространяется на личные поездки. Лимит на такси пересматривается ежегодно. "
        "Поездка на такси после 22:00 возмещается до 1500 ₽."
    )
    hits = [Hit("h1", "expenses", "Возмещение расходов — Такси", text, 1.0, "expenses.md", 1)]
    answer = extractive_answer("какой лимит на такси", hits)
    assert "1500" in answer


def test_a_numbered_item_quoted_out_of_its_list_loses_its_number() -> None:
    text = (
        "Каждому сотруднику доступно 40 000 ₽ в год на обучение.\n\n"
        "1. Выберите курс.\n2. Согласуйте его с руководителем.\n"
        "3. Подайте заявку на курс не позднее чем за 3 недели до начала.\n"
    )
    answer = extractive_answer("за сколько недель подать заявку на курс", [_hit(text, "Обучение — Как получить")])
    assert "Подайте заявку" in answer
    assert "3. Подайте" not in answer
    assert not any(line[:1].isdigit() for line in answer.splitlines())


def test_a_whole_procedure_keeps_its_step_numbers() -> None:
    answer = extractive_answer("Как оформить отпуск?", [_hit(PROCEDURE)])
    assert [line[:2] for line in answer.splitlines()[1:5]] == ["1.", "2.", "3.", "4."]


def test_a_question_that_only_tells_what_happened_is_answered_with_what_to_do() -> None:
    text = (
        "Потеря ноутбука или телефона с рабочими данными — инцидент информационной безопасности. "
        "Сообщите о нём не позднее чем через 1 час: напишите на security@romashka-soft.ru. "
        "Устройство заблокируют и сотрут удалённо."
    )
    answer = extractive_answer("потерял телефон с рабочей почтой", [_hit(text, "Оборудование — Утеря или кража")])
    assert "1 час" in answer


def test_the_general_rule_is_supplied_next_to_a_quoted_rule_for_a_case_the_question_does_not_name() -> None:
    from agentcore.rag.answer import Excerpt, _units, supplying_excerpts

    summer = (
        "Летом многие хотят отдыхать одновременно, поэтому в этот период можно уйти в отпуск не более чем на "
        "14 календарных дней подряд."
    )
    lead = "В компании ежегодный оплачиваемый отпуск составляет 28 календарных дней."
    hits = [
        Hit(id="s", doc_id="d", title="Отпуск — Летний период", text=summer, score=1.0, source="d.md", rank=1),
        Hit(id="l", doc_id="d", title="Отпуск", text=lead, score=0.9, source="d.md", rank=2),
    ]
    quoted = [Excerpt(_units(summer)[0], hits[0])]
    added = supplying_excerpts("сколько дней отпуска", hits, quoted)
    assert [e.unit.text for e in added] == [lead]
    # a question that names the case keeps the case's rule alone
    assert supplying_excerpts("сколько дней отпуска летом", hits, quoted) == []


def test_the_documents_opening_rule_is_supplied_next_to_a_rule_of_a_section_the_question_does_not_name() -> None:
    """«Сколько дней отпуска …» quoted «до 5 календарных дней отпуска без сохранения заработной платы» (its section,
    «Отпуск без сохранения зарплаты», names a case; no word of the sentence says so) and not the opening's 28 days."""
    from agentcore.rag.answer import Excerpt, _units, supplying_excerpts

    unpaid = (
        "По семейным обстоятельствам сотрудник может взять до 5 календарных дней отпуска без сохранения заработной "
        "платы."
    )
    lead = "В компании ежегодный оплачиваемый отпуск составляет 28 календарных дней."
    hits = [
        Hit(
            id="u",
            doc_id="d",
            title="Отпуск — Отпуск без сохранения зарплаты",
            text=unpaid,
            score=1.0,
            source="d.md",
            rank=1,
        ),
        Hit(id="l", doc_id="d", title="Отпуск", text=lead, score=0.9, source="d.md", rank=2),
    ]
    quoted = [Excerpt(_units(unpaid)[0], hits[0])]
    added = supplying_excerpts("сколько дней отпуска", hits, quoted)
    assert [e.unit.text for e in added] == [lead]
    # a question that names the section's case keeps that rule alone
    assert supplying_excerpts("сколько дней отпуска без сохранения зарплаты", hits, quoted) == []


def test_a_prose_procedure_keeps_what_happens_between_its_instructions() -> None:
    from agentcore.rag.answer import extractive_answer
    from agentcore.rag.models import Hit

    text = (
        "Если монитор сломался, создайте заявку в техподдержку или позвоните по номеру 1111. "
        "Подменный монитор выдаётся в тот же рабочий день. "
        "Не пытайтесь ремонтировать технику самостоятельно."
    )
    hit = Hit("hw#1", "hw", "Оборудование — Поломка", text, 1.0, "", 1)
    answer = extractive_answer("монитор сломался, что делать", [hit])
    assert "1111" in answer and "в тот же рабочий день" in answer
    # guard: a statement after the last instruction is no step of it
    tail = text + " Ремонт обычно занимает неделю."
    assert "неделю" not in extractive_answer(
        "монитор сломался, что делать", [Hit("hw#1", "hw", "Оборудование — Поломка", tail, 1.0, "", 1)]
    )


def test_an_infinitive_of_advice_is_an_instruction_of_a_prose_procedure() -> None:
    from agentcore.rag.answer import extractive_answer
    from agentcore.rag.models import Hit

    text = (
        "Серверы подписаны сертификатом удостоверяющего центра. "
        "Если корневой сертификат не установлен, запрос завершится ошибкой проверки SSL. "
        "Правильное решение — скачать корневой сертификат и указать путь к нему в CA_BUNDLE_FILE."
    )
    hit = Hit("llm#1", "llm", "Подключение модели — Сертификаты", text, 1.0, "", 1)
    answer = extractive_answer("вылезла ошибка ssl сертификата при подключении, как чинить", [hit])
    assert "CA_BUNDLE_FILE" in answer
    # guard: an infinitive with no word of advice is no instruction
    from agentcore.rag.answer import _instructs

    assert not _instructs("Цель сервиса — проверять сертификаты серверов.")


def test_a_comparison_quotes_a_sentence_on_each_side_compared() -> None:
    from agentcore.rag.answer import compared_sides, extractive_answer
    from agentcore.rag.models import Hit

    text = (
        "Не путайте Definition of Done с критериями приёмки. Критерии приёмки свои у каждой пользовательской "
        "истории и описывают, что должна делать функция. DoD одинаков для всех задач и описывает качество."
    )
    hit = Hit("dod#2", "dod", "Definition of Done — DoD и критерии приёмки", text, 1.0, "", 1)
    answer = extractive_answer("чем dod отличается от критериев приемки", [hit])
    assert "одинаков для всех задач" in answer and "свои у каждой" in answer
    assert compared_sides("в чём разница между lead time и cycle time?") == ["lead time", "cycle time"]
    # guard: a question comparing nothing quotes as before
    assert compared_sides("как оформить отпуск") == []


SICK_GENERAL = """1. До 11:00 сообщите руководителю, что заболели.
2. Обратитесь к врачу и попросите открыть электронный листок нетрудоспособности (ЭЛН).
3. Передайте срочные задачи коллеге."""
SICK_CHILD = (
    "Больничный по уходу за заболевшим ребёнком оформляется так же, через ЭЛН. Руководителя предупреждайте в тот же "
    "день."
)


def _sick_hits() -> list[Hit]:
    return [
        Hit("sick#6", "sick", "Больничный — Больничный по уходу за ребёнком", SICK_CHILD, 1.0, "sick.md", 1),
        Hit("sick#1", "sick", "Больничный — Что сделать в первый день болезни", SICK_GENERAL, 0.9, "sick.md", 2),
    ]


def test_a_special_case_the_question_does_not_name_yields_the_lead_to_the_general_section() -> None:
    """Tryout 28 D1: «Как оформить больничный?» was answered from «Больничный по уходу за ребёнком» («оформляется так
    же…» — the general rule the user never sees), ranked first by its heading; the general procedure of the same
    document is what the question asks."""
    answer = extractive_answer("Как оформить больничный?", _sick_hits())
    assert answer.startswith("Что сделать в первый день болезни:\n1. До 11:00"), answer
    assert "3. Передайте срочные задачи" in answer and "ребёнком" not in answer
    # a question that names the case keeps the case's section first
    assert "ребёнком" in extractive_answer("Как оформить больничный по уходу за ребёнком?", _sick_hits())
    # the passages and their ranks stay as the searcher gave them: only the lead changes
    from agentcore.rag._sections import general_first

    hits = _sick_hits()
    assert [h.id for h in general_first("Как оформить больничный?", hits, get_analyzer())] == ["sick#1", "sick#6"]
    assert [h.rank for h in hits] == [1, 2]


def test_an_answer_quotes_no_neighbour_that_does_not_answer_the_question() -> None:
    """«Сколько дней ежегодного отпуска положено?» also showed the part-length rule of the same paragraph (no
    «ежегодного»), the application deadline of «Как оформить отпуск» and the unpaid-leave rule — sentences sharing
    «дней» and «отпуска» that answer other questions."""
    lead = (
        "В компании ежегодный оплачиваемый отпуск составляет 28 календарных дней. Отпуск можно делить на части, но "
        "одна из частей должна быть не короче 14 календарных дней подряд."
    )
    steps = "1. Выберите даты отпуска.\n2. Подайте заявление не позднее чем за 14 календарных дней до начала отпуска."
    unpaid = "По семейным обстоятельствам можно взять до 5 календарных дней отпуска без сохранения заработной платы."
    hits = [
        Hit("v#0", "v", "Отпуск", lead, 1.0, "v.md", 1),
        Hit("v#2", "v", "Отпуск — Как оформить отпуск", steps, 0.9, "v.md", 2),
    ]
    answer = extractive_answer("Сколько дней ежегодного отпуска положено?", hits)
    assert answer == "В компании ежегодный оплачиваемый отпуск составляет 28 календарных дней. (Источники: Отпуск)"
    hits[1] = Hit("v#5", "v", "Отпуск — Отпуск без сохранения зарплаты", unpaid, 0.9, "v.md", 2)
    answer = extractive_answer("Сколько дней отпуска положено?", hits)
    assert "28 календарных дней" in answer and "без сохранения" not in answer, answer
    # a section named after the company («… в «Ромашка Софт»») states the company's own rule, not a special case
    roles = "Скрам-мастер отвечает за эффективность скрам-команды."
    ours = "В компании один скрам-мастер работает с двумя командами."
    pair = [
        Hit("sm#0", "sm", "Скрам-мастер", roles, 1.0, "sm.md", 1),
        Hit("sm#4", "sm", "Скрам-мастер — Скрам-мастер в «Ромашка Софт»", ours, 0.9, "sm.md", 2),
    ]
    assert "двумя командами" in extractive_answer("на сколько команд у нас приходится один скрам-мастер", pair)
    # a sentence of another section that says more of the question stays («отпуск заявление» — both words)
    assert "Подайте заявление" in extractive_answer("отпуск заявление дней", [hits[0], _hit(steps, rank=2)])


def test_a_definition_of_another_thing_whose_name_holds_the_subject_is_no_answer() -> None:
    """«что такое скрам?» was answered with the Scrum master's definition: the article «Скрам-мастер» names «скрам»
    only inside the role's name, and no passage defines Scrum itself."""
    text = (
        "Скрам-мастер отвечает за эффективность скрам-команды: помогает команде понять теорию и практику Scrum. "
        "Это лидер, который служит команде."
    )
    hits = [Hit("sm#0", "sm", "Скрам-мастер", text, 1.0, "sm.md", 1)]
    assert extractive_answer("что такое скрам?", hits) == NO_ANSWER
    # the thing the article is about is still defined by it
    assert extractive_answer("что такое скрам-мастер?", hits).startswith("Скрам-мастер отвечает")
    # a compound whose head is the subject is a kind of it; one that holds only a word of the subject names where
    review = Hit("cr#0", "cr", "Код-ревью", "Каждый MR проходит ревью у двух коллег.", 1.0, "cr.md", 1)
    assert extractive_answer("что такое ревью", [review]).startswith("Каждый MR проходит ревью")
    assert extractive_answer("что значит nit в комменте на ревью", [review]) != NO_ANSWER
    # a sentence that defines the subject is quoted, whatever the heading
    defined = Hit("sm#1", "sm", "Скрам-мастер — Роли", "Скрам — это фреймворк для командной работы.", 0.9, "", 2)
    assert extractive_answer("что такое скрам?", [defined, hits[0]]).startswith("Скрам — это фреймворк")


def test_the_sentence_giving_the_value_asked_leads_and_padding_goes() -> None:
    """The best sentence was the one sharing most words with the question, not the one giving what it asks for: the
    time of «до скольки» stood after a remote-work rule on a line of its own, the count of «сколько команд» after the
    role's description, the person of «кто согласует» after a step that names no one.  Beside a value of the top
    passage, what gives no value asked and names nothing the value's sentence lacks is left out."""
    remote = (
        "Перейти на удалённую работу можно после испытательного срока. Для этого подайте заявление в портале в "
        "разделе «Формат работы»."
    )
    hits = [
        Hit("r#0", "r", "Удалённая работа", remote, 1.0, "r.md", 1),
        Hit("r#1", "r", "Удалённая работа — Из-за границы", "Работать оттуда можно до 30 дней в году.", 0.9, "", 2),
        Hit("w#0", "w", "Рабочее время", "Начало дня гибкое: приступить к работе можно с 8:00 до 11:00.", 0.8, "", 3),
    ]
    answer = extractive_answer("до скольки можно прийти на работу?", hits)
    assert answer.startswith("Начало дня гибкое: приступить к работе можно с 8:00 до 11:00."), answer
    ours = (
        "В компании один скрам-мастер работает с двумя командами. Скрам-мастер берёт блокеры в работу в течение "
        "1 рабочего дня."
    )
    pair = [
        Hit("sm#0", "sm", "Скрам-мастер", "Скрам-мастер отвечает за эффективность скрам-команды.", 1.0, "sm.md", 1),
        Hit("sm#4", "sm", "Скрам-мастер — Скрам-мастер в компании", ours, 0.9, "sm.md", 2),
    ]
    answer = extractive_answer("сколько команд ведёт один скрам-мастер", pair)
    assert answer.startswith("В компании один скрам-мастер работает с двумя командами."), answer
    steps = "Выберите даты и тип отпуска в портале.\nЗаявление согласует непосредственный руководитель, затем HR."
    answer = extractive_answer("кто согласует отпуск?", [Hit("v#1", "v", "Отпуск — Оформление", steps, 1.0, "", 1)])
    assert answer.startswith("Заявление согласует непосредственный руководитель"), answer
    assert "Выберите даты" not in answer, answer


def test_a_sentence_giving_a_value_asked_that_the_lead_lacks_is_no_padding() -> None:
    """«сколько длится ретро и во сколько» asks a length and a time; «Ретроспектива длится 1 час» holds every word
    the question names and a figure, yet no time of day — the sentence after it giving «в пятницу в 16:30» says
    fewer of the question's words and was dropped as padding (branch ``wr``)."""
    text = "Ретроспектива длится 1 час. Ретроспектива проходит в пятницу в 16:30."
    hits = [Hit("r#1", "r", "Ретроспектива — Когда", text, 1.0, "", 1)]
    answer = extractive_answer("сколько длится ретро и во сколько", hits)
    assert "16:30" in answer and "1 час" in answer, answer
    # a sentence whose «time» is only «в начале …» is still padding
    text = "Ретроспектива длится 1 час. В начале ретроспективы команда проверяет прошлые договорённости."
    hits = [Hit("r#1", "r", "Ретроспектива — Когда", text, 1.0, "", 1)]
    answer = extractive_answer("сколько длится ретро и во сколько", hits)
    assert "В начале" not in answer, answer


def test_a_step_whose_verb_reads_as_imperative_or_future_is_an_instruction() -> None:
    """«загрузите» is an imperative and a 2nd person plural future alike (pymorphy3 lists the future first): the step
    «Чтобы сменить реквизиты, загрузите новую справку …» was no instruction, and the prose procedure quoted only the
    sentence before it (branch ``wr``, dev6 g051, dev12 fd011)."""
    text = (
        "Зарплата перечисляется на карту любого российского банка по вашему выбору. Чтобы сменить реквизиты, "
        "загрузите новую справку с реквизитами в портал до 20-го числа."
    )
    hits = [Hit("p#3", "p", "Зарплата — Смена банковских реквизитов", text, 1.0, "", 1)]
    answer = extractive_answer("хочу получать зп на карту другого банка, что сделать", hits)
    assert "загрузите новую справку" in answer, answer
    # «вы» before it makes it the indicative: a statement, no step
    assert not _instructs("Завтра вы загрузите отчёт.")


def test_a_bulleted_list_of_rules_is_no_procedure() -> None:
    """A procedure question was answered with the first bulleted list of the top passage, though none of its items
    says what to do («Требования к паролю: • Длина не менее 12 символов …» for «забыл пароль, а телефона с
    двухфакторкой нет»); the steps are the instructions of the prose that follows (branch ``wr``, dev12 fd027)."""
    text = (
        "Требования к паролю:\n\n- Длина пароля не менее 12 символов.\n- Пароль меняется каждые 90 дней, "
        "напоминание приходит на телефон.\n\nЗабытый пароль можно сбросить по коду из 2FA. Если 2FA недоступна, "
        "позвоните в техподдержку по номеру 1111."
    )
    hits = [Hit("a#1", "a", "Доступы и пароли", text, 1.0, "", 1)]
    answer = extractive_answer("забыл пароль, а телефона с двухфакторкой нет", hits)
    assert "1111" in answer and "Длина не менее" not in answer, answer
    # a bulleted list of instructions is still quoted as the steps
    steps = "Что делать:\n\n- Сообщите руководителю до 11:00.\n- Отметьте статус «Болею» в портале."
    answer = extractive_answer("заболел что делать", [Hit("s#1", "s", "Больничный", steps, 1.0, "", 1)])
    assert "Сообщите руководителю" in answer and "Отметьте статус" in answer, answer


def test_the_sentence_after_the_value_that_refers_back_to_it_is_quoted() -> None:
    """«Такой отпуск оформляется в портале в день обращения» continues the family reasons' unpaid leave and gives its
    term; it shares few words with «за сколько дней подавать заявление на отпуск без сохранения зарплаты» and was
    never quoted, so the general rule of 14 days answered the special case (branch ``wr``, dev11 w021)."""
    unpaid = (
        "По семейным обстоятельствам сотрудник может взять до 5 календарных дней отпуска без сохранения заработной "
        "платы. Такой отпуск оформляется в портале в день обращения, документ передаётся в HR в течение недели."
    )
    steps = "Подайте заявление не позднее чем за 14 календарных дней до начала отпуска."
    hits = [
        Hit("v#5", "v", "Отпуск — Отпуск без сохранения зарплаты", unpaid, 1.0, "", 1),
        Hit("v#2", "v", "Отпуск — Как оформить отпуск", steps, 0.9, "", 2),
    ]
    answer = extractive_answer("за сколько дней подавать заявление на отпуск без сохранения зарплаты", hits)
    assert "в день обращения" in answer, answer


def test_a_limit_brings_the_sentence_after_it_that_says_how_to_exceed_it() -> None:
    # issue 18, branch ``fd``: «летом можно в отпуск больше чем на две недели?» is half answered by the limit alone
    text = (
        "Летом многие хотят отдыхать одновременно. В этот период можно уйти в отпуск не более чем на 14 календарных "
        "дней подряд. Более длинный летний отпуск согласуется с директором департамента. В одной команде в отпуске "
        "может быть не больше трети сотрудников."
    )
    answer = extractive_answer("летом можно в отпуск на 14 календарных дней подряд?", [_hit(text, "Отпуск — Лето")])
    assert "не более чем на 14 календарных дней подряд" in answer
    assert "Более длинный летний отпуск согласуется с директором департамента" in answer
    # the guards: a question weighing no figure of its own is not answered with the way past the limit, and a
    # sentence after a limit that does not speak of exceeding it is not brought along
    plain = extractive_answer("летом в отпуск можно уйти не более чем на сколько дней?", [_hit(text, "Отпуск — Лето")])
    assert "директором" not in plain
    other = "Сессия длится не более 2 часов. Переговорные бронируются в календаре. Кофе на кухне."
    assert "бронируются" not in extractive_answer("сессия длится не более 2 часов?", [_hit(other, "Офис")])


def test_a_ceiling_in_words_brings_the_sentence_after_it_that_says_how_to_exceed_it() -> None:
    # rv42: «в пределах» was a limit only before digits; «в пределах двух недель» is one, as «не более 14 дней» is
    text = (
        "Летом многие хотят отдыхать одновременно. В этот период отпуск можно взять в пределах двух недель подряд. "
        "Более длинный летний отпуск согласуется с директором департамента. Кофе на кухне."
    )
    answer = extractive_answer("летом можно в отпуск на 3 недели подряд?", [_hit(text, "Отпуск — Лето")])
    assert "в пределах двух недель" in answer
    assert "Более длинный летний отпуск согласуется с директором департамента" in answer


def test_a_prose_procedure_goes_on_with_what_becomes_of_the_request() -> None:
    # «как перейти на удалёнку»: who approves the application and in what time are part of the way, though no
    # instruction; the paragraph's next thing (the quarterly meetings) is not
    text = (
        "Перейти на полностью удалённый формат можно после окончания испытательного срока. "
        "Для этого подайте заявление в «Ромашка.Портал» → «Формат работы». "
        "Его согласуют непосредственный руководитель и директор департамента; решение принимается в течение 10 "
        "рабочих дней. Полностью удалённые сотрудники приезжают в офис на квартальные встречи команды."
    )
    hit = Hit("remote#1", "remote", "Удалённая работа — Полностью удалённая работа", text, 1.0, "", 1)
    answer = extractive_answer("как перейти на удаленку насовсем", [hit])
    assert "подайте заявление" in answer and "10 рабочих дней" in answer
    assert "квартальные встречи" not in answer


def test_a_prose_way_told_as_what_may_be_done_keeps_its_term() -> None:
    # «как получить 2-НДФЛ»: «можно заказать в портале» is the way, the next sentence on the same «справки» its term
    text = (
        "Справку о доходах (2-НДФЛ), справку с места работы и копию трудовой книжки можно заказать в портале в "
        "разделе «Справки». Справки готовятся в течение 3 рабочих дней, электронная версия с подписью приходит на "
        "почту."
    )
    hit = Hit("pay#4", "pay", "Зарплата и выплаты — Справки", text, 1.0, "", 1)
    answer = extractive_answer("как получить 2-ндфл", [hit])
    assert "«Справки»" in answer and "3 рабочих дней" in answer


def test_a_comparison_quotes_the_sentence_on_the_other_side_after_its_pair() -> None:
    # «ретро» is the documents' «ретроспектива» (a clipping): the contrast is written as a pair of sentences
    text = (
        "Обе встречи проходят в конце спринта, и их легко спутать. Обзор спринта отвечает на вопрос «что мы сделали "
        "и что делать дальше с продуктом» и проходит с внешними участниками. Ретроспектива отвечает на вопрос «как "
        "нам работать лучше» и проходит только внутри команды."
    )
    hit = Hit("review#5", "review", "Обзор спринта — Обзор и ретроспектива", text, 1.0, "", 1)
    answer = extractive_answer("в чем разница между обзором спринта и ретро", [hit])
    assert "с внешними участниками" in answer and "только внутри команды" in answer


def test_a_side_typed_in_cyrillic_is_found_in_its_latin_spelling() -> None:
    # «дод» is «DoD»: the sentence on that side is quoted beside the one on the acceptance criteria
    text = (
        "Не путайте Definition of Done с критериями приёмки. Критерии приёмки (acceptance criteria) свои у каждой "
        "пользовательской истории и описывают, что именно должна делать функция. DoD одинаков для всех задач и "
        "описывает качество: тесты, ревью, документация."
    )
    hit = Hit("dod#2", "dod", "Definition of Done — DoD и критерии приёмки", text, 1.0, "", 1)
    answer = extractive_answer("чем критерии приемки отличаются от дод", [hit])
    assert "свои у каждой пользовательской истории" in answer and "одинаков для всех задач" in answer


def test_an_articles_announcing_lead_yields_to_the_section_ranked_next() -> None:
    # «какие расходы не возвращают»: the lead announces what the article explains; its section tells it
    lead = (
        "Иногда сотрудникам приходится платить за что-то для работы из собственных денег: такси поздно вечером, обед "
        "с клиентом. Эта статья объясняет, какие расходы компания возмещает и как получить деньги обратно."
    )
    section = "Такси после 22:00 возмещается до 1500 ₽.\n\nНе возмещаются штрафы, алкоголь и расходы без чека."
    hits = [
        Hit("exp#0", "exp", "Возмещение расходов", lead, 1.0, "", 1),
        Hit("exp#1", "exp", "Возмещение расходов — Какие расходы возмещаются", section, 0.9, "", 2),
    ]
    answer = extractive_answer("какие расходы компания не возвращает", hits)
    assert "штрафы, алкоголь" in answer and "Иногда" not in answer
    # guard: a definition keeps the lead, which defines the article's subject
    defining = "Командировка — поездка по заданию компании за пределы Москвы. Ниже описано, как её оформить."
    hits = [
        Hit("trip#0", "trip", "Командировки", defining, 1.0, "", 1),
        Hit("trip#1", "trip", "Командировки — Оформление", "Создайте заявку в портале за 10 рабочих дней.", 0.9, "", 2),
    ]
    assert extractive_answer("что такое командировка", hits).startswith("Командировка — поездка")


def test_what_may_be_done_is_told_apart_from_an_instruction() -> None:
    """«можно» with an infinitive tells the way (a procedure's answer when its paragraph instructs nothing), no
    instruction itself (session cq: one reader each, no flag switching the one into the other)."""
    from agentcore.rag.answer import _permits

    sentence = "Справку о доходах можно заказать в портале в разделе «Справки»."
    assert _permits(sentence) and not _instructs(sentence)
    assert not _permits("Справку о доходах выдают в бухгалтерии.")
