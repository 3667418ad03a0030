"""``agentcore.text.phrases``: the one reader of prepositional phrases the focus check's rules share (issue 18)."""

from __future__ import annotations

import pytest

from agentcore.text.phrases import read_phrases


def _read(text: str) -> list[tuple[str, list[str], str | None]]:
    """Per phrase: the preposition, its nouns and its head, as written."""
    reading = read_phrases(text)
    words = [t.word for t in reading.tokens]
    return [
        (p.preposition, [words[k] for k in p.nouns], None if p.head is None else words[p.head]) for p in reading.phrases
    ]


@pytest.mark.parametrize(
    ("text", "phrases"),
    [
        # a nested phrase: the outer preposition governs its nouns too
        (
            "пошла без звонка на пульт",
            [("без", ["звонка", "пульт"], "звонка"), ("на", ["пульт"], "пульт")],
        ),
        # a modifier before its noun is no noun; the head is the noun past it
        ("командировка в новую Самару", [("в", ["самару"], "самару")]),
        ("файлы для рабочих доков", [("для", ["доков"], "доков")]),
        # a word that may be a modifier is a noun when nothing of the phrase follows it
        ("файлы для рабочих", [("для", ["рабочих"], None)]),
        # a modifier after a noun, a verb, a punctuation mark end the phrase
        ("пошла в клинику сама", [("в", ["клинику"], "клинику")]),
        ("в отпуске болею", [("в", ["отпуске"], "отпуске")]),
        ("в отпуске, болею", [("в", ["отпуске"], "отпуске")]),
        # a personal pronoun is the whole object, governed but no noun: the phrase ends after it («отпуск» is the
        # clause's subject, «на приём» a phrase of its own)
        ("у меня отпуск", [("у", [], None)]),
        ("к нему на приём", [("к", [], None), ("на", ["прием"], "прием")]),
        # a possessive («его», «её», «их» after a preposition) modifies the noun that follows: it is the phrase's
        ("в его отпуске", [("в", ["отпуске"], None)]),
        # a Latin word belongs to the phrase
        ("голосует в planning poker", [("в", ["planning", "poker"], None)]),
        # «ё» is read as «е»
        ("без счёта", [("без", ["счета"], "счета")]),
    ],
)
def test_phrases(text: str, phrases: list[tuple[str, list[str], str | None]]) -> None:
    assert _read(text) == phrases


def test_a_figure_belongs_to_the_phrase_but_heads_none() -> None:
    # the noun after a figure takes the figure's case, not the preposition's
    assert _read("отпуск на 2 недели") == [("на", ["2", "недели"], None)]
    assert _read("в две Самары") == [("в", ["две", "самары"], None)]


def test_spans() -> None:
    reading = read_phrases("без звонка на пульт, потом")
    outer, inner = reading.phrases
    assert (outer.start, outer.end, inner.start, inner.end) == (0, 4, 2, 4)
    assert reading.tokens[outer.end].word == ","
    assert [t.pos for t in reading.tokens[:2]] == ["PREP", "NOUN"]
