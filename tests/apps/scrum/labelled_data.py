"""The checks every hand-labelled dailies split must pass as data (no parser runs): the schema the scorer reads,
blocker texts made of the author's words, and labels that name only task ids the author wrote."""

from __future__ import annotations

import re
from typing import Any

from agentcore.apps.scrum.evaluation import QUALITIES


def assert_well_formed(item: dict[str, Any]) -> None:
    """Fail, naming ``item``'s id, when the labelled daily breaks the schema or names words or ids its message lacks."""
    expected, message = item["expected"], item["message"]
    assert set(item) == {"id", "style", "message", "expected"}, item["id"]
    assert set(expected) == {"yesterday", "today", "blockers", "quality", "needs_clarification"}, item["id"]
    assert expected["quality"] in QUALITIES and isinstance(expected["needs_clarification"], bool), item["id"]
    words = set(re.findall(r"\w+", message.lower()))
    for blocker in expected["blockers"]:
        assert set(blocker) == {"text", "critical", "related_task_id"}, item["id"]
        assert set(re.findall(r"\w+", blocker["text"].lower())) <= words, item["id"]  # the author's words
    assert all(task_id.split("#")[-1] in message for task_id in named_ids(item)), item["id"]  # no invented id


def named_ids(item: dict[str, Any]) -> list[str]:
    """Every task id the labels of ``item`` name: yesterday's, today's and the blockers' related tasks."""
    expected = item["expected"]
    named: list[str] = expected["yesterday"] + expected["today"]
    return named + [b["related_task_id"] for b in expected["blockers"] if b["related_task_id"]]
