"""The fake portal speaks Bitrix24's wire format: raw HTTP checks, then the real fast-bitrix24 client."""

from __future__ import annotations

import warnings
from typing import Any

import httpx
import pytest

from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer, create_fake_portal, serve_fake_portal
from agentcore.apps.crm.fake_portal.methods import PortalError
from agentcore.apps.crm.phpquery import build_query


def _post(server: FakePortalServer, method: str, body: dict[str, Any] | None = None) -> httpx.Response:
    return httpx.post(f"{server.webhook_url}{method}.json", json=body or {}, timeout=10)


def test_success_envelope_and_string_values(portal_server: FakePortalServer) -> None:
    response = _post(portal_server, "crm.deal.get", {"id": 1})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"result", "time"}
    assert {"start", "finish", "duration", "processing", "date_start", "date_finish"} <= set(body["time"])
    deal = body["result"]
    assert deal["ID"] == "1" and deal["OPPORTUNITY"] == "250000.00" and deal["CATEGORY_ID"] == "0"
    assert deal["COMPANY_ID"] == "1" and deal["CONTACT_ID"] == "1" and "CONTACT_IDS" not in deal
    assert deal["PROBABILITY"] is None and deal["OPENED"] == "Y" and deal["STAGE_SEMANTIC_ID"] == "P"
    assert deal["DATE_CREATE"].endswith("+03:00")


def test_add_defaults_update_delete(portal_server: FakePortalServer) -> None:
    new_id = _post(
        portal_server, "crm.deal.add", {"fields": {"TITLE": "Тест", "OPPORTUNITY": 1000, "CONTACT_IDS": [2, 3]}}
    )
    assert new_id.json()["result"] == 6  # an integer, as on a real portal
    deal = _post(portal_server, "crm.deal.get", {"id": 6}).json()["result"]
    assert (deal["STAGE_ID"], deal["CURRENCY_ID"], deal["COMPANY_ID"], deal["CONTACT_ID"]) == ("NEW", "RUB", "0", "2")
    assert deal["IS_MANUAL_OPPORTUNITY"] == "Y" and deal["CLOSEDATE"] > deal["BEGINDATE"]
    assert _post(portal_server, "crm.deal.update", {"id": 6, "fields": {"STAGE_ID": "WON"}}).json()["result"] is True
    won = _post(portal_server, "crm.deal.get", {"ID": "6"}).json()["result"]
    assert (won["STAGE_SEMANTIC_ID"], won["CLOSED"]) == ("S", "Y")
    assert _post(portal_server, "crm.deal.delete", {"id": 6}).json()["result"] is True
    gone = _post(portal_server, "crm.deal.get", {"id": 6})
    assert (gone.status_code, gone.json()) == (400, {"error": "", "error_description": "Not found"})


@pytest.mark.parametrize(
    ("method", "body", "status", "error"),
    [
        ("crm.deal.get", {"id": "abc"}, 400, ("", "ID is not defined or invalid.")),
        ("crm.deal.get", {}, 400, ("", "ID is not defined or invalid.")),
        ("crm.deal.add", {"fields": "x"}, 400, ("", "Parameter 'fields' must be array.")),
        ("crm.deal.list", {"filter": "x"}, 400, ("", "Parameter 'filter' must be array.")),
        ("crm.lead.add", {}, 404, ("ERROR_METHOD_NOT_FOUND", "Method not found!")),
        ("event.get", {}, 403, ("WRONG_AUTH_TYPE", None)),
        (
            "batch",
            {"cmd": {str(i): "crm.deal.get?id=1" for i in range(51)}},
            400,
            ("ERROR_BATCH_LENGTH_EXCEEDED", None),
        ),
    ],
)
def test_error_envelopes(
    portal_server: FakePortalServer, method: str, body: dict[str, Any], status: int, error: tuple[str, str | None]
) -> None:
    response = _post(portal_server, method, body)
    assert response.status_code == status
    payload = response.json()
    assert set(payload) == {"error", "error_description"}
    assert payload["error"] == error[0]
    if error[1] is not None:
        assert payload["error_description"] == error[1]


