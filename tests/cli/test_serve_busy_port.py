"""``agentcore serve`` on a port another program listens on: a Russian «порт N занят», exit 1, and no console address
(the tryout got the address with a fresh key the other server did not know, then uvicorn's English bind error)."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from agentcore.cli import app

runner = CliRunner()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_busy_port_is_refused_before_the_address_is_printed(workers: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("the server must not start"))
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--workers", workers], env={"COLUMNS": "300"})
    assert result.exit_code == 1, result.output
    assert f"порт {port} занят" in result.output
    assert "Консоль:" not in result.output and "#key=" not in result.output


def test_a_free_port_starts_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe releases the port: uvicorn gets the same port, and the address is printed."""
    import uvicorn

    started: list[int] = []

    def run(app: object, *, host: str, port: int, **kwargs: object) -> None:
        with socket.socket() as again:  # the probe must not keep the port
            again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            again.bind((host, port))
        started.append(port)

    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setenv("AGENTCORE_RAG_EMBEDDER", "none")
    for name in ("HTTP_API_TOKENS", "RAG_SERVICE_URL", "HAIKU_SERVICE_URL", "AGENTCORE_CALLS_ORIGINS"):
        monkeypatch.delenv(name, raising=False)  # serve sets them for its workers: gone again after the test
    with socket.socket() as finder:
        finder.bind(("127.0.0.1", 0))
        port = finder.getsockname()[1]
    result = runner.invoke(app, ["serve", "--port", str(port)], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert started == [port]
    assert f"Консоль: http://127.0.0.1:{port}/#key=console-" in result.output
    # the printed key is also the CRM key of the MCP tools (tryout 31 #2)
    assert "для /chat и CRM-инструментов MCP создан одноразовый ключ" in " ".join(result.output.split())
