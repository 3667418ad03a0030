"""Memos of one reading: a pure function of a text that the rules reading one document ask again and again (the same
clause goes through many rules, each lowering it, looking for task ids, asking whether it names a trouble) computes
its answer once per document.

:func:`per_reading` wraps such a function; :func:`new_reading` empties every memo, and a reader calls it when it
starts a document.  So no memo spans documents: the work saved is only the repeats inside one reading (a text read
again in a later document is read afresh, however often it comes).  Each memo is also bounded, for callers that read
without ever calling :func:`new_reading`.

A wrapped function must be pure for its positional arguments and the value of ``context()`` (for instance the team's
tracker prefixes a task-id reader knows), and return a value nobody changes (a ``bool``, a ``str``, a tuple, a
``re.Match``): every caller in the reading gets the same object.  Keyword arguments and unhashable arguments bypass
the memo.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import wraps
from typing import ParamSpec, TypeVar

__all__ = ["new_reading", "per_reading"]

P = ParamSpec("P")
R = TypeVar("R")

MAX_ENTRIES = 1024
"""Most answers one memo keeps (emptied when full): a daily asks a few hundred."""

_MEMOS: list[dict[Hashable, object]] = []
_MISSING = object()
"""What ``dict.get`` answers for a key no memo holds (no function returns it)."""


def new_reading() -> None:
    """Start a reading: every :func:`per_reading` memo is emptied."""
    for memo in _MEMOS:
        memo.clear()


def per_reading(
    context: Callable[[], Hashable] | None = None,
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator: the function's answer kept per positional arguments (and ``context()``) until the next
    :func:`new_reading` (see the module docstring)."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        memo: dict[Hashable, object] = {}
        _MEMOS.append(memo)

        # The rules ask these memos ~95 times a daily and miss about half the time, so neither a hit nor a miss may
        # cost much: ``dict.get`` answers both without raising (a ``KeyError`` caught on every miss cost more than
        # the lookup itself).  On a miss the function is called without the empty ``**kwargs`` (the ParamSpec wants
        # them written: hence the ``type: ignore``).
        @wraps(function)
        def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
            if kwargs:
                return function(*args, **kwargs)
            key: Hashable = args if context is None else (args, context())
            try:
                value = memo.get(key, _MISSING)
            except TypeError:  # an unhashable argument
                return function(*args)  # type: ignore[call-arg]
            if value is _MISSING:
                value = function(*args)  # type: ignore[call-arg]
                if len(memo) >= MAX_ENTRIES:
                    memo.clear()
                memo[key] = value
            return value  # type: ignore[return-value]

        return remembered

    return decorate
