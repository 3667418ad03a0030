"""A team's tracker prefixes (the keys of its stored tasks) read a daily's ids on every path (issue 19): a team whose
project keys look like a product or a code (``OPERA-…``, ``UTF-…``) gets «opera-41» and «utf-12» written in lower
case as its tasks — through the CLI, HTTP, Telegram and the model path alike; a team without such keys does not."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.apps.scrum.conftest import sqlite_store
from tests.apps.scrum.test_agent_core import run, user_message
from typer.testing import CliRunner

from agentcore.apps.scrum.backend.models import MemberInput, TaskInput, TeamInput
from agentcore.apps.scrum.daily_parser import parse_daily, task_ids_in
from agentcore.apps.scrum.task_ids import prefixes_of, team_prefixes, without_task_ids
from agentcore.cli import app
from agentcore.testing.fake_openai import FakeOpenAIServer

TEXT = "вчера доделал opera-41, сегодня беру utf-12. блокеров нет"
IDS = {"yesterday": ["OPERA-41"], "today": ["UTF-12"]}
ADMIN = {"Authorization": "Bearer admin-tok"}
TASKS = [
    {"key": "OPERA-40", "title": "Вкладки", "status": "done"},
    {"key": "UTF-11", "title": "Кодировки", "status": "in_progress", "assignee": "ivan"},
]


def _ids(daily: dict[str, Any]) -> dict[str, list[str | None]]:
    return {section: [i["task_id"] for i in daily[section]] for section in ("yesterday", "today")}


def test_the_prefixes_of_stored_keys() -> None:
    assert prefixes_of(["OPERA-40", "utf-11", "#12", "o/r#4", "PAY-2", "PAY-3", "bad"]) == ["OPERA", "PAY", "UTF"]


def test_a_reading_inside_the_team_block_knows_its_prefixes() -> None:
    assert task_ids_in(TEXT) == []  # no team: «opera-41» is the browser, «utf-12» an encoding
    alone = parse_daily(TEXT, "DEV")["daily"]
    with team_prefixes(["opera", "UTF"]):
        assert task_ids_in(TEXT) == ["OPERA-41", "UTF-12"]
        assert without_task_ids("opera-41 готов").strip() == "готов"
        daily = parse_daily(TEXT, "DEV")["daily"]
    assert _ids(daily) == IDS and daily["quality"] == "GREAT"
    assert parse_daily(TEXT, "DEV")["daily"] == alone  # the block ends: nothing kept for the next team
    assert _ids(alone) == {"yesterday": [None], "today": [None]} and alone["quality"] == "NO_TASKS_MENTIONED"


def _seed(data_dir: Path) -> None:
    store = sqlite_store(data_dir)
    try:
        team = TeamInput(slug="web", name="Веб", sprint_start=date(2026, 3, 2), sprint_end=date(2026, 3, 15))
        store.create_team(team)
        store.add_member("web", MemberInput(slug="ivan", name="Иван", role="DEV"))
        store.import_tasks("web", [TaskInput(**t) for t in TASKS])
        assert store.task_prefixes("web") == ["OPERA", "UTF"]
    finally:
        store.close()


def test_cli(data_dir: Path) -> None:
    _seed(data_dir)
    result = CliRunner().invoke(app, ["scrum", "daily", TEXT, "--team", "web", "--member", "ivan", "--json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert _ids(body["daily"]) == IDS and body["daily"]["quality"] == "GREAT", body


@pytest.mark.e2e
def test_http(http: httpx.Client) -> None:
    team = {"slug": "web", "name": "Веб", "sprint_start": "2026-03-02", "sprint_end": "2026-03-15"}
    assert http.post("/scrum/teams", json=team, headers=ADMIN).status_code == 201
    member = {"slug": "ivan", "name": "Иван", "role": "DEV"}
    assert http.post("/scrum/teams/web/members", json=member, headers=ADMIN).status_code == 201
    assert http.post("/scrum/teams/web/tasks", json={"tasks": TASKS}, headers=ADMIN).status_code == 200
    answer = http.post("/scrum/teams/web/daily", json={"member": "ivan", "message": TEXT}).json()
    assert answer["status"] == "accepted" and _ids(answer["daily"]) == IDS, answer
    assert answer["daily"]["quality"] == "GREAT"


def test_the_model_path_keeps_the_ids_and_is_told_the_prefixes(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    """The model sees the team's prefixes, and the check of its answer keeps the ids it read by them (before, an id
    «never written» by the author was dropped: «opera-41» did not count as OPERA-41)."""
    answer = {
        "daily": {
            "role": "DEV",
            "yesterday": [{"task_id": "OPERA-41", "summary": "доделал opera-41"}],
            "today": [{"task_id": "UTF-12", "summary": "беру utf-12"}],
            "blockers": [],
            "quality": "GREAT",
        },
        "clarification": {"needs_clarification": False, "question": ""},
    }
    payload = {"message": TEXT, "role": "DEV", "daily_state": {"mode": "INITIAL", "quality_retries": 0}}
    oai.fake.script.json(answer)
    resp = run(oai, client, "DAILY", payload, {"known_prefixes": ["OPERA", "UTF"]})
    assert _ids(resp["data"]["daily"]) == IDS and resp["data"]["daily"]["quality"] == "GREAT"
    sent = user_message(oai.fake.requests.last("chat").json)
    assert sent["backend_context"]["known_prefixes"] == ["OPERA", "UTF"]
    from agentcore.apps.scrum.prompts import DAILY

    assert "known_prefixes" in DAILY
    # the same answer for a team without those keys: the ids the text does not hold are dropped, as before
    oai.fake.script.json(answer)
    assert _ids(run(oai, client, "DAILY", payload)["data"]["daily"]) == {"yesterday": [None], "today": [None]}


def test_known_prefixes_must_be_a_list_of_strings(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    payload = {"message": TEXT, "role": "DEV", "daily_state": {"mode": "INITIAL", "quality_retries": 0}}
    with pytest.raises(ValueError, match="known_prefixes"):
        run(oai, client, "DAILY", payload, {"known_prefixes": "OPERA"})
