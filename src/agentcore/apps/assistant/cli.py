"""``agentcore chat``: the seed 000 assistant in the terminal.

If ``RAG_SERVICE_URL`` / ``HAIKU_SERVICE_URL`` are not set, both services start in-process on free loopback ports
and the agent talks to them over real HTTP; if set, the agent uses them.

The terminal: lines wrap at word boundaries at the terminal's width; the steps' status lines are dimmed so the
answer stands out (bold); ``--quiet`` (or ``AGENTCORE_CHAT_VERBOSE=0``) hides the status lines altogether.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

import typer

from agentcore.terminal.common import fail, init_logging, load_settings, restore_ctrl_c

if TYPE_CHECKING:
    from rich.console import Console

    from agentcore.apps.assistant.agent import Printer
    from agentcore.apps.assistant.clients import ServiceClient
    from agentcore.config import Settings

# Styles by the kind of line (see agentcore.apps.assistant.agent.Printer).
STYLES = {
    "status": "dim",
    "result": "bold",
    "detail": "",
    "help": "",
    "info": "",
    "warn": "yellow",
    "error": "bold red",
    "ok": "bold green",
}


def make_printer(console: Console, verbose: bool = True) -> Printer:
    """The assistant's ``say``: one styled line (or block) per message, wrapped at word boundaries.

    With ``verbose=False`` the steps' ``status`` lines are not printed (the answers, warnings and errors are).
    """
    from rich.text import Text

    def say(text: str, kind: str = "info") -> None:
        if kind == "status" and not verbose:
            return
        console.print(Text(text, style=STYLES.get(kind, "")), soft_wrap=False, overflow="fold")

    return say


@contextlib.contextmanager
def running_services(settings: Settings) -> Iterator[tuple[str, str]]:
    """Base URLs of the RAG and Haiku services, starting in-process ones for those not configured.

    The services are other apps: they are built through the app registry (:meth:`LazyApp.standalone_app`), never
    imported from here.
    """
    with contextlib.ExitStack() as stack:
        # The RAG app indexes/loads the knowledge base in a background thread as soon as it is created.
        rag_url = settings.services.rag_url or _serve_in_process(stack, "rag", settings)
        haiku_url = settings.services.haiku_url or _serve_in_process(stack, "haiku", settings)
        yield rag_url, haiku_url


def _serve_in_process(stack: contextlib.ExitStack, app_name: str, settings: Settings) -> str:
    """Start the registered app ``app_name`` on its own on a free loopback port (stopped by ``stack``); its URL."""
    from agentcore.appkit.registry import get_app
    from agentcore.serving import BackgroundServer

    asgi = get_app(app_name).standalone_app(settings)
    if asgi is None:
        raise RuntimeError(f"app {app_name!r} cannot be served on its own")
    return stack.enter_context(BackgroundServer(asgi)).url


def knowledge_base_warning(rag: ServiceClient, url: str, haiku_ok: bool = True) -> str | None:
    """What to tell the user at the dialog's start when the RAG service cannot answer questions (an unknown or empty
    collection in ``AGENTCORE_RAG_COLLECTION`` / ``rag use``, a service that does not answer); None when it can.
    ``haiku_ok``: whether the Haiku service answers (the line promises haiku only then).

    Without it the dialog starts as usual and every question ends in seed 000's apology, which names no cause.
    """
    import httpx

    haiku = " (хайку — будет)" if haiku_ok else ""
    try:
        body = rag.health()
    except (httpx.HTTPError, httpx.InvalidURL, ValueError):
        return f"RAG-сервис {url} не отвечает: на вопросы по базе знаний ответа не будет{haiku}."
    if body.get("status") == "ok":
        return None
    reason = str(body.get("error") or "сервис сообщил об ошибке")
    return (
        f"База знаний недоступна: {reason}. На вопросы по ней ответа не будет{haiku}; коллекции — "
        "agentcore rag collections, выбрать — agentcore rag use <имя> или AGENTCORE_RAG_COLLECTION."
    )


def haiku_service_warning(haiku: ServiceClient, url: str) -> str | None:
    """What to tell the user at the dialog's start when the Haiku service does not answer its ``/health`` (a wrong
    or dead ``HAIKU_SERVICE_URL``); None when it does.  Without it every haiku request ended in seed 000's apology
    while the start promised «хайку — будет» (tryout 28 D12)."""
    import httpx

    try:
        body = haiku.health()
    except (httpx.HTTPError, httpx.InvalidURL, ValueError):
        return f"Сервис хайку {url} не отвечает: хайку не будет (вопросы по базе знаний — будут, если она доступна)."
    if body.get("status") == "ok":
        return None
    return f"Сервис хайку {url} сообщил об ошибке: хайку может не быть."


def _warm_up_offline_classifier() -> threading.Thread:
    """Load the offline classifier's embedding model and route vectors in a background thread while the user reads
    the banner: the first question then waits for one query's embedding, not for the model (a first turn that comes
    sooner waits for the same lock).  Started once the services are up, so it does not delay the first prompt."""
    from agentcore.apps.assistant.offline import warm_up

    def warm_up_without_the_users_signals() -> None:
        # Ctrl+C is the main thread's: a SIGINT the kernel hands to this thread (or to the threads the model's
        # native library starts from it, which inherit the mask) would leave input() in the main thread waiting.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        warm_up()

    thread = threading.Thread(target=warm_up_without_the_users_signals, name="assistant-warm-up", daemon=True)
    thread.start()
    return thread


def _read_line() -> str | None:
    """One line from the terminal; ``None`` on Ctrl-D / Ctrl-C."""
    try:
        return input("> ")
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def chat(quiet: bool = False) -> None:
    """Run the dialog until the user leaves; exit code 1 after a fatal LLM error.

    ``quiet`` (or ``AGENTCORE_CHAT_VERBOSE=0``) prints only the answers, not the steps' status lines.
    """
    from rich.console import Console

    from agentcore.appkit.gateway import gateway_for
    from agentcore.apps.assistant import AssistantAgent
    from agentcore.apps.assistant.clients import ServiceClient
    from agentcore.apps.assistant.settings import AssistantSettings
    from agentcore.llm.errors import LLMConfigError
    from agentcore.llm.sync import SyncGateway

    with contextlib.suppress(AttributeError, ValueError):
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]  # non-UTF-8 bytes must not crash
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 - line editing and history for input()
    restore_ctrl_c()

    settings = load_settings("assistant")
    init_logging(settings, "assistant.log")
    console = Console(highlight=False)
    try:
        gateway = gateway_for(settings)
    except LLMConfigError as exc:
        fail(f"провайдер LLM не настроен: {exc}", code=2)
    own = AssistantSettings.of(settings)
    say = make_printer(console, verbose=own.chat_verbose and not quiet)

    llm = SyncGateway(gateway)
    try:
        with running_services(settings) as (rag_url, haiku_url):
            origins = settings.services.calls_origins
            rag = ServiceClient(rag_url, timeout=own.service_timeout, own_origins=origins)
            haiku = ServiceClient(haiku_url, timeout=own.service_timeout, own_origins=origins)
            agent = AssistantAgent(settings, llm, rag, haiku, say, provider_name=gateway.provider.display_name)
            haiku_warning = haiku_service_warning(haiku, haiku_url)
            for warning in (knowledge_base_warning(rag, rag_url, haiku_ok=haiku_warning is None), haiku_warning):
                if warning is not None:
                    say(warning, "warn")
            if settings.llm.provider == "offline":
                _warm_up_offline_classifier()
            try:
                code = agent.run(_read_line)
            except KeyboardInterrupt:
                agent.end()
                code = 0
            finally:
                rag.close()
                haiku.close()
    except RuntimeError as exc:
        fail(f"не удалось запустить сервисы: {exc}")
    finally:
        with contextlib.suppress(Exception):
            llm.close()
    if code:
        raise SystemExit(code)


def register(cli: typer.Typer) -> None:
    """Add ``agentcore chat`` (the assistant's dialog; also what ``agentcore`` alone runs) to ``cli``."""

    @cli.command("chat")
    def chat_command(
        quiet: bool = typer.Option(
            False, "--quiet", "-q", help="Только ответы, без строк о ходе шагов (то же: AGENTCORE_CHAT_VERBOSE=0)."
        ),
    ) -> None:
        """Диалог с ассистентом: вопросы по базе знаний (RAG) и хайку на заданную тему."""
        chat(quiet=quiet)
