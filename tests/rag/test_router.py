from __future__ import annotations

import pytest

from agentcore.rag.router import router_select


@pytest.mark.parametrize(
    ("query", "mode", "evidence"),
    [
        ('что значит "листок нетрудоспособности"', "bm25", "quoted phrase"),
        ("что такое «TASK-12»", "bm25", "quoted phrase"),
        ("статус TASK-12", "bm25", "TASK-12"),
        ("что означает ERR_42", "bm25", "ERR_42"),
        ("ошибка E404 при входе", "bm25", "E404"),
        ("как мне поступить если я заболел во время отпуска и не могу выйти на работу", "dense", "paraphrase"),
        ("отпуск", "hybrid", "short question"),
        ("как настроить VPN на домашнем ноутбуке без доступа к корпоративной сети", "hybrid", "VPN"),
    ],
)
def test_rules(query: str, mode: str, evidence: str) -> None:
    decision = router_select(query)
    assert decision.mode == mode
    assert evidence in decision.reason


def test_without_embedder_everything_goes_to_bm25() -> None:
    decision = router_select("отпуск")
    fallback = router_select("отпуск", dense_available=False)
    assert fallback.mode == "bm25"
    assert "no embedder" in fallback.reason and decision.reason in fallback.reason
