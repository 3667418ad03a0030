"""The one reader of a model's numbered reply (entries 1..n, each naming numbers 1..m_i): the claim judge's and the
focus judge's replies are read by it, flawed entries ignored and named in the caller's words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from agentcore.rag._numbered import Numbered, Wording, read_numbered

PARTS = Wording("часть", "предложения", "оценена")
CLAIMS = Wording("утверждение", "фрагменты", "оценено")


def _entries(*pairs: tuple[Any, Any]) -> list[SimpleNamespace]:
    return [SimpleNamespace(part=number, sentences=named) for number, named in pairs]


def _read(entries: Any, sizes: list[int], wording: Wording = PARTS) -> Numbered | None:
    return read_numbered(entries, "part", "sentences", sizes, wording)


def test_a_well_formed_reply_names_each_entrys_numbers_0_based_and_sorted() -> None:
    read = _read(_entries((2, [3, 1]), (1, [])), [3, 3])
    assert read == Numbered(((), (0, 2)))


def test_the_attributes_read_are_the_callers() -> None:
    entries = [SimpleNamespace(claim=1, supported_by=[2])]
    assert read_numbered(entries, "claim", "supported_by", [2], CLAIMS) == Numbered(((1,),))
    # an entry without the attributes is an entry with no number
    assert _read(entries, [2]) is None


@pytest.mark.parametrize("number", [0, 3, -1, True, "1", 1.0, None])
def test_an_entry_number_out_of_range_or_not_an_int_is_ignored_and_named(number: Any) -> None:
    read = _read(_entries((number, [1]), (1, [2]), (2, [])), [2, 2])
    assert read is not None and read.named == ((1,), ())
    assert read.flaws == (f"часть {number!r} вне списка",)


@pytest.mark.parametrize("named", [[3], [0], [True], ["1"], [1.0], None, 1, "1"])
def test_an_entry_naming_a_number_out_of_its_range_or_no_list_is_ignored_and_named(named: Any) -> None:
    read = _read(_entries((1, named), (2, [1])), [2, 2])
    assert read is not None and read.named == (None, (0,))
    assert read.flaws == (f"часть 1: предложения {named!r} вне списка", "часть 1 не оценена")


def test_each_entry_has_its_own_range() -> None:
    # entry 1 may name 1..1, entry 2 1..3: [3] is in range for entry 2 only
    read = read_numbered(
        [SimpleNamespace(claim=1, supported_by=[3]), SimpleNamespace(claim=2, supported_by=[3])],
        "claim",
        "supported_by",
        [1, 3],
        CLAIMS,
    )
    assert read == Numbered((None, (2,)), ("утверждение 1: фрагменты [3] вне списка", "утверждение 1 не оценено"))


def test_an_entry_given_twice_gets_the_union_and_a_flaw_per_repetition() -> None:
    read = _read(_entries((1, [2]), (1, []), (1, [1, 2])), [2])
    assert read == Numbered(((0, 1),), ("часть 1 оценена дважды", "часть 1 оценена дважды"))


def test_an_entry_not_given_is_none_and_named_after_the_ignored_ones() -> None:
    read = _read(_entries((3, [1]), (9, [1])), [1, 1, 1])
    assert read == Numbered((None, None, (0,)), ("часть 9 вне списка", "часть 1 не оценена", "часть 2 не оценена"))


def test_the_flaws_speak_the_callers_words() -> None:
    entries = [SimpleNamespace(part=2, sentences=[5]), SimpleNamespace(part=1, sentences=[1])] * 2
    read = read_numbered(entries, "part", "sentences", [1, 1], CLAIMS)
    assert read is not None and read.flaws == (
        "утверждение 2: фрагменты [5] вне списка",
        "утверждение 2: фрагменты [5] вне списка",
        "утверждение 1 оценено дважды",
        "утверждение 2 не оценено",
    )


@pytest.mark.parametrize(
    "entries",
    [None, "1: [1]", {"part": 1, "sentences": [1]}, (SimpleNamespace(part=1, sentences=[1]),), []],
)
def test_entries_that_are_not_a_list_or_an_empty_list_read_nothing(entries: Any) -> None:
    assert _read(entries, [1]) is None


def test_a_reply_whose_every_entry_is_flawed_reads_nothing() -> None:
    assert _read(_entries((2, [1]), (1, [4]), (1, None)), [1]) is None
    # no entry asked about: nothing to read
    assert _read(_entries((1, [1])), []) is None
