"""The reference backend's flows (seed sections 4, 5.4, 8) on a scripted model and a real SQLite store."""

from __future__ import annotations

import json
import ssl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.apps.scrum import wire_model
from tests.apps.scrum.conftest import Recorder, seed_team, sqlite_store

from agentcore.apps.scrum.backend.db import create_db_engine
from agentcore.apps.scrum.backend.errors import ConflictError, LLMUnavailableError, NotFoundError
from agentcore.apps.scrum.backend.flows import DAILY_FALLBACK, TOO_GENERAL, ScrumBackend
from agentcore.apps.scrum.backend.notifier import CompositeNotifier, LogNotifier, WebhookNotifier
from agentcore.apps.scrum.backend.store import ScrumStore
from agentcore.apps.scrum.settings import ScrumSettings
from agentcore.llm import ChatConnection
from agentcore.testing.fake_openai import FakeOpenAIServer
from agentcore.testing.faults import Fault


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


def _backend(data_dir: Path, api_url: str, key: str, recorder: Recorder, **options: Any) -> ScrumBackend:
    store = sqlite_store(data_dir)
    seed_team(store)
    llm = ChatConnection(httpx.Client(timeout=30), api_url, "gpt-4o-mini", "test", api_key=key)
    return ScrumBackend(store, llm, recorder, **{"backoff_initial": 0.01, "backoff_max": 0.05, **options})


@pytest.fixture
def backend(data_dir: Path, oai: FakeOpenAIServer, recorder: Recorder) -> Iterator[ScrumBackend]:
    made = _backend(data_dir, oai.base_url, oai.api_key, recorder)
    yield made
    made.close()


@pytest.fixture
def offline(data_dir: Path, recorder: Recorder) -> Iterator[ScrumBackend]:
    made = _backend(data_dir, "offline", "", recorder)
    yield made
    made.close()


# The daily the scripted replies below read: the ids they name are the author's (the verdict drops any other).
DAILY_TEXT = "Вчера закрыл TASK-1, сегодня делаю TASK-2. Блокер: нет стенда"


def daily_output(blocker_task: str | None = "TASK-2", quality: str = "DETAIL_OK", question: str = "") -> dict:
    return {
        "daily": {
            "role": "DEV",
            "yesterday": [{"task_id": "TASK-1", "summary": "закрыл TASK-1"}],
            "today": [{"task_id": "TASK-2", "summary": "делаю TASK-2"}],
            "blockers": [{"text": "нет стенда", "critical": True, "related_task_id": blocker_task}],
            "quality": quality,
        },
        "clarification": {"needs_clarification": bool(question), "question": question},
    }


# A model's reading of «работаю»: the shared verdict grades it TOO_SHORT whatever the model says.
WEAK_OUTPUT = {
    "daily": {
        "role": "DEV",
        "yesterday": [],
        "today": [{"task_id": None, "summary": "работаю"}],
        "blockers": [],
        "quality": "DETAIL_OK",
    },
    "clarification": {"needs_clarification": False, "question": ""},
}


# --- seed 4: process_daily as written --------------------------------------------------------------------


