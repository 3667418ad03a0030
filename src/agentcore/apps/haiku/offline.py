"""Offline handler for the step ``haiku.compose``: the rule-based composer answers the LLM composer's request.

With the ``offline`` provider the service calls the composer directly; this handler makes the same composer
answer a gateway request too (``compose_with_llm`` over an offline gateway gets an exact 5-7-5 on the first try).
"""

from __future__ import annotations

from agentcore.apps.haiku.llm_composer import STEP, theme_from_request
from agentcore.llm.models import LLMRequest
from agentcore.llm.offline import offline_handler


@offline_handler(STEP)
def compose_haiku_offline(request: LLMRequest) -> dict[str, str]:
    """``{"line1", "line2", "line3"}`` of the offline haiku on the request's theme (not a language model)."""
    from agentcore.apps.haiku.composer import compose_offline

    haiku = compose_offline(theme_from_request(request) or "")
    return {"line1": haiku.lines[0], "line2": haiku.lines[1], "line3": haiku.lines[2]}
