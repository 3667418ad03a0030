"""ScrumStore on SQLite and on the real PostgreSQL (the same tests, ``store`` is parametrised): transactions, repeat
detection, atomic writes, concurrency, migrations."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tests.apps.scrum.conftest import NOW, seed_team

from agentcore.apps.scrum.backend.db import VERSION_TABLE, current_revision, migrate
from agentcore.apps.scrum.backend.errors import ConflictError, InvalidInputError, NotFoundError
from agentcore.apps.scrum.backend.metrics import compute_metrics
from agentcore.apps.scrum.backend.models import MemberInput, TaskInput, TeamInput
from agentcore.apps.scrum.backend.store import ScrumStore


def _daily(*blockers: dict[str, Any], role: str = "DEV") -> dict[str, Any]:
    return {
        "role": role,
        "yesterday": [{"task_id": "TASK-1", "summary": "закрыл TASK-1"}],
        "today": [{"task_id": "TASK-2", "summary": "продолжаю TASK-2"}],
        "blockers": list(blockers),
        "quality": "DETAIL_OK",
    }


def _rows(store: ScrumStore, table: str) -> int:
    from sqlalchemy import text

    with store.engine.connect() as connection:
        return int(connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one())


def test_teams_and_members(store: ScrumStore) -> None:
    seed_team(store)
    assert [t.slug for t in store.teams()] == ["core"]
    assert store.team("core").sprint_start is not None
    assert [m.slug for m in store.members("core")] == ["anna", "boris", "vera"]
    assert store.member("core", "vera").role == "QA"
    with pytest.raises(ConflictError):
        store.create_team(TeamInput(slug="core", name="Снова"))
    with pytest.raises(ConflictError):
        store.add_member("core", MemberInput(slug="anna", name="Анна 2", role="DEV"))
    with pytest.raises(NotFoundError, match="«nope»"):
        store.team("nope")
    with pytest.raises(NotFoundError):
        store.member("core", "nobody")
    with pytest.raises(NotFoundError):
        store.add_member("nope", MemberInput(slug="x", name="X", role="DEV"))


def test_task_import_upserts_and_tracks_done(store: ScrumStore) -> None:
    seed_team(store)
    later = ScrumStore(store.engine, clock=lambda: NOW + timedelta(hours=3))
    result = later.import_tasks(
        "core",
        [
            TaskInput(key="TASK-2", title="Профиль", status="done", assignee="anna"),
            TaskInput(key="TASK-1", title="Логин", status="in_progress", assignee="anna"),
            TaskInput(key="TASK-6", title="Новая", status="todo"),
        ],
    )
    assert result.created == ["TASK-6"] and result.updated == ["TASK-2", "TASK-1"]
    tasks = {t.key: t for t in store.tasks("core")}
    assert tasks["TASK-2"].done_at == NOW + timedelta(hours=3) and tasks["TASK-2"].done_at.tzinfo is not None
    assert tasks["TASK-1"].done_at is None and tasks["TASK-1"].status == "in_progress"
    assert len(tasks) == 6


@pytest.mark.parametrize(
    ("tasks", "match"),
    [
        ([], "пуст"),
        ([{"key": "TASK-9", "title": "a", "status": "todo"}] * 2, "повторяются"),
        (
            [
                {"key": "TASK-9", "title": "a", "status": "todo"},
                {"key": "TASK-10", "title": "b", "status": "todo", "assignee": "ghost"},
            ],
            "ghost",
        ),
    ],
)
def test_bad_import_stores_nothing(store: ScrumStore, tasks: list[dict], match: str) -> None:
    seed_team(store)
    before = _rows(store, "tasks")
    with pytest.raises(InvalidInputError, match=match):
        store.import_tasks("core", [TaskInput(**t) for t in tasks])
    assert _rows(store, "tasks") == before


def test_daily_to_blockers_with_repeat_detection(store: ScrumStore) -> None:
    seed_team(store)
    anna, boris = store.member("core", "anna"), store.member("core", "boris")
    first = store.record_daily(
        anna,
        "…",
        _daily(
            {"text": "Жду доступы к стенду", "critical": True, "related_task_id": "TASK-2"},
            {"text": "нет макетов", "critical": False, "related_task_id": "TASK-404"},
        ),
    )
    assert [e["severity"] for e in first.events] == ["critical", "low"]
    assert [e["is_repeat"] for e in first.events] == [False, False]
    assert all(e["author_id"] == "anna" for e in first.events + first.escalations)
    assert len(first.escalations) == 1 and first.escalations[0]["task_id"] == "TASK-2"

    second = store.record_daily(
        boris, "…", _daily({"text": "  жду ДОСТУПЫ к стенду ", "critical": False, "related_task_id": "TASK-3"})
    )
    # a repeat raises a wait one step: medium on a known task → high (and escalated)
    assert second.events[0]["is_repeat"] is True and second.events[0]["severity"] == "high"
    assert [e["severity"] for e in second.escalations] == ["high"]
    history = store.blocker_events("core")
    assert [e.author_id for e in history] == ["boris", "anna", "anna"]
    assert [e.author_id for e in store.blocker_events("core", member_slug="anna")] == ["anna", "anna"]
    assert len(store.blocker_events("core", limit=1)) == 1
    assert store.blocker_events("core", since=NOW + timedelta(seconds=1)) == []
    from sqlalchemy import text

    with store.engine.connect() as connection:
        index = dict(connection.execute(text("SELECT normalized_text, occurrences FROM blocker_text_index")).all())
    assert index == {"жду доступы к стенду": 2, "нет макетов": 1}
    assert [d.member for d in store.dailies("core")] == ["boris", "anna"]


def test_repeat_detection_is_per_team(store: ScrumStore) -> None:
    seed_team(store, "core")
    seed_team(store, "web")
    blocker = {"text": "жду стенд", "critical": True, "related_task_id": "TASK-1"}
    store.record_daily(store.member("core", "anna"), "…", _daily(blocker))
    other = store.record_daily(store.member("web", "anna"), "…", _daily(blocker))
    assert other.events[0]["is_repeat"] is False


@pytest.mark.parametrize(
    "daily",
    [
        {"role": "DEV"},
        {**_daily(), "role": "PM"},
        {**_daily(), "blockers": [{"text": "", "critical": True, "related_task_id": None}]},
        {**_daily(), "blockers": [{"text": "x" * 501, "critical": True, "related_task_id": None}]},
    ],
)
def test_invalid_daily_stores_nothing(store: ScrumStore, daily: dict) -> None:
    seed_team(store)
    with pytest.raises(InvalidInputError):
        store.record_daily(store.member("core", "anna"), "…", daily)
    assert _rows(store, "dailies") == 0 and _rows(store, "blocker_events") == 0


def test_a_failure_mid_transaction_rolls_everything_back(store: ScrumStore, monkeypatch: pytest.MonkeyPatch) -> None:
    seed_team(store)
    import agentcore.apps.scrum.blockers as blockers_module  # the store imports it when a daily is recorded

    real = blockers_module.process_blockers

    def broken(**kwargs: Any) -> Any:
        events, escalations = real(**kwargs)
        events[-1]["severity"] = "apocalyptic"  # violates the table's CHECK constraint on insert
        return events, escalations

    monkeypatch.setattr(blockers_module, "process_blockers", broken)
    member = store.member("core", "anna")
    store.save_session_state(member, {"mode": "CLARIFICATION"})
    blockers = [{"text": f"блокер {i}", "critical": True, "related_task_id": "TASK-1"} for i in range(3)]
    with pytest.raises(Exception, match=r"(?i)check|constraint"):
        store.record_daily(member, "…", _daily(*blockers))
    assert (
        _rows(store, "dailies") == 0 and _rows(store, "blocker_events") == 0 and _rows(store, "blocker_text_index") == 0
    )
    assert store.session_state(member) == {"mode": "CLARIFICATION"}  # the dialogue is not lost either


def test_session_state(store: ScrumStore) -> None:
    seed_team(store)
    member = store.member("core", "vera")
    assert store.session_state(member) is None
    store.save_session_state(member, {"mode": "CLARIFICATION", "question": "К какой задаче?"})
    store.save_session_state(member, {"mode": "CLARIFICATION", "question": "А всё-таки?"})
    assert store.session_state(member) == {"mode": "CLARIFICATION", "question": "А всё-таки?"}
    store.record_daily(member, "…", _daily(role="QA"))
    assert store.session_state(member) is None  # an accepted daily closes the dialogue
    store.save_session_state(member, {"x": 1})
    store.clear_session(member)
    assert store.session_state(member) is None


def test_text_is_stored_verbatim(store: ScrumStore) -> None:
    seed_team(store)
    text = "жду'); DROP TABLE teams;-- «кавычки» \\ % _ 😀"
    store.record_daily(
        store.member("core", "anna"), text, _daily({"text": text, "critical": False, "related_task_id": None})
    )
    assert store.blocker_events("core")[0].text == text
    assert store.dailies("core")[0].daily["blockers"][0]["text"] == text
    assert [t.slug for t in store.teams()] == ["core"]


def test_concurrent_dailies_of_one_team_see_each_other(store: ScrumStore) -> None:
    seed_team(store)
    members = [store.member("core", slug) for slug in ("anna", "boris", "vera")]
    blocker = {"text": "стенд лежит", "critical": True, "related_task_id": "TASK-1"}
    results: list[Any] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(members))

    def submit(member: Any) -> None:
        try:
            barrier.wait()
            results.append(store.record_daily(member, "…", _daily(blocker, role=member.role)))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=submit, args=(m,)) for m in members]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    repeats = sorted(r.events[0]["is_repeat"] for r in results)
    assert repeats == [False, True, True]  # exactly one saw the blocker first


def test_metrics_from_stored_data(store: ScrumStore) -> None:
    seed_team(store)
    store.record_daily(
        store.member("core", "boris"),
        "…",
        _daily({"text": "нет ключа API", "critical": True, "related_task_id": "TASK-3"}),
    )
    overview = compute_metrics(store, "core", "TEAM_OVERVIEW", {"detail_level": "EXTENDED"}, now=NOW)
    assert overview["tasks_total"] == 5 and overview["tasks_by_status"] == {
        "todo": 1,
        "in_progress": 2,
        "in_review": 1,
        "done": 1,
    }
    assert overview["completion_percent"] == 20.0 and overview["dailies_submitted"] == 1
    assert overview["members_without_daily_today"] == ["anna", "vera"]
    assert overview["period"] == {"from": "2026-03-02", "to": "2026-03-15", "days": 14}
    # working days, today included (Wed 11 – Fri 13 March), as the forecast counts them
    assert overview["working_days_left"] == 3 and overview["done_per_day"] == {"2026-03-11": 1}
    risks = compute_metrics(store, "core", "TEAM_RISKS", {}, now=NOW)
    assert risks["blockers_by_severity"]["critical"] == 1 and risks["escalations"] == 1
    release = compute_metrics(store, "core", "RELEASE_BLOCKERS", {}, now=NOW)
    assert [t["key"] for t in release["blocking_tasks"]] == ["TASK-3", "TASK-4"]


def test_migrations_are_idempotent_and_match_the_tables(store: ScrumStore) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from sqlalchemy import inspect

    from agentcore.apps.scrum.backend.tables import Base

    migrate(store.engine)
    migrate(store.engine)
    assert current_revision(store.engine) == "0003"
    tables = set(inspect(store.engine).get_table_names())
    assert {"teams", "members", "tasks", "dailies", "blocker_events", "blocker_text_index", VERSION_TABLE} <= tables
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE, "compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_timestamps_are_aware_utc(store: ScrumStore) -> None:
    seed_team(store)
    store.record_daily(store.member("core", "anna"), "…", _daily())
    created = store.dailies("core")[0].created_at
    assert created == NOW and created.tzinfo is not None and created.utcoffset() == timedelta(0)
    with pytest.raises(Exception, match="timezone-aware"):
        ScrumStore(store.engine, clock=lambda: datetime(2026, 1, 1)).create_team(TeamInput(slug="naive", name="N"))


def test_a_database_at_0001_keeps_its_dailies_through_the_head(data_dir: object) -> None:
    """Upgrading a store made before drafts existed keeps every daily; the old ones have no drafts."""
    import json

    from alembic import command
    from sqlalchemy import create_engine, text

    from agentcore.apps.scrum.backend.db import _alembic_config

    engine = create_engine(f"sqlite:///{Path(str(data_dir)) / 'old.db'}")
    at = "2026-03-02 09:00:00+00:00"
    daily = {"role": "DEV", "yesterday": [], "today": [], "blockers": [], "quality": "EMPTY"}
    with engine.begin() as connection:
        command.upgrade(_alembic_config(connection), "0001")
        connection.execute(text(f"INSERT INTO teams (id, slug, name, created_at) VALUES (1, 't', 'T', '{at}')"))
        connection.execute(
            text(
                "INSERT INTO members (id, team_id, slug, name, role, created_at) "
                f"VALUES (1, 1, 'a', 'A', 'DEV', '{at}')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO dailies (team_id, member_id, message, daily, quality, clarifications, quality_retries, "
                f"created_at) VALUES (1, 1, 'старый daily', :daily, 'EMPTY', 0, 0, '{at}')"
            ),
            {"daily": json.dumps(daily)},
        )
    migrate(engine)
    assert current_revision(engine) == "0003"
    [old] = ScrumStore(engine).dailies("t")
    assert (old.daily, old.drafts) == (daily, [])
    engine.dispose()


@pytest.mark.services
def test_a_team_created_by_another_process_meanwhile_is_a_conflict(postgres_url: str) -> None:
    """Two hosts seeding one empty database: both checks see no team, the second insert meets the unique slug —
    ``ConflictError`` (the demo seed's «someone else did it»), never a raw database error that stops the bot."""
    from sqlalchemy import text

    from agentcore.apps.scrum.backend.db import create_db_engine

    engine = create_db_engine(postgres_url)
    migrate(engine)
    store = ScrumStore(engine, clock=lambda: NOW)
    outcome: list[BaseException | None] = []
    try:
        with engine.connect() as other:
            other.execute(  # the other host's insert, not yet committed: our check cannot see it
                text("INSERT INTO teams (slug, name, created_at) VALUES ('race', 'Другая', :now)"), {"now": NOW}
            )

            def create() -> None:
                try:
                    store.create_team(TeamInput(slug="race", name="Наша"))
                    outcome.append(None)
                except BaseException as exc:
                    outcome.append(exc)

            thread = threading.Thread(target=create)
            thread.start()
            thread.join(timeout=1.0)  # our insert now waits on the other transaction's row
            other.commit()
        thread.join(timeout=30)
        assert len(outcome) == 1 and isinstance(outcome[0], ConflictError), outcome
        assert [t.name for t in store.teams()] == ["Другая"]
    finally:
        store.close()


@pytest.mark.parametrize("schema_module", ["agentcore.apps.scrum.backend.db", "agentcore.apps.scrum.telegram.db"])
def test_the_shipped_head_read_from_the_files_is_alembics(schema_module: str) -> None:
    import importlib

    schema = importlib.import_module(schema_module).SCHEMA
    assert schema.shipped_head() is not None
    assert schema.shipped_head() == schema.head()


def test_a_branched_or_unreadable_history_leaves_the_head_to_alembic(tmp_path: Path) -> None:
    from agentcore.apps.scrum.backend.db import Schema

    versions = tmp_path / "versions"
    versions.mkdir()
    (versions / "__init__.py").write_text("")
    (versions / "a.py").write_text('revision = "a"\ndown_revision = None\n')
    (versions / "b.py").write_text('revision: str = "b"\ndown_revision: str | None = "a"\n')
    schema = Schema(tmp_path, "v", 1)
    assert schema.shipped_head() == "b"
    (versions / "c.py").write_text('revision = "c"\ndown_revision = "a"\n')  # a second head
    assert schema.shipped_head() is None
    (versions / "c.py").write_text('revision = "c"\ndown_revision = ("a", "b")\n')  # a merge
    assert schema.shipped_head() is None


def test_opening_a_migrated_database_does_not_import_alembic(data_dir: Path) -> None:
    """Every start after the first (the Telegram bot, serve's Scrum routes) checks the schema without Alembic."""
    import subprocess
    import sys

    from sqlalchemy import text

    from agentcore.apps.scrum.backend.db import create_db_engine

    url = f"sqlite:///{data_dir / 's.db'}"
    code = (
        "import sys\n"
        "from agentcore.apps.scrum.backend.db import create_db_engine, migrate\n"
        "from agentcore.apps.scrum.telegram.db import migrate as migrate_bot\n"
        f"engine = create_db_engine({url!r})\n"
        "migrate(engine)\n"
        "migrate_bot(engine)\n"
        "print('alembic' in sys.modules)\n"
    )

    def run() -> list[str]:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
        return done.stdout.split()

    assert run() == ["True"]  # a new database: Alembic migrates it
    assert run() == ["False"]
    engine = create_db_engine(url)
    with engine.connect() as connection:
        assert connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar() == "0003"
    engine.dispose()


def test_a_dialogue_save_is_a_compare_and_set(store: ScrumStore) -> None:
    """Two messages of one member read against the same dialogue (two workers): the first save wins, the second is
    refused and overwrites nothing — with no dialogue open, with one open, and against an accepted daily."""
    seed_team(store)
    member = store.member("core", "anna")
    other = ScrumStore(store.engine, clock=store.clock)  # a second worker on the same database
    _, none_open = store.open_dialogue(member)
    assert none_open is None
    store.save_session_state(member, {"mode": "CLARIFICATION", "question": "К какой задаче — первый?"}, replacing=None)
    with pytest.raises(ConflictError, match="не сохранено"):
        other.save_session_state(member, {"mode": "CLARIFICATION", "question": "Второй?"}, replacing=none_open)
    with pytest.raises(ConflictError):  # nor may the second daily be accepted over the first's open question
        other.record_daily(member, "…", _daily(), answering=none_open)
    assert store.session_state(member) == {"mode": "CLARIFICATION", "question": "К какой задаче — первый?"}
    assert _rows(store, "dailies") == 0

    state, rev = store.open_dialogue(member)
    store.save_session_state(member, {**(state or {}), "rounds": 2}, replacing=rev)
    with pytest.raises(ConflictError):
        other.save_session_state(member, {**(state or {}), "rounds": 9}, replacing=rev)
    assert (store.session_state(member) or {}).get("rounds") == 2
    _, current = store.open_dialogue(member)
    other.record_daily(member, "…", _daily(), answering=current)
    assert store.session_state(member) is None and _rows(store, "dailies") == 1


def test_a_left_dialogue_counts_as_none_open(store: ScrumStore) -> None:
    seed_team(store)
    member = store.member("core", "boris")
    earlier = ScrumStore(store.engine, clock=lambda: NOW - timedelta(days=1))
    earlier.save_session_state(member, {"mode": "CLARIFICATION", "question": "Вчерашний вопрос?"})
    assert store.open_dialogue(member) == (None, None)
    store.save_session_state(member, {"mode": "NORMAL"}, replacing=None)
    assert store.session_state(member) == {"mode": "NORMAL"}
