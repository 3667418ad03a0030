"""Metrics the backend computes for each ANALYTICS intent (seed 5.2: «расчёт и формирование метрик — backend»)
and the data of a personal digest (seed 7).

Everything is computed from stored data — tasks, dailies, blocker events — over the period of the team's current
sprint (``sprint_start``..``sprint_end``) or, without sprint dates, the last :data:`DEFAULT_PERIOD_DAYS` days.
:func:`compute` works on a :class:`TeamSnapshot`, so the arithmetic is pure and tested without a database;
:func:`compute_metrics` takes the snapshot from the store.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.backend.models import BlockerEventInfo, DailyInfo, MemberInfo, TaskInfo, TeamInfo
from agentcore.apps.scrum.severity import SEVERITY_LEVELS

if TYPE_CHECKING:
    from agentcore.apps.scrum.backend.answers import OpenBlocker
    from agentcore.apps.scrum.backend.store import ScrumStore

DEFAULT_PERIOD_DAYS = 14
TOP_BLOCKERS = 5
OPEN_STATUSES = ("todo", "in_progress", "in_review")
OVERLOAD_IN_PROGRESS = 3
"""A member with at least this many tasks in progress at once is overloaded."""
OVERLOAD_FACTOR = 1.5
"""…as is one with more than this times the team's average open tasks."""
URGENT = ("high", "critical")


@dataclass(frozen=True)
class TeamSnapshot:
    """What the metrics are computed from: the team, its members and tasks, the period's dailies and blockers."""

    team: TeamInfo
    members: list[MemberInfo]
    tasks: list[TaskInfo]
    dailies: list[DailyInfo]
    events: list[BlockerEventInfo]
    start: date
    end: date
    today: date


def period_of(team: TeamInfo, now: datetime) -> tuple[date, date]:
    """``(start, end)`` of the period analytics look at (the sprint, or the last 14 days up to today)."""
    today = now.date()
    if team.sprint_start and team.sprint_start <= today:
        return team.sprint_start, team.sprint_end or today
    return today - timedelta(days=DEFAULT_PERIOD_DAYS - 1), today


def snapshot(store: ScrumStore, team_slug: str, now: datetime | None = None) -> TeamSnapshot:
    """Read what the metrics need from the store."""
    now = now or store.clock()
    team = store.team(team_slug)
    start, end = period_of(team, now)
    since = datetime.combine(start, time.min, tzinfo=now.tzinfo)
    return TeamSnapshot(
        team=team,
        members=store.members(team_slug),
        tasks=store.tasks(team_slug),
        dailies=store.dailies(team_slug, since=since),
        events=store.blocker_events(team_slug, since=since, limit=10_000),
        start=start,
        end=end,
        today=now.date(),
    )


def _name(s: TeamSnapshot, slug: str | None) -> str | None:
    """A member's display name (the id when the member is gone)."""
    if slug is None:
        return None
    return next((m.name for m in s.members if m.slug == slug), slug)


def _percent(part: float, whole: float) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def _period(s: TeamSnapshot) -> dict[str, Any]:
    return {"from": s.start.isoformat(), "to": s.end.isoformat(), "days": (s.end - s.start).days + 1}


def _without_daily_today(s: TeamSnapshot) -> list[str]:
    reported = {d.member for d in s.dailies if d.created_at.date() == s.today}
    return [m.slug for m in s.members if m.slug not in reported]


def _by_status(tasks: list[TaskInfo]) -> dict[str, int]:
    counts = Counter(t.status for t in tasks)
    return {status: counts.get(status, 0) for status in ("todo", *OPEN_STATUSES[1:], "done")}


def _done_in_period(s: TeamSnapshot) -> list[TaskInfo]:
    return [t for t in s.tasks if t.status == "done" and t.done_at and s.start <= t.done_at.date() <= s.today]


def working_days(start: date, end: date) -> int:
    """Mon–Fri days from ``start`` to ``end`` inclusive (0 when ``end`` is before ``start``); O(1)."""
    total = (end - start).days + 1
    if total <= 0:
        return 0
    weeks, rest = divmod(total, 7)
    return weeks * 5 + sum(1 for i in range(rest) if (start.weekday() + i) % 7 < 5)


@dataclass(frozen=True)
class Velocity:
    """The team's velocity — one definition for the dashboard, TEAM_OVERVIEW and the forecast: story points of the
    tasks done in the period ÷ working days (Mon–Fri) elapsed from its start to today, today included."""

    done_points: int
    working_days: int

    @property
    def exact(self) -> float:
        """Story points per working day, unrounded (0.0 before any working day)."""
        return self.done_points / self.working_days if self.working_days else 0.0

    @property
    def per_working_day(self) -> float:
        """The figure people read: story points per working day, to one decimal."""
        return round(self.exact, 1)


