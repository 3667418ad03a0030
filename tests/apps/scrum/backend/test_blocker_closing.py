"""A later daily that reports no blockers closes its author's earlier blockers — of the same day too (try-out 26
#4): the dashboard, TEAM_RISKS, the digest and the answers all read the one rule (``answers.open_blockers``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from tests.apps.scrum.conftest import NOW

from agentcore.apps.scrum.backend.flows import ScrumBackend
from agentcore.apps.scrum.backend.metrics import compute_metrics

STOPPED = "Вчера тестировала TASK-4, сегодня продолжаю TASK-4. Стенд лежит, вся команда стоит!"
FIXED = "Вчера тестировала TASK-4, сегодня продолжаю TASK-4. Стенд починили, блокер снят."


def _open(backend: ScrumBackend, member: str) -> list[str]:
    risks = compute_metrics(backend.store, "core", "TEAM_RISKS", {})
    return [b["text"] for b in risks["open_blockers_by_age"] if b["owner"] == member]


def _accept(backend: ScrumBackend, member: str, message: str) -> None:
    outcome = backend.submit_daily("core", member, message)
    if outcome.status == "clarification":  # the blocker names no task: it has none
        outcome = backend.submit_daily("core", member, "без задачи")
    assert outcome.status == "accepted", outcome


def test_a_later_daily_of_the_same_day_without_blockers_closes_them(backend: ScrumBackend, clock: list[Any]) -> None:
    # the store's clock stands still: the two dailies have the same timestamp, the later one still wins
    _accept(backend, "vera", STOPPED)
    assert len(_open(backend, "vera")) == 1
    _accept(backend, "vera", FIXED)
    assert _open(backend, "vera") == []
    assert backend.digest("core", "vera")[0]["blockers"] == []
    assert "открытых блокеров — 0" in backend.analytics("core", "что у Веры?").text


@pytest.mark.parametrize("none_stated", ["Блокеры: никаких.", "блокеров нет"])
def test_every_blocker_of_the_day_closes_on_a_later_all_clear(backend: ScrumBackend, none_stated: str) -> None:
    _accept(
        backend,
        "boris",
        "Вчера делал TASK-3, сегодня TASK-3. Блокеры: жду ответа от банка по TASK-3; "
        "стенд упал по TASK-5, никто не может тестить.",
    )
    assert len(_open(backend, "boris")) == 2
    _accept(backend, "boris", f"Вчера делал TASK-3, сегодня TASK-3. {none_stated}")
    assert _open(backend, "boris") == []


def test_a_blocker_still_reported_stays_open_and_earlier_days_close_the_same_way(
    backend: ScrumBackend, clock: list[Any]
) -> None:
    wait = "Вчера делал TASK-3, сегодня TASK-3. Блокер: жду ответа от банка по TASK-3."
    clock[0] = NOW - timedelta(days=1)
    _accept(backend, "boris", wait)
    clock[0] = NOW
    _accept(backend, "boris", wait)  # reported again today: one blocker, a day old
    [open_] = compute_metrics(backend.store, "core", "TEAM_RISKS", {})["open_blockers_by_age"]
    assert (open_["owner"], open_["age_days"], open_["days_reported"]) == ("boris", 1, 2)
    _accept(backend, "boris", "Вчера делал TASK-3, сегодня TASK-3. Блокеров нет.")
    assert _open(backend, "boris") == []


def _post_daily(http: httpx.Client, member: str, message: str) -> dict[str, Any]:
    answer = http.post("/scrum/teams/demo/daily", json={"member": member, "message": message}).json()
    if answer["status"] == "clarification":
        answer = http.post("/scrum/teams/demo/daily", json={"member": member, "message": "без задачи"}).json()
    assert answer["status"] == "accepted", answer
    return answer


@pytest.mark.e2e
def test_the_dashboard_risks_and_digest_agree_after_the_blocker_is_lifted_over_http(http: httpx.Client) -> None:
    stopped = _post_daily(http, "vera", "Вчера TASK-9, сегодня TASK-9. Стенд лежит, вся команда стоит!")
    assert stopped["escalations"]
    board = http.get("/scrum/teams/demo/dashboard").json()
    # a stopped team is escalated at once; with no known task seed 003's matrix makes it «high»
    assert [(b["escalated"], b["severity"]) for b in board["blockers"] if b["owner"] == "vera"] == [(True, "high")]
    assert stopped["escalations"][0]["severity"] == "high"
    lifted = _post_daily(http, "vera", FIXED.replace("TASK-4", "TASK-9"))
    assert lifted["daily"]["blockers"] == []
    board = http.get("/scrum/teams/demo/dashboard").json()
    assert [b for b in board["blockers"] if b["owner"] == "vera"] == []
    vera = next(m for m in board["members"] if m["slug"] == "vera")
    assert vera["daily"]["blockers"] == []  # the member's row and the blocker list say the same
    risks = http.post("/scrum/teams/demo/analytics", json={"message": "Какие риски и блокеры в команде?"}).json()
    assert risks["intent"] == "TEAM_RISKS"
    assert [b for b in risks["metrics"]["open_blockers_by_age"] if b["owner"] == "vera"] == []
    assert http.get("/scrum/teams/demo/digest/vera").json()["data"]["blockers"] == []


@pytest.mark.e2e
def test_a_blocker_lifted_over_http_leaves_the_dashboard_risks_and_digest(http: httpx.Client) -> None:
    """``POST /scrum/teams/{team}/blockers/lift`` — the Telegram bot's «снят» for any front-end: the latest daily
    still reports the blocker, every reader drops it."""
    _post_daily(http, "vera", "Вчера TASK-9, сегодня TASK-9. Стенд лежит, вся команда стоит!")
    [standing] = [b for b in http.get("/scrum/teams/demo/dashboard").json()["blockers"] if b["owner"] == "vera"]
    lifted = http.post("/scrum/teams/demo/blockers/lift", json={"member": "vera", "text": standing["text"].upper()})
    assert lifted.status_code == 200 and lifted.json()["lifted"] >= 1, lifted.text
    board = http.get("/scrum/teams/demo/dashboard").json()
    assert [b for b in board["blockers"] if b["owner"] == "vera"] == []
    vera = next(m for m in board["members"] if m["slug"] == "vera")
    assert [b["lifted"] for b in vera["daily"]["blockers"]] == [True]
    risks = http.post("/scrum/teams/demo/analytics", json={"message": "Какие риски и блокеры в команде?"}).json()
    assert [b for b in risks["metrics"]["open_blockers_by_age"] if b["owner"] == "vera"] == []
    assert http.get("/scrum/teams/demo/digest/vera").json()["data"]["blockers"] == []
    events = http.get("/scrum/teams/demo/blockers", params={"member": "vera"}).json()["events"]
    assert events[0]["lifted_at"] is not None  # the history keeps the report, marked
    again = http.post("/scrum/teams/demo/blockers/lift", json={"member": "vera", "text": standing["text"]})
    assert again.status_code == 404 and again.json()["code"] == "not_found"
    for body in ({"member": "vera", "text": "  "}, {"member": "Vera!", "text": "x"}, {"member": "vera"}):
        assert http.post("/scrum/teams/demo/blockers/lift", json=body).status_code == 422
    assert http.post("/scrum/teams/demo/blockers/lift", json={"member": "ghost", "text": "x"}).status_code == 404
