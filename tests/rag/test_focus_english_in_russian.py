"""English words inside a Russian question («какие у нас core hours?»): a borrowed English phrase reaches the
documents' Russian words for it as an English question's terms do; a lone Latin label does not, only its Russian
spelling; the lexicon's entries map English office terms to the knowledge base's own words."""

from __future__ import annotations

from agentcore.rag import _lexicon, check_focus

CORE_HOURS = (
    "С 11:00 до 16:00 по московскому времени — основные часы. В это время все сотрудники должны быть доступны: "
    "отвечать в мессенджере, приходить на встречи."
)
OFFICE = "Офис открыт по будням с 8:00 до 22:00."
REVIEW_COLUMN = (
    "Для колонки Review на досках продуктовых команд рекомендуемый лимит — 3 merge request'а, тестировать задачи "
    "можно после ревью."
)


def test_a_borrowed_english_phrase_in_a_russian_question_reaches_the_documents_words() -> None:
    shown = [CORE_HOURS, OFFICE]
    check = check_focus("какие у нас core hours?", [CORE_HOURS], shown, headings=["График работы — Основные часы"])
    assert not check.decline


def test_a_lone_latin_label_in_a_russian_question_is_not_translated_by_meaning() -> None:
    shown = [REVIEW_COLUMN]
    check = check_focus("какой лимит на колонку testing", shown, shown, headings=["WIP-лимиты — Лимиты в командах"])
    assert check.decline


def test_a_latin_phrase_is_told_from_a_lone_latin_word() -> None:
    from agentcore.rag._focus.english import in_latin_phrase

    assert in_latin_phrase("hours", "какие у нас core hours?")
    assert in_latin_phrase("review", "дедлайн по performance review")
    assert not in_latin_phrase("testing", "какой лимит на колонку testing")


def test_the_lexicon_reads_english_office_terms_as_the_knowledge_bases_words() -> None:
    found = {m.words: m.phrases for m in _lexicon.matches("как пройти onboarding и сколько длится probation")}
    assert any("онбординг" in " ".join(p) for p in found.values())
    assert any("испытательный срок" in " ".join(p) for p in found.values())
