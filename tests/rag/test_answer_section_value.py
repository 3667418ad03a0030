"""The composer shows the value a question asks from the section it quotes (issue 18, branch ``ks``): when no
sentence supplies the value by the focus check's share of the part's terms, nor by meaning, the sentence of a
quoted passage that gives the kind of value asked and holds at least half of the part's terms is shown
(``answer.QUOTED_SECTION_GIVES_THE_VALUE``) — the section was chosen for the question's words, its value stands in
a later sentence sharing fewer of them."""

from __future__ import annotations

import pytest

from agentcore.rag import answer
from agentcore.rag.answer import Excerpt, _units, supplying_excerpts
from agentcore.rag.models import Hit

_EQUIPMENT = (
    "Ноутбуки обновляются раз в 3 года. Если ноутбук перестал справляться с работой раньше, руководитель может "
    "согласовать досрочную замену. Дополнительное оборудование — второй монитор, док-станция, тестовый смартфон — "
    "заказывается через заявку в техподдержку с типом «Оборудование» и согласованием руководителя. Срок выдачи — до "
    "5 рабочих дней, если позиция есть на складе."
)
_BREAKAGE = (
    "Если ноутбук сломался, создайте заявку в техподдержку. Подменный ноутбук выдаётся в тот же рабочий день. Не "
    "пытайтесь ремонтировать технику самостоятельно."
)


def _hits() -> list[Hit]:
    return [
        Hit(
            id="a",
            doc_id="e",
            title="Оборудование и ноутбуки — Замена и дополнительное оборудование",
            text=_EQUIPMENT,
            score=1.0,
            source="e.md",
            rank=1,
        ),
        Hit(
            id="b",
            doc_id="e",
            title="Оборудование и ноутбуки — Поломка",
            text=_BREAKAGE,
            score=0.9,
            source="e.md",
            rank=2,
        ),
    ]


def _ordering(hits: list[Hit]) -> list[Excerpt]:
    # what the selection by words quotes: the sentence naming the docking station, which gives no time
    return [Excerpt(_units(_EQUIPMENT)[2], hits[0])]


def test_the_quoted_sections_sentence_giving_the_value_asked_is_shown() -> None:
    hits = _hits()
    added = [e.unit.text for e in supplying_excerpts("заказал док-станцию, через скока выдадут", hits, _ordering(hits))]
    assert added == ["Срок выдачи — до 5 рабочих дней, если позиция есть на складе."]


def test_without_the_rule_the_value_is_not_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer, "QUOTED_SECTION_GIVES_THE_VALUE", False)
    hits = _hits()
    assert supplying_excerpts("заказал док-станцию, через скока выдадут", hits, _ordering(hits)) == []


def test_a_value_of_a_passage_not_quoted_is_not_taken_by_the_rule() -> None:
    # only the breakage section is quoted: the docking station's delivery time stands in a passage not quoted, and
    # shares too little with the question to be a supplier by the focus check's share
    hits = _hits()
    quoted = [Excerpt(_units(_BREAKAGE)[0], hits[1])]
    added = [e.unit.text for e in supplying_excerpts("заказал док-станцию, через скока выдадут", hits, quoted)]
    assert "Срок выдачи — до 5 рабочих дней, если позиция есть на складе." not in added
