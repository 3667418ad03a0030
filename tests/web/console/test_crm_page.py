"""The CRM page in a real browser against a fake portal this test process owns (so it can count the portal's calls):
a request that needs confirmation shows a card with names and before → after, in the conversation under the reply
and in the inbox; Approve changes the portal exactly once (from either card, which then settles both); Deny changes
nothing; an altered action (its fingerprint changed in the page) is refused by the server; everything by keyboard."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.web.console.conftest import ConsoleServer

from agentcore.apps.crm.confirmations import fingerprint
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer, seed_demo, serve_fake_portal

pytestmark = pytest.mark.e2e

CHANGE_AMOUNT = "Измени сумму сделки «Вектор: внедрение CRM» на 1500000"
CHANGE_STAGE = "переведи сделку «Ромашка: сервисный контракт» на стадию Подготовка"
PENDING = "[data-testid=confirmation]:not(.decided)"


@pytest.fixture(scope="module")
def portal() -> Iterator[FakePortalServer]:
    fake = FakePortal(rate_limit=None)
    seed_demo(fake.storage)
    with serve_fake_portal(fake) as server:
        yield server
    fake.close()


@pytest.fixture(scope="module")
def console_server(portal: FakePortalServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConsoleServer]:
    """``agentcore serve`` pointed at the test's portal (canary mode: changes wait for the user)."""
    env = {"BITRIX_WEBHOOK_URL": portal.webhook_url, "AGENTCORE_CRM_MODE": "canary"}
    server = ConsoleServer(tmp_path_factory.mktemp("console-crm"), env)
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def updates(portal: FakePortalServer) -> int:
    return sum(1 for method, _auth in portal.portal.calls if method == "crm.deal.update")


def open_crm(page: Any, server: ConsoleServer, user: str) -> None:
    assert server.key, "serve printed no one-time /chat key"
    page.goto(f"/console/crm#key={server.key}")
    page.get_by_test_id("crm-user").fill(user)
    page.get_by_test_id("crm-user").dispatch_event("change")


def ask(page: Any, message: str, where: str = "inbox") -> Any:
    """Send ``message``; the card of the action it asks to confirm in ``where`` (``inbox`` or ``crm-messages``)."""
    page.get_by_test_id("question-input").fill(message)
    page.get_by_test_id("send").click()
    first = page.get_by_test_id(where).locator(PENDING).first
    first.wait_for(timeout=60_000)
    return card_of(page, where, first.get_attribute("data-session"), first.get_attribute("data-id"))


def card_of(page: Any, where: str, session: str, number: str) -> Any:
    """The card of one action in ``where``, whatever class it gets once decided."""
    selector = f'[data-testid=confirmation][data-session="{session}"][data-id="{number}"]'
    return page.get_by_test_id(where).locator(selector)


def test_approve_changes_the_portal_exactly_once(
    page: Any, console_server: ConsoleServer, portal: FakePortalServer, shot: Any, check_a11y: Any
) -> None:
    open_crm(page, console_server, "approver")
    card = ask(page, CHANGE_AMOUNT)
    assert page.title() == "CRM — agentcore"
    assert card.get_by_test_id("target").inner_text() == "«Вектор: внедрение CRM» (#3)"
    row = card.locator("tbody tr").first
    assert row.locator("th").inner_text() == "сумма"
    assert row.locator(".before").inner_text() == "1 200 000 ₽" and row.locator(".after").inner_text() == "1 500 000 ₽"
    assert "Требуется подтверждение c1" in page.get_by_test_id("crm-messages").inner_text()
    check_a11y(page)
    shot(page, "crm")
    before = updates(portal)
    card.get_by_test_id("approve").click()
    page.locator("#inbox-status").filter(has_text="Подтверждено: c1").wait_for()
    assert "Сделка #3 обновлена" in card.locator(".outcome").inner_text()
    assert page.locator(PENDING).count() == 0 and card.get_by_test_id("approve").is_disabled()
    assert portal.portal.storage.get("deal", 3)["OPPORTUNITY"] == "1500000.00"
    assert updates(portal) == before + 1
    page.get_by_test_id("inbox-refresh").click()  # the server agrees: nothing left to approve
    page.get_by_test_id("inbox-empty").wait_for(state="visible")
    assert updates(portal) == before + 1