def test_wrong_webhook_token_and_bad_urls(portal_server: FakePortalServer) -> None:
    wrong = httpx.post(f"{portal_server.url}/rest/1/not-the-token/crm.deal.get.json", json={"id": 1})
    assert (wrong.status_code, wrong.json()["error"]) == (401, "NO_AUTH_FOUND")
    assert httpx.post(f"{portal_server.url}/rest/1/crm.deal.get").status_code == 404
    no_token = httpx.post(f"{portal_server.url}/rest/crm.deal.get.json", json={"id": 1})
    assert (no_token.status_code, no_token.json()["error"]) == (401, "NO_AUTH_FOUND")


def test_all_encodings_and_case_insensitive_names(portal_server: FakePortalServer) -> None:
    query = build_query({"filter": {"%TITLE": "ромашка"}, "select": ["ID", "TITLE"]})
    by_get = httpx.get(f"{portal_server.webhook_url}CRM.DEAL.LIST?{query}").json()
    by_form = httpx.post(
        f"{portal_server.webhook_url}crm.deal.list",
        content=query + "&",
        headers={"content-type": "application/x-www-form-urlencoded"},
    ).json()
    by_json = _post(portal_server, "crm.deal.list", {"FILTER": {"%TITLE": "ромашка"}, "SELECT": ["ID", "TITLE"]}).json()
    by_multipart = httpx.post(
        f"{portal_server.webhook_url}crm.deal.list",
        files={"filter[%TITLE]": (None, "ромашка"), "select[]": (None, "TITLE")},
    ).json()
    for body in (by_get, by_form, by_json):
        assert [d["ID"] for d in body["result"]] == ["1", "2"]
        assert set(body["result"][0]) == {"ID", "TITLE"}
    assert by_multipart["total"] == 2


def test_pagination_50_per_page_next_total_and_start_minus_one(portal: FakePortal) -> None:
    with serve_fake_portal(portal) as server:
        for i in range(120):
            _post(server, "crm.company.add", {"fields": {"TITLE": f"Компания {i}"}})
        first = _post(server, "crm.company.list", {"select": ["ID"]}).json()
        assert (len(first["result"]), first["next"], first["total"]) == (50, 50, 123)
        last = _post(server, "crm.company.list", {"select": ["ID"], "start": 100}).json()
        assert len(last["result"]) == 23 and "next" not in last
        fast = _post(server, "crm.company.list", {"start": -1, "filter": {">ID": 100}, "order": {"ID": "ASC"}}).json()
        assert fast["total"] == 0 and "next" not in fast and fast["result"][0]["ID"] == "101"


@pytest.mark.parametrize(
    ("filter_", "ids"),
    [
        ({">OPPORTUNITY": 180000}, ["1", "3"]),
        ({">=OPPORTUNITY": "180000"}, ["1", "2", "3"]),
        ({"<OPPORTUNITY": 90000}, ["5"]),
        ({"STAGE_ID": "NEW"}, ["2", "5"]),
        ({"=STAGE_ID": "NEW"}, ["2", "5"]),
        ({"!STAGE_ID": "NEW"}, ["1", "3", "4"]),
        ({"@STAGE_ID": ["WON", "EXECUTING"]}, ["3", "4"]),
        ({"!@ID": [1, 2, 3]}, ["4", "5"]),
        ({"%TITLE": "ВЕКТОР"}, ["3", "4"]),
        ({"!%TITLE": "вектор"}, ["1", "2", "5"]),
        ({"=%TITLE": "Ромашка%"}, ["1", "2"]),
        ({"COMPANY_ID": 2, "STAGE_ID": "WON"}, ["4"]),
        ({"ID": [1, 5]}, ["1", "5"]),
    ],
)
def test_filters(portal_server: FakePortalServer, filter_: dict[str, Any], ids: list[str]) -> None:
    body = _post(portal_server, "crm.deal.list", {"filter": filter_, "select": ["ID"], "order": {"ID": "ASC"}}).json()
    assert [d["ID"] for d in body["result"]] == ids


