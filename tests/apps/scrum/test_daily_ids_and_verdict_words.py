"""Session scrum29 (issue 19): task ids decided by how codes and names are written and by what the author calls a
task, and the quality verdict's informative words read by their part of speech.  Probes use words no labelled split
uses; each fails on the code before the session."""

from __future__ import annotations

import httpx
import pytest

from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.items import names_work
from agentcore.apps.scrum.task_ids import task_ids_in


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        # a product's name in upper case is the form a tracker prints its project's keys in
        ("закрыл OPERA-123, сегодня OPERA-124", ["OPERA-123", "OPERA-124"]),
        ("KAFKA-31 consumer lag alerts", ["KAFKA-31"]),
        ("по CHROME-7 правки манифеста", ["CHROME-7"]),
        # a code or a name is a task when the author calls it one right before it
        ("по задаче ISO-12 собрал чек-лист", ["ISO-12"]),
        ("взял тикет opera-5", ["OPERA-5"]),
    ],
)
def test_a_name_in_upper_case_or_anything_called_a_task_is_a_key(text: str, ids: list[str]) -> None:
    assert task_ids_in(text) == ids


@pytest.mark.parametrize(
    "text",
    [
        "слои в EPSG-32637, подложка в WGS-84",  # coordinate systems
        "коды диагнозов по ICD-10",  # a classification
        "аудит по SOC-2 и IEC-62304",  # compliance standards
        "обновил opera-105 и Firefox-128 на тестовых машинах",  # names written as names are
        "Задача: EPSG-3857 для всех тайлов",  # a header «Задача:» says what the task is about, it calls no id a task
    ],
)
def test_codes_and_names_written_as_names_are_not_keys(text: str) -> None:
    assert task_ids_in(text) == []


def test_a_daily_of_a_project_named_like_a_product_is_read_with_its_tasks() -> None:
    out = parse_daily("Вчера: KAFKA-40 — ретеншн топиков\nСегодня: KAFKA-41 — схема в EPSG-4326 для гео-событий\n"
                      "Блокеры: нет", "DEV")  # fmt: skip
    daily = out["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["KAFKA-40"]
    assert [i["task_id"] for i in daily["today"]] == ["KAFKA-41"]
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "message",
    [
        "свежий-отдохнувший, строчу",  # adjectives say how the author is, not what they do
        "нормально, потихоньку работаю",  # adverbs and a generic verb
        "всё своё, как обычно",  # pronouns
    ],
)
def test_words_that_only_qualify_inform_of_nothing(message: str) -> None:
    out = parse_daily(message, "DEV")
    assert out["daily"]["quality"] == "TOO_SHORT"
    assert not out["clarification"]["needs_clarification"]  # the seed's rewrite, not a section question


