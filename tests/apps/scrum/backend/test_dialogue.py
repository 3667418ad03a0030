"""One conversation at a time: a pending clarifying question is answered only by a message that answers it.

Interleavings on the offline provider and on a scripted model: a new daily closes the pending question as
superseded and is processed on its own; an answer is merged; nothing of one daily leaks into the other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.apps.scrum.backend.test_flows import Recorder, _backend, daily_output
from tests.apps.scrum.conftest import sqlite_store

from agentcore.apps.scrum.backend.dialogue import is_new_daily, read_reply, split_reply
from agentcore.apps.scrum.backend.flows import ScrumBackend
from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.llm import ChatConnection
from agentcore.testing.fake_openai import FakeOpenAIServer

ASKING = "Вчера закрыл TASK-1, сегодня TASK-2. Блокер: нет стенда"


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def offline(data_dir: Path, recorder: Recorder) -> Iterator[ScrumBackend]:
    made = _backend(data_dir, "offline", "", recorder)
    yield made
    made.close()


@pytest.mark.parametrize(
    "message",
    [
        "Вчера закрыл TASK-3, сегодня делаю TASK-4. Блокеров нет.",
        "вчера добил TASK-3, сегодня ревью TASK-5",
        "Yesterday: TASK-3 done\nToday: TASK-4",
        "Вчера:\n- TASK-3 доделал\nСегодня:\n- TASK-4 начну",
    ],
)
def test_new_dailies_are_recognised(message: str) -> None:
    assert is_new_daily(message)


@pytest.mark.parametrize(
    "message",
    [
        "TASK-2",
        "Это TASK-2",
        "к TASK-2, я её вчера начал, сегодня продолжу",
        "без задачи",
        "относится к TASK-2",
        "не помню",
        "сегодня ещё TASK-5 возьму",
        "",
    ],
)
def test_answers_are_not_new_dailies(message: str) -> None:
    assert not is_new_daily(message)


def test_red_team_new_daily_is_not_merged_into_the_pending_question(offline: ScrumBackend, recorder: Recorder) -> None:
    """The red-team case: the old blocker must not be pinned to the new daily's finished task and escalated."""
    asked = offline.submit_daily("core", "anna", ASKING)
    assert asked.status == "clarification" and "нет стенда" in (asked.message or "")
    fresh = offline.submit_daily("core", "anna", "Вчера закрыл TASK-3, сегодня делаю TASK-4. Блокеров нет.")
    assert fresh.status == "accepted" and fresh.superseded == asked.message
    assert fresh.daily is not None and fresh.daily["blockers"] == []
    assert [i["task_id"] for i in fresh.daily["yesterday"]] == ["TASK-3"]
    assert fresh.events == [] and fresh.escalations == [] and recorder.sent == []
    stored = offline.store.dailies("core")
    assert len(stored) == 1 and "нет стенда" not in json.dumps(stored[0].daily, ensure_ascii=False)
    assert offline.store.session_state(offline.store.member("core", "anna")) is None


def test_an_answer_still_answers(offline: ScrumBackend) -> None:
    offline.submit_daily("core", "anna", ASKING)
    answered = offline.submit_daily("core", "anna", "Это TASK-2")
    assert answered.status == "accepted" and answered.superseded is None
    assert answered.events[0]["task_id"] == "TASK-2"


def test_new_daily_that_itself_needs_clarifying_starts_its_own_dialogue(offline: ScrumBackend) -> None:
    first = offline.submit_daily("core", "anna", ASKING)
    second = offline.submit_daily("core", "anna", "Вчера закрыл TASK-3, сегодня TASK-4. Блокер: нет ключа API")
    assert second.status == "clarification" and second.superseded == first.message
    assert "нет ключа API" in (second.message or "") and "нет стенда" not in (second.message or "")
    assert second.clarifications == 1
    done = offline.submit_daily("core", "anna", "TASK-4")
    assert done.status == "accepted" and [e["text"] for e in done.events] == ["нет ключа API"]
    assert done.events[0]["task_id"] == "TASK-4"


def test_interleaved_members_keep_their_own_dialogues(offline: ScrumBackend) -> None:
    offline.submit_daily("core", "anna", ASKING)
    boris = offline.submit_daily("core", "boris", "Вчера закрыл TASK-3, сегодня TASK-2. Блокеров нет.")
    assert boris.status == "accepted" and boris.superseded is None
    anna = offline.submit_daily("core", "anna", "TASK-2")
    assert anna.status == "accepted" and anna.events[0]["task_id"] == "TASK-2"


