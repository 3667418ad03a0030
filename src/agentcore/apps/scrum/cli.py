"""``agentcore scrum``: the Scrum assistant from the command line.

    agentcore scrum daily ["текст daily"] [--team demo] [--member anna] [--json]
    agentcore scrum ask "запрос тимлида" [--team demo] [--json]
    agentcore scrum faq "вопрос о Scrum" [--json]
    agentcore scrum digest [--team demo] [--member anna] [--json]
    agentcore scrum blockers [--team demo] [--member anna] [--limit 20] [--json]

The first run creates the database (SQLite under the data dir, or ``AGENTCORE_DATABASE_URL``) and seeds the demo
team, so every mode works offline at once.  ``daily`` in a terminal keeps the dialogue going (clarifying question,
«слишком общо»); elsewhere it prints the question and the next ``daily`` call answers it.  Errors are Russian
messages on stderr with exit code 1 (2 for bad options).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from agentcore.terminal.common import fail, restore_ctrl_c

if TYPE_CHECKING:
    from rich.console import Console

    from agentcore.apps.scrum.backend.flows import DailyOutcome, ScrumBackend

T = TypeVar("T")

scrum_app = typer.Typer(
    name="scrum",
    help="Scrum-ассистент команды: daily, аналитика для тимлида, FAQ, дайджест, блокеры.",
    no_args_is_help=True,
    add_completion=False,
)

TEAM_HELP = "ID команды (по умолчанию AGENTCORE_SCRUM_TEAM, «demo»)"
MEMBER_HELP = "ID участника (по умолчанию — первый в команде)"
JSON_HELP = "Вывести результат в JSON"
SEVERITY = {"low": "низкая", "medium": "средняя", "high": "[yellow]высокая[/]", "critical": "[bold red]критическая[/]"}


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


def _stderr_console() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False)


@contextmanager
def _backend() -> Iterator[ScrumBackend]:
    """The backend over the configured database and provider; a Russian error exit when it cannot start."""
    from agentcore.apps.scrum.backend.flows import ScrumBackend
    from agentcore.llm.errors import LLMConfigError
    from agentcore.terminal.common import init_logging, load_settings

    settings = load_settings("scrum")
    init_logging(settings, "scrum.log")
    try:
        backend = ScrumBackend.from_settings(settings)
    except LLMConfigError as exc:
        fail(f"провайдер LLM не настроен: {exc}")
    except ValueError as exc:
        fail(str(exc), code=2)
    except Exception as exc:  # the database may be unreachable
        from agentcore.apps.scrum.backend.db import failure_text

        fail(f"не удалось открыть хранилище Scrum: {failure_text(exc)}")
    try:
        if backend.demo_seeded:
            _stderr_console().print("[dim]Создана демо-команда «demo»: 4 участника, 12 задач, история блокеров.[/]")
        yield backend
    finally:
        backend.close()


def _run(action: Callable[[], T]) -> T:
    """Run a backend action; its errors become Russian messages and exit code 1."""
    from agentcore.apps.scrum.backend.errors import ScrumError

    try:
        return action()
    except ScrumError as exc:
        fail(exc.message)
    except ValueError as exc:
        fail(f"некорректные данные: {str(exc)[:300]}")


def _refuse_blank(text: str | None) -> None:
    """One rule for every mode: text given but empty or blank ends at once with the backend's words and code 1
    (``ask``, ``faq`` and ``daily "…"`` alike; the backend would grade a blank daily EMPTY and answer «Слишком
    общо» as if one had been written).  No text at all is the usage error of each command."""
    if text is not None and not text.strip():
        from agentcore.apps.scrum.backend.flows import EMPTY_REQUEST

        fail(EMPTY_REQUEST)


def _team(team: str | None) -> str:
    from agentcore.apps.scrum.settings import ScrumSettings
    from agentcore.terminal.common import load_settings

    return team or ScrumSettings.of(load_settings("scrum")).team


def _member(backend: ScrumBackend, team: str, member: str | None) -> str:
    if member:
        return member
    members = _run(lambda: backend.store.members(team))
    if not members:
        fail(f"в команде «{team}» нет участников")
    return members[0].slug


def _default_member_note(backend: ScrumBackend, team: str, what: str = "daily от") -> str:
    """What ``daily`` (``digest``) says when ``--member`` was not given: whose daily (digest) it is and how to name
    another member."""
    slugs = [m.slug for m in _run(lambda: backend.store.members(team))]
    return f"--member не указан: {what} первого участника команды; другой — --member ID ({', '.join(slugs)})"


def _print_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _banner(console: Console, backend: ScrumBackend) -> None:
    console.print(f"[dim]Модель: {backend.llm.display}[/]")


# ---------------------------------------------------------------------------------------------- daily
def _show_daily(console: Console, outcome: DailyOutcome) -> None:
    from rich.markup import escape
    from rich.table import Table

    from agentcore.apps.scrum.templates import QUALITY_RU

    daily = outcome.daily or {}
    quality = str(daily.get("quality"))
    table = Table(title=f"Daily принят (качество: {QUALITY_RU.get(quality, quality)})", show_lines=False)
    table.add_column("Раздел")
    table.add_column("Задача")
    table.add_column("Что")
    for section, title in (("yesterday", "Вчера"), ("today", "Сегодня")):
        for item in daily.get(section, []):
            table.add_row(title, item.get("task_id") or "—", escape(item["summary"]))
    for event in outcome.events:
        task = event["task_id"] if event["task_id"] != "NO_TASK_ID" else "—"
        repeat = ", повторяется" if event["is_repeat"] else ""
        table.add_row("Блокер", task, f"{escape(event['text'])} — {SEVERITY[event['severity']]}{repeat}")
    console.print(table)
    for escalation in outcome.escalations:
        task = escalation["task_id"]
        where = f"задача {task}" if task and task != "NO_TASK_ID" else "без задачи"
        console.print(
            f"[bold red]Эскалация тимлиду:[/] {SEVERITY[escalation['severity']]} — {escape(escalation['text'])} "
            f"({where})"
        )


def _ask_next(console: Console) -> str | None:
    """The next message from the terminal (``None`` on EOF or an empty line)."""
    try:
        text = console.input("[bold]> [/]")
    except (EOFError, KeyboardInterrupt):
        console.print()
        return None
    return text.strip() or None


def _read_stdin() -> str | None:
    """A daily piped in (``cat daily.txt | agentcore scrum daily``); ``None`` when there is nothing."""
    from agentcore.apps.scrum.schemas import MAX_MESSAGE_CHARS

    text = sys.stdin.read(MAX_MESSAGE_CHARS + 1)  # one more: the backend names the limit when it is passed
    return text.strip() or None


# A daily written as a list starts with «-»: it is the message, not an unknown option.
@scrum_app.command("daily", context_settings={"ignore_unknown_options": True})
def daily_command(
    message: str | None = typer.Argument(
        None, help="Текст daily (без него — прочитаю stdin или спрошу в терминале)", show_default=False
    ),
    team: str | None = typer.Option(None, "--team", help=TEAM_HELP),
    member: str | None = typer.Option(None, "--member", help=MEMBER_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Отправить daily: разбор на вчера/сегодня/блокеры, уточняющие вопросы, эскалации блокеров."""
    from rich.markup import escape

    _refuse_blank(message)
    console = _console()
    interactive = sys.stdin.isatty() and not as_json
    if interactive:  # Ctrl-C ends the dialogue even when the process inherited an ignored SIGINT
        restore_ctrl_c()
    with _backend() as backend:
        team_slug = _team(team)
        member_slug = _member(backend, team_slug, member)
        who = _run(lambda: backend.store.member(team_slug, member_slug))
        if not as_json:
            _banner(console, backend)
            console.print(f"Участник: [bold]{escape(who.name)}[/] ({who.slug}, {who.role}), команда «{team_slug}»")
            if member is None:  # the default is said, so a daily is never filed under someone else unnoticed
                console.print(f"[dim]{escape(_default_member_note(backend, team_slug))}[/]")
        text = message
        if text is None and not sys.stdin.isatty():
            text = _read_stdin()
        if text is None:
            if not interactive:
                fail(
                    "передайте текст daily аргументом или через stdin: "
                    'agentcore scrum daily "вчера …, сегодня …, блокеры …"',
                    2,
                )
            # A dialogue left at a clarifying question («Диалог сохранён …») goes on with that question.
            state = _run(lambda: backend.store.session_state(who))
            pending = state.get("question") if state and state.get("mode") == "CLARIFICATION" else None
            if pending:
                console.print(f"[bold cyan]Бот:[/] {escape(str(pending))}")
            else:
                console.print("Напиши daily: что сделал вчера, что планируешь сегодня, есть ли блокеры.")
            text = _ask_next(console)
            if text is None:
                return
        while True:
            outcome = _run(lambda t=text: backend.submit_daily(team_slug, member_slug, t))  # type: ignore[misc]
            if as_json:
                _print_json(outcome.to_dict())
                return
            if outcome.note:  # the pending question closed as superseded, or kept open after an amendment
                console.print(f"[dim]{escape(outcome.note)}[/]")
            if outcome.status == "accepted":
                _show_daily(console, outcome)
                return
            console.print(f"[bold cyan]Бот:[/] {escape(outcome.message or '')}")
            if outcome.status == "fallback" or not interactive:
                return
            text = _ask_next(console)
            if text is None:
                console.print("[dim]Диалог сохранён: следующий «agentcore scrum daily» продолжит его.[/]")
                return


