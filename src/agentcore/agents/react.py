"""The ReAct loop (Thought / Action / Observation / FinalAnswer as plain text) on the core tool runner.

The text protocol works on every chat model unchanged (GigaChat, OpenAI-compatible, the offline provider): no
native function calling is needed.  Pieces, each usable on its own:

* :func:`render_tools` / :func:`build_system_prompt` — the system prompt: format, every tool with its purpose and
  parameters, rules, examples;
* :func:`parse_react` — a model reply → thought, action, final answer; robust to extra whitespace, missing sections,
  code fences, Markdown emphasis, Russian or English labels, a hallucinated ``Observation`` (cut off), several actions
  (the first is taken, the rest counted);
* :func:`parse_action` — ``tool_name {json}`` (also ``tool_name({...})``, ``tool_name: {...}``, a bare name, JSON in
  a code fence); text that is not a JSON object becomes ``{"raw_input": text}``;
* :func:`format_observation` — a :class:`~agentcore.tools.ToolResult` as readable, truncated text;
* :class:`ReActAgent` — the loop: it streams :mod:`agentcore.agents.events` and offers hooks (:meth:`ReActAgent.
  after_action`, :meth:`ReActAgent.on_final_answer`, :meth:`ReActAgent.on_max_steps`,
  :meth:`ReActAgent.on_budget_exhausted`) where an agent puts its deterministic control.

Limits every run keeps (issue 18): one token budget for all model calls of the run (``run_token_budget``,
``AGENT_MAX_TOKENS``; see :mod:`agentcore.llm._usage`) — when it is spent the loop stops and the run answers from what
it has; a malformed reply (empty, a bare ``search {...}`` line without ``Action:``, JSON with unbalanced brackets) is
sent back as a format error with an example, never executed nor taken as the answer; the same call with the same
arguments a third time stops the loop (a control thought says why).

A run may also carry earlier turns of the conversation (``history``), its client's instructions (``instructions``:
a section of the system prompt, never a user turn — the question stays the last user message before the loop) and
tools of its client (:class:`~agentcore.agents.client_tools.ClientTools`): the model calls them like its own, the run
waits for the client's result.

Inside a run, the loop's methods find the run through a context variable, so the seed-002 signatures
(``_execute_action(action_text, request_id, step)``) hold and concurrent runs of one agent never mix.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncGenerator, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from agentcore.agents._redaction import claim_words, redact_claims
from agentcore.agents.client_tools import ClientTools
from agentcore.agents.events import AgentStepEvent, EventFactory, FinalEvent, Origin, event_channel
from agentcore.llm import TokenBudgetExhausted, current_meter, metering
from agentcore.llm.errors import LLMError
from agentcore.llm.models import LLMMessage, LLMRequest, LLMToolCall
from agentcore.tools import ToolResult, ToolRunner
from agentcore.tools.base import Tool
from agentcore.tools.registry import ToolRegistry
from agentcore.trace.logs import step_logger
from agentcore.util.truncate import truncate

__all__ = [
    "FINAL_ACTION_NAMES",
    "AgentAction",
    "HeldThought",
    "ParsedAction",
    "ReActAgent",
    "ReActParse",
    "ReActRun",
    "build_system_prompt",
    "format_observation",
    "parse_action",
    "parse_react",
    "render_tools",
]

logger = step_logger("react", "agentcore.agents.react")

OBSERVATION_CHARS = 2000
PREVIEW_CHARS = 300
INSTRUCTIONS_LABEL = (
    "Указания клиента (как отвечать; сам вопрос — последнее сообщение пользователя перед твоими шагами, "
    "не эти указания):"
)
"""Heads the client's instructions in the system prompt."""
REPEAT_LIMIT = 3
"""The same call (tool and arguments) this many times stops the loop."""

# Labels of the protocol, English and Russian; matched case-insensitively at the start of a line, with optional list
# markers and Markdown emphasis around them (``**Thought:**``, ``- Action:``).
_LABELS: dict[str, str] = {
    "thought": r"thought|мысль|рассуждение|размышление",
    "action_input": r"action[ _]input|ввод действия|параметры действия",
    "action": r"action|действие",
    "observation": r"observation|наблюдение",
    "final": r"final[ _]?answer|final|итоговый ответ|окончательный ответ|финальный ответ|ответ",
}
_LABEL_RE = re.compile(
    r"^[ \t]*(?:[-*>][ \t]+)?(?:\*\*|__)?(?P<label>"
    + "|".join(f"(?P<{name}>{pattern})" for name, pattern in _LABELS.items())
    + r")[ \t]*(?:\*\*|__)?[ \t]*[:：][ \t]*(?:\*\*|__)?",
    re.IGNORECASE | re.MULTILINE,
)
# An Action / FinalAnswer label written after a sentence on the same line («Thought: Ищу. Action: search {...}»).
_INLINE_LABEL_RE = re.compile(
    r"(?<=[.!?…])[ \t]+"
    r"(?=(?:\*\*|__)?(?:Action|Действие|Final[ _]?Answer|FinalAnswer|Итоговый ответ)(?:\*\*|__)?[ \t]*[:：])"
)
_FENCE_LINE_RE = re.compile(r"^[ \t]*```[\w-]*[ \t]*$", re.MULTILINE)
# A reply that is only an action line without its label («search {"query": ...}»).
_BARE_ACTION_RE = re.compile(r"^[`'\"]*(?P<name>[A-Za-z_][\w-]*)[`'\"]*[ \t]*[({:\[]")
_ACTION_HEAD_RE = re.compile(r"^[`'\"]*(?P<name>[A-Za-z_][\w-]*)[`'\"]*[ \t]*(?P<rest>.*)$", re.DOTALL)

