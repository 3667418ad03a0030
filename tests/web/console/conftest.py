"""Browser-test harness of the web console: a real ``agentcore serve`` on a free port and Debian's Chromium driven
by Playwright (never a downloaded browser build).

Fixtures (module-scoped ``console_server`` and ``browser``; per test ``page``):

* ``console_server`` — :class:`ConsoleServer`: ``url``, ``key`` (the one-time ``/chat`` key the server printed),
  ``console_url`` (the printed console URL, ``#key=...``), ``log()``.  Started with the offline provider, BM25 only,
  its own data directory; extra environment with ``@pytest.mark.console_env(NAME="value", ...)`` on the module
  (``pytestmark``).
* ``page`` — a fresh browser context and page at 1280×800, Russian locale.  Every console message of level error,
  every failed request and every response ≥ 400 of the server is recorded and **fails the test at teardown**
  (``page.expect_problems(...)`` declares the ones a test provokes on purpose).
* ``shot(page, name)`` — a full-page screenshot in the run's artifacts folder (``AGENTCORE_ARTIFACTS``, default
  ``<repo>/artifacts``) under ``console/``; returns the path.
* ``check_a11y(page)`` — runs the vendored axe-core (``vendor/axe.min.js``) in the page: no WCAG 2 A/AA violation
  (labels, names, contrast ...).

Without Playwright or Chromium the tests skip — and fail when ``AGENTCORE_REQUIRE_SERVICES=1`` (CI installs both).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

REPO = Path(__file__).resolve().parents[3]
AGENTCORE = str(Path(sys.executable).with_name("agentcore"))
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
AXE_RUN = """async (exclude) => {
    const context = exclude.length ? {exclude: exclude.map(s => [s])} : document;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    const r = await axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return r.violations.map(v => `${v.id} (${v.impact}): ${v.help} — `
        + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
}"""
STREAM_READ = "agentcore: stream read to its end: "
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def chromium_path() -> str | None:
    """Debian's Chromium (``AGENTCORE_CHROMIUM`` overrides)."""
    explicit = os.environ.get("AGENTCORE_CHROMIUM")
    if explicit:
        return explicit
    for candidate in CHROMIUM_CANDIDATES:
        if Path(candidate).exists():
            return candidate
    return shutil.which("chromium")


def _unavailable(reason: str) -> None:
    if os.environ.get("AGENTCORE_REQUIRE_SERVICES") == "1":
        pytest.fail(f"browser tests required: {reason}")
    pytest.skip(reason)


def artifacts_dir() -> Path:
    """Where screenshots go: ``$AGENTCORE_ARTIFACTS/console`` (default ``<repo>/artifacts/console``)."""
    root = Path(os.environ.get("AGENTCORE_ARTIFACTS") or REPO / "artifacts")
    path = root / "console"
    path.mkdir(parents=True, exist_ok=True)
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


_KEEP = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "PYTHONPATH", "VIRTUAL_ENV", "AGENTCORE_REQUIRE_SERVICES")


