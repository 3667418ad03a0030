"""Deterministic texts from the backend's data: the DIGEST template (seed 7) and the analytics report (seed 5.3).

Both are filled only from the input — every number and task id in them comes from it.  They are what the offline
provider answers, what a model's version is checked against, and the fallback when a model's text fails the checks.
"""

from __future__ import annotations

from typing import Any

from agentcore.apps.scrum.schemas import DigestData
from agentcore.text.agreement import plural

DIGEST_TITLE = "Дайджест"
DIGEST_SECTIONS = ("Задачи:", "Текущие задачи:", "Блокеры:", "Заметки:")
NOTHING = "— нет"
SEVERITY_RU = {"low": "низкая", "medium": "средняя", "high": "высокая", "critical": "критическая"}


def blocker_age(age_days: int, first_seen: str | None = None) -> str:
    """How long a blocker has been reported: «сегодня» (reported today), «3 дня» or «3 дня (с 2026-03-09)»."""
    if age_days <= 0:
        return "сегодня"
    since = f" (с {first_seen})" if first_seen else ""
    return plural(age_days, "день", "дня", "дней") + since


def _days(n: int) -> str:
    """A blocker's age in the digest: «сегодня» for 0, else «1 день», «3 дня», «5 дней»."""
    return blocker_age(n)


def render_digest(data: DigestData) -> str:
    """The unified personal digest (seed 7): four sections in a fixed order, no advice, nothing invented."""
    counts = data.task_counts
    lines = [
        DIGEST_TITLE,
        f"{DIGEST_SECTIONS[0]} в работе — {counts.in_progress}, на ревью — {counts.in_review}, готово — {counts.done}.",
        DIGEST_SECTIONS[1],
    ]
    lines += [f"• {task.id} — {task.title}" if task.title else f"• {task.id}" for task in data.current_tasks] or [
        NOTHING
    ]
    lines.append(DIGEST_SECTIONS[2])
    for blocker in data.blockers:
        where = f" (задача {blocker.task_id})" if blocker.task_id and blocker.task_id != "NO_TASK_ID" else ""
        owner = f", {blocker.owner}" if blocker.owner else ""
        age = f", {_days(blocker.age_days)}" if blocker.age_days is not None else ""
        repeat = ", повторяется" if blocker.is_repeat else ""
        lines.append(f"• {blocker.text}{where} — важность {SEVERITY_RU[blocker.severity]}{owner}{age}{repeat}")
    if not data.blockers:
        lines.append(NOTHING)
    lines.append(DIGEST_SECTIONS[3])
    lines += [f"• {note}" for note in data.notes] or [NOTHING]
    return "\n".join(lines)


PRIORITY_RU = {"low": "низкий", "medium": "средний", "high": "высокий", "critical": "критический"}
STATUS_RU = {"todo": "к выполнению", "in_progress": "в работе", "in_review": "на ревью", "done": "готово"}

INTENT_TITLES = {
    "TEAM_OVERVIEW": "Обзор спринта",
    "TEAM_RISKS": "Риски и блокеры команды",
    "WORKLOAD": "Загрузка участников",
    "RELEASE_BLOCKERS": "Что блокирует релиз",
}