FINAL_ACTION_NAMES = frozenset({"final_answer", "finalanswer", "final", "answer", "finish"})
"""Action names some models use for the final answer; treated as ``FinalAnswer``."""


@dataclass(frozen=True)
class ReActParse:
    """A parsed model reply.

    Attributes:
        thought: the ``Thought`` text (``None`` when absent).
        action: the first ``Action`` text, with its ``Action Input`` appended when given separately.
        final_answer: the ``FinalAnswer`` text.
        extra_actions: how many further actions the reply held (ignored; the observation says so).
        labelled: whether the reply used any label at all.
        empty_final: the reply's only answer label (``FinalAnswer:``) had nothing after it.
    """

    thought: str | None = None
    action: str | None = None
    final_answer: str | None = None
    extra_actions: int = 0
    labelled: bool = True
    empty_final: bool = False


def _clean(text: str) -> str:
    return _FENCE_LINE_RE.sub("", text).strip()


def parse_react(response: str) -> ReActParse:
    """Split a model reply into thought, action and final answer.

    When a reply holds both an action and a final answer, the one written first wins (a final answer written after
    an action is a guess at the observation).  Text the model wrote after its own ``Observation:`` is discarded.
    A reply without any label is taken as the final answer.  When no line starts with an action or answer label, one
    written after a sentence on the same line counts too («Thought: Ищу. Action: search {...}»).
    """
    text = response.replace("\r\n", "\n").strip()
    matches = list(_LABEL_RE.finditer(text))
    if not any(m.group("action") or m.group("final") for m in matches):
        # No action or answer at the start of a line: one may follow a sentence of the thought on its line.
        text = _INLINE_LABEL_RE.sub("\n", text)
        matches = list(_LABEL_RE.finditer(text))
    observation = next((m for m in matches if m.group("observation")), None)
    if observation is not None:
        text = text[: observation.start()]
        matches = [m for m in matches if m.start() < observation.start()]
    if not matches:
        cleaned = _clean(text)
        return ReActParse(final_answer=cleaned or None, labelled=False)
    sections: list[tuple[str, str]] = []
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        kind = next(name for name in _LABELS if match.group(name))
        sections.append((kind, _clean(text[match.end() : end])))
    thought = next((body for kind, body in sections if kind == "thought" and body), None)
    actions = [(i, body) for i, (kind, body) in enumerate(sections) if kind == "action" and body]
    finals = [(i, body) for i, (kind, body) in enumerate(sections) if kind == "final" and body]
    if actions and (not finals or actions[0][0] < finals[0][0]):
        index, action = actions[0]
        following = sections[index + 1] if index + 1 < len(sections) else None
        if following is not None and following[0] == "action_input" and following[1]:
            action = f"{action} {following[1]}"
        return ReActParse(thought=thought, action=action, extra_actions=len(actions) - 1)
    if finals:
        return ReActParse(thought=thought, final_answer=finals[0][1])
    return ReActParse(thought=thought, empty_final=any(kind == "final" for kind, _ in sections))


@dataclass(frozen=True)
class ParsedAction:
    """``tool_name {json}`` taken apart.

    Attributes:
        tool: the tool name (may be unknown to the registry; the runner reports that).
        arguments: the JSON object, or ``{"raw_input": text}`` when the text after the name is not a JSON object.
        raw: whether ``arguments`` is the ``raw_input`` fallback.
        trailing: junk continuing the JSON object on its line (``search {"query": "x"}}``: ``"}"``) — the object was
            read, but the action as written is malformed (the loop feeds it back as a format error, never runs it).
            A «.», prose after a space or a later line («PAUSE», «Observation: …») is no junk.
    """

    tool: str
    arguments: dict[str, Any]
    raw: bool = False
    trailing: str = ""


