"""The research app's page of the web console: Ask (``/``), a client of ``POST /research/stream`` and
``POST /rag/fetch_docs`` (see docs/console.md)."""

from __future__ import annotations

from pathlib import Path

from agentcore.appkit.plugin import EdgeContext
from agentcore.web.console.pages import ConsolePage

__all__ = ["pages"]

HERE = Path(__file__).parent / "console"


def pages(ctx: EdgeContext) -> list[ConsolePage]:
    """The Ask page: a question, its steps as they stream, the answer with citations and figures, Stop."""
    from agentcore.apps.research.models import MAX_QUESTION_CHARS
    from agentcore.apps.research.settings import ResearchSettings

    def context(_request: object) -> dict[str, object]:
        research = ResearchSettings.of(ctx.settings)
        # the field starts at AGENT_DEFAULT_STEPS, the default the CLI and HTTP use too
        return {
            "max_chars": MAX_QUESTION_CHARS,
            "max_steps": research.agent_max_steps,
            "default_steps": research.default_steps,
        }

    return [
        ConsolePage(
            slug="ask",
            title="Ask",
            templates=HERE,
            template="ask.html",
            order=10,
            static=HERE,
            scripts=("ask.js",),
            home=True,
            context=context,
        )
    ]
