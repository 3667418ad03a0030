"""The ``agentcore`` command line (typer + rich).

Every command imports its heavy machinery inside the function, so ``agentcore --help`` stays fast.
``agentcore`` with no command runs the assistant dialog (``agentcore chat``).
"""

from __future__ import annotations

import typer

from agentcore.cli.chrome import russian_chrome
from agentcore.terminal.common import hide_flag_types, valid_port

hide_flag_types()
russian_chrome()

app = typer.Typer(
    name="agentcore",
    # Systems name themselves in their commands' help below; this line must not promise one that is not built.
    help="agentcore — агентные системы на общем ядре (провайдеры LLM, поиск по базе знаний, инструменты).",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode="rich",
)


def _print_version(value: bool) -> None:
    """``--version``: print the package's version and exit before any command runs."""
    if value:
        from agentcore import __version__

        typer.echo(f"agentcore {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_print_version, help="Показать версию agentcore и выйти"
    ),
) -> None:
    """Без команды запускается диалог с ассистентом (то же, что ``agentcore chat``)."""
    if ctx.invoked_subcommand is None:
        from agentcore.apps.assistant.cli import chat

        chat()


from agentcore.appkit.registry import APPS  # noqa: E402 - names and references only; nothing of an app loads here

for _plugin in APPS:  # each app adds its commands (its group, or top-level commands such as `chat`)
    _plugin.register_cli(app)


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Адрес для прослушивания"),
    port: int = typer.Option(8000, "--port", callback=valid_port, help="Порт (1–65535)"),
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

    from agentcore.mcp_server import run_stdio
    from agentcore.terminal.common import load_settings

    anyio.run(run_stdio, load_settings())


def main() -> None:
    """Console-script entry point."""
    app()
