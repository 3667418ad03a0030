"""``daily_parser.reading`` (session scrum, dev24's rw025), probed in words no labelled split uses: where the day's
task begins («начну с загрузки», «сначала вёрстка», «start with the API») goes on with the task already named, not
an item of work without a task; work of its own stays an item."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize(
    "order",
    ["начну с парсера", "сначала вёрстка формы", "I'll start with the API client"],
)
def test_where_the_days_task_begins_goes_on_with_it(order: str) -> None:
    message = f"Вчера: FIT-1 расписание\nСегодня: FIT-2 абонементы\nЖду тарифы от клиента, но это не блокер, {order}"
    daily = parse_daily(message, "DEV")["daily"]
    assert [i["task_id"] for i in daily["today"]] == ["FIT-2"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


def test_other_work_of_the_day_stays_an_item() -> None:
    message = "Вчера: FIT-3 расписание\nСегодня: FIT-4 абонементы, созвон с клиентом\nБлокеров нет"
    daily = parse_daily(message, "DEV")["daily"]
    # the call stays an item of its own; the day's other activity needs no task id (session sg)
    assert None in [i["task_id"] for i in daily["today"]] and daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    ("message", "yesterday", "today"),
    [
        ("MAP-3 доделал, MAP-4 ковыряю", ["MAP-3"], ["MAP-4"]),
        ("отправил акт по ACC-7, вычитываю ACC-8", ["ACC-7"], ["ACC-8"]),
        ("API-3 merged, API-4 next", ["API-3"], ["API-4"]),
    ],
)
def test_a_task_done_then_one_being_done_now_turns_to_today(
    message: str, yesterday: list[str], today: list[str]
) -> None:
    # dev26: a first-person present verb tells what the member does now; «next» is the plan
    daily = parse_daily(message, "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == yesterday
    assert [i["task_id"] for i in daily["today"]] == today


@pytest.mark.parametrize(
    "header",
    [
        *("Дальше:", "Следующее:", "На очереди:", "Up next:", "Planned:", "Working on:", "Current:", "Цели на день:"),
        # session sw: the present and the day's focus
        *("Сейчас:", "Now:", "This morning:", "Фокус дня:", "Текущая задача:", "В фокусе:"),
    ],
)
def test_a_header_of_what_comes_next_opens_today(header: str) -> None:
    # session sg: what comes next, what is being worked on, the day's goals name today's section
    daily = parse_daily(f"Вчера: ZOO-30 — касса\n{header} ZOO-31 — афиша\nБлокеров нет", "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["ZOO-30"]
    assert [i["task_id"] for i in daily["today"]] == ["ZOO-31"] and daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "line", ["Займусь ZOO-33 — афиша", "Беру в работу ZOO-33", "Продолжаю ZOO-33, осталась вёрстка"]
)
def test_a_line_led_by_a_verb_of_the_plan_under_yesterdays_header_is_today(line: str) -> None:
    # session sg: the author moved on to today without a header of its own
    daily = parse_daily(f"Вчера: ZOO-32 — касса\n{line}\nБлокеров нет", "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["ZOO-32"]
    assert [i["task_id"] for i in daily["today"]] == ["ZOO-33"]