# Russian labels for the keys the reference backend's metrics use; unknown keys are shown as they are.
LABELS = {
    "team": "команда",
    "sprint": "спринт",
    "period": "период",
    "from": "с",
    "to": "по",
    "days": "дней",
    "detail_level": "детализация",
    "tasks_total": "задач всего",
    "tasks_by_status": "задачи по статусам",
    "todo": "к выполнению",
    "in_progress": "в работе",
    "in_review": "на ревью",
    "done": "готово",
    "completion_percent": "готово, %",
    "story_points_total": "story points всего",
    "story_points_done": "story points готово",
    "dailies": "дейли",
    "dailies_submitted": "дейли отправлено",
    "members_without_daily_today": "без дейли сегодня",
    "blockers_total": "блокеров всего",
    "blockers_by_severity": "блокеры по важности",
    "low": "низкая",
    "medium": "средняя",
    "high": "высокая",
    "critical": "критическая",
    "repeated_blockers": "повторяющихся блокеров",
    "escalations": "эскалаций",
    "top_blockers": "главные блокеры",
    "text": "текст",
    "task_id": "задача",
    "severity": "важность",
    "occurrences": "раз",
    "author": "ID автора",
    "author_name": "автор",
    "name": "имя",
    "owner": "ID владельца",
    "owner_name": "владелец",
    "first_seen": "впервые",
    "last_seen": "последний раз",
    "days_reported": "дней в отчётах",
    "age_days": "возраст, дней",
    "open_blockers_count": "открытых блокеров",
    "open_blockers_by_age": "открытые блокеры по возрасту",
    "blocking_tasks_count": "блокирующих задач",
    "assignee_name": "исполнитель",
    "members": "участники",
    "member": "участник",
    "role": "роль",
    "open_tasks": "открытых задач",
    "open_story_points": "открытых story points",
    "load": "загрузка",
    "overloaded": "перегружены",
    "underloaded": "недогружены",
    "unassigned_open_tasks": "открытых задач без исполнителя",
    "release_tasks_open": "открытых задач релиза",
    "blocking_tasks": "блокирующие задачи",
    "key": "задача",
    "title": "название",
    "status": "статус",
    "priority": "приоритет",
    "assignee": "ID исполнителя",
    "blockers": "блокеры",
    "critical_blockers": "критических блокеров",
    "done_per_day": "закрыто по дням",
    "velocity_per_day": "задач в день",
    "velocity_points_per_working_day": "скорость, SP в рабочий день",
    "remaining_story_points": "осталось story points",
    "forecast_working_days_to_finish": "прогноз, рабочих дней до завершения",
    "working_days_left": "рабочих дней до конца спринта",
    "forecast_days_to_finish": "прогноз, дней до завершения",
    "days_left": "дней до конца спринта",
    "at_risk": "риск не успеть",
    "unlinked_urgent_blockers": "срочных блокеров без задачи",
}
# A daily's quality (the JSON keeps the seed's codes; people read these).
QUALITY_RU = {
    "EMPTY": "пустой",
    "TOO_SHORT": "слишком короткий",
    "NO_TASKS_MENTIONED": "без задач",
    "DETAIL_OK": "достаточно подробный",
    "GREAT": "отличный",
}
# Values of enumerations, by the key they are under.
VALUE_LABELS = {
    "status": STATUS_RU,
    "severity": SEVERITY_RU,
    "priority": PRIORITY_RU,
    "quality": QUALITY_RU,
    "task_id": {"NO_TASK_ID": "без задачи"},
}


def _label(key: str) -> str:
    label = LABELS.get(key, key.replace("_", " "))
    return label[:1].upper() + label[1:]


def _scalar(value: Any, key: str = "") -> str:
    if isinstance(value, bool):
        return "да" if value else "нет"
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return VALUE_LABELS.get(key, {}).get(value, value)
    return str(value)


NAMES_KEY = "member_names"
"""A metrics key the reference backend adds (member id → name): used to name people, not printed itself."""
_MEMBER_LISTS = frozenset({"members_without_daily_today", "overloaded", "underloaded"})


def _severity(value: Any) -> str:
    return SEVERITY_RU.get(str(value), str(value))


def _task_part(task_id: Any) -> str:
    return f", задача {task_id}" if task_id and task_id != "NO_TASK_ID" else ""


def _top_blocker(item: dict[str, Any], names: dict[str, str]) -> str:
    """«нет стенда — Анна, 2 раза, важность критическая, задача TASK-2»."""
    who = item.get("author_name") or names.get(str(item.get("author")), item.get("author") or "")
    times = plural(int(item["occurrences"]), "раз", "раза", "раз")
    return (
        f"{item['text']} — {who}, {times}, важность {_severity(item.get('severity'))}{_task_part(item.get('task_id'))}"
    )


def _open_blocker(item: dict[str, Any], names: dict[str, str]) -> str:
    """«нет стенда — Анна, задача TASK-2, 3 дня (с 2026-03-09), важность критическая, повторяется»."""
    who = item.get("owner_name") or names.get(str(item.get("owner")), item.get("owner") or "")
    age = blocker_age(int(item["age_days"]), item.get("first_seen"))
    repeat = ", повторяется" if int(item.get("days_reported") or 1) > 1 else ""
    severity = _severity(item.get("severity"))
    return f"{item['text']} — {who}{_task_part(item.get('task_id'))}, {age}, важность {severity}{repeat}"


