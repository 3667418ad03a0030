"""Who reads which run (``web/runs.py``), over real HTTP, route by route: with read tokens set a token lists and
opens only the runs it started — through ``/v1`` (plain and streamed) and ``/research`` (plain and SSE) — another
token's run is a 404 like an unknown one, an admin token reads every run, a run with no owner is the admin's only;
with read tokens unset every run stays visible to everyone (the single-user default)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr

from agentcore.agents import RunLog
from agentcore.agents.events import EventFactory
from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

ALICE, BOB, ADMIN = "read-alice-0123456789", "read-bob-0123456789", "admin-0123456789abc"
REQUEST_ID = re.compile(r'"request_id":\s*"(req_[0-9a-f]+)"')


def _server(monkeypatch: pytest.MonkeyPatch, **tokens: str) -> BackgroundServer:
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    settings = Settings(**{name: SecretStr(value) for name, value in tokens.items()})
    return BackgroundServer(create_app(settings, console=False))


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _v1_run(client: httpx.Client, headers: dict[str, str], stream: bool = False) -> str:
    body = {"model": "sgr-example", "messages": [{"role": "user", "content": "Который час?"}], "stream": stream}
    answer = client.post("/v1/chat/completions", json=body, headers=headers)
    assert answer.status_code == 200, answer.text
    found = re.search(r'"id":\s*"chatcmpl-(req_[0-9a-f]+)"', answer.text)
    assert found is not None, answer.text
    return found.group(1)


def _research_run(client: httpx.Client, headers: dict[str, str], stream: bool = False) -> str:
    answer = client.post(
        "/research/stream" if stream else "/research", json={"question": "Как оформить отпуск?"}, headers=headers
    )
    assert answer.status_code == 200, answer.text
    found = REQUEST_ID.search(answer.text)
    assert found is not None, answer.text
    return found.group(1)


def _listed(client: httpx.Client, headers: dict[str, str]) -> set[str]:
    answer = client.get("/trace/runs", params={"limit": 200}, headers=headers)
    assert answer.status_code == 200, answer.text
    return {run["request_id"] for run in answer.json()["runs"]}


@pytest.fixture
def tokened(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> Iterator[httpx.Client]:
    server = _server(monkeypatch, read_tokens=f"{ALICE},{BOB}", admin_tokens=ADMIN)
    with server, httpx.Client(base_url=server.url, timeout=120) as client:
        yield client


def test_a_read_token_lists_and_opens_only_its_own_runs(tokened: httpx.Client) -> None:
    client = tokened
    alice = {
        _v1_run(client, _bearer(ALICE)),
        _v1_run(client, {"X-API-Token": ALICE}, stream=True),
        _research_run(client, _bearer(ALICE)),
        _research_run(client, _bearer(ALICE), stream=True),
    }
    bob = {_v1_run(client, _bearer(BOB)), _research_run(client, {"X-API-Token": BOB}, stream=True)}
    assert _listed(client, _bearer(ALICE)) == alice
    assert _listed(client, {"X-API-Token": ALICE}) == alice
    assert _listed(client, _bearer(BOB)) == bob
    assert _listed(client, _bearer(ADMIN)) == alice | bob
    for request_id in alice:
        mine = client.get(f"/trace/runs/{request_id}", headers=_bearer(ALICE))
        assert mine.status_code == 200, mine.text
        assert mine.json()["request_id"] == request_id and "owner" not in mine.json()
        other = client.get(f"/trace/runs/{request_id}", headers=_bearer(BOB))
        assert other.status_code == 404 and other.json()["code"] == "not_found"
        assert client.get(f"/trace/runs/{request_id}", headers=_bearer(ADMIN)).status_code == 200
    for request_id in bob:
        assert client.get(f"/trace/runs/{request_id}", headers=_bearer(ALICE)).status_code == 404
    assert client.get("/trace/runs").status_code == 401
    assert client.get(f"/trace/runs/{next(iter(alice))}", headers=_bearer("wrong")).status_code == 401


async def _ownerless_run(log_dir: Path) -> str:
    events = EventFactory("demo")

    async def stream():  # type: ignore[no-untyped-def]
        yield events.step_started(1)
        yield events.final(1, "ответ")

    seen = [event async for event in RunLog(log_dir).traced("demo", stream(), "вопрос?")]
    return seen[0].request_id


async def test_a_run_without_an_owner_is_the_admins_only(tokened: httpx.Client) -> None:
    request_id = await _ownerless_run(Settings().log_dir)  # started while read tokens were unset
    assert request_id not in _listed(tokened, _bearer(ALICE))
    assert tokened.get(f"/trace/runs/{request_id}", headers=_bearer(ALICE)).status_code == 404
    assert request_id in _listed(tokened, _bearer(ADMIN))
    assert tokened.get(f"/trace/runs/{request_id}", headers=_bearer(ADMIN)).status_code == 200


def test_without_read_tokens_every_run_is_visible(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    server = _server(monkeypatch, admin_tokens=ADMIN)
    with server, httpx.Client(base_url=server.url, timeout=120) as client:
        ran = {_v1_run(client, {}), _research_run(client, _bearer(ADMIN))}
        assert _listed(client, {}) == ran
        for request_id in ran:
            assert client.get(f"/trace/runs/{request_id}").status_code == 200
