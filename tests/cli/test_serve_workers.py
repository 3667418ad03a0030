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


def _env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_", "BITRIX_"))}
    env.pop("HTTP_API_TOKENS", None)
    env.update(
        {
            "AGENTCORE_DATA_DIR": str(data_dir),
            "AGENTCORE_RAG_EMBEDDER": "none",  # BM25 only: workers start in a second
            "AGENTCORE_ADMIN_TOKENS": "adm-workers-1",
            "LANG": "C.UTF-8",
        }
    )
    env.update(extra)
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

    def __init__(self, data_dir: Path, *args: str, command: str = "serve", **env: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = data_dir / f"{command}-{self.port}.out"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [AGENTCORE, *command.split(), "--port", str(self.port), *args],
                env=_env(data_dir, **env),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_ready(self, path: str = "/rag/health", timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text(errors="replace")
            try:
                if httpx.get(self.url + path, timeout=5).status_code < 500:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"server not ready: {self.log.read_text(errors='replace')[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the whole group: no shutdown, nothing released."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

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


def _portal(data_dir: Path, servers: list[Server]) -> str:
    """A fake Bitrix24 portal in its own process (both hosts must write to one portal); its webhook URL."""
    portal = Server(data_dir, "--no-rate-limit", "--db", str(data_dir / "portal.sqlite3"), command="crm fake-portal")
    servers.append(portal)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for line in portal.log.read_text(errors="replace").splitlines():
            if "export BITRIX_WEBHOOK_URL=" in line:
                webhook = line.split("=", 1)[1].strip()
                portal.wait_ready(path="/")
                return webhook
        time.sleep(0.2)
    raise AssertionError(portal.log.read_text(errors="replace"))


def _chat(url: str, user: str, message: str) -> dict[str, object]:
    response = httpx.post(
        url + "/chat", json={"user_id": user, "message": message}, headers={"X-API-Key": "crm-key-1"}, timeout=60
    )
    assert response.status_code == 200, response.text
    return dict(response.json())


def _deal_amount(webhook: str, deal: int) -> float:
    answer = httpx.post(webhook + "crm.deal.get.json", json={"id": deal}, timeout=10).json()
    return float(answer["result"]["OPPORTUNITY"])


def test_two_hosts_share_crm_confirmations_and_scrum_data(
    data_dir: Path, tmp_path: Path, servers: list[Server], postgres_url: str, redis_prefix: tuple[str, str]
) -> None:
    """The two-host layout of docs/deploy.md: one data dir, one Redis, one PostgreSQL, one portal."""
    import uuid

    import redis

    redis_url, _ = redis_prefix
    webhook = _portal(data_dir, servers)
    shared = {
        "AGENTCORE_REDIS_URL": redis_url,
        "AGENTCORE_DATABASE_URL": postgres_url,
        "BITRIX_WEBHOOK_URL": webhook,
        "HTTP_API_TOKENS": "crm-key-1",
    }
    first, second = Server(data_dir, **shared), Server(data_dir, **shared)
    servers.extend([first, second])
    first.wait_ready()
    second.wait_ready()
    assert {_get(s.url + "/health").json()["stores"]["redis"] for s in (first, second)} == {"ok"}
    assert {_get(s.url + "/health").json()["stores"]["database"] for s in (first, second)} == {"ok"}

    # CRM: asked on one host, approved on the other, executed exactly once.
    user = f"host-test-{uuid.uuid4().hex[:8]}"
    try:
        before = _deal_amount(webhook, 1)
        asked = _chat(first.url, user, "Измени сумму сделки 1 на 75 000")
        assert asked["pending_confirmations"], asked
        assert _deal_amount(webhook, 1) == before  # nothing written before the «да»
        approved = _chat(second.url, user, "да")
        assert approved["pending_confirmations"] == [], approved
        assert _deal_amount(webhook, 1) == 75000
        again = _chat(first.url, user, "да")  # the same «да» on the other host finds nothing left to run
        assert again["pending_confirmations"] == []
    finally:
        client = redis.Redis.from_url(redis_url, socket_timeout=5)
        for key in client.scan_iter(match=f"*{user}*"):
            client.delete(key)
        client.close()

    # Scrum: a daily sent to one host is in the other's data.
    daily = httpx.post(
        first.url + "/scrum/teams/demo/daily",
        json={
            "member": "boris",
            "message": "Вчера закрыл TASK-2. Сегодня делаю TASK-5. "
            "Блокер: нет доступа к стенду оплаты, без него не могу продолжить TASK-5.",
        },
        timeout=60,
    )
    assert daily.status_code == 200, daily.text
    blockers = httpx.get(second.url + "/scrum/teams/demo/blockers", timeout=60)
    assert blockers.status_code == 200, blockers.text
    assert "стенду оплаты" in blockers.text
    # ... and in the analytics the other host computes from the shared store
    analytics = httpx.post(
        second.url + "/scrum/teams/demo/analytics", json={"message": "Какие блокеры у команды?"}, timeout=60
    )
    assert analytics.status_code == 200, analytics.text
    top = analytics.json()["metrics"]["top_blockers"]
    assert any("стенду оплаты" in blocker["text"] for blocker in top), top


def test_two_hosts_share_the_llm_rate_limit(
    data_dir: Path, servers: list[Server], redis_prefix: tuple[str, str]
) -> None:
    """N model calls made through both hosts stay under the one configured rate (Redis), not twice it."""
    import threading

    from agentcore.testing.fake_openai import serve_fake_openai

    redis_url, prefix = redis_prefix
    rate = 4.0
    stamps: list[float] = []
    lock = threading.Lock()

    def reply(_: object) -> str:
        with lock:
            stamps.append(time.monotonic())
        return "Отпуск оформляют заявлением в HR-портале [1]."

    with serve_fake_openai() as llm:
        llm.fake.script.add(*[reply] * 200)
        shared = {
            "AGENTCORE_PROVIDER": "openai",
            "OPENAI_API_BASE": llm.base_url,
            "OPENAI_API_KEY": llm.api_key,
            "AGENTCORE_LLM_RATE_LIMIT_RPS": str(rate),
            "AGENTCORE_REDIS_URL": redis_url,
            "AGENTCORE_REDIS_PREFIX": prefix,  # the fixture deletes every key under it
        }
        first, second = Server(data_dir, **shared), Server(data_dir, **shared)
        servers.extend([first, second])
        first.wait_ready()
        second.wait_ready()
        for server in (first, second):  # the first model call of a process also sets up its client: warm it
            _search(server.url, "Как оформить отпуск?")
        with lock:
            stamps.clear()
        threads = [
            threading.Thread(target=_search, args=(server.url, "Как оформить отпуск?"))
            for server in (first, second)
            for _ in range(7)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    assert len(stamps) >= 12, "every search asked the model for its answer"
    # One shared rate: n calls span at least (n - 1) / rate seconds; two private limiters would take half of that.
    assert max(stamps) - min(stamps) >= (len(stamps) - 1) / rate * 0.9


def test_killing_a_host_mid_write_loses_no_acknowledged_write(data_dir: Path, servers: list[Server]) -> None:
    """Index writes to one host while it is killed (SIGKILL): every write it acknowledged is on the other host,
    and the other host can still write (no lock left behind)."""
    import threading

    first, second = Server(data_dir), Server(data_dir)
    servers.extend([first, second])
    first.wait_ready()
    second.wait_ready()
    acknowledged: list[str] = []
    stop = threading.Event()

    def writer() -> None:
        with httpx.Client(timeout=30, headers=ADMIN) as client:
            for n in range(500):
                if stop.is_set():
                    return
                doc = f"note-{n}"
                body = {"documents": [{"doc_id": doc, "text": f"# Заметка {n}\n\nТекст заметки номер {n}."}]}
                try:
                    response = client.post(first.url + "/rag/index", json=body)
                except httpx.HTTPError:
                    return  # the host died: this write was never acknowledged
                if response.status_code == 200:
                    acknowledged.append(doc)

    thread = threading.Thread(target=writer)
    thread.start()
    deadline = time.monotonic() + 120
    while len(acknowledged) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(first.process.pid, signal.SIGKILL)
    thread.join(timeout=60)
    stop.set()
    assert len(acknowledged) >= 5
    fetched = httpx.post(second.url + "/rag/fetch_docs", json={"ids": acknowledged}, timeout=60)
    assert fetched.status_code == 200, fetched.text
    assert fetched.json()["missing"] == []
    assert len(fetched.json()["items"]) == len(acknowledged)
    after = httpx.post(
        second.url + "/rag/index",
        json={"documents": [{"doc_id": "after-kill", "text": "# После\n\nЗапись после падения соседа."}]},
        headers=ADMIN,
        timeout=60,
    )
    assert after.status_code == 200, after.text


def test_sigterm_lets_a_running_research_stream_finish(data_dir: Path, servers: list[Server]) -> None:
    """Graceful shutdown drains: an SSE run in flight when SIGTERM arrives still ends with its `final` event."""
    from agentcore.testing.fake_openai import serve_fake_openai

    started = time.monotonic()

    def slow(_: object) -> str:
        time.sleep(1.5)  # the model is still thinking when the server is told to stop
        return "Thought: Ответ известен.\nFinal Answer: Отпуск оформляют заявлением в HR-портале."

    with serve_fake_openai() as llm:
        llm.fake.script.add(*[slow] * 20)
        server = Server(
            data_dir,
            AGENTCORE_PROVIDER="openai",
            OPENAI_API_BASE=llm.base_url,
            OPENAI_API_KEY=llm.api_key,
        )
        servers.append(server)
        server.wait_ready()
        events: list[str] = []
        with httpx.Client(timeout=60) as client:
            body = {"question": "Как оформить отпуск?", "max_steps": 3}
            with client.stream("POST", server.url + "/research/stream", json=body) as response:
                assert response.status_code == 200
                for line in response.iter_lines():
                    if line.startswith("event:"):
                        events.append(line.split(":", 1)[1].strip())
                        if len(events) == 1:
                            started = time.monotonic()
                            os.killpg(server.process.pid, signal.SIGTERM)
        # uvicorn re-raises the signal it handled once shutdown is complete: -SIGTERM is a clean stop here.
        assert server.process.wait(timeout=60) in (0, -signal.SIGTERM)
    assert "Finished server process" in server.log.read_text(errors="replace")
    assert events[0] == "step_started" and events[-1] == "final", events
    assert time.monotonic() - started >= 1.0, "the run went on after SIGTERM instead of being cut"


class _SlowPortal:
    """A proxy in front of the fake portal that, once ``slow`` is set, holds every request ``delay`` seconds before
    passing it on (``reached`` is set when the first one arrives): a CRM write still in flight."""

    def __init__(self, webhook: str, delay: float) -> None:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import urlsplit

        target = urlsplit(webhook)
        self.slow, self.reached = threading.Event(), threading.Event()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def _forward(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if proxy.slow.is_set():
                    proxy.reached.set()
                    time.sleep(delay)
                headers = {"Content-Type": self.headers.get("Content-Type", "application/json")}
                answer = httpx.request(
                    self.command, f"{target.scheme}://{target.netloc}{self.path}", content=body, headers=headers
                )
                self.send_response(answer.status_code)
                self.send_header("Content-Type", answer.headers.get("content-type", "application/json"))
                self.send_header("Content-Length", str(len(answer.content)))
                self.end_headers()
                self.wfile.write(answer.content)

            do_GET = do_POST = _forward

            def log_message(self, *_args: object) -> None:
                return None

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.webhook = webhook.replace(target.netloc, f"127.0.0.1:{self.server.server_address[1]}")
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_sigterm_lets_a_crm_turn_in_flight_finish_its_write(data_dir: Path, servers: list[Server]) -> None:
    """Graceful shutdown drains CRM turns too: a «да» still talking to the portal (held there 2 s) when SIGTERM
    arrives is answered, and the change is on the portal."""
    import threading
    import uuid

    webhook = _portal(data_dir, servers)
    portal = _SlowPortal(webhook, delay=2.0)
    try:
        server = Server(data_dir, BITRIX_WEBHOOK_URL=portal.webhook, HTTP_API_TOKENS="crm-key-1")
        servers.append(server)
        server.wait_ready()
        user = f"drain-{uuid.uuid4().hex[:8]}"
        asked = _chat(server.url, user, "Измени сумму сделки 1 на 81 000")
        assert asked["pending_confirmations"], asked
        answers: list[dict[str, object]] = []
        portal.slow.set()
        approving = threading.Thread(target=lambda: answers.append(_chat(server.url, user, "да")))
        approving.start()
        assert portal.reached.wait(60), "the «да» reached the portal"
        os.killpg(server.process.pid, signal.SIGTERM)
        approving.join(timeout=90)
        assert answers and answers[0]["pending_confirmations"] == [], answers
        assert server.process.wait(timeout=60) in (0, -signal.SIGTERM)
        portal.slow.clear()
        assert _deal_amount(webhook, 1) == 81000
    finally:
        portal.close()
