"""The Ask page in a real browser: steps stream before the answer, a citation opens its passage (Stop:
``test_ask_stop.py``, whose server's model holds the run)."""

from __future__ import annotations

import json
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
    from agentcore.apps.research.settings import ResearchSettings

    page.goto("/")
    # the step limit starts at AGENT_DEFAULT_STEPS, the CLI's and HTTP's default too
    default = ResearchSettings.model_fields["agent_default_steps"].default
    assert page.locator("#max-steps").input_value() == str(default)
    page.get_by_test_id("send").click()
    assert page.locator("#ask-status").inner_text() == "Введите вопрос."
    assert page.get_by_test_id("step").count() == 0


def test_a_model_failure_is_said_once(page: Any) -> None:
    """Tryout 28 D14: a run that failed at the model read «Ошибка: Ошибка при запросе LLM: …» (the word twice)."""
    message = "Ошибка при запросе LLM: языковая модель отклонила учётные данные сервиса (HTTP 401)"
    event = {"request_id": "req_t28", "step": 1, "type": "error", "message": message, "code": "llm_error"}
    body = f"id: req_t28:1\nevent: error\ndata: {json.dumps(event, ensure_ascii=False)}\n\n"
    page.route(
        "**/research/stream",
        lambda route: route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body),
    )
    page.goto("/")
    page.get_by_test_id("question-input").fill("Как оформить отпуск?")
    page.get_by_test_id("send").click()
    status = page.locator("#ask-status")
    status.filter(has_text="req_t28").wait_for(timeout=30_000)
    assert status.inner_text() == f"{message} (запрос req_t28)"


def test_a_passage_reads_as_text_and_escape_closes_it(page: Any) -> None:
    """Tryout 28 D15: a list passage showed its Markdown run together («- **Проезд.** … - **Проживание.** …»), and
    Escape did not close it."""
    page.goto("/")
    page.get_by_test_id("question-input").fill("Какие суточные в командировке?")
    page.get_by_test_id("send").click()
    page.get_by_test_id("citation").first.wait_for(timeout=90_000)
    page.get_by_test_id("citation").first.click()
    passage = page.get_by_test_id("passage")
    page.locator("#passage-text").filter(has_text="Суточные").wait_for(timeout=30_000)
    text = page.locator("#passage-text").inner_text()
    assert "**" not in text and "\n- " not in text and not text.startswith("- ")
    assert "• Суточные." in text and "\n• " in text  # a list line on a line of its own
    page.keyboard.press("Escape")
    assert passage.is_hidden()


def test_a_passage_shows_its_document_name_and_whole_sentences(page: Any) -> None:
    """The passage header is the document's name (never the server's file path); a supporting sentence is never
    cut at a full stop inside a name («Ромашка.Портал»)."""
    page.goto("/")
    page.get_by_test_id("question-input").fill("Как оформить отпуск?")
    page.get_by_test_id("send").click()
    page.get_by_test_id("final-answer").wait_for(state="visible", timeout=90_000)
    citations = page.get_by_test_id("citation")
    assert citations.count() >= 1
    named = 0
    for i in range(citations.count()):
        citations.nth(i).click()
        page.get_by_test_id("passage").wait_for(state="visible")
        page.wait_for_function("() => !document.getElementById('passage-text').innerText.includes('Загружаю')")
        source = page.locator("#passage-source").inner_text()
        assert source and not source.startswith("/") and "src/agentcore" not in source, source
        marks = page.get_by_test_id("support").all_inner_texts()
        assert all(not mark.startswith("Портал") for mark in marks), marks
        named += "Ромашка.Портал" in page.locator("#passage-text").inner_text()
    assert named, "no cited passage names «Ромашка.Портал»: the sentence check did not run"


