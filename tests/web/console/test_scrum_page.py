"""The Scrum page in a real browser on the demo team: the dashboard with the burndown of the seeded sprint, a daily
with a missing part → the clarifying question → the answer → the dashboard shows the accepted daily and its
escalated blocker; FAQ and digest answer."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

DAILY = "Вчера закрыл TASK-3. Блокер: нет доступов к стенду по TASK-10, срочно."  # no plan for today


def test_dashboard_burndown_and_the_daily_clarification_loop(page: Any, shot: Any, check_a11y: Any) -> None:
    page.goto("/console/scrum")
    burndown = page.get_by_test_id("burndown")
    burndown.wait_for(timeout=60_000)
    assert page.title() == "Scrum — agentcore"
    assert page.get_by_test_id("team-select").locator("option:checked").inner_text() == "Демо-команда"
    assert burndown.locator("polyline").count() == 2  # the ideal line and the remaining points
    assert "Объём спринта 45 story points" in burndown.locator("desc").text_content()
    page.get_by_test_id("velocity").wait_for()
    assert page.locator("#dailies tr").count() == 4
    # «сегодня TASK-4 и TASK-7» is two items of one text: shown once.
    anna_today = page.locator("tr[data-member=anna] td:nth-child(3) li").all_inner_texts()
    assert anna_today == ["TASK-4 и TASK-7"], anna_today
    # anna's urgent blocker, and boris's wait for access reported on two days (a repeat is one step more severe)
    assert page.locator("[data-testid=blocker][data-escalated=true]").count() == 2
    check_a11y(page)
    shot(page, "scrum")

    page.get_by_test_id("daily-member").select_option("gleb")
    page.get_by_test_id("daily-input").fill(DAILY)
    page.get_by_test_id("daily-send").click()
    question = page.get_by_test_id("clarification")
    question.wait_for(state="visible")
    assert "что планируешь сделать сегодня" in question.inner_text()
    page.locator("tr[data-member=gleb] .badge.waiting").wait_for()
    assert page.locator("#daily-label").inner_text() == "Ответ на вопрос"

    page.get_by_test_id("daily-input").fill("Сегодня начну TASK-10.")
    page.get_by_test_id("daily-send").click()
    page.get_by_test_id("daily-status").filter(has_text="Daily принят").wait_for()
    assert question.is_hidden()
    gleb = page.locator("tr[data-member=gleb]")
    gleb.locator(".badge.today").wait_for()
    assert "TASK-10" in gleb.inner_text() and "нет доступов к стенду" in gleb.inner_text()
    escalated = page.locator("[data-testid=blocker][data-escalated=true]")
    assert escalated.count() == 3 and "нет доступов к стенду" in escalated.last.inner_text()
    # reported today: «сегодня», not «0 дней (с …)»
    assert "· сегодня ·" in escalated.last.inner_text() and "0 дней" not in escalated.last.inner_text()
    figures = page.locator("#scrum-figures").inner_text()
    assert "1 из 4" in figures
    # the one velocity the forecast also reads: story points per working day
    assert "SP в рабочий день" in figures and "SP в день" not in figures
    check_a11y(page)


def test_faq_analytics_and_digest(page: Any) -> None:
    page.goto("/console/scrum")
    page.get_by_test_id("burndown").wait_for(timeout=60_000)
    page.locator("#ask-text").fill("Что такое спринт?")
    page.locator("#ask-faq").click()
    answer = page.get_by_test_id("scrum-answer")
    answer.wait_for(state="visible")
    assert "Спринт" in answer.inner_text()
    page.locator("#ask-text").fill("Что блокирует релиз?")
    page.locator("#ask-analytics").click()
    page.get_by_test_id("scrum-answer").filter(has_text="Что блокирует релиз").wait_for()
    page.locator("#digest-member").select_option("anna")
    page.locator("#digest-show").click()
    page.get_by_test_id("digest").filter(has_text="Дайджест").wait_for()


def test_ctrl_enter_sends_both_fields_and_an_empty_question_asks_for_one(page: Any) -> None:
    page.goto("/console/scrum")
    page.get_by_test_id("burndown").wait_for(timeout=60_000)
    # the same hint as the Ask, Chat and CRM pages, tied to each field
    assert page.get_by_test_id("daily-hint").inner_text() == "Ctrl+Enter — отправить."
    assert page.get_by_test_id("ask-hint").inner_text().startswith("Ctrl+Enter — отправить")
    assert page.get_by_test_id("daily-input").get_attribute("aria-describedby") == "daily-hint"
    question = page.get_by_test_id("ask-input")
    question.fill("Кто не прислал daily сегодня?")
    question.press("Control+Enter")
    answer = page.get_by_test_id("scrum-answer")
    answer.filter(has_text="Без daily сегодня").wait_for()  # who has no daily, not the workload table
    assert "Глеб Иванов" in answer.inner_text() and "Загрузка" not in answer.inner_text()
    # an empty question: «Введите вопрос», and the previous answer is not left standing under it
    question.fill("")
    page.locator("#ask-analytics").click()
    page.get_by_test_id("ask-status").filter(has_text="Введите вопрос.").wait_for()
    assert answer.is_hidden()
    page.get_by_test_id("daily-member").select_option("boris")
    page.get_by_test_id("daily-input").fill("Вчера делал TASK-5, сегодня TASK-12. Блокеров нет.")
    page.get_by_test_id("daily-input").press("Control+Enter")
    page.get_by_test_id("daily-status").filter(has_text="Daily принят").wait_for()
    page.locator("tr[data-member=boris] .badge.today").wait_for()


def test_readable_on_a_phone(page: Any, shot: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/console/scrum")
    page.get_by_test_id("burndown").wait_for(timeout=60_000)
    # nothing wider than the screen: tables scroll inside their box, charts scale
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.get_by_test_id("burndown").bounding_box()["width"] <= 390
    # the dailies table is not clipped: every cell (the blockers too) lies within its box, named by its column
    page.get_by_test_id("dailies").locator("tbody tr").first.wait_for()
    assert page.evaluate(
        """() => { const wrap = document.querySelector('[data-testid=dailies]').parentElement;
                   return wrap.scrollWidth <= wrap.clientWidth; }"""
    )
    blockers = page.get_by_test_id("dailies").locator("td[data-label='Блокеры']").first
    box = blockers.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, "scrum-phone")


def test_a_blocker_lifted_on_the_page_leaves_the_dashboard(page: Any) -> None:
    """«снят» beside an open blocker lifts it (``POST …/blockers/lift``, as the Telegram bot's button): it leaves
    the open blockers and its author's row marks it «— снят»."""
    page.goto("/console/scrum")
    page.get_by_test_id("burndown").wait_for(timeout=60_000)
    vera = page.get_by_test_id("blocker").filter(has_text="Вера Козлова")
    assert vera.count() == 1
    before = page.get_by_test_id("blocker").count()
    vera.get_by_test_id("lift").click()
    page.locator("#scrum-status").filter(has_text="Блокер снят").wait_for()
    assert page.get_by_test_id("blocker").count() == before - 1
    assert page.get_by_test_id("blocker").filter(has_text="Вера Козлова").count() == 0
    assert "— снят" in page.locator("tr[data-member=vera] td[data-label='Блокеры']").inner_text()


def test_the_page_says_it_is_loading_while_the_teams_are_read(page: Any) -> None:
    """The first read on a fresh data dir seeds the demo team (seconds): the page said nothing meanwhile — an empty
    team list and empty cards (tryout 31 #12)."""
    held: list[Any] = []
    page.route("**/scrum/teams", lambda route: held.append(route))
    page.goto("/console/scrum")
    page.wait_for_timeout(500)
    assert held, "the page did not ask for the teams"
    assert page.get_by_test_id("sprint").inner_text() == ""
    assert page.locator("#scrum-status").inner_text() == "Загружаю…"
    held[0].continue_()
    page.get_by_test_id("sprint").filter(has_text="сегодня").wait_for()
    # the status clears once the charts are drawn too (after the sprint line): wait for the board's loaded mark
    page.locator("body[data-scrum-loaded]").wait_for(state="attached")
    assert page.locator("#scrum-status").inner_text() == ""
