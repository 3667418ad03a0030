"""Reading what a question asks — what a count counts, where a question's parts begin, a procedure asked after the
situation — and the context a list item is read in (issue 18, branch ``ask24``)."""

from __future__ import annotations

import numpy as np
import pytest
from tests.rag.focus_probe import answers, far_embed

from agentcore.rag import check_focus, question_parts
from agentcore.rag._focus.measures import measure_asked
from agentcore.rag._ranking import question_kind

# --- what a count counts -------------------------------------------------------------------------------------


def test_how_much_time_asks_a_span_not_a_count_of_the_word_time() -> None:
    # the retrospective's own length, as «сколько времени идёт ретроспектива» (rv42: a phrase between «сколько» and
    # the verb of lasting no longer hides the verb; before, it was read as any span)
    assert measure_asked("сколько по времени идёт ретроспектива") == ("lasting", "")
    assert measure_asked("сколько времени уходит на онбординг") == ("span", "")
    assert answers("сколько по времени идёт ретроспектива", "Ретроспектива длится не больше 1 часа.")


def test_how_long_before_an_event_asks_a_span_not_a_count_of_the_event() -> None:
    question = "за сколько до начала конференции подавать заявку"
    assert measure_asked(question) == ("span", "")
    heading = "Обучение — Заявка"
    assert answers(question, "Подайте заявку не позднее чем за 3 недели до начала конференции.", heading)


def test_a_counted_noun_after_a_preposition_is_still_counted_when_no_span_is_asked() -> None:
    # guard: only «за / через / на сколько» turns a preposition into a span
    assert measure_asked("сколько у нас мест на парковке") == ("count", "место")
    assert measure_asked("сколько дней до выплаты") == ("span", "")


def test_a_chat_noun_the_dictionary_does_not_know_is_the_counted_noun() -> None:
    question = "сколько конфигов впн можно сделать"
    assert measure_asked(question)[0] == "count"
    heading = "Настройка VPN"
    assert not answers(question, "Возможно, истёк срок в 180 дней или конфигурация VPN отозвана.", heading)
    assert answers(question, "Одновременно можно иметь не более 3 конфигураций VPN.", heading)


def test_a_figure_followed_by_its_unit_counts_the_unit_not_a_later_noun() -> None:
    heading = "Пароли"
    assert not answers("сколько паролей помнит система", "Система помнит 90 дней истории паролей.", heading)
    # guard: a modifier between a figure and its noun is no unit
    assert answers("сколько паролей помнит система", "Система помнит 5 последних паролей.", heading)


def test_a_figure_written_as_a_word_in_the_instrumental_or_dative_case_counts() -> None:
    question = "на сколько команд приходится один скрам-мастер"
    assert answers(question, "У нас один скрам-мастер работает с двумя командами.")
    assert answers("на сколько курсов можно записаться", "Можно записаться не более чем к двум курсам.", "Обучение")


def test_a_noun_under_chislo_is_counted_by_a_figure_further_on() -> None:
    question = "сколько слогов в строке хайку"
    heading = "Хайку"
    assert answers(question, "Число слогов в каждой строке хайку — по классической схеме 5–7–5.", heading)
    # guard: a figure with its own unit counts that unit
    assert not answers(
        "сколько попыток входа даётся", "Число попыток входа ограничено: вход блокируется на 15 минут.", heading
    )


# --- the parts of a question ---------------------------------------------------------------------------------


def test_a_question_word_after_its_preposition_begins_a_new_part() -> None:
    parts = question_parts("во сколько начинается ретро и в какой доске пишем стикеры")
    assert [p.asks for p in parts] == ["time", "name"]
    assert [p.asks for p in question_parts("сколько стоит полис и на какой срок его дают")] == ["number", "number"]


def test_and_before_a_preposition_and_a_noun_does_not_split() -> None:
    # guard: «и для командировки» begins no part of its own (no question word) — it is the second of two coordinated
    # objects of «нужны», and each object is a part with the predicate (gap 4, :mod:`agentcore.rag._focus.coordination`)
    parts = question_parts("какие документы нужны для отпуска и для командировки")
    assert [p.text for p in parts] == ["какие документы нужны для отпуска", "какие документы нужны для командировки"]


