"""Errors of the Scrum backend; each carries a Russian message for users and a machine ``code``.

The CLI prints the message; the HTTP routes answer with a status of their own (``apps/scrum/http.error_faces``).
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


class InvalidCombinationError(InvalidInputError):
    """Values that are each valid but not together (the same task key twice in one import): a rule between fields
    that a JSON schema cannot declare."""

    code = "invalid_combination"


class UnknownReferenceError(InvalidInputError):
    """The input names something the team does not have (an assignee who is not a member): it conflicts with the
    stored state rather than with the schema."""

    code = "unknown_reference"


class LLMUnavailableError(ScrumError):
    """The language model did not answer (network, HTTP status, timeout) after the retries."""

    code = "llm_unavailable"
