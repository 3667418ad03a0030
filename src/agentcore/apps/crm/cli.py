"""``agentcore crm``: the Bitrix24 CRM agent in the terminal, its HTTP server and a local fake portal.

* ``agentcore crm`` — a dialog: each planned call with its outcome, the reply (a confirmation request in words,
  printed once) and a yes/no prompt bound to that request (the answer goes to that request only).  THOUGHT only
  with ``--verbose``.  Text wraps at the terminal width.
* ``agentcore crm serve`` — ``POST /chat`` standalone.
* ``agentcore crm fake-portal`` — a local Bitrix24 REST portal (SQLite, demo deals) to point ``BITRIX_WEBHOOK_URL`` at.

Without ``BITRIX_WEBHOOK_URL`` or an OAuth application the dialog starts the fake portal in-process.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from agentcore.terminal.common import fail, restore_ctrl_c, valid_port

if TYPE_CHECKING:
    from rich.console import Console

    from agentcore.apps.crm.models import TurnResult

crm_app = typer.Typer(no_args_is_help=False, add_completion=False, rich_markup_mode="rich")

_MODES = ("shadow", "canary", "full")
_OUTCOMES = {
    "executed": ("выполнено", "green"),
    "failed": ("ошибка", "red"),
    "planned": ("в плане (shadow)", "cyan"),
    "needs_confirmation": ("ждёт подтверждения", "yellow"),
    "forbidden": ("запрещено", "red"),
    "refused": ("не подтверждено пользователем", "yellow"),
    "denied": ("отменено", "yellow"),
    "duplicate": ("уже выполнено", "dim"),
    "stale": ("запись изменилась — не выполнено", "yellow"),
}
HELP_TEXT = (
    "Я CRM-агент Bitrix24. Примеры: «Найди сделку «Ромашка»», «Создай сделку «Поставка» на 50 000 рублей для "
    "компании «Ромашка»», «Измени сумму этой сделки на 75 000», «Покажи эту сделку»{events}. "
    "Действия, меняющие важные поля, я выполняю только после вашего «да». Выход — /q."
)


def help_text(manages_events: bool) -> str:
    """The greeting's examples; «Покажи подписки» only where the portal can run event.* (an OAuth application —
    through a webhook, the local test portal's way, Bitrix24 refuses them)."""
    return HELP_TEXT.format(events=", «Покажи подписки»" if manages_events else "")


def _check_mode(mode: str | None) -> Any:
    if mode is not None and mode not in _MODES:
        fail(f"Неизвестный режим: {mode}. Допустимо: shadow, canary, full.", code=2)
    return mode


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def _show(console: Console, result: TurnResult, verbose: bool = False) -> None:
    from rich.text import Text

    from agentcore.apps.crm.render import describe_step

    if result.thought and verbose:
        console.print(Text(f"Мысль: {result.thought}", style="dim"))
    for step in result.steps:
        label, style = _OUTCOMES.get(step.outcome, (step.outcome, ""))
        line = Text("→ ", style="bold")
        line.append(step.method, style="bold")
        if step.outcome in ("needs_confirmation", "refused") and step.confirmation_id:
            label = f"{label} {step.confirmation_id}"  # the request itself is shown once, in words, in the reply
        else:
            line.append(describe_step(step.method, step.params, limit=160, multiline=False).removeprefix(step.method))
        if step.comment:
            line.append(f" — {step.comment}", style="dim")
        line.append(f" [{label}]", style=style)
        console.print(line)
    console.print(Text(result.assistant))


def _ask_yes_no(question: str, exit_commands: frozenset[str]) -> tuple[bool | None, bool]:
    """``(decision, leave)``: True / False for yes / no; None (the request stays pending) on end of input or an
    exit command, which also leaves the dialog (``leave``)."""
    from agentcore.apps.crm.confirmations import decision_kind

    while True:
        answer = _read(question)
        if answer is None:
            return None, False
        if answer.strip().lower() in exit_commands:
            return None, True
        kind = decision_kind(answer)
        if kind is not None:
            return kind == "approve", False
        print("Ответьте «да» или «нет».")


