"""Fixtures for the Scrum assistant: fake LLM servers on real sockets, stores on SQLite and PostgreSQL, an offline
backend on a seeded team with a movable clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

# The fake LLM servers on real sockets, one per module, reset before every test (shared with tests/testing).
from tests.testing.conftest import _giga_server, _oai_server, giga, oai  # noqa: F401

from agentcore.apps.scrum.backend.db import create_db_engine, migrate
from agentcore.apps.scrum.backend.flows import ScrumBackend
from agentcore.apps.scrum.backend.models import MemberInput, TaskInput, TeamInput
from agentcore.apps.scrum.backend.store import ScrumStore
from agentcore.config import Settings
from agentcore.llm import ChatConnection
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

NOW = datetime(2026, 3, 11, 9, 30, tzinfo=UTC)  # a Wednesday in the middle of the test sprint


@pytest.fixture
def client() -> Iterator[httpx.Client]:
    with httpx.Client(timeout=30) as http:
        yield http


@pytest.fixture
def http(data_dir: Path) -> Iterator[httpx.Client]:
    """A client of the whole app served on a real socket (embedded store in ``data_dir``); ``admin-tok`` is the
    administrator's token for the team routes that need one."""
    settings = Settings(admin_tokens=SecretStr("admin-tok"))
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        yield client


def sqlite_store(data_dir: Path, clock: Callable[[], datetime] = lambda: NOW) -> ScrumStore:
    engine = create_db_engine(f"sqlite:///{data_dir / 'scrum' / 'scrum.db'}")
    migrate(engine)
    return ScrumStore(engine, clock=clock)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.services)])
def store(request: pytest.FixtureRequest, data_dir: Path) -> Iterator[ScrumStore]:
    """An empty migrated store — the same tests run on SQLite and on the real PostgreSQL."""
    if request.param == "sqlite":
        made = sqlite_store(data_dir)
    else:
        url = request.getfixturevalue("postgres_url")
        engine = create_db_engine(url)
        migrate(engine)
        made = ScrumStore(engine, clock=lambda: NOW)
    try:
        yield made
    finally:
        made.close()


def seed_team(store: ScrumStore, slug: str = "core") -> None:
    """A small team: two DEVs and a QA, five tasks."""
    from datetime import date

    store.create_team(
        TeamInput(
            slug=slug, name="Ядро", sprint_name="Спринт 5", sprint_start=date(2026, 3, 2), sprint_end=date(2026, 3, 15)
        )
    )
    for member, name, role in (("anna", "Анна", "DEV"), ("boris", "Борис", "DEV"), ("vera", "Вера", "QA")):
        store.add_member(slug, MemberInput(slug=member, name=name, role=role))  # type: ignore[arg-type]
    tasks: list[dict[str, Any]] = [
        {
            "key": "TASK-1",
            "title": "Логин",
            "status": "done",
            "priority": "high",
            "story_points": 3,
            "assignee": "anna",
        },
        {"key": "TASK-2", "title": "Профиль", "status": "in_progress", "story_points": 5, "assignee": "anna"},
        {"key": "TASK-3", "title": "Оплата", "status": "in_progress", "priority": "critical", "assignee": "boris"},
        {"key": "TASK-4", "title": "Тесты оплаты", "status": "in_review", "priority": "high", "assignee": "vera"},
        {"key": "TASK-5", "title": "Тёмная тема", "status": "todo", "priority": "low"},
    ]
    store.import_tasks(slug, [TaskInput(**t) for t in tasks])


class Recorder:
    """A notifier that keeps what it was given."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def notify(self, escalation: dict[str, Any]) -> bool:
        self.sent.append(escalation)
        return True


@pytest.fixture
def clock() -> list[Any]:
    """The backend's time: ``clock[0]`` (:data:`NOW` at first); a test moves it by assigning."""
    return [NOW]


@pytest.fixture
def backend(store: ScrumStore, clock: list[Any]) -> Iterator[ScrumBackend]:
    """The offline backend on :func:`seed_team`'s team «core» (SQLite and PostgreSQL), its store on ``clock``."""
    store.clock = lambda: clock[0]
    seed_team(store)
    yield ScrumBackend(store, ChatConnection(None, "offline", "", "offline"), Recorder())  # type: ignore[arg-type]