def test_technical_retry_then_success(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    script = oai.fake.script
    script.text("мусор")  # the first reply is invalid …
    script.json(daily_output())  # … and the format repair (shown that reply and the error) fixes it
    state = {"mode": "INITIAL", "quality_retries": 0}
    resp = backend.process_daily("Вчера TASK-1, сегодня TASK-2", "DEV", state)
    assert resp["type"] == "json" and resp["data"]["daily"]["blockers"][0]["related_task_id"] == "TASK-2"
    assert oai.fake.requests.count("chat") == 2
    repair = oai.fake.requests.last("chat").json["messages"]
    assert [m["role"] for m in repair][-2:] == ["assistant", "user"] and repair[-2]["content"] == "мусор"


def test_happy_path_is_one_model_call(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    oai.fake.script.json(daily_output())
    assert backend.submit_daily("core", "anna", "Вчера TASK-1, сегодня TASK-2").status == "accepted"
    assert oai.fake.requests.count("chat") == 1


def test_technical_failure_gives_the_seed_fallback(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    for _ in range(4):
        oai.fake.script.text("не json")
    resp = backend.process_daily(DAILY_TEXT, "DEV", {"mode": "INITIAL", "quality_retries": 0})
    assert resp == {"type": "text", "data": "Не смог разобрать daily. Переформулируй: вчера/сегодня/блокеры."}
    assert oai.fake.requests.count("chat") == 2  # the call and its format repair; never the whole question again


def test_configured_whole_retries_are_still_possible(data_dir: Path, oai: FakeOpenAIServer, recorder: Recorder) -> None:
    made = _backend(data_dir, oai.base_url, oai.api_key, recorder, retry_count=1)
    for _ in range(4):
        oai.fake.script.text("не json")
    assert made.process_daily(DAILY_TEXT, "DEV", {"mode": "INITIAL", "quality_retries": 0})["type"] == "text"
    assert oai.fake.requests.count("chat") == 4
    made.close()


def test_clarification_and_quality_retries(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    oai.fake.script.json(daily_output(None, question="К какой задаче относится блокер «нет стенда»?"))
    state = {"mode": "INITIAL", "quality_retries": 0}
    assert backend.process_daily(DAILY_TEXT, "DEV", state) == {
        "type": "text",
        "data": "К какой задаче относится блокер «нет стенда»?",
    }
    for retries in (0, 1):
        oai.fake.script.json(WEAK_OUTPUT)
        assert backend.process_daily("работаю", "DEV", state) == {"type": "text", "data": TOO_GENERAL}
        assert state["quality_retries"] == retries + 1
    oai.fake.script.json(WEAK_OUTPUT)
    assert backend.process_daily("работаю", "DEV", state)["type"] == "json"  # after 2 retries it is accepted


def test_transient_transport_failure_is_retried(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    oai.fake.faults.inject("chat", Fault.http_error(503))
    oai.fake.script.json(daily_output())
    assert backend.process_daily(DAILY_TEXT, "DEV", {"mode": "INITIAL", "quality_retries": 0})["type"] == "json"


def test_transient_failures_follow_the_core_retry_policy(
    backend: ScrumBackend, oai: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Transport failures are retried with backoff and the server's Retry-After (agentcore.util.retry), apart from the
    seed's 1–2 retries of an invalid output: two 5xx in a row and a 429 do not end the daily."""
    waits: list[float] = []
    monkeypatch.setattr("tenacity.nap.time.sleep", waits.append)
    oai.fake.faults.inject("chat", Fault.http_error(503), Fault.rate_limit(retry_after=2), Fault.http_error(502))
    oai.fake.script.json(daily_output())
    assert backend.process_daily(DAILY_TEXT, "DEV", {"mode": "INITIAL", "quality_retries": 0})["type"] == "json"
    assert oai.fake.requests.count("chat") == 4
    assert len(waits) == 3 and waits[1] >= 2  # a pause before each retry; Retry-After honoured


def test_model_down_is_a_clear_error(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    oai.fake.faults.always("chat", Fault.http_error(502))
    with pytest.raises(LLMUnavailableError, match="недоступна") as info:
        backend.process_daily(DAILY_TEXT, "DEV", {"mode": "INITIAL", "quality_retries": 0})
    assert "127.0.0.1" not in str(info.value)  # no upstream URL in the message


def test_refused_key_is_a_clear_error(data_dir: Path, oai: FakeOpenAIServer, recorder: Recorder) -> None:
    made = _backend(data_dir, oai.base_url, "sk-wrong", recorder)
    with pytest.raises(LLMUnavailableError, match="ключ"):
        made.faq("Что такое спринт?")
    assert oai.fake.requests.count("chat") == 1  # an auth failure is not retried
    made.close()


# --- stateful daily dialogue and DAILY → BLOCKERS --------------------------------------------------------


def test_dialogue_with_clarification_then_blockers_and_escalation(
    backend: ScrumBackend, oai: FakeOpenAIServer, recorder: Recorder
) -> None:
    question = "К какой задаче относится блокер «нет стенда»?"
    oai.fake.script.json(daily_output(None, question=question)).json(daily_output("TASK-2"))
    first = backend.submit_daily("core", "anna", "Вчера TASK-1, сегодня TASK-2. Блокер: нет стенда")
    assert first.status == "clarification" and first.message == question and first.clarifications == 1
    second = backend.submit_daily("core", "anna", "TASK-2")
    assert second.status == "accepted" and second.daily_id is not None
    sent = json.loads(
        next(m for m in oai.fake.requests.last("chat").json["messages"] if m["role"] == "user")["content"]
    )
    assert sent["daily_state"]["mode"] == "CLARIFICATION"
    assert sent["backend_context"]["question"] == question
    assert sent["backend_context"]["previous_daily"]["blockers"][0]["related_task_id"] is None
    assert second.events[0]["author_id"] == "anna" and second.events[0]["severity"] == "critical"
    assert recorder.sent == [{**second.escalations[0], "team": "core", "daily_id": second.daily_id}]
    stored = backend.store.dailies("core")[0]
    assert stored.daily["blockers"][0]["related_task_id"] == "TASK-2"
    assert backend.store.session_state(backend.store.member("core", "anna")) is None


def test_dialogue_quality_retries_then_accept(offline: ScrumBackend) -> None:
    assert offline.submit_daily("core", "boris", "работаю").status == "retry"
    outcome = offline.submit_daily("core", "boris", "всё ок")
    assert (outcome.status, outcome.message, outcome.quality_retries) == ("retry", TOO_GENERAL, 2)
    accepted = offline.submit_daily("core", "boris", "норм")
    assert accepted.status == "accepted" and accepted.daily and accepted.daily["quality"] == "TOO_SHORT"
    assert accepted.quality_retries == 2


def test_clarification_rounds_are_bounded(data_dir: Path, recorder: Recorder) -> None:
    made = _backend(data_dir, "offline", "", recorder, max_clarifications=2)
    assert (
        made.submit_daily("core", "anna", "Вчера TASK-1, сегодня TASK-2. Блокер: нет стенда, работать не могу").status
        == "clarification"
    )
    assert made.submit_daily("core", "anna", "не помню").status == "clarification"
    final = made.submit_daily("core", "anna", "всё ещё не помню")
    assert final.status == "accepted" and final.events[0]["task_id"] == "NO_TASK_ID"
    assert final.events[0]["severity"] == "high"  # critical, no task → escalated as high (seed 003's matrix)
    assert recorder.sent and recorder.sent[0]["severity"] == "high"
    made.close()


def test_a_dialogue_left_open_does_not_swallow_the_next_days_daily(data_dir: Path, recorder: Recorder) -> None:
    """A question left unanswered in the evening: the next morning's daily is a new daily, not the answer."""
    from datetime import timedelta

    from tests.apps.scrum.conftest import NOW

    now = [NOW]
    made = _backend(data_dir, "offline", "", recorder)
    made.store.clock = lambda: now[0]
    asked = made.submit_daily("core", "anna", "Вчера TASK-1, сегодня TASK-2. Блокер: нет стенда")
    assert asked.status == "clarification"
    now[0] = NOW + timedelta(hours=20)
    fresh = made.submit_daily("core", "anna", "Вчера закрыл TASK-2, сегодня TASK-3. Блокеров нет.")
    assert fresh.status == "accepted" and fresh.clarifications == 0
    assert fresh.daily is not None and fresh.daily["blockers"] == []
    assert fresh.daily["yesterday"][0]["task_id"] == "TASK-2"
    assert made.store.dailies("core")[0].daily == fresh.daily
    # … and what was written the evening before is not lost: it is a draft of the accepted daily
    assert [(d["text"], d["why"]) for d in made.store.dailies("core")[0].drafts] == [
        ("Вчера TASK-1, сегодня TASK-2. Блокер: нет стенда", "left")
    ]
    made.close()


def test_fallback_keeps_the_dialogue(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    for _ in range(2):
        oai.fake.script.text("не json")
    outcome = backend.submit_daily("core", "vera", DAILY_TEXT)
    assert (outcome.status, outcome.message) == ("fallback", DAILY_FALLBACK)
    assert backend.store.dailies("core") == []


def test_cancel_and_unknown_members(offline: ScrumBackend) -> None:
    offline.submit_daily("core", "anna", "работаю")
    offline.cancel_daily("core", "anna")
    assert offline.store.session_state(offline.store.member("core", "anna")) is None
    with pytest.raises(NotFoundError):
        offline.submit_daily("core", "ghost", "Вчера TASK-1")
    with pytest.raises(NotFoundError):
        offline.submit_daily("nope", "anna", "Вчера TASK-1")
    with pytest.raises(ValueError):
        offline.submit_daily("core", "anna", "я" * 100_000)
    assert offline.store.dailies("core") == []


# --- seed 5.4 and the rest -------------------------------------------------------------------------------


def test_analytics_flow_uses_metrics_from_the_store(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    oai.fake.script.json({"intent": "WORKLOAD", "params": {}}).dynamic(wire_model.answer)
    outcome = backend.analytics("core", "Кто перегружен?")
    assert outcome.supported and outcome.intent == "WORKLOAD" and outcome.params == {}
    sent = json.loads(oai.fake.requests.last("chat").json["messages"][1]["content"])
    assert sent["leader_message"] == "Кто перегружен?" and sent["metrics"] == outcome.metrics
    assert outcome.metrics and [m["member"] for m in outcome.metrics["members"]] == ["anna", "boris", "vera"]
    assert outcome.text.startswith("Загрузка участников")


def test_analytics_unsupported(backend: ScrumBackend, oai: FakeOpenAIServer) -> None:
    oai.fake.script.json({"intent": "UNSUPPORTED", "params": {}})
    outcome = backend.analytics("core", "Закажи пиццу")
    assert not outcome.supported and outcome.metrics is None and "не поддерживается" in outcome.text
    assert oai.fake.requests.count("chat") == 1  # no metrics, no report call


def test_offline_modes_end_to_end(offline: ScrumBackend) -> None:
    assert offline.analytics("core", "Какие риски у команды?").intent == "TEAM_RISKS"
    assert "Спринт" in offline.faq("Что такое спринт?")
    offline.submit_daily("core", "anna", "Вчера закрыл TASK-1, сегодня TASK-2. Блокер: срочно нет ключа API по TASK-2")
    data, text = offline.digest("core", "anna")
    assert data["task_counts"] == {"in_progress": 1, "in_review": 0, "done": 1}
    assert "TASK-2" in text and "нет ключа API" in text
    assert "Daily за сегодня не отправлен" not in data["notes"]  # «today» is the store's clock, like the metrics'
    assert [e.author_id for e in offline.blockers("core")] == ["anna"]
    with pytest.raises(NotFoundError):
        offline.blockers("core", "ghost")


def test_notifiers(recorder: Recorder) -> None:
    received: list[dict] = []

    def handler(request: httpx.Request) -> httpx.Response:
        received.append(json.loads(request.content))
        return httpx.Response(200 if len(received) == 1 else 500)

    with httpx.Client(transport=httpx.MockTransport(handler)) as http:
        hook = WebhookNotifier("https://hooks.example/secret-token", http)
        both = CompositeNotifier(LogNotifier(), hook, recorder)
        escalation = {"type": "BLOCKER_ESCALATION", "severity": "high", "text": "x", "task_id": "T-1"}
        assert both.notify(escalation) is True
        assert both.notify(escalation) is False  # the webhook answered 500: reported, not raised
    assert received == [escalation, escalation] and len(recorder.sent) == 2


def test_webhook_failures_never_log_the_webhook_address(caplog: pytest.LogCaptureFixture) -> None:
    """httpx normalises the URL in its errors (host case, percent-encoding), so the registered secret would not
    match it: the log names the status or the error type only."""
    url = "https://Hooks.Example/services/T0/Секрет Token"

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(404)

    with httpx.Client(transport=httpx.MockTransport(handler)) as http, caplog.at_level("ERROR"):
        assert WebhookNotifier(url, http).notify({"severity": "high", "text": "x"}) is False
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "404" in logged
    assert "hooks.example" not in logged.lower() and "services" not in logged and "%D0%A1" not in logged


def test_webhook_has_its_own_client_not_the_llm_one(data_dir: Path) -> None:
    """The LLM client may trust only GigaChat's CA (or nothing at all with GIGACHAT_VERIFY_SSL_CERTS=false) and wait
    for a slow model; a webhook to a chat service needs the system CAs, verification on and a short timeout."""
    from agentcore.apps.scrum.backend.notifier import WEBHOOK_TIMEOUT
    from agentcore.config import Settings

    settings = Settings(
        provider="gigachat",
        gigachat_access_token="tok-1234567890",
        gigachat_verify_ssl_certs=False,
        llm_timeout=120,
        scrum=ScrumSettings(webhook_url="https://hooks.example/secret", demo=False),
    )
    backend = ScrumBackend.from_settings(settings)
    try:
        hooks = [n for n in backend.notifier.notifiers if isinstance(n, WebhookNotifier)]  # type: ignore[attr-defined]
        assert len(hooks) == 1
        client = hooks[0].client
        assert client is not backend.llm.client
        assert client.timeout.read == WEBHOOK_TIMEOUT <= 10
        assert client._transport._pool._ssl_context.verify_mode == ssl.CERT_REQUIRED  # type: ignore[attr-defined]
    finally:
        backend.close()
    assert client.is_closed


def test_a_clarification_answered_twice_at_once_stores_one_daily(
    offline: ScrumBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies of one answer (a double tap, a client's retry, two workers) both read the pending question before
    either is stored: the first stores the daily, the second is refused (409) and stores nothing."""
    daily = "Вчера: сделала TASK-2. Сегодня: пишу тесты к TASK-2. Блокер: нет стенда"
    asked = offline.submit_daily("core", "anna", daily)
    assert asked.status == "clarification"
    model_step = offline._call
    raced: list[Any] = []

    def answered_meanwhile(mode: str, payload: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
        if not raced:  # the copy arrives while this answer is being read (and is read without interruption)
            raced.append(None)
            raced[0] = offline.submit_daily("core", "anna", "TASK-2")
        return model_step(mode, payload, context)

    monkeypatch.setattr(offline, "_call", answered_meanwhile)
    with pytest.raises(ConflictError) as refused:
        offline.submit_daily("core", "anna", "TASK-2")
    assert raced[0].status == "accepted"
    assert "не сохранено" in refused.value.message
    assert [e.text for e in offline.blockers("core")] == ["нет стенда"]  # one daily, one blocker report


def test_two_new_dailies_at_once_never_overwrite_each_others_question(
    store: ScrumStore, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two new dailies of one member at the same instant on two workers (each its own connection pool, one shared
    database — SQLite and PostgreSQL): both are read with no dialogue open and both need a clarification.  The one
    saved first keeps its question; the other is refused (409) instead of silently replacing it."""
    seed_team(store)
    first_worker = ScrumBackend(store, ChatConnection(httpx.Client(), "offline", "m", "test"), recorder)
    second_store = ScrumStore(create_db_engine(store.engine.url.render_as_string(hide_password=False)), store.clock)
    second_worker = ScrumBackend(second_store, ChatConnection(httpx.Client(), "offline", "m", "test"), recorder)
    slow = "Вчера: сделала TASK-2. Сегодня: пишу тесты к TASK-2. Блокер: нет стенда"
    fast = "Вчера: разобрала TASK-1. Сегодня: продолжаю TASK-3. Блокер: жду доступ к базе"
    model_step = first_worker._call
    raced: list[Any] = []

    def other_daily_meanwhile(mode: str, payload: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
        if not raced:  # the second daily arrives, on the other worker, while this one is being read
            raced.append(second_worker.submit_daily("core", "anna", fast))
        return model_step(mode, payload, context)

    monkeypatch.setattr(first_worker, "_call", other_daily_meanwhile)
    try:
        with pytest.raises(ConflictError, match="не сохранено"):
            first_worker.submit_daily("core", "anna", slow)
        assert raced[0].status == "clarification"
        pending = store.session_state(store.member("core", "anna"))
        assert pending is not None and pending["messages"] == [fast] and pending["question"] == raced[0].message
    finally:
        second_worker.close()
        first_worker.close()


# A daily naming no task at all, with a blocker: the bot asks which task the blocker relates to.
NO_TASK_DAILY = "Вчера: созвонилась с заказчиком. Сегодня: пишу документацию по API. Блокер: нет доступа к стенду"


@pytest.mark.parametrize("answer", ["без задачи", "Не относится ни к какой задаче", "нет задачи"])
def test_no_task_answers_the_bots_own_task_question(offline: ScrumBackend, answer: str) -> None:
    """«Без задачи» answers «К какой задаче относится блокер …? … или это блокер без задачи?»: the daily is accepted
    with the blocker related to no task, not sent back as «Слишком общо … (желательно с ID задач)»."""
    asked = offline.submit_daily("core", "anna", NO_TASK_DAILY)
    assert asked.status == "clarification" and "К какой задаче" in (asked.message or "")
    done = offline.submit_daily("core", "anna", answer)
    assert done.status == "accepted", done.message
    assert [(e.text, e.task_id) for e in offline.blockers("core")] == [("нет доступа к стенду", "NO_TASK_ID")]


def test_a_vague_answer_to_the_task_question_still_gets_the_seeds_retry(offline: ScrumBackend) -> None:
    offline.submit_daily("core", "anna", NO_TASK_DAILY)
    vague = offline.submit_daily("core", "anna", "не знаю")
    assert (vague.status, vague.message) == ("retry", TOO_GENERAL)
    assert offline.blockers("core") == []
