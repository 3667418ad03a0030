"""A question that asks about blockers by the verb stands for the header (session sq2, dev29): «Anything blocking?
Not really» addresses the blockers; «Anything blocking? waiting on …» lists one."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.all_clear import as_header


def test_a_question_by_the_verb_is_the_header() -> None:
    assert as_header("Today: WMS-4\nAnything blocking? Not really") == "Today: WMS-4\nBlockers: Not really"
    assert as_header("Blockers? nope") == "Blockers: nope"  # the header word asked stays as written


def test_anything_blocking_answered() -> None:
    clear = parse_daily("Yesterday: WMS-3 shipments, done\nToday: WMS-4 returns\nAnything blocking? Not really", "DEV")
    assert clear["daily"]["blockers"] == [] and clear["daily"]["quality"] == "GREAT"
    message = "Yesterday: WMS-3 shipments, done\nToday: WMS-4 returns\nAnything blocking? waiting on schema for WMS-4"
    listed = parse_daily(message, "DEV")
    assert [b["related_task_id"] for b in listed["daily"]["blockers"]] == ["WMS-4"]


@pytest.mark.parametrize(
    "last_line",
    ["No blockers atm, will ping the channel if something comes up", "Блокеров нет, если появятся — сразу напишу"],
)
def test_what_the_member_will_do_should_a_blocker_come_is_no_work(last_line: str) -> None:
    """A conditional statement right after an all-clear is about the blockers that may come, no work of the day."""
    message = f"Yesterday: WMS-3 shipments, done\nToday: WMS-4 returns\n{last_line}"
    output = parse_daily(message, "DEV")
    assert output["daily"]["quality"] == "GREAT"
    assert [i["task_id"] for i in output["daily"]["today"]] == ["WMS-4"]


def test_a_state_others_remedied_is_news_not_work() -> None:
    """«CI was red half the day, infra fixed it»: the remedy takes back the statement before it — a trouble others
    fixed, no work item of the member's, whatever words told the trouble (session sq2)."""
    message = "Yesterday: WMS-3 shipments; the pipeline was red half the day, infra fixed it. Today: WMS-4 returns."
    assert parse_daily(f"{message} Blockers: none", "DEV")["daily"]["quality"] == "GREAT"
    own = "Yesterday: WMS-3 shipments; the pipeline was red half the day, so I rewrote the deploy script. Today: WMS-4"
    assert parse_daily(f"{own} returns. Blockers: none", "DEV")["daily"]["quality"] == "DETAIL_OK"
