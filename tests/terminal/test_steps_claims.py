"""`agentcore ask` figures: removed claims are counted, never shown."""

from __future__ import annotations

from rich.console import Console

from agentcore.agents.events import Citation, EventFactory
from agentcore.terminal.steps import render_final


def test_removed_claims_are_counted_not_shown() -> None:
    citation = Citation(index=1, id="vacation#0", doc_id="vacation", title="Отпуск")
    claims = [
        {"claim": "Отпуск — 28 дней.", "status": "supported", "supported": True, "citations": [1]},
        {"claim": "Отпуск — 45 дней.", "status": "contradicted", "supported": False, "citations": []},
    ]
    removed = [{"claim": "Отпуск — 45 дней.", "status": "contradicted", "missing": ["45 день"]}]
    metadata = {
        "coverage": 0.5,
        "claims": claims,
        "removed_claims": removed,
        "refinements": 1,
        "steps": 6,
        "answered": True,
    }
    answer = "Отпуск — 28 дней [1].\nВ документах не нашлось: подтверждение части ответа."
    console = Console(record=True, width=200, highlight=False)
    render_final(console, EventFactory("research").final(6, answer, [citation], metadata))
    text = console.export_text()
    assert "45" not in text
    assert "подтверждено в базе знаний 1 из 2 утверждений · не показано неподтверждённых: 1" in text
