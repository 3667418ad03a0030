"""Runs tool calls safely: parse, validate, execute under a timeout; every failure becomes an error result.

The model gets :attr:`ToolResult.content` back either way, so one bad call never ends an agent loop
(seed 001: "при ошибке выполнения tool — добавить error message в сообщения как tool result").
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from agentcore.llm.models import LLMMessage, LLMToolCall
from agentcore.tools.base import Tool
from agentcore.tools.errors import ToolError, ToolTimeoutError
from agentcore.tools.registry import ToolRegistry
from agentcore.util.truncate import ELLIPSIS, truncate

__all__ = ["ToolResult", "ToolRunner", "to_content"]

logger = logging.getLogger("agentcore.tools")

ERROR_PREFIX = "Error: "


def to_content(value: Any) -> str:
    """The text the model sees for a tool's return value.

    ``str`` is returned as is; pydantic models, dicts, lists and other data become JSON (``ensure_ascii=False``;
    datetimes, dataclasses, sets and the like via pydantic's JSON encoding, anything else via ``str``).
    Never raises: data that cannot be encoded (a circular reference) falls back to ``str(value)``.
    """
    if isinstance(value, str):
        return value
    try:
        if isinstance(value, BaseModel):
            return value.model_dump_json()
        return json.dumps(to_jsonable_python(value, fallback=str), ensure_ascii=False)
    except Exception:
        return str(value)


@dataclass(frozen=True)
class ToolResult:
    """The outcome of one tool call.

    Attributes:
        tool_name: the tool that was asked for.
        ok: ``True`` when the tool returned normally.
        value: what the tool returned (``None`` on error).
        error: the error message (``None`` on success).
        content: what goes back to the model: :func:`to_content` of the value, or ``"Error: <message>"``.
        elapsed_ms: wall time of the call in milliseconds.
        log_chars: the default length of :meth:`preview`.
    """

    tool_name: str
    ok: bool
    value: Any = None
    error: str | None = None
    content: str = ""
    elapsed_ms: float = 0.0
    log_chars: int = field(default=200, repr=False, compare=False)

    @classmethod
    def success(cls, tool_name: str, value: Any, elapsed_ms: float = 0.0, log_chars: int = 200) -> ToolResult:
        """A successful result; ``content`` is derived from ``value``."""
        return cls(tool_name, True, value, None, to_content(value), elapsed_ms, log_chars)

    @classmethod
    def failure(cls, tool_name: str, error: str, elapsed_ms: float = 0.0, log_chars: int = 200) -> ToolResult:
        """An error result; ``content`` is ``"Error: <error>"``."""
        return cls(tool_name, False, None, error, ERROR_PREFIX + error, elapsed_ms, log_chars)

    def preview(self, n: int | None = None) -> str:
        """The first ``n`` (default ``log_chars``) characters of ``content`` plus ``…`` when longer, for logs."""
        return _preview(self.content, self.log_chars if n is None else n)

    def to_message(self, tool_call_id: str | None = None) -> LLMMessage:
        """The ``tool`` message that answers the model's call ``tool_call_id``."""
        return LLMMessage(role="tool", content=self.content, tool_call_id=tool_call_id, name=self.tool_name)


def _preview(text: str, n: int) -> str:
    # n characters of the text itself, then the marker: the marker is not counted in n.
    return truncate(text, n + len(ELLIPSIS))


def _parse_arguments(arguments: Mapping[str, Any] | str | None) -> dict[str, Any]:
    """The arguments as a dict.

    Raises:
        ToolError: not JSON, not an object, or an unsupported type; the message is for the model.
    """
    if arguments is None:
        return {}
    if isinstance(arguments, Mapping):
        return dict(arguments)
    if isinstance(arguments, str | bytes):
        if not arguments.strip():
            return {}
        try:
            value = json.loads(arguments)
        except ValueError as exc:
            raise ToolError(f"Invalid JSON arguments: {exc}") from None
        if not isinstance(value, dict):
            raise ToolError(f"Invalid JSON arguments: expected a JSON object, got {type(value).__name__}")
        return value
    raise ToolError(f"Invalid JSON arguments: expected a JSON object, got {type(arguments).__name__}")


def _error_message(exc: BaseException) -> str:
    if isinstance(exc, ToolError):
        return str(exc) or type(exc).__name__
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class ToolRunner:
    """Executes tools with argument parsing, validation, a timeout and error isolation.

    Args:
        timeout: seconds a call may take (``None``: no limit).
        log_chars: how much of a result the debug log (and :meth:`ToolResult.preview`) shows.
    """

    def __init__(self, timeout: float | None = 30.0, log_chars: int = 200) -> None:
        if timeout is not None and timeout <= 0:
            raise ValueError(f"timeout must be > 0 or None, got {timeout}")
        if log_chars < 0:
            raise ValueError(f"log_chars must be >= 0, got {log_chars}")
        self.timeout = timeout
        self.log_chars = log_chars

    async def run(
        self,
        tool: Tool,
        arguments: Mapping[str, Any] | str | None,
        *,
        timeout: float | None = None,
    ) -> ToolResult:
        """Call ``tool`` with ``arguments`` (a dict, a JSON object string as the model sends it, or ``None``).

        Args:
            tool: the tool.
            arguments: its arguments.
            timeout: overrides the runner's timeout for this call.

        Returns:
            a :class:`ToolResult`; invalid JSON, invalid arguments, exceptions and timeouts all become error
            results.  Only cancellation of the calling task propagates.
        """
        name = getattr(tool, "name", type(tool).__name__)
        limit = self.timeout if timeout is None else timeout
        started = time.perf_counter()
        try:
            kwargs = tool.validate_arguments(_parse_arguments(arguments))
        except ToolError as exc:
            return self._failed(name, exc, started, expected=True)
        except Exception as exc:
            return self._failed(name, exc, started, expected=False)
        logger.debug("ToolRunner.run // %s called with %s", name, _preview(to_content(kwargs), self.log_chars))
        deadline = asyncio.timeout(limit)
        try:
            async with deadline:
                value = await tool.execute(**kwargs)
        except TimeoutError as exc:
            if deadline.expired():
                return self._failed(name, ToolTimeoutError(name, limit or 0.0), started, expected=True)
            return self._failed(name, exc, started, expected=False)
        except ToolError as exc:
            return self._failed(name, exc, started, expected=True)
        except Exception as exc:
            return self._failed(name, exc, started, expected=False)
        result = ToolResult.success(name, value, self._elapsed(started), self.log_chars)
        logger.debug("ToolRunner.run // %s OK in %.1f ms: %s", name, result.elapsed_ms, result.preview())
        return result

    async def run_by_name(
        self,
        registry: ToolRegistry,
        name: str,
        arguments: Mapping[str, Any] | str | None,
        *,
        timeout: float | None = None,
    ) -> ToolResult:
        """Like :meth:`run` for the tool called ``name``; an unknown name is an error result listing the tools."""
        try:
            tool = registry.get(name)
        except ToolError as exc:
            return self._failed(name, exc, time.perf_counter(), expected=True)
        return await self.run(tool, arguments, timeout=timeout)

    @staticmethod
    def validate(
        registry: ToolRegistry, name: str, arguments: Mapping[str, Any] | str | None
    ) -> tuple[dict[str, Any], str | None]:
        """What a call would run with, without running it: ``(arguments, error)``.

        Returns:
            the validated keyword arguments and ``None``; or, when the tool is unknown or the arguments are invalid,
            the arguments as given (``{"raw_input": text}`` when they are not a JSON object) and the error message
            the call would return.  Never raises.
        """
        try:
            parsed = _parse_arguments(arguments)
        except ToolError as exc:
            return {"raw_input": arguments if isinstance(arguments, str) else repr(arguments)}, str(exc)
        try:
            return registry.get(name).validate_arguments(parsed), None
        except Exception as exc:  # ToolError, or a bug in the tool's validation: reported like a call would
            return parsed, _error_message(exc)

    async def run_call(self, registry: ToolRegistry, call: LLMToolCall, *, timeout: float | None = None) -> ToolResult:
        """Run a tool call the model made (``call.arguments`` is its JSON string)."""
        return await self.run_by_name(registry, call.name, call.arguments, timeout=timeout)

    @staticmethod
    def _elapsed(started: float) -> float:
        return (time.perf_counter() - started) * 1000.0

    def _failed(self, name: str, exc: BaseException, started: float, *, expected: bool) -> ToolResult:
        result = ToolResult.failure(name, _error_message(exc), self._elapsed(started), self.log_chars)
        # Unexpected exceptions are bugs in the tool: keep their traceback in the log.
        logger.warning(
            "ToolRunner.run // %s failed in %.1f ms: %s",
            name,
            result.elapsed_ms,
            result.preview(),
            exc_info=None if expected else exc,
        )
        return result
