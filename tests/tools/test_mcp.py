"""MCP servers' tools in our tool runner and agent loops, against real MCP servers (HTTP and stdio) on this host."""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.tools.mcp_calc_server import server as calc_server

from agentcore.agents.react import ReActAgent
from agentcore.llm import MockLLMGateway
from agentcore.serving import BackgroundServer
from agentcore.tools import ToolRunner
from agentcore.tools.mcp import McpServerError, McpServerSpec, McpSettings, McpToolset, parse_mcp_servers
from agentcore.tools.registry import ToolRegistry

CALC_SCRIPT = Path(__file__).with_name("mcp_calc_server.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def calc_url() -> Iterator[str]:
    """The calc server over Streamable HTTP on a loopback port."""
    with BackgroundServer(calc_server.streamable_http_app(stateless_http=True)) as server:
        yield server.url + "/mcp"


def stdio_spec(name: str = "calc") -> McpServerSpec:
    return McpServerSpec(
        name=name, command=sys.executable, args=(str(CALC_SCRIPT),), env={"PYTHONPATH": str(ROOT)}, cwd=str(ROOT)
    )


# --- configuration ----------------------------------------------------------------------------------------


def test_short_form_urls_and_commands() -> None:
    specs = parse_mcp_servers("kb=http://127.0.0.1:8000/mcp; local = agentcore mcp ;calc=python 'my server.py' -v")
    assert [(s.name, s.url, s.command, s.args) for s in specs] == [
        ("kb", "http://127.0.0.1:8000/mcp", None, ()),
        ("local", None, "agentcore", ("mcp",)),
        ("calc", None, "python", ("my server.py", "-v")),
    ]


def test_json_form_with_headers_and_env() -> None:
    text = (
        '[{"name": "kb", "url": "https://kb.example/mcp", "headers": {"Authorization": "Bearer t"}},'
        ' {"name": "fs", "command": "agentcore", "args": ["mcp"], "env": {"AGENTCORE_MCP_CRM_KEY": "k"}}]'
    )
    kb, fs = parse_mcp_servers(text)
    assert kb.headers == {"Authorization": "Bearer t"} and fs.env == {"AGENTCORE_MCP_CRM_KEY": "k"}


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("kb", "имя=url"),
        ("kb=http://a/mcp;kb=http://b/mcp", "повторяется"),
        ("[{]", "некорректный JSON"),
        ('[{"name": "x", "url": "http://a", "command": "b"}]', "либо url, либо command"),
        ('[{"name": "x", "urll": "http://a"}]', "неизвестные поля"),
        ('[{"name": "x y", "url": "http://a"}]', "имя сервера"),
        ('[{"name": "x", "url": "ftp://a"}]', "http://"),
    ],
)
def test_malformed_configuration_is_a_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(McpServerError, match=fragment):
        parse_mcp_servers(text)


def test_unset_means_no_servers(monkeypatch: pytest.MonkeyPatch) -> None:
    assert McpToolset.from_settings().specs == []
    monkeypatch.setenv("AGENTCORE_MCP_SERVERS", "calc=http://127.0.0.1:1/mcp")
    monkeypatch.setenv("AGENTCORE_MCP_TIMEOUT", "2.5")
    toolset = McpToolset.from_settings(McpSettings())
    assert [s.name for s in toolset.specs] == ["calc"] and toolset.timeout == 2.5


# --- tools through the runner -----------------------------------------------------------------------------


async def test_http_server_tools_run_through_the_core_runner(calc_url: str) -> None:
    async with McpToolset([McpServerSpec(name="calc", url=calc_url)]) as toolset:
        registry = ToolRegistry(toolset.tools)
        assert registry.names() == ["calc_add", "calc_divide"]
        add = registry.get("calc_add")
        assert add.parameters_schema["required"] == ["a", "b"] and "[MCP calc]" in add.description
        runner = ToolRunner(timeout=10)
        ok = await runner.run_by_name(registry, "calc_add", {"a": 2, "b": 3})
        assert ok.ok and ok.content == '{"result": 5}'
        bad = await runner.run_by_name(registry, "calc_add", {"a": "два", "b": 3})
        assert not bad.ok and "a" in bad.content  # our schema validation, before any call
        failed = await runner.run_by_name(registry, "calc_divide", {"a": 1, "b": 0})
        assert not failed.ok and "деление на ноль" in failed.content
    with pytest.raises(Exception, match="закрыто"):
        toolset.client("calc")


async def test_stdio_server_tools() -> None:
    async with McpToolset([stdio_spec()], timeout=60) as toolset:
        runner = ToolRunner(timeout=10)
        result = await runner.run_by_name(ToolRegistry(toolset.tools), "calc_divide", {"a": 7, "b": 2})
        assert result.ok and result.content == '{"result": "3.5"}'


async def test_react_run_uses_an_mcp_tool(calc_url: str) -> None:
    gateway = MockLLMGateway(['Thought: посчитаю\nAction: calc_add {"a": 40, "b": 2}', "FinalAnswer: 42"])
    async with McpToolset([McpServerSpec(name="calc", url=calc_url)]) as toolset:
        events = [e async for e in ReActAgent(gateway, toolset.tools).stream("сколько будет 40+2?")]
    observation = next(e for e in events if e.type == "observation")
    assert observation.ok and observation.tool == "calc_add" and "42" in observation.preview
    assert events[-1].type == "final" and events[-1].answer == "42"
    assert "calc_add" in gateway.requests[0].messages[0].content  # the tool is offered to the model
    assert gateway.requests[1].messages[-1].content == 'Observation: {"result": 42}'


# --- servers that are down --------------------------------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_refused_connection_is_a_clear_error_at_start() -> None:
    spec = McpServerSpec(name="down", url=f"http://127.0.0.1:{_closed_port()}/mcp")
    started = time.monotonic()
    with pytest.raises(McpServerError, match=r"«down».*недоступен"):
        async with McpToolset([spec], timeout=5):
            pass
    assert time.monotonic() - started < 5


async def test_silent_server_times_out_instead_of_hanging() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    accepted: list[socket.socket] = []
    thread = threading.Thread(target=lambda: accepted.append(listener.accept()[0]), daemon=True)
    thread.start()
    spec = McpServerSpec(name="mute", url=f"http://127.0.0.1:{listener.getsockname()[1]}/mcp")
    try:
        with pytest.raises(McpServerError, match="не ответил за 1 с"):
            async with McpToolset([spec], timeout=1):
                pass
    finally:
        for sock in accepted:
            sock.close()
        listener.close()


async def test_missing_command_is_a_clear_error() -> None:
    spec = McpServerSpec(name="nope", command="/nonexistent/mcp-server")
    with pytest.raises(McpServerError, match=r"«nope».*недоступен"):
        async with McpToolset([spec], timeout=5):
            pass