def test_scripted_model_sees_initial_mode_for_a_superseding_daily(
    data_dir: Path, oai: FakeOpenAIServer, recorder: Recorder
) -> None:
    made = _backend(data_dir, oai.base_url, oai.api_key, recorder)
    try:
        oai.fake.script.json(daily_output(None, question="К какой задаче относится блокер «нет стенда»?"))
        oai.fake.script.json(daily_output("TASK-2"))
        made.submit_daily("core", "anna", ASKING)
        fresh = made.submit_daily("core", "anna", "Вчера закрыл TASK-1, сегодня TASK-2, блокер: нет стенда")
        assert fresh.status == "accepted" and fresh.superseded
        sent = json.loads(
            next(m for m in oai.fake.requests.last("chat").json["messages"] if m["role"] == "user")["content"]
        )
        assert sent["daily_state"]["mode"] == "INITIAL"
        # no pending question is carried over; only the team's tracker prefixes are (issue 19)
        assert sent.get("backend_context") == {"known_prefixes": ["TASK"]}
    finally:
        made.close()


def test_weak_and_superseded_attempts_are_kept_as_drafts(data_dir: Path, recorder: Recorder) -> None:
    """A weak attempt («Слишком общо…») and a pending daily a new one superseded are kept as drafts: stored in the
    dialogue (so a restart or another worker sees them) and then with the accepted daily — never dropped."""
    first = _backend(data_dir, "offline", "", recorder)
    assert first.submit_daily("core", "anna", "работаю").status == "retry"
    assert first.submit_daily("core", "anna", ASKING).status == "clarification"
    first.close()
    # another process on the same database (the team exists already): the dialogue lives in the database
    second = ScrumBackend(
        sqlite_store(data_dir), ChatConnection(httpx.Client(), "offline", "offline", "test"), recorder
    )
    member = second.store.member("core", "anna")
    state = second.store.session_state(member)
    assert state is not None and [d["text"] for d in state["drafts"]] == ["работаю"]
    outcome = second.submit_daily("core", "anna", "Вчера закрыл TASK-3, сегодня делаю TASK-4 отчёт. Блокеров нет.")
    assert outcome.status == "accepted" and outcome.superseded is not None
    stored = second.store.dailies("core")[0]
    assert [(d["text"], d["why"]) for d in stored.drafts] == [("работаю", "weak"), (ASKING, "superseded")]
    assert stored.drafts[0]["quality"] == "TOO_SHORT" and stored.drafts[1]["question"].endswith("?")
    assert second.store.session_state(member) is None
    second.close()


def test_escalations_read_by_people_carry_no_placeholder(offline: ScrumBackend, recorder: Recorder) -> None:
    """The seed's ``NO_TASK_ID`` is a storage marker: the webhook payload, the log line and the daily's answer say
    «без задачи» / ``null`` and carry a ready line naming the member."""
    outcome = offline.submit_daily("core", "anna", "Вчера TASK-1 закрыл, сегодня TASK-2 начну. Блокер: прод лежит")
    assert outcome.status == "clarification"
    outcome = offline.submit_daily("core", "anna", "без задачи")
    assert outcome.status == "accepted" and outcome.escalations
    for sent in (recorder.sent[-1], outcome.escalations[0]):
        assert sent["task_id"] is None and "NO_TASK_ID" not in json.dumps(sent, ensure_ascii=False)
        assert sent["summary"].startswith("Блокер (") and "без задачи" in sent["summary"] and "Анна" in sent["summary"]
    assert outcome.events[0]["task_id"] == "NO_TASK_ID"  # the stored seed record keeps the seed's marker


# ---------------------------------------------------------------- partial messages (session dlg, audit gap G3)
PENDING = "Вчера закрыл TASK-7, сегодня TASK-6 делаю. Блокер: нет доступов к стенду"
PLANLESS = "Вчера закрыл TASK-7. Блокеров нет"


