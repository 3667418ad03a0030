"""The Ask page in a real browser: steps stream before the answer, a citation opens its passage (Stop:
``test_ask_stop.py``, whose server's model holds the run)."""

from __future__ import annotations

from typing import Any

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


def test_empty_question_is_refused_in_the_page(page: Any) -> None:
    page.goto("/")
    page.get_by_test_id("send").click()
    assert page.locator("#ask-status").inner_text() == "Введите вопрос."
    assert page.get_by_test_id("step").count() == 0
