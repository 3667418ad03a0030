"""The dialog history (seed 000: "все сообщения собираются и доступны в едином списке").

:class:`MessageHistory` keeps every message of a dialog; :meth:`MessageHistory.context` is the window sent to the
model (the last ``CONTEXT_HIST_LIMIT`` messages).  Messages longer than ``MESSAGE_MAX_CHARS`` are cut with ``…``.

Messages are the wire model :class:`agentcore.llm.models.LLMMessage`, so a history can be sent to a provider as is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from agentcore.llm.models import LLMMessage, Role
from agentcore.util.truncate import truncate

__all__ = ["MessageHistory"]


class MessageHistory:
    """All messages of one dialog, in order.

    Args:
        limit: how many of the latest messages :meth:`context` returns (>= 1).
        max_chars: the longest content a stored message may have (>= 1); longer content is truncated.

    Raises:
        ValueError: ``limit`` or ``max_chars`` is below 1.
    """

    def __init__(self, limit: int, max_chars: int) -> None:
        if limit < 1:
            raise ValueError(f"limit must be >= 1, got {limit}")
        if max_chars < 1:
            raise ValueError(f"max_chars must be >= 1, got {max_chars}")
        self.limit = limit
        self.max_chars = max_chars
        self._messages: list[LLMMessage] = []

    def add(self, role: Role, content: str | None, **fields: Any) -> LLMMessage:
        """Append a message built from ``role``, ``content`` and other :class:`LLMMessage` fields.

        Returns:
            the stored (possibly truncated) message.

        Raises:
            pydantic.ValidationError: the role or a field is invalid.
        """
        return self.add_message(LLMMessage(role=role, content=content, **fields))

    def add_message(self, message: LLMMessage | Mapping[str, Any]) -> LLMMessage:
        """Append a message (an :class:`LLMMessage` or a dict with its fields), truncating long content.

        Returns:
            the stored message (a copy when it was truncated or given as a dict).

        Raises:
            pydantic.ValidationError: a dict that is not a valid message.
        """
        msg = message if isinstance(message, LLMMessage) else LLMMessage.model_validate(dict(message))
        if msg.content is not None and len(msg.content) > self.max_chars:
            msg = msg.model_copy(update={"content": truncate(msg.content, self.max_chars)})
        self._messages.append(msg)
        return msg

    def extend(self, messages: Iterable[LLMMessage | Mapping[str, Any]]) -> None:
        """Append several messages (see :meth:`add_message`)."""
        for message in messages:
            self.add_message(message)

    def all(self) -> list[LLMMessage]:
        """Every message of the dialog, oldest first (a new list)."""
        return list(self._messages)

    def context(self) -> list[LLMMessage]:
        """The last ``limit`` messages, oldest first.

        ``tool`` messages at the start of the window are dropped: the assistant message that called the tool
        fell out of the window, and providers reject a tool result without its call.
        """
        window = self._messages[-self.limit :]
        start = 0
        while start < len(window) and window[start].role == "tool":
            start += 1
        return window[start:]

    def last(self) -> LLMMessage | None:
        """The latest message, or ``None`` when the history is empty."""
        return self._messages[-1] if self._messages else None

    def clear(self) -> None:
        """Forget every message."""
        self._messages.clear()

    def __len__(self) -> int:
        return len(self._messages)

    def __iter__(self) -> Iterator[LLMMessage]:
        return iter(list(self._messages))

    def __repr__(self) -> str:
        return f"MessageHistory({len(self)} messages, limit={self.limit}, max_chars={self.max_chars})"
