"""End to end over HTTP: ``agentcore serve``'s app on a real socket, offline provider, SQLite under the data dir."""

from __future__ import annotations

import httpx
import pytest

from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

pytestmark = pytest.mark.e2e
ADMIN = {"Authorization": "Bearer admin-tok"}


def _error(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and body["code"] == code
    return str(body["error"])


def test_every_mode_offline_over_http(http: httpx.Client) -> None:
    teams = http.get("/scrum/teams").json()
    assert [t["slug"] for t in teams] == ["demo"]  # seeded on first use
    team = http.get("/scrum/teams/demo").json()
    assert [m["slug"] for m in team["members"]] == ["anna", "boris", "gleb", "vera"]

    first = http.post(
        "/scrum/teams/demo/daily",
        json={
            "member": "gleb",
            "message": "Вчера закрыл TASK-3, сегодня начну TASK-10. Блокер: нет доступов к стенду.",
        },
    ).json()
    assert first["status"] == "clarification" and "нет доступов к стенду" in first["message"]
    second = http.post(
        "/scrum/teams/demo/daily", json={"member": "gleb", "message": "Это TASK-10, без стенда не могу начать"}
    ).json()
    assert second["status"] == "accepted"
    assert second["events"][0] == {
        "author_role": "DEV",
        "text": "нет доступов к стенду",
        "normalized_text": "нет доступов к стенду",
        "task_id": "TASK-10",
        "task_exists": True,
        "severity": "critical",
        "is_repeat": False,
        "source": "daily",
        "author_id": "gleb",
    }
    assert second["escalations"][0]["type"] == "BLOCKER_ESCALATION"

    retry = http.post("/scrum/teams/demo/daily", json={"member": "vera", "message": "работаю"}).json()
    assert retry["status"] == "retry" and retry["message"].startswith("Слишком общо.")
    assert http.delete("/scrum/teams/demo/daily/vera").status_code == 204

    analytics = http.post("/scrum/teams/demo/analytics", json={"message": "Что блокирует релиз?"}).json()
    assert analytics["supported"] and analytics["intent"] == "RELEASE_BLOCKERS" and analytics["params"] == {}
    assert analytics["report"].startswith("Что блокирует релиз") and analytics["metrics"]["blocking_tasks"]
    unsupported = http.post("/scrum/teams/demo/analytics", json={"message": "Расскажи анекдот"}).json()
    assert unsupported["supported"] is False and unsupported["metrics"] is None

    assert "Спринт" in http.post("/scrum/faq", json={"message": "Что такое спринт?"}).json()["answer"]
    digest = http.get("/scrum/teams/demo/digest/gleb").json()
    assert digest["digest"].startswith("Дайджест") and "TASK-10" in digest["digest"]
    events = http.get("/scrum/teams/demo/blockers", params={"member": "gleb", "limit": 5}).json()["events"]
    assert [e["task_id"] for e in events] == ["TASK-10"] and events[0]["created_at"].endswith("Z")
    assert http.get("/scrum/teams/demo/tasks").json()[0]["key"] == "TASK-1"


def test_admin_routes(http: httpx.Client) -> None:
    body = {"slug": "web", "name": "Веб", "sprint_start": "2026-03-02", "sprint_end": "2026-03-15"}
    _error(http.post("/scrum/teams", json=body), 401, "unauthorized")
    _error(http.post("/scrum/teams", json=body, headers={"Authorization": "Bearer nope"}), 401, "unauthorized")
    created = http.post("/scrum/teams", json=body, headers=ADMIN)
    assert created.status_code == 201 and created.json()["sprint_end"] == "2026-03-15"
    _error(http.post("/scrum/teams", json=body, headers=ADMIN), 409, "conflict")
    member = {"slug": "ivan", "name": "Иван", "role": "QA"}
    assert http.post("/scrum/teams/web/members", json=member, headers=ADMIN).status_code == 201
    tasks = {"tasks": [{"key": "WEB-1", "title": "Главная", "status": "in_progress", "assignee": "ivan"}]}
    assert http.post("/scrum/teams/web/tasks", json=tasks, headers=ADMIN).json() == {
        "created": ["WEB-1"],
        "updated": [],
    }
    bad = {
        "tasks": [
            {"key": "WEB-2", "title": "Ок", "status": "todo"},
            {"key": "WEB-3", "title": "x", "status": "todo", "assignee": "ghost"},
        ]
    }
    assert "ghost" in _error(http.post("/scrum/teams/web/tasks", json=bad, headers=ADMIN), 409, "unknown_reference")
    assert [t["key"] for t in http.get("/scrum/teams/web/tasks").json()] == ["WEB-1"]  # nothing stored half-way
    same_key = [{"key": "WEB-4", "title": "a", "status": "todo"}, {"key": "WEB-4", "title": "b", "status": "done"}]
    twice = {"tasks": same_key}
    _error(http.post("/scrum/teams/web/tasks", json=twice, headers=ADMIN), 422, "invalid_combination")
    backwards = {"slug": "late", "name": "Поздние", "sprint_start": "2026-11-20", "sprint_end": "2026-11-01"}
    assert "раньше" in _error(http.post("/scrum/teams", json=backwards, headers=ADMIN), 422, "invalid_combination")


def test_admin_routes_are_closed_without_configured_tokens(data_dir: object) -> None:
    with BackgroundServer(create_app(Settings())) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        _error(client.post("/scrum/teams", json={"slug": "x", "name": "X"}), 403, "admin_disabled")


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "code"),
    [
        ("get", "/scrum/teams/nope", None, 404, "not_found"),
        ("get", "/scrum/teams/demo/digest/ghost", None, 404, "not_found"),
        ("post", "/scrum/teams/nope/daily", {"member": "anna", "message": "x"}, 404, "not_found"),
        ("post", "/scrum/teams/demo/daily", {"member": "anna"}, 422, "validation_error"),
        ("post", "/scrum/teams/demo/daily", {"member": "anna", "message": ""}, 422, "validation_error"),
        ("post", "/scrum/teams/demo/daily", {"member": "anna", "message": "я" * 100_000}, 422, "validation_error"),
        ("post", "/scrum/teams/demo/daily", {"member": "anna", "message": "x", "role": "PM"}, 422, "validation_error"),
        ("post", "/scrum/teams/demo/daily", {"member": "Anna!", "message": "x"}, 422, "validation_error"),
        ("post", "/scrum/teams/demo/daily", {"member": "anna", "message": 5}, 422, "validation_error"),
        ("post", "/scrum/teams/demo/daily", ["anna"], 422, "validation_error"),
        ("post", "/scrum/faq", {"message": "?" * 4001}, 422, "validation_error"),
        ("post", "/scrum/faq", {"message": "  \n "}, 422, "validation_error"),
        ("post", "/scrum/teams/demo/analytics", {"message": "   "}, 422, "validation_error"),
        ("get", "/scrum/teams/DEMO;DROP", None, 422, "validation_error"),
        ("get", "/scrum/teams/demo/blockers?limit=0", None, 422, "validation_error"),
        ("put", "/scrum/faq", {"message": "x"}, 405, "method_not_allowed"),
    ],
)
def test_bad_requests_get_json_errors(
    http: httpx.Client, method: str, path: str, body: object, status: int, code: str
) -> None:
    response = http.request(method, path, json=body)
    message = _error(response, status, code)
    assert len(message) < 400  # long input is never echoed
    assert http.get("/scrum/teams/demo/blockers").json()["events"][0]["author_id"] == "anna"  # still serving


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [
        ("get", "/scrum/teams/DEMO;DROP", None, "team"),
        ("get", "/scrum/teams/demo/digest/Anna!", None, "member"),
        ("post", "/scrum/teams/demo/daily", {"member": "Anna!", "message": "x"}, "member"),
    ],
)
def test_a_malformed_id_is_explained_in_words(
    http: httpx.Client, method: str, path: str, body: object, field: str
) -> None:
    """A team or member id that cannot be one is told what an id looks like, not the regular expression."""
    message = _error(http.request(method, path, json=body), 422, "validation_error")
    assert message.startswith(f"некорректный запрос: {field}: ожидается ID: до 64 строчных латинских букв")
    assert "шаблон" not in message and "^[" not in message


