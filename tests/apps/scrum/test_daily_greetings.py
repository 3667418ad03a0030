"""A daily that only greets and says the member is there («привет, живой», «Всем привет!», «доброе утро») is
TOO_SHORT on every path — offline, from a model's answer, over HTTP (the «Слишком общо…» rewrite) — not
NO_TASKS_MENTIONED with a section question (issue 19, session scrum26).  A greeting or thanks informs of nothing, like
an interjection (the labelling rule: under two informative words).  Probes written for these tests."""

from __future__ import annotations

import httpx
import pytest

from agentcore.apps.scrum.checks import settle_daily
from agentcore.apps.scrum.daily_parser import parse_daily

GREETINGS = [
    "привет, живой",  # NO_TASKS_MENTIONED and «что ты сделал вчера?» before
    "Всем привет!",  # NO_TASKS_MENTIONED before
    "доброе утро",  # NO_TASKS_MENTIONED before
    "привет всем, я тут",  # NO_TASKS_MENTIONED before
    "Привет! На месте",  # NO_TASKS_MENTIONED before
    "hello, here",  # NO_TASKS_MENTIONED before
    "привет",
    "тут",
]


@pytest.mark.parametrize("text", GREETINGS)
def test_a_greeting_alone_is_too_short_offline(text: str) -> None:
    out = parse_daily(text, "DEV")
    assert out["daily"]["quality"] == "TOO_SHORT"
    assert out["clarification"] == {"needs_clarification": False, "question": ""}  # the rewrite answers it


@pytest.mark.parametrize("text", GREETINGS)
def test_a_greeting_alone_is_too_short_from_a_model(text: str) -> None:
    """A model that lists the greeting as today's work and guesses DETAIL_OK gets the same verdict."""
    answer = {
        "daily": {
            "role": "DEV",
            "yesterday": [],
            "today": [{"task_id": None, "summary": text}],
            "blockers": [],
            "quality": "DETAIL_OK",
        },
        "clarification": {"needs_clarification": False, "question": ""},
    }
    settled = settle_daily(answer, text)
    assert settled["daily"]["quality"] == "TOO_SHORT"
    assert settled["clarification"]["needs_clarification"] is False


@pytest.mark.parametrize(
    ("text", "quality"),
    [
        ("Всем привет! Вчера делал отчёт по продажам, сегодня продолжаю сверку", "NO_TASKS_MENTIONED"),
        ("Привет! Вчера закрыл PAY-1, сегодня PAY-2 экспорт, блокеров нет", "GREAT"),
        ("спасибо, PAY-3 доделал", "DETAIL_OK"),  # an id keeps it from TOO_SHORT
    ],
)
def test_a_greeting_beside_the_work_changes_nothing(text: str, quality: str) -> None:
    assert parse_daily(text, "DEV")["daily"]["quality"] == quality


@pytest.mark.e2e
def test_a_greeting_alone_gets_the_rewrite_over_http(http: httpx.Client) -> None:
    for text in ("привет, живой", "Всем привет!"):
        answer = http.post("/scrum/teams/demo/daily", json={"member": "vera", "message": text}).json()
        assert answer["status"] == "retry", answer
        assert answer["message"].startswith("Слишком общо.")
