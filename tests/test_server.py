"""`agentcore serve`'s application: every system's routes under one server, over real HTTP."""

from __future__ import annotations

import httpx

from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer


def test_mounted_routes(settings: Settings) -> None:
    with BackgroundServer(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        assert client.get("/health").json()["status"] == "ok"
        assert client.get("/haiku/health").json() == {"status": "ok"}
        haiku = client.post("/haiku/generate_haiku", json={"theme": "осень"}).json()
        assert haiku["syllables_per_line"] == [5, 7, 5]
        bad = client.post("/haiku/generate_haiku", json={"theme": ""})
        assert bad.status_code == 422 and "error" in bad.json()
        assert client.get("/rag/health").json()["status"] == "ok"
        assert client.get("/rag/openapi.json").status_code == 200
