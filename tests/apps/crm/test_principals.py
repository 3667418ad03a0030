"""A pending request belongs to the authenticated principal: API keys, their users, per-key sessions."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import SecretStr
from tests.apps.crm.helpers import RecordingBitrix, reply, step

from agentcore.apps.crm.http import create_app
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.principals import KeyUsers, NotAllowedError
from agentcore.apps.crm.settings import CrmSettings
from agentcore.apps.crm.state_store import FileStateStore
from agentcore.config import Settings
from agentcore.serving import BackgroundServer

VICTIM, ATTACKER, CONSOLE = "victim-key-1", "attacker-key-2", "console-key-3"
OWNER_KEY = b"the-deployment-owner-key"
DELETE = step("crm.deal.delete", {"id": 1})


def _serve(orchestrator: Orchestrator, key_users: str | None) -> BackgroundServer:
    settings = Settings(crm=CrmSettings(http_api_tokens=f"{VICTIM},{ATTACKER},{CONSOLE}", key_users=key_users))
    return BackgroundServer(create_app(settings, orchestrator=orchestrator))


@pytest.fixture
def bitrix() -> RecordingBitrix:
    return RecordingBitrix({"crm.deal.delete": True})


@pytest.fixture
def orchestrator(make_orchestrator: Callable[..., Orchestrator], bitrix: RecordingBitrix) -> Orchestrator:
    def model(messages: list[Any]) -> str:
        text = messages[-1].content
        return reply([DELETE] if "Удали" in text else [], "Хорошо.")

    return make_orchestrator(model, call_bitrix=bitrix)


def _chat(url: str, key: str, user: str, message: str, **extra: object) -> httpx.Response:
    return httpx.post(url, json={"user_id": user, "message": message, **extra}, headers={"X-API-Key": key})


@pytest.fixture
def unmapped(orchestrator: Orchestrator) -> Iterator[str]:
    with _serve(orchestrator, None) as server:
        yield server.url + "/chat"


def test_another_keys_yes_with_the_victims_user_id_approves_nothing(unmapped: str, bitrix: RecordingBitrix) -> None:
    asked = _chat(unmapped, VICTIM, "olga", "Удали сделку 1")
    assert [c["id"] for c in asked.json()["pending_confirmations"]] == ["c1"]
    for attempt in (
        _chat(unmapped, ATTACKER, "olga", "да"),
        _chat(unmapped, ATTACKER, "olga", "да", confirmation={"id": "c1", "decision": "approve"}),
    ):
        assert attempt.status_code == 200
        assert attempt.json()["pending_confirmations"] == []  # another key: another session, nothing pending
    assert bitrix.methods() == []
    # The victim's request is still theirs and still pending.
    still = _chat(unmapped, VICTIM, "olga", "что ждёт подтверждения?")
    assert [c["id"] for c in still.json()["pending_confirmations"]] == ["c1"]
    approved = _chat(unmapped, VICTIM, "olga", "да")
    assert approved.status_code == 200 and bitrix.methods() == ["crm.deal.delete"]


def test_mapped_keys_share_their_users_sessions_and_others_get_403(
    orchestrator: Orchestrator, bitrix: RecordingBitrix
) -> None:
    mapping = f"{VICTIM}=olga; {CONSOLE}=*; {ATTACKER}=ivan"
    with _serve(orchestrator, mapping) as server:
        url = server.url + "/chat"
        assert _chat(url, VICTIM, "olga", "Удали сделку 1").status_code == 200
        refused = _chat(url, ATTACKER, "olga", "да")
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden_user"
        assert "olga" in refused.json()["error"] and ATTACKER not in refused.text
        assert _chat(url, VICTIM, "ivan", "да").status_code == 403
        assert bitrix.methods() == []
        # The console acts as any user: it sees olga's session (the same principal) and may approve for her.
        shared = _chat(url, CONSOLE, "olga", "да")
        assert shared.status_code == 200 and bitrix.methods() == ["crm.deal.delete"]


def test_key_users_parse_and_refuse_without_quoting_keys() -> None:
    users = KeyUsers.parse(" k1 = a, b ; k2=* ;; ")
    assert users.owner("k1", "a", OWNER_KEY) == "a" and users.owner("k2", "anyone", OWNER_KEY) == "anyone"
    with pytest.raises(NotAllowedError):
        users.owner("k1", "c", OWNER_KEY)
    scoped = users.owner("k3", "a", OWNER_KEY)
    assert scoped != "a" and scoped.endswith(".a") and "k3" not in scoped
    assert KeyUsers.parse("").owner("k1", "a", OWNER_KEY) != KeyUsers.parse("").owner("k2", "a", OWNER_KEY)
    for bad in ("k1", "=a", "k1="):
        with pytest.raises(ValueError, match="AGENTCORE_CRM_KEY_USERS") as caught:
            KeyUsers.parse(bad)
        assert "k1" not in str(caught.value)


def test_a_key_ending_in_base64_padding_is_mapped_whole() -> None:
    """``Zm9vYmFy==`` (``openssl rand -base64``) mapped to u1 is written ``Zm9vYmFy===u1``: split at the first «=»
    it mapped the key ``Zm9vYmFy`` and left the real one unmapped (another session space, no 403 for other users)."""
    users = KeyUsers.parse("Zm9vYmFy===u1; k2=a=b")
    assert users.owner("Zm9vYmFy==", "u1", OWNER_KEY) == "u1"
    with pytest.raises(NotAllowedError):
        users.owner("Zm9vYmFy==", "u2", OWNER_KEY)
    assert users.owner("k2", "a=b", OWNER_KEY) == "a=b"  # a user name may hold «=»
    with pytest.raises(ValueError, match="AGENTCORE_CRM_KEY_USERS"):
        KeyUsers.parse("k1==")


def test_an_unreadable_mapping_is_503_not_a_crash(orchestrator: Orchestrator, data_dir: Path) -> None:
    del data_dir
    with _serve(orchestrator, "no-equals-sign") as server:
        response = _chat(server.url + "/chat", VICTIM, "olga", "привет")
        assert response.status_code == 503 and response.json()["code"] == "crm_unavailable"


# --- the unmapped key's owner id: keyed by the deployment's owner key (util/owners.py) ------------------------------
def _unkeyed(key: str) -> str:
    """The 12 hex digits earlier builds named an unmapped key by (a plain SHA-256 of the key)."""
    return hashlib.sha256(key.encode()).hexdigest()[:12]


def _everything_written(root: Path) -> str:
    """Every file name and file text under ``root``, as whoever reads the state and log folders sees them."""
    parts = []
    for path in root.rglob("*"):
        parts.append(path.name)
        if path.is_file() and path.suffix != ".gz":
            parts.append(path.read_text("utf-8", "replace"))
    return "\n".join(parts)


def _pending(url: str, key: str, user: str) -> list[str]:
    response = httpx.get(url + "/chat/confirmations", params={"user_id": user}, headers={"X-API-Key": key})
    assert response.status_code == 200, response.text
    return [item["id"] for item in response.json()["confirmations"]]


def _keyed(make: Callable[[], Orchestrator], data: Path, key: str | None) -> BackgroundServer:
    """A /chat server on its own data directory over the one shared session store (another host, as with Redis)."""
    settings = Settings(
        data_dir=data,
        crm=CrmSettings(http_api_tokens=f"{VICTIM},{ATTACKER}"),
        **({"owner_key": SecretStr(key)} if key is not None else {}),
    )
    return BackgroundServer(create_app(settings, orchestrator=make()))


@pytest.fixture
def make(make_orchestrator: Callable[..., Orchestrator], bitrix: RecordingBitrix) -> Callable[[], Orchestrator]:
    def model(messages: list[Any]) -> str:
        return reply([DELETE] if "Удали" in messages[-1].content else [], "Хорошо.")

    return lambda: make_orchestrator(model, call_bitrix=bitrix)


def test_an_unmapped_keys_sessions_and_logs_are_not_named_by_the_keys_plain_sha256(
    unmapped: str, tmp_path: Path, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    asked = _chat(unmapped, VICTIM, "olga", "Удали сделку 1")
    assert [c["id"] for c in asked.json()["pending_confirmations"]] == ["c1"]
    written = _everything_written(tmp_path / "state") + _everything_written(tmp_path / "logs")
    assert "olga" in written  # the session and its log are there, under the user's name
    assert _unkeyed(VICTIM) not in written and VICTIM not in written  # no guess can be tested against them
    owner_key = (data_dir / "owner.key").read_text("ascii").strip()
    for text in (written, caplog.text, _everything_written(data_dir / "crm") if (data_dir / "crm").exists() else ""):
        assert owner_key not in text and VICTIM not in text and _unkeyed(VICTIM) not in text


def test_hosts_with_one_owner_key_share_a_keys_sessions_and_another_key_names_it_otherwise(
    make: Callable[[], Orchestrator], bitrix: RecordingBitrix, tmp_path: Path
) -> None:
    with _keyed(make, tmp_path / "a", "the-deployment-key") as a:
        assert [
            c["id"] for c in _chat(a.url + "/chat", VICTIM, "olga", "Удали сделку 1").json()["pending_confirmations"]
        ] == ["c1"]
    with _keyed(make, tmp_path / "c", "another-key") as c:
        assert _pending(c.url, VICTIM, "olga") == []  # another owner key: another owner, not this session
        assert _chat(c.url + "/chat", VICTIM, "olga", "да").json()["pending_confirmations"] == []
    assert bitrix.methods() == []
    with _keyed(make, tmp_path / "b", "the-deployment-key") as b:
        assert _pending(b.url, VICTIM, "olga") == ["c1"]  # the same owner key on another host: the same owner
        assert _pending(b.url, ATTACKER, "olga") == []
        assert _chat(b.url + "/chat", VICTIM, "olga", "да").status_code == 200
    assert bitrix.methods() == ["crm.deal.delete"]


def test_without_a_configured_key_the_data_directorys_key_file_names_the_owner(
    make: Callable[[], Orchestrator], tmp_path: Path
) -> None:
    with _keyed(make, tmp_path / "a", None) as a:
        assert _chat(a.url + "/chat", VICTIM, "olga", "Удали сделку 1").status_code == 200
    key_file = tmp_path / "a" / "owner.key"
    key = key_file.read_text("ascii").strip()
    with _keyed(make, tmp_path / "a", None) as again:
        assert _pending(again.url, VICTIM, "olga") == ["c1"]  # a second instance on the data directory agrees
    with _keyed(make, tmp_path / "elsewhere", key) as copied:
        assert _pending(copied.url, VICTIM, "olga") == ["c1"]  # the file's text as AGENTCORE_OWNER_KEY agrees
    with _keyed(make, tmp_path / "other-host", None) as other:
        assert _pending(other.url, VICTIM, "olga") == []  # another data directory made its own key
    assert key_file.read_text("ascii").strip() == key


def test_a_session_an_earlier_build_kept_under_the_unkeyed_id_moves_to_the_keyed_owner(
    make: Callable[[], Orchestrator], bitrix: RecordingBitrix, tmp_path: Path, data_dir: Path
) -> None:
    legacy = f"key-{_unkeyed(VICTIM)}.olga"  # what the earlier build stored this key's user under
    earlier = make()
    asyncio.run(earlier.handle_message(legacy, "Удали сделку 1"))
    asyncio.run(earlier.handle_message(legacy, "Удали сделку 1", session_id="side", state_store=_side(data_dir)))
    index = data_dir / "crm" / "@state_dirs" / legacy
    index.mkdir(parents=True)
    (index / "marker.json").write_text(json.dumps({"state_dir": "side"}), "utf-8")  # the inbox's memory of it
    assert _unkeyed(VICTIM) in _everything_written(tmp_path / "state")
    with _keyed(make, data_dir, None) as server:
        assert _pending(server.url, ATTACKER, "olga") == []  # still nobody else's
        assert _pending(server.url, VICTIM, "olga") == ["c1", "c1"]  # the default store's and the side directory's
        approved = _chat(server.url + "/chat", VICTIM, "olga", "да")
        assert approved.status_code == 200 and bitrix.methods() == ["crm.deal.delete"]
        assert _pending(server.url, VICTIM, "olga") == ["c1"]  # the side session's, still waiting
    for root in (tmp_path / "state", data_dir / "crm"):
        assert _unkeyed(VICTIM) not in _everything_written(root)  # nothing is named by the unkeyed id any more


def _side(data_dir: Path) -> FileStateStore:
    return FileStateStore(data_dir / "crm" / "side")
