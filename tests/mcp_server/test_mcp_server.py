"""Our MCP server with the SDK's real ``Client``: Streamable HTTP at ``/mcp`` of a live ``agentcore serve`` app on a
loopback port, and stdio (``agentcore mcp`` as a subprocess)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from agentcore.apps.crm.fake_portal import FakePortal, seed_demo, serve_fake_portal
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.server import create_app
from agentcore.serving import BackgroundServer

pytestmark = pytest.mark.e2e

READ_TOKEN = "read-token-1"
CRM_KEY = "crm-key-1"
# name → (readOnly, destructive, idempotent, openWorld)
EXPECTED = {
    "rag_search": (True, False, True, False),
    "fetch_docs": (True, False, True, False),
    "research_ask": (True, False, True, False),
    "scrum_daily": (False, False, False, False),
    "scrum_analytics": (True, False, True, False),
    "scrum_faq": (True, False, True, False),
    "crm_get": (True, False, True, True),
    "crm_list": (True, False, True, True),
    "crm_request_change": (False, False, True, True),
}
OTHER_KEY = "crm-key-2"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FakePortal]]:
    """A live app (read tokens on, the CRM on a fake Bitrix24 portal) and the portal."""
    portal = FakePortal(rate_limit=None)
    seed_demo(portal.storage)
    data = tmp_path_factory.mktemp("mcp-data")
    with serve_fake_portal(portal) as bitrix:
        settings = Settings(
            data_dir=data,
            read_tokens=READ_TOKEN,
            crm=CrmSettings(http_api_tokens=f"{CRM_KEY},{OTHER_KEY}", bitrix_webhook_url=bitrix.webhook_url),
        )
        with BackgroundServer(create_app(settings)) as server:
            yield server.url, portal
    portal.close()


def client(url: str, **headers: str) -> Client:
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {READ_TOKEN}", **headers})
    return Client(streamable_http_client(url + "/mcp", http_client=http))


def annotations(tool: Any) -> tuple[bool | None, ...]:
    a = tool.annotations
    return (a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint)


async def test_http_lists_tools_with_honest_annotations(served: tuple[str, FakePortal]) -> None:
    async with client(served[0]) as c:
        tools = {tool.name: tool for tool in (await c.list_tools()).tools}
    assert {name: annotations(tool) for name, tool in tools.items()} == EXPECTED
    assert set(tools["rag_search"].input_schema["properties"]) == {"query", "top_k", "collection"}
    assert tools["rag_search"].input_schema["required"] == ["query"]
    assert tools["research_ask"].input_schema["required"] == ["question"]


def test_http_needs_the_read_token(served: tuple[str, FakePortal]) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    answer = httpx.post(served[0] + "/mcp", json=body, timeout=10)
    assert answer.status_code == 401 and answer.json() == {"error": "требуется токен доступа", "code": "unauthorized"}


async def test_http_rag_search_and_fetch_docs(served: tuple[str, FakePortal]) -> None:
    async with client(served[0]) as c:
        found = await c.call_tool("rag_search", {"query": "сколько дней отпуска положено?", "top_k": 2})
        assert not found.is_error and found.structured_content is not None
        hits = found.structured_content
        assert len(hits["chunk_ids"]) == 2 and "28" in hits["answer"]
        docs = await c.call_tool("fetch_docs", {"ids": [hits["chunk_ids"][0], "нет-такого#1"]})
        assert docs.structured_content is not None and docs.structured_content["missing"] == ["нет-такого#1"]
        assert docs.structured_content["items"][0]["id"] == hits["chunk_ids"][0]
        bad = await c.call_tool("rag_search", {"query": "отпуск", "collection": "no-such-collection"})
        assert bad.is_error and "HTTP 404" in bad.content[0].text  # the route's own error, in Russian
        # the route's field names are not the tool's: an error names the argument the caller sent
        empty = await c.call_tool("rag_search", {"query": "  "})
        assert empty.is_error and empty.content[0].text.startswith("некорректный запрос: query: "), empty.content
        faq = await c.call_tool("scrum_faq", {"question": ""})
        assert faq.is_error and "question: " in faq.content[0].text and "message" not in faq.content[0].text


async def test_http_research_ask_reports_each_step(served: tuple[str, FakePortal]) -> None:
    progress: list[tuple[float, str | None]] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append((value, message))

    async with client(served[0]) as c:
        result = await c.call_tool("research_ask", {"question": "Как оформить отпуск?"}, progress_callback=on_progress)
    assert not result.is_error and result.structured_content is not None
    answer = result.structured_content
    assert "Ромашка.Портал" in answer["answer"] and answer["sources"]
    assert {"id", "doc_id", "title"} <= set(answer["sources"][0])
    # the claim check's fields, as rag_search returns them (a removed claim's text stays out of the model's context)
    assert answer["grounded"] is True and answer["missing_parts"] == [] and answer["claims"]
    assert all(claim["status"] in ("supported", "unsupported", "contradicted") for claim in answer["claims"])
    assert "removed_claims" not in answer and answer["removed_claims_count"] >= 0
    assert len(progress) == answer["steps"] >= 3
    assert [value for value, _ in progress] == list(range(1, len(progress) + 1))
    assert any(message and "search" in message for _, message in progress)


async def test_http_research_ask_is_traced_as_the_callers_run(tmp_path: Path) -> None:
    """``research_ask`` over ``/mcp`` is in the run trace like ``POST /research``: the caller's token lists and opens
    it (``/trace/runs``), another read token does not, an admin token does."""
    other, admin = "read-token-2", "admin-token-1"
    settings = Settings(data_dir=tmp_path, read_tokens=f"{READ_TOKEN},{other}", admin_tokens=admin)
    with BackgroundServer(create_app(settings)) as server:
        async with client(server.url) as c:
            asked = await c.call_tool("research_ask", {"question": "Как оформить отпуск?"})
        assert not asked.is_error and asked.structured_content is not None
        request_id = asked.structured_content["request_id"]
        with httpx.Client(base_url=server.url, timeout=60) as http:

            def runs(token: str) -> list[dict[str, Any]]:
                answer = http.get("/trace/runs", headers={"Authorization": f"Bearer {token}"})
                assert answer.status_code == 200, answer.text
                return list(answer.json()["runs"])

            mine = runs(READ_TOKEN)
            assert [(run["request_id"], run["agent"], run["question"]) for run in mine] == [
                (request_id, "research", "Как оформить отпуск?")
            ]
            assert mine[0]["outcome"] == "final" and mine[0]["events"] == asked.structured_content["steps"] + 1
            assert runs(other) == [] and [run["request_id"] for run in runs(admin)] == [request_id]
            opened = http.get(f"/trace/runs/{request_id}", headers={"Authorization": f"Bearer {READ_TOKEN}"})
            assert opened.status_code == 200 and opened.json()["events"][-1]["type"] == "final"
            hidden = http.get(f"/trace/runs/{request_id}", headers={"Authorization": f"Bearer {other}"})
            assert hidden.status_code == 404


async def test_http_scrum_tools(served: tuple[str, FakePortal]) -> None:
    async with client(served[0]) as c:
        faq = await c.call_tool("scrum_faq", {"question": "Что такое спринт?"})
        assert not faq.is_error and faq.structured_content and faq.structured_content["answer"]
        missing = await c.call_tool("scrum_analytics", {"team": "no-such-team", "message": "скорость команды"})
        assert missing.is_error and "HTTP 404" in missing.content[0].text


async def test_http_crm_reads_need_the_crm_key(served: tuple[str, FakePortal]) -> None:
    async with client(served[0]) as c:
        refused = await c.call_tool("crm_list", {"entity": "deal"})
        assert refused.is_error and "X-API-Key" in refused.content[0].text
        # without HTTP_API_TOKENS the key that works is the one `agentcore serve` printed (tryout 31 #2)
        assert "одноразовый ключ из адреса консоли" in refused.content[0].text
    async with client(served[0], **{"X-API-Key": CRM_KEY}) as c:
        listed = await c.call_tool("crm_list", {"entity": "deal", "select": ["ID", "TITLE"]})
        assert not listed.is_error and listed.structured_content is not None
        deals = listed.structured_content["result"]
        assert deals and set(deals[0]) == {"ID", "TITLE"}
        one = await c.call_tool("crm_get", {"entity": "deal", "id": int(deals[0]["ID"])})
        assert one.structured_content is not None and one.structured_content["result"]["TITLE"] == deals[0]["TITLE"]
        # a record the portal does not have is said as the CRM dialog says it (tryout 31 #3: it was the portal's
        # raw «Bitrix24: crm.deal.get: ERROR: Not found»)
        gone = await c.call_tool("crm_get", {"entity": "deal", "id": 99999})
        assert gone.is_error
        assert gone.content[0].text.startswith("Сделка #99999 не найдена в Bitrix24 — "), gone.content[0].text
        wrong = await c.call_tool("crm_get", {"entity": "lead", "id": 1})
        assert wrong.is_error  # not one of deal/contact/company: refused by the schema
        # «the newest deal» needs an order (the tool had none: a client got the oldest first)
        newest = await c.call_tool("crm_list", {"entity": "deal", "select": ["ID"], "order": {"ID": "DESC"}})
        assert newest.structured_content is not None
        ids = [int(d["ID"]) for d in newest.structured_content["result"]]
        assert ids == sorted(ids, reverse=True) and ids[0] == max(int(d["ID"]) for d in deals)


def chat(url: str, key: str, message: str, **extra: str) -> dict[str, Any]:
    answer = httpx.post(
        url + "/chat", json={"user_id": "manager", "message": message, **extra}, headers={"X-API-Key": key}, timeout=60
    )
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


async def test_http_crm_change_is_only_requested_until_the_user_says_yes(served: tuple[str, FakePortal]) -> None:
    url = served[0]
    change = {
        "user_id": "manager",
        "session_id": "mcp",
        "entity": "deal",
        "operation": "update",
        "fields": {"TITLE": "Переименовано через MCP"},
        "comment": "просьба внешнего агента",
    }
    async with client(url) as c:
        refused = await c.call_tool("crm_request_change", {**change, "id": 1})
        assert refused.is_error and "X-API-Key" in refused.content[0].text
    async with client(url, **{"X-API-Key": CRM_KEY}) as c:
        deal = (await c.call_tool("crm_list", {"entity": "deal", "select": ["ID", "TITLE"]})).structured_content
        assert deal is not None
        deal_id, title = int(deal["result"][0]["ID"]), deal["result"][0]["TITLE"]
        asked = await c.call_tool("crm_request_change", {**change, "id": deal_id})
        assert not asked.is_error and asked.structured_content is not None, asked.content
        request = asked.structured_content
        assert request["status"] == "pending" and request["confirmation"]["method"] == "crm.deal.update"
        assert request["confirmation"]["params"] == {"id": deal_id, "fields": change["fields"]}
        assert "да" in request["how_to_approve"] and request["session_id"] == "mcp"
        again = await c.call_tool("crm_request_change", {**change, "id": deal_id})
        assert again.structured_content is not None
        assert again.structured_content["confirmation"]["id"] == request["confirmation"]["id"]  # idempotent
        unchanged = await c.call_tool("crm_get", {"entity": "deal", "id": deal_id})
        assert unchanged.structured_content is not None and unchanged.structured_content["result"]["TITLE"] == title
        no_id = await c.call_tool("crm_request_change", {**change})
        assert no_id.is_error and "id" in no_id.content[0].text
        delete = await c.call_tool(
            "crm_request_change", {**change, "operation": "delete", "id": deal_id, "fields": None}
        )
        assert delete.is_error and "политикой" in delete.content[0].text  # canary: no deletes at all

    # Another key's «да» is another principal's session: nothing runs.
    other = chat(url, OTHER_KEY, "да", session_id="mcp")
    assert other["pending_confirmations"] == []
    async with client(url, **{"X-API-Key": CRM_KEY}) as c:
        still = await c.call_tool("crm_get", {"entity": "deal", "id": deal_id})
        assert still.structured_content is not None and still.structured_content["result"]["TITLE"] == title
    # The user of the key sees the request in their session and approves it.
    approved = chat(url, CRM_KEY, "да", session_id="mcp")
    assert approved["pending_confirmations"] == []
    async with client(url, **{"X-API-Key": CRM_KEY}) as c:
        done = await c.call_tool("crm_get", {"entity": "deal", "id": deal_id})
        assert done.structured_content is not None
        assert done.structured_content["result"]["TITLE"] == change["fields"]["TITLE"]


async def test_http_crm_change_with_unknown_fields_or_a_missing_record_is_refused_when_requested(
    served: tuple[str, FakePortal],
) -> None:
    """Tryout 26 #8: ``confirmed: true`` as a field was queued and, after «да», written as CONFIRMED; a change of
    deal 99999 was queued and failed only after approval.  Both are refused at request time, in Russian, nothing is
    queued; the same check holds for a change the model plans in ``POST /chat`` (one place, the orchestrator)."""
    url, portal = served
    change = {"user_id": "strict", "session_id": "mcp-strict", "entity": "deal", "operation": "update", "id": 1}
    async with client(url, **{"X-API-Key": CRM_KEY}) as c:
        unknown = await c.call_tool("crm_request_change", {**change, "fields": {"confirmed": True, "TITLE": "y"}})
        assert unknown.is_error, unknown.content
        text = unknown.content[0].text
        assert "запрос не принят: у сделки нет поля «confirmed» (см. crm.deal.fields)" in text, text
        two = await c.call_tool("crm_request_change", {**change, "fields": {"FOO": 1, "bar": 2, "TITLE": "y"}})
        assert two.is_error and "нет полей «FOO», «bar»" in two.content[0].text, two.content
        missing = await c.call_tool("crm_request_change", {**change, "id": 99999, "fields": {"TITLE": "x"}})
        assert missing.is_error and "Сделка #99999 не найдена в Bitrix24" in missing.content[0].text, missing.content
        contact = await c.call_tool(
            "crm_request_change", {**change, "entity": "contact", "operation": "add", "id": None, "fields": {"X": 1}}
        )
        assert contact.is_error and "у контакта нет поля «X»" in contact.content[0].text, contact.content
        fine = await c.call_tool("crm_request_change", {**change, "fields": {"title": "Нормальное название"}})
        assert not fine.is_error and fine.structured_content is not None, fine.content
        assert fine.structured_content["status"] == "pending"
    answer = chat(url, CRM_KEY, "да", session_id="mcp-strict", user_id="strict")
    assert "CONFIRMED" not in portal.storage.get("deal", 1) and portal.storage.get("deal", 1)["TITLE"] == (
        "Нормальное название"
    ), answer
    # the model's step of a dialog: a missing record is refused before anyone is asked
    refused = chat(url, CRM_KEY, "Измени сумму сделки 99999 на 5000", session_id="chat-strict", user_id="strict")
    assert refused["pending_confirmations"] == [] and "Сделка #99999 не найдена" in refused["assistant"], refused


async def test_stdio_agentcore_mcp(tmp_path: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),  # the source under test, when it is given that way
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "AGENTCORE_DATA_DIR": str(tmp_path),
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-c", "from agentcore.cli import main; main()", "mcp"], env=env, cwd=tmp_path
    )
    async with Client(params, read_timeout_seconds=120) as c:
        tools = {tool.name: tool for tool in (await c.list_tools()).tools}
        assert {name: annotations(tool) for name, tool in tools.items()} == EXPECTED
        found = await c.call_tool("rag_search", {"query": "сколько дней отпуска положено?"})
        assert not found.is_error and found.structured_content and "28" in found.structured_content["answer"]
        steps: list[float] = []

        async def on_progress(value: float, total: float | None, message: str | None) -> None:
            steps.append(value)

        asked = await c.call_tool("research_ask", {"question": "Как оформить отпуск?"}, progress_callback=on_progress)
        assert not asked.is_error and asked.structured_content and asked.structured_content["sources"]
        assert steps and len(steps) == asked.structured_content["steps"]
        traced = [json.loads(line) for line in (tmp_path / "logs" / "runs" / "runs.jsonl").read_text().splitlines()]
        assert [(run["request_id"], run["agent"]) for run in traced] == [
            (asked.structured_content["request_id"], "research")
        ]
        crm = await c.call_tool("crm_list", {"entity": "deal"})
        assert crm.is_error and "AGENTCORE_MCP_CRM_KEY" in crm.content[0].text


async def test_stdio_research_ask_is_the_local_tokens_run(tmp_path: Path) -> None:
    """Over stdio the run is owned as the process's token (the first read token) would own it over HTTP."""
    from types import SimpleNamespace

    from agentcore.util.owners import owner_id, owner_key

    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        "AGENTCORE_DATA_DIR": str(tmp_path),
        "AGENTCORE_READ_TOKENS": f"{READ_TOKEN},read-token-2",
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-c", "from agentcore.cli import main; main()", "mcp"], env=env, cwd=tmp_path
    )
    async with Client(params, read_timeout_seconds=120) as c:
        asked = await c.call_tool("research_ask", {"question": "Как оформить отпуск?"})
    assert not asked.is_error and asked.structured_content is not None
    [run] = [json.loads(line) for line in (tmp_path / "logs" / "runs" / "runs.jsonl").read_text().splitlines()]
    key = owner_key(SimpleNamespace(owner_key=None, redis_url=None, data_dir=tmp_path))  # the file the child made
    assert run["request_id"] == asked.structured_content["request_id"]
    assert run["owner"] == owner_id(key, READ_TOKEN)