def velocity(s: TeamSnapshot) -> Velocity:
    """The period's velocity (:class:`Velocity`)."""
    done = sum(t.story_points or 0 for t in _done_in_period(s))
    return Velocity(done_points=done, working_days=working_days(s.start, min(s.today, s.end)))


def overview(s: TeamSnapshot, detail_level: str) -> dict[str, Any]:
    """TEAM_OVERVIEW: progress by status, points, dailies, blockers; EXTENDED adds dynamics and a forecast."""
    by_status = _by_status(s.tasks)
    blockers = _open(s)
    total = len(s.tasks)
    points_total = sum(t.story_points or 0 for t in s.tasks)
    points_done = sum(t.story_points or 0 for t in s.tasks if t.status == "done")
    metrics: dict[str, Any] = {
        "team": s.team.name,
        "sprint": s.team.sprint_name,
        "period": _period(s),
        "tasks_total": total,
        "tasks_by_status": by_status,
        "completion_percent": _percent(by_status["done"], total),
        "story_points_total": points_total,
        "story_points_done": points_done,
        "dailies_submitted": len(s.dailies),
        "members_without_daily_today": _without_daily_today(s),
        "open_blockers_count": len(blockers),
        "critical_blockers": sum(1 for b in blockers if b.severity == "critical"),
    }
    if detail_level != "EXTENDED":
        return metrics
    done = _done_in_period(s)
    per_day = Counter(t.done_at.date().isoformat() for t in done if t.done_at)
    speed = velocity(s)
    remaining_points = sum(t.story_points or 0 for t in s.tasks if t.status in OPEN_STATUSES)
    metrics["done_per_day"] = dict(sorted(per_day.items()))
    metrics["velocity_points_per_working_day"] = speed.per_working_day
    metrics["remaining_story_points"] = remaining_points
    to_finish = round(remaining_points / speed.exact, 1) if speed.exact else None
    metrics["forecast_working_days_to_finish"] = to_finish
    if s.team.sprint_end:
        days_left = working_days(s.today, s.team.sprint_end)
        metrics["working_days_left"] = days_left
        metrics["at_risk"] = remaining_points > 0 and (to_finish is None or to_finish > days_left)
    return metrics


def risks(s: TeamSnapshot) -> dict[str, Any]:
    """TEAM_RISKS: the open blockers (:func:`~agentcore.apps.scrum.backend.answers.open_blockers`, the one rule
    of the dashboard and the digest) — by severity, repeated, escalated, the main ones (the most severe first,
    then the most reported), all of them by age.  Every count is taken from that one list, so the totals and the
    list cannot disagree: a blocker closed by a later daily or lifted («снят») is in neither."""
    blockers = _open(s)
    severity = Counter(b.severity for b in blockers)
    ranked = sorted(blockers, key=lambda b: (-SEVERITY_LEVELS.index(b.severity), -b.reports, b.text))
    top = [
        {
            "text": b.text,
            "occurrences": b.reports,
            "severity": b.severity,
            "task_id": b.task_id,
            "author": b.owner,
            "author_name": b.owner_name,
        }
        for b in ranked[:TOP_BLOCKERS]
    ]
    return {
        "team": s.team.name,
        "period": _period(s),
        "open_blockers_count": len(blockers),
        "blockers_by_severity": {level: severity.get(level, 0) for level in ("critical", "high", "medium", "low")},
        "repeated_blockers": sum(1 for b in blockers if b.repeated or b.days_reported > 1),
        "escalations": sum(1 for b in blockers if b.severity in URGENT),
        "top_blockers": top,
        "open_blockers_by_age": [b.to_dict() for b in blockers],
        "members_without_daily_today": _without_daily_today(s),
    }


def _open(s: TeamSnapshot) -> list[OpenBlocker]:
    from agentcore.apps.scrum.backend.answers import open_blockers  # answers builds on this module

    return open_blockers(s)


def workload(s: TeamSnapshot) -> dict[str, Any]:
    """WORKLOAD: open tasks and points per member, who is overloaded or underloaded, unassigned work."""
    rows: list[dict[str, Any]] = []
    for member in s.members:
        mine = [t for t in s.tasks if t.assignee == member.slug]
        open_tasks = [t for t in mine if t.status in OPEN_STATUSES]
        rows.append(
            {
                "member": member.slug,
                "name": member.name,
                "role": member.role,
                "in_progress": sum(1 for t in mine if t.status == "in_progress"),
                "in_review": sum(1 for t in mine if t.status == "in_review"),
                "open_tasks": len(open_tasks),
                "open_story_points": sum(t.story_points or 0 for t in open_tasks),
            }
        )
    average = sum(r["open_tasks"] for r in rows) / len(rows) if rows else 0.0
    for row in rows:
        if row["in_progress"] >= OVERLOAD_IN_PROGRESS or (average and row["open_tasks"] > OVERLOAD_FACTOR * average):
            row["load"] = "перегрузка"
        elif row["open_tasks"] == 0:
            row["load"] = "недогрузка"
        else:
            row["load"] = "норма"
    return {
        "team": s.team.name,
        "members": rows,
        "overloaded": [r["member"] for r in rows if r["load"] == "перегрузка"],
        "underloaded": [r["member"] for r in rows if r["load"] == "недогрузка"],
        "unassigned_open_tasks": sum(1 for t in s.tasks if t.status in OPEN_STATUSES and not t.assignee),
    }


