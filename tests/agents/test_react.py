"""The ReAct machinery: the text protocol parsers, prompt, observation formatting, and the generic loop."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from agentcore.agents.react import (
    ReActAgent,
    build_system_prompt,
    format_observation,
    parse_action,
    parse_react,
    render_tools,
)
from agentcore.llm import MockLLMGateway
from agentcore.llm.errors import LLMTimeoutError
from agentcore.tools import ToolResult
from agentcore.tools.base import ModelTool

# --- parse_react ------------------------------------------------------------------------------------------


def test_thought_and_action() -> None:
    parsed = parse_react('Thought: ищу\nAction: search {"query": "отпуск"}')
    assert (parsed.thought, parsed.action, parsed.final_answer) == ("ищу", 'search {"query": "отпуск"}', None)


def test_final_answer_labels_in_english_and_russian() -> None:
    for label in ("FinalAnswer", "Final Answer", "final_answer", "Итоговый ответ", "Окончательный ответ", "Ответ"):
        assert parse_react(f"Thought: ok\n{label}: 28 дней [1].").final_answer == "28 дней [1]."


def test_russian_labels_markdown_emphasis_and_extra_whitespace() -> None:
    parsed = parse_react('\n\n  **Мысль:**   нужно искать  \n\n - **Действие**: search {"query": "x"}\n')
    assert parsed.thought == "нужно искать" and parsed.action == 'search {"query": "x"}'


def test_code_fences_are_ignored() -> None:
    parsed = parse_react('Thought: ищу\nAction:\n```json\nsearch {"query": "x"}\n```')
    assert parsed.action == 'search {"query": "x"}'
    assert parse_react("```\nFinalAnswer: да\n```").final_answer == "да"


def test_hallucinated_observation_and_everything_after_it_is_cut() -> None:
    parsed = parse_react("Thought: a\nAction: search {}\nObservation: выдумка\nThought: b\nFinalAnswer: выдумка")
    assert parsed.action == "search {}" and parsed.final_answer is None


def test_several_actions_keep_the_first_and_count_the_rest() -> None:
    parsed = parse_react("Action: a {}\nAction: b {}\nДействие: c {}")
    assert parsed.action == "a {}" and parsed.extra_actions == 2


def test_first_of_action_and_final_wins() -> None:
    assert parse_react("FinalAnswer: x\nAction: search {}").final_answer == "x"
    assert parse_react("Action: search {}\nFinalAnswer: x").action == "search {}"


def test_action_input_is_joined_to_its_action() -> None:
    assert parse_react('Action: search\nAction Input: {"query": "x"}').action == 'search {"query": "x"}'


def test_missing_sections() -> None:
    assert parse_react("Thought: только мысль") == parse_react("Thought: только мысль")
    only_thought = parse_react("Thought: только мысль")
    assert only_thought.thought == "только мысль" and only_thought.action is None and only_thought.final_answer is None
    plain = parse_react("  Просто ответ без меток.  ")
    assert plain.final_answer == "Просто ответ без меток." and plain.labelled is False
    assert parse_react("").final_answer is None


def test_labels_after_a_sentence_on_the_same_line() -> None:
    parsed = parse_react('Thought: Нужно искать. Action: search {"query": "отпуск"}')
    assert parsed.thought == "Нужно искать." and parsed.action == 'search {"query": "отпуск"}'
    parsed = parse_react("Thought: Контекст есть. FinalAnswer: Отпуск — 28 дней [1].")
    assert parsed.thought == "Контекст есть." and parsed.final_answer == "Отпуск — 28 дней [1]."
    # words like «ответ:» inside a sentence are text, not labels
    parsed = parse_react("FinalAnswer: Бот пишет в ответ: «Готово». Итоговый ответ: да")
    assert parsed.final_answer == "Бот пишет в ответ: «Готово». Итоговый ответ: да"


# --- parse_action -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ('search {"query": "a"}', "search", {"query": "a"}),
        ('search({"query": "a"})', "search", {"query": "a"}),
        ('search: {"query": "a"}', "search", {"query": "a"}),
        ('search\n{"query": "a"}', "search", {"query": "a"}),
        ('`search` {"query": "a"}', "search", {"query": "a"}),
        ("compose_context", "compose_context", {}),
        ('search "отпуск"', "search", {"raw_input": "отпуск"}),
        ("search отпуск летом", "search", {"raw_input": "отпуск летом"}),
        ('search {"query": ', "search", {"raw_input": '{"query":'}),
        ('search {"query": "a"} — ищу отпуск', "search", {"query": "a"}),
        # models trained on other agent formats
        ("search {'query': 'отпуск', 'top_k': 3}", "search", {"query": "отпуск", "top_k": 3}),
        ("search[отпуск летом]", "search", {"raw_input": "отпуск летом"}),
        ('{"tool": "search", "arguments": {"query": "a"}}', "search", {"query": "a"}),
        ('{"name": "search", "parameters": {"query": "a"}}', "search", {"query": "a"}),
        ('{"action": "search", "action_input": "отпуск"}', "search", {"raw_input": "отпуск"}),
        ('```json\n{"action": "search", "action_input": {"query": "a"}}\n```', "search", {"query": "a"}),
    ],
)
def test_parse_action(text: str, tool: str, arguments: dict[str, Any]) -> None:
    parsed = parse_action(text)
    assert parsed is not None and parsed.tool == tool and parsed.arguments == arguments
    assert parsed.raw == ("raw_input" in arguments)


def test_no_tool_name() -> None:
    assert parse_action("{}") is None and parse_action("") is None


# --- prompt and observations ---------------------------------------------------------------------------


class EchoArgs(BaseModel):
    text: str
    times: int = 1


class Echo(ModelTool):
    name = "echo"
    description = "Повторяет текст"
    args_model = EchoArgs

    async def execute(self, **kwargs: Any) -> str:
        return kwargs["text"] * kwargs["times"]


class Report(BaseModel):
    value: int

    def observation(self) -> str:
        return f"значение {self.value}"


def test_tools_are_rendered_with_purpose_and_parameters() -> None:
    text = render_tools([Echo()])
    assert text == "- echo: Повторяет текст\n  Параметры: text (string, обязательный); times (integer, необязательный)"
    prompt = build_system_prompt("Роль.", [Echo()], ["правило"], ["пример"])
    assert prompt.startswith("Роль.") and "1. правило" in prompt and "Примеры:\n\nпример" in prompt


def test_format_observation() -> None:
    assert format_observation(ToolResult.success("x", Report(value=3))) == "значение 3"
    assert format_observation(ToolResult.success("x", {"a": 1})) == '{"a": 1}'
    assert format_observation(ToolResult.failure("x", "сломалось")) == "Ошибка: сломалось"
    assert format_observation(ToolResult.success("x", "я" * 100), limit=10) == "я" * 9 + "…"


# --- the generic loop ---------------------------------------------------------------------------------------


async def _events(agent: ReActAgent, question: str = "вопрос", **kwargs: Any) -> list[Any]:
    return [e async for e in agent.stream(question, **kwargs)]


async def test_loop_acts_observes_and_answers() -> None:
    gateway = MockLLMGateway(['Thought: повторю\nAction: echo {"text": "ку", "times": 2}', "FinalAnswer: кУку"])
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert [e.type for e in events] == [
        "step_started",
        "thought",
        "tool_invoked",
        "observation",
        "step_started",
        "final",
    ]
    invoked, observed = events[2], events[3]
    assert invoked.arguments == {"text": "ку", "times": 2} and invoked.call_id == observed.call_id
    assert observed.ok and observed.preview == "куку"
    second = gateway.requests[1].messages
    assert second[-2].role == "assistant" and second[-2].content.endswith('Action: echo {"text": "ку", "times": 2}')
    assert second[-1].role == "user" and second[-1].content == "Observation: куку"


async def test_validated_arguments_carry_defaults() -> None:
    gateway = MockLLMGateway(['Action: echo {"text": "a"}', "FinalAnswer: a"])
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert next(e for e in events if e.type == "tool_invoked").arguments == {"text": "a", "times": 1}


async def test_final_answer_as_an_action() -> None:
    gateway = MockLLMGateway(['Action: final_answer {"answer": "готово"}'])
    assert (await _events(ReActAgent(gateway, [Echo()])))[-1].answer == "готово"


async def test_step_limit_ends_with_an_error_by_default() -> None:
    gateway = MockLLMGateway(['Action: echo {"text": "a"}'] * 3)
    events = await _events(ReActAgent(gateway, [Echo()], max_steps=3))
    assert events[-1].type == "error" and events[-1].code == "max_steps" and gateway.call_count == 3


async def test_llm_failure_is_an_error_event() -> None:
    gateway = MockLLMGateway([LLMTimeoutError("slow")])
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert [e.type for e in events] == ["step_started", "error"]
    # The event reaches HTTP clients (SSE, /v1): the public face of the error, never its upstream text.
    assert events[-1].message == "Ошибка при запросе LLM: языковая модель не ответила вовремя"


async def test_concurrent_runs_do_not_mix() -> None:
    import asyncio

    def answer(request: Any) -> str:
        question = request.messages[1].content
        if len(request.messages) == 2:
            return f'Action: echo {{"text": "{question}"}}'
        return f"FinalAnswer: {request.messages[-1].content}"

    agent = ReActAgent(MockLLMGateway([answer] * 4), [Echo()])
    first, second = await asyncio.gather(_events(agent, "один"), _events(agent, "два"))
    assert first[-1].answer == "Observation: один" and second[-1].answer == "Observation: два"
    assert len({e.request_id for e in first} | {e.request_id for e in second}) == 2
