"""The memos of one reading (:mod:`agentcore.text.reading_memo`): an answer is kept until the next reading starts,
per argument and context, and nothing else is."""

from __future__ import annotations

import pytest

from agentcore.text import reading_memo
from agentcore.text.reading_memo import new_reading, per_reading


def _counting(context: object = None) -> tuple[list[object], object]:
    calls: list[object] = []
    state = {"context": "A"}

    @per_reading((lambda: state["context"]) if context else None)
    def length(text: object) -> int:
        calls.append(text)
        return len(text)  # type: ignore[arg-type]

    return calls, (length, state)


def test_an_answer_is_kept_within_one_reading_only() -> None:
    calls, (length, _) = _counting()
    new_reading()
    assert [length("abc"), length("abc"), length("de")] == [3, 3, 2]
    assert calls == ["abc", "de"]
    new_reading()  # a new document: nothing of the last one is remembered
    assert length("abc") == 3
    assert calls == ["abc", "de", "abc"]


def test_the_context_is_part_of_the_key() -> None:
    calls, (length, state) = _counting(context=True)
    new_reading()
    length("abc")
    state["context"] = "B"  # e.g. another team's tracker prefixes
    length("abc")
    assert calls == ["abc", "abc"]


@pytest.mark.parametrize("context", [None, True])  # the memo with a context is a closure of its own
def test_keywords_and_unhashable_arguments_bypass_the_memo(context: object) -> None:
    calls, (length, _) = _counting(context)
    new_reading()
    assert length(["a", "b"]) == 2
    assert length(["a", "b"]) == 2
    assert length(text="ab") == 2
    assert length(text="ab") == 2
    assert len(calls) == 4


@pytest.mark.parametrize("context", [None, True])
def test_a_memo_is_bounded(context: object) -> None:
    calls, (length, _) = _counting(context)
    new_reading()
    for number in range(reading_memo.MAX_ENTRIES + 5):
        length(str(number))
    length("0")  # emptied when it was full: asked again
    assert calls.count("0") == 2
