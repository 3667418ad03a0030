"""A procedure question is answered by the instruction of its passage (issue 18, branch ``ks``): when the paragraph
of the sentence sharing most of its words tells the reader nothing to do (a lead-in and a list of rooms), the
paragraph whose instruction shares most with the question is quoted (``answer.INSTRUCTION_OF_THE_PASSAGE``)."""

from __future__ import annotations

import pytest

from agentcore.rag import answer
from agentcore.rag.answer import select_excerpts
from agentcore.rag.models import Hit

_ROOMS = (
    "В офисе четыре переговорные:\n\n"
    "- «Ромашка» — 12 мест, проектор и система видеосвязи;\n"
    "- «Василёк» — 6 мест, телевизор для демонстрации экрана;\n"
    "- «Лютик» — 4 места, маркерная доска.\n\n"
    "Переговорные бронируются через корпоративный календарь Яндекс 360: создайте встречу и добавьте комнату как "
    "участника. Одно бронирование — не более 2 часов подряд."
)
_INSTRUCTION = (
    "Переговорные бронируются через корпоративный календарь Яндекс 360: создайте встречу и добавьте комнату как "
    "участника."
)


def _hits() -> list[Hit]:
    return [
        Hit(
            id="a",
            doc_id="o",
            title="Офис и переговорные комнаты — Переговорные комнаты",
            text=_ROOMS,
            score=1.0,
            source="o.md",
            rank=1,
        )
    ]


def test_a_procedure_is_answered_by_the_passages_instruction_not_by_a_list_of_facts() -> None:
    quoted = [e.text for e in select_excerpts("как забронировать переговорку в офисе", _hits())]
    assert _INSTRUCTION in quoted
    assert not any(text.startswith("«Ромашка»") for text in quoted)


def test_without_the_rule_the_list_of_rooms_is_quoted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer, "INSTRUCTION_OF_THE_PASSAGE", False)
    quoted = [e.text for e in select_excerpts("как забронировать переговорку в офисе", _hits())]
    assert _INSTRUCTION not in quoted
