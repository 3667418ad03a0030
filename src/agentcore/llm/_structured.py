"""Structured output: ask for a pydantic model, get a validated instance.

Modes (``Settings.structured_output_mode`` or per call):

* ``json_schema`` — the provider's native JSON-schema response format (OpenAI-compatible, offline);
* ``function`` — a forced function call whose parameters are the schema (GigaChat's native way);
* ``prompted`` — instruct-and-parse: the schema goes into the prompt, the JSON object is cut out of the answer
  (code fences stripped) — for backends with neither;
* ``auto`` — the first the provider supports, in that order.

Invalid output is sent back to the model with the validation error (``retries`` times, default 2); then one
:class:`StructuredOutputError` carries the raw output and the error — the cause is never hidden.

The re-ask logic is written once, without I/O, as an *exchange*: a generator that yields the next
:class:`LLMRequest`, receives the :class:`LLMResponse` and finally returns the result.  :func:`run_exchange` drives
one with a blocking ``send`` (a caller's ``httpx.Client``), :func:`arun_exchange` with an async one (the gateways).
Free text that must pass a check (no invented numbers, restricted topics) uses :func:`checked_text_exchange`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Awaitable, Callable, Generator
from typing import Any, TypeAlias, TypeVar

from pydantic import BaseModel, ValidationError

from agentcore.config import StructuredMode
from agentcore.llm.errors import StructuredOutputError
from agentcore.llm.models import LLMMessage, LLMRequest, LLMResponse, LLMTool, ResponseFormat
from agentcore.llm.provider import Capabilities

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")
Send = Callable[[LLMRequest], Awaitable[LLMResponse]]
SendSync = Callable[[LLMRequest], LLMResponse]
Exchange: TypeAlias = Generator[LLMRequest, LLMResponse, R]
"""Yields the requests to send, receives each response, returns the result (see the module docstring)."""

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)
_NAME = re.compile(r"[^a-zA-Z0-9_-]")


def extract_json(text: str) -> str:
    """The first JSON object in ``text`` (inside a code fence if there is one), as a string.

    Raises:
        ValueError: there is no JSON object in the text.
    """
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for candidate in candidates:
        for match in re.finditer(r"\{", candidate):
            try:
                value, end = decoder.raw_decode(candidate, match.start())
            except ValueError:
                continue
            if isinstance(value, dict):
                return candidate[match.start() : end]
    raise ValueError("no JSON object found in the model output")


def schema_name(output_type: type[BaseModel]) -> str:
    """A name valid for OpenAI's ``json_schema.name`` and GigaChat function names."""
    return _NAME.sub("_", output_type.__name__)[:64] or "output"


def choose_mode(mode: StructuredMode, capabilities: Capabilities) -> StructuredMode:
    """Resolve ``auto`` against what the provider supports natively."""
    if mode != "auto":
        return mode
    if capabilities.json_schema:
        return "json_schema"
    if capabilities.forced_function and capabilities.native_tools:
        return "function"
    return "prompted"


def _prepare(request: LLMRequest, output_type: type[BaseModel], mode: StructuredMode) -> LLMRequest:
    schema = schema_of(output_type)
    name = schema_name(output_type)
    if mode == "json_schema":
        return request.model_copy(update={"response_format": ResponseFormat(name=name, schema_=schema)})
    if mode == "function":
        # GigaChat's functions take a self-contained schema: nested models are inlined instead of ``$ref``-ed.
        parameters = _inlined_schema(output_type)
        tool = LLMTool(name=name, description=output_type.__doc__ or f"Return {name}", parameters=parameters)
        return request.model_copy(update={"tools": [tool], "tool_choice": name})
    instruction = "Ответь ТОЛЬКО одним JSON-объектом без пояснений, строго по этой JSON-схеме:\n" + json.dumps(
        schema, ensure_ascii=False
    )
    return request.model_copy(update={"messages": [*request.messages, LLMMessage(role="user", content=instruction)]})


def _raw_output(response: LLMResponse, mode: StructuredMode) -> str | None:
    if mode == "function" and response.tool_calls:
        return response.tool_calls[0].arguments
    return response.content


def _feedback(response: LLMResponse, raw: str | None, error: str, mode: StructuredMode) -> list[LLMMessage]:
    text = f"Твой ответ не прошёл проверку по схеме: {error}\nИсправь ошибки и верни только корректный JSON-объект."
    if mode == "function" and response.tool_calls:
        call = response.tool_calls[0]
        return [
            LLMMessage(role="assistant", tool_calls=[call]),
            LLMMessage(
                role="tool",
                tool_call_id=call.id,
                name=call.name,
                content=json.dumps({"error": text}, ensure_ascii=False),
            ),
        ]
    return [LLMMessage(role="assistant", content=raw or ""), LLMMessage(role="user", content=text)]


