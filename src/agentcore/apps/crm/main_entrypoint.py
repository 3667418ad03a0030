"""``build_orchestrator`` (seed 004, ``main_entrypoint``): the orchestrator wired from the settings.

* The model: :meth:`ModelClient.from_settings` (offline planner by default, OpenAI-compatible / GigaChat when set).
* The portal: ``BITRIX_WEBHOOK_URL``, else an OAuth application (``BITRIX_DOMAIN`` + ``BITRIX_ACCESS_TOKEN``), else a
  local fake portal started in-process on a free loopback port, seeded with demo deals (real HTTP all the same).
* The state: files under ``<data_dir>/crm/state``, or Redis when ``AGENTCORE_REDIS_URL`` is set.
* The logs: ``<log_dir>/crm/<user>.jsonl``.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from agentcore.apps.crm.bitrix.auth import OAuthAuth, OAuthTokens, WebhookAuth
from agentcore.apps.crm.bitrix.client import BitrixClient
from agentcore.apps.crm.errors import CrmError
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import ModelClient
from agentcore.apps.crm.models import Mode
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.settings import CrmSettings
from agentcore.apps.crm.state_store import FileStateStore, RedisStateStore, StateStore
from agentcore.util.redact import register_settings_secrets

if TYPE_CHECKING:
    from agentcore.apps.crm.fake_portal import FakePortal
    from agentcore.config import Settings
    from agentcore.serving import BackgroundServer
    from agentcore.settings.core import CoreSettings

__all__ = [
    "PortalConfigError",
    "build_orchestrator",
    "check_portal_settings",
    "create_bitrix_client",
    "create_state_store",
]

_TOKENS_RECORD = "oauth_tokens"


class PortalConfigError(CrmError, ValueError):
    """The portal settings are unusable (the message is Russian and names no secret)."""


def create_state_store(core: CoreSettings, crm: CrmSettings) -> StateStore:
    """Redis when ``AGENTCORE_REDIS_URL`` is set (sessions expire after ``crm.session_ttl``), else files under the
    data directory."""
    if core.redis_url:
        return RedisStateStore(core.redis_url, prefix=f"{core.redis_prefix}crm:", ttl=crm.session_ttl)
    return FileStateStore(core.data_dir / "crm" / "state")


def portal_configured(crm: CrmSettings) -> bool:
    """True when a real portal is configured (webhook or OAuth)."""
    return bool(crm.bitrix_webhook_url or (crm.bitrix_domain and crm.bitrix_access_token))


def _oauth(crm: CrmSettings, store: StateStore) -> OAuthAuth:
    assert crm.bitrix_domain and crm.bitrix_access_token
    refresh = crm.bitrix_refresh_token.get_secret_value() if crm.bitrix_refresh_token else None
    # Tokens saved after a refresh are used only while the configured refresh token stays the same.
    origin = hashlib.sha256(f"{crm.bitrix_domain}|{refresh}".encode()).hexdigest()

    async def save(tokens: OAuthTokens) -> None:
        record = {"origin": origin, "access_token": tokens.access_token, "refresh_token": tokens.refresh_token}
        await store.save_extra(_TOKENS_RECORD, record)

    async def load() -> OAuthTokens | None:
        record = await store.load_extra(_TOKENS_RECORD)
        if not record or record.get("origin") != origin or not record.get("access_token"):
            return None
        return OAuthTokens(str(record["access_token"]), record.get("refresh_token"))

    return OAuthAuth(
        crm.bitrix_domain,
        OAuthTokens(crm.bitrix_access_token.get_secret_value(), refresh),
        client_id=crm.bitrix_client_id,
        client_secret=crm.bitrix_client_secret.get_secret_value() if crm.bitrix_client_secret else None,
        oauth_url=crm.bitrix_oauth_url,
        on_refresh=save,
        load_saved=load,
    )


def create_bitrix_client(crm: CrmSettings, store: StateStore, webhook_url: str | None = None) -> BitrixClient:
    """The client of the configured portal (or of ``webhook_url``).

    Raises:
        PortalConfigError: a malformed webhook URL or OAuth domain.
    """
    configured = crm.bitrix_webhook_url.get_secret_value() if crm.bitrix_webhook_url else ""
    try:
        if webhook_url or configured:
            auth: WebhookAuth | OAuthAuth = WebhookAuth(webhook_url or configured)
        else:
            auth = _oauth(crm, store)
    except ValueError as exc:
        raise PortalConfigError(str(exc)) from None
    return BitrixClient(
        auth,
        timeout=crm.bitrix_timeout,
        max_retries=crm.bitrix_max_retries,
        retry_max_time=crm.bitrix_retry_max_time,
    )


def check_portal_settings(crm: CrmSettings) -> None:
    """Fail early on unusable portal settings (what :func:`build_orchestrator` would refuse), without starting anything.

    Raises:
        PortalConfigError: a malformed webhook URL or OAuth domain.
    """
    if not portal_configured(crm):
        return
    try:
        if crm.bitrix_webhook_url:
            WebhookAuth(crm.bitrix_webhook_url.get_secret_value())
        else:
            OAuthAuth(crm.bitrix_domain or "", OAuthTokens(""))
    except ValueError as exc:
        raise PortalConfigError(str(exc)) from None


def start_local_portal(core: CoreSettings) -> tuple[str, BackgroundServer, FakePortal]:
    """Start the fake portal in-process (demo data, SQLite under the ``core`` section's data dir); returns
    (webhook URL, server, portal)."""
    from agentcore.apps.crm.fake_portal import FakePortal, create_fake_portal, seed_demo
    from agentcore.serving import BackgroundServer

    portal = FakePortal(core.data_dir / "crm" / "fake_portal.sqlite3")
    seed_demo(portal.storage)
    # own_logging=False: inside `agentcore serve` the portal must not reconfigure that server's loggers.
    server = BackgroundServer(create_fake_portal(portal), own_logging=False).start()
    return f"{server.url}/rest/1/{portal.webhook_code('1')}/", server, portal


def build_orchestrator(
    settings: Settings | None = None,
    *,
    model_client: ModelClient | None = None,
    mode: Mode | None = None,
) -> Orchestrator:
    """The orchestrator for ``settings`` (see the module docstring); close it with ``await orchestrator.aclose()``.

    Raises:
        PortalConfigError: the portal settings are unusable.
    """
    from agentcore.apps.crm import offline as _offline  # noqa: F401 - registers the offline planner
    from agentcore.config import get_settings

    settings = settings or get_settings()
    register_settings_secrets(settings)
    crm = CrmSettings.of(settings)
    store = create_state_store(settings.core, CrmSettings.of(settings))
    local: tuple[BackgroundServer, FakePortal] | None = None
    webhook_url = None
    if not portal_configured(crm):
        webhook_url, server, portal = start_local_portal(settings.core)
        local = (server, portal)
    client = create_bitrix_client(crm, store, webhook_url)
    orchestrator = Orchestrator(
        model_client or ModelClient.from_settings(settings),
        client,
        store,
        InteractionLogger(settings.core.log_dir / "crm", max_bytes=crm.log_max_bytes, keep=crm.log_keep),
        mode=mode or crm.mode,
        confirmation_ttl=crm.confirmation_ttl,
        turn_deadline=crm.turn_deadline,
    )
    if local is not None:
        server, portal = local
        orchestrator.portal_description = "локальный тестовый портал (демо-данные)"

        def stop() -> None:
            server.stop()
            portal.close()

        orchestrator.close_with(stop)
    return orchestrator