def run_dialog(mode: str | None, user: str, session: str, verbose: bool = False) -> None:
    """The interactive session until the user leaves (exit code 0)."""
    import asyncio
    import logging

    from rich.console import Console
    from rich.text import Text

    from agentcore.apps.crm import build_orchestrator
    from agentcore.apps.crm.errors import InputError
    from agentcore.apps.crm.main_entrypoint import PortalConfigError
    from agentcore.apps.crm.state_store import StateStoreError
    from agentcore.terminal.common import init_logging, load_settings

    with contextlib.suppress(AttributeError, ValueError):
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 - line editing and history for input()
    restore_ctrl_c()

    settings = load_settings("crm")
    init_logging(settings, "crm.log")
    console = Console(highlight=False)  # wraps at the terminal width
    runner = asyncio.Runner()
    try:
        try:
            orchestrator = build_orchestrator(settings, mode=mode)  # type: ignore[arg-type]
        except PortalConfigError as exc:
            fail(str(exc), code=2)
        except RuntimeError as exc:
            fail(f"не удалось запустить локальный портал: {exc}")
        console.print(Text("CRM-агент Bitrix24", style="bold"))
        console.print(Text(f"Режим: {orchestrator.mode}. Портал: {orchestrator.portal_description}.", style="cyan"))
        console.print(Text(f"Модель: {orchestrator.model_client.display_name}.", style="cyan"))
        console.print(Text(help_text(orchestrator.manages_events), style="dim"))

        def turn(coroutine: Any) -> TurnResult | None:
            try:
                result: TurnResult = runner.run(coroutine)
                return result
            except InputError as exc:
                console.print(Text(f"Не могу обработать сообщение: {exc}.", style="yellow"))
            except StateStoreError:
                from agentcore.apps.crm.messages import STATE_UNAVAILABLE

                console.print(Text(STATE_UNAVAILABLE, style="red"))
            except Exception:  # the dialog goes on; the detail is in logs/crm.log
                logging.getLogger("agentcore.crm").exception("[crm] cli // Unexpected error")
                console.print(Text("Внутренняя ошибка, подробности в журнале logs/crm.log.", style="red"))
            return None

        leave = False
        try:
            while not leave:
                line = _read("> ")
                if line is None:
                    break
                text = line.strip()
                if not text:
                    continue
                if text.lower() in settings.core.exit_commands:
                    break
                if text.lower() in settings.core.help_commands:
                    console.print(Text(help_text(orchestrator.manages_events), style="dim"))
                    continue
                result = turn(orchestrator.handle_message(user, text, session_id=session))
                while result is not None:
                    _show(console, result, verbose)
                    if not result.new_confirmations:
                        break
                    request = result.new_confirmations[0]
                    approve, leave = _ask_yes_no(f"Ответ для {request.id} [да/нет] ", settings.core.exit_commands)
                    if approve is None:
                        console.print(Text(f"Запрос {request.id} остаётся в ожидании.", style="yellow"))
                        break
                    decided = turn(orchestrator.decide(user, request.id, approve, session_id=session))
                    rest = result.new_confirmations[1:]
                    result = decided.model_copy(update={"new_confirmations": rest}) if decided else None
        finally:
            runner.run(orchestrator.aclose())
        console.print("До свидания!")
    finally:
        runner.close()


