"""The fake portal's error answers: :class:`PortalError` (HTTP status, Bitrix24 ``error`` code, ``error_description``)
is the root of every error the portal raises; :class:`PortalInputError` is its ``400`` for bad method params."""

from __future__ import annotations

__all__ = ["PortalError", "PortalInputError"]


class PortalError(Exception):
    """An error answer: HTTP status, ``error`` code, ``error_description``."""

    def __init__(self, status: int, code: str, description: str) -> None:
        super().__init__(f"{status} {code}: {description}")
        self.status = status
        self.code = code
        self.description = description


class PortalInputError(PortalError, ValueError):
    """Bad params for a CRM method (``400``, no code); the message is Bitrix24's ``error_description``."""

    def __init__(self, description: str) -> None:
        super().__init__(400, "", description)
