"""Tools of external MCP servers as our own :class:`~agentcore.tools.base.Tool` objects (``AGENTCORE_MCP_SERVERS``).

An MCP tool runs through the same :class:`~agentcore.tools.ToolRunner` as a native tool: its ``inputSchema``
validates the model's arguments (Draft 2020-12), a failure or an ``isError`` result goes back to the model as an
error observation, the runner's timeout applies, and the call is traced like any other.

Configuration (``AGENTCORE_MCP_SERVERS``), two spellings:

* JSON: a list of objects ``{"name": "kb", "url": "http://host:8000/mcp", "headers": {...}}`` or
  ``{"name": "fs", "command": "agentcore", "args": ["mcp"], "env": {...}, "cwd": "..."}``;
* short: ``name=target`` pairs separated by ``;`` — a target starting with ``http://``/``https://`` is a URL, anything
  else a command line (split like a shell does): ``kb=http://127.0.0.1:8000/mcp; local=agentcore mcp``.

Our tool names are ``<server>_<tool>`` (so two servers cannot collide with each other or with native tools).  Each
server is connected once per :class:`McpToolset` (one session kept open while the toolset is entered); a server that
does not answer within ``AGENTCORE_MCP_TIMEOUT`` seconds is an :class:`McpServerError` at start, never a hang.

``mcp`` is imported only when a toolset connects: the library layer stays free of its web dependencies.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shlex
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from agentcore.settings._base import Section, env
from agentcore.tools.base import Tool, check_tool_name
from agentcore.tools.errors import ToolError

__all__ = [
    "McpServerError",
    "McpServerSpec",
    "McpSettings",
    "McpTool",
    "McpToolset",
    "SharedMcpTools",
    "parse_mcp_servers",
    "shared_mcp_tools",
]

_SERVER_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


class McpSettings(Section):
    """The MCP client's configuration."""

    mcp_servers: str | None = Field(None, validation_alias=env("MCP_SERVERS"))
    # Seconds to connect to a server and list its tools; a tool call has the tool runner's timeout.
    mcp_timeout: float = Field(10.0, gt=0, le=300, validation_alias=env("MCP_TIMEOUT"))


class McpServerError(ToolError):
    """A configured MCP server is misconfigured, down or too slow (the message says which and why, in Russian)."""


@dataclass(frozen=True)
class McpServerSpec:
    """One MCP server: a Streamable HTTP ``url`` (with ``headers``) or a stdio ``command`` (with ``args``/``env``)."""

    name: str
    url: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    command: str | None = None
    args: tuple[str, ...] = ()
    env: dict[str, str] | None = None
    cwd: str | None = None

    def __post_init__(self) -> None:
        if not self.name or set(self.name) - _SERVER_NAME_CHARS or len(self.name) > 32:
            raise McpServerError(f"имя сервера MCP «{self.name}»: 1–32 символа из латиницы, цифр, _ и -")
        if (self.url is None) == (self.command is None):
            raise McpServerError(f"сервер MCP «{self.name}»: укажите либо url, либо command")
        if self.url is not None and not self.url.startswith(("http://", "https://")):
            raise McpServerError(f"сервер MCP «{self.name}»: url должен начинаться с http:// или https://")


def parse_mcp_servers(text: str | None) -> list[McpServerSpec]:
    """The servers of ``AGENTCORE_MCP_SERVERS`` (see the module docstring); empty for an unset/blank value.

    Raises:
        McpServerError: the value is malformed (says where), or a name repeats.
    """
    if not text or not text.strip():
        return []
    text = text.strip()
    specs = _parse_json(text) if text.startswith("[") else _parse_pairs(text)
    names = [spec.name for spec in specs]
    for name in names:
        if names.count(name) > 1:
            raise McpServerError(f"AGENTCORE_MCP_SERVERS: имя сервера «{name}» повторяется")
    return specs


def _parse_json(text: str) -> list[McpServerSpec]:
    try:
        items = json.loads(text)
    except ValueError as exc:
        raise McpServerError(f"AGENTCORE_MCP_SERVERS: некорректный JSON ({exc})") from None
    if not isinstance(items, list):
        raise McpServerError("AGENTCORE_MCP_SERVERS: ожидается список серверов")
    specs = []
    allowed = {"name", "url", "headers", "command", "args", "env", "cwd"}
    for index, item in enumerate(items, 1):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise McpServerError(f"AGENTCORE_MCP_SERVERS: элемент {index} должен быть объектом с полем name")
        unknown = set(item) - allowed
        if unknown:
            raise McpServerError(f"AGENTCORE_MCP_SERVERS: элемент {index}: неизвестные поля {sorted(unknown)}")
        try:
            specs.append(
                McpServerSpec(
                    name=item["name"],
                    url=_opt_str(item.get("url")),
                    headers=_str_map(item.get("headers")) or {},
                    command=_opt_str(item.get("command")),
                    args=tuple(_str_list(item.get("args"))),
                    env=_str_map(item.get("env")),
                    cwd=_opt_str(item.get("cwd")),
                )
            )
        except (TypeError, ValueError) as exc:
            raise McpServerError(f"AGENTCORE_MCP_SERVERS: элемент {index}: {exc}") from None
    return specs


