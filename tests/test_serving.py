"""BackgroundServer: stopping does not wait on a client that keeps its connection open."""

from __future__ import annotations

import contextlib
import socket
import ssl
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import trustme
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from agentcore.serving import BackgroundServer


def test_stop_ends_the_server_while_a_tls_client_keeps_an_idle_connection(tmp_path: Path) -> None:
    events: list[str] = []

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        yield
        events.append("lifespan shutdown")

    app = Starlette(routes=[Route("/", lambda request: PlainTextResponse("ok"))], lifespan=lifespan)
    ca = trustme.CA()
    cert_file = tmp_path / "cert.pem"
    ca.issue_cert("127.0.0.1").private_key_and_cert_chain_pem.write_to_path(str(cert_file))
    context = ssl.create_default_context()
    ca.configure_trust(context)

    server = BackgroundServer(app, ssl_certfile=str(cert_file), ssl_keyfile=str(cert_file)).start()
    raw = socket.create_connection((server.host, server.port), timeout=5)
    client = context.wrap_socket(raw, server_hostname="127.0.0.1")
    try:
        client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert client.recv(4096).startswith(b"HTTP/1.1 200")  # answered; the connection stays open and idle
        server.stop()
        # The thread ended (the old stop gave up after 5 s with the server still waiting for this connection) and
        # the app's lifespan shutdown still ran.
        assert not server._thread.is_alive()
        assert events == ["lifespan shutdown"]
    finally:
        client.close()
