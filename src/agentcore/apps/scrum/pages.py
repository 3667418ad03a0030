"""The Scrum app's page of the web console: the team's sprint at a glance and its dialogues — a client of the
``/scrum`` routes (``teams``, ``dashboard``, ``charts/*.svg``, ``daily``, ``digest``, ``faq``, ``analytics``)."""

from __future__ import annotations

from pathlib import Path

from agentcore.appkit.plugin import EdgeContext
from agentcore.web.console.pages import ConsolePage

__all__ = ["pages"]

HERE = Path(__file__).parent / "console"


def pages(ctx: EdgeContext) -> list[ConsolePage]:
    """The Scrum page: team picker, dailies, blockers by age, burndown and velocity, the daily form, digest, FAQ."""
    from agentcore.apps.scrum.schemas import MAX_MESSAGE_CHARS

    def context(_request: object) -> dict[str, object]:
        return {"max_chars": MAX_MESSAGE_CHARS}

    return [
        ConsolePage(
            slug="scrum",
            title="Scrum",
            templates=HERE,
            template="scrum.html",
            order=40,
            static=HERE,
            scripts=("scrum.js",),
            styles=("scrum.css",),
            context=context,
        )
    ]
