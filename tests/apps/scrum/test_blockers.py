"""Seed 003 section 8: process_blockers — the severity rule, normalisation, repeats, escalations; pure."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from agentcore.apps.scrum.blockers import NO_TASK_ID, process_blockers


def _daily(*blockers: dict[str, Any], role: str = "DEV") -> dict[str, Any]:
    return {"role": role, "yesterday": [], "today": [], "blockers": list(blockers), "quality": "DETAIL_OK"}


@pytest.mark.parametrize(
    ("critical", "task", "severity", "escalated"),
    [
        (True, "TASK-1", "critical", True),
        (True, "TASK-404", "high", True),  # seed 003's matrix: a critical blocker on no known task is «high»
        (False, "TASK-1", "medium", False),
        (False, "TASK-404", "low", False),
        (True, None, "high", True),
        (False, None, "low", False),
    ],
)
def test_severity_rule(critical: bool, task: str | None, severity: str, escalated: bool) -> None:
    events, escalations = process_blockers(
        daily_json=_daily({"text": "Жду стенд", "critical": critical, "related_task_id": task}),
        known_tasks={"TASK-1", "TASK-2", "BUG-10"},
        existing_blockers=set(),
    )
    assert events[0]["severity"] == severity
    assert events[0]["task_exists"] is (task == "TASK-1")
    assert (len(escalations) == 1) is escalated
    if escalated:
        assert escalations[0] == {
            "type": "BLOCKER_ESCALATION",
            "severity": severity,
            "text": "Жду стенд",
            "task_id": task or NO_TASK_ID,
            "author_role": "DEV",
            # why, in one line: «Жду стенд» says nothing that stops the work, so the daily's own flag is the reason
            "reason": "в daily блокер отмечен как критичный",
        }


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        ("  Жду доступы к СТЕНДУ ", "жду доступы к стенду"),
        ("ЖДУ РЕВЬЮ MR", "жду ревью mr"),
        ("нет\tдоступа\n", "нет\tдоступа"),
        ("Ёлка Ё", "ёлка ё"),
    ],
)
def test_normalized_text_is_lower_strip(text: str, normalized: str) -> None:
    events, _ = process_blockers(
        daily_json=_daily({"text": text, "critical": False, "related_task_id": None}),
        known_tasks=set(),
        existing_blockers=set(),
    )
    assert events[0]["normalized_text"] == normalized
    assert events[0]["text"] == text  # the original text is kept as it was


@pytest.mark.parametrize(
    ("text", "existing", "repeat"),
    [
        ("Жду доступы к стенду", {"жду доступы к стенду"}, True),
        ("  жду доступы к стенду  ", {"жду доступы к стенду"}, True),
        ("Жду доступы к стенду!", {"жду доступы к стенду"}, False),  # exact match only, no semantics (seed 6)
        ("Жду ревью MR", {"жду ревью mr", "жду доступы к стенду"}, True),
        ("Жду ревью", set(), False),
    ],
)
def test_repeat_detection_is_exact_match_on_normalized_text(text: str, existing: set[str], repeat: bool) -> None:
    events, _ = process_blockers(
        daily_json=_daily({"text": text, "critical": False, "related_task_id": "TASK-1"}),
        known_tasks={"TASK-1"},
        existing_blockers=existing,
    )
    assert events[0]["is_repeat"] is repeat


@pytest.mark.parametrize(
    ("related", "task_id"),
    [
        ("TASK-1", "TASK-1"),
        ("BUG-10", "BUG-10"),
        ("", NO_TASK_ID),
        (None, NO_TASK_ID),
        ("не задача", NO_TASK_ID),
        (7, NO_TASK_ID),
    ],
)
def test_task_id_or_no_task_id(related: Any, task_id: str) -> None:
    events, _ = process_blockers(
        daily_json=_daily({"text": "x", "critical": True, "related_task_id": related}),
        known_tasks={"TASK-1", "BUG-10"},
        existing_blockers=set(),
    )
    assert events[0]["task_id"] == task_id
    assert events[0]["task_exists"] is (task_id != NO_TASK_ID)


def test_event_format_and_order() -> None:
    daily = _daily(
        {"text": "первый", "critical": False, "related_task_id": "TASK-1"},
        {"text": "второй", "critical": True, "related_task_id": "TASK-2"},
        {"text": "третий", "critical": True},
        role="QA",
    )
    events, escalations = process_blockers(daily_json=daily, known_tasks={"TASK-1", "TASK-2"}, existing_blockers=set())
    assert [e["text"] for e in events] == ["первый", "второй", "третий"]
    assert set(events[0]) == {
        "author_role",
        "text",
        "normalized_text",
        "task_id",
        "task_exists",
        "severity",
        "is_repeat",
        "source",
    }
    assert all(e["source"] == "daily" and e["author_role"] == "QA" for e in events)
    assert [e["severity"] for e in escalations] == ["critical", "high"]
    assert "author_id" not in events[0]  # blockers.py knows no users (seed 8)


@pytest.mark.parametrize(
    ("task", "severity", "escalated"),
    [("TASK-1", "high", True), (None, "medium", False), ("TASK-404", "medium", False)],
)
def test_a_repeated_wait_is_one_step_more_severe(task: str | None, severity: str, escalated: bool) -> None:
    daily = _daily({"text": "Жду ревью MR", "critical": False, "related_task_id": task})
    first, _ = process_blockers(daily_json=daily, known_tasks={"TASK-1"}, existing_blockers=set())
    events, escalations = process_blockers(daily_json=daily, known_tasks={"TASK-1"}, existing_blockers={"жду ревью mr"})
    assert first[0]["severity"] == ("medium" if task == "TASK-1" else "low")
    assert events[0]["is_repeat"] and events[0]["severity"] == severity
    assert bool(escalations) is escalated
    if escalated:
        assert escalations[0]["reason"] == "блокер повторяется: о нём уже сообщали в daily"


def test_a_stopped_team_without_a_task_is_escalated_with_its_reason() -> None:
    daily = _daily({"text": "Стенд лежит, вся команда стоит!", "critical": True, "related_task_id": None})
    events, escalations = process_blockers(daily_json=daily, known_tasks={"TASK-1"}, existing_blockers=set())
    assert events[0]["severity"] == escalations[0]["severity"] == "high"  # seed 003's matrix: no known task
    assert escalations[0]["reason"] == "стоит команда или другие участники"
    again, _ = process_blockers(
        daily_json=daily, known_tasks={"TASK-1"}, existing_blockers={"стенд лежит, вся команда стоит!"}
    )
    assert again[0]["severity"] == "critical"  # reported again: one step up


def test_no_blockers_no_events() -> None:
    assert process_blockers(daily_json=_daily(), known_tasks={"TASK-1"}, existing_blockers={"x"}) == ([], [])


def test_pure_inputs_are_not_changed() -> None:
    daily = _daily({"text": "Жду", "critical": True, "related_task_id": "TASK-1"})
    known, existing = {"TASK-1"}, {"жду"}
    before = (copy.deepcopy(daily), set(known), set(existing))
    process_blockers(daily_json=daily, known_tasks=known, existing_blockers=existing)
    process_blockers(daily_json=daily, known_tasks=known, existing_blockers=existing)
    assert (daily, known, existing) == before


@pytest.mark.parametrize(
    "daily",
    [
        "не словарь",
        {"blockers": []},
        {"role": "PM", "blockers": []},
        {"role": "DEV", "blockers": "жду"},
        {"role": "DEV", "blockers": ["жду"]},
        {"role": "DEV", "blockers": [{"text": "", "critical": True}]},
        {"role": "DEV", "blockers": [{"text": "ok", "critical": "yes"}]},
    ],
)
def test_invalid_daily_is_a_clear_value_error(daily: Any) -> None:
    with pytest.raises(ValueError, match="daily_json"):
        process_blockers(daily_json=daily, known_tasks=set(), existing_blockers=set())


def test_seed_example_runs_as_written() -> None:
    daily_json = {
        "role": "DEV",
        "blockers": [{"text": "Жду доступы к стенду", "critical": True, "related_task_id": "TASK-2"}],
    }
    known_tasks = {"TASK-1", "TASK-2", "BUG-10"}
    existing_blockers = {"жду доступы к стенду", "жду ревью mr"}
    events, escalations = process_blockers(
        daily_json=daily_json,
        known_tasks=known_tasks,
        existing_blockers=existing_blockers,
    )
    user_id = "u-42"
    for e in events:
        e["author_id"] = user_id
    for esc in escalations:
        esc["author_id"] = user_id
    assert events[0]["is_repeat"] and events[0]["severity"] == "critical" and events[0]["author_id"] == "u-42"
    assert escalations[0]["type"] == "BLOCKER_ESCALATION" and escalations[0]["author_id"] == "u-42"
