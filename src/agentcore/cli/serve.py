"""``agentcore serve``: one uvicorn server with the routes of every system, in one process or several workers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentcore.settings import APP_SECTIONS
from agentcore.terminal.common import init_logging, load_settings

if TYPE_CHECKING:
    from fastapi import FastAPI

    from agentcore.config import Settings

GRACEFUL_SHUTDOWN_SECONDS = 30
"""How long a stopping server waits for open requests (SSE streams, CRM turns) before it cancels them."""


def worker_app() -> FastAPI:
    """The app of one worker process: settings from the environment, logging, :func:`agentcore.server.create_app`.

    uvicorn calls it in every worker (``--workers N`` needs an import string and a factory, not an app object).
    """
    from sse_starlette.sse import AppStatus

    from agentcore.server import create_app

    # sse-starlette ends every open event stream the moment uvicorn is told to stop; our streams are finite runs
    # (a research run ends with `final`), so they drain instead, within uvicorn's graceful-shutdown timeout.
    AppStatus.disable_automatic_graceful_drain()
    settings = load_settings(*APP_SECTIONS)
    init_logging(settings, "server.log")
    return create_app(settings)


BLAS_THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def share_cores(workers: int) -> None:
    """Give each of ``workers`` processes its share of the cores for numpy's BLAS threads (unless the operator set
    them): every worker's BLAS pool would otherwise use all cores, and N workers would fight over them —
    measured on 2 cores with 2 workers, ``/rag/search`` p99 at 50 clients went from 1,940 to 743 ms."""
    import os

    share = str(max(1, (os.cpu_count() or 1) // workers))
    for name in BLAS_THREAD_VARIABLES:
        os.environ.setdefault(name, share)  # inherited by the spawned workers before they import numpy


def refuse_unshared(settings: Settings, workers: int) -> None:
    """End ``serve --workers N`` (N > 1) before any worker starts when a setting names state only one process may
    open: a local Qdrant folder in ``AGENTCORE_QDRANT_URL`` (qdrant-client locks it; every worker after the first
    would fail on its first search).  A Russian message, exit code 1."""
    from agentcore.rag.qdrant import local_folder
    from agentcore.terminal.common import fail

    url = settings.qdrant_url
    folder = local_folder(url) if url else None
    if workers > 1 and folder is not None:
        fail(
            f"AGENTCORE_QDRANT_URL указывает на локальную папку Qdrant ({folder}): её может открыть только один "
            f"процесс, а --workers {workers} запускает {workers}. Укажите адрес сервера Qdrant (http://…), "
            "«:memory:» (своя копия векторов в каждом процессе) или уберите AGENTCORE_QDRANT_URL (векторы в "
            "файлах коллекций, общих для всех процессов) — docs/deploy.md"
        )


def console_key() -> str | None:
    """Make ``POST /chat`` usable from the web console out of the box: when ``HTTP_API_TOKENS`` is not set, a
    one-time random key is put in the environment (every worker inherits it) and returned; None when the operator
    configured keys.  The key lives as long as this server; :func:`serve` prints the console's URL carrying it
    (``#key=...``: the page keeps it in the browser tab's session storage, the fragment never reaches a server)."""
    import os
    import secrets

    from agentcore.apps.crm.settings import CrmSettings
    from agentcore.config import get_settings

    if CrmSettings.of(load_settings(*APP_SECTIONS)).api_token_list:
        return None
    key = f"console-{secrets.token_urlsafe(24)}"
    os.environ["HTTP_API_TOKENS"] = key
    get_settings.cache_clear()
    return key


def own_services(host: str, port: int) -> None:
    """Point the served assistant (model ``assistant`` of ``/v1``) at this server's own ``/rag`` and ``/haiku`` when
    ``RAG_SERVICE_URL`` / ``HAIKU_SERVICE_URL`` are not set (the workers inherit the environment).  Served on a
    non-loopback address, that address joins ``AGENTCORE_CALLS_ORIGINS``: a run's model-call token may go to the
    server itself (:func:`agentcore.llm._calls.lends_to`)."""
    import os

    from agentcore.config import get_settings
    from agentcore.llm import lends_to

    settings = load_settings(*APP_SECTIONS)
    base = console_url(host, port, None).rstrip("/")
    own = settings.services.calls_origins
    if not settings.services.rag_url:
        os.environ["RAG_SERVICE_URL"] = base + "/rag"
    if not settings.services.haiku_url:
        os.environ["HAIKU_SERVICE_URL"] = base + "/haiku"
    if not lends_to(base, own):
        os.environ["AGENTCORE_CALLS_ORIGINS"] = ",".join([*own, base])
    get_settings.cache_clear()


def claim_port(host: str, port: int) -> None:
    """End ``serve`` with a Russian message before anything is printed when ``host:port`` cannot be listened on —
    uvicorn would fail only after the console's address (with a key the server already there does not know) was
    shown, and in English.  Binds and releases a socket the way uvicorn binds its own (``SO_REUSEADDR``), so a port
    whose last connections linger in TIME_WAIT still counts as free."""
    import errno
    import socket

    from agentcore.terminal.common import fail

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                fail(f"порт {port} занят: на {host}:{port} уже работает другая программа (укажите другой: --port)")
            if exc.errno == errno.EACCES:
                fail(f"нет прав слушать порт {port} (порты до 1024 — только администратору; укажите другой: --port)")
            if isinstance(exc, socket.gaierror) or exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                fail(f"адрес {host} недоступен на этой машине (--host)")
            fail(f"не удалось занять {host}:{port}: {exc.strerror or exc}")


def console_url(host: str, port: int, key: str | None) -> str:
    """The address of the web console (with the one-time key, when one was made)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/" + (f"#key={key}" if key else "")


def serve(host: str, port: int, workers: int = 1) -> None:
    """Run the combined app under uvicorn until interrupted.

    With ``workers`` > 1 uvicorn starts that many processes on one socket, each building its app with
    :func:`worker_app`; state they must agree on lives in the data directory, Redis or PostgreSQL (docs/deploy.md).
    SIGINT/SIGTERM stop accepting, let open requests finish for up to :data:`GRACEFUL_SHUTDOWN_SECONDS`, then end.
    """
    import typer
    import uvicorn

    if workers > 1:  # invalid or single-process settings end here with a Russian message, not in every worker
        refuse_unshared(load_settings(*APP_SECTIONS), workers)
    own_services(host, port)
    claim_port(host, port)  # before the address is printed: a busy port ends here, in Russian
    key = console_key()
    typer.echo(f"Консоль: {console_url(host, port, key)}")
    if key:
        typer.echo(
            "HTTP_API_TOKENS не задан: для /chat и CRM-инструментов MCP создан одноразовый ключ — он в адресе после "
            "#key= (заголовок X-API-Key; действует до остановки сервера)."
        )
    if workers > 1:
        share_cores(workers)
        uvicorn.run(
            "agentcore.cli.serve:worker_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level="info",
            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
        )
        return
    app = worker_app()
    uvicorn.run(app, host=host, port=port, log_level="info", timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS)
