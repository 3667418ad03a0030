"""The ``agentcore`` command line (typer + rich).

Every command imports its heavy machinery inside the function, so ``agentcore --help`` stays fast.
``agentcore`` with no command runs the assistant dialog (``agentcore chat``).
"""

from __future__ import annotations

import typer

from agentcore.cli.common import fail, hide_flag_types

hide_flag_types()

app = typer.Typer(
    name="agentcore",
    # Systems name themselves in their commands' help below; this line must not promise one that is not built.
    help="agentcore — агентные системы на общем ядре (провайдеры LLM, поиск по базе знаний, инструменты).",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode="rich",
)


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    """Без команды запускается диалог с ассистентом (то же, что ``agentcore chat``)."""
    if ctx.invoked_subcommand is None:
        from agentcore.cli.chat import chat

        chat()


@app.command("chat")
def chat_command(
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="Только ответы, без строк о ходе шагов (то же: AGENTCORE_CHAT_VERBOSE=0)."
    ),
) -> None:
    """Диалог с ассистентом: вопросы по базе знаний (RAG) и хайку на заданную тему."""
    from agentcore.cli.chat import chat

    chat(quiet=quiet)


@app.command("sgr")
def sgr_command(
    message: str = typer.Argument(..., help="Вопрос агенту, например «Который час?»"),
    mode: str = typer.Option("tools", "--mode", help="tools — нативный вызов функций; schema — schema-guided"),
    as_json: bool = typer.Option(False, "--json", help="Вывести результат и шаги рассуждения в JSON"),
) -> None:
    """Запустить пример SGR-агента (ExampleSGRAgent + GetTimeTool)."""
    from agentcore.cli.sgr import run_sgr

    if mode not in ("tools", "schema"):
        fail(f"Неизвестный режим: {mode}. Допустимо: tools, schema.", code=2)
    run_sgr(message, mode=mode, as_json=as_json)


@app.command("ask")
def ask_command(
    question: str = typer.Argument(..., help="Вопрос по базе знаний, например «Как оформить отпуск?»"),
    collection: str | None = typer.Option(None, "--collection", "-c", help="Коллекция (по умолчанию активная)"),
    max_steps: int | None = typer.Option(None, "--max-steps", help="Лимит шагов ReAct (8; до AGENT_MAX_STEPS)"),
    as_json: bool = typer.Option(False, "--json", help="Вывести ответ, цитаты, метаданные и все шаги в JSON"),
) -> None:
    """Исследовательский агент: ищет ответ в базе знаний по шагам (ReAct), с цитатами, покрытием и проверкой."""
    from agentcore.cli.ask import run_ask

    run_ask(question, collection=collection, max_steps=max_steps, as_json=as_json)


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Адрес для прослушивания"),
    port: int = typer.Option(8000, "--port", help="Порт"),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64, help="Число рабочих процессов uvicorn (общее состояние — docs/deploy.md)"
    ),
) -> None:
    """Один HTTP-сервер со всеми маршрутами систем (/rag, /haiku, ...)."""
    from agentcore.cli.serve import serve

    serve(host, port, workers)


@app.command("mcp")
def mcp_command() -> None:
    """Сервер MCP на stdin/stdout (для Claude Desktop, IDE и других клиентов MCP; docs/mcp.md)."""
    import anyio

    from agentcore.config import get_settings
    from agentcore.mcp_server import run_stdio

    anyio.run(run_stdio, get_settings())


from agentcore.cli.rag import rag_app  # noqa: E402 - the sub-app defines commands only; imports are lazy

app.add_typer(rag_app, name="rag", help="База знаний: индексация, поиск, RAG-сервис.")

from agentcore.cli.crm import crm_app  # noqa: E402 - the sub-app defines commands only; imports are lazy

app.add_typer(crm_app, name="crm", help="CRM-агент Bitrix24: диалог, HTTP API (/chat), локальный тестовый портал.")

from agentcore.cli.scrum import scrum_app  # noqa: E402 - commands only; the backend loads inside them

app.add_typer(scrum_app, name="scrum", help="Scrum-ассистент: daily, аналитика, FAQ, дайджест, блокеры.")


def main() -> None:
    """Console-script entry point."""
    app()
