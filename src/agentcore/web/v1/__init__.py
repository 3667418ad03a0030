"""``/v1``: every app's agents served as OpenAI-compatible models (the HTTP edge).

================ ===============================================================================================
module           what
================ ===============================================================================================
``router``       :func:`create_openai_router`: ``POST /v1/chat/completions``, ``POST /v1/responses``, ``GET /v1/models``
``chat``         Chat Completions: request, streaming chunks, tool calls, usage
``responses``    the Responses API: input items, the stream's event sequence, ``previous_response_id``
``common``       what both share: the run store, client tools, structured output, error answers
``errors``       OpenAI-shaped error bodies
================ ===============================================================================================

The agents themselves (:class:`agentcore.agents.served.ServedAgent`) know nothing of HTTP.
"""

from agentcore.web.v1.router import create_openai_router

__all__ = ["create_openai_router"]
