"""The Trace page in a real browser: a run made through the API is found by its request id, with its events and
model calls; an unknown id answers with the API's message; the Ask page links its run to the trace."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.e2e


def test_trace_lookup_by_request_id(page: Any, console_server: Any, shot: Any, check_a11y: Any) -> None:
    done = httpx.post(console_server.url + "/research", json={"question": "Как оформить командировку?"}, timeout=120)
    assert done.status_code == 200, done.text
    request_id = done.json()["request_id"]
    steps = len(done.json()["events"])

    page.goto("/console/trace")
    page.get_by_test_id("recent-runs").locator(f"[data-request-id='{request_id}']").wait_for()
    page.get_by_test_id("trace-input").fill(request_id)
    page.get_by_test_id("trace-search").click()
    page.get_by_test_id("trace-run").wait_for(state="visible")
    assert page.get_by_test_id("step").count() == steps
    facts = page.locator("#run-facts").inner_text()
    assert "research" in facts and "ответ" in facts and "командировк" in facts.lower()
    assert f"request_id={request_id}" in page.url
    calls = page.get_by_test_id("model-calls").locator("tr")
    assert calls.count() >= 1
    check_a11y(page)
    shot(page, "trace")


def test_unknown_request_id_shows_the_api_message(page: Any) -> None:
    page.expect_problems(
        r"HTTP 404: GET .*/trace/runs/req_doesnotexist", r"console error: Failed to load resource: .* 404 \(Not Found\)"
    )
    page.goto("/console/trace")
    page.get_by_test_id("trace-input").fill("req_doesnotexist")
    page.get_by_test_id("trace-input").press("Enter")
    page.locator("#trace-status").filter(has_text="не найден").wait_for()
    assert page.get_by_test_id("trace-run").is_hidden()


def test_ask_links_its_run_to_the_trace(page: Any) -> None:
    page.goto("/")
    page.get_by_test_id("question-input").fill("Как подключиться к VPN?")
    page.get_by_test_id("send").click()
    link = page.get_by_test_id("trace-link")
    link.wait_for(timeout=90_000)
    request_id = link.inner_text()
    link.click()
    page.get_by_test_id("trace-run").wait_for(state="visible")
    assert request_id in page.locator("#trace-status").inner_text()
    assert page.get_by_test_id("step").count() >= 3


def test_recent_runs_take_the_whole_width_until_a_run_is_open(page: Any) -> None:
    """No empty half-page column beside «Последние запуски» while no run is shown."""
    page.goto("/console/trace")
    recent = page.locator("section[aria-labelledby=recent-title]")
    recent.wait_for()
    form = page.locator("#trace-form").bounding_box()
    box = recent.bounding_box()
    assert form is not None and box is not None
    assert abs(box["x"] - form["x"]) < 2 and box["width"] > 0.95 * form["width"]


def test_a_failed_lookup_clears_the_run_shown_and_a_malformed_id_is_explained(page: Any, console_server: Any) -> None:
    page.expect_problems(
        r"HTTP 404: GET .*/trace/runs/req_gone", r"console error: Failed to load resource: .* 404 \(Not Found\)"
    )
    done = httpx.post(console_server.url + "/research", json={"question": "Как оформить отпуск?"}, timeout=120)
    request_id = done.json()["request_id"]
    page.goto(f"/console/trace?request_id={request_id}")
    page.get_by_test_id("trace-run").wait_for(state="visible")
    assert page.get_by_test_id("step").count() >= 3

    page.get_by_test_id("trace-input").fill("req_gone")
    page.get_by_test_id("trace-input").press("Enter")
    page.locator("#trace-status").filter(has_text="не найден").wait_for()
    # the previous run is gone from the page, not only hidden, and the address no longer names it
    assert page.get_by_test_id("trace-run").is_hidden() and page.locator("#calls").is_hidden()
    assert page.get_by_test_id("step").count() == 0 and page.locator("#run-facts").inner_text() == ""
    assert page.get_by_test_id("model-calls").locator("tr").count() == 0
    assert request_id not in page.url
    page.reload()
    assert page.get_by_test_id("trace-run").is_hidden()

    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if "/trace/runs/" in request.url else None)
    for malformed in ("<img src=x onerror=alert(1)>", "../../etc/passwd", "req 1"):
        page.get_by_test_id("trace-input").fill(malformed)
        page.get_by_test_id("trace-input").press("Enter")
        status = page.locator("#trace-status").inner_text()
        assert status.startswith("Такого идентификатора не бывает.") and "латинских букв" in status, status
        assert "^" not in status and "шаблон" not in status and "маршрут" not in status
    assert sent == []  # refused in the page: nothing sent
