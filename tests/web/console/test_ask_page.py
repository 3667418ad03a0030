"""The Ask page in a real browser: steps stream before the answer, a citation opens its passage, Stop cancels."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.e2e

QUESTION = "Сколько дней ежегодного отпуска положено сотруднику?"


def test_ask_streams_steps_before_the_answer_and_opens_a_citation(page: Any, shot: Any, check_a11y: Any) -> None:
    page.goto("/")
    assert page.title() == "Ask — agentcore"
    page.get_by_test_id("question-input").fill(QUESTION)
    # record, in the page, how many steps were on screen when the answer appeared
    page.evaluate(
        """() => {
            const answer = document.querySelector('[data-testid=final-answer]');
            new MutationObserver(() => {
                if (!answer.hidden && window.stepsAtAnswer === undefined)
                    window.stepsAtAnswer = document.querySelectorAll('[data-testid=step]').length;
            }).observe(answer, {attributes: true, childList: true});
            window.firstStepAt = null;
            new MutationObserver(() => { if (window.firstStepAt === null) window.firstStepAt = performance.now(); })
                .observe(document.getElementById('steps'), {childList: true});
        }"""
    )
    page.get_by_test_id("send").click()
    answer = page.get_by_test_id("final-answer")
    answer.wait_for(state="visible", timeout=90_000)
    assert page.evaluate("window.stepsAtAnswer") >= 3
    assert page.get_by_test_id("step").count() >= 3
    text = answer.inner_text()
    assert "отпуск" in text.lower()
    assert "[" not in text or page.get_by_test_id("citation").count() >= 1
    figures = page.locator("#figures").inner_text()
    assert "Покрытие" in figures and "Шагов" in figures

    citation = page.get_by_test_id("citation").first
    citation.click()
    passage = page.get_by_test_id("passage")
    passage.wait_for(state="visible")
    support = page.get_by_test_id("support").first
    support.wait_for(state="visible")
    assert support.inner_text().strip()
    assert citation.get_attribute("aria-expanded") == "true"
    assert "Загружаю" not in passage.inner_text()
    check_a11y(page)
    shot(page, "ask")


def test_ask_keyboard_only_and_stop_cancels_the_run(page: Any, console_server: Any) -> None:
    page.goto("/")
    page.expect_problems(r"request failed: POST .*/research/stream net::ERR_ABORTED")
    page.get_by_test_id("question-input").focus()
    page.keyboard.type("Что такое исследовательский агент и как он проверяет покрытие вопроса?")
    page.keyboard.press("Control+Enter")
    stop = page.get_by_test_id("stop")
    page.get_by_test_id("step").first.wait_for(timeout=60_000)
    if page.get_by_test_id("final-answer").is_hidden():  # a loaded machine is slower than the page: stop it
        stop.focus()
        page.keyboard.press("Enter")
        stopped = page.locator("#ask-status").filter(has_text="Остановлено")
        # the answer may still win the race between the check above and the key press: then there is nothing to stop
        stopped.or_(page.get_by_test_id("final-answer")).first.wait_for()
        if stopped.is_visible():
            # the server saw the client go: the run was cancelled there and traced as such
            deadline = time.monotonic() + 30
            outcome = None
            while time.monotonic() < deadline and outcome != "cancelled":
                runs = httpx.get(console_server.url + "/trace/runs?limit=5", timeout=10).json()["runs"]
                outcome = next((r["outcome"] for r in runs if r["question"] and "покрытие" in r["question"]), None)
                time.sleep(0.3)
            assert outcome == "cancelled"
    # the page shows the answer as the final event arrives and frees the form when the stream ends, a moment later
    page.wait_for_selector('[data-testid="send"]:enabled', timeout=30_000)
    page.wait_for_selector('[data-testid="stop"]:disabled', timeout=30_000)


def test_empty_question_is_refused_in_the_page(page: Any) -> None:
    page.goto("/")
    page.get_by_test_id("send").click()
    assert page.locator("#ask-status").inner_text() == "Введите вопрос."
    assert page.get_by_test_id("step").count() == 0
