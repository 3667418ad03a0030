"""What ``/v1/chat/completions`` and ``/v1/responses`` share: starting or resuming a run, the client's tools and
``tool_choice``, and turning the run's end into the answer the client asked for (text, a JSON object, a tool call).

Who may continue what (:class:`Caller`): a run and a kept response are their starter's; a request resumes a parked
run, or names a response in ``previous_response_id``, only when :func:`agentcore.web.runs.owned_by` allows — the rule
that decides who reads a run's trace.  Another's is answered exactly as an unknown one (a replay; 404).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import AsyncGenerator, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import Request

from agentcore.agents import AnswerShaper, RunLog, ShapedCheck, check_shaped, tool_choice_schema
from agentcore.agents.client_tools import ClientTools
from agentcore.agents.events import AgentStepEvent, ClientToolEvent, FinalEvent
from agentcore.agents.served import AgentInput, RunHandle, RunStore, ServedAgent, Usable, drive
from agentcore.llm import metering
from agentcore.llm.errors import LLMError, StructuredOutputError
from agentcore.llm.models import LLMTool, LLMToolCall
from agentcore.trace.logs import step_logger
from agentcore.util.truncate import truncate
from agentcore.web.auth import principal
from agentcore.web.errors import ApiError
from agentcore.web.runs import owned_by
from agentcore.web.status import answer_for_event, status_of

__all__ = [
    "Accepted",
    "Caller",
    "Ending",
    "OutputSpec",
    "V1Runs",
    "check_sampling",
    "final_text",
    "invalid_field",
    "reasoning_line",
    "respond",
]

logger = step_logger("openai", "agentcore.agents.openai")

NEEDS_MODEL = "структурированный ответ требует модели"
UNSUPPORTED_SHAPE = (
    "структурированный ответ содержал утверждения, которых нет в проверенном ответе; без них он не соответствует "
    "схеме запроса"
)


def reasoning_line(event: AgentStepEvent) -> str | None:
    """One line of visible reasoning for an event (``None`` for events rendered otherwise)."""
    if event.type == "step_started":
        return f"Шаг {event.step}"
    if event.type == "thought":
        prefix = "Контроль: " if event.origin == "control" else ""
        return f"{prefix}{event.text}"
    if event.type == "tool_invoked":
        return f"→ {event.tool} {json.dumps(event.arguments, ensure_ascii=False)}"
    if event.type == "client_tool":
        return f"→ {event.tool} (инструмент клиента) {json.dumps(event.arguments, ensure_ascii=False)}"
    if event.type == "observation":
        status = "" if event.ok else " (ошибка)"
        return f"← {event.tool}{status}: {truncate(event.preview, 300)}"
    return None


def final_text(event: FinalEvent) -> str:
    """The answer followed by its numbered sources."""
    if not event.citations:
        return event.answer
    sources = "\n".join(f"[{c.index}] {c.title} ({', '.join(c.ids or [c.id])})" for c in event.citations)
    return f"{event.answer}\n\nИсточники:\n{sources}"


@dataclass(frozen=True)
class OutputSpec:
    """What the client wants at the end of the run.

    Attributes:
        format: ``text``, ``json_schema`` or ``json_object``.
        schema / name / strict: the JSON Schema of ``json_schema``.
        forced: ``tool_choice`` ``required`` or a named function: the tools one of which must be called.
    """

    format: Literal["text", "json_schema", "json_object"] = "text"
    schema: dict[str, Any] | None = None
    name: str = "output"
    strict: bool = False
    forced: list[LLMTool] = field(default_factory=list)

    @property
    def needs_model(self) -> bool:
        """Whether the answer must be shaped by the model."""
        return self.format != "text" or bool(self.forced)


@dataclass
class Ending:
    """How one request's part of a run ended.

    Attributes:
        kind: ``answer`` (``text``), ``tool_call`` (``call``), ``error`` (``error``).
        text: the answer text (or the JSON of a structured answer).
        call: the client tool call (id, name, arguments JSON).
        final: the run's ``final`` event (answers).
        error: the HTTP error the run ended with.
    """

    kind: Literal["answer", "tool_call", "error"]
    text: str | None = None
    call: LLMToolCall | None = None
    final: FinalEvent | None = None
    error: ApiError | None = None


def tool_choice_tools(tools: list[LLMTool], choice: Any) -> tuple[list[LLMTool], list[LLMTool]]:
    """``(offered, forced)`` for an OpenAI ``tool_choice`` (chat or Responses form).

    Raises:
        ApiError: 400 for a choice naming an unknown tool or of an unknown form.
    """
    if choice is None or choice == "auto":
        return tools, []
    if choice == "none":
        return [], []
    if choice == "required":
        if not tools:
            raise invalid_field("tool_choice", "'required' без tools")
        return tools, tools
    if isinstance(choice, Mapping):
        kind = choice.get("type")
        if kind == "function":
            function = choice.get("function")
            name = function.get("name") if isinstance(function, Mapping) else choice.get("name")
            chosen = [t for t in tools if t.name == name]
            if not chosen:
                raise invalid_field("tool_choice", f"функция {truncate(str(name), 40)!r} не объявлена в tools")
            return tools, chosen
        if kind == "allowed_tools":
            nested = choice.get("allowed_tools")
            allowed: Mapping[str, Any] = nested if isinstance(nested, Mapping) else choice
            names = set()
            for item in allowed.get("tools") or []:
                if isinstance(item, Mapping):
                    function = item.get("function")
                    names.add(function.get("name") if isinstance(function, Mapping) else item.get("name"))
            subset = [t for t in tools if t.name in names]
            mode = allowed.get("mode", "auto")
            return subset, subset if mode == "required" else []
    raise invalid_field("tool_choice", "ожидается auto, none, required или функция")


_SAMPLING_RANGES = {"temperature": (0.0, 2.0), "top_p": (0.0, 1.0)}


def check_sampling(values: dict[str, Any]) -> None:
    """``temperature`` and ``top_p`` are ignored (the agent's model settings apply) but must be what OpenAI accepts:
    a number within 0–2 / 0–1, or absent/null — a client that sends 5 learns it at once, as from OpenAI.

    Raises:
        ApiError: 400 ``invalid_request_error`` naming the field.
    """
    for name, (low, high) in _SAMPLING_RANGES.items():
        value = values.get(name)
        if value is None:
            continue
        bounds = f"{low:g} до {high:g}".replace(".", ",")
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise invalid_field(name, f"ожидается число от {bounds}")


def invalid_field(field_name: str, detail: str) -> ApiError:
    """A 400 ``invalid_request_error`` naming the field (``param``)."""
    error = ApiError(400, f"некорректное поле {field_name!r}: {detail}", "invalid_request_error")
    error.param = field_name  # type: ignore[attr-defined]
    return error


@dataclass(frozen=True)
class Caller:
    """Who sends a request: the owner of what it starts and keeps, and whose parked runs and responses it may
    continue (``None``: anyone's).

    Attributes:
        owner: the request's principal (:func:`agentcore.web.auth.principal`; ``None`` while read tokens are unset).
        may: :func:`agentcore.web.runs.owned_by` of the request.
    """

    owner: str | None
    may: Usable | None

    @classmethod
    def of(cls, request: Request) -> Caller:
        """The caller of ``request``."""
        return cls(principal(request), owned_by(request))


@dataclass(frozen=True)
class Accepted:
    """A request the surface can serve: its agent, the tools offered to the run and what the client wants back."""

    agent: ServedAgent
    offered: list[LLMTool]
    spec: OutputSpec
    declared: list[LLMTool] = field(default_factory=list)
    name_param: str = "tools[{i}].name"


class V1Runs:
    """Starts, resumes and finishes runs for the ``/v1`` surfaces.

    Args:
        agents: model id → agent.
        store: parked runs and transcripts.
        shaper: shapes structured answers (``None`` or unavailable: structured requests are refused with 422).
        run_log: where every run is traced (events and model calls, by request id); ``None``: not traced.
    """

    def __init__(
        self,
        agents: Mapping[str, ServedAgent],
        store: RunStore,
        shaper: AnswerShaper | None,
        run_log: RunLog | None = None,
    ) -> None:
        self.agents = agents
        self.store = store
        self.shaper = shaper
        self.run_log = run_log

    def agent(self, model: str) -> ServedAgent:
        """The served agent called ``model``.

        Raises:
            ApiError: 404 ``model_not_found``.
        """
        agent = self.agents.get(model)
        if agent is None:
            known = ", ".join(self.agents)
            error = ApiError(404, f"модель {truncate(model, 40)!r} не найдена; доступны: {known}", "model_not_found")
            error.param = "model"  # type: ignore[attr-defined]
            raise error
        return agent

    def check_output(self, agent: ServedAgent, tools: list[LLMTool], spec: OutputSpec) -> None:
        """Refuse up front what cannot be served.

        Raises:
            ApiError: 400 tools for an agent that takes none; 422 a structured answer without a model.
        """
        if tools and not agent.takes_tools:
            raise invalid_field("tools", f"модель {agent.name!r} не принимает инструменты клиента")
        if spec.needs_model and (self.shaper is None or not self.shaper.available):
            raise ApiError(422, f"{NEEDS_MODEL}: настройте провайдера LLM (AGENTCORE_PROVIDER)", "structured_output")

    def accept(
        self,
        model: str,
        tools: Callable[[], list[LLMTool]],
        tool_choice: Any,
        spec_for: Callable[[list[LLMTool]], OutputSpec],
        name_param: str = "tools[{i}].name",
    ) -> Accepted:
        """Check a request before anything runs, in the order both APIs answer: the model (404), the tools and
        ``tool_choice`` (400), the output format (400), then what the agent cannot serve (400 / 422).

        Args:
            tools: parses the request's tools (raises the surface's 400).
            spec_for: the output spec for the tools ``tool_choice`` forces (raises the surface's 400).
            name_param: where the surface's tool ``i`` has its name (``{i}`` is filled in), for the 400 of a tool
                named like one of the agent's (:meth:`start`).
        """
        agent = self.agent(model)
        declared = tools()
        offered, forced = tool_choice_tools(declared, tool_choice)
        spec = spec_for(forced)
        self.check_output(agent, declared, spec)
        return Accepted(agent, offered, spec, declared, name_param)

    async def start(
        self, accepted: Accepted, agent_input: AgentInput, results: list[tuple[str, str]], caller: Caller
    ) -> RunHandle:
        """The run of an accepted request, with the offered tools as its client tools (see :meth:`open`).

        Raises:
            ApiError: 400 an offered client tool is named like one of the agent's own (see :func:`refuse_collision`).
        """
        await refuse_collision(accepted)
        agent_input = dataclasses.replace(agent_input, client_tools=client_tools_for(accepted.offered))
        return await self.open(accepted.agent, agent_input, results, caller)

    async def recall(self, response_id: str, caller: Caller) -> list[dict[str, Any]] | None:
        """The transcript kept for ``response_id`` when ``caller`` may continue it (``None``: unknown, expired or
        another's — the same answer)."""
        return await self.store.recall(response_id, caller.may)

    async def remember(self, response_id: str, transcript: list[dict[str, Any]], caller: Caller) -> None:
        """Keep a response's transcript for ``previous_response_id``, as ``caller``'s."""
        await self.store.remember(response_id, transcript, caller.owner)

    async def run_to_end(self, handle: RunHandle, question: str, spec: OutputSpec) -> tuple[list[str], Ending]:
        """Drive this request's part of the run to its end (not streamed): the reasoning lines and the ending.

        Raises:
            ApiError: the run ended with an error (or without an ending).
        """
        lines: list[str] = []
        ending: Ending | None = None
        async with contextlib.aclosing(self.events(handle)) as events:
            async for event in events:
                if event.type in ("final", "error", "client_tool"):
                    ending = await self.finish(event, question, spec, handle)
                    break
                line = reasoning_line(event)
                if line:
                    lines.append(line)
        if ending is None:
            raise ApiError(500, "внутренняя ошибка сервера", "internal_error")
        if ending.kind == "error":
            assert ending.error is not None
            raise ending.error
        return lines, ending

    async def open(
        self, agent: ServedAgent, agent_input: AgentInput, results: list[tuple[str, str]], caller: Caller
    ) -> RunHandle:
        """The run for this request: a parked run of ``caller``'s that the client's tool ``results`` resume, or a
        new run, ``caller``'s.

        Raises:
            ApiError: the agent's check refused the question (new runs only).
        """
        for call_id, output in results:
            handle = await self.store.resume(call_id, agent.name, output, caller.may)
            if handle is not None:
                logger.info("v1 // Resumed run %s of %s after %s", handle.request_id, agent.name, call_id)
                return handle
        if agent.check is not None:
            await agent.check(agent_input.question)
        events = agent.start(agent_input)
        if self.run_log is not None:
            events = self.run_log.traced(agent.name, events, agent_input.question)
        return RunHandle(agent.name, events, agent_input.client_tools, owner=caller.owner)

    def events(self, handle: RunHandle) -> AsyncGenerator[AgentStepEvent, None]:
        """The run's events for this request (see :func:`~agentcore.agents.served.drive`)."""
        return drive(handle, self.store)

    async def finish(self, event: AgentStepEvent, question: str, spec: OutputSpec, handle: RunHandle) -> Ending:
        """The ending for the run's last event of this request (``final``, ``error`` or ``client_tool``); a shaping
        call is metered with the run."""
        if isinstance(event, ClientToolEvent):
            call = LLMToolCall(
                id=event.call_id, name=event.tool, arguments=json.dumps(event.arguments, ensure_ascii=False)
            )
            return Ending("tool_call", call=call)
        if event.type == "error":
            return Ending("error", error=answer_for_event(event))
        if event.type != "final":
            return Ending("error", error=ApiError(500, "внутренняя ошибка сервера", "internal_error"))
        if not spec.needs_model:
            return Ending("answer", text=final_text(event), final=event)
        assert self.shaper is not None
        answer = final_text(event)
        with metering(handle.meter):
            return await self._shaped(event, answer, question, spec)

    async def _shaped(self, event: FinalEvent, answer: str, question: str, spec: OutputSpec) -> Ending:
        """The answer shaped to the client's schema (or forced tool), held to the checked answer
        (:func:`~agentcore.agents.check_shaped`): only what the shown answer holds leaves the service."""
        assert self.shaper is not None
        schema, name = tool_choice_schema(spec.forced) if spec.forced else (spec.schema, spec.name)
        try:
            if spec.forced:
                value = await self.shaper.shape(question, answer, schema, name=name)
            else:
                value = await self.shaper.shape(question, answer, schema, name=name, strict=spec.strict)
        except StructuredOutputError as exc:
            logger.warning("v1 // Structured answer failed: %s", exc)
            return Ending("error", error=ApiError(502, exc.public_message, exc.code))
        except LLMError as exc:
            from agentcore.llm.errors import retry_after_of

            wait = retry_after_of(exc)
            headers = {"Retry-After": str(max(1, int(wait)))} if wait else None
            return Ending("error", error=ApiError(status_of(exc), exc.public_message, exc.code, headers))
        titles = {c.index: c.title for c in event.citations}
        check = await check_shaped(value, event.answer, schema, titles)
        if not check.fits:
            logger.warning("v1 // Structured answer refused: without its unsupported values it fits no schema")
            return Ending("error", error=ApiError(502, UNSUPPORTED_SHAPE, "structured_output_unsupported"))
        event = _with_shape_check(event, check)
        if spec.forced:
            tool, arguments = name, check.value
            if len(spec.forced) > 1:
                tool, arguments = str(check.value["tool"]), check.value["arguments"]
            call = LLMToolCall(name=tool, arguments=json.dumps(arguments, ensure_ascii=False))
            return Ending("tool_call", call=call, final=event)
        return Ending("answer", text=json.dumps(check.value, ensure_ascii=False), final=event)


def _with_shape_check(event: FinalEvent, check: ShapedCheck) -> FinalEvent:
    """``event`` with the shape check in its metadata: the dropped texts join ``removed_claims``, an unchecked
    value makes the answer not ``grounded``, and ``structured`` says what was dropped and what is unchecked."""
    metadata = dict(event.metadata)
    if check.removed:
        metadata["removed_claims"] = [*metadata.get("removed_claims", []), *check.removed]
    if "grounded" in metadata and check.unchecked:
        metadata["grounded"] = False
    metadata["structured"] = {"removed": len(check.removed), "unchecked": check.unchecked}
    return event.model_copy(update={"metadata": metadata})


async def refuse_collision(accepted: Accepted) -> None:
    """Refuse a client tool offered to the run under the name of one of the agent's own tools.

    In the loop the agent's tool wins (:meth:`~agentcore.agents.client_tools.ClientTools.reaches_client`), so such a
    tool would never be called: the client is told instead of being silently shadowed.  Tools that are not offered
    (``tool_choice: "none"``) are not checked.

    Raises:
        ApiError: 400 ``invalid_request_error`` naming the tool's name field (``param``), the tool and the agent.
    """
    if not accepted.offered or accepted.agent.own_tools is None:
        return
    offered = {tool.name for tool in accepted.offered}
    own = set(await accepted.agent.own_tools())
    for i, tool in enumerate(accepted.declared):
        if tool.name in offered and tool.name in own:
            raise invalid_field(
                accepted.name_param.format(i=i),
                f"инструмент клиента {truncate(tool.name, 64)!r} называется так же, как инструмент модели "
                f"{accepted.agent.name!r}; переименуйте его",
            )


def client_tools_for(tools: list[LLMTool]) -> ClientTools | None:
    """The run's client tools (``None`` when none are offered)."""
    return ClientTools(list(tools)) if tools else None


async def respond(
    request: Request,
    name: str,
    stream: bool,
    complete: Callable[[], Coroutine[Any, Any, dict[str, Any]]],
    events: Callable[[], AsyncGenerator[Any, None]],
) -> Any:
    """The answer of a request: ``complete()`` as JSON (the run cancelled when the client leaves first), or the
    ``events()`` as Server-Sent Events."""
    from sse_starlette import EventSourceResponse

    if not stream:
        from agentcore.web.disconnect import ClientGone, gone_response, unless_disconnected

        try:
            return await unless_disconnected(request, complete())
        except ClientGone:
            logger.info("v1 // Client gone: %s run cancelled", name)
            return gone_response()
    return EventSourceResponse(events(), ping=15, send_timeout=60)
