"""Russian number agreement (agentcore.text.agreement): the noun form after a number."""

from __future__ import annotations

import pytest

from agentcore.text import plural, plural_form


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "задач"),
        (1, "задача"),
        (2, "задачи"),
        (4, "задачи"),
        (5, "задач"),
        (11, "задач"),
        (12, "задач"),
        (14, "задач"),
        (20, "задач"),
        (21, "задача"),
        (22, "задачи"),
        (25, "задач"),
        (101, "задача"),
        (111, "задач"),
        (112, "задач"),
        (122, "задачи"),
    ],
)
def test_plural_form_follows_the_last_two_digits(n: int, expected: str) -> None:
    assert plural_form(n, "задача", "задачи", "задач") == expected


def test_plural_puts_the_number_before_its_noun() -> None:
    assert plural(3, "день", "дня", "дней") == "3 дня"
    assert plural(11, "день", "дня", "дней") == "11 дней"
    assert plural(21, "раз", "раза", "раз") == "21 раз"


def test_a_governed_case_passes_one_word_for_few_and_many() -> None:
    # «не меньше 1 элемента», «не меньше 2 элементов»: the genitive throughout
    assert plural(1, "элемента", "элементов", "элементов") == "1 элемента"
    assert plural(2, "элемента", "элементов", "элементов") == "2 элементов"
