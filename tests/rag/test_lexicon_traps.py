"""The lexicon's traps (issue 18, branch ``lexq42``): key phrases inside one clause."""

from __future__ import annotations

import pytest

from agentcore.rag import _lexicon

# key phrases: their words inside one clause


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("успел всё бросить. Машину где оставить", ("бросить", "машину")),
        ("взял отгул, за свой счёт купил билеты", ("отгул", "за", "свой", "счёт")),
        ("сервер упал — на карту ничего не пришло", ("упал", "на", "карту")),
    ],
)
def test_a_key_phrase_is_not_found_across_punctuation(text: str, words: tuple[str, ...]) -> None:
    def found(text: str) -> bool:
        return any(tuple(w.lower() for w in m.words) == words for m in _lexicon.matches(text))

    assert not found(text)
    assert found(text.replace(".", "").replace(",", "").replace(" —", ""))
