"""Parts asking a value, read in the forms people ask them and the documents give them (issue 18, branch ``ry``):
a yes/no asked of an amount's noun, a frequency given as a count per period, and the composer's choice of the
sentence that names a yes/no's subject."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag import question_parts
from agentcore.rag.models import Hit

# --- a yes/no asked of a thing named by an amount's noun --------------------------------------------------------


def test_an_amounts_noun_asked_with_a_modal_and_no_question_word_is_a_yes_no() -> None:
    question = "суточные надо подтверждать чеками?"
    assert [p.asks for p in question_parts(question)] == ["yesno"]
    heading = "Командировки — Что оплачивает компания"
    # read as an amount, a sentence with no figure supplied nothing
    assert answers(question, "Суточные выплачиваются авансом и не требуют подтверждения чеками.", heading)
    # a stated act asks a yes/no too; a question word keeps the amount asked
    assert [p.asks for p in question_parts("бюджет на обучение сгорает в конце года?")] == ["yesno"]
    assert [p.asks for p in question_parts("какой бюджет на обучение")] == ["number"]
    assert [p.asks for p in question_parts("лимит на такси какой?")] == ["number"]
    assert [p.asks for p in question_parts("стоимость дмс для мамы")] == ["number"]


# --- a frequency given as a count per period ------------------------------------------------------------------


def test_a_count_per_period_answers_how_many_times_in_that_period() -> None:
    heading = "Больничный — Дни здоровья"
    question = "день здоровья сколько раз в году можно взять"
    assert answers(question, "В году доступно 3 оплачиваемых дня здоровья.", heading)
    # an amount of money per period counts no times
    assert not answers("сколько раз в году можно взять день здоровья", "Бюджет — 40 000 ₽ в год.", heading)


def test_once_in_a_week_in_the_genitive_is_a_frequency() -> None:
    heading = "Онбординг — Наставник"
    question = "сколько раз в неделю встречаться с наставником"
    assert answers(question, "Встречи с наставником — не реже раза в неделю.", heading)


# --- the composer: the sentence naming a yes/no's subject ------------------------------------------------------


def test_the_sentence_naming_a_yes_nos_subject_is_supplied_beside_one_that_shares_as_many_words() -> None:
    from agentcore.rag.answer import Excerpt, _units, supplying_excerpts

    covered = "Стоматология: лечение, удаление, гигиена раз в год. Протезирование и имплантация не входят."
    excluded = "Не покрываются косметология, пластическая хирургия и протезирование зубов."
    hits = [
        Hit(id="a", doc_id="d", title="ДМС — Что входит в программу", text=excluded, score=1.0, source="d.md", rank=1),
        Hit(id="b", doc_id="d", title="ДМС — Что входит в программу", text=covered, score=0.9, source="d.md", rank=2),
    ]
    quoted = [Excerpt(_units(excluded)[0], hits[0])]
    added = supplying_excerpts("имплантацию зубов дмс покрывает?", hits, quoted)
    assert "Протезирование и имплантация не входят." in [e.unit.text for e in added]
    # a question about what the quoted sentence names keeps it alone
    assert supplying_excerpts("косметологию дмс покрывает?", hits, quoted) == []


# --- a threshold a yes/no's figure is compared with ---------------------------------------------------------


def test_a_yes_nos_figure_is_compared_with_the_threshold_after_which_a_rule_holds() -> None:
    heading = "Отпуск — Первый отпуск"
    sentence = "Право на первый отпуск появляется через 6 месяцев работы."
    assert answers("я работаю 4 месяца, мне уже дают отпуск?", sentence, heading)
    # the figure of another measure is not compared with it
    assert not answers("я работаю 4 часа в день, мне дают отпуск?", sentence, heading)


# --- a superlative asks the extreme; a price asked with «во сколько» ------------------------------------------


def test_a_superlative_is_the_slot_of_a_count_or_a_time_not_a_subject() -> None:
    assert [p.terms for p in question_parts("самая большая переговорка на сколько мест")] == [("переговорок", "место")]
    # the verb of the period's phase («начать») is a time part's slot too (branch qk)
    assert [p.terms for p in question_parts("самое позднее во сколько можно начать рабочий день")] == [
        ("рабочий", "день")
    ]
    heading = "График работы — Гибкое начало дня"
    sentence = "Начало рабочего дня гибкое: можно начать работу в любое время с 8:00 до 11:00."
    assert answers("самое позднее во сколько можно начать рабочий день", sentence, heading)


def test_vo_skolko_oboydetsya_asks_a_price_not_a_time() -> None:
    assert [p.asks for p in question_parts("сыну оформить дмс во сколько обойдется")] == ["number"]
    assert [p.asks for p in question_parts("во сколько начинается стендап")] == ["time"]


def test_the_plural_and_the_past_of_stoit_ask_a_price() -> None:
    # pymorphy3 reads «стоят» first as «стоять»: the price went unread, and «стоять» stayed a term no sentence holds
    from agentcore.rag._focus.measures import measure_asked

    assert measure_asked("сколько стоят внутренние курсы") == ("money", "")
    assert measure_asked("сколько стоил курс в прошлом году") == ("money", "")
    assert [p.terms for p in question_parts("сколько стоят внутренние курсы")] == [("внутренний", "курс")]
    heading = "Обучение — Внутренняя платформа"
    assert answers("сколько стоят внутренние курсы", "Внутренние курсы бесплатны и не расходуют бюджет.", heading)


# --- a sentence with no subject of its own takes the person named before --------------------------------------


def test_a_sentence_opening_with_its_verb_supplies_the_person_the_sentence_before_names() -> None:
    from tests.rag.focus_probe import far_embed

    from agentcore.rag import check_focus

    heading = "Выпуск релизов — Роли"
    first = "Релиз-менеджер назначается на каждый спринт по очереди из тимлидов."
    second = "Собирает список изменений, проверяет готовность, принимает решение о выпуске и об откате."
    passages = [f"{heading}\n{first} {second}"]
    asked = "кто решает откатывать ли релиз"
    assert not check_focus(asked, [first, second], passages, headings=[heading], embed=far_embed).decline
    # a sentence with a subject of its own does not borrow the person before it
    other = "Решение об откате принимается быстро: сначала откатываем, потом разбираемся."
    passages = [f"{heading}\n{first} {other}"]
    assert check_focus(asked, [first, other], passages, headings=[heading], embed=far_embed).decline


def test_a_sentence_opening_with_byt_does_not_continue_the_subject_before() -> None:
    from agentcore.rag._focus.value_rules import continues_the_subject

    assert continues_the_subject("Собирает список изменений и принимает решение об откате.")
    # a passive with «был», whose subject follows, takes no person from the sentence before
    assert not continues_the_subject("Был введён новый регламент согласования релизов.")
    assert not continues_the_subject("Были обновлены правила дежурств.")
