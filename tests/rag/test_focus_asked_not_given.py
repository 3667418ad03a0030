"""Right-looking sentences that do not give what a part asks (issue 18, branch ``wr42``): a value another predicate
of the sentence owns, the procedure of a neighbouring section, a rule shown for a reason, a person doing another
act, a thing asked as a doer shown as an object, and the order of a procedure quoted as one sentence."""

from __future__ import annotations

from tests.rag.focus_probe import answers, far_embed

from agentcore.rag import check_focus, question_parts
from agentcore.rag._focus.measures import measure_asked
from agentcore.rag.answer import select_excerpts
from agentcore.rag.models import Hit

# --- a lasting said by another predicate of the sentence -----------------------------------------------------------

MEETINGS = "Встречи команды"


def test_a_span_of_a_relative_clause_with_its_own_subject_is_no_lasting_of_the_noun() -> None:
    # «на которой они … планируют работу на ближайшие сутки»: the span of the planning, not the meeting's length
    planned = (
        "Планёрка — короткая ежедневная встреча разработчиков, на которой они сверяют прогресс и планируют работу на "
        "ближайшие сутки."
    )
    assert not answers("сколько длится планёрка", planned, MEETINGS)
    assert not answers("сколько по времени длится планёрка", planned, MEETINGS)
    # the noun's own lasting is still read around a relative clause
    for sentence in (
        "Планёрка — короткая встреча, которая длится 15 минут.",  # «которая» is the clause's subject
        "Планёрка — встреча, на которой разработчики планируют работу, длится 15 минут.",  # the span outside it
        "Обзор — встреча, на которой планёрка длится 10 минут.",  # the clause names the thing as the owner
        "Планёрка длится 15 минут.",
    ):
        assert answers("сколько по времени длится планёрка", sentence, MEETINGS), sentence


def test_how_long_by_time_asks_a_lasting() -> None:
    # «по времени» between «сколько» and the verb: the lasting is asked, and its owner is then judged
    assert measure_asked("сколько по времени длится планёрка") == ("lasting", "")
    assert measure_asked("планерка скока по времени идёт") == ("lasting", "")
    assert measure_asked("сколько человек идёт на обучение") == ("people", "человек")


# --- the procedure of a neighbouring section of the same document --------------------------------------------------

FIRST_DAY = "Больничный и дни здоровья — Что сделать в первый день болезни"
HEALTH_DAYS = "Больничный и дни здоровья — Дни здоровья"
FIRST_DAY_STEPS = ["Оформите больничный через врача.", "До 11:00 сообщите руководителю, что заболели."]
HEALTH_DAY_TEXT = "Оформите его в портале в тот же день до 12:00 и предупредите руководителя."


def _section_check(question: str, shown: list[str], heading: str) -> tuple[bool, ...]:
    headings = [heading] * len(shown)
    passages = [f"{FIRST_DAY}\n" + " ".join(FIRST_DAY_STEPS), f"{HEALTH_DAYS}\n{HEALTH_DAY_TEXT}"]
    return check_focus(question, shown, passages, headings=headings, shown_headings=headings, embed=far_embed).answered


def test_a_section_about_another_day_does_not_answer_the_day_asked_by_its_documents_title() -> None:
    # «день здоровья» is only in the document's title; the section's own title is about «день болезни»
    assert _section_check("как оформить день здоровья", FIRST_DAY_STEPS, FIRST_DAY) == (False,)
    # the section on health days answers it (its title holds the phrase; «в тот же день» heads no other phrase)
    assert _section_check("как оформить день здоровья", [HEALTH_DAY_TEXT], HEALTH_DAYS) == (True,)
    # and the sick leave's own steps still answer the sick leave
    assert _section_check("как оформить больничный в первый день болезни", FIRST_DAY_STEPS, FIRST_DAY) == (True,)


# --- a part asking why, answered by the rule -----------------------------------------------------------------------

ABROAD = "Удалённая работа — Работа из другой страны"


def test_a_cue_the_question_holds_itself_gives_no_reason() -> None:
    rule = "Работать из-за границы можно не более 30 календарных дней в году."
    # «из-за границы» is where one works from, in the question and in the rule alike
    assert not answers("почему нельзя больше 30 дней работать из-за границы", rule, ABROAD)
    # a cause given beside the question's own words is a reason
    because = "Работать из-за границы можно не более 30 дней: ограничение связано с налоговым резидентством."
    assert answers("почему нельзя больше 30 дней работать из-за границы", because, ABROAD)
    assert answers("почему нельзя больше 30 дней работать из-за границы", f"{rule[:-1]} из-за налогов.", ABROAD)


# --- a person doing another act --------------------------------------------------------------------------------------

REVIEW = "Обзор спринта — Кто участвует"


def test_who_is_answered_by_a_sentence_stating_the_act_asked() -> None:
    shows = "Обзор спринта — встреча в конце спринта, на которой скрам-команда показывает заказчикам результат."
    assert not answers("кто зовёт заказчиков на обзор в конце спринта", shows, REVIEW)
    calls = "Заказчиков на обзор в конце спринта зовёт владелец продукта."
    assert answers("кто зовёт заказчиков на обзор в конце спринта", calls, REVIEW)
    # the act named by the section's own title answers with the sentence naming the person
    assert answers("кто проводит ретроспективу спринта", "Скрам-мастер.", "Ретроспектива спринта — Кто проводит")