def validate_output(raw: str | None, output_type: type[T]) -> T:
    """Validate raw model output (JSON possibly wrapped in prose or code fences) as ``output_type``.

    Raises:
        ValueError: no JSON object; pydantic.ValidationError: it does not fit the schema.
    """
    if raw is None or not raw.strip():
        raise ValueError("the model returned no content")
    try:
        return output_type.model_validate_json(raw)
    except ValidationError:
        return output_type.model_validate_json(extract_json(raw))


def structured_exchange(
    request: LLMRequest,
    output_type: type[T],
    *,
    mode: StructuredMode,
    capabilities: Capabilities,
    retries: int = 2,
) -> Exchange[T]:
    """The structured-output conversation without I/O: ask until the output validates as ``output_type``.

    Raises (from the generator):
        StructuredOutputError: still invalid after ``retries`` re-asks (carries raw output and the error).
    """
    resolved = choose_mode(mode, capabilities)
    prepared = _prepare(request, output_type, resolved)
    raw: str | None = None
    error = ""
    for attempt in range(1, retries + 2):
        response = yield prepared
        raw = _raw_output(response, resolved)
        if resolved == "function" and not response.tool_calls:
            raw = response.content  # the model answered in text instead of calling: still try to use it
        try:
            return validate_output(raw, output_type)
        except (ValueError, ValidationError) as exc:
            error = error_summary(exc)
        if attempt <= retries:
            prepared = prepared.model_copy(
                update={"messages": [*prepared.messages, *_feedback(response, raw, error, resolved)]}
            )
    raise StructuredOutputError(f"output did not validate as {output_type.__name__}", raw, error, attempts=retries + 1)


def checked_text_exchange(
    request: LLMRequest, check: Callable[[str], list[str]], *, retries: int = 1
) -> Exchange[tuple[str, list[str]]]:
    """A free-text answer that must pass ``check`` (which lists the problems of a text, Russian, empty = fine).

    A failing answer goes back to the model with the problems, ``retries`` times.  Returns ``(text, problems)``
    of the last answer: the caller decides what to do with one that still fails (cut it, fall back).
    """
    prepared = request
    text, problems = "", ["пустой ответ"]
    for attempt in range(1, retries + 2):
        response = yield prepared
        text = (response.content or "").strip()
        problems = check(text) if text else ["пустой ответ"]
        if not problems:
            return text, []
        if attempt <= retries:
            feedback = (
                "Ответ нарушает ограничения:\n- "
                + "\n- ".join(problems)
                + "\nПерепиши ответ целиком, соблюдая все ограничения."
            )
            prepared = prepared.model_copy(
                update={
                    "messages": [
                        *prepared.messages,
                        LLMMessage(role="assistant", content=text),
                        LLMMessage(role="user", content=feedback),
                    ]
                }
            )
    return text, problems


def run_exchange(exchange: Exchange[R], send: SendSync) -> R:
    """Drive ``exchange`` with a blocking ``send``; errors of ``send`` and of the exchange pass through."""
    try:
        request = next(exchange)
    except StopIteration as stop:  # an exchange may answer without asking (a refused question)
        done: R = stop.value
        return done
    while True:
        response = send(request)
        try:
            request = exchange.send(response)
        except StopIteration as stop:
            result: R = stop.value
            return result


async def arun_exchange(exchange: Exchange[R], send: Send) -> R:
    """Drive ``exchange`` with an async ``send``."""
    try:
        request = next(exchange)
    except StopIteration as stop:  # an exchange may answer without asking (a refused question)
        done: R = stop.value
        return done
    while True:
        response = await send(request)
        try:
            request = exchange.send(response)
        except StopIteration as stop:
            result: R = stop.value
            return result


async def parse_structured(
    send: Send,
    request: LLMRequest,
    output_type: type[T],
    *,
    mode: StructuredMode,
    capabilities: Capabilities,
    retries: int = 2,
) -> T:
    """Ask through ``send`` until the output validates as ``output_type``.

    Raises:
        StructuredOutputError: still invalid after ``retries`` re-asks (carries raw output and the error).
        LLMError: transport/provider errors pass through untouched.
    """
    exchange = structured_exchange(request, output_type, mode=mode, capabilities=capabilities, retries=retries)
    return await arun_exchange(exchange, send)