def _opt_str(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"ожидается строка, получено {type(value).__name__}")


def _str_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise TypeError("args: ожидается список строк")


def _str_map(value: Any) -> dict[str, str] | None:
    if value is None:
        return None
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return dict(value)
    raise TypeError("ожидается объект со строковыми значениями")


def _parse_pairs(text: str) -> list[McpServerSpec]:
    specs = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        name, sep, target = part.partition("=")
        if not sep or not target.strip():
            raise McpServerError(f"AGENTCORE_MCP_SERVERS: «{part}» — ожидается имя=url или имя=команда")
        target = target.strip()
        if target.startswith(("http://", "https://")):
            specs.append(McpServerSpec(name=name.strip(), url=target))
            continue
        try:
            argv = shlex.split(target)
        except ValueError as exc:
            raise McpServerError(f"AGENTCORE_MCP_SERVERS: «{part}»: {exc}") from None
        specs.append(McpServerSpec(name=name.strip(), command=argv[0], args=tuple(argv[1:])))
    return specs


class McpTool(Tool):
    """One tool of a connected MCP server; :meth:`execute` calls it over the toolset's open session."""

    def __init__(self, toolset: McpToolset, server: str, remote: Any) -> None:
        self.name = check_tool_name(f"{server}_{remote.name}")
        self.remote_name: str = remote.name
        self.server = server
        description = remote.description or remote.title or remote.name
        self.description = f"[MCP {server}] {description}"
        schema = dict(remote.input_schema or {})
        schema.setdefault("type", "object")
        self._schema = schema
        self.annotations = remote.annotations
        self._toolset = toolset

    @property
    def parameters_schema(self) -> dict[str, Any]:
        """The server's ``inputSchema``."""
        return json.loads(json.dumps(self._schema))

    async def execute(self, **kwargs: Any) -> Any:
        """Call the remote tool; its structured result (or its text) is the observation.

        Raises:
            ToolError: the server answered ``isError`` (its text), or the session is gone.
        """
        client = self._toolset.client(self.server)
        try:
            result = await client.call_tool(self.remote_name, kwargs)
        except ToolError:
            raise
        except Exception as exc:  # transport failures: the model gets them as the tool's error
            raise ToolError(f"сервер MCP «{self.server}»: {_reason(exc)}") from None
        text = "\n".join(getattr(block, "text", "") for block in result.content if getattr(block, "text", None))
        if result.is_error:
            raise ToolError(text or f"инструмент {self.remote_name} сервера MCP «{self.server}» вернул ошибку")
        if result.structured_content is not None:
            return result.structured_content
        return text


@dataclass
class _Connection:
    client: Any
    tools: list[Any]
    stop: asyncio.Event
    task: asyncio.Task[None]


