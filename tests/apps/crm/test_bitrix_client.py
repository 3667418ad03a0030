"""The Bitrix24 client against the fake portal over real HTTP: envelopes, errors, backoff, OAuth refresh."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.responses import PlainTextResponse
from tests.apps.crm.helpers import oauth_settings

from agentcore.apps.crm.bitrix import (
    BitrixClient,
    BitrixError,
    BitrixTransportError,
    OAuthAuth,
    OAuthTokens,
    WebhookAuth,
)
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer, seed_demo, serve_fake_portal
from agentcore.serving import BackgroundServer, free_port


def _client(auth: Any, **options: Any) -> BitrixClient:
    return BitrixClient(auth, **{"backoff_initial": 0.001, "backoff_max": 0.01, **options})


async def test_webhook_post_and_get(portal_server: FakePortalServer) -> None:
    client = _client(WebhookAuth(portal_server.webhook_url))
    try:
        envelope = await client.call("crm.deal.list", {"filter": {"%TITLE": "Вектор"}, "select": ["ID", "TITLE"]})
        assert [d["ID"] for d in envelope["result"]] == ["3", "4"] and envelope["total"] == 2
        by_get = await client.call("CRM.DEAL.LIST", {"filter": {"%TITLE": "Вектор & Co"}, "select": ["ID"]}, "get")
        assert by_get["result"] == []
        created = await client.call("crm.deal.add", {"fields": {"TITLE": "A & B", "OPPORTUNITY": 5}}, "GET")
        assert (await client.call("crm.deal.get", {"id": created["result"]}))["result"]["TITLE"] == "A & B"
    finally:
        await client.aclose()


async def test_errors_carry_code_description_and_status(portal_server: FakePortalServer) -> None:
    client = _client(WebhookAuth(portal_server.webhook_url))
    try:
        with pytest.raises(BitrixError) as not_found:
            await client.call("crm.deal.get", {"id": 999})
        assert (not_found.value.code, not_found.value.description, not_found.value.status) == ("", "Not found", 400)
        assert not_found.value.method == "crm.deal.get"
        with pytest.raises(BitrixError) as wrong_auth:
            await client.call("event.get")
        assert wrong_auth.value.code == "WRONG_AUTH_TYPE"
    finally:
        await client.aclose()


async def test_wrong_webhook_token_never_appears_in_errors_or_logs(
    portal_server: FakePortalServer, caplog: pytest.LogCaptureFixture
) -> None:
    bad = portal_server.webhook_url.replace(
        portal_server.webhook_url.rstrip("/").rsplit("/", 1)[1], "secret-wrong-code"
    )
    client = _client(WebhookAuth(bad))
    caplog.set_level(logging.DEBUG)
    try:
        with pytest.raises(BitrixError) as error:
            await client.call("crm.deal.get", {"id": 1})
    finally:
        await client.aclose()
    assert error.value.code == "NO_AUTH_FOUND" and error.value.status == 401
    assert "secret-wrong-code" not in str(error.value)
    assert "secret-wrong-code" not in caplog.text
    assert "secret-wrong-code" not in client.describe()


def test_malformed_webhook_url_is_refused_without_echoing_it() -> None:
    with pytest.raises(ValueError) as error:
        WebhookAuth("https://example.bitrix24.ru/not-a-webhook/fake-token")
    assert "fake-token" not in str(error.value)


async def test_query_limit_exceeded_is_retried_with_backoff(portal: FakePortal) -> None:
    ticks = [0.0]

    def clock() -> float:  # 0.3 s pass between requests: limited, then drained
        ticks[0] += 0.3
        return ticks[0]

    limited = FakePortal(rate_limit=(1, 2.0), bucket_clock=clock)
    seed_demo(limited.storage)
    with serve_fake_portal(limited) as server:
        client = _client(WebhookAuth(server.webhook_url))
        try:
            await client.call("crm.deal.get", {"id": 1})
            envelope = await client.call("crm.deal.get", {"id": 2})
        finally:
            await client.aclose()
    assert envelope["result"]["ID"] == "2"
    assert len(limited.calls) == 3  # ok, 503, retry ok


async def test_query_limit_backoff_is_bounded(portal: FakePortal) -> None:
    blocked = FakePortal(rate_limit=(1, 1e-9))
    with serve_fake_portal(blocked) as server:
        client = _client(WebhookAuth(server.webhook_url), max_retries=3)
        try:
            await client.call("crm.deal.list")
            with pytest.raises(BitrixError) as error:
                await client.call("crm.deal.list")
        finally:
            await client.aclose()
    assert error.value.code == "QUERY_LIMIT_EXCEEDED" and error.value.status == 503
    assert len(blocked.calls) == 1 + 4  # one success, then the first attempt and 3 retries


async def test_expired_token_is_refreshed_once_for_concurrent_calls(portal: FakePortal) -> None:
    client_id, secret = portal.create_app()
    access, refresh = portal.issue_tokens(client_id)
    portal.expire_token(access)
    saved: list[OAuthTokens] = []
    with serve_fake_portal(portal) as server:
        auth = OAuthAuth(
            server.url,
            OAuthTokens(access, refresh),
            client_id=client_id,
            client_secret=secret,
            oauth_url=f"{server.url}/oauth/token/",
            on_refresh=saved.append,
        )
        client = _client(auth)
        try:
            results = await asyncio.gather(*(client.call("crm.deal.get", {"id": i}) for i in range(1, 6)))
            assert [r["result"]["ID"] for r in results] == ["1", "2", "3", "4", "5"]
            assert len(saved) == 1 and auth.tokens.access_token == saved[0].access_token != access
            events = await client.call("event.get")  # the application context may call event.*
            assert events["result"] == []
        finally:
            await client.aclose()


async def test_saved_tokens_replace_the_configured_ones(portal: FakePortal) -> None:
    client_id, _ = portal.create_app()
    live, _ = portal.issue_tokens(client_id)

    async def load() -> OAuthTokens:
        return OAuthTokens(live, None)

    with serve_fake_portal(portal) as server:
        client = _client(OAuthAuth(server.url, OAuthTokens("stale-token"), load_saved=load))
        try:
            assert (await client.call("crm.deal.get", {"id": 1}))["result"]["ID"] == "1"
        finally:
            await client.aclose()


@pytest.mark.parametrize("credentials", ["missing", "wrong"])
async def test_expired_token_without_a_working_refresh(portal: FakePortal, credentials: str) -> None:
    client_id, _ = portal.create_app()
    access, refresh = portal.issue_tokens(client_id)
    portal.expire_token(access)
    with serve_fake_portal(portal) as server:
        options: dict[str, Any] = {"oauth_url": f"{server.url}/oauth/token/"}
        if credentials == "wrong":
            options.update(client_id=client_id, client_secret="wrong-secret")
        client = _client(OAuthAuth(server.url, OAuthTokens(access, refresh), **options))
        try:
            with pytest.raises(BitrixError) as error:
                await client.call("crm.deal.get", {"id": 1})
        finally:
            await client.aclose()
    assert error.value.code == ("expired_token" if credentials == "missing" else "invalid_client")


async def test_timeouts_and_garbage_are_transport_errors() -> None:
    app = FastAPI()

    @app.post("/rest/1/fake-token/slow.method.json")
    async def slow() -> dict[str, Any]:
        await asyncio.sleep(2)
        return {"result": True}

    @app.post("/rest/1/fake-token/html.method.json")
    async def html() -> PlainTextResponse:
        return PlainTextResponse("<html>maintenance</html>", status_code=502)

    with BackgroundServer(app) as server:
        client = _client(WebhookAuth(f"{server.url}/rest/1/fake-token/"), timeout=0.3)
        try:
            with pytest.raises(BitrixTransportError) as timeout:
                await client.call("slow.method")
            assert "не ответил" in timeout.value.description
            with pytest.raises(BitrixTransportError) as garbage:
                await client.call("html.method")
            assert garbage.value.status == 502
        finally:
            await client.aclose()


async def test_refused_connection_is_retried_then_reported() -> None:
    client = _client(WebhookAuth(f"http://127.0.0.1:{free_port()}/rest/1/fake-token/"), max_retries=2)
    try:
        with pytest.raises(BitrixTransportError) as error:
            await client.call("crm.deal.get", {"id": 1})
    finally:
        await client.aclose()
    assert "портал недоступен" in error.value.description


async def test_workers_sharing_a_store_refresh_the_rotating_token_once(portal: FakePortal, tmp_path: Any) -> None:
    """Bitrix24 refresh tokens work once: a second worker must take the tokens the first one saved, not refresh
    again with the spent refresh token (which the OAuth server refuses with invalid_grant)."""
    from agentcore.apps.crm.main_entrypoint import create_bitrix_client
    from agentcore.apps.crm.settings import CrmSettings
    from agentcore.apps.crm.state_store import FileStateStore

    client_id, secret = portal.create_app()
    access, refresh = portal.issue_tokens(client_id)
    with serve_fake_portal(portal) as server:
        settings = oauth_settings(server.url, client_id, secret, access, refresh)
        workers = [create_bitrix_client(CrmSettings.of(settings), FileStateStore(tmp_path / "state")) for _ in range(2)]
        try:
            for worker in workers:  # both started and working with the configured token
                assert (await worker.call("crm.deal.get", {"id": 1}))["result"]["ID"] == "1"
            portal.expire_token(access)
            for worker in workers:
                assert (await worker.call("crm.deal.get", {"id": 2}))["result"]["ID"] == "2"
            assert workers[0].auth.tokens.access_token == workers[1].auth.tokens.access_token != access
            portal.expire_token(workers[0].auth.tokens.access_token)  # and again, the other worker first
            for worker in reversed(workers):
                assert (await worker.call("crm.deal.get", {"id": 3}))["result"]["ID"] == "3"
        finally:
            for worker in workers:
                await worker.aclose()