def test_deny_changes_nothing(page: Any, console_server: ConsoleServer, portal: FakePortalServer) -> None:
    open_crm(page, console_server, "denier")
    card = ask(page, CHANGE_STAGE)
    assert "«Новая» (NEW)" in card.inner_text() and "«Подготовка документов» (PREPARATION)" in card.inner_text()
    before = updates(portal)
    card.get_by_test_id("deny").click()
    page.locator("#inbox-status").filter(has_text="Отклонено: c1").wait_for()
    assert "Отменено: c1" in card.locator(".outcome").inner_text()
    assert updates(portal) == before and portal.portal.storage.get("deal", 2)["STAGE_ID"] == "NEW"
    assert page.locator(PENDING).count() == 0


def test_the_conversation_is_kept_across_a_reload(
    page: Any, console_server: ConsoleServer, portal: FakePortalServer
) -> None:
    """Tryout 26 #19: a reload shows the conversation pane again (the server keeps the session but has no route that
    returns its history): the user and session, the messages, the reply's card — still decidable, and once decided
    shown so after the next reload."""
    open_crm(page, console_server, "reloader")
    page.get_by_test_id("crm-session").fill("kept")
    page.get_by_test_id("crm-session").dispatch_event("change")
    asked = ask(page, "Измени сумму сделки «Вектор: внедрение CRM» на 2100000", where="crm-messages")
    card_of(page, "inbox", "kept", asked.get_attribute("data-id")).wait_for()  # the inbox read (no request cut)
    conversation = page.get_by_test_id("crm-messages").inner_text()
    assert "2 100 000 ₽" in conversation

    page.reload()
    assert page.get_by_test_id("crm-user").input_value() == "reloader"
    assert page.get_by_test_id("crm-session").input_value() == "kept"
    assert page.get_by_test_id("crm-messages").inner_text() == conversation
    inline = page.get_by_test_id("crm-messages").locator(PENDING)
    number = inline.get_attribute("data-id")
    assert inline.get_attribute("data-user") == "reloader" and inline.get_attribute("data-session") == "kept"
    card_of(page, "inbox", "kept", number).wait_for()  # the inbox agrees: still pending
    before = updates(portal)
    page.wait_for_timeout(800)  # the pointer pause after the list is drawn
    inline.get_by_test_id("deny").click()
    page.locator("#inbox-status").filter(has_text=f"Отклонено: {number}").wait_for()
    page.get_by_test_id("inbox-empty").wait_for(state="visible")  # the inbox read again (no request cut)
    assert updates(portal) == before
    assert page.evaluate("localStorage.length") == 0

    page.reload()
    restored = card_of(page, "crm-messages", "kept", number)
    assert f"Отменено: {number}" in restored.locator(".outcome").inner_text()
    assert restored.get_by_test_id("deny").is_disabled() and page.locator(PENDING).count() == 0
    assert page.get_by_test_id("crm-messages").locator(".message.assistant").count() == 2  # the reply, the outcome
    page.wait_for_load_state("networkidle")  # the inbox read (no request cut at the end)


