"""With read tokens configured the console asks for one before calling the API, keeps it in the tab's session
only, and sends it as ``Authorization: Bearer``; the API without it still answers 401."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

TOKEN = "read-console-test-1"
pytestmark = [pytest.mark.e2e, pytest.mark.console_env(AGENTCORE_READ_TOKENS=TOKEN)]


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
