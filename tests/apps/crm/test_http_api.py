"""POST /chat over real sockets: the seed's contract in the project's error format."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.apps.crm.helpers import RecordingBitrix, reply, step

from agentcore.apps.crm.http import create_app
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings
from agentcore.serving import BackgroundServer

KEY = "test-api-key-1"
HEADERS = {"X-API-Key": KEY}
UPDATE = step("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 5}})


@pytest.fixture
def bitrix() -> RecordingBitrix:
    return RecordingBitrix({"crm.deal.get": {"ID": "1", "TITLE": "Ромашка"}, "crm.deal.update": True})


@pytest.fixture
def served(
    make_orchestrator: Callable[..., Orchestrator], bitrix: RecordingBitrix, data_dir: Path
) -> Iterator[tuple[str, Orchestrator]]:
    orchestrator = make_orchestrator(lambda messages: reply([UPDATE], "Меняю сумму."), call_bitrix=bitrix)
    settings = Settings(max_body_bytes=64 * 1024, crm=CrmSettings(http_api_tokens=f"other-key, {KEY}"))
    with BackgroundServer(create_app(settings, orchestrator=orchestrator)) as server:
        yield server.url + "/chat", orchestrator


def _error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and body["code"] == code
    return body


def test_success_and_pending_confirmations(served: tuple[str, Orchestrator], bitrix: RecordingBitrix) -> None:
    url, _ = served
    response = httpx.post(url, json={"user_id": "u1", "message": "Поменяй сумму"}, headers=HEADERS)
    assert response.status_code == 200
    body = response.json()
    assert body["assistant"].startswith("Меняю сумму.") and body["degraded"] is False
    assert body["mode"] == "full" and body["session_id"] == "default"
    (pending,) = body["pending_confirmations"]
    assert (pending["id"], pending["method"], pending["params"]) == ("c1", "crm.deal.update", UPDATE["params"])
    decided = httpx.post(
        url,
        json={"user_id": "u1", "message": "подтверждаю", "confirmation": {"id": "c1", "decision": "approve"}},
        headers=HEADERS,
    )
    assert decided.status_code == 200 and decided.json()["pending_confirmations"] == []
    # the explicit decision ran c1 once; the model's repetition of the same step is a duplicate, not a new request
    assert bitrix.methods() == ["crm.deal.update"]


@pytest.mark.parametrize("headers", [{}, {"X-API-Key": "wrong"}, {"X-API-Key": ""}, {"x-api-key": KEY + "x"}])
def test_401_without_a_valid_key_even_before_the_body(
    served: tuple[str, Orchestrator], headers: dict[str, str]
) -> None:
    url, _ = served
    body = _error(httpx.post(url, content=b"{not json", headers=headers), 401, "unauthorized")
    assert body["error"] == "требуется действительный заголовок X-API-Key"


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        (b"{not json", "invalid_json"),
        (b"[1, 2]", "validation_error"),
        (b'{"user_id": "u1"}', "validation_error"),
        (b'{"message": "x"}', "validation_error"),
        (b'{"user_id": 5, "message": "x"}', "validation_error"),
        (b'{"user_id": "u1", "message": ""}', "validation_error"),
        (b'{"user_id": "u1", "message": "x", "mode": "yolo"}', "validation_error"),
        (b'{"user_id": "u1", "message": "x", "extra": 1}', "validation_error"),
        (b'{"user_id": "u1", "message": "\\ud800"}', "validation_error"),
        (b'{"user_id": "u1", "message": "x", "confirmation": {"id": "c1", "decision": "maybe"}}', "validation_error"),
    ],
)
def test_400_for_bad_json_and_fields(served: tuple[str, Orchestrator], payload: bytes, code: str) -> None:
    url, _ = served
    body = _error(httpx.post(url, content=payload, headers={**HEADERS, "content-type": "application/json"}), 400, code)
    assert len(body["error"]) < 600


def test_400_for_a_message_too_long_and_blank(served: tuple[str, Orchestrator]) -> None:
    url, _ = served
    long = _error(
        httpx.post(url, json={"user_id": "u", "message": "я" * 4001}, headers=HEADERS), 400, "validation_error"
    )
    assert "я" * 50 not in long["error"]  # the input is never echoed
    _error(httpx.post(url, json={"user_id": "u", "message": "   "}, headers=HEADERS), 400, "invalid_input")


def test_413_for_huge_bodies(served: tuple[str, Orchestrator]) -> None:
    url, _ = served
    _error(httpx.post(url, json={"user_id": "u", "message": "x" * 100_000}, headers=HEADERS), 413, "payload_too_large")


@pytest.mark.parametrize("field", ["state_dir", "log_dir"])
@pytest.mark.parametrize(
    "value", ["../outside", "a/../../b", "/etc", "/tmp", "link-out/x", "link-rag", "link-rag/default", "{data}/rag", ""]
)
def test_path_overrides_outside_the_crm_folder_are_refused(
    served: tuple[str, Orchestrator], data_dir: Path, tmp_path_factory: pytest.TempPathFactory, field: str, value: str
) -> None:
    url, _ = served
    outside = tmp_path_factory.mktemp("outside")
    rag = data_dir / "rag"
    rag.mkdir(exist_ok=True)
    crm = data_dir / "crm"
    crm.mkdir(exist_ok=True)
    for name, target in (("link-out", outside), ("link-rag", rag)):
        if not (crm / name).exists():
            os.symlink(target, crm / name)
    body = {"user_id": "u1", "message": "привет", field: value.format(data=data_dir)}
    expected = "validation_error" if value == "" else "invalid_input"
    _error(httpx.post(url, json=body, headers=HEADERS), 400, expected)
    assert list(outside.iterdir()) == [] and list(rag.iterdir()) == []  # no file of another system changed


def test_path_overrides_resolve_inside_the_crm_folder(served: tuple[str, Orchestrator], data_dir: Path) -> None:
    url, _ = served
    body = {
        "user_id": "u1",
        "message": "привет",
        "state_dir": "rag",  # the CRM's own "rag" folder, not the RAG index of <data>/rag
        "log_dir": str(data_dir / "crm" / "tenants/a/logs"),
    }
    assert httpx.post(url, json=body, headers=HEADERS).status_code == 200
    assert list((data_dir / "crm" / "rag").rglob("*.json"))
    assert list((data_dir / "crm" / "tenants/a/logs").glob("*u1.jsonl"))
    assert not (data_dir / "rag").exists()


@pytest.mark.parametrize("field", ["state_dir", "log_dir"])
def test_names_too_long_for_the_file_system_are_400_with_the_limit(
    served: tuple[str, Orchestrator], data_dir: Path, field: str
) -> None:
    url, _ = served
    for value in ("я" * 200, "a" * 256, "x/" + "b" * 300):
        body = {"user_id": "u1", "message": "привет", field: value}
        error = _error(httpx.post(url, json=body, headers=HEADERS), 400, "invalid_input")
        assert "255 байт" in error["error"]
    assert not list((data_dir / "logs").rglob("*u1.jsonl"))  # nothing ran, so no audit record is missing


def test_a_file_is_not_a_directory(served: tuple[str, Orchestrator], data_dir: Path) -> None:
    url, _ = served
    (data_dir / "crm").mkdir(exist_ok=True)
    (data_dir / "crm" / "plain.txt").write_text("x")
    body = {"user_id": "u1", "message": "привет", "state_dir": "plain.txt"}
    _error(httpx.post(url, json=body, headers=HEADERS), 400, "invalid_input")


def test_500_hides_the_detail(served: tuple[str, Orchestrator], monkeypatch: pytest.MonkeyPatch) -> None:
    url, orchestrator = served

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internal detail at /srv/app.py")

    monkeypatch.setattr(orchestrator, "handle_message", broken)
    body = _error(httpx.post(url, json={"user_id": "u", "message": "x"}, headers=HEADERS), 500, "internal_error")
    assert "secret" not in body["error"] and "/srv" not in body["error"]


def test_no_tokens_configured_refuses_everything(make_orchestrator: Callable[..., Orchestrator]) -> None:
    orchestrator = make_orchestrator([reply([])])
    with BackgroundServer(create_app(Settings(), orchestrator=orchestrator)) as server:
        _error(
            httpx.post(server.url + "/chat", json={"user_id": "u", "message": "x"}, headers=HEADERS),
            401,
            "unauthorized",
        )


def test_chat_is_part_of_the_combined_server(data_dir: Path) -> None:
    from agentcore.server import create_app as create_server

    with BackgroundServer(create_server(Settings(crm=CrmSettings(http_api_tokens=KEY)))) as server:
        spec = httpx.get(server.url + "/openapi.json").json()
        assert "/chat" in spec["paths"] and "400" in spec["paths"]["/chat"]["post"]["responses"]
        assert {"name": "X-API-Key", "in": "header"}.items() <= spec["paths"]["/chat"]["post"]["parameters"][0].items()
        # the first chat turn builds the CRM agent in the server: on a loaded machine that exceeds httpx's 5 s default
        answer = httpx.post(
            server.url + "/chat", json={"user_id": "u", "message": "Покажи сделку 1"}, headers=HEADERS, timeout=60
        )
        assert answer.status_code == 200, answer.text
        assert "Ромашка: поставка насосов" in answer.json()["assistant"]  # the in-process fake portal, offline planner


def test_a_misconfigured_portal_is_503_and_never_stops_the_combined_server(data_dir: Path) -> None:
    from agentcore.server import create_app as create_server

    settings = Settings(crm=CrmSettings(http_api_tokens=KEY, bitrix_webhook_url="https://portal.example/not-a-webhook"))
    with BackgroundServer(create_server(settings)) as server:
        assert httpx.get(server.url + "/health").status_code == 200
        body = _error(
            httpx.post(server.url + "/chat", json={"user_id": "u", "message": "x"}, headers=HEADERS),
            503,
            "crm_unavailable",
        )
        assert "настроен неверно" in body["error"] and "portal.example" not in body["error"]


# --- the server's mode is a ceiling (docs/crm.md «Safety modes»; apps/crm/mode_ceiling.py) ---------------------

DELETE_5 = step("crm.deal.delete", {"id": 5})
ADMIN = "admin-token-1"


@pytest.fixture
def canary_server(
    make_orchestrator: Callable[..., Orchestrator], data_dir: Path
) -> Iterator[Callable[..., tuple[str, RecordingBitrix]]]:
    """``canary_server(**crm)`` → the ``/chat`` URL of a server in canary whose model deletes deal 5, its portal."""
    servers: list[BackgroundServer] = []

    def start(**crm: Any) -> tuple[str, RecordingBitrix]:
        bitrix = RecordingBitrix({"crm.deal.get": {"ID": "5", "TITLE": "Пятая"}, "crm.deal.delete": True})
        orchestrator = make_orchestrator(
            lambda messages: reply([DELETE_5], "Удаляю."), mode="canary", call_bitrix=bitrix
        )
        settings = Settings(admin_tokens=ADMIN, crm=CrmSettings(http_api_tokens=KEY, **crm))
        servers.append(BackgroundServer(create_app(settings, orchestrator=orchestrator)).start())
        return servers[-1].url + "/chat", bitrix

    yield start
    for server in servers:
        server.stop()


def test_a_request_cannot_lift_the_servers_canary(canary_server: Callable[..., tuple[str, RecordingBitrix]]) -> None:
    url, bitrix = canary_server()
    body = {"user_id": "u1", "message": "Удали сделку 5", "mode": "full"}
    error = _error(httpx.post(url, json=body, headers=HEADERS), 403, "mode_forbidden")
    assert "режим «full» мягче режима сервера «canary»" in error["error"]
    assert bitrix.calls == [] and bitrix.lookups == []  # refused before anything ran or was read
    # without a mode, or with a stricter one, the server's canary judges the delete
    for mode in (None, "canary"):
        answer = httpx.post(url, json={**body, "mode": mode}, headers=HEADERS).json()
        assert answer["mode"] == "canary" and answer["pending_confirmations"] == []
        assert "запрещён в режиме canary" in answer["assistant"]
    shadow = httpx.post(url, json={**body, "mode": "shadow"}, headers=HEADERS).json()
    assert shadow["mode"] == "shadow" and shadow["pending_confirmations"] == []
    assert bitrix.methods() == []


def test_the_decide_route_cannot_lift_the_servers_canary_either(
    canary_server: Callable[..., tuple[str, RecordingBitrix]],
) -> None:
    url, bitrix = canary_server()
    body = {"user_id": "u1", "id": "c1", "fingerprint": "0" * 64, "decision": "approve", "mode": "full"}
    _error(httpx.post(url + "/confirmations/decide", json=body, headers=HEADERS), 403, "mode_forbidden")
    assert bitrix.calls == []


@pytest.mark.parametrize(
    ("crm", "headers"),
    [
        ({}, {"Authorization": f"Bearer {ADMIN}"}),
        ({}, {"X-Admin-Token": ADMIN}),
        ({}, {"X-API-Token": ADMIN}),  # every header a token may come in names the admin (web.auth.presents_one_of)
        ({"allow_mode_override": True}, {}),
    ],
)
def test_an_admin_or_the_override_setting_may_lift_it(
    canary_server: Callable[..., tuple[str, RecordingBitrix]], crm: dict[str, Any], headers: dict[str, str]
) -> None:
    url, bitrix = canary_server(**crm)
    body = {"user_id": "u1", "message": "Удали сделку 5", "mode": "full"}
    answer = httpx.post(url, json=body, headers={**HEADERS, **headers})
    assert answer.status_code == 200, answer.text
    assert answer.json()["mode"] == "full"
    (pending,) = answer.json()["pending_confirmations"]  # still a confirmable delete, never a direct one
    assert pending["method"] == "crm.deal.delete" and bitrix.methods() == []


def test_a_wrong_admin_token_lifts_nothing(canary_server: Callable[..., tuple[str, RecordingBitrix]]) -> None:
    url, _ = canary_server()
    body = {"user_id": "u1", "message": "Удали сделку 5", "mode": "full"}
    _error(httpx.post(url, json=body, headers={**HEADERS, "X-Admin-Token": KEY}), 403, "mode_forbidden")


def test_the_decide_route_takes_every_documented_mode(
    served: tuple[str, Orchestrator], bitrix: RecordingBitrix
) -> None:
    """``mode`` of the decide route reads as ``/chat``'s (docs: «shadow anywhere is fine»): a ``shadow`` approval was
    a 400 validation error naming only the literal's options; now it is the shadow answer — 409 ``shadow_mode``, in
    Russian, nothing run and the request still pending — and a ``shadow`` denial denies (denying is always safe)."""
    url, _ = served
    (pending,) = httpx.post(url, json={"user_id": "u1", "message": "Поменяй сумму"}, headers=HEADERS).json()[
        "pending_confirmations"
    ]
    body = {"user_id": "u1", "id": "c1", "fingerprint": pending["fingerprint"], "mode": "shadow"}
    error = _error(
        httpx.post(url + "/confirmations/decide", json={**body, "decision": "approve"}, headers=HEADERS),
        409,
        "shadow_mode",
    )
    assert "Режим shadow" in error["error"] and "остаётся в ожидании" in error["error"]
    assert bitrix.methods() == []
    denied = httpx.post(url + "/confirmations/decide", json={**body, "decision": "deny"}, headers=HEADERS)
    assert denied.status_code == 200 and denied.json()["outcome"] == "denied", denied.text
    assert bitrix.methods() == []