def parse_action(action_text: str) -> ParsedAction | None:
    """Parse an action; ``None`` when there is no tool name at all.

    Accepted: ``search {"query": "отпуск"}``, ``search({"query": "отпуск"})``, ``search: {...}``, ``search`` (no
    arguments), the JSON on the next line or in a code fence, a Python-style dict (``{'query': 'отпуск'}``),
    ``search[отпуск]``, free text after the name (→ ``raw_input``), and the JSON action objects of other agent
    formats: ``{"tool"|"name"|"action": "search", "arguments"|"parameters"|"args"|"action_input"|"input": ...}``
    (also OpenAI's ``{"function": {"name", "arguments"}}``).
    """
    text = _clean(action_text)
    if text.startswith("{"):
        found = _action_object(_loads(text))
        return replace(found, trailing=_after_json(text)) if found is not None else None
    match = _ACTION_HEAD_RE.match(text)
    if match is None:
        return None
    name, rest = match.group("name"), match.group("rest").strip()
    if rest.startswith(("(", ":")):
        rest = rest[1:].strip()
        if rest.endswith(")"):
            rest = rest[:-1].strip()
    rest = rest.strip("`").strip()
    if not rest:
        return ParsedAction(name, {})
    value = _loads(rest)
    if isinstance(value, dict):
        return ParsedAction(name, value, trailing=_after_json(rest))
    if isinstance(value, str):
        raw = value
    elif value is None and rest.startswith("[") and rest.endswith("]"):
        raw = rest[1:-1].strip()  # search[отпуск] — the bracket style of classic ReAct prompts
    else:
        raw = rest
    return ParsedAction(name, {"raw_input": raw}, raw=True)


# What may continue a JSON value on its line and make the action as written malformed: a bracket or quote too
# many, a comma/colon of a second value, another object or list.
_JSON_CONTINUATION = tuple("}])\"',:{[")


def _after_json(text: str) -> str:
    """The junk that continues the JSON value ``text`` opens with on its own line: a closing bracket or quote too
    many, a second value («}}», «], {…}», «"x"»), or a word glued to it.  ``""`` when nothing follows, when what
    follows is a sentence end («.»), prose after a space («(ищу в базе)») or anything on a later line
    («PAUSE», «Observation: …», a sentence) — the object is the action then — and when ``text`` is no JSON value
    (the caller's other readings apply)."""
    try:
        _, end = json.JSONDecoder().raw_decode(text)
    except ValueError:
        return ""
    line = text[end:].split("\n", 1)[0]
    rest = line.strip()
    if rest.startswith(_JSON_CONTINUATION) or (line[:1].isalnum() or line[:1] == "_"):
        return rest
    return ""


def _loads(text: str) -> Any:
    """``text`` as JSON (or the first JSON value in it, or a Python literal); ``None`` when it is none of these."""
    import ast

    from agentcore.llm import extract_json

    for attempt in (lambda: json.loads(text), lambda: json.loads(extract_json(text))):
        try:
            return attempt()
        except ValueError:
            pass
    if text.startswith(("{", "[")):
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
    return None


_NAME_KEYS = ("tool", "name", "action", "tool_name")
_ARGUMENT_KEYS = ("arguments", "parameters", "args", "action_input", "input", "tool_input")


def _action_object(value: Any) -> ParsedAction | None:
    """A JSON action object (see :func:`parse_action`) as a :class:`ParsedAction`; ``None`` without a tool name."""
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("function"), dict):
        value = value["function"]
    name = next((value[key] for key in _NAME_KEYS if isinstance(value.get(key), str) and value[key].strip()), None)
    if name is None:
        return None
    arguments = next((value[key] for key in _ARGUMENT_KEYS if key in value), None)
    if isinstance(arguments, str):
        parsed = _loads(arguments)
        arguments = parsed if isinstance(parsed, dict) else arguments
    if arguments is None:
        return ParsedAction(name.strip(), {})
    if isinstance(arguments, dict):
        return ParsedAction(name.strip(), arguments)
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
    return ParsedAction(name.strip(), {"raw_input": raw}, raw=True)


def _parameters_line(schema: dict[str, Any]) -> str:
    properties = schema.get("properties") or {}
    if not properties:
        return "без параметров"
    required = set(schema.get("required") or [])
    parts = []
    for name, spec in properties.items():
        kind = spec.get("type") or ("/".join(s.get("type", "?") for s in spec.get("anyOf", [])) or "any")
        if kind == "array" and isinstance(spec.get("items"), dict):
            kind = f"array of {spec['items'].get('type', 'any')}"
        note = "обязательный" if name in required else "необязательный"
        description = spec.get("description")
        parts.append(f"{name} ({kind}, {note})" + (f" — {description}" if description else ""))
    return "; ".join(parts)


