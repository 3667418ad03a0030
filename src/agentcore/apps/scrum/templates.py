"""Deterministic texts from the backend's data: the DIGEST template (seed 7) and the analytics report (seed 5.3).

Both are filled only from the input — every number and task id in them comes from it.  They are what the offline
provider answers, what a model's version is checked against, and the fallback when a model's text fails the checks.
"""

from __future__ import annotations

from typing import Any

from agentcore.apps.scrum.schemas import DigestData

DIGEST_TITLE = "Дайджест"
DIGEST_SECTIONS = ("Задачи:", "Текущие задачи:", "Блокеры:", "Заметки:")
NOTHING = "— нет"
SEVERITY_RU = {"low": "низкая", "medium": "средняя", "high": "высокая", "critical": "критическая"}


def _days(n: int) -> str:
    """«1 день», «3 дня», «5 дней»; «с сегодня» for 0."""
    if n == 0:
        return "с сегодня"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} день"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return f"{n} дня"
    return f"{n} дней"


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
    "status": {"todo": "к выполнению", "in_progress": "в работе", "in_review": "на ревью", "done": "готово"},
    "severity": SEVERITY_RU,
    "priority": {"low": "низкий", "medium": "средний", "high": "высокий", "critical": "критический"},
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


def _render(value: Any, indent: int, lines: list[str]) -> None:
    pad = "  " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list) and item:
                lines.append(f"{pad}{_label(str(key))}:")
                _render(item, indent + 1, lines)
            else:
                shown = _scalar(item, str(key)) if item != [] and item != {} else NOTHING
                lines.append(f"{pad}{_label(str(key))}: {shown}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                lines.append(f"{pad}• " + "; ".join(f"{_label(str(k))}: {_scalar(v, str(k))}" for k, v in item.items()))
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
    body = {k: v for k, v in metrics.items() if k not in ("intent", "params")}
    title = INTENT_TITLES.get(str(metrics.get("intent")), "Отчёт по метрикам команды")
    detail = (metrics.get("params") or {}).get("detail_level") if isinstance(metrics.get("params"), dict) else None
    lines = [f"{title}{' (расширенный)' if detail == 'EXTENDED' else ''}"]
    _render(body, 0, lines)
    return "\n".join(lines)
