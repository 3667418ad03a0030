"""``/v1`` driven by real clients over a real socket — the ``openai`` SDK (both APIs), the OpenAI Agents SDK and
PydanticAI — with the research agent behind it on a scripted upstream model whose usage figures are known."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import openai
import pytest
from openai import AsyncOpenAI, OpenAI
from pydantic import BaseModel
from tests.apps.research.conftest import ServiceFactory, engine, kb_dir, make_service, settings  # noqa: F401

from agentcore.agents import AnswerShaper
from agentcore.apps.research.http import ResearchHTTP
from agentcore.config import Settings
from agentcore.llm import ScriptItem
from agentcore.llm.models import LLMRequest, LLMResponse, Usage
from agentcore.server import research_model
from agentcore.serving import BackgroundServer
from agentcore.web.app import create_base_app
from agentcore.web.v1.router import create_openai_router

pytestmark = pytest.mark.e2e

QUESTION = "Сколько дней длится ежегодный отпуск?"
ANSWER = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."


def reply(text: str, prompt: int = 100, completion: int = 10, reasoning: int = 0) -> LLMResponse:
    """A scripted upstream reply with its usage."""
    usage = Usage(
        prompt_tokens=prompt,
        completion_tokens=completion,
        total_tokens=prompt + completion,
        reasoning_tokens=reasoning,
    )
    return LLMResponse(content=text, finish_reason="stop", usage=usage)


def act(tool: str, arguments: dict[str, Any], thought: str = "думаю") -> LLMResponse:
    return reply(f"Thought: {thought}\nAction: {tool} {json.dumps(arguments, ensure_ascii=False)}")


def flow(question: str = QUESTION) -> list[ScriptItem]:
    """The research base flow and a cited answer: 5 upstream calls, 500 + 50 tokens."""
    return [
        act("router_select", {"query": question}),
        act("query_plan", {"query": question}),
        act("search", {"query": question, "mode": "hybrid", "top_k": 3}),
        act("compose_context", {}),
        reply(f"Thought: готово\nFinalAnswer: {ANSWER}", completion=10, reasoning=4),
    ]


class Served:
    """A running ``/v1`` over the research agent with a scripted upstream."""

    def __init__(self, url: str, gateway: Any) -> None:
        self.url = url
        self.gateway = gateway

    @property
    def requests(self) -> list[LLMRequest]:
        return list(self.gateway.provider.requests)

    def add(self, *items: ScriptItem) -> None:
        self.gateway.provider.add(*items)


@pytest.fixture
def serve(make_service: ServiceFactory, settings: Settings) -> Callable[..., Any]:  # noqa: F811
    @contextmanager
    def start(script: list[ScriptItem], *, shaper: bool = True) -> Iterator[Served]:
        service = make_service(script)
        research = ResearchHTTP(settings, service=service)
        shaping = AnswerShaper(lambda: service.gateway) if shaper else AnswerShaper(None)
        app = create_base_app(settings, title="v1-clients")
        app.include_router(create_openai_router({"research": research_model(research)}, shaper=shaping))
        with BackgroundServer(app) as server:
            yield Served(server.url + "/v1", service.gateway)

    return start


def sdk(served: Served) -> OpenAI:
    return OpenAI(base_url=served.url, api_key="unused", max_retries=0, timeout=30)


# ------------------------------------------------------------------------------------------ openai SDK, chat
def test_chat_usage_is_the_sum_of_the_upstream_calls_and_steps_are_not_tool_calls(serve: Any) -> None:
    with serve([*flow(), *flow()]) as served:
        completion = sdk(served).chat.completions.create(
            model="research", messages=[{"role": "user", "content": QUESTION}]
        )
        assert completion.choices[0].message.content.startswith(ANSWER)  # type: ignore[union-attr]
        assert completion.choices[0].message.tool_calls is None
        assert completion.usage is not None
        assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (500, 50)
        assert completion.usage.total_tokens == 550
        assert completion.usage.completion_tokens_details.reasoning_tokens == 4  # type: ignore[union-attr]

        chunks = list(
            sdk(served).chat.completions.create(
                model="research",
                messages=[{"role": "user", "content": QUESTION}],
                stream=True,
                stream_options={"include_usage": True},
            )
        )
        assert not any(c.choices and c.choices[0].delta.tool_calls for c in chunks)
        deltas = [c.choices[0].delta for c in chunks if c.choices]
        reasoning = "".join((d.model_extra or {}).get("reasoning_content", "") for d in deltas)
        assert "→ search" in reasoning and "→ compose_context" in reasoning
        assert chunks[-1].usage is not None and chunks[-1].usage.total_tokens == 550


def test_chat_earlier_turns_reach_the_agent_as_history(serve: Any) -> None:
    with serve(flow()) as served:
        sdk(served).chat.completions.create(
            model="research",
            messages=[
                {"role": "system", "content": "Отвечай кратко."},
                {"role": "user", "content": "Как оформить больничный?"},
                {"role": "assistant", "content": "Сообщите руководителю и оформите ЭЛН."},
                {"role": "user", "content": QUESTION},
            ],
        )
        first = [m.content for m in served.requests[0].messages]
        assert "Как оформить больничный?" in first and "Сообщите руководителю и оформите ЭЛН." in first
        assert first[-1] == QUESTION
        system = served.requests[0].messages[0]
        assert system.role == "system" and "Отвечай кратко." in (system.content or "")  # instructions, not a turn
        assert not any("Отвечай кратко." in (m.content or "") for m in served.requests[0].messages[1:])


def test_chat_extension_events_only_when_asked(serve: Any) -> None:
    with serve(flow()) as served:
        chunks = list(
            sdk(served).chat.completions.create(
                model="research",
                messages=[{"role": "user", "content": QUESTION}],
                stream=True,
                extra_body={"agent_events": True},
            )
        )
        events = [(c.model_extra or {}).get("agent_event") for c in chunks]
        types = [e["type"] for e in events if e]
        assert types[0] == "step_started" and "tool_invoked" in types and "observation" in types
        assert types[-1] == "final"


def test_chat_client_tool_is_called_and_the_run_resumes(serve: Any) -> None:
    weather = {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Погода в городе",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        },
    }
    with serve([act("get_weather", {"city": "Москва"})]) as served:
        messages: list[Any] = [{"role": "user", "content": QUESTION}]
        first = sdk(served).chat.completions.create(model="research", messages=messages, tools=[weather])
        choice = first.choices[0]
        assert choice.finish_reason == "tool_calls" and choice.message.tool_calls
        call = choice.message.tool_calls[0]
        assert (call.function.name, json.loads(call.function.arguments)) == ("get_weather", {"city": "Москва"})
        served.add(*flow())
        result = {"role": "tool", "tool_call_id": call.id, "content": "+5, ясно"}
        messages += [choice.message.model_dump(exclude_none=True), result]
        second = sdk(served).chat.completions.create(model="research", messages=messages, tools=[weather])
        assert second.choices[0].finish_reason == "stop"
        assert second.choices[0].message.content.startswith(ANSWER)  # type: ignore[union-attr]
        assert second.id == first.id  # the same run (a replay would be a new run with a new id)
        # The parked run went on: the model saw the client's result as the observation of its own action.
        assert any("Observation: +5, ясно" in (m.content or "") for m in served.requests[1].messages)
        assert second.usage is not None and second.usage.total_tokens == 550  # this request's calls only


@pytest.mark.parametrize("api", ["chat", "responses"])
def test_a_client_tool_named_like_an_agent_tool_is_refused_naming_both(serve: Any, api: str) -> None:
    """A client's own ``search`` (a web search, say) is named like the research agent's knowledge-base search.  The
    agent's tool wins in the loop, so the client's was silently never called (the answer came from the knowledge
    base, the client never knew); it is now a 400 naming the tool, its field and the model, before any model call.
    Tools the agent does not have still run, and with ``tool_choice: "none"`` (not offered) the name is no matter."""
    parameters = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
    weather = {"name": "get_weather", "parameters": {"type": "object", "properties": {}}}
    search = {"name": "search", "description": "Поиск в интернете", "parameters": parameters}
    question: Any = [{"role": "user", "content": QUESTION}]
    with serve(flow()) as served:
        client = sdk(served)
        with pytest.raises(openai.BadRequestError) as refused:
            if api == "chat":
                tools: Any = [{"type": "function", "function": f} for f in (weather, search)]
                client.chat.completions.create(model="research", messages=question, tools=tools)
            else:
                tools = [{"type": "function", **f} for f in (weather, search)]
                client.responses.create(model="research", input=QUESTION, tools=tools)
        assert served.requests == []  # refused before the agent ran
        error = refused.value.body
        assert isinstance(error, dict)
        assert error["param"] == ("tools[1].function.name" if api == "chat" else "tools[1].name")
        assert "'search'" in error["message"] and "'research'" in error["message"]
        if api == "chat":
            unused: Any = [{"type": "function", "function": search}]
            answer = client.chat.completions.create(
                model="research", messages=question, tools=unused, tool_choice="none"
            )
            assert (answer.choices[0].message.content or "").startswith(ANSWER)


def test_chat_tool_result_for_an_unknown_call_replays_the_conversation(serve: Any) -> None:
    weather = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
    with serve(flow()) as served:
        messages = [
            {"role": "user", "content": QUESTION},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "call_gone", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
                ],
            },
            {"role": "tool", "tool_call_id": "call_gone", "content": "+5"},
        ]
        answer = sdk(served).chat.completions.create(model="research", messages=messages, tools=[weather])  # type: ignore[arg-type]
        assert answer.choices[0].finish_reason == "stop"
        texts = [m.content or "" for m in served.requests[0].messages]
        assert any("Action: get_weather {}" in t for t in texts) and "Observation: +5" in texts


class Vacation(BaseModel):
    days: int
    summary: str


def test_chat_structured_output_json_schema_and_offline_refusal(serve: Any) -> None:
    with serve([*flow(), reply('{"days": 28, "summary": "28 календарных дней"}', prompt=50, completion=8)]) as served:
        parsed = sdk(served).chat.completions.parse(
            model="research", messages=[{"role": "user", "content": QUESTION}], response_format=Vacation
        )
        assert parsed.choices[0].message.parsed == Vacation(days=28, summary="28 календарных дней")
        assert parsed.usage is not None and parsed.usage.total_tokens == 550 + 58
        shaping = served.requests[-1]
        assert shaping.response_format is not None
        assert shaping.response_format.schema_["required"] == ["days", "summary"]
    with serve([], shaper=False) as served:
        import openai

        with pytest.raises(openai.UnprocessableEntityError, match="структурированный ответ требует модели"):
            sdk(served).chat.completions.create(
                model="research",
                messages=[{"role": "user", "content": QUESTION}],
                response_format={"type": "json_object"},
            )


ANSWER_SCHEMA = {
    "type": "json_schema",
    "json_schema": {
        "name": "a",
        "schema": {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]},
    },
}
FALSE_CLAIM = "Неиспользованный отпуск сгорает через 3 месяца"


def test_a_shaped_answer_shows_only_what_the_claim_check_passed(serve: Any) -> None:
    """The shaping call (one more model call after the claim check) restates the true claim and adds a false one:
    only the true one reaches the client, streamed or not; the false one goes to ``removed_claims`` only."""
    shaped = json.dumps({"answer": f"{ANSWER} {FALSE_CLAIM} [1]."}, ensure_ascii=False)
    with serve([*flow(), reply(shaped), *flow(), reply(shaped)]) as served:
        question: Any = [{"role": "user", "content": QUESTION}]
        answer = sdk(served).chat.completions.create(
            model="research",
            messages=question,
            response_format=ANSWER_SCHEMA,  # type: ignore[arg-type]
        )
        assert json.loads(answer.choices[0].message.content or "") == {"answer": ANSWER}
        metadata = (answer.model_extra or {})["agent"]["metadata"]
        assert metadata["grounded"] is True and metadata["structured"] == {"removed": 1, "unchecked": []}
        assert [entry["claim"] for entry in metadata["removed_claims"]] == [f"{FALSE_CLAIM}."]
        chunks = list(
            sdk(served).chat.completions.create(
                model="research",
                messages=question,
                response_format=ANSWER_SCHEMA,  # type: ignore[arg-type]
                stream=True,
                extra_body={"agent_events": True},
            )
        )
        content = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        assert json.loads(content) == {"answer": ANSWER}
        final = next(e for c in chunks if (e := (c.model_extra or {}).get("agent_event")) and e["type"] == "final")
        assert final["metadata"]["structured"]["removed"] == 1


def test_a_shaped_number_the_answer_does_not_hold_is_refused_not_sent(serve: Any) -> None:
    """A forced tool whose required integer the shaping model made up (30, the answer says 28): without it the
    arguments fit no schema, so the request fails (502) instead of sending the number."""
    submit = {"type": "function", "function": {"name": "submit", "parameters": Vacation.model_json_schema()}}
    with serve([*flow(), reply('{"days": 30, "summary": "Отпуск — 30 календарных дней"}')]) as served:
        with pytest.raises(openai.InternalServerError) as caught:
            sdk(served).chat.completions.create(
                model="research",
                messages=[{"role": "user", "content": QUESTION}],
                tools=[submit],  # type: ignore[list-item]
                tool_choice={"type": "function", "function": {"name": "submit"}},
            )
        assert caught.value.response.status_code == 502
        assert "30" not in caught.value.response.text


def test_a_shaped_choice_no_passage_can_hold_makes_the_answer_not_grounded(serve: Any) -> None:
    """``/v1/responses`` with ``text.format``: a boolean is kept but unchecked, so ``grounded`` is false."""
    schema = {
        "type": "object",
        "properties": {"answer": {"type": "string"}, "paid": {"type": "boolean"}},
        "required": ["answer", "paid"],
    }
    shaped = json.dumps({"answer": ANSWER, "paid": True}, ensure_ascii=False)
    with serve([*flow(), reply(shaped)]) as served:
        response = sdk(served).responses.create(
            model="research",
            input=QUESTION,
            text={"format": {"type": "json_schema", "name": "a", "schema": schema}},  # type: ignore[typeddict-item]
        )
        assert json.loads(response.output_text) == {"answer": ANSWER, "paid": True}
        metadata = (response.model_extra or {})["agent"]["metadata"]
        assert metadata["grounded"] is False and metadata["structured"] == {"removed": 0, "unchecked": ["$.paid"]}


def test_models_and_unknown_model_in_openai_error_shape(serve: Any) -> None:
    import openai

    with serve([]) as served:
        models = sdk(served).models.list()
        assert [m.id for m in models] == ["research"] and "ReAct" in (models.data[0].model_extra or {})["description"]
        with pytest.raises(openai.NotFoundError) as caught:
            sdk(served).chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "x"}])
        error = caught.value.response.json()["error"]
        assert (error["code"], error["param"], error["type"]) == ("model_not_found", "model", "invalid_request_error")


# ------------------------------------------------------------------------------------- openai SDK, Responses
def test_responses_whole_and_streamed_with_usage(serve: Any) -> None:
    with serve([*flow(), *flow()]) as served:
        response = sdk(served).responses.create(model="research", input=QUESTION, instructions="Кратко.")
        assert response.output_text.startswith(ANSWER)
        assert [item.type for item in response.output] == ["reasoning", "message"]
        assert response.usage is not None and (response.usage.input_tokens, response.usage.output_tokens) == (500, 50)
        types = []
        with sdk(served).responses.stream(model="research", input=[{"role": "user", "content": QUESTION}]) as stream:
            for event in stream:
                types.append(event.type)
            final = stream.get_final_response()
        assert types[:3] == ["response.created", "response.in_progress", "response.output_item.added"]
        assert "response.reasoning_summary_text.delta" in types and "response.output_text.delta" in types
        assert types[-1] == "response.completed" and final.usage is not None and final.usage.total_tokens == 550
        assert types.index("response.reasoning_summary_text.delta") < types.index("response.output_text.delta")


def test_responses_previous_response_id_and_unsupported_fields(serve: Any) -> None:
    import openai

    with serve([*flow(), *flow()]) as served:
        first = sdk(served).responses.create(model="research", input=QUESTION)
        sdk(served).responses.create(model="research", input=QUESTION, previous_response_id=first.id)
        texts = [m.content or "" for m in served.requests[5].messages]
        assert texts[1] == QUESTION and texts[2].startswith(ANSWER) and texts[-1] == QUESTION
        with pytest.raises(openai.BadRequestError) as caught:
            sdk(served).responses.create(model="research", input="x", background=True)
        assert caught.value.response.json()["error"]["param"] == "background"
        with pytest.raises(openai.BadRequestError) as caught:
            sdk(served).responses.create(model="research", input="x", tools=[{"type": "web_search"}])
        assert caught.value.response.json()["error"]["param"] == "tools[0]"


# ------------------------------------------------------------------------------------------ OpenAI Agents SDK
@pytest.fixture
def no_tracing() -> Iterator[None]:
    from agents import set_tracing_disabled

    set_tracing_disabled(True)
    yield


@pytest.mark.usefixtures("no_tracing")
@pytest.mark.parametrize("api", ["chat_completions", "responses"])
def test_openai_agents_runner_run_and_streamed(serve: Any, api: str) -> None:
    import asyncio

    from agents import Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner

    async def scenario(url: str) -> tuple[Any, Any, list[str]]:
        client = AsyncOpenAI(base_url=url, api_key="unused", max_retries=0)
        model: Any = (
            OpenAIChatCompletionsModel(model="research", openai_client=client)
            if api == "chat_completions"
            else OpenAIResponsesModel(model="research", openai_client=client)
        )
        agent = Agent(name="kb", instructions="Отвечай по базе знаний.", model=model)
        result = await Runner.run(agent, QUESTION)
        streamed = Runner.run_streamed(agent, QUESTION)
        kinds = [event.type async for event in streamed.stream_events()]
        return result, streamed, kinds

    with serve([*flow(), *flow()]) as served:
        result, streamed, kinds = asyncio.run(scenario(served.url))
        assert str(result.final_output).startswith(ANSWER)
        assert str(streamed.final_output).startswith(ANSWER) and "raw_response_event" in kinds
        usage = result.context_wrapper.usage
        assert (usage.input_tokens, usage.output_tokens, usage.total_tokens) == (500, 50, 550)


@pytest.mark.usefixtures("no_tracing")
@pytest.mark.parametrize("api", ["chat_completions", "responses"])
def test_openai_agents_local_function_tool_is_called_by_our_agent(serve: Any, api: str) -> None:
    import asyncio

    from agents import Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner, function_tool

    seen: list[str] = []

    @function_tool
    def employee_city(name: str) -> str:
        """Город, в котором работает сотрудник."""
        seen.append(name)
        return "Казань"

    async def scenario(url: str) -> Any:
        client = AsyncOpenAI(base_url=url, api_key="unused", max_retries=0)
        model: Any = (
            OpenAIChatCompletionsModel(model="research", openai_client=client)
            if api == "chat_completions"
            else OpenAIResponsesModel(model="research", openai_client=client)
        )
        agent = Agent(name="kb", model=model, tools=[employee_city])
        return await Runner.run(agent, QUESTION)

    with serve([act("employee_city", {"name": "Иванов"}), *flow()]) as served:
        result = asyncio.run(scenario(served.url))
        assert seen == ["Иванов"] and str(result.final_output).startswith(ANSWER)
        assert any("Observation: Казань" in (m.content or "") for m in served.requests[1].messages)


@pytest.mark.usefixtures("no_tracing")
def test_openai_agents_output_type_pydantic(serve: Any) -> None:
    import asyncio

    from agents import Agent, OpenAIChatCompletionsModel, Runner

    async def scenario(url: str) -> Any:
        client = AsyncOpenAI(base_url=url, api_key="unused", max_retries=0)
        agent = Agent(
            name="kb", model=OpenAIChatCompletionsModel(model="research", openai_client=client), output_type=Vacation
        )
        return await Runner.run(agent, QUESTION)

    with serve([*flow(), reply('{"days": 28, "summary": "28 дней"}')]) as served:
        result = asyncio.run(scenario(served.url))
        assert result.final_output == Vacation(days=28, summary="28 дней")


# ----------------------------------------------------------------------------------------------- PydanticAI
def _pydantic_model(url: str) -> Any:
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    return OpenAIChatModel("research", provider=OpenAIProvider(base_url=url, api_key="unused"))


def test_pydantic_ai_run_run_stream_and_event_stream_handler(serve: Any) -> None:
    import asyncio

    from pydantic_ai import Agent

    async def scenario(url: str) -> tuple[str, str, list[str]]:
        agent = Agent(_pydantic_model(url))
        first = await agent.run(QUESTION)
        async with agent.run_stream(QUESTION) as stream:
            streamed = await stream.get_output()
        kinds: list[str] = []

        async def handler(ctx: Any, events: Any) -> None:
            async for event in events:
                kinds.append(event.event_kind)

        third = await agent.run(QUESTION, event_stream_handler=handler)
        assert third.output.startswith(ANSWER)
        return first.output, streamed, kinds

    with serve([*flow(), *flow(), *flow()]) as served:
        first, streamed, kinds = asyncio.run(scenario(served.url))
        assert first.startswith(ANSWER) and streamed.startswith(ANSWER)
        assert "part_start" in kinds


@pytest.mark.parametrize("native", [False, True])
def test_pydantic_ai_output_type_tool_and_native(serve: Any, native: bool) -> None:
    import asyncio

    from pydantic_ai import Agent, NativeOutput

    async def scenario(url: str) -> Any:
        agent = Agent(_pydantic_model(url), output_type=NativeOutput(Vacation) if native else Vacation)
        return (await agent.run(QUESTION)).output

    with serve([*flow(), reply('{"days": 28, "summary": "28 дней"}')]) as served:
        assert asyncio.run(scenario(served.url)) == Vacation(days=28, summary="28 дней")


# ------------------------------------------------------------------------------------------ tool_choice and limits
WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Погода в городе",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}


def test_tool_choice_none_does_not_offer_the_tools(serve: Any) -> None:
    with serve(flow()) as served:
        answer = sdk(served).chat.completions.create(
            model="research", messages=[{"role": "user", "content": QUESTION}], tools=[WEATHER], tool_choice="none"
        )
        assert answer.choices[0].finish_reason == "stop"
        assert "get_weather" not in (served.requests[0].messages[0].content or "")


def test_named_tool_choice_turns_the_answer_into_that_call(serve: Any) -> None:
    with serve([*flow(), reply('{"city": "Москва"}', prompt=30, completion=5)]) as served:
        answer = sdk(served).chat.completions.create(
            model="research",
            messages=[{"role": "user", "content": QUESTION}],
            tools=[WEATHER],
            tool_choice={"type": "function", "function": {"name": "get_weather"}},
        )
        choice = answer.choices[0]
        assert choice.finish_reason == "tool_calls" and choice.message.tool_calls
        assert choice.message.tool_calls[0].function.name == "get_weather"
        # «Москва» is in no claim of the checked answer: the shaping model's value is dropped, not sent (gap 1)
        assert json.loads(choice.message.tool_calls[0].function.arguments) == {"city": ""}
        removed = (answer.model_extra or {})["agent"]["metadata"]["removed_claims"]
        assert [entry["claim"] for entry in removed] == ["Москва"]
        assert answer.usage is not None and answer.usage.total_tokens == 550 + 35


def test_requests_the_service_cannot_serve_are_refused_up_front(serve: Any) -> None:
    import openai

    with serve([], shaper=False) as served:
        client = sdk(served)
        question: Any = [{"role": "user", "content": QUESTION}]
        with pytest.raises(openai.UnprocessableEntityError, match="структурированный ответ требует модели"):
            client.chat.completions.create(model="research", messages=question, tools=[WEATHER], tool_choice="required")
        with pytest.raises(openai.BadRequestError) as caught:
            client.chat.completions.create(model="research", messages=question, n=2)
        assert caught.value.response.json()["error"]["param"] == "n"
        with pytest.raises(openai.BadRequestError) as caught:
            client.chat.completions.create(
                model="research",
                messages=question,
                tools=[WEATHER],
                tool_choice={"type": "function", "function": {"name": "nope"}},
            )
        assert caught.value.response.json()["error"]["param"] == "tool_choice"
        with pytest.raises(openai.BadRequestError) as caught:
            client.responses.create(model="research", input=[{"type": "input_image", "image_url": "http://x"}])
        assert caught.value.response.json()["error"]["param"] == "input[0].type"
        with pytest.raises(openai.NotFoundError) as caught:
            client.responses.create(model="research", input="x", previous_response_id="resp_unknown")
        assert caught.value.response.json()["error"]["param"] == "previous_response_id"
        assert served.requests == []  # nothing reached the model


def test_responses_client_tool_and_structured_text_format(serve: Any) -> None:
    tool = {"type": "function", "name": "get_weather", "parameters": WEATHER["function"]["parameters"]}  # type: ignore[index]
    with serve([act("get_weather", {"city": "Казань"})]) as served:
        client = sdk(served)
        first = client.responses.create(model="research", input=QUESTION, tools=[tool])  # type: ignore[list-item]
        call = next(item for item in first.output if item.type == "function_call")
        assert (call.name, json.loads(call.arguments)) == ("get_weather", {"city": "Казань"})
        served.add(*flow(), reply('{"days": 28, "summary": "28 дней"}'))
        second = client.responses.parse(
            model="research",
            input=[{"type": "function_call_output", "call_id": call.call_id, "output": "+3"}],
            previous_response_id=first.id,
            tools=[tool],  # type: ignore[list-item]
            text_format=Vacation,
        )
        assert second.output_parsed == Vacation(days=28, summary="28 дней")
        assert any("Observation: +3" in (m.content or "") for m in served.requests[1].messages)


def test_pydantic_ai_usage_equals_the_upstream(serve: Any) -> None:
    import asyncio

    from pydantic_ai import Agent

    async def scenario(url: str) -> Any:
        return (await Agent(_pydantic_model(url)).run(QUESTION)).usage

    with serve(flow()) as served:
        usage = asyncio.run(scenario(served.url))
        assert (usage.input_tokens, usage.output_tokens) == (500, 50)


@pytest.mark.usefixtures("no_tracing")
def test_openai_agents_streamed_run_with_a_local_tool_over_chat_completions(serve: Any) -> None:
    import asyncio

    from agents import Agent, OpenAIChatCompletionsModel, Runner, function_tool

    @function_tool
    def employee_city(name: str) -> str:
        """Город, в котором работает сотрудник."""
        return "Казань"

    async def scenario(url: str) -> Any:
        client = AsyncOpenAI(base_url=url, api_key="unused", max_retries=0)
        model = OpenAIChatCompletionsModel(model="research", openai_client=client)
        streamed = Runner.run_streamed(Agent(name="kb", model=model, tools=[employee_city]), QUESTION)
        names = [event.item.type async for event in streamed.stream_events() if event.type == "run_item_stream_event"]
        return streamed, names

    with serve([act("employee_city", {"name": "Иванов"}), *flow()]) as served:
        streamed, names = asyncio.run(scenario(served.url))
        assert "tool_call_item" in names and "tool_call_output_item" in names
        assert str(streamed.final_output).startswith(ANSWER)


# ------------------------------------------------------------------ which message is the question (offline policy)
SICK = "Как оформить больничный?"
DAYS = "28 календарных дней"


@pytest.mark.usefixtures("no_tracing")
@pytest.mark.parametrize("api", ["chat_completions", "responses"])
def test_openai_agents_instructions_are_not_the_question(serve: Any, api: str) -> None:
    """The Agents SDK sends ``instructions`` as a system message (Responses: ``instructions``): they reach the agent
    as the client's instructions, and the user's question is what is searched and answered."""
    import asyncio

    from agents import Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner

    async def scenario(url: str) -> str:
        client = AsyncOpenAI(base_url=url, api_key="unused", max_retries=0)
        model: Any = (
            OpenAIChatCompletionsModel(model="research", openai_client=client)
            if api == "chat_completions"
            else OpenAIResponsesModel(model="research", openai_client=client)
        )
        result = await Runner.run(Agent(name="kb", instructions="Отвечай кратко.", model=model), QUESTION)
        return str(result.final_output)

    with serve(None) as served:
        assert DAYS in asyncio.run(scenario(served.url))


def test_pydantic_ai_instructions_are_not_the_question(serve: Any) -> None:
    import asyncio

    from pydantic_ai import Agent

    async def scenario(url: str) -> str:
        result = await Agent(_pydantic_model(url), instructions="You are a helpful assistant.").run(QUESTION)
        return result.output

    with serve(None) as served:
        assert DAYS in asyncio.run(scenario(served.url))


def test_chat_the_last_user_message_is_the_question_and_system_text_is_not(serve: Any) -> None:
    with serve(None) as served:
        completion = sdk(served).chat.completions.create(
            model="research",
            messages=[
                {"role": "system", "content": "Отвечай кратко."},
                {"role": "user", "content": SICK},
                {"role": "assistant", "content": "Сообщите руководителю и оформите листок нетрудоспособности."},
                {"role": "developer", "content": "Без вступлений."},
                {"role": "user", "content": QUESTION},
            ],
            extra_body={"agent_events": True},
            stream=True,
        )
        events = [(c.model_extra or {}).get("agent_event") for c in completion]
        invoked = [e["arguments"] for e in events if e and e["type"] == "tool_invoked"]
        queries = [arguments["query"] for arguments in invoked if "query" in arguments]
        finals = [e for e in events if e and e["type"] == "final"]
        assert queries[0] == QUESTION and not any(SICK in q or "кратко" in q for q in queries)
        assert DAYS in finals[-1]["answer"]


def test_responses_previous_response_id_searches_the_new_question(serve: Any) -> None:
    with serve(None) as served:
        client = sdk(served)
        first = client.responses.create(model="research", input=SICK, instructions="Отвечай кратко.")
        assert "листок нетрудоспособности" in first.output_text
        second = client.responses.create(model="research", input=QUESTION, previous_response_id=first.id)
        assert DAYS in second.output_text and "нетрудоспособности" not in second.output_text


@pytest.mark.parametrize("question", ["Сколько длится больничный?", "Когда выплачивают премию?"])
def test_a_decline_carries_no_coverage_or_confidence_of_the_draft_it_replaced(serve: Any, question: str) -> None:
    """«В базе знаний нет ответа…» cites nothing and nothing of it was verified: ``agent.metadata`` says so (coverage
    0, confidence null), not the figures of the draft the decline replaced."""
    with serve(None) as served:
        completion = sdk(served).chat.completions.create(
            model="research", messages=[{"role": "user", "content": question}]
        )
        assert (completion.choices[0].message.content or "").startswith("В базе знаний нет ответа")
        metadata = (completion.model_extra or {})["agent"]["metadata"]
        assert metadata["answered"] is False
        assert metadata["coverage"] == 0.0 and metadata["confidence"] is None and metadata["verified"] is False


def test_a_bare_follow_up_is_searched_with_the_previous_questions_topic(serve: Any) -> None:
    """«А сколько дней?» after «Как оформить отпуск?» is a question about the vacation's length — searched as
    «Сколько дней отпуска?», not as the previous question nor as the bare follow-up."""
    with serve(None) as served:
        client = sdk(served)
        chunks = client.chat.completions.create(
            model="research",
            messages=[
                {"role": "user", "content": "Как оформить отпуск?"},
                {"role": "assistant", "content": "Заявление подаётся через портал [1]."},
                {"role": "user", "content": "А сколько дней?"},
            ],
            extra_body={"agent_events": True},
            stream=True,
        )
        events = [(c.model_extra or {}).get("agent_event") for c in chunks]
        queries = [
            e["arguments"]["query"] for e in events if e and e["type"] == "tool_invoked" and "query" in e["arguments"]
        ]
        assert queries[0] == "Сколько дней отпуска?", queries
        assert DAYS in next(e for e in events if e and e["type"] == "final")["answer"]

        first = client.responses.create(model="research", input="Как оформить отпуск?")
        second = client.responses.create(model="research", input="А сколько дней?", previous_response_id=first.id)
        assert DAYS in second.output_text
