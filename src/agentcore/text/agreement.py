"""Russian number agreement: the form of a noun after a number («1 задача», «2 задачи», «5 задач»).

One rule for every Russian text that counts something (settings and HTTP problems, Scrum reports, the Haiku
composer's feedback to a model).  Stdlib only: the settings layer imports it.
"""

from __future__ import annotations

__all__ = ["plural", "plural_form"]


def plural_form(n: int, one: str, few: str, many: str) -> str:
    """The form of a noun that agrees with the whole number ``n``.

    Args:
        n: the number (its last two digits decide).
        one: the form after 1, 21, 101… but not 11, 111 («задача»).
        few: the form after 2–4, 22–24… but not 12–14 («задачи»).
        many: the form after 0, 5–20, 25–30… («задач»).

    A phrase whose case the number does not govern (after «не меньше», genitive throughout) passes the same word as
    ``few`` and ``many``: ``plural_form(2, "элемента", "элементов", "элементов")`` → «элементов».
    """
    if n % 10 == 1 and n % 100 != 11:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


def plural(n: int, one: str, few: str, many: str) -> str:
    """``n`` and the form of its noun: ``plural(3, "день", "дня", "дней")`` → «3 дня» (see :func:`plural_form`)."""
    return f"{n} {plural_form(n, one, few, many)}"
