"""The web console's weight and first paint, each printed with a reference measured in the same run.

* **Assets**: the gzip size (level 9) of what each console page loads from the server — its HTML and every script,
  style sheet and icon it links (goal: at most 150 KB per page) — against the same server's ``/docs`` page (the
  offline Swagger UI) and its assets.
* **First paint** of ``/`` (``first-contentful-paint`` in headless Chromium, a new browser context per load, the server
  warm; goal: at most 300 ms) against a bare HTML page of the same text size served by Python's ``http.server`` on
  the same machine (what the browser and the machine cost with no server work and no assets).

Starts a real ``agentcore serve`` (offline provider, BM25 only) on a free port with a fresh data directory; needs
Playwright and Debian's Chromium (``/usr/bin/chromium``).

.venv/bin/python benchmarks/console.py [--loads 15]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))
ASSET_RE = re.compile(r'(?:src|href)="(/[^"#]+)"')
PAINT_JS = """() => new Promise(resolve => {
    const done = () => {
        const e = performance.getEntriesByName('first-contentful-paint')[0];
        if (e) resolve(e.startTime); else setTimeout(done, 10);
    };
    done();
})"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve() -> Iterator[str]:
    """A warm ``agentcore serve``; yields its base URL."""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="console-bench-") as data:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_"))}
        env.update({"AGENTCORE_DATA_DIR": data, "AGENTCORE_RAG_EMBEDDER": "none"})
        process = subprocess.Popen(
            [AGENTCORE, "serve", "--port", str(port)],
            env=env,
            cwd=data,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(url + "/", timeout=5).status_code == 200:
                        break
                time.sleep(0.2)
            for _ in range(3):  # warm: templates compiled, files in the OS cache
                httpx.get(url + "/", timeout=10)
            yield url
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=40)


def page_weight(url: str, path: str) -> tuple[int, int, int]:
    """(files, raw bytes, gzip-9 bytes) of ``path`` and every same-origin file its HTML links."""
    with httpx.Client(base_url=url, timeout=30) as client:
        html = client.get(path)
        html.raise_for_status()
        bodies = [html.content]
        for link in dict.fromkeys(ASSET_RE.findall(html.text)):
            if link.startswith("/console/") and not link.startswith("/console/static/"):
                continue  # nav links to other pages
            response = client.get(link)
            if response.status_code == 200 and not response.headers.get("content-type", "").startswith("text/html"):
                bodies.append(response.content)
    return len(bodies), sum(map(len, bodies)), sum(len(gzip.compress(b, 9)) for b in bodies)


@contextlib.contextmanager
def bare_page(text_bytes: int) -> Iterator[str]:
    """A bare HTML page (no scripts, no styles) with about ``text_bytes`` of text, served by ``http.server``."""
    with tempfile.TemporaryDirectory(prefix="console-bench-ref-") as root:
        words = "Вопрос исследовательскому агенту по базе знаний. "
        body = (words * (text_bytes // len(words.encode()) + 1))[: text_bytes // 2]
        Path(root, "index.html").write_text(
            f'<!doctype html><html lang="ru"><meta charset="utf-8"><title>ref</title><p>{body}</p></html>',
            encoding="utf-8",
        )

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args: object, **kwargs: object) -> None:
                super().__init__(*args, directory=root, **kwargs)  # type: ignore[misc, arg-type]

            def log_message(self, *args: object) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
        finally:
            server.shutdown()


def first_paints(browser: object, url: str, loads: int) -> list[float]:
    """``first-contentful-paint`` (ms) of ``url`` in ``loads`` fresh contexts (after one unmeasured load)."""
    times: list[float] = []
    for i in range(loads + 1):
        context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
        page = context.new_page()
        page.goto(url, wait_until="load")
        paint = float(page.evaluate(PAINT_JS))
        context.close()
        if i:
            times.append(paint)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loads", type=int, default=15, help="measured loads per page")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("AGENTCORE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with serve() as url:
        html = httpx.get(url + "/console/chat", timeout=10).text
        pages = ["/", *sorted(set(re.findall(r'href="(/console/[a-z-]+)"', html)))]
        print("Assets per page (HTML + every linked file, gzip -9); goal ≤ 150 KB")
        for path in pages:
            files, raw, packed = page_weight(url, path)
            print(f"  {path:<16} {files:>2} files  {raw / 1024:7.1f} KB raw  {packed / 1024:6.1f} KB gzip")
        files, raw, packed_ref = page_weight(url, "/docs")
        print(f"  reference /docs  {files:>2} files  {raw / 1024:7.1f} KB raw  {packed_ref / 1024:6.1f} KB gzip")
        _, _home_raw, home_packed = page_weight(url, "/")
        print(f"  / is {home_packed / packed_ref:.2f}× the reference's gzip size")

        home_html = len(httpx.get(url + "/", timeout=10).content)
        with sync_playwright() as playwright, bare_page(home_html) as reference:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
            try:
                ours = first_paints(browser, url + "/", args.loads)
                ref = first_paints(browser, reference, args.loads)
            finally:
                browser.close()
    med, ref_med = statistics.median(ours), statistics.median(ref)
    print(f"\nFirst contentful paint, {args.loads} loads each, fresh context per load; goal ≤ 300 ms")
    print(f"  /                 median {med:6.1f} ms  p90 {sorted(ours)[int(0.9 * (len(ours) - 1))]:6.1f} ms")
    print(f"  bare page (ref)   median {ref_med:6.1f} ms  p90 {sorted(ref)[int(0.9 * (len(ref) - 1))]:6.1f} ms")
    print(f"  ratio /: reference = {med / ref_med:.2f}")


if __name__ == "__main__":
    main()
