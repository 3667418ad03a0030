"""Run an ASGI app on a free loopback port in a background thread, so in-process services speak real HTTP.

Used by the assistant (RAG and Haiku services started automatically), by tests and by benchmarks.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from types import TracebackType
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG

Closer = Callable[[], Awaitable[Any]]


class _EmbeddedLifecycle(logging.Filter):
    """Drops the lifecycle lines (below WARNING) that embedded servers log on ``uvicorn.error``.

    uvicorn logs «Started server process», «Waiting for application startup.», «Shutting down» … on the one
    process-wide ``uvicorn.error`` logger; a server started inside ``agentcore serve`` (the CRM's local portal) would
    print each of them a second time among the outer server's own.  Records are told apart by the thread that logs
    them (each :class:`BackgroundServer` runs in its own); its warnings and errors still pass.
    """

    def __init__(self) -> None:
        super().__init__()
        self.threads: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.WARNING or record.threadName not in self.threads


_EMBEDDED = _EmbeddedLifecycle()


def closing_lifespan(*closers: Closer) -> Callable[[Any], contextlib.AbstractAsyncContextManager[None]]:
    """A lifespan that awaits every closer at shutdown, on the server's own loop (where their clients live).

    Starlette ignores the lifespan of a mounted app, so a parent app passes its sub-apps' closers to its own.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        yield
        for close in closers:
            try:
                await close()
            except Exception:  # shutdown goes on; the failure is worth a line, not a traceback storm
                logging.getLogger("agentcore.serving").warning("shutdown: %r failed", close, exc_info=True)

    return lifespan


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


STOP_GRACE_SECONDS = 1
"""How long :meth:`BackgroundServer.stop` lets open connections finish before the server shuts down anyway."""


class BackgroundServer:
    """A uvicorn server in a daemon thread.

    ``with BackgroundServer(app) as server: httpx.get(server.url + "/health")``.

    By default it configures uvicorn's loggers for the process (quiet: ``log_level`` ``"warning"``, no access log).
    A server started inside another uvicorn server passes ``own_logging=False``: the process's logging stays as
    the outer server set it (its access log stays off), and this server's lifecycle lines are not logged — the
    outer server's «Started server process» … would otherwise be printed twice.

    Raises:
        RuntimeError: the server did not start within ``start_timeout`` seconds.
    """

    def __init__(
        self,
        app: Any,
        host: str = "127.0.0.1",
        port: int | None = None,
        start_timeout: float = 15.0,
        log_level: str = "warning",
        own_logging: bool = True,
        ssl_certfile: str | None = None,
        ssl_keyfile: str | None = None,
    ) -> None:
        self.host = host
        # Bind now and hand the socket to uvicorn: picking a free port and binding it later would race with
        # other processes (a CI machine runs many servers).
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((host, port or 0))
        self.port = int(self._socket.getsockname()[1])
        self.scheme = "https" if ssl_certfile else "http"
        self._start_timeout = start_timeout
        config = uvicorn.Config(
            app,
            host=self.host,
            port=self.port,
            # Inside another server (`agentcore serve`) uvicorn's dictConfig and levels would reset that server's
            # "uvicorn" loggers and silence its own lines (among them "Finished server process" after SIGTERM).
            log_config=LOGGING_CONFIG if own_logging else None,
            log_level=log_level if own_logging else None,
            access_log=False,
            lifespan="on",
            # A client that keeps a connection open (a pooled TLS keep-alive whose close it never acknowledges) would
            # hold the shutdown until stop()'s join gives up: requests in flight get this long, then it goes on.
            timeout_graceful_shutdown=STOP_GRACE_SECONDS,
            ssl_certfile=ssl_certfile,
            ssl_keyfile=ssl_keyfile,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, name=f"server:{self.port}", daemon=True
        )
        self._quiet = not own_logging
        if self._quiet:
            _EMBEDDED.threads.add(self._thread.name)
            error_log = logging.getLogger("uvicorn.error")
            if _EMBEDDED not in error_log.filters:
                error_log.addFilter(_EMBEDDED)

    @property
    def url(self) -> str:
        """Base URL, e.g. ``http://127.0.0.1:54321`` (``https`` when started with a certificate)."""
        return f"{self.scheme}://{self.host}:{self.port}"

    def start(self) -> BackgroundServer:
        """Start serving and wait until the socket accepts connections."""
        self._thread.start()
        deadline = time.monotonic() + self._start_timeout
        while not self._server.started:
            if not self._thread.is_alive():
                raise RuntimeError(f"server on {self.url} exited during start-up")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"server on {self.url} did not start in {self._start_timeout} s")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        """Ask the server to exit and wait for its thread (at most 5 s).

        Open connections get :data:`STOP_GRACE_SECONDS` to finish; the app's lifespan shutdown runs either way.
        """
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout=5.0)
        self._socket.close()
        if self._quiet and not self._thread.is_alive():
            _EMBEDDED.threads.discard(self._thread.name)

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