@pytest.mark.parametrize(
    ("first", "message", "expected"),
    [
        # the blocker's task is asked: another finished task, a plan, another blocker are statements of their own
        (PENDING, "Забыл: вчера ещё TASK-2 закрыла", "amendment"),
        (PENDING, "Ещё блокер: нет ключа API по TASK-3", "amendment"),
        (PENDING, "Нет ключа API по TASK-3", "amendment"),
        (PENDING, "сегодня ещё TASK-5 возьму", "amendment"),
        (PENDING, "а ещё жду ревью TASK-9 от Бориса", "amendment"),
        # … while an id, «без задачи» or the same obstacle explained answer it
        (PENDING, "TASK-6", "answer"),
        (PENDING, "по TASK-6", "answer"),
        (PENDING, "стенд нужен для TASK-6", "answer"),
        (PENDING, "без стенда не могу проверить TASK-6", "answer"),
        (PENDING, "без задачи", "answer"),
        (PENDING, "к TASK-2, я её вчера начал, сегодня продолжу", "answer"),
        (PENDING, "Вчера закрыл TASK-3, сегодня TASK-4", "new_daily"),
        # today's plan is asked: the plan answers (with or without «сегодня»), a blocker beside it is added to it
        (PLANLESS, "ревью TASK-5", "answer"),
        (PLANLESS, "сегодня TASK-3, и блокер: нет ключа API", "answer"),
        (PLANLESS, "Забыл: вчера ещё TASK-2 закрыла", "amendment"),
        (PLANLESS, "Ещё блокер: нет ключа API по TASK-3", "amendment"),
    ],
)
def test_a_reply_answers_only_the_question_asked(first: str, message: str, expected: str) -> None:
    asked = parse_daily(first, "DEV")
    assert asked["clarification"]["needs_clarification"]
    assert read_reply(message, asked["clarification"]["question"], asked["daily"]) == expected


WAITING = "Вчера закрыл RENT-5, сегодня RENT-6 делаю. Блокер: жду доступы к стенду"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a blocker that names no obstacle of its own restates the pending one's link: the answer
        ("блокер относится к RENT-7", "answer"),
        ("Он мешает RENT-7", "answer"),
        ("Мешает закрыть RENT-7", "answer"),
        # a blocker naming an obstacle of its own stays a statement of its own
        ("Нет ключа API по RENT-3", "amendment"),
        ("а ещё жду ревью RENT-9 от Бориса", "amendment"),
    ],
)
def test_a_blocker_naming_no_obstacle_of_its_own_answers_the_pending_one(message: str, expected: str) -> None:
    asked = parse_daily(WAITING, "DEV")
    assert asked["clarification"]["needs_clarification"]
    assert read_reply(message, asked["clarification"]["question"], asked["daily"]) == expected


def test_another_finished_task_is_added_not_pinned_to_the_pending_blocker(
    offline: ScrumBackend, recorder: Recorder
) -> None:
    """«Забыл: вчера ещё TASK-2 закрыла» pinned the pending blocker to the task just reported finished."""
    asked = offline.submit_daily("core", "anna", PENDING)
    assert asked.status == "clarification"
    amended = offline.submit_daily("core", "anna", "Забыл: вчера ещё TASK-2 закрыла")
    assert amended.status == "clarification" and amended.amended and "TASK-2" in amended.amended
    assert amended.message is not None and "нет доступов к стенду" in amended.message
    assert amended.note is not None and "остаётся открытым" in amended.note and "TASK-2" in amended.note
    assert amended.daily is not None
    assert [i["task_id"] for i in amended.daily["yesterday"]] == ["TASK-7", "TASK-2"]
    assert [b["related_task_id"] for b in amended.daily["blockers"]] in ([None], ["NO_TASK_ID"])
    assert recorder.sent == [] and offline.store.dailies("core") == []
    done = offline.submit_daily("core", "anna", "TASK-6")
    assert done.status == "accepted" and [e["task_id"] for e in done.events] == ["TASK-6"]
    stored = offline.store.dailies("core")[0]
    assert [i["task_id"] for i in stored.daily["yesterday"]] == ["TASK-7", "TASK-2"]


def test_a_new_blocker_is_stored_and_judged_on_its_own(offline: ScrumBackend, recorder: Recorder) -> None:
    """«Ещё блокер: нет ключа API по TASK-3» pinned the old blocker to TASK-3 and lost the new one."""
    offline.submit_daily("core", "anna", PENDING)
    amended = offline.submit_daily("core", "anna", "Ещё блокер: нет ключа API по TASK-3")
    assert amended.status == "clarification" and amended.daily is not None
    blockers = {b["text"]: b["related_task_id"] for b in amended.daily["blockers"]}
    assert blockers["нет доступов к стенду"] in (None, "NO_TASK_ID")
    assert blockers["нет ключа API по TASK-3"] == "TASK-3"
    assert "нет доступов к стенду" in (amended.message or "") and "нет ключа API" not in (amended.message or "")
    done = offline.submit_daily("core", "anna", "без задачи")
    assert done.status == "accepted"
    assert sorted((e["text"], e["task_id"]) for e in done.events) == [
        ("нет доступов к стенду", "NO_TASK_ID"),
        ("нет ключа API по TASK-3", "TASK-3"),
    ]


