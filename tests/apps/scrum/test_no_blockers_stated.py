"""``no_blockers_stated`` — whether a text that is not a whole daily (a follow-up answer, a model's items) says there
is no blocker — reads a «none» the way the daily parser reads it in a daily's clauses (one reading, not two)."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import no_blockers_stated, parse_daily


@pytest.mark.parametrize(
    "text",
    [
        "**Блокеры:** нет",  # a markdown header the old check did not see past
        "Блокеры: ❌ нет",  # a symbol before the «none»
        "**Мешает:** ничего",
        "блокер: ничего, всё ок",
        "blockers: nothing",
    ],
)
def test_a_none_under_a_blockers_header_is_no_blocker_as_in_a_daily(text: str) -> None:
    assert no_blockers_stated(text)
    daily = parse_daily(f"Вчера: PAY-1 закрыл\nСегодня: PAY-2 делаю\n{text}", "DEV")["daily"]
    assert daily["blockers"] == []  # the parser reads the same line the same way


@pytest.mark.parametrize(
    "text",
    ["Блокеры: нет доступа к стенду", "Блокеры: жду ревью PAY-1", "Мешает: ничего не работает на стенде"],
)
def test_a_blocker_that_begins_with_a_negative_word_is_still_a_blocker(text: str) -> None:
    assert not no_blockers_stated(text)