def _member_load(item: dict[str, Any], names: dict[str, str]) -> str:
    """«Анна Смирнова (DEV): в работе 3, на ревью 0, открытых задач 3 (13 SP) — перегрузка»."""
    role = f" ({item['role']})" if item.get("role") else ""
    points = f" ({item['open_story_points']} SP)" if item.get("open_story_points") is not None else ""
    load = f" — {item['load']}" if item.get("load") else ""
    return (
        f"{item['name']}{role}: в работе {item.get('in_progress', 0)}, на ревью {item.get('in_review', 0)}, "
        f"открытых задач {item['open_tasks']}{points}{load}"
    )


def _blocking_task(item: dict[str, Any], names: dict[str, str]) -> str:
    """«TASK-4 «Оплата»: в работе, приоритет критический, исполнитель — Анна, срочных блокеров 1»."""
    title = f" «{item['title']}»" if item.get("title") else ""
    who = item.get("assignee_name") or names.get(str(item.get("assignee")), item.get("assignee")) or "не назначен"
    urgent = f", срочных блокеров {item['blockers']}" if item.get("blockers") else ""
    return (
        f"{item['key']}{title}: {STATUS_RU.get(str(item['status']), item['status'])}, "
        f"приоритет {PRIORITY_RU.get(str(item.get('priority')), item.get('priority'))}, исполнитель — {who}{urgent}"
    )


# Rows of the reference backend's lists as Russian lines: key → (fields the row needs, the line).
_ROWS: dict[str, tuple[tuple[str, ...], Any]] = {
    "top_blockers": (("text", "occurrences"), _top_blocker),
    "open_blockers_by_age": (("text", "age_days"), _open_blocker),
    "members": (("name", "open_tasks"), _member_load),
    "blocking_tasks": (("key", "status"), _blocking_task),
}


def _row(key: str, item: dict[str, Any], names: dict[str, str]) -> str:
    """One row of a list: a readable line for the backend's known rows, else «Ключ: значение; …»."""
    known = _ROWS.get(key)
    if known is not None and all(item.get(field) is not None for field in known[0]):
        try:
            return str(known[1](item, names))
        except (TypeError, ValueError, KeyError):
            pass
    return "; ".join(f"{_label(str(k))}: {_scalar(v, str(k))}" for k, v in item.items())


def _render(value: Any, indent: int, lines: list[str], names: dict[str, str] | None = None, key: str = "") -> None:
    names = names or {}
    pad = "  " * indent
    if isinstance(value, dict):
        for sub, item in value.items():
            sub = str(sub)
            if sub == "period" and isinstance(item, dict) and {"from", "to"} <= set(item):
                span = f" ({plural(int(item['days']), 'день', 'дня', 'дней')})" if item.get("days") else ""
                lines.append(f"{pad}{_label(sub)}: {item['from']} — {item['to']}{span}")
            elif sub in _MEMBER_LISTS and isinstance(item, list) and all(isinstance(v, str) for v in item):
                shown = ", ".join(str(names.get(str(v), v)) for v in item) if item else NOTHING
                lines.append(f"{pad}{_label(sub)}: {shown}")
            elif isinstance(item, dict | list) and item:
                lines.append(f"{pad}{_label(sub)}:")
                _render(item, indent + 1, lines, names, sub)
            else:
                shown = _scalar(item, sub) if item != [] and item != {} else NOTHING
                lines.append(f"{pad}{_label(sub)}: {shown}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                lines.append(f"{pad}• " + _row(key, item, names))
            else:
                lines.append(f"{pad}• {_scalar(item)}")
    else:
        lines.append(f"{pad}{_scalar(value)}")


def render_report(metrics: dict[str, Any]) -> str:
    """A plain report of ``metrics``: a title from ``metrics["intent"]`` (when present), then every aggregate.

    Nothing is computed here: values are printed as the backend sent them.  Metrics that carry ``answer`` — the
    text the backend already wrote from these very metrics (a named task, a member, a forecast) — are that text.
    """
    if isinstance(metrics.get("answer"), str) and metrics["answer"].strip():
        return str(metrics["answer"])
    body = {k: v for k, v in metrics.items() if k not in ("intent", "params", NAMES_KEY)}
    raw_names = metrics.get(NAMES_KEY)
    names = {str(k): str(v) for k, v in raw_names.items()} if isinstance(raw_names, dict) else {}
    title = INTENT_TITLES.get(str(metrics.get("intent")), "Отчёт по метрикам команды")
    detail = (metrics.get("params") or {}).get("detail_level") if isinstance(metrics.get("params"), dict) else None
    lines = [f"{title}{' (расширенный)' if detail == 'EXTENDED' else ''}"]
    _render(body, 0, lines, names)
    return "\n".join(lines)