async def test_stdio_crm_key_from_the_environment(tmp_path: Path) -> None:
    portal = FakePortal(rate_limit=None)
    seed_demo(portal.storage)
    with serve_fake_portal(portal) as bitrix:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "AGENTCORE_DATA_DIR": str(tmp_path),
            "AGENTCORE_HTTP_API_TOKENS": CRM_KEY,
            "AGENTCORE_MCP_CRM_KEY": CRM_KEY,
            "AGENTCORE_BITRIX_WEBHOOK_URL": bitrix.webhook_url,
        }
        params = StdioServerParameters(
            command=sys.executable, args=["-c", "from agentcore.cli import main; main()", "mcp"], env=env, cwd=tmp_path
        )
        async with Client(params, read_timeout_seconds=120) as c:
            listed = await c.call_tool("crm_list", {"entity": "company", "select": ["ID", "TITLE"]})
            change = {
                "user_id": "manager",
                "entity": "deal",
                "operation": "update",
                "id": 1,
                "fields": {"TITLE": "Из MCP"},
            }
            asked = await c.call_tool("crm_request_change", change)
        untouched = portal.storage.get("deal", 1)
        # The local user approves it in their own CLI dialog (`agentcore crm --user manager --session default`).
        from agentcore.apps.crm import build_orchestrator

        orchestrator = build_orchestrator(
            Settings(
                data_dir=tmp_path,
                crm=CrmSettings(bitrix_webhook_url=bitrix.webhook_url),
            )
        )
        try:
            approved = await orchestrator.handle_message("manager", "да", session_id="default")
        finally:
            await orchestrator.aclose()
        changed = portal.storage.get("deal", 1)
    portal.close()
    assert not listed.is_error and listed.structured_content is not None
    assert listed.structured_content["result"] and listed.structured_content["total"] >= 1
    assert not asked.is_error and asked.structured_content is not None, asked.content
    assert "agentcore crm --user manager --session default" in asked.structured_content["how_to_approve"]
    assert untouched is not None and untouched["TITLE"] != "Из MCP"
    assert approved.pending_confirmations == [] and changed is not None and changed["TITLE"] == "Из MCP"


