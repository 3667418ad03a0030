"""Token checks for HTTP routes: constant-time comparison and the admin-token dependency."""

from __future__ import annotations

import hmac
from collections.abc import Iterable

from fastapi import Request

from agentcore.web.errors import ApiError

__all__ = ["bearer_token", "require_admin", "tokens_match"]


def tokens_match(presented: str | None, allowed: Iterable[str]) -> bool:
    """Whether ``presented`` equals one of ``allowed``, compared in constant time (every token is compared, so the
    time does not tell which one nearly matched).  Empty tokens never match."""
    if not presented:
        return False
    given = presented.encode("utf-8", "surrogatepass")
    matched = False
    for token in allowed:
        if token:
            matched |= hmac.compare_digest(given, token.encode("utf-8", "surrogatepass"))
    return matched


def bearer_token(request: Request, header: str = "X-Admin-Token") -> str | None:
    """The token a request presents: ``Authorization: Bearer <token>`` or the ``header`` given."""
    authorization = request.headers.get("authorization", "")
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.headers.get(header) or None


def require_admin(request: Request) -> None:
    """Dependency for routes that change shared state: the request must carry one of ``AGENTCORE_ADMIN_TOKENS``.

    With no admin token configured such routes are closed (403): changing shared state is never open by default.

    Raises:
        ApiError: 403 ``admin_disabled`` when no token is configured, 401 ``unauthorized`` for a missing or wrong
            token.
    """
    settings = getattr(request.app.state, "settings", None)
    allowed = list(getattr(settings, "admin_token_list", []) or [])
    if not allowed:
        raise ApiError(
            403,
            "маршрут администрирования выключен: задайте AGENTCORE_ADMIN_TOKENS",
            "admin_disabled",
        )
    if not tokens_match(bearer_token(request), allowed):
        raise ApiError(401, "требуется токен администратора", "unauthorized", {"WWW-Authenticate": "Bearer"})
