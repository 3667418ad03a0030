"""``daily_parser.lexicon`` (session qv2): which words of a daily inform of something — the quality verdict's
TOO_SHORT measure."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.lexicon import _informative


def _quality(message: str) -> str:
    return str(parse_daily(message, "dev")["daily"]["quality"])


@pytest.mark.parametrize(
    "message",
    [
        "Друзья, привет! Как настроение?",  # the address of a greeting, by morphology (animate plural nominative)
        "Народ, всем привет, как погода?",  # a word of address
        "Доброе утро 🌞 я тут, вечером отпишусь",  # a pictograph ends the greeting; a promise to report later
        "Привет ✋ на связи, если что — сообщу",
        "nothing new here tbh, all fine on my end",  # discourse abbreviations and whose side the author speaks for
        "same old stuff as yday, btw no blockers from our side",
    ],
)
def test_greetings_addresses_and_words_about_the_message_inform_of_nothing(message: str) -> None:
    assert _quality(message) == "TOO_SHORT"


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        ("Друзья, привет! Вчера чинил импорт прайсов", "NO_TASKS_MENTIONED"),  # the work after the greeting counts
        ("Сегодня напишу тесты к импорту", "NO_TASKS_MENTIONED"),  # a verb of writing with its object is work
        ("Расскажу на демо про новый импорт", "NO_TASKS_MENTIONED"),
        ("Доброе утро 🌞 сегодня допиливаю импорт прайсов", "NO_TASKS_MENTIONED"),
    ],
)
def test_the_work_beside_them_still_informs(message: str, quality: str) -> None:
    assert _quality(message) == quality


def test_a_promise_to_report_counts_only_alone_in_its_piece() -> None:
    assert _informative("вечером отпишусь") == 0
    assert _informative("вечером отпишусь по импорту прайсов") > 0


@pytest.mark.parametrize(
    "message",
    [
        "Всем привет 🙌 я тут, по задачам отпишусь ближе к вечеру",  # a part of the day tells when, not what
        "Hi all, will post soon",  # an adverb of a later time is a closed-class word
        "народ, доброе! как там деплой?",  # «доброе» alone is the greeting «доброе утро» cut short
    ],
)
def test_parts_of_the_day_later_and_a_short_greeting_inform_of_nothing(message: str) -> None:
    assert _quality(message) == "TOO_SHORT"


@pytest.mark.parametrize(
    "message",
    ["с утра чиню выгрузку счетов", "Доброе дело сделал: починил выгрузку счетов", "will migrate the invoices later"],
)
def test_the_work_told_with_them_still_informs(message: str) -> None:
    assert _quality(message) == "NO_TASKS_MENTIONED"
