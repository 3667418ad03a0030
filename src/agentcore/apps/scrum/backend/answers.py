"""The backend's own analytics answers (see :mod:`agentcore.apps.scrum.backend.questions`), from stored data.

Each answer is ``(metrics, text)``: the data it was computed from and a Russian text written from that data only
(every number and id in the text is in the metrics).  Lists and their counts come from one list, so they agree.

* :func:`task_status` — status, assignee (by name), priority, estimate, the blockers on the task by age and the
  latest daily that mentions it;
* :func:`member_status` — one member's tasks by status, their latest daily, their open blockers by age;
* :func:`forecast` — will the remaining estimate fit before a date at the team's velocity: the reasoning, the
  uncertainty, or «Недостаточно данных: нужно …»;
* :func:`daily_status` — who has sent today's daily and who has not (by name);
* :func:`open_blockers` — blockers de-duplicated across days (one per author and text) with their age and owner,
  shared by TEAM_RISKS, the digest and the answers above.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import Any

from agentcore.apps.scrum.backend.metrics import OPEN_STATUSES, TeamSnapshot, velocity, working_days
from agentcore.apps.scrum.backend.models import BlockerEventInfo, DailyInfo, MemberInfo, TaskInfo
from agentcore.apps.scrum.severity import SEVERITY_LEVELS
from agentcore.text.agreement import plural

STATUS_RU = {"todo": "к выполнению", "in_progress": "в работе", "in_review": "на ревью", "done": "готово"}
PRIORITY_RU = {"low": "низкий", "medium": "средний", "high": "высокий", "critical": "критический"}
SEVERITY_RU = {"low": "низкая", "medium": "средняя", "high": "высокая", "critical": "критическая"}
NO_TASK = "NO_TASK_ID"
MARGIN = 0.15
"""Forecast verdicts: «скорее да» above (1 + MARGIN) × remaining, «на грани» within, «скорее нет» below."""


@dataclass(frozen=True)
class OpenBlocker:
    """One blocker as a person reads it: the same text from the same author on several days is one blocker."""

    text: str
    owner: str
    owner_name: str
    task_id: str | None
    severity: str
    first_seen: date
    last_seen: date
    days_reported: int
    age_days: int
    reports: int = 1
    """How many dailies reported it (the same text on several days, or twice in a day)."""
    repeated: bool = False
    """Whether a report of it was a repeat (seed 8's ``is_repeat``: the text was seen in the team before)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "owner": self.owner,
            "owner_name": self.owner_name,
            "task_id": self.task_id,
            "severity": self.severity,
            "first_seen": self.first_seen.isoformat(),
            "last_seen": self.last_seen.isoformat(),
            "days_reported": self.days_reported,
            "age_days": self.age_days,
        }

    def line(self) -> str:
        """«нет стенда — Анна, задача TASK-2, 3 дня (с 2026-03-09), важность критическая»; «…, сегодня, …» for a
        blocker first reported today."""
        from agentcore.apps.scrum.templates import blocker_age

        task = f", задача {self.task_id}" if self.task_id else ""
        return (
            f"{self.text} — {self.owner_name}{task}, {blocker_age(self.age_days, self.first_seen.isoformat())}, "
            f"важность {SEVERITY_RU.get(self.severity, self.severity)}"
        )


def days(n: int) -> str:
    """«1 день», «3 дня», «5 дней»."""
    return plural(n, "день", "дня", "дней")


def working_days_words(n: int) -> str:
    """«1 рабочий день», «3 рабочих дня», «5 рабочих дней»."""
    word = days(n).split(" ", 1)[1]
    return f"{n} {'рабочий' if word == 'день' else 'рабочих'} {word}"


def names(s: TeamSnapshot) -> dict[str, str]:
    """Member id → display name."""
    return {m.slug: m.name for m in s.members}


