"""The analytics' blocker figures count what their lists show: the open blockers (``answers.open_blockers``) — a
blocker closed by a later daily or lifted («снят») is in no total, and a blocker reported on two days is one."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from tests.apps.scrum.conftest import NOW

from agentcore.apps.scrum.backend.flows import ScrumBackend
from agentcore.apps.scrum.backend.metrics import compute_metrics

WAITING = "Вчера делал TASK-3, сегодня TASK-3. Блокер: жду ответа от банка по TASK-3."
URGENT = "Вчера делала TASK-2, сегодня TASK-2. Блокер: срочно нет ключа API по TASK-5, стоим."
CLEAR = "Вчера делала TASK-2, сегодня TASK-2. Блокеров нет."


def _accept(backend: ScrumBackend, member: str, message: str) -> None:
    outcome = backend.submit_daily("core", member, message)
    assert outcome.status == "accepted", outcome


def _history(backend: ScrumBackend, clock: list[Any]) -> None:
    """Boris reports one blocker on two days; Anna reports an urgent one on TASK-5 and closes it the next day."""
    clock[0] = NOW - timedelta(days=1)
    _accept(backend, "boris", WAITING)
    _accept(backend, "anna", URGENT)
    clock[0] = NOW
    _accept(backend, "boris", WAITING)
    _accept(backend, "anna", CLEAR)


def test_team_risks_totals_are_the_open_list(backend: ScrumBackend, clock: list[Any]) -> None:
    _history(backend, clock)
    assert len(backend.store.blocker_events("core")) == 3  # three reports stored, one blocker still open
    risks = compute_metrics(backend.store, "core", "TEAM_RISKS", {})
    listed = risks["open_blockers_by_age"]
    assert [(b["owner"], b["days_reported"]) for b in listed] == [("boris", 2)]
    assert risks["open_blockers_count"] == len(listed) == 1
    assert sum(risks["blockers_by_severity"].values()) == len(listed)
    assert risks["escalations"] == sum(1 for b in listed if b["severity"] in ("high", "critical"))
    assert risks["repeated_blockers"] == 1  # Boris's, reported on two days
    assert [(b["author"], b["occurrences"]) for b in risks["top_blockers"]] == [("boris", 2)]
    assert "blockers_total" not in risks  # the count of reports, closed ones included, is gone


def test_overview_and_release_blockers_leave_closed_blockers_out(backend: ScrumBackend, clock: list[Any]) -> None:
    _history(backend, clock)
    overview = compute_metrics(backend.store, "core", "TEAM_OVERVIEW", {"detail_level": "BASIC"})
    assert overview["open_blockers_count"] == 1 and overview["critical_blockers"] == 0
    release = compute_metrics(backend.store, "core", "RELEASE_BLOCKERS", {})
    # TASK-5 (low priority) was blocked urgently yesterday; Anna's daily of today closed it
    assert "TASK-5" not in [t["key"] for t in release["blocking_tasks"]]
    assert release["critical_blockers"] == 0 and release["unlinked_urgent_blockers"] == 0


def test_a_lifted_blocker_leaves_every_total(backend: ScrumBackend, clock: list[Any]) -> None:
    _history(backend, clock)
    [standing] = backend.open_blockers("core", "boris")
    assert backend.lift_blocker("core", "boris", standing.text) == 2  # both reports
    risks = compute_metrics(backend.store, "core", "TEAM_RISKS", {})
    assert risks["open_blockers_count"] == sum(risks["blockers_by_severity"].values()) == 0
    assert risks["top_blockers"] == [] and risks["open_blockers_by_age"] == []
    assert backend.lift_blocker("core", "boris", standing.text) == 0  # nothing left standing
    _accept(backend, "boris", WAITING)  # reported again: open again, aged from its first report
    [again] = backend.open_blockers("core", "boris")
    assert again.first_seen == (NOW - timedelta(days=1)).date()
