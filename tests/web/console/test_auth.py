"""With read tokens configured the console asks for one before calling the API, keeps it in the tab's session
only, and sends it as ``Authorization: Bearer``; the API without it still answers 401.  The run the page started is
the token's: the Trace page lists and opens it, another read token neither lists nor opens it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

TOKEN = "read-console-test-1"
OTHER = "read-console-test-2"
pytestmark = [pytest.mark.e2e, pytest.mark.console_env(AGENTCORE_READ_TOKENS=f"{TOKEN},{OTHER}")]


def test_the_page_asks_for_the_token_and_sends_it(page: Any, console_server: Any, check_a11y: Any) -> None:
    assert httpx.post(console_server.url + "/research", json={"question": "отпуск"}).status_code == 401
    page.goto("/")
    dialog = page.locator("#auth-dialog")
    dialog.wait_for(state="visible")
    check_a11y(page)
    page.get_by_test_id("auth-token").fill(TOKEN)
    page.get_by_test_id("auth-save").click()
    assert dialog.is_hidden()
    # the page stores the token in the dialog's close event, which the browser dispatches after the click returns
    page.wait_for_function("token => sessionStorage.getItem('agentcore.token') === token", arg=TOKEN, timeout=10_000)
    assert page.evaluate("localStorage.length") == 0  # never kept beyond the tab's session
    page.get_by_test_id("question-input").fill("Как подключиться к VPN?")
    with page.expect_request("**/research/stream") as sent:
        page.get_by_test_id("send").click()
    assert sent.value.headers.get("authorization") == f"Bearer {TOKEN}"
    page.get_by_test_id("final-answer").wait_for(state="visible", timeout=90_000)
    assert page.get_by_test_id("step").count() >= 3

    request_id = page.get_by_test_id("trace-link").inner_text()
    page.goto("/console/trace")
    page.get_by_test_id("recent-runs").locator(f"[data-request-id='{request_id}']").wait_for()
    page.get_by_test_id("trace-input").fill(request_id)
    page.get_by_test_id("trace-search").click()
    page.get_by_test_id("trace-run").wait_for(state="visible")
    other = {"Authorization": f"Bearer {OTHER}"}
    listed = httpx.get(console_server.url + "/trace/runs", headers=other).json()["runs"]
    assert request_id not in [run["request_id"] for run in listed]
    assert httpx.get(f"{console_server.url}/trace/runs/{request_id}", headers=other).status_code == 404


def test_forget_also_forgets_the_conversations_the_pages_kept(page: Any, console_server: Any) -> None:
    page.goto("/")
    page.locator("#auth-dialog").wait_for(state="visible")
    page.get_by_test_id("auth-token").fill(TOKEN)
    page.get_by_test_id("auth-save").click()
    page.wait_for_function("token => sessionStorage.getItem('agentcore.token') === token", arg=TOKEN, timeout=10_000)
    page.evaluate("sessionStorage.setItem('agentcore.page.chat', JSON.stringify({messages: ['Как оформить отпуск?']}))")
    page.locator("#auth-open").click()
    page.locator("#auth-forget").click()
    assert page.evaluate("sessionStorage.getItem('agentcore.token')") is None
    assert page.evaluate("Object.keys(sessionStorage).filter(k => k.startsWith('agentcore.page.'))") == []