@crm_app.callback(invoke_without_command=True)
def crm_dialog(
    ctx: typer.Context,
    mode: str | None = typer.Option(None, "--mode", help="Режим безопасности: shadow, canary или full"),
    user: str = typer.Option("cli", "--user", help="Идентификатор пользователя (логи ведутся по пользователям)"),
    session: str = typer.Option("cli", "--session", help="Идентификатор сессии (состояние хранится по сессиям)"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Показывать рассуждение модели («Мысль:»)"),
) -> None:
    """Диалог с CRM-агентом Bitrix24 (без настроенного портала — локальный тестовый портал с демо-сделками)."""
    if ctx.invoked_subcommand is None:
        run_dialog(_check_mode(mode), user, session, verbose)


@crm_app.command("serve")
def crm_serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Адрес для прослушивания"),
    port: int = typer.Option(8000, "--port", callback=valid_port, help="Порт"),
) -> None:
    """HTTP API CRM-агента: POST /chat (X-API-Key из HTTP_API_TOKENS)."""
    import uvicorn

    from agentcore.apps.crm.http import create_app
    from agentcore.apps.crm.main_entrypoint import PortalConfigError, check_portal_settings
    from agentcore.apps.crm.settings import CrmSettings
    from agentcore.terminal.common import init_logging, load_settings

    settings = load_settings("crm")
    init_logging(settings, "server.log")
    crm = CrmSettings.of(settings)
    if not crm.api_token_list:
        fail("не задан HTTP_API_TOKENS: без токенов /chat отклоняет все запросы.", code=2)
    try:
        check_portal_settings(crm)
    except PortalConfigError as exc:
        fail(str(exc), code=2)
    uvicorn.run(create_app(settings), host=host, port=port, log_level="info")


@crm_app.command("fake-portal")
def crm_fake_portal(
    host: str = typer.Option("127.0.0.1", "--host", help="Адрес для прослушивания"),
    port: int = typer.Option(8090, "--port", callback=valid_port, help="Порт"),
    db: Path | None = typer.Option(None, "--db", help="Файл SQLite (по умолчанию <data dir>/crm/fake_portal.sqlite3)"),
    empty: bool = typer.Option(False, "--empty", help="Не добавлять демо-данные"),
    rate_limit: bool = typer.Option(
        True, "--rate-limit/--no-rate-limit", help="Ограничение 2 запроса/с (как в облаке)"
    ),
) -> None:
    """Локальный портал Bitrix24 (REST, вебхук и OAuth, batch, события) с данными в SQLite."""
    import uvicorn
    from rich.console import Console

    from agentcore.apps.crm.fake_portal import FakePortal, create_fake_portal, seed_demo
    from agentcore.terminal.common import load_settings

    settings = load_settings("crm")
    portal = FakePortal(
        db or settings.core.data_dir / "crm" / "fake_portal.sqlite3", rate_limit=(50, 2.0) if rate_limit else None
    )
    if not empty:
        seed_demo(portal.storage)
    base = f"http://{host}:{port}"
    code = portal.webhook_code("1")
    client_id, secret = portal.create_app()
    access, refresh = portal.issue_tokens(client_id, ttl=24 * 3600)
    # soft_wrap: the export lines are copied into a shell; a line break inserted at the terminal width would cut them.
    console = Console(highlight=False, soft_wrap=True)
    console.print(
        f"Тестовый портал Bitrix24: {base} (данные: {db or settings.core.data_dir / 'crm' / 'fake_portal.sqlite3'})"
    )
    console.print("Входящий вебхук:", markup=False)
    console.print(f"  export BITRIX_WEBHOOK_URL={base}/rest/1/{code}/", markup=False)
    console.print("OAuth-приложение (нужно для event.*):", markup=False)
    console.print(
        f"  export BITRIX_DOMAIN={base} BITRIX_OAUTH_URL={base}/oauth/token/ BITRIX_CLIENT_ID={client_id} "
        f"BITRIX_CLIENT_SECRET={secret} BITRIX_ACCESS_TOKEN={access} BITRIX_REFRESH_TOKEN={refresh}",
        markup=False,
    )
    try:
        uvicorn.run(create_fake_portal(portal), host=host, port=port, log_level="warning")
    finally:
        portal.close()


def register(cli: typer.Typer) -> None:
    """Add the ``agentcore crm`` group to ``cli``."""
    cli.add_typer(crm_app, name="crm", help="CRM-агент Bitrix24: диалог, HTTP API (/chat), локальный тестовый портал.")