def test_hostile_bodies(http: httpx.Client) -> None:
    headers = {"Content-Type": "application/json"}
    _error(http.post("/scrum/faq", content=b'{"message": ', headers=headers), 400, "invalid_json")
    _error(http.post("/scrum/faq", content=b'{"message": "\\ud800"}', headers=headers), 422, "validation_error")
    _error(http.post("/scrum/faq", content=b'{"message": "x"}'), 415, "unsupported_media_type")
    _error(http.post("/scrum/faq", content=b"{" + b" " * 2_000_000 + b"}", headers=headers), 413, "payload_too_large")
    sql = "Вчера TASK-1'); DROP TABLE dailies;--. Сегодня TASK-2. Блокер: жду ответа по TASK-2' OR 1=1 --"
    outcome = http.post("/scrum/teams/demo/daily", json={"member": "boris", "message": sql}).json()
    assert outcome["status"] == "accepted"
    assert http.get("/scrum/teams").json()[0]["slug"] == "demo"
    texts = [e["text"] for e in http.get("/scrum/teams/demo/blockers").json()["events"]]
    assert any("OR 1=1" in text for text in texts)


def test_openapi_lists_the_routes_with_error_bodies(http: httpx.Client) -> None:
    spec = http.get("/openapi.json").json()
    paths = spec["paths"]
    for path in ("/scrum/teams", "/scrum/teams/{team}/daily", "/scrum/teams/{team}/analytics", "/scrum/faq"):
        assert path in paths
    assert "422" in paths["/scrum/teams/{team}/daily"]["post"]["responses"]
    daily_body = spec["components"]["schemas"]["DailyBody"]
    assert daily_body["properties"]["message"]["maxLength"] == 4000 and daily_body["additionalProperties"] is False


def test_model_down_is_502_without_upstream_details(data_dir: object) -> None:
    settings = Settings(
        provider="openai", openai_api_base="http://127.0.0.1:9/v1", openai_model="m", llm_timeout=2, llm_max_retries=1
    )
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        response = client.post("/scrum/faq", json={"message": "Что такое спринт?"})
    message = _error(response, 502, "llm_unavailable")
    assert "127.0.0.1" not in message and ":9" not in message
