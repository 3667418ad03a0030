"""``agentcore ask "..."``: the research agent (seed 002) in the terminal, its steps shown live."""

from __future__ import annotations

import contextlib
import json

import typer

from agentcore.terminal.common import fail, init_logging, load_settings


def run_ask(question: str, *, collection: str | None, max_steps: int | None, as_json: bool) -> None:
    """Answer ``question`` with the research agent; exit 1 when the run ends with an error, 2 on bad input."""
    import asyncio

    from pydantic import ValidationError
    from rich.console import Console

    from agentcore.apps.research import AgentRequest, AgentService
    from agentcore.llm.errors import LLMConfigError
    from agentcore.rag.errors import EMPTY_QUESTION
    from agentcore.terminal.mcp_tools import mcp_toolset, open_toolset

    settings = load_settings("research")
    init_logging(settings)
    if not question.strip():  # the words and code of `rag search`, not a field path of the request model
        fail(EMPTY_QUESTION, code=2)
    try:
        request = AgentRequest.model_validate({"question": question, "max_steps": max_steps, "collection": collection})
    except ValidationError as exc:
        from agentcore.web.errors import validation_message  # FastAPI: only on this path

        fail(validation_message(exc.errors()), code=2)
    try:
        service = AgentService(settings)
    except LLMConfigError as exc:
        fail(f"провайдер LLM не настроен: {exc}", code=2)
    console = Console(highlight=False, soft_wrap=True)
    toolset = mcp_toolset()

    async def go() -> dict[str, object] | None:
        from agentcore.agents.events import ErrorEvent, FinalEvent
        from agentcore.apps.research.service import AgentRequestError, RunDeadlineError
        from agentcore.rag.errors import RetrievalError
        from agentcore.terminal.steps import render_stream

        try:
            await open_toolset(toolset, service.tools)  # AGENTCORE_MCP_SERVERS: their tools join the agent's
            deadline = service.run_deadline()  # AGENT_RUN_DEADLINE counts the collection check too
            try:
                await service.check_request(request, deadline=deadline)
            except (AgentRequestError, RetrievalError, RunDeadlineError) as exc:
                fail(str(exc), code=2)
            if as_json:
                events = []
                async with contextlib.aclosing(service.stream_agent_response(request, deadline=deadline)) as stream:
                    events = [event async for event in stream]
                last = events[-1]
                result: dict[str, object] = {"request_id": last.request_id, "events": []}
                if isinstance(last, FinalEvent):
                    result.update(answer=last.answer, citations=[c.model_dump() for c in last.citations])
                    result["metadata"] = last.metadata
                elif isinstance(last, ErrorEvent):
                    result["error"] = {"message": last.message, "code": last.code}
                from agentcore.web.status import public_event  # the documented event JSON: upstream.status included

                result["events"] = [public_event(event).model_dump(mode="json") for event in events]
                return result
            banner = f"провайдер: {service.gateway.provider.display_name}"
            stream = service.stream_agent_response(request, deadline=deadline)
            final = await render_stream(stream, console, banner=banner)
            return {"ok": final is not None and final.type == "final"}
        finally:
            await toolset.aclose()
            await service.aclose()

    try:
        result = asyncio.run(go())
    except KeyboardInterrupt:
        console.print("Прервано.", style="yellow")
        raise typer.Exit(130) from None
    if result is None:
        return
    if as_json:
        console.print_json(json.dumps(result, ensure_ascii=False, default=str))
        if "error" in result:
            raise typer.Exit(1)
    elif not result.get("ok"):
        raise typer.Exit(1)


def register(cli: typer.Typer) -> None:
    """Add ``agentcore ask`` (the research agent) to ``cli``."""

    @cli.command("ask")
    def ask_command(
        question: str = typer.Argument(..., help="Вопрос по базе знаний, например «Как оформить отпуск?»"),
        collection: str | None = typer.Option(None, "--collection", "-c", help="Коллекция (по умолчанию активная)"),
        max_steps: int | None = typer.Option(
            None, "--max-steps", help="Лимит шагов ReAct (по умолчанию 8, не больше AGENT_MAX_STEPS)"
        ),
        as_json: bool = typer.Option(False, "--json", help="Вывести ответ, цитаты, метаданные и все шаги в JSON"),
    ) -> None:
        """Исследовательский агент: ищет ответ в базе знаний по шагам (ReAct), с цитатами, покрытием и проверкой."""
        run_ask(question, collection=collection, max_steps=max_steps, as_json=as_json)
