"""agent_process on a scripted model (the fake OpenAI/GigaChat servers): every branch of every mode."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from agentcore.apps.scrum.agent_core import AgentOutputError, agent_process, agent_process_async
from agentcore.apps.scrum.checks import facts_of, numbers_in
from agentcore.apps.scrum.daily_parser import task_ids_in
from agentcore.apps.scrum.handlers import UNSUPPORTED_ANALYTICS
from agentcore.apps.scrum.templates import render_report
from agentcore.llm.errors import LLMHTTPError, LLMTimeoutError
from agentcore.testing.fake_gigachat import FakeGigaChatServer
from agentcore.testing.fake_openai import FakeOpenAIServer
from agentcore.testing.faults import Fault

DAILY_IN = {
    "message": "Вчера закрыл TASK-12, сегодня начну TASK-15. Блокер: нет доступов к стенду.",
    "role": "DEV",
    "daily_state": {"mode": "INITIAL", "quality_retries": 0},
}
VALID_DAILY = {
    "daily": {
        "role": "QA",  # the model got the role wrong: the input's role wins
        "yesterday": [{"task_id": "task-12", "summary": "закрыл TASK-12"}],
        "today": [{"task_id": "TASK-15", "summary": "начну TASK-15"}],
        "blockers": [{"text": "нет доступов к стенду", "critical": True, "related_task_id": None}],
        "quality": "DETAIL_OK",
    },
    "clarification": {"needs_clarification": True, "question": "К какой задаче относится блокер?"},
}
METRICS = {"intent": "TEAM_RISKS", "params": {}, "blockers_total": 7, "escalations": 3, "top": ["TASK-4"]}


def run(server: FakeOpenAIServer, client: httpx.Client, mode: str, payload: Any, context: Any = None) -> dict:
    return agent_process(
        mode=mode,
        payload=payload,
        backend_context={} if context is None else context,
        client=client,
        api_url=server.base_url,
        api_key=server.api_key,
        model="gpt-4o-mini",
    )


def user_message(body: dict[str, Any]) -> dict[str, Any]:
    return json.loads(next(m for m in body["messages"] if m["role"] == "user")["content"])


# --- DAILY -----------------------------------------------------------------------------------------------


def test_daily_valid_output(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.json(VALID_DAILY)
    resp = run(oai, client, "DAILY", DAILY_IN)
    assert resp["type"] == "json"
    daily = resp["data"]["daily"]
    assert daily["role"] == "DEV" and daily["yesterday"][0]["task_id"] == "TASK-12"
    assert resp["data"]["clarification"] == {
        "needs_clarification": True,
        "question": "К какой задаче относится блокер?",
    }
    body = oai.fake.requests.last("chat").json
    assert body["response_format"]["json_schema"]["name"] == "DailyOutput"
    assert user_message(body) == DAILY_IN  # seed 3.1's input, as JSON
    assert "DAILY" in body["messages"][0]["content"]


def test_daily_invalid_json_twice_is_a_runtime_error_with_raw_output(
    oai: FakeOpenAIServer, client: httpx.Client
) -> None:
    oai.fake.script.text("это не json").text('{"daily": {"role": "DEV"}}')
    with pytest.raises(RuntimeError) as info:
        run(oai, client, "DAILY", DAILY_IN)
    error = info.value
    assert isinstance(error, AgentOutputError)
    assert error.raw_output == '{"daily": {"role": "DEV"}}'
    assert "daily.yesterday" in error.validation_error and "clarification" in error.validation_error
    assert oai.fake.requests.count("chat") == 2  # one re-ask with the error, then the backend's turn (seed 4.B)
    feedback = oai.fake.requests.last("chat").json["messages"][-1]["content"]
    assert "не прошёл проверку" in feedback


def test_daily_invalid_then_valid_after_the_error_is_fed_back(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    broken = json.loads(json.dumps(VALID_DAILY))
    broken["daily"]["quality"] = "SO_SO"
    oai.fake.script.json(broken).json(VALID_DAILY)
    resp = run(oai, client, "DAILY", DAILY_IN)
    assert resp["data"]["daily"]["quality"] == "DETAIL_OK"
    assert "quality" in oai.fake.requests.last("chat").json["messages"][-1]["content"]


@pytest.mark.parametrize(
    "clarification",
    [
        {"needs_clarification": True, "question": "  "},  # asks nothing
        {"needs_clarification": "может быть", "question": "?"},
        {"question": "К какой задаче?"},
    ],
)
def test_clarification_must_be_consistent(oai: FakeOpenAIServer, client: httpx.Client, clarification: Any) -> None:
    bad = {**VALID_DAILY, "clarification": clarification}
    oai.fake.script.json(bad).json(bad)
    with pytest.raises(AgentOutputError):
        run(oai, client, "DAILY", DAILY_IN)


def test_no_clarification_means_an_empty_question(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    daily = json.loads(json.dumps(VALID_DAILY["daily"]))
    daily["blockers"][0]["related_task_id"] = "TASK-15"  # nothing left to ask about
    oai.fake.script.json({"daily": daily, "clarification": {"needs_clarification": False, "question": "лишнее"}})
    payload = {
        **DAILY_IN,
        "message": "Вчера закрыл TASK-12, сегодня начну TASK-15. Блокер: нет доступов к стенду TASK-15.",
    }
    assert run(oai, client, "DAILY", payload)["data"]["clarification"] == {
        "needs_clarification": False,
        "question": "",
    }


def test_the_models_verdict_is_settled_by_the_shared_rule(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    """Quality and the clarifying question come from the one verdict (``checks.settle_daily``) on the model path
    too: a model that calls a daily GREAT and asks nothing about a blocker without a task is corrected, and the
    answer equals the offline one."""
    from agentcore.apps.scrum.daily_parser import parse_daily

    daily = {**VALID_DAILY["daily"], "quality": "GREAT"}
    oai.fake.script.json({"daily": daily, "clarification": {"needs_clarification": False, "question": ""}})
    data = run(oai, client, "DAILY", DAILY_IN)["data"]
    offline = parse_daily(DAILY_IN["message"], "DEV")
    assert data["daily"]["quality"] == offline["daily"]["quality"] == "DETAIL_OK"
    assert data["clarification"] == offline["clarification"]
    assert (
        data["clarification"]["question"].endswith("?") and "нет доступов к стенду" in data["clarification"]["question"]
    )


def test_a_task_id_the_author_never_wrote_is_dropped(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    """Issue 19: «never invent an id». An id the model put on an item or a blocker that the message does not name
    is dropped (the item keeps its text); the blocker left without a task is then asked about."""
    daily = {
        **VALID_DAILY["daily"],
        "today": [{"task_id": "TASK-15", "summary": "начну TASK-15"}, {"task_id": "TASK-99", "summary": "отчёт"}],
        "blockers": [{"text": "нет доступов к стенду", "critical": False, "related_task_id": "TASK-16"}],
    }
    oai.fake.script.json({"daily": daily, "clarification": {"needs_clarification": False, "question": ""}})
    data = run(oai, client, "DAILY", DAILY_IN)["data"]
    assert [i["task_id"] for i in data["daily"]["yesterday"] + data["daily"]["today"]] == ["TASK-12", "TASK-15", None]
    assert data["daily"]["today"][1]["summary"] == "отчёт"
    assert data["daily"]["blockers"][0]["related_task_id"] is None
    assert data["clarification"]["needs_clarification"] and "нет доступов к стенду" in data["clarification"]["question"]


def test_a_clarification_keeps_the_ids_of_the_daily_it_completes(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    """In CLARIFICATION mode the ids of the previous daily are the author's too; only an id neither names goes."""
    previous = {**VALID_DAILY["daily"], "yesterday": [{"task_id": "TASK-12", "summary": "закрыл TASK-12"}]}
    answer = {
        **previous,
        "blockers": [{"text": "нет доступов к стенду", "critical": False, "related_task_id": "TASK-15"}],
    }
    invented = {**answer, "today": [*answer["today"], {"task_id": "TASK-77", "summary": "ещё задача"}]}
    payload = {**DAILY_IN, "message": "это по TASK-15", "daily_state": {"mode": "CLARIFICATION", "quality_retries": 0}}
    oai.fake.script.json({"daily": invented, "clarification": {"needs_clarification": False, "question": ""}})
    data = run(oai, client, "DAILY", payload, {"previous_daily": previous, "question": "К какой задаче?"})["data"]
    assert [i["task_id"] for i in data["daily"]["yesterday"] + data["daily"]["today"]] == ["TASK-12", "TASK-15", None]
    assert data["daily"]["blockers"][0]["related_task_id"] == "TASK-15"


