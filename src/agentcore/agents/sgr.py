"""SGR agent core (seed 001): ``SystemSGRAgent``, ``SGRTool``, ``ReasoningStep``, ``ToolCall``.

The loop (``_sgr_loop``) asks the model, executes the tools it calls, feeds the results back (an assistant
tool-call message plus a tool message per call) and stops at the first answer without tool calls, or after
``MAX_ITERATIONS`` with an error message.  A failing tool, unknown tool or invalid arguments never abort the run:
the error goes back to the model as the tool result so it can correct itself.

Two modes:

* ``"tools"`` (default) — native function calling (GigaChat ``functions``, OpenAI ``tools``);
* ``"schema"`` — schema-guided reasoning for models without native tool calling: one structured-output call per
  step whose schema holds the reasoning fields and a discriminated union of tool calls plus ``final_answer``.

``run`` returns the answer (seed 001); ``stream`` yields the same run as live step events
(:mod:`agentcore.agents.events`): ``step_started``, ``thought``, ``tool_invoked``, ``observation``, then ``final`` or
``error``.  Any failure of the layers below (provider, tool layer, a bug) ends the run with an error step, logged with
its traceback; neither ``run`` nor ``stream`` raises for it.

Each run appends one JSON line to ``{log_dir}/reasoning/{agent_id}.jsonl`` with ``timestamp``, ``agent_id``
and ``reasoning_trace`` (tool results cut to 200 characters); ``log_dir=None`` disables it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from abc import ABC, abstractmethod
from collections.abc import AsyncGenerator
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

from agentcore.agents.client_tools import ClientTools
from agentcore.agents.events import AgentStepEvent, EventFactory, FinalEvent
from agentcore.llm.errors import LLMError
from agentcore.llm.gateway import LLMGateway, SimpleLLMGateway
from agentcore.llm.models import LLMMessage, LLMRequest, LLMToolCall
from agentcore.tools import ToolResult, ToolRunner
from agentcore.tools.base import Tool
from agentcore.tools.registry import ToolRegistry
from agentcore.trace.jsonl import JsonlStore
from agentcore.util.clock import utc_now_iso
from agentcore.util.truncate import truncate

logger = logging.getLogger("agentcore.agents.sgr")

TRACE_RESULT_CHARS = 200
SGRMode = Literal["tools", "schema"]


class SGRTool(Tool):
    """Base class for SGR tools (seed 001 ``agents/tools.py``): ``name``, ``description``,
    ``parameters_schema`` (JSON Schema) and ``async execute(**kwargs)``.

    It is the core :class:`~agentcore.tools.base.Tool` under the seed's name; arguments are validated against
    ``parameters_schema`` before ``execute`` runs.
    """

    name: str = "tool"
    description: str = ""
    parameters_schema: dict[str, Any] = {"type": "object", "properties": {}}  # noqa: RUF012 - seed's class attribute


@dataclass
class ReasoningStep:
    """One step of the reasoning trace (seed 001, section 3.3)."""

    step_number: int
    action: str  # "think" | "call_tool" | "formulate_answer"
    thought: str | None = None
    tool_used: str | None = None
    tool_parameters: dict[str, Any] | None = None
    tool_result: Any | None = None
    final_answer: str | None = None


@dataclass
class ToolCall:
    """A tool call as the agent executed it (seed 001, section 3.3)."""

    name: str
    parameters: dict[str, Any]
    result: Any | None = None


@dataclass
class _RunState:
    """What one ``run`` accumulates."""

    trace: list[ReasoningStep] = field(default_factory=list)
    tool_calls: list[ToolCall] = field(default_factory=list)
    error: LLMError | None = None
    client: ClientTools | None = None


class SystemSGRAgent(ABC):
    """Base class of every SGR agent (seed 001, section 3.2).

    Args:
        agent_id: names the agent in traces (``{log_dir}/reasoning/{agent_id}.jsonl``).
        llm_gateway: a :class:`SimpleLLMGateway` or :class:`LLMGateway` (same interface).
        model: the model name sent with every request (``None``/empty = the provider's configured default).
        system_prompt: the system message of every run.
        tools: the tools the model may call.
        log_dir: where traces go; ``None`` disables trace files.
        mode: ``"tools"`` (native function calling) or ``"schema"`` (schema-guided, one structured call per step).
        tool_timeout: seconds per tool call.
    """

    MAX_ITERATIONS = 10
    llm_step: str = "sgr"

    def __init__(
        self,
        agent_id: str,
        llm_gateway: Union[SimpleLLMGateway, LLMGateway],  # noqa: UP007 - the seed's signature
        model: str,
        system_prompt: str,
        tools: list[SGRTool] | list[Tool] | None = None,
        log_dir: str | Path | None = None,
        *,
        mode: SGRMode = "tools",
        tool_timeout: float = 30.0,
    ) -> None:
        self.agent_id = agent_id
        self.llm_gateway = llm_gateway
        self.model = model
        self.system_prompt = system_prompt
        self.tools = ToolRegistry()
        for tool in tools or []:
            self.tools.register(tool)
        self.log_dir = Path(log_dir) if log_dir is not None else None
        self.mode: SGRMode = mode
        self.runner = ToolRunner(timeout=tool_timeout, log_chars=TRACE_RESULT_CHARS)
        # Per-run state lives in a context variable, so concurrent runs of one agent (separate asyncio tasks)
        # keep separate traces; outside a run the properties show the last run started.
        self._run_state: ContextVar[_RunState] = ContextVar(f"sgr_run_{agent_id}_{id(self)}")
        self._last_run = _RunState()
        self._step_model: type[BaseModel] | None = None

    # ----------------------------------------------------------------------------------- public API
    @abstractmethod
    async def process(self, input_data: dict[str, Any]) -> dict[str, Any]:
        """Agent-specific entry point: turn ``input_data`` into a result dict."""

    async def run(self, user_message: str, context: dict[str, Any] | None = None) -> str:
        """Answer ``user_message`` through the SGR loop; ``context`` is appended to the system prompt as JSON.

        Never raises for model, tool or other failures of the layers below: the returned text then says what went
        wrong (the traceback goes to the log).  Cancellation propagates.
        """
        state = self._last_run = _RunState()  # the seed's "очистить _reasoning_trace" before a run
        token = self._run_state.set(state)
        try:
            return await _answer_of(self._events(state, self._messages(user_message, context), None))
        finally:
            self._run_state.reset(token)

    async def stream(
        self,
        user_message: str,
        context: dict[str, Any] | None = None,
        *,
        request_id: str | None = None,
        history: list[LLMMessage] | None = None,
        after: list[LLMMessage] | None = None,
        client_tools: ClientTools | None = None,
    ) -> AsyncGenerator[AgentStepEvent, None]:
        """The same run as :meth:`run`, as live step events (:mod:`agentcore.agents.events`).

        Yields ``step_started`` per model call, ``thought``, ``tool_invoked`` / ``observation`` per tool call, and
        ends with one ``final`` (the answer) or ``error`` (LLM failure, iteration limit, unexpected failure).
        Closing the iterator early (or cancelling its consumer) stops the run; the trace of the steps done so far
        is still written.

        Args:
            history: earlier turns, before the question; ``after``: what follows it (a replayed client tool exchange).
            client_tools: the client's tools (``tools`` mode only): offered to the model next to the agent's own;
                a call of one is a ``client_tool`` event and the run waits for :meth:`ClientTools.resolve`.
        """
        state = self._last_run = _RunState(client=client_tools)
        messages = self._messages(user_message, context)
        messages[1:1] = list(history or [])
        messages.extend(after or [])
        if client_tools is not None and client_tools.tools and self.mode == "schema":
            factory = EventFactory(self.agent_id, request_id, max_steps=self.MAX_ITERATIONS)
            yield factory.error(
                0, "инструменты клиента поддерживаются только в режиме tools", "client_tools_unsupported"
            )
            return
        async with contextlib.aclosing(self._events(state, messages, request_id)) as events:
            async for event in events:
                yield event

    @property
    def _reasoning_trace(self) -> list[ReasoningStep]:
        """The steps of the current run (inside ``run``) or of the last run started."""
        return self._run_state.get(self._last_run).trace

    @property
    def tool_calls(self) -> list[ToolCall]:
        """The tool calls of the current run (inside ``run``) or of the last run started."""
        return self._run_state.get(self._last_run).tool_calls

    @property
    def reasoning_trace(self) -> list[ReasoningStep]:
        """The steps of the last run."""
        return list(self._reasoning_trace)

    @property
    def last_error(self) -> LLMError | None:
        """The model failure that ended the current (or last) run, ``None`` when the model answered."""
        return self._run_state.get(self._last_run).error

    # ------------------------------------------------------------------------------------ the loop
    def _messages(self, user_message: str, context: dict[str, Any] | None) -> list[LLMMessage]:
        system = self.system_prompt
        if context:
            system += "\n\nКонтекст:\n" + json.dumps(context, ensure_ascii=False, default=str)
        return [LLMMessage(role="system", content=system), LLMMessage(role="user", content=user_message)]

    async def _events(
        self, state: _RunState, messages: list[LLMMessage], request_id: str | None
    ) -> AsyncGenerator[AgentStepEvent, None]:
        """One run as events; the trace is saved at the end, however the run ends."""
        factory = EventFactory(self.agent_id, request_id, max_steps=self.MAX_ITERATIONS)
        try:
            async with contextlib.aclosing(self._loop(state, messages, factory)) as loop:
                async for event in loop:
                    yield event
        finally:
            # The append takes a cross-process file lock: keep it off the event loop.  Shielded, so a run cancelled
            # mid-way still leaves its trace.
            await asyncio.shield(asyncio.to_thread(self._save_trace, state))

    async def _sgr_loop(self, messages: list[LLMMessage]) -> str:
        """Up to ``MAX_ITERATIONS`` model calls; returns the final answer or an error message (seed 001, 3.4)."""
        state = self._run_state.get(self._last_run)
        return await _answer_of(self._loop(state, messages, EventFactory(self.agent_id)))

    async def _loop(
        self, state: _RunState, messages: list[LLMMessage], events: EventFactory
    ) -> AsyncGenerator[AgentStepEvent, None]:
        for iteration in range(1, self.MAX_ITERATIONS + 1):
            yield events.step_started(iteration)
            try:
                if self.mode == "schema":
                    step_events = self._schema_iteration(state, messages, events, iteration)
                else:
                    step_events = self._tools_iteration(state, messages, events, iteration)
                async with contextlib.aclosing(step_events) as iteration_events:
                    async for event in iteration_events:
                        yield event
                        if event.type == "final":
                            return
            except LLMError as exc:
                logger.error("%s // LLM Error: %s", self.agent_id, exc)
                state.error = exc
                message = f"Ошибка при запросе LLM: {exc.public_message}"  # no upstream text: HTTP surfaces show it
                self._log_step(ReasoningStep(len(state.trace) + 1, "formulate_answer", final_answer=message), state)
                yield events.llm_error(iteration, exc)
                return
            except Exception as exc:  # a bug or an unexpected failure below: the run ends, the caller never sees it
                logger.exception("%s // Unexpected error in step %d", self.agent_id, iteration)
                message = f"Внутренняя ошибка агента: {type(exc).__name__}"  # detail in the log only
                self._log_step(ReasoningStep(len(state.trace) + 1, "formulate_answer", final_answer=message), state)
                yield events.error(iteration, message, "internal_error")
                return
            logger.debug("%s // iteration %d done, continuing", self.agent_id, iteration)
        message = f"Не удалось получить ответ: превышено максимальное число итераций ({self.MAX_ITERATIONS})."
        logger.warning("%s // Max iterations reached", self.agent_id)
        self._log_step(ReasoningStep(len(state.trace) + 1, "formulate_answer", final_answer=message), state)
        yield events.error(self.MAX_ITERATIONS, message, "max_iterations")

    def _request(self, messages: list[LLMMessage], **kwargs: Any) -> LLMRequest:
        return LLMRequest(model=self.model or None, messages=list(messages), step=self.llm_step, **kwargs)

    def _final(self, state: _RunState, events: EventFactory, step: int, answer: str) -> FinalEvent:
        return events.final(
            step,
            answer,
            metadata={"agent": self.agent_id, "steps": step, "tool_calls": len(state.tool_calls)},
        )

    async def _tools_iteration(
        self, state: _RunState, messages: list[LLMMessage], events: EventFactory, step: int
    ) -> AsyncGenerator[AgentStepEvent, None]:
        offered = [t for t in state.client.tools if t.name not in self.tools] if state.client is not None else []
        tools = self.tools.to_llm_tools() + offered  # a client tool named like the agent's own is never its to run
        response = await self.llm_gateway.request(self._request(messages, tools=tools or None))
        if not response.tool_calls:
            answer = response.content or ""
            self._log_step(ReasoningStep(len(state.trace) + 1, "formulate_answer", final_answer=answer), state)
            yield self._final(state, events, step, answer)
            return
        if response.content:
            self._log_step(ReasoningStep(len(state.trace) + 1, "think", thought=response.content), state)
            yield events.thought(step, response.content)
        calls = _with_unique_ids(response.tool_calls)
        messages.append(LLMMessage(role="assistant", content=response.content, tool_calls=calls))
        for call in calls:
            async with contextlib.aclosing(self._execute(state, call, response.content, events, step)) as executed:
                async for item in executed:
                    if isinstance(item, ToolResult):
                        messages.append(
                            LLMMessage(role="tool", tool_call_id=call.id, name=call.name, content=item.content)
                        )
                    else:
                        yield item

    async def _execute(
        self, state: _RunState, call: LLMToolCall, thought: str | None, events: EventFactory, step: int
    ) -> AsyncGenerator[AgentStepEvent | ToolResult, None]:
        """Run one call: yields ``tool_invoked``, ``observation`` and, last, the :class:`ToolResult` itself."""
        if state.client is not None and state.client.reaches_client(call.name, self.tools):
            async with contextlib.aclosing(self._client_call(state, call, thought, events, step)) as items:
                async for item in items:
                    yield item
            return
        arguments, _ = self.runner.validate(self.tools, call.name, call.arguments)
        yield events.tool_invoked(step, call.name, arguments, call.id)
        result = await self.runner.run_by_name(self.tools, call.name, call.arguments)
        self._record_call(state, call, thought, result.value if result.ok else result.content, result.content)
        yield events.observation(
            step,
            call.name,
            call.id,
            ok=result.ok,
            text=result.content,
            elapsed_ms=result.elapsed_ms,
            error=result.error,
        )
        yield result

    async def _client_call(
        self, state: _RunState, call: LLMToolCall, thought: str | None, events: EventFactory, step: int
    ) -> AsyncGenerator[AgentStepEvent | ToolResult, None]:
        """A call of a client tool: ``client_tool`` (under a fresh id), the client's result, ``observation``."""
        assert state.client is not None
        parameters = _parameters(call)
        call_id = LLMToolCall(name=call.name).id  # the model's ids repeat across runs; the client's must not
        # Waiting from before the event: the run is suspended at the yield while the client gets the call.
        result = state.client.expect(call_id)
        try:
            yield events.client_tool(step, call.name, parameters, call_id)
            output = await result
        finally:
            state.client.pending.pop(call_id, None)
        self._record_call(state, call, thought, output, output)
        yield events.observation(step, call.name, call_id, ok=True, text=output)
        yield ToolResult(call.name, ok=True, value=output, content=output)

    def _record_call(self, state: _RunState, call: LLMToolCall, thought: str | None, result: Any, text: str) -> None:
        """A finished tool call in ``tool_calls`` and in the trace (``text``: what the model was given)."""
        parameters = _parameters(call)
        state.tool_calls.append(ToolCall(call.name, parameters, result))
        self._log_step(
            ReasoningStep(
                len(state.trace) + 1,
                "call_tool",
                thought=thought,
                tool_used=call.name,
                tool_parameters=parameters,
                tool_result=truncate(text, TRACE_RESULT_CHARS),
            ),
            state,
        )

    # ------------------------------------------------------------------------ schema-guided mode
    def step_model(self) -> type[BaseModel]:
        """The pydantic model of one schema-guided step: reasoning fields + a union of tool calls/final answer."""
        if self._step_model is not None:
            return self._step_model
        variants: list[type[BaseModel]] = []
        for tool in self.tools:
            name_type: Any = Literal[tool.name]
            variants.append(
                create_model(
                    f"Call_{tool.name}",
                    __config__=ConfigDict(title=f"call {tool.name}"),
                    tool=(name_type, Field(description=tool.description)),
                    arguments=(dict[str, Any], Field(json_schema_extra=tool.parameters_schema)),
                )
            )
        final_type: Any = Literal["final_answer"]
        variants.append(
            create_model(
                "FinalAnswer",
                tool=(final_type, Field(description="Дать окончательный ответ пользователю")),
                answer=(str, ...),
            )
        )
        action: Any = variants[0] if len(variants) == 1 else Union[tuple(variants)]  # noqa: UP007
        self._step_model = create_model(
            "SGRStep",
            __doc__="Один шаг рассуждения: анализ ситуации и следующее действие.",
            current_situation=(str, Field(description="Что известно сейчас", max_length=1000)),
            reasoning_steps=(list[str], Field(description="2-3 коротких шага рассуждения")),
            enough_data=(bool, Field(description="Достаточно ли данных для ответа")),
            function=(action, Field(discriminator="tool") if len(variants) > 1 else Field()),
        )
        return self._step_model

    async def _schema_iteration(
        self, state: _RunState, messages: list[LLMMessage], events: EventFactory, step: int
    ) -> AsyncGenerator[AgentStepEvent, None]:
        parsed = await self.llm_gateway.parse(self._request(messages), self.step_model())
        data = parsed.model_dump()
        function = data["function"]
        thought = " ".join(data.get("reasoning_steps") or []) or data.get("current_situation")
        if thought:
            yield events.thought(step, thought)
        if function["tool"] == "final_answer":
            answer = str(function.get("answer", ""))
            self._log_step(
                ReasoningStep(len(state.trace) + 1, "formulate_answer", thought=thought, final_answer=answer), state
            )
            yield self._final(state, events, step, answer)
            return
        call = LLMToolCall(
            name=function["tool"], arguments=json.dumps(function.get("arguments") or {}, ensure_ascii=False)
        )
        result: ToolResult | None = None
        async with contextlib.aclosing(self._execute(state, call, thought, events, step)) as executed:
            async for item in executed:
                if isinstance(item, ToolResult):
                    result = item
                else:
                    yield item
        assert result is not None
        messages.append(LLMMessage(role="assistant", content=parsed.model_dump_json()))
        messages.append(LLMMessage(role="user", content=f"Результат инструмента {call.name}: {result.content}"))

    # ---------------------------------------------------------------------------------- tracing
    def _log_step(self, step: ReasoningStep, state: _RunState | None = None) -> None:
        """Append a step to the trace of ``state`` (default: the current run) and log it at debug."""
        (state or self._run_state.get(self._last_run)).trace.append(step)
        logger.debug(
            "%s // step %d %s%s",
            self.agent_id,
            step.step_number,
            step.action,
            f" {step.tool_used}" if step.tool_used else "",
        )

    def _save_trace(self, state: _RunState | None = None) -> None:
        """Append a run's trace to ``{log_dir}/reasoning/{agent_id}.jsonl`` (never raises)."""
        if self.log_dir is None:
            return
        trace = (state or self._run_state.get(self._last_run)).trace
        record = {
            "timestamp": utc_now_iso(),
            "agent_id": self.agent_id,
            "reasoning_trace": [asdict(step) for step in trace],
        }
        JsonlStore(self.log_dir / "reasoning" / f"{self.agent_id}.jsonl").append(record)


def _parameters(call: LLMToolCall) -> dict[str, Any]:
    """The call's arguments as a dict (``{"raw_input": ...}`` when they are not JSON)."""
    try:
        return call.parsed_arguments()
    except ValueError:
        return {"raw_input": call.arguments}


async def _answer_of(events: AsyncGenerator[AgentStepEvent, None]) -> str:
    """Run a stream to its end: the final answer, or the error message (the seed's ``run`` contract)."""
    answer = ""
    async with contextlib.aclosing(events) as stream:
        async for event in stream:
            if event.type == "final":
                answer = event.answer
            elif event.type == "error":
                answer = event.message
    return answer


def _with_unique_ids(calls: list[LLMToolCall]) -> list[LLMToolCall]:
    """The calls with an id each, unique within the message (servers that send none or repeat one exist), so every
    tool result answers exactly one call."""
    seen: set[str] = set()
    fixed = []
    for call in calls:
        if not call.id or call.id in seen:
            call = call.model_copy(update={"id": LLMToolCall(name=call.name).id})
        seen.add(call.id)
        fixed.append(call)
    return fixed
