"""Bitrix24 REST errors as the client raises them: the portal's own ``error`` / ``error_description``."""

from __future__ import annotations

from agentcore.apps.crm.errors import CrmError

__all__ = ["BitrixError", "BitrixTransportError"]

# Codes the caller treats specially.
QUERY_LIMIT_EXCEEDED = "QUERY_LIMIT_EXCEEDED"
EXPIRED_TOKEN = "expired_token"
WRONG_AUTH_TYPE = "WRONG_AUTH_TYPE"


class BitrixError(CrmError):
    """The portal answered with an error envelope ``{"error": code, "error_description": text}``.

    Attributes:
        code: Bitrix24's code as sent (``QUERY_LIMIT_EXCEEDED``, ``expired_token``, ``""`` for CRM entity errors).
        description: ``error_description``.
        status: the HTTP status (None when no response arrived).
        method: the REST method that was called.

    ``str(error)`` never holds the webhook token or an OAuth token.
    """

    def __init__(self, code: str, description: str = "", *, status: int | None = None, method: str = "") -> None:
        self.code = code
        self.description = description
        self.status = status
        self.method = method
        label = code or "ERROR"
        where = f"{method}: " if method else ""
        super().__init__(f"{where}{label}: {description}" if description else f"{where}{label}")

    def as_dict(self) -> dict[str, object]:
        """The error envelope (plus the HTTP status), for logs and reports."""
        return {"error": self.code, "error_description": self.description, "status": self.status}


class BitrixTransportError(BitrixError):
    """No usable HTTP answer: connection refused, timeout, a body that is not JSON."""

    def __init__(self, description: str, *, method: str = "", status: int | None = None) -> None:
        super().__init__("TRANSPORT_ERROR", description, status=status, method=method)
