"""Errors of the Scrum backend; each carries a Russian message for users and a machine ``code``.

The HTTP routes map them to statuses (:data:`HTTP_STATUS`), the CLI prints the message.
"""

from __future__ import annotations


class ScrumError(Exception):
    """Base: ``str(error)`` is the Russian message."""

    code = "scrum_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFoundError(ScrumError):
    """An unknown team or member."""

    code = "not_found"


class ConflictError(ScrumError):
    """A team or member with that id exists already."""

    code = "conflict"


class InvalidInputError(ScrumError, ValueError):
    """Input the backend cannot accept (unknown assignee, duplicate task keys, …); nothing was stored."""

    code = "invalid_input"


class LLMUnavailableError(ScrumError):
    """The language model did not answer (network, HTTP status, timeout) after the retries."""

    code = "llm_unavailable"


HTTP_STATUS: dict[type[ScrumError], int] = {
    NotFoundError: 404,
    ConflictError: 409,
    InvalidInputError: 422,
    LLMUnavailableError: 502,
}
