from __future__ import annotations

import pytest
from pydantic import BaseModel

from agentcore.llm.errors import NoOfflineHandlerError
from agentcore.llm.models import LLMMessage, LLMRequest, LLMToolCall
from agentcore.llm.offline import OfflineProvider, offline_handler, registered_steps


class Verdict(BaseModel):
    relevant: bool


def _req(step: str | None, text: str = "привет") -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content=text)], step=step)


async def test_registered_handler_answers_its_step() -> None:
    @offline_handler("test.echo")
    def echo(request: LLMRequest) -> str:
        return "эхо: " + (request.messages[-1].content or "")

    provider = OfflineProvider()
    response = await provider.complete(_req("test.echo", "раз"))
    assert response.content == "эхо: раз"
    assert response.model == "offline"
    assert "test.echo" in registered_steps()


async def test_handler_results_are_normalised() -> None:
    provider = OfflineProvider(
        {
            "model": lambda r: Verdict(relevant=True),
            "dict": lambda r: {"a": "б"},
            "call": lambda r: LLMToolCall(name="get_time", arguments="{}"),
        }
    )
    assert (await provider.complete(_req("model"))).content == '{"relevant":true}'
    assert (await provider.complete(_req("dict"))).content == '{"a": "б"}'
    call = await provider.complete(_req("call"))
    assert call.tool_calls[0].name == "get_time" and call.finish_reason == "tool_calls"


async def test_async_handler() -> None:
    async def handler(request: LLMRequest) -> str:
        return "async"

    assert (await OfflineProvider({"a": handler}).complete(_req("a"))).content == "async"


async def test_unknown_step_is_a_clear_error() -> None:
    provider = OfflineProvider({"known.step": lambda r: "x"})
    with pytest.raises(NoOfflineHandlerError, match=r"no handler for step 'missing'.*known\.step"):
        await provider.complete(_req("missing"))
    with pytest.raises(NoOfflineHandlerError):
        await provider.complete(_req(None))


async def test_says_it_is_not_an_llm() -> None:
    assert "не LLM" in OfflineProvider().display_name


async def test_raw_chat_completion_shape() -> None:
    provider = OfflineProvider({"s": lambda r: "ok"})
    body = await provider.chat_completions_raw({"messages": [{"role": "user", "content": "x"}], "step": "s"})
    assert body["choices"][0]["message"] == {"role": "assistant", "content": "ok"}
    assert body["object"] == "chat.completion"
