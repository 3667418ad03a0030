"""``agentcore sgr``: run ``ExampleSGRAgent`` once and print the answer."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer

from agentcore.terminal.common import fail, init_logging, load_settings

if TYPE_CHECKING:
    from agentcore.llm.errors import LLMError


def run_sgr(message: str, *, mode: str = "tools", as_json: bool = False) -> None:
    """Answer ``message`` with the example SGR agent on the configured provider; exit 1 when the run ended without
    an answer (a failed model call included)."""
    import asyncio

    from rich.console import Console

    from agentcore.appkit.gateway import gateway_for
    from agentcore.apps.example import ExampleSGRAgent, GetTimeTool
    from agentcore.llm.errors import LLMConfigError
    from agentcore.terminal.mcp_tools import entered, mcp_toolset
    from agentcore.util.redact import redact, redact_data

    settings = load_settings()
    init_logging(settings)
    if not message.strip():
        fail("пустой запрос.", code=2)
    try:
        gateway = gateway_for(settings)
    except LLMConfigError as exc:
        fail(f"провайдер LLM не настроен: {exc}", code=2)

    console = Console()
    toolset = mcp_toolset()

    async def go() -> tuple[dict[str, object], LLMError | None]:
        async with gateway, entered(toolset):
            tools = [GetTimeTool(), *toolset.tools] if toolset.tools else None  # + AGENTCORE_MCP_SERVERS' tools
            agent = ExampleSGRAgent(gateway, model="", log_dir=settings.core.log_dir, mode=mode, tools=tools)
            if not as_json:  # the steps live, then the answer (the renderer `agentcore ask` uses)
                from agentcore.terminal.steps import render_stream

                banner = f"провайдер: {gateway.provider.display_name}"
                last = await render_stream(agent.stream(message), console, banner=banner)
                return {"ok": last is not None and last.type == "final"}, agent.last_error
            result = await agent.process({"message": message})
            result["trace"] = [step.__dict__ for step in agent.reasoning_trace]
            return result, agent.last_error

    result, error = asyncio.run(go())
    if as_json:  # a provider may echo credentials in its error text
        console.print_json(json.dumps(redact_data(result), ensure_ascii=False, default=str))
    if error is not None:  # the answer says what failed; the operator also gets the provider's words, redacted
        Console(stderr=True).print(f"подробности: {redact(str(error))}", style="dim", markup=False, highlight=False)
    if error is not None or not result.get("ok", True):
        raise typer.Exit(1)


def register(cli: typer.Typer) -> None:
    """Add ``agentcore sgr`` (the example SGR agent) to ``cli``."""

    @cli.command("sgr")
    def sgr_command(
        message: str = typer.Argument(..., help="Вопрос агенту, например «Который час?»"),
        mode: str = typer.Option("tools", "--mode", help="tools — нативный вызов функций; schema — schema-guided"),
        as_json: bool = typer.Option(False, "--json", help="Вывести результат и шаги рассуждения в JSON"),
    ) -> None:
        """Запустить пример SGR-агента (ExampleSGRAgent + GetTimeTool)."""
        if mode not in ("tools", "schema"):
            fail(f"Неизвестный режим: {mode}. Допустимо: tools, schema.", code=2)
        run_sgr(message, mode=mode, as_json=as_json)
