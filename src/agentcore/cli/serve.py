"""``agentcore serve``: one uvicorn server with the routes of every system."""

from __future__ import annotations

from agentcore.cli.common import init_logging, load_settings


def serve(host: str, port: int) -> None:
    """Run :func:`agentcore.server.create_app` under uvicorn until interrupted."""
    import uvicorn

    from agentcore.server import create_app

    settings = load_settings()
    init_logging(settings, "server.log")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="info")