@pytest.mark.parametrize(
    "message",
    ["вчера чинил импорт, сегодня тесты", "сегодня весь день на обучении", "Вчера: созвоны\nСегодня: ревью"],
)
def test_nouns_and_verbs_still_inform(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == "NO_TASKS_MENTIONED"


def test_a_template_whose_label_joins_words_with_a_slash_is_empty() -> None:
    out = parse_daily("Итоги:\nПланы:\nВопросы/риски:", "DEV")
    assert out["daily"]["quality"] == "EMPTY" and out["daily"]["blockers"] == []
    out = parse_daily("Done:\nDoing:\nBlockers/risks:", "DEV")
    assert out["daily"]["quality"] == "EMPTY" and out["daily"]["blockers"] == []


@pytest.mark.parametrize(
    "message",
    [
        # someone else did it: a nominative that can only be the subject, before the verb it agrees with
        "Вчера: SHIP-3 — трекинг посылок\nСегодня: SHIP-4 — пуш-уведомления. Марина уже прислала макеты.\nБлокеров нет",
        # a statement of being: nothing is done in it
        "Вчера: SHIP-5 — тарифы\nСегодня: SHIP-6 — калькулятор. Есть опасение, что тарифы придётся пересчитывать.\n"
        "Блокеров нет",
    ],
)
def test_a_piece_told_of_someone_or_something_else_is_no_work_of_the_member(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == "GREAT"


def test_the_members_own_work_without_a_task_still_keeps_a_daily_from_great() -> None:
    # a verb in the first person is the member's
    message = "Вчера: SHIP-9 — склад\nСегодня: SHIP-10 — маршруты, ещё могу взять дежурство\nБлокеров нет"
    assert parse_daily(message, "DEV")["daily"]["quality"] == "DETAIL_OK"
    # an object put first, or a past verb alone, is still the member's own work; someone named is not
    assert names_work("акт сверки отправил") and names_work("починил выгрузку") and names_work("был на встрече")
    assert not names_work("Марина прислала макеты") and not names_work("они уже выкатили эндпоинт")


def test_bare_keys_of_a_project_named_like_a_product_are_bare_ids() -> None:
    """«KAFKA-77 и KAFKA-78» alone is bare ids, TOO_SHORT as «PAY-230» is — the keys are no content words."""
    out = parse_daily("KAFKA-77 и KAFKA-78", "DEV")
    assert out["daily"]["quality"] == "TOO_SHORT"
    assert [i["task_id"] for i in out["daily"]["today"]] == ["KAFKA-77", "KAFKA-78"]


def test_the_daily_prompt_states_the_task_id_rule() -> None:
    """A real model gets the rule the offline parser follows: a code is no id, a project's key in upper case is."""
    from agentcore.apps.scrum.prompts import DAILY

    assert "EPSG-3857" in DAILY and "OPERA-123" in DAILY


@pytest.mark.e2e
def test_the_same_verdicts_over_http(http: httpx.Client) -> None:
    """The HTTP path gives the offline verdict: the rewrite for words that only qualify and for a template, the
    keys of a project named like a product stored as tasks."""
    for text, quality in (
        ("нормально, потихоньку работаю", "TOO_SHORT"),
        ("Итоги:\nПланы:\nВопросы/риски:", "EMPTY"),
        ("Вчера: KAFKA-40 — ретеншн\nСегодня: KAFKA-41 — схема в EPSG-4326\nБлокеры: нет", "GREAT"),
    ):
        answer = http.post("/scrum/teams/demo/daily", json={"member": "vera", "message": text}).json()
        assert answer["daily"]["quality"] == quality == parse_daily(text, "DEV")["daily"]["quality"], answer
        assert answer["status"] == ("accepted" if quality == "GREAT" else "retry"), answer
    stored = [i["task_id"] for i in answer["daily"]["yesterday"] + answer["daily"]["today"]]
    assert stored == ["KAFKA-40", "KAFKA-41"]


@pytest.mark.parametrize(
    ("message", "yesterday", "today"),
    [
        # a code's letters as a project's key: two numbers, each opening a day's section or a line
        ("Вчера PG-7 — индексы на заказах, сегодня PG-8 — партиционирование логов. Блокеров нет", ["PG-7"], ["PG-8"]),
        ("Yesterday: JS-40 bundle split\nToday: JS-41 lazy routes\nNo blockers", ["JS-40"], ["JS-41"]),
    ],
)
def test_a_code_run_through_the_day_as_its_tasks_is_a_key(message: str, yesterday: list[str], today: list[str]) -> None:
    daily = parse_daily(message, "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == yesterday
    assert [i["task_id"] for i in daily["today"]] == today
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "message",
    [
        "Вчера перевёл выгрузку на UTF-8 и UTF-16, сегодня хеши на SHA-256",  # codes named for what they are
        "Вчера ISO-8601 в датах поправил, сегодня тесты на оплату",  # one code in a task's place is still a code
    ],
)
def test_codes_named_for_what_they_are_stay_codes(message: str) -> None:
    daily = parse_daily(message, "DEV")["daily"]
    assert all(i["task_id"] is None for i in daily["yesterday"] + daily["today"])