def test_a_declined_answer_shows_no_coverage_or_confidence(page: Any) -> None:
    """«В базе знаний нет ответа…» is shown with «—» for coverage and confidence, never the 100% of the draft the
    decline replaced."""
    page.goto("/")
    page.get_by_test_id("question-input").fill("How do I request vacation?")  # offline: a draft quoted, declined
    page.get_by_test_id("send").click()
    answer = page.get_by_test_id("final-answer")
    answer.wait_for(state="visible", timeout=90_000)
    assert answer.inner_text().startswith("В базе знаний нет ответа")
    figures = dict(
        zip(
            page.locator("#figures dt").all_inner_texts(),
            page.locator("#figures dd").all_inner_texts(),
            strict=True,
        )
    )
    assert figures["Покрытие"] == "—" and figures["Уверенность"] == "—", figures


def test_a_step_limit_the_server_would_refuse_is_said_next_to_the_field_and_nothing_is_sent(page: Any) -> None:
    from agentcore.apps.research.settings import ResearchSettings

    most = ResearchSettings.model_fields["agent_max_steps"].default
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if "/research" in request.url else None)
    page.goto("/")
    page.get_by_test_id("question-input").fill("Как оформить отпуск?")
    for value in ("0", "-3", "1000", "2.5"):
        page.locator("#max-steps").fill(value)
        page.get_by_test_id("send").click()
        message = page.get_by_test_id("max-steps-error")
        assert message.inner_text(timeout=5_000) == f"Шагов не больше: целое число от 1 до {most}.", value
        assert page.locator("#max-steps").get_attribute("aria-invalid") == "true"
        assert page.get_by_test_id("step").count() == 0 and sent == [], value
    page.locator("#max-steps").fill("3")
    assert page.get_by_test_id("max-steps-error").inner_text() == ""  # gone once the value is right
    page.get_by_test_id("send").click()
    page.get_by_test_id("final-answer").wait_for(state="visible", timeout=90_000)
    assert "Шаг 1 из 3" in page.locator("#steps").inner_text() and len(sent) == 1


def test_the_last_answer_is_kept_across_a_reload(page: Any) -> None:
    """Tryout 26 #19: a reload of the tab shows the last question, its steps, the answer with its citations and
    figures and the request id again — kept in the tab's sessionStorage, never in localStorage."""
    page.goto("/")
    page.get_by_test_id("question-input").fill(QUESTION)
    page.get_by_test_id("send").click()
    answer = page.get_by_test_id("final-answer")
    answer.wait_for(state="visible", timeout=90_000)
    request_id = page.get_by_test_id("trace-link").inner_text()
    text, figures = answer.inner_text(), page.locator("#figures").inner_text()
    citations, steps = page.get_by_test_id("citation").count(), page.get_by_test_id("step").count()
    assert request_id.startswith("req") and citations >= 1 and steps >= 3

    page.reload()
    answer.wait_for(state="visible")
    assert page.get_by_test_id("question-input").input_value() == QUESTION
    assert answer.inner_text() == text and page.locator("#figures").inner_text() == figures
    assert page.get_by_test_id("trace-link").inner_text() == request_id
    assert page.get_by_test_id("trace-link").get_attribute("href") == f"/console/trace?request_id={request_id}"
    assert page.get_by_test_id("citation").count() == citations and page.get_by_test_id("step").count() == steps
    page.get_by_test_id("citation").first.click()  # a restored citation still opens its passage
    page.get_by_test_id("support").first.wait_for(state="visible")
    assert page.evaluate("localStorage.length") == 0
    assert QUESTION in page.evaluate("sessionStorage.getItem('agentcore.page.ask')")

    # a new question replaces the kept answer; the page of another tab (context) starts empty
    page.get_by_test_id("question-input").fill("How do I request vacation?")
    page.get_by_test_id("send").click()
    page.get_by_test_id("trace-link").filter(has_not_text=request_id).wait_for(timeout=90_000)
    page.reload()
    answer.wait_for(state="visible")
    assert page.get_by_test_id("question-input").input_value() == "How do I request vacation?"
    assert page.get_by_test_id("trace-link").inner_text() != request_id
