"""``agentcore sgr``: run ``ExampleSGRAgent`` once and print the answer."""

from __future__ import annotations

import asyncio
import json

from agentcore.cli.common import fail, init_logging, load_settings


def run_sgr(message: str, *, mode: str = "tools", as_json: bool = False) -> None:
    """Answer ``message`` with the example SGR agent on the configured provider."""
    from rich.console import Console

    from agentcore.apps.example import ExampleSGRAgent
    from agentcore.llm.errors import LLMConfigError
    from agentcore.llm.factory import create_gateway
    from agentcore.trace.redact import redact_data

    settings = load_settings()
    init_logging(settings)
    if not message.strip():
        fail("пустой запрос.", code=2)
    try:
        gateway = create_gateway(settings)
    except LLMConfigError as exc:
        fail(f"провайдер LLM не настроен: {exc}", code=2)

    async def go() -> tuple[dict[str, object], bool]:
        async with gateway:
            agent = ExampleSGRAgent(gateway, model="", log_dir=settings.log_dir, mode=mode)
            result = await agent.process({"message": message})
            result["trace"] = [step.__dict__ for step in agent.reasoning_trace]
            return result, agent.last_error is not None

    result, failed = asyncio.run(go())
    result = redact_data(result)  # a provider may echo credentials in its error text
    console = Console()
    if as_json:
        console.print_json(json.dumps(result, ensure_ascii=False, default=str))
    else:
        console.print(f"провайдер: {gateway.provider.display_name}", style="dim", highlight=False, markup=False)
        console.print(str(result["answer"]), highlight=False, markup=False, style="bold red" if failed else None)
    if failed:  # the model call failed: the answer above says why; scripts see it in the exit code
        raise SystemExit(1)