def test_an_altered_action_is_refused(page: Any, console_server: ConsoleServer, portal: FakePortalServer) -> None:
    page.expect_problems(r"HTTP 409: POST .*/chat/confirmations/decide", r"console error: .*409")
    open_crm(page, console_server, "forger")
    card = ask(page, "Измени сумму сделки «Ромашка: поставка насосов» на 300000")
    forged = fingerprint("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 1}}, None)
    card.evaluate("(node, value) => { node.dataset.fingerprint = value; }", forged)
    before = updates(portal)
    card.get_by_test_id("approve").click()
    card.locator(".outcome.error").filter(has_text="действие отличается").wait_for()
    assert updates(portal) == before and portal.portal.storage.get("deal", 1)["OPPORTUNITY"] == "250000.00"
    # still pending on the server: after a refresh the honest card approves it, once
    page.get_by_test_id("inbox-refresh").click()
    card.locator(".outcome.error").wait_for(state="detached")
    assert card.get_attribute("data-fingerprint") != forged
    card.get_by_test_id("approve").click()
    page.locator("#inbox-status").filter(has_text="Подтверждено").wait_for()
    assert portal.portal.storage.get("deal", 1)["OPPORTUNITY"] == "300000.00" and updates(portal) == before + 1


def test_keyboard_and_phone(page: Any, console_server: ConsoleServer, portal: FakePortalServer) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_crm(page, console_server, "keyboard")
    page.get_by_test_id("question-input").focus()
    page.keyboard.type("Измени сумму сделки «Смирнова: консультация» на 50000")
    page.keyboard.press("Control+Enter")
    card = page.get_by_test_id("inbox").locator(PENDING).first
    card.wait_for(timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    deny = card.get_by_test_id("deny")
    deny.focus()
    page.keyboard.press("Enter")
    page.locator("#inbox-status").filter(has_text="Отклонено").wait_for()
    assert portal.portal.storage.get("deal", 5)["OPPORTUNITY"] == "45000.00"


def test_cards_in_the_conversation(
    page: Any, console_server: ConsoleServer, portal: FakePortalServer, shot: Any, check_a11y: Any
) -> None:
    """The card under the reply approves the action once; its inbox twin settles with it; the next turn's card is
    reached from the message box by keyboard (Shift+Tab) and denied with Enter."""
    open_crm(page, console_server, "inline")
    inline = ask(page, "Измени сумму сделки «Вектор: внедрение CRM» на 1700000", where="crm-messages")
    session, number = inline.get_attribute("data-session"), inline.get_attribute("data-id")
    reply = page.get_by_test_id("crm-messages").locator(".message.assistant").last
    assert reply.get_by_test_id("confirmation").count() == 1  # under the reply that asked for it
    assert inline.get_attribute("data-fingerprint") == card_of(page, "inbox", session, number).get_attribute(
        "data-fingerprint"
    )
    assert inline.get_by_test_id("target").inner_text() == "«Вектор: внедрение CRM» (#3)"
    row = inline.locator("tbody tr").first
    assert row.locator(".after").inner_text() == "1 700 000 ₽"
    check_a11y(page)
    shot(page, "crm-inline")
    before = updates(portal)
    inline.get_by_test_id("approve").click()
    page.locator("#inbox-status").filter(has_text=f"Подтверждено: {number}").wait_for()
    assert "Сделка #3 обновлена" in inline.locator(".outcome").inner_text()
    twin = card_of(page, "inbox", session, number)
    assert twin.get_attribute("data-outcome") == "executed" and twin.get_by_test_id("approve").is_disabled()
    assert page.locator(PENDING).count() == 0
    assert updates(portal) == before + 1 and portal.portal.storage.get("deal", 3)["OPPORTUNITY"] == "1700000.00"

    page.get_by_test_id("question-input").fill("Измени сумму сделки «Вектор: внедрение CRM» на 1800000")
    page.keyboard.press("Control+Enter")
    pending = page.get_by_test_id("crm-messages").locator(PENDING)
    pending.wait_for(timeout=60_000)
    page.wait_for_function("() => !document.getElementById('crm-send').disabled")
    assert page.evaluate("document.activeElement.id") == "crm-message"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "deny"
    page.keyboard.press("Enter")
    page.locator("#inbox-status").filter(has_text="Отклонено").wait_for()
    assert page.locator(PENDING).count() == 0
    assert updates(portal) == before + 1 and portal.portal.storage.get("deal", 3)["OPPORTUNITY"] == "1700000.00"


def test_a_session_in_a_per_request_state_dir_is_in_the_inbox(
    page: Any, console_server: ConsoleServer, portal: FakePortalServer
) -> None:
    """A request made with ``curl`` and a ``state_dir`` shows in the page's inbox; its Approve reaches that store."""
    body = {"user_id": "dirs", "session_id": "api", "state_dir": "teams/north", "message": CHANGE_STAGE}
    asked = httpx.post(console_server.url + "/chat", json=body, headers={"X-API-Key": console_server.key}, timeout=60)
    assert asked.status_code == 200 and asked.json()["pending_confirmations"], asked.text
    open_crm(page, console_server, "dirs")
    first = page.get_by_test_id("inbox").locator(PENDING).first
    first.wait_for(timeout=60_000)
    card = card_of(page, "inbox", "api", first.get_attribute("data-id"))
    assert card.get_attribute("data-state-dir") == "teams/north" and "каталог «teams/north»" in card.inner_text()
    before = updates(portal)
    card.get_by_test_id("approve").click()
    page.locator("#inbox-status").filter(has_text="Подтверждено").wait_for()
    assert card.get_attribute("data-outcome") == "executed"
    assert updates(portal) == before + 1 and portal.portal.storage.get("deal", 2)["STAGE_ID"] == "PREPARATION"


def test_a_card_decides_for_the_user_it_was_asked_for(
    page: Any, console_server: ConsoleServer, portal: FakePortalServer
) -> None:
    """A conversation card stays after the user field changes to someone else; its Approve is still its own user's
    decision (it was sent as the user now in the field: refused as not pending, the card closed as if decided)."""
    open_crm(page, console_server, "asked-first")
    inline = ask(page, "Измени сумму сделки «Вектор: внедрение CRM» на 1900000", where="crm-messages")
    number = inline.get_attribute("data-id")
    assert inline.get_attribute("data-user") == "asked-first"
    page.get_by_test_id("crm-user").fill("someone-else")  # the same page: the conversation stays
    page.get_by_test_id("crm-user").dispatch_event("change")
    page.wait_for_function("() => !document.querySelector('[data-testid=inbox] [data-testid=confirmation]')")
    before = updates(portal)
    inline.get_by_test_id("approve").click()
    page.locator("#inbox-status").filter(has_text=f"Подтверждено: {number}").wait_for()
    assert inline.get_attribute("data-outcome") == "executed"
    assert updates(portal) == before + 1 and portal.portal.storage.get("deal", 3)["OPPORTUNITY"] == "1900000.00"


def test_a_message_that_was_not_sent_stays_in_the_field(page: Any, console_server: ConsoleServer) -> None:
    """A failed send (here the service answers 503) shows the error and keeps the typed message to send again."""
    page.expect_problems(r"503", r"console error")
    open_crm(page, console_server, "unsent")
    body = '{"detail": "сервис недоступен", "code": "unavailable"}'
    page.route("**/chat", lambda route: route.fulfill(status=503, content_type="application/json", body=body))
    page.get_by_test_id("question-input").fill("Покажи сделку 1")
    page.get_by_test_id("send").click()
    settled = "() => { const s = document.getElementById('crm-status').innerText; return s && !/думает/.test(s); }"
    page.wait_for_function(settled)
    assert page.get_by_test_id("question-input").input_value() == "Покажи сделку 1"


@pytest.mark.parametrize("gap_ms", [0, 150, 400])
def test_a_double_click_decides_the_card_it_was_aimed_at_only(
    page: Any, console_server: ConsoleServer, portal: FakePortalServer, gap_ms: int
) -> None:
    """Three pending changes of one deal in three sessions; a double click (a real one, or two clicks 150 / 400 ms
    apart on the same spot) on the first card's «Подтвердить» approves that card's request and nothing else: after a
    decision the list does not move another pending card under the pointer, and the one request sent names the card's
    own session and id."""
    user = f"double-{gap_ms}"
    for session, amount in (("d-a", 10), ("d-b", 20), ("d-c", 30)):
        body = {"user_id": user, "session_id": session, "message": f"Измени сумму сделки 4 на {amount}"}
        asked = httpx.post(
            console_server.url + "/chat", json=body, headers={"X-API-Key": console_server.key}, timeout=60
        )
        assert asked.status_code == 200 and asked.json()["pending_confirmations"], asked.text
    sent: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda request: (
            sent.append(request.post_data_json) if request.url.endswith("/chat/confirmations/decide") else None
        ),
    )
    open_crm(page, console_server, user)
    page.get_by_test_id("inbox").locator(PENDING).nth(2).wait_for(timeout=60_000)
    first = page.get_by_test_id("inbox").locator(PENDING).first
    aimed = (first.get_attribute("data-session"), first.get_attribute("data-id"))
    approve = first.get_by_test_id("approve")
    approve.wait_for()
    page.wait_for_function("() => !document.querySelector('[data-testid=inbox] button[aria-disabled=true]')")
    box = approve.bounding_box()
    assert box is not None
    x, y = box["x"] + 5, box["y"] + 5
    before = updates(portal)
    if gap_ms == 0:
        page.mouse.dblclick(x, y)
    else:
        page.mouse.click(x, y)
        page.wait_for_timeout(gap_ms)
        page.mouse.click(x, y)
    page.locator("#inbox-status").filter(has_text="Подтверждено").wait_for()
    page.wait_for_timeout(1500)  # time for a wrongly taken second click to reach the server
    assert updates(portal) == before + 1
    assert [(body["session_id"], body["id"], body["decision"]) for body in sent] == [(*aimed, "approve")]
    assert (
        portal.portal.storage.get("deal", 4)["OPPORTUNITY"]
        == {"d-a": "10.00", "d-b": "20.00", "d-c": "30.00"}[aimed[0]]
    )
    assert page.get_by_test_id("inbox").locator(PENDING).count() == 2
    decided = card_of(page, "inbox", *aimed)
    assert decided.get_attribute("data-outcome") == "executed"


def test_the_user_field_losing_focus_does_not_redraw_the_inbox_under_the_pointer(
    page: Any, console_server: ConsoleServer
) -> None:
    """The browser fires «change» when the user field loses focus — typically to the very click on a card's button.
    For the user whose list is already shown that must not redraw the inbox: a redraw at the click replaced the button
    between mouse-down and mouse-up and made the next clicks «quiet», so the decision was lost (the CI flake of the
    double-click test)."""
    user = "blur-keeps"
    body = {"user_id": user, "session_id": "b-a", "message": "Измени сумму сделки 4 на 40"}
    asked = httpx.post(console_server.url + "/chat", json=body, headers={"X-API-Key": console_server.key}, timeout=60)
    assert asked.status_code == 200 and asked.json()["pending_confirmations"], asked.text
    open_crm(page, console_server, user)
    page.get_by_test_id("inbox").locator(PENDING).first.wait_for(timeout=60_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=inbox] button[aria-disabled=true]')")
    page.evaluate("() => { document.querySelector('[data-testid=inbox] [data-testid=confirmation]').marked = 1; }")
    loads: list[str] = []
    page.on("request", lambda request: loads.append(request.url) if "/chat/confirmations?" in request.url else None)
    page.get_by_test_id("crm-user").blur()
    page.wait_for_timeout(500)
    assert loads == []
    assert page.evaluate("() => document.querySelector('[data-testid=inbox] [data-testid=confirmation]').marked") == 1
    page.get_by_test_id("crm-user").fill("blur-other")
    page.get_by_test_id("crm-user").blur()  # another user: the list is read again
    page.wait_for_function("() => !document.querySelector('[data-testid=inbox] [data-testid=confirmation]')")
    assert len(loads) == 1


def test_the_empty_inbox_is_said_only_after_a_successful_load(page: Any, console_server: ConsoleServer) -> None:
    """«Нет действий, ожидающих подтверждения» is a claim about a list that was read: not while the key dialog
    holds the first load, not after a failed load — only after a load that returned no items."""
    page.expect_problems(r"HTTP (401|503): GET .*/chat/confirmations", r"console error: .*(401|503)")
    empty = page.get_by_test_id("inbox-empty")
    page.goto("/console/crm")  # no #key=: the first load waits for the key dialog
    page.locator("#auth-dialog").wait_for(state="visible")
    assert empty.is_hidden()
    body = '{"error": "хранилище состояния недоступно, повторите позже", "code": "state_unavailable"}'
    page.route(
        "**/chat/confirmations?*", lambda route: route.fulfill(status=503, content_type="application/json", body=body)
    )
    page.get_by_test_id("auth-key").fill(console_server.key or "")
    page.get_by_test_id("auth-save").click()
    page.locator("#inbox-status").filter(has_text="хранилище состояния недоступно").wait_for()
    assert empty.is_hidden()
    page.unroute("**/chat/confirmations?*")
    page.get_by_test_id("crm-user").fill("nobody-waits")
    page.get_by_test_id("crm-user").dispatch_event("change")
    empty.wait_for(state="visible")
    assert page.locator("#inbox-status").inner_text() == ""
