from __future__ import annotations

import re

import pytest

from agentcore.rag import router_select


@pytest.mark.parametrize(
    ("query", "mode", "evidence"),
    [
        ("статус TASK-12", "bm25", "TASK-12"),
        ("что означает ERR_42", "bm25", "ERR_42"),
        ("ошибка E404 при входе", "bm25", "E404"),
        ("код ERR_TIMEOUT", "bm25", "ERR_TIMEOUT"),
        # Quotes are not a phrase query (BM25 has none): a quoted question goes to hybrid like any other.
        ('что значит "листок нетрудоспособности"', "hybrid", "слов: 4"),
        ("как мне поступить если я заболел во время отпуска и не могу выйти на работу", "hybrid", "слов: 15"),
        ("отпуск", "hybrid", "слов: 1"),
    ],
)
def test_rules(query: str, mode: str, evidence: str) -> None:
    decision = router_select(query)
    assert decision.mode == mode
    assert evidence in decision.reason


def test_reasons_are_russian() -> None:
    for query in ("TASK-12", "отпуск", "How do I reset a password"):
        for dense in (True, False):
            reason = router_select(query, dense_available=dense).reason
            assert re.search("[а-яё]", reason) and not re.search(r"\b(query|rule|fuse|question)\b", reason)


def test_without_embedder_everything_goes_to_bm25() -> None:
    decision = router_select("отпуск")
    fallback = router_select("отпуск", dense_available=False)
    assert fallback.mode == "bm25"
    assert "нет эмбеддера" in fallback.reason and decision.reason in fallback.reason