# ---------------------------------------------------------------------------------------------- other modes
@scrum_app.command("ask")
def ask_command(
    message: str = typer.Argument(..., help="Запрос тимлида, например «Какие риски у команды?»"),
    team: str | None = typer.Option(None, "--team", help=TEAM_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Аналитика для тимлида: обзор спринта, риски, загрузка, блокеры релиза."""
    from rich.markup import escape

    _refuse_blank(message)
    console = _console()
    with _backend() as backend:
        team_slug = _team(team)
        outcome = _run(lambda: backend.analytics(team_slug, message))
        if as_json:
            _print_json(outcome.to_dict())
            return
        _banner(console, backend)
        if outcome.supported:
            console.print(f"[dim]Намерение: {outcome.intent} {json.dumps(outcome.params, ensure_ascii=False)}[/]")
        console.print(escape(outcome.text))


@scrum_app.command("faq")
def faq_command(
    question: str = typer.Argument(..., help="Вопрос об общих понятиях Scrum/Agile"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Ответ на вопрос об общих понятиях Scrum и Agile."""
    from rich.markup import escape

    _refuse_blank(question)
    console = _console()
    with _backend() as backend:
        answer = _run(lambda: backend.faq(question))
        if as_json:
            _print_json({"answer": answer})
            return
        _banner(console, backend)
        console.print(escape(answer))


@scrum_app.command("digest")
def digest_command(
    team: str | None = typer.Option(None, "--team", help=TEAM_HELP),
    member: str | None = typer.Option(None, "--member", help=MEMBER_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Персональный дайджест участника: задачи, блокеры, заметки."""
    from rich.markup import escape

    console = _console()
    with _backend() as backend:
        team_slug = _team(team)
        member_slug = _member(backend, team_slug, member)
        data, text = _run(lambda: backend.digest(team_slug, member_slug))
        if as_json:
            _print_json({"data": data, "digest": text})
            return
        who = _run(lambda: backend.store.member(team_slug, member_slug))
        _banner(console, backend)
        # whose digest it is: the text itself names nobody (seed 7's template)
        console.print(f"Участник: [bold]{escape(who.name)}[/] ({who.slug}, {who.role}), команда «{team_slug}»")
        if member is None:
            console.print(f"[dim]{escape(_default_member_note(backend, team_slug, 'дайджест'))}[/]")
        console.print(escape(text))


@scrum_app.command("blockers")
def blockers_command(
    team: str | None = typer.Option(None, "--team", help=TEAM_HELP),
    member: str | None = typer.Option(None, "--member", help="Только блокеры этого участника"),
    limit: int = typer.Option(20, "--limit", min=1, max=500, help="Сколько последних событий показать"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """История блокеров команды: важность, повторы, задачи."""
    from rich.markup import escape
    from rich.table import Table

    console = _console()
    with _backend() as backend:
        team_slug = _team(team)
        events = _run(lambda: backend.blockers(team_slug, member, limit))
        if as_json:
            _print_json([e.to_dict() for e in events])
            return
        if not events:
            console.print(f"В команде «{team_slug}» блокеров нет.")
            return
        # whether each blocker stands now — the backend's one rule (a later daily closes it, «снят» lifts it)
        standing = {(b.owner, b.text.lower().strip()) for b in _run(lambda: backend.open_blockers(team_slug))}
        table = Table(title=f"Блокеры команды «{team_slug}»: история, новые сверху")
        for column in ("Когда (UTC)", "Автор", "Задача", "Важность", "Повтор", "Сейчас", "Текст"):
            table.add_column(column)
        for e in events:
            if e.lifted_at is not None:
                now = "снят"
            else:
                now = "открыт" if (e.author_id, e.normalized_text) in standing else "закрыт"
            table.add_row(
                e.created_at.strftime("%Y-%m-%d %H:%M"),
                e.author_id,
                e.task_id if e.task_id != "NO_TASK_ID" else "—",
                SEVERITY[e.severity],
                "да" if e.is_repeat else "",
                now,
                escape(e.text),
            )
        console.print(table)


def register(cli: typer.Typer) -> None:
    """Add the ``agentcore scrum`` group to ``cli``."""
    from agentcore.apps.scrum.telegram.cli import register as register_telegram

    register_telegram(scrum_app)
    cli.add_typer(scrum_app, name="scrum", help="Scrum-ассистент: daily, аналитика, FAQ, дайджест, блокеры.")