def test_how_to_after_the_situation_asks_a_procedure() -> None:
    question = "вылезла ошибка сертификата при подключении, как чинить"
    assert question_kind(question) == "procedure"
    assert question_parts(question)[0].asks == "procedure"
    # guards: a «как» adverb or a name question after a comma keeps its own reading
    assert question_parts("отпуск согласовали, как быстро придут отпускные")[0].asks == "number"
    assert question_kind("подскажите, как называется школа английского") != "procedure"


@pytest.mark.parametrize(
    "question",
    [
        "у меня блокер, как о нем сообщить",
        "нужен доступ к проекту, как его получить",
        "хочу поработать из другой страны, как это согласовать",
        "потерял пропуск, что мне делать",
        "кликнул по ссылке в письме, что теперь делать",
        "пришло письмо с вложением, что с ним делать",
        "хочу поменяться дежурством, что для этого нужно",
        "заболел, что делать по порядку",
    ],
)
def test_a_pronoun_or_the_moment_between_the_question_word_and_its_verb_still_asks_a_procedure(question: str) -> None:
    # «как его получить», «что мне делать»: the pronoun names the thing told before or the asker, not a subject
    assert question_kind(question) == "procedure"
    assert [p.asks for p in question_parts(question)] == ["procedure"]


def test_a_pronoun_before_another_verb_asks_no_procedure() -> None:
    # guards: «что им сказать» asks what, «как часто» how often
    assert question_kind("коллеги ждут, что им сказать") == "other"
    assert question_kind("пароль, как его часто менять") != "procedure"


@pytest.mark.parametrize(
    ("question", "terms"),
    [
        ("как у нас выкатывают релиз по шагам", ("выкатывать", "релиз")),
        ("что делать при пожаре по порядку", ("пожар",)),
        ("в чем разница между обзором спринта и ретро", ("обзор", "спринт", "ретро")),
        ("чем критерии приемки отличаются от дод", ("критерий", "приемка", "дод")),
        ("не смогу прийти на дейли, как быть", ("прийти", "дейли")),
        ("у меня блокер, как о нем сообщить", ("блокер", "сообщить")),
    ],
)
def test_words_naming_the_kind_of_answer_or_a_pronoun_are_no_subject(question: str, terms: tuple[str, ...]) -> None:
    # the steps, the difference, a modal verb and «о нём» without its «ё» (pymorphy3: «немой») name no subject
    assert question_parts(question)[0].terms == terms


def test_a_difference_named_as_a_thing_stays_a_subject() -> None:
    # guards: «разница во времени» is what is asked about, and «отличаться» without «чем» is the act asked
    assert "разница" in question_parts("какая разница во времени с москвой допустима")[0].terms
    assert "отличаться" in question_parts("отличается ли отпуск летом")[0].terms


def test_the_steps_of_a_procedure_answer_it_though_they_never_say_steps() -> None:
    steps = [
        "Релиз-менеджер проверяет, что все задачи релиза в Jira соответствуют Definition of Done.",
        "Ставится тег версии, пайплайн выкатывает релиз сначала на 10% серверов, через 30 минут — на все.",
    ]
    head = "Выпуск релизов — Порядок выпуска"
    check = check_focus("как у нас выкатывают релиз по шагам", steps, steps, headings=[head], semantic=None)
    assert not check.decline


def test_a_part_naming_only_its_verb_and_a_pronoun_takes_the_subject_before() -> None:
    # «… и как их ставят»: «их» is the OKR asked first, so the steps of a release («Ставится тег версии») are no answer
    parts = question_parts("что такое okr и как их ставят")
    assert parts[1].terms == ("okr", "ставить")
    steps = ["Ставится тег версии, пайплайн выкатывает релиз сначала на 10% серверов."]
    head = "Выпуск релизов — Порядок выпуска"
    assert check_focus("что такое okr и как их ставят", steps, steps, headings=[head], semantic=None).decline
    # guards: a count's unit is not carried over, and a part with a noun of its own keeps its terms
    assert question_parts("сколько дней отпуска и как его оформить")[1].terms == ("отпуск", "оформить")
    assert question_parts("что такое спринт и как оформить отпуск")[1].terms == ("оформить", "отпуск")