def test_order_select_and_multifields(portal_server: FakePortalServer) -> None:
    ordered = _post(
        portal_server, "crm.deal.list", {"order": {"OPPORTUNITY": "DESC"}, "select": ["OPPORTUNITY"]}
    ).json()
    assert [d["ID"] for d in ordered["result"]] == ["3", "1", "2", "4", "5"]
    assert set(ordered["result"][0]) == {"ID", "OPPORTUNITY"}
    contact = _post(portal_server, "crm.contact.get", {"id": 1}).json()["result"]
    assert contact["PHONE"][0] == {"ID": "1", "VALUE_TYPE": "WORK", "VALUE": "+7 900 111-22-33", "TYPE_ID": "PHONE"}
    assert contact["HAS_PHONE"] == "Y" and contact["COMPANY_ID"] == "1"
    listed = _post(portal_server, "crm.contact.list", {"select": ["*"]}).json()["result"][0]
    assert "PHONE" not in listed  # multifields only when selected by name
    by_phone = _post(
        portal_server, "crm.contact.list", {"filter": {"PHONE": "+7 900 111-22-33"}, "select": ["ID", "PHONE"]}
    )
    assert [c["ID"] for c in by_phone.json()["result"]] == ["1"]


def test_fields_description(portal_server: FakePortalServer) -> None:
    fields = _post(portal_server, "crm.deal.fields").json()["result"]
    assert fields["OPPORTUNITY"]["type"] == "double" and fields["ID"]["isReadOnly"] is True
    assert fields["CONTACT_IDS"]["isMultiple"] is True


def test_batch_references_halt_and_php_quirks(portal_server: FakePortalServer) -> None:
    cmd = {
        "deal": "crm.deal.get?id=1",
        "company": "crm.company.get?id=$result[deal][COMPANY_ID]",
        "list": "crm.deal.list?" + build_query({"filter": {"COMPANY_ID": 1}, "select": ["ID"]}),
        "bad": "crm.deal.get?id=999",
        "nested": "batch?cmd[x]=crm.deal.get%3Fid%3D1",
        "add": "crm.deal.add?fields[TITLE]=A%26B&fields[COMPANY_ID]=$result[list][0][ID]",
    }
    body = _post(portal_server, "batch", {"halt": 0, "cmd": cmd}).json()
    result = body["result"]
    assert set(body) == {"result", "time"}
    assert set(result) == {"result", "result_error", "result_total", "result_next", "result_time"}
    assert result["result"]["company"]["TITLE"] == "ООО «Ромашка»"
    assert result["result"]["add"] == 6
    assert _post(portal_server, "crm.deal.get", {"id": 6}).json()["result"]["TITLE"] == "A&B"
    assert result["result_error"] == {
        "bad": {"error": "", "error_description": "Not found"},
        "nested": {
            "error": "ERROR_BATCH_METHOD_NOT_ALLOWED",
            "error_description": "Method is not allowed for batch usage",
        },
    }
    assert result["result_total"] == {"list": 2}
    assert result["result_next"] == []  # an empty PHP array
    assert set(result["result_time"]) == {"deal", "company", "list", "add"}

    halted = _post(portal_server, "batch", {"halt": 1, "cmd": ["crm.deal.get?id=999", "crm.deal.get?id=1"]}).json()
    assert halted["result"]["result"] == [] and halted["result"]["result_error"] == [
        {"error": "", "error_description": "Not found"}
    ]
    as_list = _post(portal_server, "batch", {"cmd": ["crm.deal.get?id=1", "crm.deal.get?id=2"]}).json()
    assert [d["ID"] for d in as_list["result"]["result"]] == ["1", "2"]