def test_naming_verb_is_a_subject_term_outside_how_is_called() -> None:
    (who,) = question_parts("кто зовёт заказчиков на демо")
    assert who.asks == "person" and "звать" in who.terms
    (name,) = question_parts("как зовут директора")
    assert name.asks == "name" and name.terms == ("директор",)


def test_when_after_a_question_word_opens_the_askers_situation() -> None:
    for question, asks in (
        ("кто проверяет чек когда подаю на возмещение", "person"),
        ("что делать, когда заболел", "procedure"),
        ("можно ли работать, когда болеешь", "yesno"),
        ("куда писать, когда сломался ноутбук", "service"),
        ("когда придёт зарплата", "time"),  # «когда» the question word
        ("отпускные когда приходят", "time"),
    ):
        (part,) = question_parts(question)
        assert part.asks == asks, question
    receipt = "Возмещение расходов — Как подать на возмещение"
    # a time of the asker's situation is no person who checks
    days = "В течение 30 календарных дней с даты покупки подайте заявку и приложите фото чека."
    assert not answers("кто проверяет чек когда подаю на возмещение", days, receipt)
    assert answers("кто проверяет чек когда подаю на возмещение", "Бухгалтерия проверяет чек.", receipt)


def test_a_two_letter_chat_abbreviation_the_lexicon_spells_out_is_a_subject_term() -> None:
    (part,) = question_parts("когда остальная часть зп")
    assert "зп" in part.terms
    # a date of some part of something else does not answer it
    assert not answers("когда остальная часть зп", "Остальная часть отпуска переносится на 1 марта.", "Отпуск")


# --- a thing asked as a doer, shown as an object ----------------------------------------------------------------------

PASSWORDS = "Доступы и пароли — Двухфакторная аутентификация"


def test_a_yesno_about_what_a_thing_does_is_not_answered_by_a_sentence_where_it_is_the_object() -> None:
    asked = "техподдержка может попросить код 2fa?"
    assert not answers(asked, "Если вы сменили телефон, попросите техподдержку перепривязать код 2FA.", PASSWORDS)
    assert answers(asked, "Техподдержка никогда не просит сообщить пароль или код 2FA.", PASSWORDS)
    # the doer of a passive, in the instrumental
    assert answers(asked, "Код 2FA может быть запрошен техподдержкой только при смене телефона.", PASSWORDS)


# --- the order of a procedure stated in prose -------------------------------------------------------------------------

_HOTFIX = (
    "Срочное исправление выпускается вне графика в любой рабочий день до 17:00. Ветка hotfix создаётся от тега "
    "текущей версии, для слияния достаточно одного одобрения от тимлида. Версия увеличивает PATCH-номер. В пятницу "
    "hotfix выпускается только для инцидентов P1."
)


def _release_hits() -> list[Hit]:
    return [
        Hit(id="h", doc_id="r", title="Выпуск релизов — Hotfix", text=_HOTFIX, score=1.0, source="r.md", rank=1),
    ]


def test_the_order_asked_of_a_procedure_stated_in_prose_quotes_its_paragraph() -> None:
    quoted = " ".join(e.text for e in select_excerpts("как выпустить срочный хотфикс, какой порядок", _release_hits()))
    for fact in ("до 17:00", "от тега текущей версии", "одного одобрения от тимлида", "PATCH"):
        assert fact in quoted, fact
    # asked without its order, the procedure keeps its best sentence
    quoted_alone = [e.text for e in select_excerpts("как выпустить срочный хотфикс", _release_hits())]
    assert not any("PATCH" in text for text in quoted_alone)


def test_a_later_passages_steps_under_a_lead_naming_nothing_asked_are_another_procedure() -> None:
    hits = [
        Hit(
            id="d",
            doc_id="dms",
            title="ДМС — Как воспользоваться",
            text="Электронная карта ДМС находится в приложении страховой. Записаться к врачу можно через приложение "
            "или по круглосуточному телефону пульта.",
            score=1.0,
            source="dms.md",
            rank=1,
        ),
        Hit(
            id="s",
            doc_id="sick",
            title="Больничный — Что сделать в первый день болезни",
            text="1. До 11:00 сообщите руководителю, что заболели.\n2. Напишите в HR.\n3. Обратитесь к врачу по ДМС и "
            "попросите открыть ЭЛН.\n4. Передайте срочные задачи коллеге.",
            score=0.9,
            source="sick.md",
            rank=2,
        ),
    ]
    quoted = " ".join(e.text for e in select_excerpts("как попасть к врачу по дмс", hits))
    assert "Электронная карта ДМС" in quoted and "сообщите руководителю" not in quoted


# --- a unit of time in its «еже-» adjective ---------------------------------------------------------------------------


def test_a_unit_of_time_is_held_by_its_every_adjective() -> None:
    # «в год» / «ежегодный»: the yearly leave answers how many days a year
    annual = "В компании ежегодный оплачиваемый отпуск составляет 28 календарных дней."
    assert answers("сколько дней отпуска в год", annual, "Отпуск: правила и оформление")
    assert answers("сколько раз в неделю встреча", "Встреча еженедельная, по вторникам; раз в неделю.", "Встречи")


def test_the_company_in_the_nominative_is_who_pays_and_a_business_trip_is_no_team() -> None:
    conference = "Корпоративное обучение — Конференции"
    pays = "Если вы выступаете с докладом на конференции, компания оплачивает проезд и проживание."
    assert answers("кто платит за дорогу на конференцию", pays, conference)
    assert not answers(
        "кто платит за дорогу на конференцию", "Дорога на конференцию оформляется как командировка.", conference
    )
