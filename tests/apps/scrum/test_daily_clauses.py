"""``daily_parser.clauses`` (session scrum, dev24's left misses), probed in words no labelled split uses: the member's
steps about a wait after it («…; написал им, жду») go on with that blocker, not a work item nor a second blocker; a
time word inside a statement after a comma («…, ключ от сервиса вчера прислали») opens no statement of its own."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize(
    "steps",
    ["написал им, жду", "напомнил вчера, ждём ответа", "pinged them, waiting", "запросил ещё утром, жду"],
)
def test_the_members_steps_about_a_wait_go_on_with_it(steps: str) -> None:
    message = (
        f"Вчера: ORG-1 — оргструктура\nСегодня: ORG-2 — импорт\nБлокеры: по ORG-2 нужны выгрузки от кадровиков; {steps}"
    )
    daily = parse_daily(message, "DEV")["daily"]
    assert [b["related_task_id"] for b in daily["blockers"]] == ["ORG-2"]
    assert steps.split(",")[0] in daily["blockers"][0]["text"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["ORG-1"] and [i["task_id"] for i in daily["today"]] == [
        "ORG-2"
    ]
    assert daily["quality"] == "GREAT"


def test_a_step_with_work_of_its_own_stays_work() -> None:
    message = "Вчера: ORG-3 — отчёт\nСегодня: ORG-4 — импорт\nБлокеры: по ORG-4 нужны выгрузки; написал тесты на ORG-5"
    daily = parse_daily(message, "DEV")["daily"]
    assert "ORG-5" in {i["task_id"] for i in daily["yesterday"] + daily["today"]}


def test_a_time_word_inside_a_statement_after_a_comma_opens_none() -> None:
    daily = parse_daily("вчера сдал ORG-6, сегодня ORG-7 пишу, ключ от сервиса вчера прислали, уже не мешает", "DEV")
    assert daily["daily"]["blockers"] == []
    assert [i["task_id"] for i in daily["daily"]["yesterday"]] == ["ORG-6"]
    assert [i["task_id"] for i in daily["daily"]["today"]] == ["ORG-7"]
    assert daily["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    ("message", "task"),
    [
        ("Вчера: ORG-8 — роли\nСегодня: ORG-9 — права\nБлокеры: линтер не мешает, а вот макет для ORG-9 жду", "ORG-9"),
        ("вчера ORG-10 доделал, сегодня ORG-11 пишу. флейки-тесты не блокируют, зато по ORG-11 нет доступа", "ORG-11"),
        ("Y: ORG-12 roles. T: ORG-13 rights. B: slow CI is not blocking, but ORG-13 is waiting on keys", "ORG-13"),
    ],
)
def test_a_denial_of_one_trouble_ends_at_a_contrast_to_another(message: str, task: str) -> None:
    blockers = parse_daily(message, "DEV")["daily"]["blockers"]
    assert [b["related_task_id"] for b in blockers] == [task]


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: ORG-14 — роли\nСегодня: ORG-15 — права\nБлокеры: не блокер, но медленный деплой бесит",
        "Вчера: ORG-16 — роли\nСегодня: ORG-17 — права\nБлокеры: деплой медленный, но это не мешает",
    ],
)
def test_a_denial_with_no_subject_of_its_own_covers_the_trouble_beside_it(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["blockers"] == []


@pytest.mark.parametrize(
    ("over", "still"),
    [
        (
            "Вчера ждал апрув по ORG-20 полдня, сегодня его одобрили, делаю ORG-21",
            "Did ORG-20, doing ORG-21 today, blocked by ORG-24 not yet approved",
        ),
        (
            "Вчера ждал ревью по ORG-20 до вечера, утром смержили, делаю ORG-21",
            "Did ORG-20, doing ORG-21 today, blocked by ORG-24 that isn't merged",
        ),
    ],
)
def test_a_past_wait_whose_end_the_next_statement_tells_is_over_unless_the_end_is_denied(over: str, still: str) -> None:
    daily = parse_daily(over, "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"
    assert [b["related_task_id"] for b in parse_daily(still, "DEV")["daily"]["blockers"]] == ["ORG-24"]


@pytest.mark.parametrize(
    "story",
    ["Had a problem with the SSO sandbox, ops fixed it", "Was blocked on the signing keys, got them this morning"],
)
def test_an_english_past_trouble_with_its_remedy_is_no_work_item(story: str) -> None:
    daily = parse_daily(f"Yesterday ORG-30 export, today ORG-31 import. {story}. No blockers now", "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"
    assert [i["task_id"] for i in daily["yesterday"]] == ["ORG-30"]