def render_tools(tools: Iterable[Tool]) -> str:
    """Every tool as ``- name: purpose`` plus a line of its parameters, for a system prompt."""
    lines = []
    for tool in tools:
        lines.append(f"- {tool.name}: {tool.description}")
        lines.append(f"  Параметры: {_parameters_line(tool.parameters_schema)}")
    return "\n".join(lines)


def build_system_prompt(
    role: str, tools: Iterable[Tool], rules: Sequence[str] = (), examples: Sequence[str] = ()
) -> str:
    """The ReAct system prompt: role, format, tools (purpose and parameters), rules, examples."""
    parts = [
        role.strip(),
        "Работай по формату ReAct. На каждом шаге пиши:\n"
        "Thought: твоё рассуждение — что уже известно и что делать дальше\n"
        'Action: имя_инструмента {"параметр": "значение"}\n'
        "После Action остановись: результат придёт сообщением Observation.\n"
        "Когда данных достаточно, вместо Action напиши:\n"
        "Thought: почему можно отвечать\n"
        "FinalAnswer: ответ пользователю",
        "Доступные инструменты:\n" + render_tools(tools),
    ]
    if rules:
        parts.append("Правила:\n" + "\n".join(f"{i}. {rule}" for i, rule in enumerate(rules, start=1)))
    if examples:
        parts.append("Примеры:\n\n" + "\n\n".join(example.strip() for example in examples))
    return "\n\n".join(parts)


def format_observation(result: ToolResult, limit: int = OBSERVATION_CHARS) -> str:
    """A tool result as the model should read it: the value's own ``observation()`` text when it has one, else its
    content; errors as ``Ошибка: <message>``; cut to ``limit`` characters (with ``…``)."""
    if not result.ok:
        return truncate(f"Ошибка: {result.error}", limit)
    render = getattr(result.value, "observation", None)
    text = render() if callable(render) else result.content
    return truncate(str(text), limit)


@dataclass
class AgentAction:
    """One executed action (seed 002 ``_execute_action`` result).

    Attributes:
        tool: the tool called.
        arguments: what it was called with (validated when valid).
        call_id: the id that ties ``tool_invoked`` and ``observation`` together.
        result: the runner's result.
        observation: the text the model reads.
        origin: ``model`` or ``control``.
    """

    tool: str
    arguments: dict[str, Any]
    call_id: str
    result: ToolResult
    observation: str
    origin: Origin = "model"

    @property
    def ok(self) -> bool:
        """Whether the tool succeeded."""
        return self.result.ok


@dataclass(frozen=True)
class HeldThought:
    """The model's thought of a FinalAnswer step (``step``), held until the run's final answer is checked, and the
    ``answer`` it came with."""

    step: int
    text: str
    answer: str


@dataclass
class ReActRun:
    """What one run of a :class:`ReActAgent` carries.

    Attributes:
        question: the user's question.
        request_id: the run's id.
        max_steps: the step limit.
        events: builds this run's events.
        emit: hands an event to the stream.
        history: the conversation after the system prompt (user question, model replies, observations).
        step: the current step number.
        actions: every executed action, in order.
        prior: earlier turns of the conversation, put before the question.
        after: messages that follow the question (a replayed client tool call and its result).
        client: the client's tools (``None``: none).
        instructions: the client's instructions (system / developer text), added to the system prompt (``None``:
            none).
        calls: how many times each (tool, arguments) was chosen by the model.
        client_calls: client tool calls made so far.
        held_thoughts: the model's thoughts of its FinalAnswer steps not streamed yet — each is streamed once the
            run's final answer is checked (:meth:`ReActAgent.release_thought`), also when a refinement round asked
            the model to rewrite that answer.
    """

    question: str
    request_id: str
    max_steps: int
    events: EventFactory
    emit: Any
    history: list[LLMMessage] = field(default_factory=list)
    step: int = 0
    actions: list[AgentAction] = field(default_factory=list)
    prior: list[LLMMessage] = field(default_factory=list)
    after: list[LLMMessage] = field(default_factory=list)
    client: ClientTools | None = None
    instructions: str | None = None
    calls: dict[str, int] = field(default_factory=dict)
    client_calls: int = 0
    held_thoughts: list[HeldThought] = field(default_factory=list)