class McpToolset:
    """Open sessions to the configured MCP servers and their tools (``async with McpToolset(specs) as toolset``).

    Entering connects to every server (each within ``timeout`` seconds) and lists its tools; leaving closes them.
    """

    def __init__(self, specs: Sequence[McpServerSpec], *, timeout: float = 10.0) -> None:
        self.specs = list(specs)
        self.timeout = timeout
        self._connections: dict[str, _Connection] = {}
        self.tools: list[McpTool] = []

    @classmethod
    def from_settings(cls, settings: McpSettings | None = None) -> McpToolset:
        """The toolset of ``AGENTCORE_MCP_SERVERS`` (empty when unset).

        Raises:
            McpServerError: the setting is malformed.
        """
        settings = settings or McpSettings()
        return cls(parse_mcp_servers(settings.mcp_servers), timeout=settings.mcp_timeout)

    def client(self, server: str) -> Any:
        """The open client of ``server``.

        Raises:
            ToolError: the toolset is not entered (or already closed).
        """
        connection = self._connections.get(server)
        if connection is None or connection.task.done():
            raise ToolError(f"соединение с сервером MCP «{server}» закрыто")
        return connection.client

    async def __aenter__(self) -> McpToolset:
        try:
            for spec in self.specs:
                connection = await self._connect(spec)
                self._connections[spec.name] = connection
                self.tools.extend(McpTool(self, spec.name, remote) for remote in connection.tools)
        except BaseException:
            await self.aclose()
            raise
        names = [tool.name for tool in self.tools]
        for name in names:
            if names.count(name) > 1:
                await self.aclose()
                raise McpServerError(f"инструмент {name} объявлен дважды")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close every session (idempotent)."""
        connections, self._connections = list(self._connections.values()), {}
        for connection in connections:
            connection.stop.set()
        for connection in connections:
            try:
                await asyncio.wait_for(connection.task, self.timeout)
            except (Exception, asyncio.CancelledError):  # closing must not fail the caller's run
                connection.task.cancel()
        self.tools = []

    async def _connect(self, spec: McpServerSpec) -> _Connection:
        """Connect in a task that owns the session (the SDK's task groups must exit where they entered)."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[tuple[Any, list[Any]]] = loop.create_future()
        stop = asyncio.Event()

        async def own() -> None:
            try:
                async with _open_client(spec) as client:
                    listed = await client.list_tools()
                    if not ready.done():
                        ready.set_result((client, list(listed.tools)))
                    await stop.wait()
            except BaseException as exc:
                if not ready.done():
                    ready.set_exception(exc)
                if not isinstance(exc, Exception):
                    raise

        task = asyncio.create_task(own(), name=f"mcp:{spec.name}")
        where = spec.url or spec.command
        try:
            client, tools = await asyncio.wait_for(asyncio.shield(ready), self.timeout)
        except TimeoutError:
            await _abandon(ready, task)
            raise McpServerError(f"сервер MCP «{spec.name}» ({where}) не ответил за {self.timeout:g} с") from None
        except Exception as exc:
            await _abandon(ready, task)
            raise McpServerError(f"сервер MCP «{spec.name}» ({where}) недоступен: {_reason(exc)}") from None
        return _Connection(client, tools, stop, task)


class SharedMcpTools:
    """The configured servers' tools for the agents a server process serves (``/research``, ``/v1``, MCP's
    ``research_ask``): one toolset per process, connected on the first run that asks (every server within
    ``AGENTCORE_MCP_TIMEOUT``), kept open for the later runs, closed with the server.

    A server that is down makes :meth:`tools` raise :class:`McpServerError` naming it (the run is refused with that
    message, never left hanging); the next run tries to connect again.  A session that dies later shows as that
    tool's error observation, and the next run reconnects.
    """

    def __init__(self, toolset: McpToolset) -> None:
        self.toolset = toolset
        self._lock = asyncio.Lock()
        self._open = False

    @classmethod
    def from_settings(cls, settings: McpSettings | None = None) -> SharedMcpTools:
        """The tools of ``AGENTCORE_MCP_SERVERS`` (none when unset).

        Raises:
            McpServerError: the setting is malformed.
        """
        return cls(McpToolset.from_settings(settings))

    @property
    def configured(self) -> bool:
        """Whether any server is configured."""
        return bool(self.toolset.specs)

    async def tools(self) -> list[McpTool]:
        """The tools, connecting first when not connected (or when a session has died since).

        Raises:
            McpServerError: a server is down, too slow or misbehaving (the message names it).
        """
        if not self.configured:
            return []
        async with self._lock:
            if self._open and any(c.task.done() for c in self.toolset._connections.values()):
                await self.toolset.aclose()
                self._open = False
            if not self._open:
                await self.toolset.__aenter__()
                self._open = True
            return list(self.toolset.tools)

    async def aclose(self) -> None:
        """Close the sessions."""
        async with self._lock:
            await self.toolset.aclose()
            self._open = False


def shared_mcp_tools(shared: dict[str, Any], closers: list[Any]) -> SharedMcpTools:
    """The process's :class:`SharedMcpTools`, kept in ``shared`` (the edge's registry of shared objects) under
    ``"mcp.tools"`` and closed with the server (``closers``); built from the environment on first use.

    Raises:
        McpServerError: ``AGENTCORE_MCP_SERVERS`` is malformed.
    """
    found = shared.get("mcp.tools")
    if not isinstance(found, SharedMcpTools):
        found = SharedMcpTools.from_settings()
        shared["mcp.tools"] = found
        closers.append(found.aclose)
    return found


async def _abandon(ready: asyncio.Future[Any], task: asyncio.Task[None]) -> None:
    """Stop a connection attempt and let it clean up (a stdio server process is terminated), within bounds."""
    ready.cancel()
    task.cancel()
    with contextlib.suppress(BaseException):
        await asyncio.wait_for(task, 5)


@contextlib.asynccontextmanager
async def _open_client(spec: McpServerSpec) -> AsyncIterator[Any]:
    from mcp import Client, StdioServerParameters

    if spec.url is None:
        assert spec.command is not None
        from mcp.client.stdio import stdio_client

        params = StdioServerParameters(command=spec.command, args=list(spec.args), env=spec.env, cwd=spec.cwd)
        async with Client(stdio_client(params, errlog=_errlog())) as client:
            yield client
        return
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    http = create_mcp_http_client(headers=spec.headers or None)
    async with http, Client(streamable_http_client(spec.url, http_client=http)) as client:
        yield client


def _errlog() -> Any:
    """Where a stdio server's stderr goes: ours, or the process's real one when ours is not a file (captured)."""
    import sys

    try:
        sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return sys.__stderr__
    return sys.stderr


def _reason(exc: BaseException) -> str:
    """The innermost readable cause (the SDK wraps transport errors in exception groups)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
