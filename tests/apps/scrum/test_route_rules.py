"""Rules every Scrum route keeps, over a real socket on SQLite and PostgreSQL: text fields refuse control characters
(one validator, 422, nothing stored lost), sprint dates are ISO dates only, 405 names every allowed method, and
every route that is not a plain GET has a decided token rule — declared in the OpenAPI, documented and enforced."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from agentcore.apps.scrum.backend.models import TeamInput, plain_text
from agentcore.apps.scrum.http import AUTH_RULES
from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

pytestmark = pytest.mark.e2e
ADMIN = {"Authorization": "Bearer admin-tok"}
READER = {"Authorization": "Bearer read-tok"}
DOCS = Path(__file__).resolve().parents[3] / "docs" / "scrum.md"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.services)])
def http(request: pytest.FixtureRequest, data_dir: object) -> Iterator[httpx.Client]:
    """The app with the demo team, on SQLite under the data dir or on a fresh PostgreSQL database."""
    url = request.getfixturevalue("postgres_url") if request.param == "postgres" else None
    settings = Settings(admin_tokens=SecretStr("admin-tok"), database_url=SecretStr(url) if url else None)
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        yield client


def _error(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and body["code"] == code
    return str(body["error"])


# --- control characters -----------------------------------------------------------------------------------

_TEXT_FIELDS: list[tuple[str, str, dict[str, Any]]] = [
    ("post", "/scrum/teams/demo/daily", {"member": "anna", "message": "Вчера TASK-1\x00, сегодня TASK-2"}),
    ("post", "/scrum/teams/demo/daily", {"member": "anna", "message": "TASK-2\x1b[31m"}),
    ("post", "/scrum/teams/demo/analytics", {"message": "риски\x00"}),
    ("post", "/scrum/faq", {"message": "что такое спринт\x07"}),
    ("post", "/scrum/teams", {"slug": "nul", "name": "Н\x00ль"}),
    ("post", "/scrum/teams", {"slug": "nul", "name": "Ноль", "sprint_name": "S\x7f"}),
    ("post", "/scrum/teams/demo/members", {"slug": "nul", "name": "a\x00", "role": "DEV"}),
    ("post", "/scrum/teams/demo/tasks", {"tasks": [{"key": "TASK-90", "title": "x\x00y", "status": "todo"}]}),
]


@pytest.mark.parametrize(("method", "path", "body"), _TEXT_FIELDS)
def test_control_characters_are_422_and_nothing_is_lost(
    http: httpx.Client, method: str, path: str, body: dict[str, Any]
) -> None:
    asked = http.post(
        "/scrum/teams/demo/daily",
        json={"member": "anna", "message": "Вчера TASK-1, сегодня TASK-2. Блокер: нет стенда"},
    ).json()
    assert asked["status"] == "clarification"
    message = _error(http.request(method, path, json=body, headers=ADMIN), 422, "validation_error")
    assert "управляющий символ" in message
    # The pending dialogue survived: the answer still lands on the blocker it was asked about.
    answered = http.post("/scrum/teams/demo/daily", json={"member": "anna", "message": "TASK-2"}).json()
    assert answered["status"] == "accepted" and answered["events"][0]["task_id"] == "TASK-2"
    assert [t["slug"] for t in http.get("/scrum/teams").json()] == ["demo"]
    assert "TASK-90" not in [t["key"] for t in http.get("/scrum/teams/demo/tasks").json()]


def test_tabs_and_line_breaks_are_text(http: httpx.Client) -> None:
    outcome = http.post(
        "/scrum/teams/demo/daily",
        json={"member": "boris", "message": "Вчера:\r\n\t- закрыл TASK-1\nСегодня:\n\t- TASK-2. Блокеров нет"},
    ).json()
    assert outcome["status"] == "accepted"


def test_one_validator_for_every_path() -> None:
    """The CLI and the flows call the same function the HTTP bodies use."""
    with pytest.raises(ValueError, match="NUL"):
        plain_text("a\x00b")
    with pytest.raises(ValueError, match="U\\+0085"):
        plain_text("a\x85b")
    assert plain_text("строка\tс\r\nпереносами") == "строка\tс\r\nпереносами"


# --- sprint dates -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0, 1772409600, "1772409600", 1.5, True, "2026-03-02T10:00:00", "02.03.2026"])
def test_sprint_dates_are_iso_dates_only(http: httpx.Client, value: object) -> None:
    body = {"slug": "epoch", "name": "Эпоха", "sprint_start": value}
    message = _error(http.post("/scrum/teams", json=body, headers=ADMIN), 422, "validation_error")
    assert "sprint_start" in message
    assert [t["slug"] for t in http.get("/scrum/teams").json()] == ["demo"]


def test_sprint_date_as_iso_string_and_python_date() -> None:
    from datetime import date

    assert TeamInput.model_validate({"slug": "a", "name": "A", "sprint_start": "2026-03-02"}).sprint_start == date(
        2026, 3, 2
    )
    assert TeamInput(slug="a", name="A", sprint_end=date(2026, 3, 15)).sprint_end == date(2026, 3, 15)


# --- 405 ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("delete", "/scrum/teams", "GET, POST"),
        ("patch", "/scrum/teams/demo/tasks", "GET, POST"),
        ("put", "/scrum/faq", "POST"),
        ("get", "/scrum/teams/demo/daily/anna", "DELETE"),
        ("post", "/scrum/teams/demo/digest/anna", "GET"),
    ],
)
def test_405_names_every_allowed_method(http: httpx.Client, method: str, path: str, allow: str) -> None:
    response = http.request(method, path)
    _error(response, 405, "method_not_allowed")
    assert response.headers["allow"] == allow


# --- who may change what --------------------------------------------------------------------------------------


def _write_operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, item in spec["paths"].items()
        if path.startswith("/scrum")
        for method, operation in item.items()
        if method in {"post", "put", "patch", "delete"}
    ]


def _concrete(path: str) -> str:
    return path.replace("{team}", "demo").replace("{member}", "anna")


_VALID_BODIES: dict[tuple[str, str], Any] = {
    ("POST", "/scrum/teams"): {"slug": "auth", "name": "Auth"},
    ("POST", "/scrum/teams/{team}/members"): {"slug": "zoe", "name": "Зоя", "role": "QA"},
    ("POST", "/scrum/teams/{team}/tasks"): {"tasks": [{"key": "TASK-77", "title": "x", "status": "todo"}]},
    ("POST", "/scrum/teams/{team}/daily"): {"member": "anna", "message": "Вчера TASK-1, сегодня TASK-2, блокеров нет"},
    ("POST", "/scrum/teams/{team}/analytics"): {"message": "Какие риски?"},
    ("POST", "/scrum/faq"): {"message": "Что такое спринт?"},
}


def test_every_write_route_has_a_decided_token_rule_that_is_documented_and_enforced(data_dir: object) -> None:
    settings = Settings(admin_tokens=SecretStr("admin-tok"), read_tokens=SecretStr("read-tok"))
    docs = DOCS.read_text(encoding="utf-8")
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as http:
        operations = _write_operations(http.get("/openapi.json", headers=READER).json())
        assert len(operations) >= 7
        for method, path, operation in operations:
            rule = operation.get("x-auth")
            assert rule in AUTH_RULES, f"{method} {path}: no decided token rule (x-auth)"
            documented = re.search(rf"^\|\s*`{method} {re.escape(path)}`\s*\|\s*{rule}\s*\|", docs, re.MULTILINE)
            assert documented, f"{method} {path} ({rule}) is not in docs/scrum.md's token table"
            url = _concrete(path)
            body = _VALID_BODIES.get((method, path))
            if path == "/scrum/teams/{team}/blockers/lift":  # one of the demo's blockers, as the parser worded it
                events = http.get("/scrum/teams/demo/blockers", params={"member": "vera"}, headers=READER).json()
                body = {"member": "vera", "text": events["events"][0]["text"]}
            _error(http.request(method, url, json=body), 401, "unauthorized")
            if rule == "admin":
                _error(http.request(method, url, json=body, headers=READER), 401, "unauthorized")
                assert http.request(method, url, json=body, headers=ADMIN).status_code < 300
            else:
                assert http.request(method, url, json=body, headers=READER).status_code < 300


def test_a_nul_written_by_the_model_is_removed_not_fatal(store: Any, oai: Any, data_dir: object) -> None:
    """PostgreSQL refuses NUL in text and jsonb: what a model writes is stored without control characters."""
    from tests.apps.scrum.backend.test_flows import Recorder, daily_output
    from tests.apps.scrum.conftest import seed_team

    from agentcore.apps.scrum.backend.flows import ScrumBackend
    from agentcore.llm import ChatConnection

    seed_team(store)
    reply = daily_output("TASK-2")
    reply["daily"]["blockers"][0]["text"] = "нет\x00 стенда"
    reply["daily"]["today"][0]["summary"] = "делаю\x07 TASK-2"
    oai.fake.script.json(reply)
    llm = ChatConnection(httpx.Client(timeout=30), oai.base_url, "gpt-4o-mini", "test", api_key=oai.api_key)
    backend = ScrumBackend(store, llm, Recorder())
    try:
        outcome = backend.submit_daily("core", "anna", "Вчера TASK-1, сегодня TASK-2. Блокер: нет стенда")
        assert outcome.status == "accepted"
        stored = store.dailies("core")[0].daily
        assert stored["blockers"][0]["text"] == "нет стенда" and stored["today"][0]["summary"] == "делаю TASK-2"
        assert [e.text for e in store.blocker_events("core")] == ["нет стенда"]
    finally:
        llm.close()
