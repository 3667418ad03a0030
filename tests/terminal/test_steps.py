"""The terminal rendering of a final event: the answer, its sources and figures that say what they measure."""

from __future__ import annotations

from rich.console import Console

from agentcore.agents.events import Citation, EventFactory
from agentcore.terminal.steps import render_final


def _printed(event: object) -> str:
    console = Console(record=True, width=200, highlight=False)
    render_final(console, event)  # type: ignore[arg-type]
    return console.export_text()


def test_an_answer_shows_its_sources_and_figures() -> None:
    citation = Citation(index=1, id="vacation#0", doc_id="vacation", title="Отпуск")
    claims = [{"claim": "Отпуск — 28 дней.", "supported": True}, {"claim": "Делится.", "supported": False}]
    metadata = {
        "coverage": 1.0,
        "confidence": 0.74,
        "claims": claims,
        "search_confidence": 1.03,
        "refinements": 0,
        "steps": 5,
        "answered": True,
    }
    text = _printed(EventFactory("research").final(5, "Отпуск — 28 дней [1]. Делится [1].", [citation], metadata))
    assert "Источники:\n  [1] Отпуск (vacation#0)" in text
    figures = "покрытие цитатами 1.00 · подтверждено в базе знаний 1 из 2 утверждений · уточнений 0 · шагов 5"
    assert figures in text
    assert "1.03" not in text  # the searcher's score is no probability: in the metadata, not among the figures
    # an agent that reports only a confidence (no claims) still shows it
    text = _printed(EventFactory("other").final(1, "Ответ.", [], {"coverage": 1.0, "confidence": 0.5}))
    assert "покрытие цитатами 1.00 · уверенность проверки 0.50" in text


def test_a_decline_shows_no_coverage_or_verification_of_an_answer_it_did_not_give() -> None:
    answer = "В базе знаний нет ответа на этот вопрос. Ближе всего по теме: «Офис — Пропуска»."
    metadata = {
        "coverage": 0.0,
        "confidence": None,
        "search_confidence": 0.83,
        "refinements": 1,
        "steps": 5,
        "answered": False,
        "declined": True,
    }
    text = _printed(EventFactory("research").final(5, answer, [], metadata))
    assert answer in text and "Источники" not in text
    assert "покрытие" not in text and "уверенность" not in text and "подтверждено" not in text
    assert "уточнений 1 · шагов 5" in text
