"""Limits every ReAct run keeps (issue 18): one token budget for all its model calls, malformed replies sent back as
format errors (never executed, never the answer), the same call three times stops the loop."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from pydantic import BaseModel

from agentcore.agents.react import ReActAgent
from agentcore.llm import MockLLMGateway
from agentcore.llm._usage import prompt_chars
from agentcore.llm.models import LLMResponse, Usage
from agentcore.tools.base import ModelTool


class EchoArgs(BaseModel):
    text: str
    loud: bool = False


class Echo(ModelTool):
    name = "echo"
    description = "Повторяет текст"
    args_model = EchoArgs
    calls: ClassVar[list[str]] = []

    async def execute(self, **kwargs: Any) -> str:
        Echo.calls.append(kwargs["text"])
        return kwargs["text"]


def spent(text: str, tokens: int) -> LLMResponse:
    return LLMResponse(content=text, usage=Usage(prompt_tokens=tokens - 10, completion_tokens=10, total_tokens=tokens))


async def _events(agent: ReActAgent, question: str = "вопрос") -> list[Any]:
    return [e async for e in agent.stream(question)]


async def test_one_budget_caps_each_call_and_stops_the_loop_when_spent() -> None:
    gateway = MockLLMGateway(
        [spent('Action: echo {"text": "a"}', 300), spent('Action: echo {"text": "b"}', 800), "FinalAnswer: never"]
    )
    agent = ReActAgent(gateway, [Echo()], token_budget=500, run_token_budget=1000)
    events = await _events(agent)
    first, second = gateway.requests
    assert first.max_tokens == 500  # min(per call, what is left)
    # the second prompt is counted before it is sent, as the model counted the first (290 prompt tokens)
    estimate = math.ceil(prompt_chars(second) / (prompt_chars(first) / 290))
    assert second.max_tokens == 700 - estimate < 500
    assert gateway.call_count == 2  # nothing is sent once the budget is spent
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert control and "AGENT_MAX_TOKENS = 1000" in control[-1] and "израсходовано 1100" in control[-1]
    assert events[-1].type == "final" and events[-1].metadata["budget_exhausted"] is True


async def test_a_prompt_that_does_not_fit_in_what_is_left_is_not_sent() -> None:
    """600 of 1000 tokens spent, 590 of them by the first prompt: the second prompt (longer — it holds the first
    and its observation) alone exceeds the 400 left, so it is not sent (it used to go out with max_tokens 400 and
    overspend the budget); the run answers from what it has, the control thought saying why."""
    gateway = MockLLMGateway([spent('Action: echo {"text": "a"}', 600), "FinalAnswer: never"])
    events = await _events(ReActAgent(gateway, [Echo()], run_token_budget=1000))
    assert gateway.call_count == 1
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert control and "израсходовано 600" in control[-1] and "не помещается в остаток (400)" in control[-1]
    assert events[-1].type == "final" and events[-1].metadata["budget_exhausted"] is True


async def test_a_budget_spent_inside_a_call_is_caught_like_a_spent_one() -> None:
    gateway = MockLLMGateway([spent('Action: echo {"text": "a"}', 1000), "FinalAnswer: never"])
    events = await _events(ReActAgent(gateway, [Echo()], run_token_budget=1000))
    assert gateway.call_count == 1 and events[-1].type == "final"


async def test_no_budget_no_limit() -> None:
    gateway = MockLLMGateway([spent('Action: echo {"text": "a"}', 10**6), "FinalAnswer: да"])
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert events[-1].answer == "да" and gateway.requests[0].max_tokens is None


async def test_malformed_replies_are_format_errors_with_an_example() -> None:
    Echo.calls.clear()
    gateway = MockLLMGateway(
        [
            "",  # empty content
            'echo {"text": "bare"}',  # an action line without its label: not the final answer
            'Thought: ищу\nAction: echo {"text": "unbalanced"',  # unbalanced brackets: never executed
            'Action: echo {"text": ["ids", "cut"',
            "Thought: всё\nFinalAnswer: готово",
        ]
    )
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert Echo.calls == [] and events[-1].type == "final" and events[-1].answer == "готово"
    feedback = [r.messages[-1].content or "" for r in gateway.requests[1:]]
    assert all(f.startswith("Observation: Ошибка формата") for f in feedback[:4])
    assert all('Action: echo {"text": "..."}' in f and "FinalAnswer:" in f for f in feedback[:4])
    assert "пустой ответ" in feedback[0] and "без метки Action" in feedback[1]
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert len(control) == 4 and all(t.startswith("Ответ модели не по формату") for t in control)


async def test_json_with_trailing_junk_is_a_format_error_never_run() -> None:
    # The object opens the arguments, but a bracket too many (or a second value) continues it on its line: the action
    # as written is malformed — reading the first JSON object out of it would run a call the model did not write.
    Echo.calls.clear()
    gateway = MockLLMGateway(
        [
            'Thought: ищу\nAction: echo {"text": "a"}}',
            'Action: echo {"text": "b"}]',
            'Action: {"tool": "echo", "arguments": {"text": "c"}}}',
            'Action: echo {"text": "d"}, {"text": "e"}',
            "Thought: всё\nFinalAnswer: готово",
        ]
    )
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert Echo.calls == [] and events[-1].answer == "готово"
    feedback = [r.messages[-1].content or "" for r in gateway.requests[1:]]
    assert all(f.startswith("Observation: Ошибка формата") and 'Action: echo {"text": "..."}' in f for f in feedback)
    assert "лишний текст (})" in feedback[0]
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert len(control) == 4


async def test_an_action_followed_by_a_period_prose_or_a_stop_line_runs() -> None:
    # Only junk continuing the JSON on its line is malformed: a «.», prose after a space or on the next line, the
    # classic «PAUSE» stop word or an «Observation:» the model began to imagine leave the object whole.
    Echo.calls.clear()
    gateway = MockLLMGateway(
        [
            'Action: echo {"text": "a"}.',
            'Thought: ищу\nAction: echo {"text": "b"}\nЖду результатов поиска.',
            'Action: echo {"text": "c"} (ищу в базе)',
            'Action: echo {"text": "d"}\n\nPAUSE',
            'Action: echo {"text": "e"}\nObservation: ...',
            "FinalAnswer: готово",
        ]
    )
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert Echo.calls == ["a", "b", "c", "d", "e"] and events[-1].answer == "готово"
    assert not [e for e in events if e.type == "thought" and e.origin == "control"]


async def test_a_well_formed_action_still_runs() -> None:
    Echo.calls.clear()
    gateway = MockLLMGateway(
        ['Action: echo({"text": "a"})', 'Action: echo\n```json\n{"text": "b"}\n```', "FinalAnswer: готово"]
    )
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert Echo.calls == ["a", "b"] and events[-1].answer == "готово"
    assert not [e for e in events if e.type == "thought" and e.origin == "control"]


async def test_an_empty_final_answer_is_a_format_error_with_a_control_thought() -> None:
    gateway = MockLLMGateway(["Thought: x\nFinalAnswer: ", "Thought: хм", "FinalAnswer: готово"])
    events = await _events(ReActAgent(gateway, [Echo()]))
    assert events[-1].type == "final" and events[-1].answer == "готово"
    feedback = [r.messages[-1].content or "" for r in gateway.requests[1:]]
    assert "после FinalAnswer: нет ответа" in feedback[0] and "нет ни Action, ни FinalAnswer" in feedback[1]
    assert all(f.startswith("Observation: Ошибка формата") and "FinalAnswer: ответ" in f for f in feedback)
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert control == [
        "Ответ модели не по формату: после FinalAnswer: нет ответа",
        "Ответ модели не по формату: нет ни Action, ни FinalAnswer",
    ]


async def test_the_same_call_three_times_stops_the_loop() -> None:
    Echo.calls.clear()
    same = 'Thought: ещё раз\nAction: echo {"text": "a"}'
    gateway = MockLLMGateway([same, 'Action: echo {"text": "b"}', same, same, "FinalAnswer: never"])
    events = await _events(ReActAgent(gateway, [Echo()], max_steps=8))
    assert Echo.calls == ["a", "b", "a"] and gateway.call_count == 4
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert control and "3-й раз вызывает echo с теми же аргументами" in control[-1]
    assert events[-1].type == "error"  # the generic agent's end of the loop (on_max_steps); agents override it


async def test_the_same_validated_call_three_times_stops_the_loop_however_written() -> None:
    """Three spellings of one call — a default written out, another case and spacing, the call form — are the same
    call (the validated, normalised arguments), so the third stops the loop."""
    Echo.calls.clear()
    gateway = MockLLMGateway(
        [
            'Action: echo {"text": "отпуск"}',
            'Action: echo {"text": "Отпуск ", "loud": false}',
            'Action: echo({"text": "отпуск"})',
            "FinalAnswer: never",
        ]
    )
    events = await _events(ReActAgent(gateway, [Echo()], max_steps=8))
    assert Echo.calls == ["отпуск", "Отпуск "] and gateway.call_count == 3
    control = [e.text for e in events if e.type == "thought" and e.origin == "control"]
    assert control and "3-й раз вызывает echo с теми же аргументами" in control[-1]


async def test_history_comes_before_the_question() -> None:
    from agentcore.llm.models import LLMMessage

    gateway = MockLLMGateway(["FinalAnswer: да"])
    agent = ReActAgent(gateway, [Echo()])
    history = [LLMMessage(role="user", content="раньше"), LLMMessage(role="assistant", content="ответ")]
    events = [e async for e in agent.stream("сейчас", history=history)]
    assert events[-1].answer == "да"
    assert [m.content for m in gateway.requests[0].messages[1:]] == ["раньше", "ответ", "сейчас"]