async def test_daily_is_open_world_when_escalations_leave_the_system(settings: Settings) -> None:
    from agentcore.apps.scrum.settings import ScrumSettings
    from agentcore.mcp_server import Backend, create_mcp_server

    hooked = settings.model_copy(update={"scrum": ScrumSettings(webhook_url="https://chat.example/hook")})
    for config, expected in ((settings, False), (hooked, True)):
        tools = {tool.name: tool for tool in await create_mcp_server(Backend(config)).list_tools()}
        assert tools["scrum_daily"].annotations.open_world_hint is expected


async def test_research_ask_is_cancelled_with_its_call(settings: Settings) -> None:
    """A client that abandons ``research_ask`` (here: its read timeout; the SDK sends ``notifications/cancelled``)
    stops the agent's run; the progress it saw came from the run's steps."""
    import asyncio

    from agentcore.agents.events import EventFactory
    from agentcore.mcp_server import Backend, create_mcp_server

    closed = asyncio.Event()
    started = asyncio.Event()

    class Service:
        async def stream_agent_response(self, request: Any) -> Any:
            factory = EventFactory("research")
            try:
                yield factory.step_started(1)
                started.set()
                await asyncio.Event().wait()  # a step that never ends
            finally:
                closed.set()

    class Research:
        async def checked(self, request: Any) -> Service:
            return Service()

        def traced(self, events: Any, question: str) -> Any:
            return events

    server = create_mcp_server(Backend(settings, research=Research()))  # type: ignore[arg-type]
    seen: list[str | None] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        seen.append(message)

    async with Client(server) as c:
        with pytest.raises(Exception):  # noqa: B017 - the SDK's timeout error type is its own
            await c.call_tool("research_ask", {"question": "Как оформить отпуск?"}, 1.0, on_progress)
        await asyncio.wait_for(closed.wait(), 10)
    assert started.is_set() and len(seen) == 1 and seen[0] is not None
    assert seen[0].startswith("шаг 1") and seen[0].endswith(": начат")  # Russian, not the event's type


