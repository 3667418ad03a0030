"""The CRM app's page of the web console: a conversation with the CRM agent and the confirmation inbox — a client
of ``POST /chat``, ``GET /chat/confirmations`` and ``POST /chat/confirmations/decide`` (see docs/console.md)."""

from __future__ import annotations

from pathlib import Path

from agentcore.appkit.plugin import EdgeContext
from agentcore.web.console.pages import ConsolePage

__all__ = ["pages"]

HERE = Path(__file__).parent / "console"


def pages(ctx: EdgeContext) -> list[ConsolePage]:
    """The CRM page: the conversation, a card per pending confirmation (names, before → after, Approve / Deny)."""
    from agentcore.apps.crm.models import MAX_MESSAGE_CHARS
    from agentcore.apps.crm.settings import CrmSettings

    def context(_request: object) -> dict[str, object]:
        return {"max_chars": MAX_MESSAGE_CHARS, "mode": CrmSettings.of(ctx.settings).mode}

    return [
        ConsolePage(
            slug="crm",
            title="CRM",
            templates=HERE,
            template="crm.html",
            order=30,
            static=HERE,
            scripts=("crm.js",),
            styles=("crm.css",),
            context=context,
        )
    ]