def test_leaky_bucket_answers_query_limit_exceeded() -> None:
    now = [0.0]
    portal = FakePortal(rate_limit=(3, 2.0), bucket_clock=lambda: now[0])
    with serve_fake_portal(portal) as server:
        statuses = [_post(server, "crm.deal.list").status_code for _ in range(4)]
        assert statuses == [200, 200, 200, 503]
        limited = _post(server, "crm.deal.list")
        assert limited.json() == {"error": "QUERY_LIMIT_EXCEEDED", "error_description": "Too many requests"}
        now[0] += 0.5  # one request drained
        assert _post(server, "crm.deal.list").status_code == 200
        assert _post(server, "batch", {"cmd": ["crm.deal.list"] * 10}).status_code == 503
        now[0] += 10
        assert _post(server, "batch", {"cmd": ["crm.deal.list"] * 10}).status_code == 200  # a batch counts once


def test_events_in_app_context_and_oauth_token_lifecycle(portal: FakePortal) -> None:
    clock = [1_000_000.0]
    portal.clock = lambda: clock[0]
    client_id, secret = portal.create_app()
    access, refresh = portal.issue_tokens(client_id)
    with serve_fake_portal(portal) as server:
        rest = f"{server.url}/rest/"
        bind = {"event": "ONCRMDEALADD", "handler": "https://example.com/handler", "auth": access}
        assert httpx.post(rest + "event.bind.json", json=bind).json()["result"] is True
        again = httpx.post(rest + "event.bind.json", json=bind)
        assert again.json() == {"error": "ERROR_CORE", "error_description": "Handler already binded"}
        unknown = httpx.post(rest + "event.bind.json", json={**bind, "event": "ONNOTHING"})
        assert (unknown.status_code, unknown.json()["error"]) == (400, "ERROR_EVENT_NOT_FOUND")
        listed = httpx.get(rest + f"event.get.json?auth={access}").json()["result"]
        assert listed == [
            {"event": "ONCRMDEALADD", "handler": "https://example.com/handler", "auth_type": "0", "offline": 0}
        ]
        assert httpx.post(rest + "event.unbind.json", json=bind).json()["result"] == {"count": 1}

        clock[0] += 3601
        expired = httpx.post(rest + "crm.deal.get.json", json={"id": 1, "auth": access})
        assert (expired.status_code, expired.json()["error"]) == (401, "expired_token")
        token_url = f"{server.url}/oauth/token/"
        grant = {
            "grant_type": "refresh_token",
            "client_id": client_id,
            "client_secret": secret,
            "refresh_token": refresh,
        }
        fresh = httpx.get(token_url, params=grant).json()
        assert fresh["access_token"] != access and fresh["expires_in"] == 3600
        assert httpx.post(rest + "crm.deal.get.json", json={"id": 1, "auth": fresh["access_token"]}).status_code == 200
        reused = httpx.get(token_url, params=grant)
        assert reused.json()["error"] == "invalid_grant"  # refresh tokens work once
        wrong = httpx.get(token_url, params={**grant, "client_secret": "nope", "refresh_token": fresh["refresh_token"]})
        assert wrong.json()["error"] == "invalid_client"
        revoked = httpx.post(rest + "crm.deal.get.json", json={"id": 1, "auth": access})
        assert revoked.json()["error"] == "invalid_token"


def test_demo_data_persists_in_sqlite(tmp_path: Any) -> None:
    from agentcore.apps.crm.fake_portal import seed_demo

    first = FakePortal(tmp_path / "portal.sqlite3")
    assert seed_demo(first.storage) is True
    code = first.webhook_code()
    first.close()
    second = FakePortal(tmp_path / "portal.sqlite3")
    assert seed_demo(second.storage) is False and second.storage.count("deal") == 5
    assert second.webhook_code() == code
    assert create_fake_portal(second).state.portal is second
    second.close()


# --- the real fast-bitrix24 client ---------------------------------------------------------------------