def open_blockers(s: TeamSnapshot, member: str | None = None) -> list[OpenBlocker]:
    """Blockers still open: one per (author, normalised text), oldest first.

    The rule (one for every reader — the dashboard, TEAM_RISKS, the digest, the answers about a task or a member,
    the Telegram bot's follow-ups): a blocker is open when its author's **latest** daily reports it and the author
    has not marked it lifted since («снят», :meth:`~agentcore.apps.scrum.backend.store.ScrumStore.lift_blocker`).
    A later daily that reports no blockers («блокеров нет», «стенд починили, блокер снят») or other ones closes the
    author's earlier blockers — of an earlier day or of the same day alike.  A blocker reported again later is one
    blocker, aged from its first report (and open again after a lift: the new report is not lifted).
    """
    latest_daily: dict[str, DailyInfo] = {}
    for d in s.dailies:  # newest first: the first seen is the latest
        latest_daily.setdefault(d.member, d)
    grouped: dict[tuple[str, str], list[BlockerEventInfo]] = {}
    for event in s.events:
        if member is None or event.author_id == member:
            grouped.setdefault((event.author_id, event.normalized_text), []).append(event)
    who = names(s)
    result = []
    for (author, _text), events in grouped.items():
        events.sort(key=lambda e: (e.created_at, e._daily_id or 0))
        first, last = events[0], events[-1]
        current = _current_reports(events, latest_daily.get(author))
        if not current or all(e.lifted_at is not None for e in current):
            continue
        last_day = last.created_at.date()
        result.append(
            OpenBlocker(
                text=last.text,
                owner=author,
                owner_name=who.get(author, author),
                task_id=None if last.task_id == NO_TASK else last.task_id,
                severity=max((e.severity for e in events), key=SEVERITY_LEVELS.index),
                first_seen=first.created_at.date(),
                last_seen=last_day,
                days_reported=len({e.created_at.date() for e in events}),
                age_days=(s.today - first.created_at.date()).days,
                reports=len(events),
                repeated=any(e.is_repeat for e in events),
            )
        )
    result.sort(key=lambda b: (-b.age_days, b.owner, b.text))
    return result


def _current_reports(events: list[BlockerEventInfo], latest: DailyInfo | None) -> list[BlockerEventInfo]:
    """The reports of one blocker (``events``, oldest first) that came with its author's latest daily ``latest``
    — none when that daily no longer reports it."""
    if latest is None:  # the daily is gone (outside the period): the blocker speaks for itself
        return events[-1:]
    if any(e._daily_id is not None for e in events):
        return [e for e in events if e._daily_id == latest.id]
    return [e for e in events if e.created_at >= latest.created_at]  # records without the daily's id: by time


def _task_line(task: TaskInfo, who: dict[str, str]) -> str:
    assignee = who.get(task.assignee, task.assignee) if task.assignee else "не назначен"
    points = f", {task.story_points} SP" if task.story_points is not None else ", без оценки"
    status = STATUS_RU[task.status]
    priority = PRIORITY_RU.get(task.priority, task.priority)
    return f"{task.key} «{task.title}»: {status}, исполнитель — {assignee}, приоритет {priority}{points}"


