"""Who reads which run (``web/runs.py``), over real HTTP, route by route: with read tokens set a token lists and
opens only the runs it started — through ``/v1`` (plain and streamed) and ``/research`` (plain and SSE) — another
token's run is a 404 like an unknown one, an admin token reads every run, a run with no owner is the admin's only;
with read tokens unset every run stays visible to everyone (the single-user default)."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr

from agentcore.agents import RunLog, run_owner
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


# ------------------------------------------------------------- the owner id: keyed (util/owners.py)
def _stored_owners(log_dir: Path) -> dict[str, str | None]:
    """request id → the owner written in the trace store, read from the file as anyone with the file would."""
    lines = (log_dir / "runs" / "runs.jsonl").read_text("utf-8").splitlines()
    return {record["request_id"]: record.get("owner") for record in map(json.loads, lines)}


def _keyed_server(monkeypatch: pytest.MonkeyPatch, data: Path, logs: Path, key: str | None) -> BackgroundServer:
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    settings = Settings(
        data_dir=data,
        log_dir_override=logs,
        read_tokens=SecretStr(f"{ALICE},{BOB}"),
        admin_tokens=SecretStr(ADMIN),
        **({"owner_key": SecretStr(key)} if key is not None else {}),
    )
    return BackgroundServer(create_app(settings, console=False))


def test_the_stored_owner_is_a_keyed_hash_and_only_that_key_reads_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    logs = tmp_path / "shared-logs"  # one trace store, several hosts (each its own data directory)
    with (
        _keyed_server(monkeypatch, tmp_path / "a", logs, "the-deployment-key") as a,
        httpx.Client(base_url=a.url, timeout=120) as client,
    ):
        run = _v1_run(client, _bearer(ALICE))
    owner = _stored_owners(logs)[run]
    assert owner is not None and ALICE not in owner
    plain = {
        hashlib.sha256(ALICE.encode()).hexdigest(),
        hashlib.sha256(b"agentcore-principal\0" + ALICE.encode()).hexdigest(),
    }
    assert not any(digest[:32] in owner for digest in plain)  # not the token's unkeyed hash: not brute-forceable
    with (
        _keyed_server(monkeypatch, tmp_path / "b", logs, "the-deployment-key") as b,
        httpx.Client(base_url=b.url, timeout=120) as client,
    ):
        assert _listed(client, _bearer(ALICE)) == {run}  # another worker with the same key: the same owner
        assert client.get(f"/trace/runs/{run}", headers=_bearer(BOB)).status_code == 404
    with (
        _keyed_server(monkeypatch, tmp_path / "c", logs, "another-key") as c,
        httpx.Client(base_url=c.url, timeout=120) as client,
    ):
        assert _listed(client, _bearer(ALICE)) == set()  # another key names Alice otherwise: not hers there
        assert client.get(f"/trace/runs/{run}", headers=_bearer(ALICE)).status_code == 404
        assert client.get(f"/trace/runs/{run}", headers=_bearer(ADMIN)).status_code == 200


def test_without_a_configured_key_the_data_directory_keeps_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    with (
        _keyed_server(monkeypatch, tmp_path / "data", logs, None) as a,
        httpx.Client(base_url=a.url, timeout=120) as client,
    ):
        run = _v1_run(client, _bearer(ALICE))
    key_file = tmp_path / "data" / "owner.key"
    key = key_file.read_text("ascii").strip()
    assert re.fullmatch(r"[0-9a-f]{64}", key) and key_file.stat().st_mode & 0o077 == 0
    assert not any(key in path.read_text("utf-8", "replace") for path in logs.rglob("*") if path.is_file())
    with (
        _keyed_server(monkeypatch, tmp_path / "data", logs, None) as b,
        httpx.Client(base_url=b.url, timeout=120) as client,
    ):
        assert _listed(client, _bearer(ALICE)) == {run}  # a second worker on the data directory: the same key
    assert key_file.read_text("ascii").strip() == key
    with (
        _keyed_server(monkeypatch, tmp_path / "elsewhere", logs, key) as c,
        httpx.Client(base_url=c.url, timeout=120) as client,
    ):
        assert _listed(client, _bearer(ALICE)) == {run}  # the file's text as AGENTCORE_OWNER_KEY on another host
    with (
        _keyed_server(monkeypatch, tmp_path / "other-host", logs, None) as d,
        httpx.Client(base_url=d.url, timeout=120) as client,
    ):
        assert _listed(client, _bearer(ALICE)) == set()  # its own key file: another key


async def test_a_run_stored_by_an_earlier_build_stays_its_owners(tokened: httpx.Client) -> None:
    legacy = "token:" + hashlib.sha256(b"agentcore-principal\0" + ALICE.encode()).hexdigest()[:32]
    with run_owner(legacy):  # the unkeyed owner id earlier builds wrote
        request_id = await _ownerless_run(Settings().log_dir)
    assert request_id in _listed(tokened, _bearer(ALICE))
    assert tokened.get(f"/trace/runs/{request_id}", headers=_bearer(ALICE)).status_code == 200
    assert tokened.get(f"/trace/runs/{request_id}", headers=_bearer(BOB)).status_code == 404


def test_processes_starting_together_make_one_key_file(tmp_path: Path) -> None:
    code = (
        "import sys; from types import SimpleNamespace; from agentcore.util.owners import owner_key; "
        "print(owner_key(SimpleNamespace(owner_key=None, redis_url=None, data_dir=sys.argv[1])).decode())"
    )
    children = [
        subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    keys = {child.communicate(timeout=120)[0].strip() for child in children}
    assert keys == {(tmp_path / "owner.key").read_text("ascii").strip()}


def test_the_trace_page_names_the_request_id_in_russian(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    """The tryout read «Request id» over the Trace page's field; its hint, its status line and the route's 404 said
    «request id» too."""
    from fastapi.testclient import TestClient

    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    with TestClient(create_app(Settings())) as client:
        page = client.get("/console/trace")
        assert page.status_code == 200
        assert '<label for="request-id">Идентификатор запроса</label>' in page.text
        assert "Request id" not in page.text and "request id" not in page.text
        script = re.search(r'src="(/console/static/trace/trace\.js[^"]*)"', page.text)
        assert script is not None, page.text
        code = client.get(script.group(1)).text
        assert "Введите идентификатор запроса." in code and "request id" not in code
        missing = client.get("/trace/runs/req_" + "0" * 24)
    assert missing.status_code == 404
    assert missing.json()["error"] == "запуск с таким идентификатором запроса не найден"


@pytest.mark.parametrize("bad", ["bad id", "req_" + "x" * 80, "req;DROP"])
def test_a_malformed_run_id_is_a_plain_422(monkeypatch: pytest.MonkeyPatch, data_dir: Path, bad: str) -> None:
    """A request id that cannot be one is a 422 ``validation_error`` saying what an id looks like in words — not
    the regular expression («не соответствует шаблону ^[A-Za-z0-9_.:-]{1,80}$») — and never echoing the input."""
    with _server(monkeypatch) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        answer = client.get(f"/trace/runs/{bad}")
    assert answer.status_code == 422 and answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    assert body["code"] == "validation_error"
    assert body["error"].startswith("некорректный запрос: request_id: ожидается идентификатор запуска (как req_…)")
    assert "шаблон" not in body["error"] and "^[" not in body["error"] and bad not in body["error"]
