"""``daily_parser.layout`` (session scrum, dev25), probed in words no labelled split uses: a short header after a comma
(«Y: …, T: …», «Done: …, Doing: …») opens its section; a capital letter and a colon inside a statement do not."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize(
    "message",
    [
        "Y: GEO-1 tiles cache, T: GEO-2 vector layers. B: none",
        "Done: GEO-1 tiles cache, Doing: GEO-2 vector layers, Blockers: none",
    ],
)
def test_a_short_header_after_a_comma_opens_its_section(message: str) -> None:
    daily = parse_daily(message, "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["GEO-1"]
    assert [i["task_id"] for i in daily["today"]] == ["GEO-2"]
    assert daily["quality"] == "GREAT"


def test_a_colon_inside_a_statement_opens_nothing() -> None:
    daily = parse_daily("Вчера: GEO-3 экспорт, формат A: GeoJSON. Сегодня: GEO-4 импорт. Блокеров нет", "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["GEO-3"]
    assert [i["task_id"] for i in daily["today"]] == ["GEO-4"]


@pytest.mark.parametrize(
    "template",
    [
        "Что успел вчера?\nПланы на сегодня?\nЧто мешает?",
        "1. Что сделано вчера?\n2. Что в планах сегодня?\n3. Блокеры?",
        "Вчера –\nСегодня –\nПроблемы –",
        "What did you do yesterday?\nWhat will you do today?\nAny blockers?",
    ],
)
def test_a_template_of_prompts_without_answers_is_empty(template: str) -> None:
    output = parse_daily(template, "DEV")
    assert output["daily"]["quality"] == "EMPTY" and not output["clarification"]["needs_clarification"]


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        ("где лежат ключи от стенда?", "NO_TASKS_MENTIONED"),
        ("Вчера: GEO-5 экспорт\nСегодня: GEO-6 импорт\nБлокеры: -", "GREAT"),
        ("Что сделал вчера? GEO-7 экспорт закрыл. Что сегодня? GEO-8 импорт. Блокеров нет", "GREAT"),
    ],
)
def test_a_question_of_the_authors_own_and_an_answered_template_keep_their_verdict(message: str, quality: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == quality


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        ("Вчера: <что сделано>\nСегодня: <что в планах>\nБлокеры: <что мешает>", "EMPTY"),
        ("Yesterday: [fill in]\nToday: [fill in]", "EMPTY"),
        ("Вчера: GEO-9 экспорт\nСегодня: <впиши план>\nБлокеры: нет", "DETAIL_OK"),
        ("Вчера: [GEO-10] экспорт\nСегодня: [x] GEO-11 импорт\nБлокеры: нет", "GREAT"),
    ],
)
def test_a_templates_instruction_left_in_brackets_is_no_answer(message: str, quality: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == quality


def test_header_turns_away_a_text_whose_first_sign_cannot_open_its_separator() -> None:
    # session sp5: the header words are letters and spaces, so the first character that is neither must open the
    # separator; the pattern asks that first (a lookahead), the same matches
    import re

    from agentcore.apps.scrum.daily_parser.layout import _HEADER, _HEADER_SEPARATOR

    first_sign = re.compile(r"[\w\s]*+([^\w\s])")
    for text in ("Сегодня: PAY-1", "вчера сделал — отчёт", "План на сегодня -> PAY-2", "Y: MKT-12", "Блокеры ⛔ нет"):
        header = _HEADER.match(text)
        assert header is not None, text
        sign = first_sign.match(text)
        assert sign is not None and re.match(_HEADER_SEPARATOR, text[sign.start(1) :]), text
    for text in (
        "сегодня доделаю PAY-1.",
        "сегодня, после обеда, ревью",
        "вчера сделал отчёт",
        "сегодня (PAY-1): тесты",
    ):
        assert _HEADER.match(text) is None, text
    assert _HEADER.pattern.startswith(r"^(?=[\w\s]*+[^\w\s#(«\"\[,.;!?])")
