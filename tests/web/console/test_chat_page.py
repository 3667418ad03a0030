"""The Chat page in a real browser: a round trip with the SGR example agent over ``/v1`` (steps and the reply),
the conversation carried into the next turn; a turn of the seed-000 assistant, whose model calls the Trace page
then shows."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def test_chat_round_trip_with_the_sgr_example(page: Any, shot: Any, check_a11y: Any) -> None:
    page.goto("/console/chat?model=sgr-example")
    model = page.get_by_test_id("model-select")
    page.wait_for_function("() => document.getElementById('model').options.length > 0")
    assert model.input_value() == "sgr-example"
    page.get_by_test_id("question-input").fill("Который сейчас час?")
    page.get_by_test_id("send").click()
    page.locator("#chat-status").filter(has_text="Готово").wait_for(timeout=90_000)
    replies = page.get_by_test_id("final-answer")
    assert replies.count() == 1
    reply = replies.last.inner_text()
    assert reply.strip() and reply.strip() != "Агент\n…"
    assert page.get_by_test_id("step").count() >= 1
    tool_names = page.locator("#steps .tool").all_inner_texts()
    assert any("time" in name.lower() for name in tool_names), tool_names

    page.get_by_test_id("question-input").fill("Спасибо! А какой сегодня день?")
    page.keyboard.press("Control+Enter")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=final-answer]').length === 2"
        " && !document.getElementById('send').disabled",
        timeout=90_000,
    )
    assert page.locator("#chat-status").inner_text() == "Готово."
    assert page.locator(".message.user").count() == 2
    check_a11y(page)
    shot(page, "chat")


def test_chat_with_the_seed_000_assistant(page: Any, shot: Any, check_a11y: Any) -> None:
    page.goto("/console/chat")
    page.wait_for_function("() => document.getElementById('model').options.length > 0")
    assert page.get_by_test_id("model-select").input_value() == "assistant"  # the first choice
    # what each model can be asked (tryout 28 D3: «который час?» was offered to the assistant, which cannot tell it)
    question = page.get_by_test_id("question-input")
    assert "отпуск" in (question.get_attribute("placeholder") or "")
    page.get_by_test_id("model-select").select_option("sgr-example")
    assert "который час" in (question.get_attribute("placeholder") or "")
    page.get_by_test_id("model-select").select_option("assistant")
    page.get_by_test_id("question-input").fill("Напиши хайку про осень")
    page.get_by_test_id("send").click()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=final-answer]').length === 1"
        " && !document.getElementById('send').disabled",
        timeout=90_000,
    )
    assert page.locator("#chat-status").inner_text() == "Готово."
    reply = page.get_by_test_id("final-answer").last.inner_text()
    assert "Хайку" in reply or "хайку" in reply, reply
    steps = page.get_by_test_id("step").all_inner_texts()
    assert len(steps) >= 4 and any("Выполняю инструмент" in s for s in steps), steps
    shot(page, "chat-assistant")

    # The turn's trace: the assistant's own model calls (made from its worker thread) are listed.
    page.goto("/console/trace")
    newest = page.get_by_test_id("recent-runs").locator("[data-request-id]").first
    newest.wait_for()
    assert "assistant" in newest.inner_text()
    newest.click()
    page.get_by_test_id("trace-run").wait_for(state="visible")
    calls = page.get_by_test_id("model-calls").locator("tr")
    assert calls.count() >= 2
    assert calls.nth(0).locator("code").inner_text() == "assistant.classify"
    assert calls.nth(1).locator("code").inner_text() == "assistant.select"
    check_a11y(page)
    shot(page, "trace-assistant")


def test_the_conversation_and_the_model_are_kept_across_a_reload(page: Any) -> None:
    """Tryout 26 #19: a reload shows the conversation and the chosen model again, and the next turn still carries the
    earlier ones; «Новый разговор» drops them, for a reload too."""
    page.goto("/console/chat")
    page.wait_for_function("() => document.getElementById('model').options.length > 0")
    page.get_by_test_id("model-select").select_option("sgr-example")
    page.get_by_test_id("question-input").fill("Который сейчас час?")
    page.get_by_test_id("send").click()
    page.locator("#chat-status").filter(has_text="Готово").wait_for(timeout=90_000)
    conversation = page.locator("#messages").inner_text()
    assert "Который сейчас час?" in conversation

    page.reload()
    page.wait_for_function("() => document.getElementById('model').options.length > 0")
    assert page.get_by_test_id("model-select").input_value() == "sgr-example"
    assert page.locator("#messages").inner_text() == conversation
    assert page.locator("#messages-empty").is_hidden()
    assert page.evaluate("localStorage.length") == 0

    sent: list[Any] = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.url.endswith("/v1/chat/completions") else None)
    page.get_by_test_id("question-input").fill("Спасибо!")
    page.get_by_test_id("send").click()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=final-answer]').length === 2"
        " && !document.getElementById('send').disabled",
        timeout=90_000,
    )
    assert [m["content"] for m in sent[0]["messages"] if m["role"] == "user"] == ["Который сейчас час?", "Спасибо!"]

    page.get_by_role("button", name="Новый разговор").click()
    page.reload()
    page.wait_for_function("() => document.getElementById('model').options.length > 0")
    assert page.locator(".message").count() == 0 and page.locator("#messages-empty").is_visible()
    assert page.get_by_test_id("model-select").input_value() == "assistant"
    assert page.evaluate("sessionStorage.getItem('agentcore.page.chat')") is None
