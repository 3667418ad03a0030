"""Seed 003 section 8: blockers pipeline — pure classification of a daily's blockers, no I/O.

    events, escalations = process_blockers(
        daily_json=daily_resp["data"]["daily"],
        known_tasks={"TASK-1", "TASK-2", "BUG-10"},
        existing_blockers={"жду доступы к стенду"},
    )

Every blocker becomes a ``blocker_event`` (``normalized_text = text.lower().strip()``, ``task_id`` or
``NO_TASK_ID``, ``task_exists``, ``severity`` by the rule below, ``is_repeat``, ``source="daily"``); a
``high``/``critical`` one also becomes an ``escalation_payload``.

Severity — seed 003's matrix for a first report, read from the daily's ``critical`` flag (what the blocker does:
the member or the team cannot go on, production down, the release at risk — ``blocker_reading.criticality``) and
whether the tracker knows the task; a repeat goes one step up (issue 19: age and repeats raise severity here, never
the daily's flag):

==============  ===========  =============  =========
critical_flag   task_exists  first report   a repeat
==============  ===========  =============  =========
True            True         critical       critical
True            False        high           critical
False           True         medium         high
False           False        low            medium
==============  ===========  =============  =========

A wait is never critical however long it lasts; its repeats raise it one step instead (a repeated wait on a real
task is «high» and reaches the lead).

The module knows nothing of users, time or trackers: the backend attaches ``author_id``, stores the events and
decides where escalations go.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from agentcore.apps.scrum.blocker_reading import escalation_reason
from agentcore.apps.scrum.severity import ESCALATED_SEVERITIES, SEVERITY_LEVELS
from agentcore.apps.scrum.task_ids import is_task_id

NO_TASK_ID = "NO_TASK_ID"
SOURCE = "daily"
ESCALATION_TYPE = "BLOCKER_ESCALATION"
ROLES = ("DEV", "QA")

# A task id the tracker could know: KEY-123 (the key starts with a Latin letter).
_VALID_TASK_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_]*-\d+$")

REPEAT_REASON = "блокер повторяется: о нём уже сообщали в daily"


def normalize_blocker_text(text: str) -> str:
    """The seed's normalisation: ``text.lower().strip()`` (repeat detection is an exact match on this)."""
    return text.lower().strip()


def severity_of(critical_flag: bool, task_exists: bool, is_repeat: bool = False) -> str:
    """The severity rule of the module docstring: seed 003's matrix (``critical`` / ``high`` for a critical
    blocker on a known / unknown task, ``medium`` / ``low`` otherwise), one step higher for a repeat."""
    base = (2 if critical_flag else 0) + (1 if task_exists else 0)
    return SEVERITY_LEVELS[min(base + (1 if is_repeat else 0), len(SEVERITY_LEVELS) - 1)]


def _task_id(value: Any) -> str:
    """The blocker's task id, or ``NO_TASK_ID`` when it is missing or not a valid id."""
    if isinstance(value, str) and (_VALID_TASK_ID.match(value.strip()) or is_task_id(value.strip())):
        return value.strip()
    return NO_TASK_ID


def _blocker(index: int, raw: Any) -> tuple[str, bool, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"daily_json['blockers'][{index}] must be an object")
    text = raw.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"daily_json['blockers'][{index}]['text'] must be a non-empty string")
    critical = raw.get("critical", False)
    if not isinstance(critical, bool):
        raise ValueError(f"daily_json['blockers'][{index}]['critical'] must be true or false")
    return text, critical, raw.get("related_task_id")


def process_blockers(
    daily_json: Mapping[str, Any],
    known_tasks: Collection[str],
    existing_blockers: Collection[str],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Classify the blockers of one daily.

    Args:
        daily_json: the ``daily`` object of a DAILY response (``role`` and ``blockers`` are read).
        known_tasks: ids of tasks that exist in the tracker (only used for ``task_exists``).
        existing_blockers: normalised texts of blockers recorded before (exact-match repeat detection).

    Returns:
        ``(events, escalations)``: one event per blocker in input order; an escalation for each event whose
        severity is ``high`` or ``critical`` (a critical blocker, or a repeated wait on a known task), in order.

    Raises:
        ValueError: ``daily_json`` is not a daily (no valid ``role``, ``blockers`` not a list of blockers).
    """
    if not isinstance(daily_json, Mapping):
        raise ValueError("daily_json must be the 'daily' object of a DAILY response")
    role = daily_json.get("role")
    if role not in ROLES:
        raise ValueError(f"daily_json['role'] must be one of {', '.join(ROLES)}")
    blockers = daily_json.get("blockers", [])
    if not isinstance(blockers, list):
        raise ValueError("daily_json['blockers'] must be a list")
    parsed = [_blocker(index, raw) for index, raw in enumerate(blockers)]  # validate all before producing any

    events: list[dict[str, Any]] = []
    escalations: list[dict[str, Any]] = []
    for text, critical, related in parsed:
        task_id = _task_id(related)
        task_exists = task_id != NO_TASK_ID and task_id in known_tasks
        normalized = normalize_blocker_text(text)
        is_repeat = normalized in existing_blockers
        severity = severity_of(critical, task_exists, is_repeat)
        events.append(
            {
                "author_role": role,
                "text": text,
                "normalized_text": normalized,
                "task_id": task_id,
                "task_exists": task_exists,
                "severity": severity,
                "is_repeat": is_repeat,
                "source": SOURCE,
            }
        )
        if severity in ESCALATED_SEVERITIES:
            escalations.append(
                {
                    "type": ESCALATION_TYPE,
                    "severity": severity,
                    "text": text,
                    "task_id": task_id,
                    "author_role": role,
                    "reason": escalation_reason(text, critical) if critical else REPEAT_REASON,
                }
            )
    return events, escalations