def task_status(s: TeamSnapshot, task_ids: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """The status of the named tasks."""
    tasks = {t.key: t for t in s.tasks}
    who = names(s)
    blockers = open_blockers(s)
    rows: list[dict[str, Any]] = []
    lines: list[str] = []
    for key in task_ids:
        task = tasks.get(key)
        if task is None:
            rows.append({"key": key, "found": False})
            lines.append(f"Задачи {key} нет среди задач команды «{s.team.name}».")
            continue
        on_task = [b for b in blockers if b.task_id == key]
        mentions = [
            d
            for d in s.dailies
            if any(
                item.get("task_id") == key for section in ("yesterday", "today") for item in d.daily.get(section, [])
            )
        ]
        row: dict[str, Any] = {
            "key": key,
            "found": True,
            "title": task.title,
            "status": task.status,
            "assignee": task.assignee,
            "assignee_name": who.get(task.assignee) if task.assignee else None,
            "priority": task.priority,
            "story_points": task.story_points,
            "blockers": [b.to_dict() for b in on_task],
        }
        line = _task_line(task, who) + "."
        if on_task:
            line += " Блокеры: " + "; ".join(b.line() for b in on_task) + "."
        if mentions:
            last = mentions[0]  # newest first
            row["last_daily"] = {"member": last.member, "date": last.created_at.date().isoformat()}
            line += f" Последнее упоминание в daily: {who.get(last.member, last.member)}, {row['last_daily']['date']}."
        rows.append(row)
        lines.append(line)
    return {"intent": "TASK_STATUS", "tasks": rows}, "\n".join(lines)


def member_status(s: TeamSnapshot, member: MemberInfo) -> tuple[dict[str, Any], str]:
    """One member's view: tasks by status, their latest daily, their open blockers by age."""
    mine = [t for t in s.tasks if t.assignee == member.slug]
    by_status = {status: [t.key for t in mine if t.status == status] for status in ("in_progress", "in_review", "todo")}
    done = [t.key for t in mine if t.status == "done" and t.done_at and s.start <= t.done_at.date() <= s.today]
    blockers = open_blockers(s, member.slug)
    dailies = [d for d in s.dailies if d.member == member.slug]
    metrics: dict[str, Any] = {
        "intent": "MEMBER_STATUS",
        "member": member.slug,
        "name": member.name,
        "role": member.role,
        "tasks": {**by_status, "done_in_period": done},
        "open_blockers": [b.to_dict() for b in blockers],
        "last_daily": dailies[0].created_at.date().isoformat() if dailies else None,
    }
    lines = [f"{member.name} ({member.role}):"]
    for label, keys in (
        ("в работе", by_status["in_progress"]),
        ("на ревью", by_status["in_review"]),
        ("к выполнению", by_status["todo"]),
        ("закрыто за период", done),
    ):
        lines.append(f"• {label} — {len(keys)}" + (f": {', '.join(keys)}" if keys else ""))
    if dailies:
        today_plan = list(dict.fromkeys(i.get("summary", "") for i in dailies[0].daily.get("today", [])))
        plan = f"; план: {'; '.join(today_plan)}" if today_plan else ""
        lines.append(f"• последний daily — {metrics['last_daily']}{plan}")
    else:
        lines.append("• daily за период не было")
    lines.append(f"• открытых блокеров — {len(blockers)}" + (":" if blockers else ""))
    lines += [f"  – {b.line()}" for b in blockers]
    return metrics, "\n".join(lines)


def daily_status(s: TeamSnapshot) -> tuple[dict[str, Any], str]:
    """Who has not sent today's daily (and who has), by name — the members' order of the team."""
    reported = {d.member for d in s.dailies if d.created_at.date() == s.today}
    without = [{"member": m.slug, "name": m.name} for m in s.members if m.slug not in reported]
    with_daily = [{"member": m.slug, "name": m.name} for m in s.members if m.slug in reported]
    total = len(s.members)
    metrics: dict[str, Any] = {
        "intent": "DAILY_STATUS",
        "date": s.today.isoformat(),
        "members_total": total,
        "without_daily_today": without,
        "with_daily_today": with_daily,
    }
    if not total:
        return metrics, f"В команде «{s.team.name}» пока нет участников."
    if not without:
        return metrics, f"Сегодня ({s.today.isoformat()}) daily прислали все: {total} из {total}."
    lines = [
        f"Без daily сегодня ({s.today.isoformat()}) — {len(without)} из {total}: "
        + ", ".join(m["name"] for m in without)
        + "."
    ]
    lines.append("Прислали: " + ", ".join(m["name"] for m in with_daily) + "." if with_daily else "Не прислал никто.")
    return metrics, "\n".join(lines)


MAX_HORIZON_DAYS = 366
"""A forecast looks at most this far ahead: a sprint's velocity says nothing about next year."""


def forecast(s: TeamSnapshot, deadline: date | None, deadline_words: str | None) -> tuple[dict[str, Any], str]:
    """Will the sprint's remaining estimate be done by ``deadline`` at the velocity so far?

    Velocity = story points of tasks done in the period ÷ working days elapsed; capacity = velocity × working days
    left (today included); the verdict compares capacity with the remaining points; the working days the remaining
    points take at that velocity answer «когда закончим?».  The uncertainty is shown as a
    range (velocity ± 1/√days observed) and the unestimated tasks left out.  Without a date, done work or
    estimates the answer is «Недостаточно данных: нужно …».
    """
    open_tasks = [t for t in s.tasks if t.status in OPEN_STATUSES]
    estimated = [t for t in open_tasks if t.story_points is not None]
    unestimated = [t.key for t in open_tasks if t.story_points is None]
    speed = velocity(s)
    done_points, elapsed = speed.done_points, speed.working_days
    metrics: dict[str, Any] = {
        "intent": "FORECAST",
        "deadline": deadline.isoformat() if deadline else None,
        "remaining_tasks": len(open_tasks),
        "remaining_points": sum(t.story_points or 0 for t in estimated),
        "unestimated_tasks": unestimated,
        "done_points": done_points,
        "working_days_elapsed": elapsed,
    }
    missing = []
    if deadline is None:
        missing.append("срок — дата в вопросе («к 20.03», «к пятнице») или дата конца спринта у команды")
    if not done_points or not elapsed:
        missing.append("хотя бы одна закрытая в этом спринте задача с оценкой в story points, чтобы знать скорость")
    if open_tasks and not estimated:
        missing.append("оценки открытых задач в story points")
    if missing:
        metrics["verdict"] = "insufficient_data"
        return metrics, "Недостаточно данных: нужно " + "; ".join(missing) + "."
    assert deadline is not None
    if deadline < s.today:
        metrics["verdict"] = "past_deadline"
        return metrics, f"Срок {deadline.isoformat()} уже прошёл: прогноз на прошедшую дату не строю."
    if (deadline - s.today).days > MAX_HORIZON_DAYS:
        metrics["verdict"] = "too_far"
        return metrics, (
            f"Срок {deadline.isoformat()} дальше чем через год: скорость одного спринта о нём ничего не скажет. "
            "Спроси о дате в пределах спринта."
        )
    if not open_tasks:
        metrics["verdict"] = "done"
        return metrics, "Открытых задач нет: всё, что есть в спринте, уже сделано."
    left = working_days(s.today, deadline)
    per_day = speed.exact
    spread = per_day / math.sqrt(elapsed)
    capacity = per_day * left
    low, high = max(per_day - spread, 0.0) * left, (per_day + spread) * left
    remaining = metrics["remaining_points"]
    if capacity >= remaining * (1 + MARGIN):
        verdict, words = "likely", "Скорее да"
    elif capacity >= remaining * (1 - MARGIN):
        verdict, words = "borderline", "На грани"
    else:
        verdict, words = "unlikely", "Скорее нет"
    needed = math.ceil(remaining / per_day - 1e-9)  # «когда закончим?»: the working days the rest takes
    metrics.update(
        working_days_left=left,
        velocity_points_per_working_day=speed.per_working_day,
        capacity_points=round(capacity, 1),
        capacity_range=[round(low, 1), round(high, 1)],
        working_days_needed=needed,
        verdict=verdict,
    )
    when = f"{deadline_words} ({deadline.isoformat()})" if deadline_words else deadline.isoformat()
    lines = [
        f"{words}: успеть {when}.",
        f"• Осталось {remaining} SP в {len(estimated)} оценённых задачах.",
        f"• Скорость: {done_points} SP за {working_days_words(elapsed)} → "
        f"{metrics['velocity_points_per_working_day']} SP в рабочий день.",
        f"• До срока рабочих дней: {left} → при той же скорости успеем около {metrics['capacity_points']} SP.",
        f"• На оставшиеся {remaining} SP при той же скорости нужно около {working_days_words(needed)}.",
        f"• Неопределённость: при скорости ±1/√{elapsed} от средней — от {metrics['capacity_range'][0]} до "
        f"{metrics['capacity_range'][1]} SP.",
    ]
    if unestimated:
        lines.append(f"• Не учтены задачи без оценки ({len(unestimated)}): {', '.join(unestimated)}.")
    if elapsed < 3:
        lines.append(f"• Скорость посчитана всего по {days(elapsed)}: прогноз грубый.")
    return metrics, "\n".join(lines)
