"""A credential the server refuses, or one no header can carry, is said as such on every page (the shared client,
``console.js``): never as a network failure, and an empty-state message never claims a list that could not be read
is empty."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

REFUSED = "Токен не принят сервером: требуется действительный заголовок X-API-Key"


def test_a_refused_key_is_the_servers_refusal_and_the_inbox_claims_nothing(page: Any) -> None:
    page.expect_problems(r"HTTP 401: GET .*/chat/confirmations", r"console error: .*401")
    page.goto("/console/crm")  # no #key=: the server refuses, the dialog asks
    dialog = page.locator("#auth-dialog")
    dialog.wait_for(state="visible")
    assert "X-API-Key" in page.locator("#auth-reason").inner_text()
    page.get_by_test_id("auth-token").fill("wrong-token")
    page.get_by_test_id("auth-key").fill("wrong-key")
    page.get_by_test_id("auth-save").click()
    status = page.locator("#inbox-status")
    page.wait_for_function("() => document.getElementById('inbox-status').textContent !== ''")
    assert status.inner_text() == REFUSED
    assert "Сеть недоступна" not in page.locator("main").inner_text()
    assert page.get_by_test_id("inbox-empty").is_hidden()  # the inbox was not read: no «Нет действий…»


def test_a_key_no_header_can_carry_is_refused_in_the_dialog_and_said_plainly(page: Any) -> None:
    page.expect_problems(r"HTTP 401: GET .*/chat/confirmations", r"console error: .*401")
    page.goto("/console/crm")
    page.locator("#auth-dialog").wait_for(state="visible")
    page.get_by_test_id("auth-key").fill("ключ")  # typed on the Russian layout
    page.get_by_test_id("auth-save").click()
    assert page.locator("#auth-dialog").is_visible()  # not saved: the dialog stays and says why
    assert "Ключ CRM содержит недопустимые символы" in page.locator("#auth-reason").inner_text()

    # one already stored (an older page, a script) is said the same way, not as a network failure
    page.evaluate("() => sessionStorage.setItem('agentcore.key', 'ключ')")
    page.reload()
    page.wait_for_function("() => document.getElementById('inbox-status').textContent !== ''")
    text = page.locator("#inbox-status").inner_text()
    assert text.startswith("Ключ CRM содержит недопустимые символы") and "Токен доступа" in text, text
    assert page.get_by_test_id("inbox-empty").is_hidden()