def test_clarification_mode_sends_the_previous_daily(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.json(VALID_DAILY)
    context = {"previous_daily": VALID_DAILY["daily"], "question": "К какой задаче относится блокер?"}
    payload = {**DAILY_IN, "message": "TASK-15", "daily_state": {"mode": "CLARIFICATION", "quality_retries": 1}}
    run(oai, client, "DAILY", payload, context)
    sent = user_message(oai.fake.requests.last("chat").json)
    assert sent["backend_context"] == context and sent["daily_state"]["mode"] == "CLARIFICATION"


# --- ANALYTICS -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model_output", "expected"),
    [
        ({"intent": "TEAM_OVERVIEW", "params": {"detail_level": "EXTENDED"}}, {"detail_level": "EXTENDED"}),
        ({"intent": "TEAM_OVERVIEW", "params": {}}, {"detail_level": "BASIC"}),
        ({"intent": "TEAM_RISKS", "params": {}}, {}),
        ({"intent": "WORKLOAD"}, {}),
        ({"intent": "RELEASE_BLOCKERS", "params": {"detail_level": None}}, {}),
    ],
)
def test_intent(oai: FakeOpenAIServer, client: httpx.Client, model_output: dict, expected: dict) -> None:
    oai.fake.script.json(model_output)
    resp = run(oai, client, "ANALYTICS", {"message": "Как дела?"})
    assert resp == {"type": "json", "data": {"intent": model_output["intent"], "params": expected}}