class ReActAgent:
    """A ReAct agent over the core gateway and tool runner, streaming step events.

    Args:
        gateway: a :class:`~agentcore.llm.gateway.SimpleLLMGateway` / ``LLMGateway``.
        tools: the tools (a registry or an iterable of tools).
        model: the model name (``None``: the provider's default).
        max_steps: the default step limit of a run.
        tool_timeout: seconds per tool call.
        token_budget: ``max_tokens`` of each model call (``None``: the provider's default).
        run_token_budget: total tokens of every model call of one run (``None``: no limit); each call's
            ``max_tokens`` is capped at what is left.
        observation_chars: how much of a tool result the model reads.
        preview_chars: how much of it an ``observation`` event carries.

    Subclasses set :attr:`agent_name`, :attr:`llm_step`, implement :meth:`system_prompt` and may override the hooks.
    """

    agent_name = "react"
    llm_step = "react"

    def __init__(
        self,
        gateway: Any,
        tools: ToolRegistry | Iterable[Tool],
        *,
        model: str | None = None,
        max_steps: int = 8,
        tool_timeout: float = 5.0,
        token_budget: int | None = None,
        observation_chars: int = OBSERVATION_CHARS,
        preview_chars: int = PREVIEW_CHARS,
        run_token_budget: int | None = None,
    ) -> None:
        self.gateway = gateway
        self.tools = tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools)
        self.model = model or None
        self.max_steps = max_steps
        self.runner = ToolRunner(timeout=tool_timeout)
        self.tool_timeout = tool_timeout
        self.token_budget = token_budget
        self.run_token_budget = run_token_budget
        self.observation_chars = observation_chars
        self.preview_chars = preview_chars
        self._current: ContextVar[ReActRun] = ContextVar(f"react_run_{id(self)}")

    # ------------------------------------------------------------------------------------ prompt
    def system_prompt(self) -> str:
        """The system prompt (override): by default the generic ReAct format and the tools."""
        return build_system_prompt("Ты — агент, который решает задачу с помощью инструментов.", self.tools)

    # ------------------------------------------------------------------------------------ running
    @property
    def run_context(self) -> ReActRun:
        """The run being executed (inside a run only).

        Raises:
            LookupError: called outside a run.
        """
        return self._current.get()

    def new_run(self, question: str, request_id: str | None, max_steps: int, emit: Any, **options: Any) -> ReActRun:
        """The run object (override to carry more state; ``options`` are those given to :meth:`stream`)."""
        events = EventFactory(self.agent_name, request_id, max_steps=max_steps)
        return ReActRun(question=question, request_id=events.request_id, max_steps=max_steps, events=events, emit=emit)

    async def stream(
        self, question: str, *, request_id: str | None = None, max_steps: int | None = None, **options: Any
    ) -> AsyncGenerator[AgentStepEvent, None]:
        """Answer ``question``, yielding step events live; the last one is ``final`` or ``error``.

        Closing the iterator (or cancelling its consumer) cancels the run.  ``options`` go to :meth:`new_run`, except
        ``history`` (earlier turns, :class:`LLMMessage` list, put before the question), ``after`` (messages after
        the question: a replayed client tool call and its result), ``instructions`` (the client's system / developer
        text, put into the system prompt) and ``client_tools`` (:class:`ClientTools`).
        Every model call of the run is metered (:mod:`agentcore.llm._usage`) under ``run_token_budget``.
        """
        steps = max_steps or self.max_steps
        factory: list[EventFactory] = []
        prior = list(options.pop("history", None) or [])
        after = list(options.pop("after", None) or [])
        client = options.pop("client_tools", None)
        instructions = options.pop("instructions", None) or None

        async def produce(emit: Any) -> None:
            run = self.new_run(question, request_id, steps, emit, **options)
            run.prior, run.after, run.client, run.instructions = prior, after, client, instructions
            factory.append(run.events)
            self._current.set(run)
            with metering(budget=self.run_token_budget):
                await self.execute(run)

        def fallback(exc: BaseException | None) -> AgentStepEvent:
            events = factory[0] if factory else EventFactory(self.agent_name, request_id, steps)
            step = self._current_step()
            if exc is None:
                return events.error(step, "Агент завершил работу без ответа.", "internal_error")
            return events.error(step, f"Внутренняя ошибка агента: {type(exc).__name__}", "internal_error")

        async for event in event_channel(produce, fallback):
            yield event

    def _current_step(self) -> int:
        try:
            return self._current.get().step
        except LookupError:
            return 0

    async def execute(self, run: ReActRun) -> None:
        """The loop: ask, parse, act or finish, until a terminal event is emitted."""
        run.history.extend(run.prior)
        run.history.append(LLMMessage(role="user", content=run.question))
        run.history.extend(run.after)
        while run.step < run.max_steps:
            meter = current_meter()
            if meter is not None and meter.exhausted:
                await self._budget_exhausted(run)
                return
            run.step += 1
            step = run.step
            await run.emit(run.events.step_started(step))
            try:
                reply = await self._generate_step(run.history, run.request_id, step)
            except TokenBudgetExhausted as exc:
                await self._budget_exhausted(run, exc)
                return
            except LLMError as exc:
                logger.error("%s._generate_step // LLM Error: %s", self.agent_name, exc)
                await run.emit(run.events.llm_error(step, exc))
                return
            parsed = parse_react(reply)
            final = parsed.final_answer
            action = parse_action(parsed.action) if parsed.action else None
            if action is not None and action.tool.lower() in FINAL_ACTION_NAMES:
                final = _final_from_action(action) or final
                action = None
            problem = self._format_problem(run, reply, parsed, action)
            if problem is None and action is None and final is None:
                problem = "в строке Action нет имени инструмента" if parsed.action else "нет ни Action, ни FinalAnswer"
            if parsed.thought and problem is None and action is None and final is not None:
                run.held_thoughts.append(HeldThought(step, parsed.thought, final))  # streamed once checked
            elif parsed.thought:
                await run.emit(run.events.thought(step, parsed.thought))
            if problem is not None:
                await run.emit(run.events.thought(step, f"Ответ модели не по формату: {problem}", origin="control"))
                run.history.append(LLMMessage(role="assistant", content=reply.strip() or "(пустой ответ)"))
                run.history.append(LLMMessage(role="user", content=self._format_error(problem)))
                continue
            if action is not None:
                key = self._call_key(action.tool, action.arguments)
                run.calls[key] = run.calls.get(key, 0) + 1
                if run.calls[key] >= REPEAT_LIMIT:
                    await run.emit(
                        run.events.thought(
                            step,
                            f"Модель в {REPEAT_LIMIT}-й раз вызывает {action.tool} с теми же аргументами: "
                            "цикл остановлен, отвечаю по тому, что уже собрано",
                            origin="control",
                        )
                    )
                    await self.on_loop_stopped(run)
                    return
            client = run.client
            if action is not None and client is not None and client.reaches_client(action.tool, self._own_tools):
                run.history.append(LLMMessage(role="assistant", content=_up_to_action(reply)))
                observation = await self._call_client_tool(run, action)
                run.history.append(LLMMessage(role="user", content=f"Observation: {observation}"))
                continue
            if action is not None:
                run.history.append(LLMMessage(role="assistant", content=_up_to_action(reply)))
                executed = await self._execute_action(parsed.action or "", run.request_id, step)
                notes = []
                if parsed.extra_actions:
                    notes.append(
                        f"В ответе было действий: {parsed.extra_actions + 1}; выполнено только первое. "
                        "Пиши одно действие за шаг."
                    )
                observation = executed.observation if executed else "Ошибка: не удалось разобрать действие."
                follow_up = await self.after_action(run, executed) if executed else None
                text = "\n".join([f"Observation: {observation}", *notes, *([follow_up] if follow_up else [])])
                run.history.append(LLMMessage(role="user", content=text))
                continue
            if final is not None:
                run.history.append(LLMMessage(role="assistant", content=reply))
                done = await self.on_final_answer(run, final)
                if done is not None:
                    await self.release_thought(run)  # not released by a check: as written
                    await run.emit(done)
                    return
                continue  # a rewrite asked for: the thought stays held until the final answer is checked
        await self.on_max_steps(run)

    # -------------------------------------------------------------------------- seed-002 methods
    async def _generate_step(self, conversation_history: list[LLMMessage], request_id: str, step: int) -> str:
        """The model's next reply for the conversation so far (system prompt prepended, with the client's
        instructions and tools when the run has any).

        Raises:
            LLMError: the provider failed (:class:`TokenBudgetExhausted`: the run's budget is spent).
        """
        system = self.system_prompt()
        run = self._current.get(None)
        if run is not None and run.instructions:
            system = f"{system}\n\n{INSTRUCTIONS_LABEL}\n{run.instructions}"
        if run is not None and run.client is not None and run.client.tools:
            system = f"{system}\n\n{run.client.prompt_section(self._own_tools)}"
        messages = [LLMMessage(role="system", content=system), *conversation_history]
        request = LLMRequest(
            model=self.model,
            messages=messages,
            step=self.llm_step,
            max_tokens=self.token_budget,
        )
        logger.debug("%s._generate_step // %s step %d: asking the model", self.agent_name, request_id, step)
        response = await self.gateway.request(request)
        return response.content or ""

    def _parse_llm_response(self, response: str) -> tuple[str | None, str | None, str | None]:
        """``(thought, action, final_answer)`` of a model reply (see :func:`parse_react`)."""
        parsed = parse_react(response)
        return parsed.thought, parsed.action, parsed.final_answer

    async def _execute_action(self, action_text: str, request_id: str, step: int) -> AgentAction | None:
        """Parse ``tool_name {json}`` and run it through the tool runner; ``None`` when there is no tool name.

        Invalid JSON becomes ``{"raw_input": text}``; unknown tools, invalid arguments, failures and timeouts come
        back as error observations (the run goes on).
        """
        parsed = parse_action(action_text)
        if parsed is None:
            return None
        return await self.call_tool(parsed.tool, parsed.arguments, origin="model")

    def _format_observation(self, tool_response: ToolResult) -> str:
        """A tool result as readable, truncated text (see :func:`format_observation`)."""
        return format_observation(tool_response, self.observation_chars)

    # ------------------------------------------------------------------------------- tool calls
    def _call_key(self, tool: str, arguments: dict[str, Any]) -> str:
        """A call as the repeat limit compares calls: the tool and the arguments it would run with (validated:
        defaults filled in, values coerced — ``{"query": "x"}`` and ``{"query": "x", "mode": null}`` are one call),
        every string casefolded with its spaces collapsed.  Arguments the tool refuses are compared as written."""
        validated, _ = self.runner.validate(self.tools, tool, arguments)
        return f"{tool}\u0000{json.dumps(_normalised(validated), ensure_ascii=False, sort_keys=True, default=str)}"

    async def call_tool(self, tool: str, arguments: dict[str, Any], *, origin: Origin = "control") -> AgentAction:
        """Run one tool inside the current run, emitting ``tool_invoked`` and ``observation``."""
        run = self.run_context
        call_id = LLMToolCall(name=tool).id
        validated, _ = self.runner.validate(self.tools, tool, arguments)
        await run.emit(run.events.tool_invoked(run.step, tool, validated, call_id, origin))
        result = await self.runner.run_by_name(self.tools, tool, arguments, timeout=self.timeout_for(tool))
        observation = self._format_observation(result)
        await run.emit(
            run.events.observation(
                run.step,
                tool,
                call_id,
                ok=result.ok,
                text=observation,
                preview_chars=self.preview_chars,
                elapsed_ms=result.elapsed_ms,
                error=result.error,
            )
        )
        action = AgentAction(tool, validated, call_id, result, observation, origin)
        run.actions.append(action)
        return action

    def timeout_for(self, tool: str) -> float:
        """Seconds a call of ``tool`` may take (override for tools that call a model themselves)."""
        return self.tool_timeout

    async def _call_client_tool(self, run: ReActRun, action: ParsedAction) -> str:
        """Ask the client to run its tool: emit ``client_tool``, wait for the result, emit ``observation``."""
        assert run.client is not None
        call_id = LLMToolCall(name=action.tool).id
        await run.emit(run.events.client_tool(run.step, action.tool, action.arguments, call_id))
        output = await run.client.call(call_id)
        run.client_calls += 1
        observation = truncate(output, self.observation_chars)
        await run.emit(
            run.events.observation(
                run.step, action.tool, call_id, ok=True, text=observation, preview_chars=self.preview_chars
            )
        )
        return observation

    # -------------------------------------------------------------------------------- format check
    @property
    def _own_tools(self) -> set[str]:
        return {tool.name for tool in self.tools}

    def _known_tools(self, run: ReActRun) -> set[str]:
        return self._own_tools | (run.client.names if run.client is not None else set())

    def _format_problem(self, run: ReActRun, reply: str, parsed: ReActParse, action: ParsedAction | None) -> str | None:
        """Why ``reply`` cannot be acted on or taken as the answer (``None``: it can)."""
        if not reply.strip():
            return "пустой ответ"
        if not parsed.labelled:
            head = _BARE_ACTION_RE.match(_clean(reply))
            if head is not None and head.group("name") in self._known_tools(run):
                return f"строка действия без метки Action: ({truncate(reply.strip(), 80)})"
        if parsed.empty_final:
            return "после FinalAnswer: нет ответа"
        if parsed.action and action is None and parsed.action.strip().startswith(("{", "[")):
            return "JSON действия не разобран (проверь скобки и кавычки)"
        if action is not None and action.trailing:
            return f"после JSON-объекта аргументов лишний текст ({truncate(action.trailing, 40)}): непарные скобки?"
        if action is not None and action.raw:
            raw = str(action.arguments.get("raw_input", "")).strip()
            if raw.startswith(("{", "[")) or raw.count("{") != raw.count("}") or raw.count("[") != raw.count("]"):
                return "аргументы действия — не JSON-объект: непарные скобки или кавычки"
        return None

    def _format_error(self, problem: str) -> str:
        """The observation that explains a format error, with an example built from a real tool."""
        tool = next(iter(self.tools), None)
        example = "search"
        argument = "query"
        if tool is not None:
            example = tool.name
            properties = list((tool.parameters_schema.get("properties") or {}).keys())
            required = tool.parameters_schema.get("required") or properties
            argument = required[0] if required else "query"
        return (
            f"Observation: Ошибка формата: {problem}. Действие не выполнено. Пиши строго так:\n"
            "Thought: что нужно узнать\n"
            f'Action: {example} {{"{argument}": "..."}}\n'
            "или, когда данных достаточно:\n"
            "Thought: почему можно отвечать\n"
            "FinalAnswer: ответ пользователю"
        )

    async def _budget_exhausted(self, run: ReActRun, exc: TokenBudgetExhausted | None = None) -> None:
        meter = current_meter()
        spent = meter.totals.total_tokens if meter is not None else 0
        why = ""
        if exc is not None and exc.prompt is not None:  # what is left cannot hold the next call's prompt
            why = f"; запрос следующего шага (≈{exc.prompt} токенов) не помещается в остаток ({exc.left})"
        await run.emit(
            run.events.thought(
                run.step,
                f"Исчерпан бюджет токенов запуска (AGENT_MAX_TOKENS = {self.run_token_budget}, израсходовано "
                f"{spent}{why}): модель больше не вызывается, отвечаю по тому, что уже собрано",
                origin="control",
            )
        )
        await self.on_budget_exhausted(run)

    async def release_thought(
        self, run: ReActRun, removed: Sequence[str] = (), shown: Sequence[str] | None = None
    ) -> None:
        """Stream the held thoughts of the model's FinalAnswer steps (once each, at their steps), the text of the
        claims the final check ``removed`` replaced by «[утверждение снято проверкой]» as in the run's trace
        (:func:`agentcore.agents._redaction.redact_claims`; issue 18: a claim not shown is never streamed).  With
        ``shown`` (the claims the final answer shows), so is every claim of the thought's own answer
        (:meth:`answer_claims`) not among them: a rewritten answer's, or the model's when the run answered from
        another text (the deadline's draft).  An agent that checks the answer calls it once its final answer is
        checked; the loop calls it (nothing removed) before a final event from :meth:`on_final_answer` for thoughts
        still held."""
        held, run.held_thoughts = run.held_thoughts, []
        kept = {claim_words(claim) for claim in shown or ()}
        for thought in held:
            claims = list(removed)
            if shown is not None:
                claims += [c for c in self.answer_claims(run, thought.answer) if claim_words(c) not in kept]
            text = redact_claims(thought.text, claims) if claims else thought.text
            await run.emit(run.events.thought(thought.step, text))

    def answer_claims(self, run: ReActRun, answer: str) -> list[str]:
        """The claims of the model's ``answer`` (for :meth:`release_thought`); none known by default."""
        return []

    # ------------------------------------------------------------------------------------- hooks
    async def after_action(self, run: ReActRun, action: AgentAction) -> str | None:
        """Called after every model-chosen action; may act further and return a note for the model."""
        return None

    async def on_final_answer(self, run: ReActRun, answer: str) -> FinalEvent | None:
        """Turn the model's final answer into the ``final`` event, or return ``None`` to continue the loop (after
        adding a message to ``run.history`` telling the model why)."""
        return run.events.final(run.step, answer, metadata={"steps": run.step, "actions": len(run.actions)})

    async def on_budget_exhausted(self, run: ReActRun) -> None:
        """The run's token budget is spent (a control thought has said so): emit the terminal event from what the
        run has, without calling the model (default: a ``final`` that says the answer is not ready)."""
        await run.emit(
            run.events.final(
                run.step,
                "Ответ не готов: исчерпан бюджет токенов запуска.",
                metadata={"steps": run.step, "actions": len(run.actions), "budget_exhausted": True},
            )
        )

    async def on_loop_stopped(self, run: ReActRun) -> None:
        """The loop was stopped (the same call repeated; a control thought has said so): emit the terminal event
        (default: what :meth:`on_max_steps` does)."""
        await self.on_max_steps(run)

    async def on_max_steps(self, run: ReActRun) -> None:
        """The step limit is reached: emit the terminal event (default: an ``error``)."""
        await run.emit(
            run.events.error(
                run.step,
                f"Не удалось получить ответ: превышено максимальное число шагов ({run.max_steps}).",
                "max_steps",
            )
        )


def _up_to_action(reply: str) -> str:
    """The reply without anything the model invented after its action (its own Observation and beyond)."""
    match = next((m for m in _LABEL_RE.finditer(reply) if m.group("observation")), None)
    return reply[: match.start()].rstrip() if match else reply.strip()


def _final_from_action(action: ParsedAction) -> str | None:
    for key in ("answer", "final_answer", "text", "raw_input"):
        value = action.arguments.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _normalised(value: Any) -> Any:
    """``value`` with every string casefolded («ё» as «е») and its whitespace collapsed, at any depth."""
    if isinstance(value, str):
        return " ".join(value.casefold().replace("ё", "е").split())
    if isinstance(value, dict):
        return {key: _normalised(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_normalised(item) for item in value]
    return value
