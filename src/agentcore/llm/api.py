"""Seed 000 "Запросы на LLM API": ``post_chat_completions`` and ``post_embeddings``, exactly as specified.

* the default model is filled in when the payload names none (``config.default_model`` /
  ``config.default_embedding_model``, resolved for the configured provider);
* with ``verbose=True`` the payload (before) and the response (after success) are logged at debug;
* on any failure the stack trace is logged at critical and ``{"error": "<exception text>"}`` is returned;
* on success the provider's standard response dict is returned.

The requests go to the provider configured in settings (offline by default), one per settings object and event
loop (:func:`agentcore.llm.factory.shared_provider`). Async twins: ``apost_*``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from agentcore.llm.factory import aclose_shared_providers, process_llm, reset_shared_providers, shared_provider
from agentcore.settings.llm import LLMSettings

logger = logging.getLogger("agentcore.llm.api")


async def aclose_providers() -> None:
    """Close the providers the ``apost_*`` functions used on the running loop (call before the loop ends)."""
    await aclose_shared_providers()


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


async def _post(
    function: str, required: str, payload: dict[str, Any], verbose: bool, llm: LLMSettings | None
) -> dict[str, Any]:
    """The seed's contract shared by both endpoints (see the module docstring)."""
    try:
        llm = llm or process_llm()
        if not isinstance(payload, dict) or required not in payload:
            raise ValueError(f"payload must be a dict with '{required}'")
        payload = dict(payload)
        # An OpenAI-compatible server does not know the seed's GigaChat defaults: without OPENAI_MODEL /
        # OPENAI_EMBEDDING_MODEL the provider picks a model the server lists.
        named = llm.openai_model if required == "messages" else llm.openai_embedding_model
        auto = llm.provider == "openai" and not named
        if "model" not in payload and not auto:
            payload["model"] = llm.chat_model if required == "messages" else llm.embedding_model
        if verbose:
            logger.debug("%s // payload: %s", function, _dump(payload))
        provider = shared_provider(llm)
        if required == "messages":
            response = await provider.chat_completions_raw(payload)
        else:
            response = await provider.embeddings_raw(payload)
        if verbose:
            logger.debug("%s // response: %s", function, _dump(response))
        return response
    except Exception as exc:
        logger.critical("%s // %s", function, exc, exc_info=True)
        return {"error": str(exc)}


async def apost_chat_completions(
    payload: dict[str, Any], verbose: bool = False, *, llm: LLMSettings | None = None
) -> dict[str, Any]:
    """Async form of :func:`post_chat_completions` (``llm``: the ``llm`` section; default: the process settings')."""
    return await _post("post_chat_completions", "messages", payload, verbose, llm)


async def apost_embeddings(
    payload: dict[str, Any], verbose: bool = False, *, llm: LLMSettings | None = None
) -> dict[str, Any]:
    """Async form of :func:`post_embeddings` (``llm``: the ``llm`` section; default: the process settings')."""
    return await _post("post_embeddings", "input", payload, verbose, llm)


def post_chat_completions(payload: dict, verbose: bool = False) -> dict:
    """POST ``payload`` to ``/chat/completions`` of the configured provider (seed 000 contract, see module doc)."""
    from agentcore.llm.sync import run_sync

    return run_sync(apost_chat_completions, payload, verbose)


def post_embeddings(payload: dict, verbose: bool = False) -> dict:
    """POST ``payload`` to ``/embeddings`` of the configured provider (seed 000 contract, see module doc)."""
    from agentcore.llm.sync import run_sync

    return run_sync(apost_embeddings, payload, verbose)


def reset_providers() -> None:
    """Forget the shared providers (tests that change settings call this)."""
    reset_shared_providers()