def test_params_must_be_empty_except_for_overview(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    wrong = {"intent": "WORKLOAD", "params": {"detail_level": "EXTENDED"}}
    oai.fake.script.json(wrong).json(wrong)
    with pytest.raises(AgentOutputError, match="params must be"):
        run(oai, client, "ANALYTICS", {"message": "Кто перегружен?"})
    oai.fake.script.json(wrong).json({"intent": "WORKLOAD", "params": {}})
    assert run(oai, client, "ANALYTICS", {"message": "Кто перегружен?"})["data"]["params"] == {}


def test_unknown_params_are_invalid(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    wrong = {"intent": "TEAM_OVERVIEW", "params": {"detail_level": "BASIC", "member": "anna"}}
    oai.fake.script.json(wrong).json(wrong)
    with pytest.raises(AgentOutputError):
        run(oai, client, "ANALYTICS", {"message": "Обзор"})


def test_unsupported_request_is_text(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.json({"intent": "UNSUPPORTED", "params": {}})
    assert run(oai, client, "ANALYTICS", {"message": "Расскажи анекдот"}) == {
        "type": "text",
        "data": UNSUPPORTED_ANALYTICS,
    }


def test_report_from_the_model_when_its_facts_come_from_the_metrics(
    oai: FakeOpenAIServer, client: httpx.Client
) -> None:
    text = "Риски: блокеров 7, эскалаций 3, главный — TASK-4."
    oai.fake.script.text(text)
    resp = run(oai, client, "ANALYTICS", {"metrics": METRICS, "leader_message": "Какие риски?"})
    assert resp == {"type": "text", "data": text}
    sent = user_message(oai.fake.requests.last("chat").json)
    assert sent == {"metrics": METRICS, "leader_message": "Какие риски?"}


def test_report_with_invented_numbers_is_re_asked_then_replaced(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.text("Блокеров 9, задача TASK-99 под угрозой.").text("Блокеров 7, вероятность срыва 80%.")
    resp = run(oai, client, "ANALYTICS", {"metrics": METRICS})
    assert resp == {"type": "text", "data": render_report(METRICS)}
    feedback = oai.fake.requests.last("chat").json["messages"][-1]["content"]
    assert "9" in feedback and "TASK-99" in feedback
    numbers, ids = facts_of(METRICS)
    assert numbers_in(resp["data"]) <= numbers and set(task_ids_in(resp["data"])) <= ids


def test_report_numbers_after_a_successful_re_ask(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.text("Блокеров 70.").text("Блокеров 7, эскалаций 3.")
    assert run(oai, client, "ANALYTICS", {"metrics": METRICS})["data"] == "Блокеров 7, эскалаций 3."


# --- FAQ -------------------------------------------------------------------------------------------------


def test_faq_restrictions_are_in_the_prompt(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.text("Дейли — короткая ежедневная встреча разработчиков.")
    assert run(oai, client, "FAQ", {"message": "Что такое дейли?"})["data"].startswith("Дейли")
    system = oai.fake.requests.last("chat").json["messages"][0]["content"]
    for rule in (
        "только общие Scrum/Agile понятия",
        "без “у нас в команде…”",
        "без предложения действий/организации процессов",
        "без выдуманных инструментов/времени/правил",
    ):
        assert rule in system


def test_faq_violation_is_fed_back(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.text("У нас в команде дейли в 10:15 в Jira.").text("Дейли — ежедневная встреча команды.")
    assert run(oai, client, "FAQ", {"message": "Что такое дейли?"})["data"] == "Дейли — ежедневная встреча команды."
    feedback = oai.fake.requests.last("chat").json["messages"][-1]["content"]
    assert "«у нас в команде…»" in feedback and "10:15" in feedback and "Jira" in feedback


def test_faq_keeps_only_clean_sentences_when_the_model_insists(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    answer = "Ретроспектива — событие в конце спринта. Рекомендую проводить её в пятницу."
    oai.fake.script.text(answer).text(answer)
    assert (
        run(oai, client, "FAQ", {"message": "Что такое ретро?"})["data"] == "Ретроспектива — событие в конце спринта."
    )


def test_faq_falls_back_to_the_glossary(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.script.text("Предлагаю завести доску в Trello.").text("Давайте в Miro!")
    answer = run(oai, client, "FAQ", {"message": "Что такое спринт?"})["data"]
    assert answer.startswith("Спринт — это отрезок фиксированной длины")


# --- DIGEST ----------------------------------------------------------------------------------------------

DIGEST = {
    "task_counts": {"in_progress": 2, "in_review": 0, "done": 4},
    "current_tasks": [{"id": "TASK-7", "title": "Поиск"}, {"id": "BUG-3", "title": "Падение"}],
    "blockers": [{"text": "ждём ключ API", "severity": "critical", "is_repeat": False, "task_id": "TASK-7"}],
    "notes": [],
}


def test_digest_keeps_a_faithful_rephrasing(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    text = (
        "Дайджест\nЗадачи: в работе 2, на ревью 0, готово 4.\nТекущие задачи:\n• TASK-7 (Поиск)\n• BUG-3 (Падение)\n"
        "Блокеры:\n• Ждём ключ API по TASK-7 — критично\nЗаметки:\n— нет"
    )
    oai.fake.script.text(text)
    assert run(oai, client, "DIGEST", {"data": DIGEST})["data"] == text
    sent = user_message(oai.fake.requests.last("chat").json)
    assert sent["data"] == DIGEST and sent["template"].startswith("Дайджест\nЗадачи: в работе — 2")


@pytest.mark.parametrize(
    "bad",
    [
        # an invented task
        "Дайджест\nЗадачи: в работе 2, на ревью 0, готово 4.\nТекущие задачи: TASK-7, BUG-3, TASK-8\n"
        "Блокеры: ключ API\nЗаметки: нет",
        # sections out of order
        "Задачи: в работе 2, на ревью 0, готово 4. Текущие задачи: TASK-7, BUG-3. Заметки: нет. Блокеры: ключ",
        # advice
        "Дайджест\nЗадачи: 2/0/4\nТекущие задачи: TASK-7, BUG-3\nБлокеры: ключ API\nЗаметки: советую отдохнуть",
        # a task dropped
        "Дайджест\nЗадачи: в работе 2, на ревью 0, готово 4.\nТекущие задачи: TASK-7\nБлокеры: ключ\nЗаметки: —",
    ],
)
def test_digest_leaving_the_template_is_replaced_by_it(oai: FakeOpenAIServer, client: httpx.Client, bad: str) -> None:
    oai.fake.script.text(bad).text(bad)
    text = run(oai, client, "DIGEST", {"data": DIGEST})["data"]
    assert text == (
        "Дайджест\nЗадачи: в работе — 2, на ревью — 0, готово — 4.\nТекущие задачи:\n• TASK-7 — Поиск\n"
        "• BUG-3 — Падение\nБлокеры:\n• ждём ключ API (задача TASK-7) — важность критическая\nЗаметки:\n— нет"
    )
    numbers, ids = facts_of(DIGEST)
    assert numbers_in(text) <= numbers and set(task_ids_in(text)) <= ids


# --- GigaChat wire format --------------------------------------------------------------------------------


def test_gigachat_forced_function_and_feedback_as_function_result(
    giga: FakeGigaChatServer, client: httpx.Client
) -> None:
    token, _ = giga.fake.issue_token()
    giga.fake.script.tool_call("IntentDecision", {"intent": "WORKLOAD", "params": {"detail_level": "BASIC"}})
    giga.fake.script.tool_call("IntentDecision", {"intent": "WORKLOAD", "params": {}})
    resp = agent_process(
        mode="ANALYTICS",
        payload={"message": "Кто перегружен?"},
        backend_context={},
        client=client,
        api_url="gigachat:" + giga.base_url,
        api_key=token,
        model="GigaChat-2-Max",
    )
    assert resp == {"type": "json", "data": {"intent": "WORKLOAD", "params": {}}}
    second = giga.fake.requests.last("chat").json
    assert second["function_call"] == {"name": "IntentDecision"}
    assert second["messages"][-1]["role"] == "function" and "params must be" in second["messages"][-1]["content"]


def test_gigachat_refused_token_is_an_auth_error(giga: FakeGigaChatServer, client: httpx.Client) -> None:
    from agentcore.llm.errors import LLMAuthError

    with pytest.raises(LLMAuthError):
        agent_process(
            mode="FAQ",
            payload={"message": "Что такое спринт?"},
            backend_context={},
            client=client,
            api_url="gigachat:" + giga.base_url,
            api_key="not-a-token",
            model="GigaChat",
        )


# --- transport -------------------------------------------------------------------------------------------


def test_http_errors_pass_through_typed(oai: FakeOpenAIServer, client: httpx.Client) -> None:
    oai.fake.faults.inject("chat", Fault.http_error(503))
    with pytest.raises(LLMHTTPError) as info:
        run(oai, client, "FAQ", {"message": "Что такое спринт?"})
    assert info.value.status_code == 503 and info.value.retryable


def test_the_callers_client_timeout_applies(oai: FakeOpenAIServer) -> None:
    oai.fake.faults.inject("chat", Fault.timeout(2))
    with httpx.Client(timeout=0.3) as impatient, pytest.raises(LLMTimeoutError):
        run(oai, impatient, "FAQ", {"message": "Что такое спринт?"})


def test_the_agent_never_creates_a_client_nor_reads_the_environment(
    oai: FakeOpenAIServer, client: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def forbidden(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("agent_process created an HTTP client")

    monkeypatch.setattr(httpx.Client, "__init__", forbidden)
    monkeypatch.setattr(httpx.AsyncClient, "__init__", forbidden)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    monkeypatch.setenv("OPENAI_API_BASE", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("AGENTCORE_PROVIDER", "gigachat")
    oai.fake.script.text("Спринт — итерация фиксированной длины.")
    assert run(oai, client, "FAQ", {"message": "Что такое спринт?"})["type"] == "text"
    assert oai.fake.requests.last("chat").headers["authorization"] == f"Bearer {oai.api_key}"


async def test_async_twin(oai: FakeOpenAIServer) -> None:
    oai.fake.script.json(VALID_DAILY)
    async with httpx.AsyncClient(timeout=30) as aclient:
        resp = await agent_process_async(
            mode="DAILY",
            payload=DAILY_IN,
            backend_context={},
            client=aclient,
            api_url=oai.base_url + "/chat/completions",  # a full chat-completions URL works too
            api_key=oai.api_key,
            model="gpt-4o-mini",
        )
    assert resp["data"]["daily"]["today"][0]["task_id"] == "TASK-15"
    with pytest.raises(ValueError, match="AsyncClient"):
        await agent_process_async(
            mode="FAQ",
            payload={"message": "?"},
            backend_context={},
            client=httpx.Client(),
            api_url=oai.base_url,
            api_key="",
            model="m",
        )


# --- bad input -------------------------------------------------------------------------------------------

LONG = "я" * 100_000


@pytest.mark.parametrize(
    ("mode", "payload", "context", "match"),
    [
        ("STANDUP", {"message": "x"}, {}, "unknown mode"),
        ("daily", DAILY_IN, {}, "unknown mode"),
        (None, DAILY_IN, {}, "unknown mode"),
        ("DAILY", "вчера закрыл", {}, "payload must be a dict"),
        ("DAILY", [DAILY_IN], {}, "payload must be a dict"),
        ("DAILY", {**DAILY_IN, "role": "PM"}, {}, "role"),
        ("DAILY", {**DAILY_IN, "daily_state": {"mode": "AGAIN", "quality_retries": 0}}, {}, "daily_state.mode"),
        ("DAILY", {**DAILY_IN, "daily_state": {"mode": "INITIAL", "quality_retries": -1}}, {}, "quality_retries"),
        ("DAILY", {"message": "x", "role": "DEV"}, {}, "daily_state"),
        ("DAILY", {**DAILY_IN, "extra": 1}, {}, "extra"),
        ("DAILY", {**DAILY_IN, "message": 42}, {}, "message"),
        ("DAILY", {**DAILY_IN, "message": LONG}, {}, "larger than"),
        ("DAILY", {**DAILY_IN, "message": "я" * 4001}, {}, "message"),
        ("DAILY", {**DAILY_IN, "message": "bad \ud800"}, {}, "surrogates"),
        ("DAILY", DAILY_IN, "context", "backend_context must be a dict"),
        ("DAILY", DAILY_IN, {"previous_daily": {"role": "DEV"}}, "previous_daily"),
        ("ANALYTICS", {}, {}, "message"),
        ("ANALYTICS", {"message": ""}, {}, "message"),
        ("ANALYTICS", {"metrics": "много"}, {}, "metrics"),
        ("ANALYTICS", {"metrics": {"x": LONG}}, {}, "larger than"),
        ("ANALYTICS", {"metrics": {"x": object()}}, {}, "JSON-serialisable"),
        ("FAQ", {"question": "?"}, {}, "message"),
        ("DIGEST", {"data": {"task_counts": {"in_progress": -1, "in_review": 0, "done": 0}}}, {}, "in_progress"),
        ("DIGEST", {"data": {**DIGEST, "current_tasks": "TASK-1"}}, {}, "current_tasks"),
    ],
)
def test_bad_input_is_a_clear_value_error(
    oai: FakeOpenAIServer, client: httpx.Client, mode: Any, payload: Any, context: Any, match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        run(oai, client, mode, payload, context)
    assert oai.fake.requests.count("chat") == 0  # nothing was sent


@pytest.mark.parametrize(
    ("api_url", "client_ok"),
    [
        ("", True),
        ("ftp://host/v1", True),
        ("localhost:8000", True),
        ("openai:", True),
        ("http://127.0.0.1:9/v1", False),
    ],
)
def test_bad_endpoint_arguments(api_url: str, client_ok: bool, client: httpx.Client) -> None:
    with pytest.raises(ValueError):
        agent_process(
            mode="FAQ",
            payload={"message": "?"},
            backend_context={},
            client=client if client_ok else "httpx",  # type: ignore[arg-type]
            api_url=api_url,
            api_key="k",
            model="m",
        )


def test_sql_looking_text_is_just_text(client: httpx.Client) -> None:
    message = "Вчера закрыл TASK-1'); DROP TABLE dailies;-- сегодня TASK-2"
    resp = agent_process(
        mode="DAILY",
        payload={**DAILY_IN, "message": message},
        backend_context={},
        client=client,
        api_url="offline",
        api_key="",
        model="offline",
    )
    assert resp["data"]["daily"]["yesterday"][0]["task_id"] == "TASK-1"
