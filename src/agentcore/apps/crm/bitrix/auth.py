"""The two ways to reach a portal: an inbound webhook and an OAuth application.

* :class:`WebhookAuth` — ``https://<portal>/rest/<user_id>/<token>/``; the token is part of the URL, so the URL is a
  secret: it is registered with the redactor and never logged or shown to the model.
* :class:`OAuthAuth` — ``https://<portal>/rest/<method>.json?auth=<access_token>``; on ``expired_token`` the client
  calls :meth:`OAuthAuth.refresh` (``grant_type=refresh_token`` at the OAuth server) and retries once.  Only the
  application context can call ``event.*``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit

import httpx

from agentcore.apps.crm.bitrix.errors import BitrixError, BitrixTransportError
from agentcore.util.redact import register_secret

__all__ = ["BitrixAuth", "OAuthAuth", "OAuthTokens", "WebhookAuth"]

logger = logging.getLogger("agentcore.crm.bitrix")


class BitrixAuth(Protocol):
    """How requests are addressed and authorised."""

    kind: str

    def url(self, method: str) -> str:
        """The full URL of ``method``."""
        ...

    def auth_params(self) -> dict[str, str]:
        """Query parameters that carry the credentials (empty for a webhook)."""
        ...

    def describe(self) -> str:
        """A safe description for banners and logs (no token)."""
        ...

    @property
    def generation(self) -> int:
        """Counts token refreshes (always 0 for a webhook)."""
        ...

    async def prepare(self) -> None:
        """Called before every request (an OAuth app loads tokens saved by an earlier refresh, once)."""
        ...

    async def refresh(self, client: httpx.AsyncClient, seen_generation: int | None = None) -> bool:
        """Get a new access token; ``False`` when this auth cannot refresh."""
        ...


class WebhookAuth:
    """An inbound webhook URL ``<scheme>://<host>/rest/<user_id>/<token>/``.

    Raises:
        ValueError: the URL is not of that shape (the message does not repeat the URL).
    """

    kind = "webhook"

    def __init__(self, webhook_url: str) -> None:
        url = webhook_url.strip()
        parts = urlsplit(url)
        segments = [s for s in parts.path.split("/") if s]
        if parts.scheme not in ("http", "https") or not parts.netloc or len(segments) < 3 or segments[-3] != "rest":
            raise ValueError("BITRIX_WEBHOOK_URL должен иметь вид https://<портал>/rest/<user_id>/<токен>/")
        register_secret(url)
        register_secret(segments[-1])
        self._base = url if url.endswith("/") else url + "/"
        self.host = parts.netloc
        self.user_id = segments[-2]

    def url(self, method: str) -> str:
        return f"{self._base}{method}.json"

    def auth_params(self) -> dict[str, str]:
        return {}

    def describe(self) -> str:
        return f"входящий вебхук {self.host} (пользователь {self.user_id})"

    @property
    def generation(self) -> int:
        return 0

    async def prepare(self) -> None:
        return None

    async def refresh(self, client: httpx.AsyncClient, seen_generation: int | None = None) -> bool:
        return False


@dataclass
class OAuthTokens:
    """The tokens of an OAuth application (both rotate on refresh)."""

    access_token: str
    refresh_token: str | None = None


TokenListener = Callable[[OAuthTokens], Awaitable[None] | None]
TokenLoader = Callable[[], Awaitable[OAuthTokens | None]]


class OAuthAuth:
    """An OAuth application on ``domain`` (``example.bitrix24.ru`` or a full ``http(s)://host`` base).

    Args:
        domain: the portal; ``https://`` is assumed without a scheme.
        tokens: the current access and refresh tokens.
        client_id / client_secret: the application's credentials (needed to refresh).
        oauth_url: the token endpoint (``https://oauth.bitrix.info/oauth/token/``).
        on_refresh: called with the new tokens after a refresh (to persist them).
        load_saved: returns tokens saved by an earlier refresh, here or by another worker sharing the store: they
            replace ``tokens`` before the first request, and before a refresh (Bitrix24 refresh tokens work once,
            so a worker whose token expired takes the tokens another worker already got instead of refreshing
            with a spent refresh token).
    """

    kind = "oauth"

    def __init__(
        self,
        domain: str,
        tokens: OAuthTokens,
        *,
        client_id: str | None = None,
        client_secret: str | None = None,
        oauth_url: str = "https://oauth.bitrix.info/oauth/token/",
        on_refresh: TokenListener | None = None,
        load_saved: TokenLoader | None = None,
    ) -> None:
        base = domain.strip().rstrip("/")
        if "://" not in base:
            base = "https://" + base
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError("BITRIX_DOMAIN должен быть доменом портала, например example.bitrix24.ru")
        self.endpoint = f"{parts.scheme}://{parts.netloc}/rest/"
        self.host = parts.netloc
        self.tokens = tokens
        self.client_id = client_id
        self.client_secret = client_secret
        self.oauth_url = oauth_url
        self.on_refresh = on_refresh
        self._load_saved = load_saved
        self._prepared = load_saved is None
        self._lock = asyncio.Lock()
        self._generation = 0
        for secret in (tokens.access_token, tokens.refresh_token, client_secret):
            register_secret(secret)

    def url(self, method: str) -> str:
        return f"{self.endpoint}{method}.json"

    def auth_params(self) -> dict[str, str]:
        return {"auth": self.tokens.access_token}

    def describe(self) -> str:
        return f"OAuth-приложение на {self.host}"

    @property
    def generation(self) -> int:
        """Counts refreshes; a caller that saw an older generation knows the token changed meanwhile."""
        return self._generation

    async def prepare(self) -> None:
        if self._prepared:
            return
        async with self._lock:
            if not self._prepared:
                self._prepared = True
                await self._adopt_saved()

    async def _adopt_saved(self) -> bool:
        """Take the saved tokens when they differ from ours (call under the lock); True when they did."""
        if self._load_saved is None:
            return False
        try:
            saved = await self._load_saved()
        except Exception as exc:  # a store that cannot be read leaves the tokens we have
            logger.warning("[bitrix] refresh // Saved tokens unavailable: %s", type(exc).__name__)
            return False
        if saved is None or not saved.access_token or saved.access_token == self.tokens.access_token:
            return False
        register_secret(saved.access_token)
        register_secret(saved.refresh_token)
        self.tokens = saved
        return True

    async def refresh(self, client: httpx.AsyncClient, seen_generation: int | None = None) -> bool:
        """Exchange the refresh token for new tokens (once for concurrent callers), or take the tokens another
        worker sharing the store has just refreshed (refresh tokens work once).

        Raises:
            BitrixError: the OAuth server refused (``invalid_grant``…) or did not answer.
        """
        if not (self.tokens.refresh_token and self.client_id and self.client_secret):
            return False
        async with self._lock:
            if seen_generation is not None and seen_generation != self._generation:
                return True  # another call refreshed while this one waited
            if await self._adopt_saved():  # another worker refreshed and saved the new tokens
                self._generation += 1
                logger.info("[bitrix] refresh // Took the tokens another worker refreshed for %s", self.host)
                return True
            try:
                await self._exchange(client)
            except BitrixError:
                if await self._adopt_saved():  # both refreshed at once and the other one won
                    self._generation += 1
                    return True
                raise
            return True

    async def _exchange(self, client: httpx.AsyncClient) -> None:
        """One ``grant_type=refresh_token`` request; the new tokens replace ours and are handed to ``on_refresh``."""
        params = {
            "grant_type": "refresh_token",
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "refresh_token": self.tokens.refresh_token,
        }
        try:
            response = await client.get(self.oauth_url, params=params)
            body: Any = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise BitrixTransportError(f"OAuth-сервер недоступен: {type(exc).__name__}") from None
        if not isinstance(body, dict) or body.get("error") or not body.get("access_token"):
            code = str(body.get("error", "invalid_grant")) if isinstance(body, dict) else "invalid_grant"
            description = str(body.get("error_description", "")) if isinstance(body, dict) else ""
            raise BitrixError(code, description or "token refresh refused", status=response.status_code)
        self.tokens = OAuthTokens(str(body["access_token"]), str(body.get("refresh_token") or "") or None)
        register_secret(self.tokens.access_token)
        register_secret(self.tokens.refresh_token)
        self._generation += 1
        logger.info("[bitrix] refresh // Access token refreshed for %s", self.host)
        if self.on_refresh is not None:
            outcome = self.on_refresh(self.tokens)
            if outcome is not None:
                await outcome
