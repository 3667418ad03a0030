"""The GPT client of seed 004 (``model_client``), on the core LLM layer.

It sends the Chat Completions messages of :mod:`agentcore.apps.crm.prompt` through the configured gateway —
OpenAI-compatible with model ``gpt-5-thinking`` (``OPENAI_API_KEY``, ``OPENAI_API_BASE``, ``AGENTCORE_CRM_MODEL``),
GigaChat, or the offline rule-based planner — and parses the answer into THOUGHT / ACTION / ASSISTANT.
A missing key, a network or HTTP failure and a format violation all raise :class:`ModelClientError`.

:class:`FakeModelClient` (seed: "заглушки GPT") answers from a script, for tests and demos.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from agentcore.apps.crm.blocks import parse_blocks
from agentcore.apps.crm.errors import ModelClientError
from agentcore.apps.crm.models import Confirmation, ModelReply
from agentcore.llm.errors import LLMError
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.trace.logs import step_logger
from agentcore.util.redact import redact

if TYPE_CHECKING:
    from agentcore.config import Settings
    from agentcore.llm.gateway import SimpleLLMGateway

__all__ = ["CRM_STEP", "FakeModelClient", "ModelClient", "ModelClientError"]

CRM_STEP = "crm.plan"
log = step_logger("model", "agentcore.crm")
_JUDGE_PROMPT = (
    "Ты проверяешь, подтверждает ли пользователь выполнение ожидающих действий в CRM. Ответь ровно одним словом: "
    "ДА — только если сообщение однозначно и без условий соглашается выполнить действия сейчас; НЕТ — если это "
    "вопрос, условие, просьба сначала сделать что-то другое, сарказм, сомнение или что угодно иное."
)


class ModelClient:
    """Asks the configured model for the next THOUGHT / ACTION / ASSISTANT.

    Args:
        gateway: the core gateway (None when the provider could not be configured; every call then raises).
        model: the model name to request (None: the provider's default).
        config_error: why there is no gateway (reported by :meth:`complete`).
        display_name: what to show users as the model ("offline …" says plainly it is not an LLM).
        judges_approvals: a real model that may judge unclear answers to a confirmation (:meth:`judge_approval`).
    """

    def __init__(
        self,
        gateway: SimpleLLMGateway | None,
        *,
        model: str | None = None,
        config_error: str | None = None,
        display_name: str = "",
        judges_approvals: bool = False,
    ) -> None:
        self.gateway = gateway
        self.judges_approvals = judges_approvals
        self.model = model
        self.config_error = config_error
        self.display_name = display_name or (gateway.provider.display_name if gateway is not None else "—")

    @classmethod
    def from_settings(cls, settings: Settings) -> ModelClient:
        """The client for ``settings.llm.provider``; configuration problems surface on the first call."""
        from agentcore.appkit.gateway import gateway_for
        from agentcore.apps.crm.settings import CrmSettings
        from agentcore.llm.errors import LLMConfigError
        from agentcore.util.redact import register_settings_secrets

        register_settings_secrets(settings)
        llm = settings.llm
        if llm.provider == "openai" and not (
            llm.openai_api_key is not None and llm.openai_api_key.get_secret_value().strip()
        ):
            return cls(None, config_error="OPENAI_API_KEY is not set", display_name="openai (ключ не задан)")
        try:
            gateway = gateway_for(settings)
        except LLMConfigError as exc:
            return cls(None, config_error=str(exc), display_name=f"{llm.provider} (не настроен)")
        model = None
        if llm.provider == "openai":
            model = llm.openai_model or CrmSettings.of(settings).model
        elif llm.provider == "gigachat":
            model = llm.chat_model
        return cls(gateway, model=model, judges_approvals=llm.provider in ("openai", "gigachat"))

    async def complete(self, messages: list[LLMMessage]) -> str:
        """The raw answer text.

        Raises:
            ModelClientError: not configured, a transport/HTTP/timeout failure, or an empty answer.
        """
        if self.gateway is None:
            raise ModelClientError(f"model is not configured: {self.config_error}")
        request = LLMRequest(model=self.model, messages=messages, step=CRM_STEP)
        try:
            response = await self.gateway.request(request)
        except LLMError as exc:
            # Provider error bodies may echo a key back ("Incorrect API key provided: ..."): mask before it travels.
            raise ModelClientError(redact(f"{type(exc).__name__}: {exc}")) from None
        if not response.content:
            raise ModelClientError("model returned no text")
        return response.content

    async def judge_approval(self, message: str, pending: Sequence[Confirmation]) -> bool:
        """Whether an unclear message (a yes with more words) approves the pending requests, by the model's reading.

        Only the user's message and the requests' methods are shown — no CRM data, so nothing stored in the portal can
        talk the model into an approval.  False when the client has no real model (offline, fake, not configured)
        or on any failure: an unclear message is never an approval by default.
        """
        if not self.judges_approvals or self.gateway is None or not pending:
            return False
        asked = ", ".join(f"{c.id} ({c.method})" for c in pending)
        prompt = [
            LLMMessage(role="system", content=_JUDGE_PROMPT),
            LLMMessage(role="user", content=f"Ожидают подтверждения: {asked}.\nСообщение пользователя: {message}"),
        ]
        try:
            answer = await self.complete(prompt)
        except ModelClientError:
            return False
        return answer.strip().upper().rstrip(".!") == "ДА"

    async def plan(self, messages: list[LLMMessage]) -> ModelReply:
        """Ask and parse.

        Raises:
            ModelClientError: see :meth:`complete` and :func:`~agentcore.apps.crm.blocks.parse_blocks`.
        """
        text = await self.complete(messages)
        reply = parse_blocks(text)
        log.debug("plan // Model reply: %d step(s)", len(reply.action))
        return reply

    async def aclose(self) -> None:
        """Close the gateway's connections."""
        if self.gateway is not None:
            await self.gateway.aclose()


Script = str | BaseException | Callable[[list[LLMMessage]], "str | Awaitable[str]"]


class FakeModelClient(ModelClient):
    """A model client that answers from a script, in order; the last answer repeats when the script runs out.

    Each item is the answer text, an exception to raise (``ModelClientError`` or anything else), or a function of
    the messages that returns the text.  ``calls`` keeps the messages of every call.
    """

    def __init__(self, replies: Sequence[Script] | Script = ()) -> None:
        super().__init__(None, display_name="FakeModelClient")
        self.replies: list[Script] = (
            [replies] if isinstance(replies, str | BaseException) or callable(replies) else list(replies)
        )
        self.calls: list[list[LLMMessage]] = []

    async def complete(self, messages: list[LLMMessage]) -> str:
        self.calls.append(list(messages))
        if not self.replies:
            raise ModelClientError("FakeModelClient has no scripted reply")
        reply = self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]
        if isinstance(reply, BaseException):
            raise reply
        if callable(reply):
            outcome: Any = reply(messages)
            if inspect.isawaitable(outcome):
                outcome = await outcome
            return str(outcome)
        return reply

    async def aclose(self) -> None:
        return None


# Last: the offline module imports this one (its step name), so it is imported once this module is complete.
from agentcore.apps.crm import offline as _offline  # noqa: E402, F401 - registers the offline planner of ``crm.plan``
