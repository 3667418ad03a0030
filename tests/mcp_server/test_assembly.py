"""The MCP tools' results as a client model reads them (in memory, the SDK's real ``Client``)."""

from __future__ import annotations

from typing import Any

from mcp import Client

from agentcore.config import Settings
from agentcore.mcp_server.assembly import Backend, create_mcp_server

REFUTED = "Мержить собственный MR без одобрений можно."


class _Search(Backend):
    """A backend whose ``/rag/search`` answers with one shown claim and one the check refused."""

    async def call(
        self, ctx: Any, method: str, path: str, body: Any = None, renamed: dict[str, str] | None = None
    ) -> Any:
        assert (method, path) == ("POST", "/rag/search")
        return {
            "answer": "Мержить собственный MR можно после двух одобрений [1].",
            "chunk_ids": ["review#0"],
            "claims": [{"claim": None, "status": "contradicted"}],
            "removed_claims": [
                {"claim": REFUTED, "status": "contradicted", "missing": ["можно"], "decided_by": "guard"}
            ],
        }


async def test_rag_search_never_hands_a_refused_claim_to_the_client_model() -> None:
    # the HTTP response keeps removed_claims in its metadata; an MCP client is a model reading the whole result
    async with Client(create_mcp_server(_Search(Settings()))) as client:
        found = await client.call_tool("rag_search", {"query": "можно ли мержить свой MR?"})
    assert not found.is_error and found.structured_content is not None
    assert found.structured_content["answer"].startswith("Мержить собственный MR можно после")
    assert found.structured_content["removed_claims_count"] == 1
    assert "removed_claims" not in found.structured_content
    assert REFUTED not in str(found.structured_content) and all(REFUTED not in str(c) for c in found.content)
