"""``agentcore sgr``: run ``ExampleSGRAgent`` once and print the answer."""

from __future__ import annotations

import asyncio
import json

import typer

from agentcore.cli.common import fail, init_logging, load_settings


def run_sgr(message: str, *, mode: str = "tools", as_json: bool = False) -> None:
    """Answer ``message`` with the example SGR agent on the configured provider."""
    from rich.console import Console

    from agentcore.apps.example import ExampleSGRAgent
    from agentcore.llm.errors import LLMConfigError
    from agentcore.llm.factory import create_gateway

    settings = load_settings()
    init_logging(settings)
    if not message.strip():
        fail("пустой запрос.", code=2)
    try:
        gateway = create_gateway(settings)
    except LLMConfigError as exc:
        fail(f"провайдер LLM не настроен: {exc}", code=2)

    console = Console()

    async def go() -> dict[str, object]:
        async with gateway:
            agent = ExampleSGRAgent(gateway, model="", log_dir=settings.log_dir, mode=mode)
            if not as_json:  # the steps live, then the answer (the renderer `agentcore ask` uses)
                from agentcore.cli.steps import render_stream

                banner = f"провайдер: {gateway.provider.display_name}"
                last = await render_stream(agent.stream(message), console, banner=banner)
                return {"ok": last is not None and last.type == "final"}
            result = await agent.process({"message": message})
            result["trace"] = [step.__dict__ for step in agent.reasoning_trace]
            return result

    result = asyncio.run(go())
    if as_json:
        console.print_json(json.dumps(result, ensure_ascii=False, default=str))
        return
    if not result["ok"]:
        raise typer.Exit(1)