def test_a_new_critical_blocker_escalates_itself_not_the_old_one(offline: ScrumBackend, recorder: Recorder) -> None:
    """The auditor's CLI run: the old blocker became critical on TASK-3 and was escalated; the new one was lost."""
    offline.submit_daily("core", "anna", PENDING)
    message = "Сегодня ещё возьму TASK-3, блокер: нет ключа API по TASK-3, делать больше нечего"
    amended = offline.submit_daily("core", "anna", message)
    assert amended.status == "clarification" and amended.daily is not None
    old = next(b for b in amended.daily["blockers"] if b["text"] == "нет доступов к стенду")
    new = next(b for b in amended.daily["blockers"] if "ключа API" in b["text"])
    assert old["related_task_id"] in (None, "NO_TASK_ID") and not old["critical"]
    assert new["related_task_id"] == "TASK-3" and new["critical"]
    assert [i["task_id"] for i in amended.daily["today"]] == ["TASK-6", "TASK-3"]
    done = offline.submit_daily("core", "anna", "TASK-6")
    assert done.status == "accepted"
    assert {(e["text"], e["task_id"]) for e in done.escalations} == {
        ("нет ключа API по TASK-3, делать больше нечего", "TASK-3")
    }
    assert all("стенду" not in e["text"] for e in recorder.sent)


def test_amendments_count_as_rounds_and_the_daily_is_then_accepted(data_dir: Path, recorder: Recorder) -> None:
    made = _backend(data_dir, "offline", "", recorder, max_clarifications=2)
    try:
        made.submit_daily("core", "anna", PENDING)
        assert made.submit_daily("core", "anna", "Забыл: вчера ещё TASK-2 закрыла").status == "clarification"
        last = made.submit_daily("core", "anna", "сегодня ещё TASK-5 возьму")
        assert last.status == "accepted" and last.amended and "TASK-5" in last.amended
        assert last.daily is not None and [i["task_id"] for i in last.daily["today"]] == ["TASK-6", "TASK-5"]
        assert [e["task_id"] for e in last.events] == ["NO_TASK_ID"]
    finally:
        made.close()


def test_scripted_model_reads_an_amendment_alone_in_initial_mode(
    data_dir: Path, oai: FakeOpenAIServer, recorder: Recorder
) -> None:
    """On a model the amendment is one call in INITIAL mode with the amendment alone — no pending daily to merge
    into — and its blocker keeps the task the model read for it."""
    made = _backend(data_dir, oai.base_url, oai.api_key, recorder)
    try:
        oai.fake.script.json(daily_output(None, question="К какой задаче относится блокер «нет стенда»?"))
        amendment = {
            "daily": {
                "role": "DEV",
                "yesterday": [],
                "today": [],
                "blockers": [{"text": "нет ключа API", "critical": False, "related_task_id": "TASK-3"}],
                "quality": "DETAIL_OK",
            },
            "clarification": {"needs_clarification": False, "question": ""},
        }
        oai.fake.script.json(amendment)
        made.submit_daily("core", "anna", ASKING)
        amended = made.submit_daily("core", "anna", "Ещё блокер: нет ключа API по TASK-3")
        sent = json.loads(
            next(m for m in oai.fake.requests.last("chat").json["messages"] if m["role"] == "user")["content"]
        )
        assert sent["daily_state"]["mode"] == "INITIAL" and sent["message"] == "Ещё блокер: нет ключа API по TASK-3"
        assert "previous_daily" not in (sent.get("backend_context") or {})
        assert amended.status == "clarification" and amended.daily is not None
        assert [(b["text"], b["related_task_id"]) for b in amended.daily["blockers"]] == [
            ("нет стенда", None),
            ("нет ключа API", "TASK-3"),
        ]
        assert "нет стенда" in (amended.message or "")
    finally:
        made.close()