async def test_bad_arguments_and_tool_errors_are_russian(settings: Settings) -> None:
    """The tryout read pydantic's «Input should be a valid integer» / «Field required» after the SDK's «Error
    executing tool crm_get: 2 validation errors for crm_getArguments»; the tools now say it in the HTTP routes' words
    (the one translation of pydantic errors, web.errors.validation_message)."""
    from agentcore.mcp_server import Backend, create_mcp_server

    class Research:  # the question is refused by the request model before the service is asked
        async def checked(self, request: Any) -> Any:
            raise AssertionError("not reached")

    async with Client(create_mcp_server(Backend(settings, research=Research()))) as c:  # type: ignore[arg-type]
        results = [
            await c.call_tool("crm_get", {"id": "abc"}),
            await c.call_tool("rag_search", {"top_k": 0}),
            await c.call_tool("research_ask", {"question": "   "}),
            await c.call_tool("crm_delete", {}),
            await c.call_tool("rag_search", {"query": "отпуск"}),  # a tool's own error keeps its words, no prefix
        ]
    assert all(result.is_error for result in results)
    assert [result.content[0].text for result in results] == [
        "неверные аргументы инструмента crm_get: entity: обязательное поле; id: ожидается целое число",
        "неверные аргументы инструмента rag_search: query: обязательное поле; top_k: не меньше 1",
        "некорректный вопрос: question: вопрос пуст",
        "неизвестный инструмент: crm_delete",
        "сервер MCP не подключён к приложению",
    ]