@dataclass
class ConsoleServer:
    """One ``agentcore serve`` process group (SIGTERM, then SIGKILL, at the end)."""

    data_dir: Path
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    key: str | None = None
    console_url: str = ""

    def __post_init__(self) -> None:
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.data_dir / "serve.out"
        env = {name: os.environ[name] for name in _KEEP if name in os.environ}
        env.update(
            {
                "AGENTCORE_DATA_DIR": str(self.data_dir),
                "AGENTCORE_RAG_EMBEDDER": "none",  # BM25 only: the server is ready in seconds
                "LANG": "C.UTF-8",
            }
        )
        env.update(self.env)
        with self.log_path.open("wb") as out:
            self.process = subprocess.Popen(
                [AGENTCORE, "serve", "--port", str(self.port)],
                env=env,
                cwd=self.data_dir,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log()
            try:
                if httpx.get(self.url + "/rag/health", timeout=5).status_code < 500:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        else:
            raise AssertionError(f"server not ready: {self.log()[-2000:]}")
        match = re.search(r"Консоль: (\S+)", self.log())
        assert match, self.log()
        self.console_url = match.group(1)
        key = re.search(r"#key=(\S+)", self.console_url)
        self.key = key.group(1) if key else None

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=40)
                return
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def console_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConsoleServer]:
    """A warm ``agentcore serve`` for the module's tests (its default collection indexed once)."""
    marker = request.node.get_closest_marker("console_env")
    env = dict(marker.kwargs) if marker else {}
    server = ConsoleServer(tmp_path_factory.mktemp("console"), env)
    try:
        server.wait_ready()
        # warm the default knowledge base so the first question does not pay for indexing
        httpx.post(server.url + "/rag/search", json={"question": "отпуск"}, timeout=120)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (the system's) under Playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (requirements.lock)")
    executable = chromium_path()
    if not executable:
        _unavailable("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=executable, headless=True, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        try:
            yield instance
        finally:
            instance.close()


class Problems:
    """What went wrong in a page: console errors, failed requests, HTTP errors of the server."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.items: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        self.streams_read: list[str] = []

    def console(self, kind: str, text: str) -> None:
        if kind == "error":
            self.add(f"console error: {text}")
        elif kind == "debug" and text.startswith(STREAM_READ):
            self.streams_read.append(text[len(STREAM_READ) :])

    def add(self, text: str) -> None:
        # The browser fetches the icon on its own after the page has loaded; the next navigation may abort it.
        if re.fullmatch(r"request failed: GET \S+/favicon\.svg(\?\S*)? net::ERR_ABORTED", text):
            return
        self.items.append(text)

    def forgive_read_streams(self) -> None:
        """Drop one ``net::ERR_ABORTED`` report per event stream the page itself read to its end (``console.js``
        logs each at debug level): Chromium reports a ``fetch`` body read through a stream reader as aborted at
        random when it ends (seen with ``/v1`` streams; never with ``response.text()``).  A stream cut short
        (Stop, a navigation) logs nothing and stays a failure."""
        for url in self.streams_read:
            entry = next((i for i in self.items if i == f"request failed: POST {url} net::ERR_ABORTED"), None)
            if entry is not None:
                self.items.remove(entry)

    def unexpected(self) -> list[str]:
        return [item for item in self.items if not any(pattern.search(item) for pattern in self.allowed)]


@pytest.fixture
def page(browser: Any, console_server: ConsoleServer) -> Iterator[Any]:
    """A fresh page; at teardown, no console error, failed request or HTTP error may have happened."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU", base_url=console_server.url)
    tab = context.new_page()
    problems = Problems(console_server.url)
    tab.on("console", lambda msg: problems.console(msg.type, msg.text))
    tab.on("pageerror", lambda exc: problems.add(f"page error: {exc}"))
    tab.on("requestfailed", lambda req: problems.add(f"request failed: {req.method} {req.url} {req.failure}"))
    tab.on(
        "response",
        lambda resp: (
            problems.add(f"HTTP {resp.status}: {resp.request.method} {resp.url}") if resp.status >= 400 else None
        ),
    )

    def expect_problems(*patterns: str) -> None:
        problems.allowed.extend(re.compile(p) for p in patterns)

    tab.expect_problems = expect_problems
    tab.problems = problems
    tab.set_default_timeout(30_000)
    try:
        yield tab
    finally:
        context.close()
    problems.forgive_read_streams()
    unexpected = problems.unexpected()
    assert not unexpected, "problems in the page:\n" + "\n".join(unexpected)


def _shot(tab: Any, name: str, *, full_page: bool = True) -> Path:
    path = artifacts_dir() / f"{name}.png"
    tab.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture
def shot() -> Any:
    """``shot(page, name)``: a screenshot saved as ``<artifacts>/console/<name>.png``."""
    return _shot


def _check_a11y(tab: Any, *, exclude: tuple[str, ...] = ()) -> None:
    # evaluated through the debugging protocol: an inline <script> would (rightly) be refused by the page's CSP
    tab.evaluate("(() => {" + AXE.read_text(encoding="utf-8") + "\n})()")
    result = tab.evaluate(AXE_RUN, list(exclude))
    assert result == [], "accessibility violations:\n" + "\n".join(result)


@pytest.fixture
def check_a11y() -> Any:
    """``check_a11y(page)``: axe-core's WCAG 2 A/AA rules pass in the page's current state."""
    return _check_a11y