def release_blockers(s: TeamSnapshot) -> dict[str, Any]:
    """RELEASE_BLOCKERS: unfinished high/critical tasks and tasks with open urgent blockers (the open ones:
    :func:`~agentcore.apps.scrum.backend.answers.open_blockers`)."""
    keys = {t.key for t in s.tasks}
    urgent = [b for b in _open(s) if b.severity in URGENT]
    urgent_by_task = Counter(b.task_id for b in urgent if b.task_id in keys)
    blocking = [
        t for t in s.tasks if t.status in OPEN_STATUSES and (t.priority in URGENT or urgent_by_task.get(t.key, 0) > 0)
    ]
    blocking.sort(
        key=lambda t: (-urgent_by_task.get(t.key, 0), ("critical", "high", "medium", "low").index(t.priority))
    )
    listed = [
        {
            "key": t.key,
            "title": t.title,
            "status": t.status,
            "priority": t.priority,
            "assignee": t.assignee,
            "assignee_name": _name(s, t.assignee),
            "blockers": urgent_by_task.get(t.key, 0),
        }
        for t in blocking
    ]
    return {
        "team": s.team.name,
        "sprint": s.team.sprint_name,
        "period": _period(s),
        "blocking_tasks_count": len(listed),  # the count of the very list below: the two cannot disagree
        "blocking_tasks": listed,
        "critical_blockers": sum(1 for b in urgent if b.severity == "critical"),
        "unlinked_urgent_blockers": sum(1 for b in urgent if b.task_id not in keys),
    }


def compute(s: TeamSnapshot, intent: str, params: dict[str, Any]) -> dict[str, Any]:
    """The metrics of ``intent`` (with ``intent`` and ``params`` echoed, so the report knows what it reports).

    Raises:
        ValueError: an unknown intent.
    """
    if intent == "TEAM_OVERVIEW":
        body = overview(s, str(params.get("detail_level", "BASIC")))
    elif intent == "TEAM_RISKS":
        body = risks(s)
    elif intent == "WORKLOAD":
        body = workload(s)
    elif intent == "RELEASE_BLOCKERS":
        body = release_blockers(s)
    else:
        raise ValueError(f"unknown intent {intent!r}")
    # member id → name: the report names people (``templates.NAMES_KEY``); the lists keep the ids
    return {"intent": intent, "params": params, **body, "member_names": {m.slug: m.name for m in s.members}}


def compute_metrics(
    store: ScrumStore, team_slug: str, intent: str, params: dict[str, Any], now: datetime | None = None
) -> dict[str, Any]:
    """Seed 5.4's ``compute_metrics(intent=..., params=...)`` for one team, from the store."""
    return compute(snapshot(store, team_slug, now), intent, params)


def digest_data(store: ScrumStore, team_slug: str, member_slug: str, now: datetime | None = None) -> dict[str, Any]:
    """Seed 7's ``data`` for one member: task counts, current tasks, the period's blockers, notes."""
    now = now or store.clock()
    member = store.member(team_slug, member_slug)
    s = snapshot(store, team_slug, now)
    mine = [t for t in s.tasks if t.assignee == member.slug]
    done = [t for t in mine if t.status == "done" and t.done_at and s.start <= t.done_at.date() <= s.today]
    from agentcore.apps.scrum.backend.answers import open_blockers  # answers builds on this module

    blockers = open_blockers(s, member.slug)
    notes = []
    dailies = [d for d in s.dailies if d.member == member.slug]
    if not any(d.created_at.date() == s.today for d in dailies):
        notes.append("Daily за сегодня не отправлен")
    if s.team.sprint_name:
        notes.append(f"Спринт: {s.team.sprint_name}")
    return {
        "task_counts": {
            "in_progress": sum(1 for t in mine if t.status == "in_progress"),
            "in_review": sum(1 for t in mine if t.status == "in_review"),
            "done": len(done),
        },
        "current_tasks": [{"id": t.key, "title": t.title} for t in mine if t.status in ("in_progress", "in_review")],
        "blockers": [
            {
                "text": b.text,
                "severity": b.severity,
                "is_repeat": b.days_reported > 1 or b.repeated,
                "task_id": b.task_id,
                "owner": b.owner_name,
                "age_days": b.age_days,
            }
            for b in blockers[:10]
        ],
        "notes": notes,
    }