# ---------------------------------------------------------------- an answer and an amendment in one reply (mc)
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("TASK-6. Ещё блокер: нет ключа API по TASK-3", ("TASK-6.", "Ещё блокер: нет ключа API по TASK-3")),
        ("TASK-6, ещё блокер: нет ключа API по TASK-3", ("TASK-6,", "ещё блокер: нет ключа API по TASK-3")),
        ("TASK-6", ("TASK-6", "")),
        ("без стенда не могу проверить TASK-6", ("без стенда не могу проверить TASK-6", "")),
        ("к TASK-2, я её вчера начал, сегодня продолжу", ("к TASK-2, я её вчера начал, сегодня продолжу", "")),
    ],
)
def test_an_answer_followed_by_an_amendment_is_cut_in_two(message: str, expected: tuple[str, str]) -> None:
    asked = parse_daily(PENDING, "DEV")
    assert split_reply(message, asked["clarification"]["question"], asked["daily"]) == expected


def test_a_blocker_added_to_an_answer_is_kept_as_its_own(offline: ScrumBackend, recorder: Recorder) -> None:
    """«TASK-6. Ещё блокер: …» took the answer path and the parser's merge dropped the new blocker."""
    offline.submit_daily("core", "anna", PENDING)
    done = offline.submit_daily("core", "anna", "TASK-6. Ещё блокер: нет ключа API по TASK-3")
    assert done.status == "accepted" and done.daily is not None
    assert [(b["text"], b["related_task_id"]) for b in done.daily["blockers"]] == [
        ("нет доступов к стенду", "TASK-6"),
        ("нет ключа API по TASK-3", "TASK-3"),
    ]
    assert sorted((e["text"], e["task_id"]) for e in done.events) == [
        ("нет доступов к стенду", "TASK-6"),
        ("нет ключа API по TASK-3", "TASK-3"),
    ]
    stored = offline.store.dailies("core")[0]
    assert len(stored.daily["blockers"]) == 2


def test_an_added_blocker_without_a_task_is_asked_about(offline: ScrumBackend) -> None:
    offline.submit_daily("core", "anna", PENDING)
    asked = offline.submit_daily("core", "anna", "TASK-6. Ещё блокер: нет ключа API")
    assert asked.status == "clarification" and asked.daily is not None
    assert "ключа API" in (asked.message or "") and "стенду" not in (asked.message or "")
    blockers = {b["text"]: b["related_task_id"] for b in asked.daily["blockers"]}
    assert blockers["нет доступов к стенду"] == "TASK-6" and blockers["нет ключа API"] in (None, "NO_TASK_ID")
    done = offline.submit_daily("core", "anna", "TASK-3")
    assert done.status == "accepted"
    assert sorted((e["text"], e["task_id"]) for e in done.events) == [
        ("нет доступов к стенду", "TASK-6"),
        ("нет ключа API", "TASK-3"),
    ]


def test_scripted_model_reads_the_answer_and_the_added_blocker_apart(
    data_dir: Path, oai: FakeOpenAIServer, recorder: Recorder
) -> None:
    """On a model: the answer part in CLARIFICATION mode against the pending daily, then the added part alone in
    INITIAL mode — its blocker keeps the task and criticality the model read for it."""
    made = _backend(data_dir, oai.base_url, oai.api_key, recorder)
    try:
        oai.fake.script.json(daily_output(None, question="К какой задаче относится блокер «нет стенда»?"))
        oai.fake.script.json(daily_output("TASK-2"))
        added = {
            "daily": {
                "role": "DEV",
                "yesterday": [],
                "today": [],
                "blockers": [{"text": "нет ключа API", "critical": False, "related_task_id": "TASK-3"}],
                "quality": "DETAIL_OK",
            },
            "clarification": {"needs_clarification": False, "question": ""},
        }
        oai.fake.script.json(added)
        made.submit_daily("core", "anna", ASKING)
        done = made.submit_daily("core", "anna", "TASK-2. Ещё блокер: нет ключа API по TASK-3")
        sent = [
            json.loads(next(m for m in r.json["messages"] if m["role"] == "user")["content"])
            for r in oai.fake.requests.of("chat")[-2:]
        ]
        assert [(s["daily_state"]["mode"], s["message"]) for s in sent] == [
            ("CLARIFICATION", "TASK-2."),
            ("INITIAL", "Ещё блокер: нет ключа API по TASK-3"),
        ]
        assert done.status == "accepted" and done.daily is not None
        assert [(b["text"], b["related_task_id"], b["critical"]) for b in done.daily["blockers"]] == [
            ("нет стенда", "TASK-2", True),
            ("нет ключа API", "TASK-3", False),
        ]
    finally:
        made.close()
