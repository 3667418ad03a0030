from __future__ import annotations

import pytest

from agentcore.util.truncate import truncate


def test_short_text_is_unchanged() -> None:
    assert truncate("abc", 3) == "abc"
    assert truncate("", 0) == ""


def test_long_text_is_cut_to_the_limit_with_the_marker_inside() -> None:
    assert truncate("abcdef", 4) == "abc…"
    assert len(truncate("я" * 1000, 200)) == 200


def test_custom_and_empty_marker() -> None:
    assert truncate("abcdef", 4, marker="") == "abcd"
    assert truncate("abcdef", 5, marker="[…]") == "ab[…]"
    assert truncate("abcdef", 2, marker="[…]") == "[…"


def test_negative_limit_is_refused() -> None:
    with pytest.raises(ValueError):
        truncate("x", -1)
