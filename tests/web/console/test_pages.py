"""Every console page: renders without errors, every nav link works, nothing left unfinished on it, accessible,
usable on a phone-sized screen; the one-time ``/chat`` key printed by ``agentcore serve`` reaches the page."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.e2e

UNFINISHED = re.compile(
    r"TODO|FIXME|lorem|ipsum|заглушк|в разработке|скоро будет|coming soon|\{\{|\{%|\bNone\b|undefined", re.I
)


def _pages(page: Any, server: Any) -> list[tuple[str, str]]:
    page.goto(server.console_url)  # as a user does: the printed address, with the one-time /chat key
    links = page.locator("nav a")
    return [(links.nth(i).inner_text(), links.nth(i).get_attribute("href")) for i in range(links.count())]


def test_every_page_renders_complete_and_accessible(page: Any, console_server: Any, shot: Any, check_a11y: Any) -> None:
    pages = _pages(page, console_server)
    titles = [title for title, _ in pages]
    assert titles[:2] == ["Ask", "Chat"] and "Trace" in titles
    for title, href in pages:
        page.goto(href)
        page.wait_for_load_state("networkidle")
        assert page.title() == f"{title} — agentcore"
        assert page.locator("nav a[aria-current=page]").inner_text() == title
        body = page.locator("main").inner_text()
        assert body.strip() and not UNFINISHED.search(body), (title, UNFINISHED.search(body))
        assert not re.search(r"\{\{|\{%", page.content()), title  # no template left unrendered
        check_a11y(page)


def test_pages_fit_a_phone(page: Any, console_server: Any, shot: Any) -> None:
    pages = _pages(page, console_server)
    page.set_viewport_size({"width": 390, "height": 844})
    for title, href in pages:
        page.goto(href)
        page.wait_for_load_state("networkidle")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{title}: {overflow}px wider than the screen"
        shot(page, f"phone-{title.lower()}", full_page=False)


def test_the_printed_console_url_carries_the_chat_key(page: Any, console_server: Any) -> None:
    assert console_server.key, console_server.log()
    # the key works on POST /chat, and a wrong one does not
    ok = httpx.post(
        console_server.url + "/chat",
        json={"user_id": "console-test", "message": "привет"},
        headers={"X-API-Key": console_server.key},
        timeout=60,
    )
    assert ok.status_code == 200, ok.text
    wrong = httpx.post(
        console_server.url + "/chat", json={"user_id": "x", "message": "привет"}, headers={"X-API-Key": "nope"}
    )
    assert wrong.status_code == 401
    page.goto(console_server.console_url)
    assert "#key=" not in page.url  # moved out of the address bar
    assert page.evaluate("sessionStorage.getItem('agentcore.key')") == console_server.key


def test_a_long_unbroken_word_never_widens_the_page(page: Any, console_server: Any, shot: Any) -> None:
    """A URL or a 200-letter word in a message wraps inside its bubble (tryout 31 #1: the Chat page became 2027 px
    wide, the CRM page 1770 px — every element scrolled sideways)."""
    word = "https://example.com/" + "a" * 180
    widening = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    page.goto(console_server.console_url)
    page.goto("/console/chat")
    page.wait_for_function("() => document.getElementById('model').options.length > 0")
    page.get_by_test_id("question-input").fill(word)
    page.get_by_test_id("send").click()
    page.get_by_test_id("final-answer").first.wait_for(timeout=60_000)
    page.wait_for_function("() => !document.getElementById('send').disabled", timeout=60_000)
    assert page.evaluate(widening) <= 0, "Chat"
    page.goto("/console/crm")
    page.get_by_test_id("question-input").fill("Найди сделку " + word)
    page.get_by_test_id("send").click()
    page.locator("#crm-messages .message.assistant").first.wait_for(timeout=60_000)
    assert page.evaluate(widening) <= 0, "CRM"
    shot(page, "long-word-crm")
