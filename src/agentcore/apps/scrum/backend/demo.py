"""The demo team seeded into an empty store, so every mode has something to show on first run (offline).

Team ``demo`` («Демо-команда»), a two-week sprint around today, four members (``anna``, ``boris``, ``gleb`` —
DEV; ``vera`` — QA), twelve tasks in every state, and four days of dailies with blockers — one repeating, some
critical — parsed by the same offline DAILY handler the product uses.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from agentcore.apps.scrum.backend.errors import ConflictError
from agentcore.apps.scrum.backend.models import MemberInput, TaskInput, TeamInput
from agentcore.trace.logs import step_logger

if TYPE_CHECKING:
    from agentcore.apps.scrum.backend.store import ScrumStore

log = step_logger("scrum", "agentcore.scrum.demo")

DEMO_TEAM = "demo"
MEMBERS = (
    ("anna", "Анна Смирнова", "DEV"),
    ("boris", "Борис Петров", "DEV"),
    ("gleb", "Глеб Иванов", "DEV"),
    ("vera", "Вера Козлова", "QA"),
)
# key, title, status, priority, points, assignee, days ago it was done (None: not done)
TASKS: tuple[tuple[str, str, str, str, int, str | None, int | None], ...] = (
    ("TASK-1", "Авторизация через SSO", "done", "high", 5, "anna", 6),
    ("TASK-2", "Страница профиля", "done", "medium", 3, "boris", 4),
    ("TASK-3", "Экспорт отчётов в CSV", "done", "medium", 3, "gleb", 2),
    ("TASK-4", "Интеграция с платёжным шлюзом", "in_progress", "critical", 8, "anna", None),
    ("TASK-5", "Уведомления по e-mail", "in_progress", "medium", 5, "boris", None),
    ("TASK-6", "Кэширование каталога", "in_progress", "medium", 3, "anna", None),
    ("TASK-7", "Миграция базы на новую схему", "in_progress", "high", 5, "anna", None),
    ("TASK-8", "Регрессионные тесты оплаты", "in_review", "high", 3, "vera", None),
    ("TASK-9", "Тест-план релиза 2.0", "in_progress", "critical", 2, "vera", None),
    ("TASK-10", "Поиск по каталогу", "todo", "medium", 5, "gleb", None),
    ("TASK-11", "Тёмная тема", "todo", "low", 2, None, None),
    ("TASK-12", "Исправить падение при выходе", "in_review", "high", 1, "boris", None),
)
# days ago, member, message
DAILIES: tuple[tuple[int, str, str], ...] = (
    (3, "boris", "Вчера закончил TASK-2, сегодня беру TASK-5. Блокер: жду доступы к стенду по TASK-5."),
    (3, "anna", "Вчера доделала TASK-1, сегодня начну TASK-4. Блокеров нет."),
    (2, "boris", "Вчера делал TASK-5, сегодня продолжу. Блокер: жду доступы к стенду по TASK-5."),
    (2, "vera", "Вчера писала тест-план TASK-9, сегодня проверяю TASK-8. Мешает нестабильный стенд, не срочно."),
    (1, "gleb", "Вчера закрыл TASK-3, сегодня беру TASK-10. Блокеров нет."),
    (1, "anna", "Вчера TASK-4, сегодня TASK-4 и TASK-7. Блокер: срочно нужен ключ API платёжного шлюза для TASK-4."),
)


def _at(day: date, hour: int) -> datetime:
    from datetime import UTC

    return datetime.combine(day, time(hour=hour), tzinfo=UTC)


def seed_demo(store: ScrumStore) -> None:
    """Create the demo team with its members, tasks and history (dates relative to the store's clock).

    Raises:
        ConflictError: the team exists already.
    """
    from agentcore.apps.scrum.agent_core import agent_process
    from agentcore.apps.scrum.backend.store import ScrumStore

    today = store.clock().date()
    store.create_team(
        TeamInput(
            slug=DEMO_TEAM,
            name="Демо-команда",
            sprint_name="Спринт 12",
            sprint_start=today - timedelta(days=7),
            sprint_end=today + timedelta(days=6),
        )
    )
    for slug, name, role in MEMBERS:
        store.add_member(DEMO_TEAM, MemberInput(slug=slug, name=name, role=role))  # type: ignore[arg-type]

    def tasks(done_before: int | None) -> list[TaskInput]:
        """The task list as it stood ``done_before`` days ago (tasks done later are still in progress)."""
        out = []
        for key, title, status, priority, points, assignee, done_ago in TASKS:
            if status == "done" and done_before is not None and done_ago is not None and done_ago < done_before:
                status = "in_progress"
            out.append(
                TaskInput(
                    key=key,
                    title=title,
                    status=status,  # type: ignore[arg-type]
                    priority=priority,  # type: ignore[arg-type]
                    story_points=points,
                    assignee=assignee,
                )
            )
        return out

    def at(days_ago: int, hour: int) -> ScrumStore:
        """The store with its clock set to ``hour`` o'clock ``days_ago`` days back."""
        moment = _at(today - timedelta(days=days_ago), hour)
        return ScrumStore(store.engine, clock=lambda: moment)

    at(8, 9).import_tasks(DEMO_TEAM, tasks(99))
    for days_ago in sorted({d for *_, d in TASKS if d is not None}, reverse=True):
        at(days_ago, 17).import_tasks(DEMO_TEAM, tasks(days_ago))
    for hour, (days_ago, member_slug, message) in enumerate(DAILIES, start=9):
        past = at(days_ago, hour)
        member = past.member(DEMO_TEAM, member_slug)
        resp = agent_process(
            mode="DAILY",
            payload={"message": message, "role": member.role, "daily_state": {"mode": "INITIAL", "quality_retries": 0}},
            backend_context={},
            client=None,  # type: ignore[arg-type]  # offline: no network, no client
            api_url="offline",
            api_key="",
            model="offline",
        )
        past.record_daily(member, message, resp["data"]["daily"])
    log.info("demo // Seeded the demo team %r", DEMO_TEAM)


def ensure_demo(store: ScrumStore) -> bool:
    """Seed the demo team when the store has no team at all; ``True`` when it was seeded now."""
    if store.teams():
        return False
    try:
        seed_demo(store)
    except ConflictError:  # another process seeded it meanwhile
        return False
    return True
