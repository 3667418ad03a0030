"""Token checks for HTTP routes: constant-time comparison, the admin-token and read-token dependencies.

* :func:`require_admin` — routes that change shared state (switching the active collection, indexing): closed
  unless ``AGENTCORE_ADMIN_TOKENS`` is set, then one of those tokens is required;
* :func:`require_reader` — read routes (search, generation, listings): open by default; with
  ``AGENTCORE_READ_TOKENS`` set, a read token (or an admin token) is required.

A token comes as ``Authorization: Bearer <token>`` (or ``X-Admin-Token`` / ``X-API-Token``).  Both dependencies
declare the bearer scheme in the OpenAPI document, so ``/docs`` offers "Authorize".

* :func:`principal` — who a request is, for what it leaves behind (its runs' traces, its conversations): the keyed
  owner id of the read or admin token it presents (:mod:`agentcore.util.owners`), ``None`` while read tokens are unset
  (the single-user default); :func:`principals` — that id and the unkeyed one earlier builds stored; :func:`is_admin`
  — whether it presents an admin token.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Mapping
from typing import Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from agentcore.web.errors import ApiError

__all__ = [
    "bearer_token",
    "is_admin",
    "presents_one_of",
    "principal",
    "principals",
    "principals_of",
    "reader_dependencies",
    "require_admin",
    "require_reader",
    "token_in",
    "tokens_match",
]

# Documents the scheme only: auto_error=False, the checks below give the answers (in the one error format).
_admin_scheme = HTTPBearer(
    auto_error=False, scheme_name="adminToken", description="токен администратора (AGENTCORE_ADMIN_TOKENS)"
)
_read_scheme = HTTPBearer(
    auto_error=False,
    scheme_name="readToken",
    description="токен чтения (AGENTCORE_READ_TOKENS); без настройки маршруты чтения открыты",
)


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
    return token_in(request.headers, header)


def token_in(headers: Mapping[str, str], header: str = "X-Admin-Token") -> str | None:
    """:func:`bearer_token` of a set of headers (names in any case)."""
    from starlette.datastructures import Headers

    found = headers if isinstance(headers, Headers) else Headers(headers=dict(headers))
    authorization = found.get("authorization", "")
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return found.get(header) or None


def _settings_tokens(request: Request, name: str) -> list[str]:
    settings = getattr(request.app.state, "settings", None)
    return list(getattr(settings, name, []) or [])


def require_admin(request: Request, _scheme: HTTPAuthorizationCredentials | None = Depends(_admin_scheme)) -> None:
    """Dependency for routes that change shared state: the request must carry one of ``AGENTCORE_ADMIN_TOKENS``.

    With no admin token configured such routes are closed (403): changing shared state is never open by default.

    Raises:
        ApiError: 403 ``admin_disabled`` when no token is configured, 401 ``unauthorized`` for a missing or wrong
            token.
    """
    allowed = _settings_tokens(request, "admin_token_list")
    if not allowed:
        raise ApiError(
            403,
            "маршрут администрирования выключен: задайте AGENTCORE_ADMIN_TOKENS",
            "admin_disabled",
        )
    if not tokens_match(bearer_token(request), allowed):
        raise ApiError(401, "требуется токен администратора", "unauthorized", {"WWW-Authenticate": "Bearer"})


def require_reader(request: Request, _scheme: HTTPAuthorizationCredentials | None = Depends(_read_scheme)) -> None:
    """Dependency for read routes: open unless ``AGENTCORE_READ_TOKENS`` is set; then a read token or an admin
    token is required.

    Raises:
        ApiError: 401 ``unauthorized`` for a missing or wrong token when read tokens are configured.
    """
    allowed = _settings_tokens(request, "read_token_list")
    if not allowed:
        return
    presented = bearer_token(request, "X-API-Token")
    if not tokens_match(presented, allowed + _settings_tokens(request, "admin_token_list")):
        raise ApiError(401, "требуется токен доступа", "unauthorized", {"WWW-Authenticate": "Bearer"})


def principal(request: Request) -> str | None:
    """Who ``request`` is: the owner id (:func:`agentcore.util.owners.owner_id`, keyed by the deployment's owner key)
    of the read or admin token it presents (as :func:`require_reader` reads it), ``None`` while
    ``AGENTCORE_READ_TOKENS`` is unset (one user: nothing is anyone's) or when it presents no valid token.  The token
    itself is never kept."""
    ids = principals(request)
    return ids[0] if ids else None


def principals(request: Request) -> tuple[str, ...]:
    """Every owner id ``request``'s token may have been stored under: the keyed one first (what is written now),
    then the unkeyed one of earlier builds (:func:`agentcore.util.owners.owner_ids`); empty as for :func:`principal`
    ``None``."""
    settings = getattr(request.app.state, "settings", None)
    return principals_of(settings, bearer_token(request, "X-API-Token"))


def principals_of(settings: Any, presented: str | None) -> tuple[str, ...]:
    """:func:`principals` of a token ``presented`` under ``settings`` (a surface without a request — MCP over stdio —
    names its token itself)."""
    from agentcore.util.owners import owner_ids, owner_key

    readers = list(getattr(settings, "read_token_list", []) or [])
    if not readers or presented is None:
        return ()
    if not tokens_match(presented, readers + list(getattr(settings, "admin_token_list", []) or [])):
        return ()
    return owner_ids(owner_key(settings), presented)


def is_admin(request: Request) -> bool:
    """Whether ``request`` presents one of ``AGENTCORE_ADMIN_TOKENS``, in any header a token may come in
    (``Authorization: Bearer``, ``X-Admin-Token`` as :func:`require_admin` reads it, ``X-API-Token`` as
    :func:`require_reader` does): one answer for every route that treats an admin differently."""
    return presents_one_of(request, _settings_tokens(request, "admin_token_list"))


def presents_one_of(request: Request, allowed: Iterable[str]) -> bool:
    """Whether ``request`` carries one of ``allowed`` as ``Authorization: Bearer``, ``X-Admin-Token`` or
    ``X-API-Token`` (every header a token may come in)."""
    allowed = list(allowed)
    return any(tokens_match(bearer_token(request, header), allowed) for header in ("X-Admin-Token", "X-API-Token"))


def reader_dependencies(settings: Any) -> list[Any]:
    """``dependencies=`` for a read route: :func:`require_reader` when ``AGENTCORE_READ_TOKENS`` is set, nothing
    otherwise — so the OpenAPI document declares a token exactly when one is required."""
    return [Depends(require_reader)] if getattr(settings, "read_token_list", None) else []
