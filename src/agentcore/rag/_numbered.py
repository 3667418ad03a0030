"""A model's numbered reply — entries 1..n, each naming numbers 1..m_i — and the one reader of it.

Two model judges reply in this shape, in one structured-output call each:

* the claim judge (:meth:`agentcore.rag.citations.LLMJudge.verdicts`): ``verdicts``, per claim (``claim``) the
  passages that support it (``supported_by``);
* the focus judge (:func:`agentcore.rag._focus_judge.rule_focus`): ``parts``, per part of the question (``part``)
  the sentences that answer it (``sentences``).

:func:`read_numbered` reads either — the contract both judges keep (a judge may only downgrade, so a flaw in one
entry never throws away a well-formed one):

* an entry whose number is not an ``int`` in 1..n (a ``bool`` is not a number) is ignored and named:
  «часть 7 вне списка»;
* an entry whose list is not a list, or names anything but an ``int`` in 1..m_i (``m_i`` the size of *that*
  entry's list of candidates), is ignored and named: «часть 1: предложения [9] вне списка»;
* an entry given twice gets the union of its entries' numbers, one flaw per repetition: «часть 1 оценена дважды»;
* an entry no well-formed entry gives is ``None`` and named, after the others: «часть 2 не оценена»;
* nothing can be read — the entries are not a list, or none is well formed — :func:`read_numbered` is ``None``.

The words of the flaws are the caller's (:class:`Wording`): the judges name their entries «часть» / «утверждение»,
and the participle agrees with the noun («оценена» / «оценено»).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Numbered", "Wording", "read_numbered"]


@dataclass(frozen=True)
class Wording:
    """The Russian words of a reply's flaws.

    Attributes:
        entry: what an entry is about, in the nominative singular («часть», «утверждение»).
        named: what its list names, in the nominative plural («предложения», «фрагменты»).
        judged: the short participle agreeing with ``entry`` («оценена», «оценено»).
    """

    entry: str
    named: str
    judged: str


@dataclass(frozen=True)
class Numbered:
    """What a reply says that can be read.

    Attributes:
        named: per entry ``k`` (index ``k - 1``), the numbers its well-formed entries name, 0-based and sorted;
            ``None`` when no well-formed entry gives it.
        flaws: every entry ignored, then every entry not given, in the words of the caller's :class:`Wording`.
    """

    named: tuple[tuple[int, ...] | None, ...]
    flaws: tuple[str, ...] = ()


def read_numbered(entries: Any, key: str, values: str, sizes: Sequence[int], wording: Wording) -> Numbered | None:
    """The well-formed entries of a numbered reply (see the module docstring for the contract).

    Args:
        entries: the reply's list of entries (anything else: nothing can be read).
        key: the attribute holding an entry's number, 1..``len(sizes)`` (``"part"``, ``"claim"``).
        values: the attribute holding the numbers it names (``"sentences"``, ``"supported_by"``).
        sizes: per entry ``k`` (index ``k - 1``), how many candidates its numbers may name (1..``sizes[k - 1]``).
        wording: the words of the flaws.

    Returns:
        the numbers each entry names and the flaws; ``None`` when no entry can be read.
    """
    if not isinstance(entries, list):
        return None
    named: list[set[int] | None] = [None] * len(sizes)
    flaws: list[str] = []
    for entry in entries:
        number, given = getattr(entry, key, None), getattr(entry, values, None)
        if not _number(number, len(sizes)):
            flaws.append(f"{wording.entry} {number!r} вне списка")
            continue
        assert isinstance(number, int)
        if not isinstance(given, list) or not all(_number(j, sizes[number - 1]) for j in given):
            flaws.append(f"{wording.entry} {number}: {wording.named} {given!r} вне списка")
            continue
        seen = named[number - 1]
        if seen is not None:
            flaws.append(f"{wording.entry} {number} {wording.judged} дважды")
        named[number - 1] = (seen or set()) | {j - 1 for j in given}
    if all(n is None for n in named):
        return None
    flaws.extend(f"{wording.entry} {k} не {wording.judged}" for k, n in enumerate(named, start=1) if n is None)
    return Numbered(tuple(None if n is None else tuple(sorted(n)) for n in named), tuple(flaws))


def _number(value: Any, size: int) -> bool:
    """Whether ``value`` is a number 1..``size`` (an ``int``, not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= size
