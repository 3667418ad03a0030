"""A scrum role's Latin abbreviation is the documents' name of the role (issue 18, branch ``rv``): «PO» is
«владелец продукта» for the focus check (a «~=» entry of the colloquial lexicon: never added to a search query)."""

from __future__ import annotations

from tests.rag.focus_probe import answers

_HEADING = "Story points и оценка задач — Покер планирования"


def test_po_is_the_product_owner_for_the_focus_check() -> None:
    assert answers(
        "PO тоже голосует на покере планирования?", "Владелец продукта и скрам-мастер не голосуют.", _HEADING
    )
    # a sentence about another role still does not answer
    assert not answers("PO тоже голосует на покере планирования?", "Скрам-мастер не голосует.", _HEADING)


def test_po_is_kept_out_of_search_queries() -> None:
    from agentcore.rag._lexicon import matches

    [match] = matches("PO голосует?")
    assert match.alternatives == (("владелец", "продукт"),) and not match.query
