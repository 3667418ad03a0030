"""`agentcore serve` as real processes: several uvicorn workers, and two servers sharing one data directory.

What one worker or host changes (the active collection, the index) every other one answers from on its next request.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))
ADMIN = {"Authorization": "Bearer adm-workers-1"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_", "BITRIX_"))}
    env.update(
        {
            "AGENTCORE_DATA_DIR": str(data_dir),
            "AGENTCORE_RAG_EMBEDDER": "none",  # BM25 only: workers start in a second
            "AGENTCORE_ADMIN_TOKENS": "adm-workers-1",
            "LANG": "C.UTF-8",
        }
    )
    return env


def _index_cats(data_dir: Path, tmp_path: Path) -> None:
    docs = tmp_path / "cats"
    docs.mkdir()
    (docs / "cats.md").write_text("# Коты\n\n## Сон\n\nКоты спят по шестнадцать часов в день.\n", encoding="utf-8")
    done = subprocess.run(
        [AGENTCORE, "rag", "index", str(docs), "-c", "cats"], env=_env(data_dir), capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stderr.decode()


class Server:
    """One `agentcore serve` process group; stopped with SIGTERM (graceful), then SIGKILL."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = data_dir / f"serve-{self.port}.out"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [AGENTCORE, "serve", "--port", str(self.port), *args],
                env=_env(data_dir),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_ready(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text(errors="replace")
            try:
                if httpx.get(self.url + "/rag/health", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"server not ready: {self.log.read_text(errors='replace')[-2000:]}")

    def stop(self) -> int:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                return self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        return self.process.wait(timeout=10)


@pytest.fixture
def servers(data_dir: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def _get(url: str) -> httpx.Response:
    # A new connection per request, so the kernel may hand each one to another worker.
    with httpx.Client(timeout=30) as client:
        return client.get(url)


def _search(url: str, question: str) -> dict[str, object]:
    with httpx.Client(timeout=30) as client:
        response = client.post(url + "/rag/search", json={"question": question})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_workers_share_the_collection_switch(data_dir: Path, tmp_path: Path, servers: list[Server]) -> None:
    _index_cats(data_dir, tmp_path)
    server = Server(data_dir, "--workers", "2")
    servers.append(server)
    server.wait_ready()
    seen: dict[int, dict[str, object]] = {}
    for _ in range(300):
        body = _get(server.url + "/health").json()
        seen[int(body["worker"])] = body
        if len(seen) == 2:
            break
    assert len(seen) == 2, "one socket, two workers: both answer"
    assert {body["collection"] for body in seen.values()} == {"default"}
    assert {body["stores"]["redis"] for body in seen.values()} == {"not configured"}

    switched = httpx.post(server.url + "/rag/collections/active", json={"name": "cats"}, headers=ADMIN, timeout=30)
    assert switched.status_code == 200 and switched.json() == {"active": "cats"}
    # Every answer after the switch, from whichever worker, comes from the new collection.
    collections = {_search(server.url, "Сколько спят коты?")["collection"] for _ in range(30)}
    assert collections == {"cats"}
    after: dict[int, str] = {}
    for _ in range(300):
        body = _get(server.url + "/health").json()
        after[int(body["worker"])] = str(body["collection"])
        if len(after) == 2:
            break
    assert set(after.values()) == {"cats"} and len(after) == 2
    assert server.stop() == 0, "SIGTERM ends the workers gracefully"


def test_two_servers_on_one_data_dir_see_each_others_changes(
    data_dir: Path, tmp_path: Path, servers: list[Server]
) -> None:
    _index_cats(data_dir, tmp_path)
    first, second = Server(data_dir), Server(data_dir)
    servers.extend([first, second])
    first.wait_ready()
    second.wait_ready()
    assert _get(first.url + "/health").json()["worker"] != _get(second.url + "/health").json()["worker"]

    assert httpx.post(first.url + "/rag/collections/active", json={"name": "cats"}, headers=ADMIN).status_code == 200
    assert _search(second.url, "Сколько спят коты?")["collection"] == "cats"
    version = _get(second.url + "/rag/health").json()["version"]

    # An index update on the second is visible to the first on its next request (the version is re-read).
    added = httpx.post(
        second.url + "/rag/index",
        json={"documents": [{"doc_id": "dogs", "text": "# Собаки\n\nСобаки любят долгие прогулки в парке."}]},
        headers=ADMIN,
        timeout=60,
    )
    assert added.status_code == 200, added.text
    found = _search(first.url, "Что любят собаки?")
    assert found["collection"] == "cats" and str(found["chunk_ids"][0]).startswith("dogs#")  # type: ignore[index]
    assert _get(first.url + "/rag/health").json()["version"] != version