async def test_fast_bitrix24_webhook_client(portal: FakePortal) -> None:
    from fast_bitrix24 import BitrixAsync

    with serve_fake_portal(portal) as server:
        for i in range(70):
            portal.storage.put("company", 100 + i, {"ID": str(100 + i), "TITLE": f"Компания {i}"})
        bitrix = BitrixAsync(server.webhook_url, verbose=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            companies = await bitrix.get_all("crm.company.list", {"select": ["ID", "TITLE"]})
            assert len(companies) == 73  # paging through "next" / "total" via batches
            deals = await bitrix.get_all("crm.deal.list", {"filter": {">OPPORTUNITY": 100000}, "select": ["ID"]})
            assert sorted(d["ID"] for d in deals) == ["1", "2", "3"]
            by_id = await bitrix.get_by_ID("crm.deal.get", [1, 3])
            assert by_id["1"]["TITLE"] == "Ромашка: поставка насосов" and by_id["3"]["COMPANY_ID"] == "2"
            new_id = await bitrix.call("crm.deal.add", {"fields": {"TITLE": "Через fast-bitrix24", "OPPORTUNITY": 10}})
            assert int(new_id) == 6
            several = await bitrix.call("crm.contact.add", [{"fields": {"NAME": "А"}}, {"fields": {"NAME": "Б"}}])
            assert [int(x) for x in several] == [4, 5]
            batch = await bitrix.call_batch(
                {"halt": 0, "cmd": {"d": "crm.deal.get?id=1", "c": "crm.company.get?id=$result[d][COMPANY_ID]"}}
            )
            assert batch["c"]["TITLE"] == "ООО «Ромашка»"


async def test_fast_bitrix24_oauth_client_refreshes_through_token_func(portal: FakePortal) -> None:
    from fast_bitrix24 import BitrixAsync

    client_id, _ = portal.create_app()
    first, _ = portal.issue_tokens(client_id)
    portal.expire_token(first)
    issued: list[str] = []

    async def token_func() -> str:
        access, _ = portal.issue_tokens(client_id)
        issued.append(access)
        return access

    with serve_fake_portal(portal) as server:
        bitrix = BitrixAsync(f"{server.url}/rest/", token_func=token_func, verbose=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            deals = await bitrix.get_all("crm.deal.list", {"select": ["ID"]})
        assert len(deals) == 5 and len(issued) == 1
        assert ("crm.deal.list", "oauth") in portal.calls


def test_directory_methods(portal: FakePortal) -> None:
    from agentcore.apps.crm.fake_portal.methods import CallContext

    ctx = CallContext("webhook", "1", ["crm", "user", "task"])
    found = portal.handle("user.search", {"find": "Соколов"}, ctx)["result"]
    assert [u["ID"] for u in found] == ["3", "4"]
    assert portal.handle("user.get", {"filter": {"LAST_NAME": "Кузнецова"}}, ctx)["result"][0]["ID"] == "2"
    assert portal.handle("user.current", {}, ctx)["result"]["ID"] == "1"
    stages = portal.handle("crm.status.list", {"filter": {"ENTITY_ID": "DEAL_STAGE"}}, ctx)["result"]
    assert {"STATUS_ID": "UC_NEGOTIATION", "NAME": "Переговоры"}.items() <= stages[2].items()
    assert portal.handle("crm.dealcategory.stage.list", {"id": 0}, ctx)["result"][0]["STATUS_ID"] == "NEW"
    task = portal.handle("tasks.task.add", {"fields": {"TITLE": "Позвонить", "DEADLINE": "2026-12-01"}}, ctx)
    assert task["result"]["task"]["deadline"] == "2026-12-01T03:00:00+03:00"
    assert portal.handle("scope", {}, ctx)["result"] == ["crm", "user", "task"]
    assert "T" in portal.handle("server.time", {}, ctx)["result"]
    with pytest.raises(PortalError) as denied:
        portal.handle("user.get", {}, CallContext("webhook", "1", ["crm"]))
    assert denied.value.status == 403 and denied.value.code == "insufficient_scope"
