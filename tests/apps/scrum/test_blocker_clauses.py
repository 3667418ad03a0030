"""``daily_parser.blocker_clauses`` (session scrum, dev25), probed in words no labelled split uses: the member's own act
of blocking («заблокировал ботов по SEC-2») is work done, not a blocker; someone blocking the member stays one."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize(
    "act",
    ["заблокировал ботов по SEC-2", "заблокировала старые токены SEC-2", "сегодня блокирую выгрузку SEC-2 по ночам"],
)
def test_the_members_own_act_of_blocking_is_work(act: str) -> None:
    daily = parse_daily(f"Вчера: SEC-1 аудит, {act}. Сегодня: SEC-3 отчёт. Блокеров нет", "DEV")["daily"]
    assert daily["blockers"] == []
    assert "SEC-2" in {i["task_id"] for i in daily["yesterday"] + daily["today"]}


@pytest.mark.parametrize(
    "trouble",
    ["меня заблокировали в VPN по SEC-5", "антифрод заблокировал наш IP, SEC-5 не проверить", "SEC-5 заблокирована"],
)
def test_someone_blocking_the_member_stays_a_blocker(trouble: str) -> None:
    daily = parse_daily(f"Вчера: SEC-4 аудит. Сегодня: SEC-5 отчёт. Блокеры: {trouble}", "DEV")["daily"]
    assert [b["related_task_id"] for b in daily["blockers"]] == ["SEC-5"]


@pytest.mark.parametrize(
    ("line", "task"),
    [
        ("вчерашний затык сняли; SEC-7 ждёт подпись юристов, пока пишу тесты", "SEC-7"),
        ("задача SEC-7 до сих пор ждёт сертификат", "SEC-7"),
        ("the PR for SEC-7 is waiting on a security review", "SEC-7"),
    ],
)
def test_a_task_that_waits_is_a_blocker(line: str, task: str) -> None:
    daily = parse_daily(f"Вчера: SEC-6 аудит\nСегодня: SEC-7 отчёт\nБлокеры: {line}", "DEV")["daily"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [(task, False)]


def test_someone_waiting_on_the_member_is_no_blocker_of_theirs() -> None:
    daily = parse_daily("Вчера: SEC-8 аудит. Сегодня: SEC-9 отчёт, QA ждёт от меня сборку. Блокеров нет", "DEV")
    assert daily["daily"]["blockers"] == []


@pytest.mark.parametrize(
    "line",
    ["Блокеры: не, всё норм", "Блокеры: токен для SEC-11 выдали", "Блокеры: лицензию получил вчера вечером"],
)
def test_a_listed_none_or_a_remedy_with_no_trouble_is_no_blocker(line: str) -> None:
    daily = parse_daily(f"Вчера: SEC-10 аудит\nСегодня: SEC-11 отчёт\n{line}", "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


def test_a_none_followed_by_a_wait_lists_the_wait_under_the_header_only() -> None:
    listed = parse_daily("Вчера: SEC-12 аудит\nСегодня: SEC-13 отчёт\nБлокеры: никаких, разве только жду апрув", "DEV")
    assert [b["critical"] for b in listed["daily"]["blockers"]] == [False]
    beside = parse_daily("вчера SEC-14 аудит, сегодня SEC-15 отчёт. проблем нет, жду только слот на выкатку", "DEV")
    assert beside["daily"]["blockers"] == []


@pytest.mark.parametrize(
    "wait",
    [
        "поставщик молчит по SEC-21 вторую неделю",
        "макеты для SEC-21 до сих пор не готовы, пока пишу API",
        "the landlord still hasn't sent the floor plan for SEC-21",
        "SEC-21 is on hold until finance approves",
        "still no word from the auditors on SEC-21",
    ],
)
def test_another_party_silent_or_an_input_not_ready_is_a_wait(wait: str) -> None:
    daily = parse_daily(f"вчера SEC-20 сделал, сегодня SEC-21 пилю. {wait}", "DEV")["daily"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("SEC-21", False)]


@pytest.mark.parametrize(
    "own", ["SEC-23 не готов, доделываю тесты", "I haven't sent the SEC-23 report yet, finishing it today"]
)
def test_the_members_own_unfinished_work_is_no_wait(own: str) -> None:
    assert parse_daily(f"вчера SEC-22 сделал. {own}", "DEV")["daily"]["blockers"] == []


@pytest.mark.parametrize(
    ("kept", "down"),
    [
        ("Коллеги, где лежит шаблон акта для подрядчиков?", "Шаблонизатор актов лежит с ночи, акты не формируются"),
        ("Подскажите, где-то лежит дамп базы для тестов?", "Тестовая база лежит, дамп не снять"),
    ],
)
def test_where_a_thing_lies_is_no_system_down(kept: str, down: str) -> None:
    """«лежит» after «где» is where a thing is kept — a question to the team, no blocker (session qv2, dev31 qx008);
    said of a system it is down."""
    assert parse_daily(kept, "dev")["daily"]["blockers"] == []
    assert parse_daily(down, "dev")["daily"]["blockers"] != []
