"""The verdict reads the author's own text (session qual24): bare labels are headers (EMPTY), interjections and
particles say nothing (TOO_SHORT), and whether a task is described or work without a task stands beside the tasks is
decided by the text, so a model's answer gets the offline verdict however it cuts its summaries."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.checks import settle_daily
from agentcore.apps.scrum.daily_parser import parse_daily, text_shape


def _verdict(text: str) -> tuple[str, bool]:
    out = parse_daily(text, "DEV")
    return out["daily"]["quality"], out["clarification"]["needs_clarification"]


@pytest.mark.parametrize(
    "text",
    [
        "Что сделал:\nЧто буду делать:\nЧто мешает:",
        "Что сделано:\nЧто планирую:\nЕсть ли проблемы:",
        "**Done:**\n**Doing:**\n**Blocked:**",
        "1. Итоги дня:\n2. План на завтра:\n3. Риски:",
        "- Что сделал вчера по задачам:\n- Что буду делать:",
    ],
)
def test_a_template_of_bare_labels_is_empty(text: str) -> None:
    """A label alone on its line with nothing after its colon is a header whatever its words: a template left
    unfilled is EMPTY and asks nothing (the rewrite answers it)."""
    assert _verdict(text) == ("EMPTY", False)


@pytest.mark.parametrize(
    ("text", "quality"),
    [
        ("Что сделал: PAY-1 закрыл\nЧто буду делать: PAY-2 доделаю\nЧто мешает: ничего", "GREAT"),
        ("Что сделал: PAY-1 закрыл", "DETAIL_OK"),
        ("Вчера:\n- PAY-1 закрыл\n- PAY-2 ревью\nСегодня:\n- PAY-3 начну\nБлокеры: нет", "GREAT"),
        ("Что сделал:\n- созвон с заказчиком\n- разбор логов оплаты", "NO_TASKS_MENTIONED"),
        ("Что сделал:\nЧто буду делать: PAY-2 доделаю\nЧто мешает:", "DETAIL_OK"),
        # a sentence that ends in a colon is no label: more than a few words
        ("Весь день разбирался с падением сборки на стенде и вот что выяснил:", "NO_TASKS_MENTIONED"),
        ("PAY-1:", "TOO_SHORT"),  # an id, not a label
    ],
)
def test_what_is_written_under_or_after_a_label_counts(text: str, quality: str) -> None:
    assert _verdict(text)[0] == quality


@pytest.mark.parametrize("text", ["ага, живой", "ой, жив", "угу, здоров", "ну вот, ага, на месте"])
def test_interjections_and_particles_carry_no_information(text: str) -> None:
    """An interjection or a particle (read by morphology: pymorphy3's INTJ, PRCL) is no informative word: «ага» and
    one word more is under two — TOO_SHORT, no section question."""
    assert _verdict(text) == ("TOO_SHORT", False)


@pytest.mark.parametrize(
    ("text", "quality"),
    [
        ("ок, PAY-3 доделал", "DETAIL_OK"),  # an id keeps it from TOO_SHORT
        ("ага, разбираюсь с логами оплаты", "NO_TASKS_MENTIONED"),
        ("не работает стенд оплаты", "NO_TASKS_MENTIONED"),  # «не» says nothing, the rest does
        ("ага, вчера закрыл PAY-1, сегодня PAY-2 экспорт, блокеров нет", "GREAT"),
    ],
)
def test_informative_words_beside_an_interjection_still_count(text: str, quality: str) -> None:
    assert _verdict(text)[0] == quality


def _model_answer(daily: dict[str, Any]) -> dict[str, Any]:
    """A model's answer: the given items (each summary the model's own cut of the text), its quality guess, no
    question."""
    return {"daily": {**daily, "quality": "DETAIL_OK"}, "clarification": {"needs_clarification": False, "question": ""}}


def _item(task_id: str, summary: str) -> dict[str, Any]:
    return {"task_id": task_id, "summary": summary}


@pytest.mark.parametrize(
    ("text", "yesterday", "today"),
    [
        # the model cuts the description off the task it names: the text describes it
        (
            "Did PAY-1 yesterday (fixed the retries). Today PAY-2, export job. No blockers",
            [_item("PAY-1", "Did PAY-1 yesterday (fixed the retries)")],
            [_item("PAY-2", "Today PAY-2")],
        ),
        (
            "— Вчера: PAY-1, вебхуки, готово\n— Сегодня: PAY-2, ретраи\n— Блокеры: нет",
            [_item("PAY-1", "— Вчера: PAY-1")],
            [_item("PAY-2", "— Сегодня: PAY-2")],
        ),
        # a remark without a task the model leaves out was no work item offline either
        (
            "Вчера PAY-1 — поправил ретраи. Сегодня PAY-2 — экспорт. Не блокер, но стенд медленный",
            [_item("PAY-1", "Вчера PAY-1 — поправил ретраи")],
            [_item("PAY-2", "Сегодня PAY-2 — экспорт")],
        ),
        # work without a task the model leaves out keeps the daily from GREAT on both paths
        (
            "Вчера закрыл PAY-1. Сегодня PAY-2 экспорт, потом созвон с продактом. Блокеров нет",
            [_item("PAY-1", "Вчера закрыл PAY-1")],
            [_item("PAY-2", "Сегодня PAY-2 экспорт")],
        ),
        # a description the model writes that the text has not: the text's bare id stays undescribed
        (
            "вчера закрыл PAY-1 сегодня PAY-2 блокеров нет",
            [_item("PAY-1", "закрыл PAY-1")],
            [_item("PAY-2", "PAY-2 — продолжаю экспорт отчётов")],
        ),
    ],
)
def test_a_model_answer_gets_the_verdict_of_the_text(
    text: str, yesterday: list[dict[str, Any]], today: list[dict[str, Any]]
) -> None:
    """The same text gets the same verdict on every path: whether a task is described and whether work without a
    task stands beside the tasks are read from the author's text, not from the summaries a model cut."""
    offline = parse_daily(text, "DEV")
    daily = {"role": "DEV", "yesterday": yesterday, "today": today, "blockers": []}
    settled = settle_daily(_model_answer(daily), text)
    assert settled["daily"]["quality"] == offline["daily"]["quality"]
    assert settled["clarification"] == offline["clarification"]


def test_the_text_shape_names_the_described_tasks() -> None:
    shape = text_shape("вчера закрыл PAY-1, сегодня PAY-2, блокеров нет")
    assert shape.tasks == {"PAY-1", "PAY-2"}
    assert shape.described == {"PAY-1"}
    assert not shape.untied_work
    assert text_shape("вчера закрыл PAY-1, сегодня PAY-2, ещё напишу скрипт миграции").untied_work
    assert not text_shape("вчера закрыл PAY-1, сегодня PAY-2 и созвон с продактом").untied_work  # no id needed