def error_summary(exc: Exception) -> str:
    """A short one-line description of a validation error (``field.path: message; ...``)."""
    if isinstance(exc, ValidationError):
        parts = []
        for item in exc.errors(include_url=False):
            location = ".".join(str(p) for p in item.get("loc", ())) or "<root>"
            parts.append(f"{location}: {item.get('msg')}")
        return "; ".join(parts)
    return str(exc)


@functools.lru_cache(maxsize=256)
def schema_of(output_type: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema sent to the model for ``output_type``.

    Cached per type (generating it costs ~10 ms, most of a structured call's own overhead); the dict is shared:
    treat it as read-only.
    """
    return output_type.model_json_schema()


@functools.lru_cache(maxsize=256)
def _inlined_schema(output_type: type[BaseModel]) -> dict[str, Any]:
    return inline_refs(schema_of(output_type))


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every local ``$ref`` (``#/$defs/...``) replaced by the definition it points to.

    Recursive models cannot be inlined: a reference met again inside its own definition is left as it is, and the
    ``$defs`` it needs are kept.
    """
    definitions = schema.get("$defs", {})
    unresolved: set[str] = set()

    def resolve(node: Any, active: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.removeprefix("#/$defs/")
                if name in definitions and name not in active:
                    merged = {**definitions[name], **{k: v for k, v in node.items() if k != "$ref"}}
                    return resolve(merged, (*active, name))
                unresolved.add(name)
                return node
            return {k: resolve(v, active) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [resolve(item, active) for item in node]
        return node

    result: dict[str, Any] = resolve(schema, ())
    if unresolved:
        result["$defs"] = definitions
    return result


def json_schema_exchange(
    request: LLMRequest,
    schema: dict[str, Any] | None,
    *,
    name: str = "output",
    strict: bool = False,
    mode: StructuredMode,
    capabilities: Capabilities,
    retries: int = 2,
) -> Exchange[dict[str, Any]]:
    """Like :func:`structured_exchange` for a JSON Schema given as data (a client's ``response_format``):
    the output must be a JSON object valid against ``schema`` (``None``: any JSON object — ``json_object``).

    Raises (from the generator):
        StructuredOutputError: still invalid after ``retries`` re-asks.
    """
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema) if schema is not None else None
    resolved = choose_mode(mode, capabilities)
    if schema is None or (resolved == "function" and schema.get("type") != "object"):
        resolved = "prompted"
    clean = _NAME.sub("_", name)[:64] or "output"
    if resolved == "json_schema":
        assert schema is not None
        prepared = request.model_copy(
            update={"response_format": ResponseFormat(name=clean, schema_=schema, strict=strict)}
        )
    elif resolved == "function":
        assert schema is not None
        tool = LLMTool(name=clean, description=f"Return {clean}", parameters=schema)
        prepared = request.model_copy(update={"tools": [tool], "tool_choice": clean})
    else:
        shape = json.dumps(schema, ensure_ascii=False) if schema is not None else "любой JSON-объект"
        instruction = f"Ответь ТОЛЬКО одним JSON-объектом без пояснений, строго по этой JSON-схеме:\n{shape}"
        prepared = request.model_copy(
            update={"messages": [*request.messages, LLMMessage(role="user", content=instruction)]}
        )
    raw: str | None = None
    error = ""
    for attempt in range(1, retries + 2):
        response = yield prepared
        raw = _raw_output(response, resolved) if response.tool_calls or resolved != "function" else response.content
        try:
            if raw is None or not raw.strip():
                raise ValueError("the model returned no content")
            try:
                value = json.loads(raw)
            except ValueError:
                value = json.loads(extract_json(raw))
            if not isinstance(value, dict):
                raise ValueError("the output is not a JSON object")
            if validator is not None:
                problem = jsonschema.exceptions.best_match(validator.iter_errors(value))
                if problem is not None:
                    where = "/".join(str(p) for p in problem.absolute_path) or "(корень)"
                    raise ValueError(f"{where}: {problem.message}")
            return value
        except ValueError as exc:
            error = str(exc)
        if attempt <= retries:
            prepared = prepared.model_copy(
                update={"messages": [*prepared.messages, *_feedback(response, raw, error, resolved)]}
            )
    raise StructuredOutputError(f"output did not validate against the schema {clean!r}", raw, error, retries + 1)
