"""The team dashboard's data (``GET /scrum/teams/{team}/dashboard``; the web console draws it): one read of the
store, everything computed from stored data.

* ``members`` — each member's latest daily (done / today / blockers, each blocker ``lifted`` when its author has
  marked it lifted since, whether it is today's) and the clarifying
  question their open daily dialogue waits on;
* ``blockers`` — open blockers by age, oldest first (:func:`~agentcore.apps.scrum.backend.answers.open_blockers`),
  each marked ``escalated`` when its severity is one the pipeline escalates (high, critical);
* ``burndown`` — story points remaining at the end of each sprint day up to today against the ideal line (the
  sprint's scope is the team's tasks; a task counts as burnt on the day it became done);
* ``velocity`` — story points done per sprint day and the team's velocity, story points per working day
  (:func:`~agentcore.apps.scrum.backend.metrics.velocity`: the one definition TEAM_OVERVIEW and the forecast use).

:func:`build` works on a :class:`~agentcore.apps.scrum.backend.metrics.TeamSnapshot` (pure, tested without a
database); :func:`dashboard` takes the snapshot and the open dialogues from the store.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.backend.answers import open_blockers
from agentcore.apps.scrum.backend.metrics import TeamSnapshot, snapshot
from agentcore.apps.scrum.backend.metrics import velocity as team_velocity
from agentcore.apps.scrum.severity import ESCALATED_SEVERITIES

if TYPE_CHECKING:
    from datetime import datetime

    from agentcore.apps.scrum.backend.models import DailyInfo
    from agentcore.apps.scrum.backend.store import ScrumStore

__all__ = ["build", "burndown", "dashboard", "velocity"]

MAX_CHART_DAYS = 62
"""A longer sprint is drawn over its last this many days (a chart of a year is not a sprint's)."""


def _days(s: TeamSnapshot) -> list[date]:
    """The sprint's days (or the analytics period's), bounded by :data:`MAX_CHART_DAYS`."""
    count = min((s.end - s.start).days + 1, MAX_CHART_DAYS)
    first = s.end - timedelta(days=count - 1) if count < (s.end - s.start).days + 1 else s.start
    return [first + timedelta(days=i) for i in range(count)]


def burndown(s: TeamSnapshot) -> dict[str, Any]:
    """``{"total_points", "days": [{"date", "ideal", "remaining"}]}``; ``remaining`` is None after today."""
    total = sum(t.story_points or 0 for t in s.tasks)
    days = _days(s)
    span = max(len(days) - 1, 1)
    done_on = [(t.done_at.date(), t.story_points or 0) for t in s.tasks if t.status == "done" and t.done_at]
    rows = []
    for index, day in enumerate(days):
        remaining = None
        if day <= s.today:
            remaining = total - sum(points for when, points in done_on if when <= day)
        rows.append({"date": day.isoformat(), "ideal": round(total * (1 - index / span), 1), "remaining": remaining})
    return {"total_points": total, "days": rows}


def velocity(s: TeamSnapshot) -> dict[str, Any]:
    """``{"days": [{"date", "points", "tasks"}], "points_done", "working_days", "points_per_working_day"}`` up to
    today; ``points_per_working_day`` is :func:`~agentcore.apps.scrum.backend.metrics.velocity`'s figure."""
    days = [d for d in _days(s) if d <= s.today]
    rows: list[dict[str, Any]] = []
    for day in days:
        done = [t for t in s.tasks if t.status == "done" and t.done_at and t.done_at.date() == day]
        rows.append({"date": day.isoformat(), "points": sum(t.story_points or 0 for t in done), "tasks": len(done)})
    speed = team_velocity(s)
    return {
        "days": rows,
        "points_done": speed.done_points,
        "working_days": speed.working_days,
        "points_per_working_day": speed.per_working_day,
    }


def _marked(blockers: list[Any], lifted: set[str]) -> list[Any]:
    """The daily's blockers, each with ``lifted`` — whether its author has marked it lifted since («снят»): the
    member's row and the open blockers say the same."""
    return [
        {**b, "lifted": str(b.get("text", "")).lower().strip() in lifted} if isinstance(b, dict) else b
        for b in blockers
    ]


def _members(s: TeamSnapshot, questions: dict[str, str | None]) -> list[dict[str, Any]]:
    latest: dict[str, DailyInfo] = {}
    for report in s.dailies:  # newest first: the first seen is the latest
        latest.setdefault(report.member, report)
    lifted: dict[int, set[str]] = {}  # daily id → the normalised texts of its blockers lifted since («снят»)
    for event in s.events:
        if event.lifted_at is not None and event._daily_id is not None:
            lifted.setdefault(event._daily_id, set()).add(event.normalized_text)
    rows = []
    for member in s.members:
        daily = latest.get(member.slug)
        shown = None
        if daily is not None:
            body = daily.daily
            shown = {
                "date": daily.created_at.date().isoformat(),
                "at": daily.created_at.isoformat().replace("+00:00", "Z"),
                "is_today": daily.created_at.date() == s.today,
                "quality": daily.quality,
                "yesterday": list(body.get("yesterday") or []),
                "today": list(body.get("today") or []),
                "blockers": _marked(list(body.get("blockers") or []), lifted.get(daily.id, set())),
            }
        rows.append(
            {
                "slug": member.slug,
                "name": member.name,
                "role": member.role,
                "daily": shown,
                "pending_question": questions.get(member.slug),
            }
        )
    return rows


def build(s: TeamSnapshot, questions: dict[str, str | None] | None = None) -> dict[str, Any]:
    """The dashboard of one team from a snapshot (``questions``: member → pending clarifying question)."""
    blockers = [{**b.to_dict(), "escalated": b.severity in ESCALATED_SEVERITIES} for b in open_blockers(s)]
    reported = {d.member for d in s.dailies if d.created_at.date() == s.today}
    return {
        "team": {
            "slug": s.team.slug,
            "name": s.team.name,
            "sprint_name": s.team.sprint_name,
            "sprint_start": s.team.sprint_start.isoformat() if s.team.sprint_start else None,
            "sprint_end": s.team.sprint_end.isoformat() if s.team.sprint_end else None,
        },
        "today": s.today.isoformat(),
        "period": {"from": s.start.isoformat(), "to": s.end.isoformat()},
        "members": _members(s, questions or {}),
        "dailies_today": len(reported),
        "members_without_daily_today": [m.slug for m in s.members if m.slug not in reported],
        "blockers": blockers,
        "escalated_blockers": sum(1 for b in blockers if b["escalated"]),
        "burndown": burndown(s),
        "velocity": velocity(s),
    }


def dashboard(store: ScrumStore, team_slug: str, now: datetime | None = None) -> dict[str, Any]:
    """:func:`build` for one team from the store, with each member's open clarifying question.

    Raises:
        NotFoundError: no such team.
    """
    s = snapshot(store, team_slug, now)
    questions: dict[str, str | None] = {}
    for member in s.members:
        state = store.session_state(member)
        if state and state.get("mode") == "CLARIFICATION":
            questions[member.slug] = state.get("question")
    return build(s, questions)