# --- a list item's context -----------------------------------------------------------------------------------


def test_a_list_item_is_read_with_its_lists_lead_in_line() -> None:
    heading = "Definition of Done — Наш DoD"
    item = "Новый код покрыт автотестами не менее чем на 80%."
    passage = (
        f"{heading}\nЗадача считается готовой (Done), если:\n\n1. Пайплайн зелёный.\n2. {item}\n3. Владелец принял."
    )
    question = "какой процент покрытия автотестами нужен чтобы задача считалась done"
    assert not check_focus(question, [item], [passage], headings=[heading], embed=far_embed).decline
    # guard: without the lead-in the item alone does not name what it is a condition of
    bare = f"{heading}\n1. Пайплайн зелёный.\n2. {item}\n3. Владелец принял."
    assert check_focus(question, [item], [bare], headings=[heading], embed=far_embed).decline


def test_a_line_without_a_colon_above_a_list_is_no_lead_in() -> None:
    heading = "Definition of Done — Наш DoD"
    item = "Новый код покрыт автотестами не менее чем на 80%."
    passage = f"{heading}\nЗадача считается готовой (Done) по правилам команды.\n\n1. {item}"
    question = "какой процент покрытия автотестами нужен чтобы задача считалась done"
    assert check_focus(question, [item], [passage], headings=[heading], embed=far_embed).decline


# --- «какие X»: the things listed ----------------------------------------------------------------------------


def test_a_list_question_is_not_answered_by_a_section_that_never_names_what_it_lists() -> None:
    heading = "ДМС — Как воспользоваться"
    app = "Электронная карта ДМС находится в мобильном приложении страховой."
    clinics = "ДМС — Клиники\nВ программу входят клиники сети «Медлайн» и «Здоровье»."
    question = "какие клиники входят в дмс"
    close = lambda texts, kind: np.ones((len(texts), 4)) / 2.0  # noqa: E731 - everything close in meaning
    assert check_focus(question, [app], [f"{heading}\n{app}", clinics], headings=[heading], embed=close).decline
    # guards: the section naming them answers; a noun no passage names is left to the lack rules
    named = "В программу входят клиники сети «Медлайн» и «Здоровье»."
    assert not check_focus(question, [named], [clinics], headings=["ДМС — Клиники"], embed=far_embed).decline
    assert question_parts("какая почта у координатора")[0].asks != "other"  # a value's kind, not a list


# --- the e5 bridge and the question's grammatical subject ------------------------------------------------------


def _close(texts: list[str], kind: str) -> np.ndarray:
    """An embedder for which everything is close in meaning (the lexical guards must decide)."""
    return np.ones((len(texts), 4)) / 2.0


def test_a_sentence_taken_by_meaning_must_hold_the_questions_subject_when_the_passages_name_it() -> None:
    question = "сколько задач в среднем закрывает один разработчик за спринт"
    team = "Средняя скорость команды — от 30 до 45 задач за двухнедельный спринт."
    other = "Скорость команды — Поправки\nЕсли из пяти разработчиков один в отпуске, берут меньше задач."
    passages = [f"Скорость команды\n{team}", other]
    assert check_focus(question, [team], passages, headings=["Скорость команды"], embed=_close).decline
    # guard: a subject no passage names is left to the lack rules (here: the bridge stands)
    alone = [f"Скорость команды\n{team}"]
    assert not check_focus(question, [team], alone, headings=["Скорость команды"], embed=_close).decline


def test_an_object_in_the_accusative_or_the_kind_of_value_asked_is_no_subject() -> None:
    from agentcore.rag._focus.nouns import subject_nouns

    assert subject_nouns(question_parts("сколько задач закрывает один разработчик")[0]) == ["разработчик"]
    assert subject_nouns(question_parts("раз в сколько лет меняют рабочие ноуты")[0]) == []
    assert subject_nouns(question_parts("какая почта у координатора")[0]) == []
