"""The fake portal driven by the two real Python clients: b24pysdk (over HTTPS with a test CA) and fast-bitrix24 —
percent-encoded ``$result`` references, ``time.operating`` and the portal-wide error codes."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
import trustme

from agentcore.apps.crm.fake_portal import FakePortal, create_fake_portal, serve_fake_portal
from agentcore.apps.crm.fake_portal.entities import new_entity
from agentcore.serving import BackgroundServer

pytestmark = pytest.mark.e2e


def _add_deals(portal: FakePortal, count: int) -> None:
    now = datetime.now(UTC)
    for _ in range(count):
        deal_id = portal.storage.next_id("deal")
        portal.storage.put(
            "deal", deal_id, new_entity("deal", deal_id, {"TITLE": f"Сделка {deal_id}"}, user_id="1", now=now)
        )


@pytest.fixture
def https_portal(
    portal: FakePortal, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[FakePortal, str, str]]:
    """The demo portal over HTTPS (a certificate of a test CA that ``requests`` trusts): portal, domain, token."""
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    ca_file, cert_file = tmp_path / "ca.pem", tmp_path / "cert.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    cert.private_key_and_cert_chain_pem.write_to_path(str(cert_file))
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(ca_file))
    code = portal.webhook_code("1")
    with BackgroundServer(create_fake_portal(portal), ssl_certfile=str(cert_file), ssl_keyfile=str(cert_file)) as srv:
        yield portal, srv.url.split("://", 1)[1], f"1/{code}"


def test_b24pysdk_lists_every_deal_fast(https_portal: tuple[FakePortal, str, str]) -> None:
    from b24pysdk import BitrixWebhook, Client

    portal, domain, token = https_portal
    _add_deals(portal, 125)  # 130 with the demo deals: three pages, the later ones found through $result references
    client = Client(BitrixWebhook(domain=domain, webhook_token=token))
    fast = list(client.crm.deal.list(select=["ID", "TITLE"]).as_list_fast().result)
    assert len(fast) == 130 and len({d["ID"] for d in fast}) == 130
    assert len(list(client.crm.deal.list().as_list().result)) == 130


def test_b24pysdk_service_and_directory_methods(https_portal: tuple[FakePortal, str, str]) -> None:
    from b24pysdk import BitrixWebhook, Client

    _, domain, token = https_portal
    client = Client(BitrixWebhook(domain=domain, webhook_token=token))
    assert client.server.time().result.startswith("20")
    assert client.user.current().result["ID"] == "1"
    assert client.profile().result["ADMIN"] is True
    assert set(client.scope().result) == {"crm", "user", "task"}
    stages = client.crm.status.list(filter={"ENTITY_ID": "DEAL_STAGE"}).result
    assert "Переговоры" in [s["NAME"] for s in stages]
    assert client.user.get(filter={"LAST_NAME": "Соколова"}).result[0]["ID"] == "4"


@pytest.mark.parametrize(
    ("switch", "status", "code"),
    [
        ("overloaded", 503, "OVERLOAD_LIMIT"),
        ("rest_available", 403, "ACCESS_DENIED"),
        ("denied", 403, "INVALID_CREDENTIALS"),
    ],
)
def test_portal_wide_errors_reach_b24pysdk(
    https_portal: tuple[FakePortal, str, str], switch: str, status: int, code: str
) -> None:
    from b24pysdk import BitrixWebhook, Client
    from b24pysdk.errors import BitrixAPIError

    portal, domain, token = https_portal
    if switch == "overloaded":
        portal.overloaded = True
    elif switch == "rest_available":
        portal.rest_available = False
    else:
        portal.deny("1", "crm.deal.")
    client = Client(BitrixWebhook(domain=domain, webhook_token=token))
    with pytest.raises(BitrixAPIError) as raised:
        client.crm.deal.get(bitrix_id=1).result  # noqa: B018 - the request runs when the result is read
    assert raised.value.status_code == status and raised.value.error == code


def test_operating_time_is_counted_and_limits_the_method() -> None:
    portal = FakePortal(rate_limit=None, operating_limit=480, method_cost=200)
    try:
        with serve_fake_portal(portal) as server:
            url = f"{server.webhook_url}crm.deal.list.json"
            answers = [httpx.post(url, json={}, timeout=10) for _ in range(4)]
            assert [a.status_code for a in answers] == [200, 200, 200, 429]
            assert [a.json()["time"]["operating"] for a in answers[:3]] == [200, 400, 600]
            assert answers[3].json()["error"] == "OPERATION_TIME_LIMIT"
            other = httpx.post(f"{server.webhook_url}crm.contact.list.json", json={}, timeout=10)
            assert other.status_code == 200  # the limit is per method
            batch = httpx.post(
                f"{server.webhook_url}batch.json",
                json={"cmd": {"a": "crm.deal.list", "b": "crm.company.list"}},
                timeout=10,
            ).json()["result"]
            assert batch["result_error"]["a"]["error"] == "OPERATION_TIME_LIMIT"
            assert batch["result_time"]["b"]["operating"] == 200
    finally:
        portal.close()


async def test_fast_bitrix24_throttle_engages_on_operating_time() -> None:
    from fast_bitrix24 import BitrixAsync

    portal = FakePortal(rate_limit=None, operating_limit=480, method_cost=200)
    try:
        with serve_fake_portal(portal) as server:
            bitrix = BitrixAsync(server.webhook_url, verbose=False)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                await bitrix.call("crm.deal.fields", {}, raw=True)
                await bitrix.call("crm.deal.fields", {}, raw=True)
            throttler = bitrix.srh.method_throttlers["crm.deal.fields"]
            assert throttler._calculate_needed_sleep_time() > 60  # the client now waits instead of hitting 429
    finally:
        portal.close()
