"""Judging CRM dialogs by the portal's state: the labelled sales-manager requests of ``tests/apps/crm/data``.

Each case is one JSON line::

    {"id": "u07", "split": "dev" | "test", "setup": ["Покажи сделку 1"], "message": "…",
     "expect": {"deals": {"3": {"STAGE_ID": "UC_NEGOTIATION"}}, "deleted": {"deal": [5]},
                "new": {"deal": [{"TITLE": "…", "OPPORTUNITY": "1500000.00", "COMPANY_ID": "2"}],
                        "task": [{"TITLE": "…", "DEADLINE_DAYS": 1, "ufCrmTask": ["D_5"]}]}}}

``expect: {}`` means nothing may change (a question, an ambiguous name).  The dialog runs against a fresh demo
portal over HTTP with the offline planner in ``full`` mode; when the agent asks for confirmation the user says «да»
(the confirmation is part of the dialog, not a substitute for judging it).  A case is right when the portal's
records after the dialog differ from those before exactly as ``expect`` says: the named fields have those values,
the listed records are gone or new, and no other record changed.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.fake_portal import FakePortal, seed_demo, serve_fake_portal
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import ModelClient
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.state_store import FileStateStore
from agentcore.config import Settings

__all__ = ["Case", "Outcome", "evaluate", "load_cases", "portal_for_eval"]

KINDS = ("deal", "contact", "company", "task")
# Fields the portal sets by itself on every write: not part of what a request changes.
_VOLATILE = frozenset(
    {"DATE_MODIFY", "MODIFY_BY_ID", "MOVED_TIME", "MOVED_BY_ID", "LAST_ACTIVITY_TIME", "LAST_ACTIVITY_BY"}
)
_MSK = timezone(timedelta(hours=3))


@dataclass
class Case:
    """One labelled request."""

    id: str
    split: str
    message: str
    expect: dict[str, Any]
    setup: list[str] = field(default_factory=list)
    note: str = ""


@dataclass
class Outcome:
    """How one case went: right or not, why, and the replies."""

    case: Case
    ok: bool
    problems: list[str]
    replies: list[str]


def load_cases(path: Path) -> list[Case]:
    """The cases of a JSONL file."""
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            cases.append(Case(**row))
    return cases


def _snapshot(portal: FakePortal) -> dict[str, dict[str, dict[str, Any]]]:
    return {kind: {str(e["ID"]): e for e in portal.storage.all(kind)} for kind in KINDS}


def _reset(portal: FakePortal) -> None:
    with portal.storage.transaction() as conn:
        conn.execute("DELETE FROM entities")
        conn.execute("DELETE FROM counters")
    seed_demo(portal.storage)


def _same(actual: Any, expected: Any, key: str) -> bool:
    if key == "DEADLINE_DAYS":
        return True  # checked by _deadline_ok
    if isinstance(expected, list):
        return isinstance(actual, list) and [str(a) for a in actual] == [str(e) for e in expected]
    return str(actual) == str(expected)


def _deadline_ok(record: dict[str, Any], days: int) -> bool:
    value = record.get("DEADLINE") or record.get("deadline")
    if not value:
        return False
    due = datetime.fromisoformat(str(value)).astimezone(_MSK).date()
    return due == (datetime.now(_MSK) + timedelta(days=days)).date()


def _present(record: dict[str, Any]) -> dict[str, Any]:
    """A stored record with the keys the REST answers use too (tasks answer in camelCase)."""
    out = dict(record)
    if "UF_CRM_TASK" in record:
        out["ufCrmTask"] = record["UF_CRM_TASK"]
    return out


def judge(before: dict[str, Any], after: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """What differs between the portal's change and ``expect`` (empty: the case is right)."""
    problems: list[str] = []
    changed_expect = {k: {str(i): v for i, v in d.items()} for k, d in (expect.get("changed") or {}).items()}
    for kind, fields_by_id in (("deal", expect.get("deals") or {}),):
        changed_expect.setdefault(kind, {}).update({str(i): v for i, v in fields_by_id.items()})
    deleted_expect = {k: {str(i) for i in v} for k, v in (expect.get("deleted") or {}).items()}
    new_expect = expect.get("new") or {}
    for kind in KINDS:
        old, new = before[kind], after[kind]
        for entity_id in old:
            if entity_id not in new:
                if entity_id not in deleted_expect.get(kind, set()):
                    problems.append(f"{kind} #{entity_id} удалена, а не должна")
                continue
            diff = {
                k
                for k in set(old[entity_id]) | set(new[entity_id])
                if k not in _VOLATILE and old[entity_id].get(k) != new[entity_id].get(k)
            }
            wanted = changed_expect.get(kind, {}).get(entity_id)
            if wanted is None:
                if diff:
                    problems.append(f"{kind} #{entity_id} изменена без причины: {sorted(diff)}")
                continue
            for key, value in wanted.items():
                if not _same(new[entity_id].get(key), value, key):
                    problems.append(f"{kind} #{entity_id}.{key} = {new[entity_id].get(key)!r}, ожидалось {value!r}")
        for entity_id in deleted_expect.get(kind, set()):
            if entity_id in new:
                problems.append(f"{kind} #{entity_id} не удалена")
        created = [_present(new[i]) for i in new if i not in old]
        wanted_new = new_expect.get(kind) or []
        if len(created) != len(wanted_new):
            problems.append(f"создано {kind}: {len(created)}, ожидалось {len(wanted_new)}")
            continue
        for record, wanted in zip(created, wanted_new, strict=True):
            for key, value in wanted.items():
                if key == "DEADLINE_DAYS":
                    if not _deadline_ok(record, int(value)):
                        problems.append(f"новая {kind}: срок {record.get('DEADLINE')!r}, ожидалось +{value} дн.")
                elif not _same(record.get(key), value, key):
                    problems.append(f"новая {kind}.{key} = {record.get(key)!r}, ожидалось {value!r}")
    return problems


@contextmanager
def portal_for_eval() -> Iterator[tuple[FakePortal, str]]:
    """A demo fake portal over HTTP (no rate limit) and its webhook URL."""
    portal = FakePortal(rate_limit=None)
    seed_demo(portal.storage)
    try:
        with serve_fake_portal(portal) as server:
            yield portal, server.webhook_url
    finally:
        portal.close()


async def _dialog(portal: FakePortal, webhook: str, case: Case, workdir: Path) -> list[str]:
    settings = Settings(provider="offline")
    orchestrator = Orchestrator(
        ModelClient.from_settings(settings),
        BitrixClient(WebhookAuth(webhook)),
        FileStateStore(workdir / "state"),
        InteractionLogger(workdir / "logs"),
        mode="full",
    )
    replies = []
    try:
        for message in case.setup:
            replies.append((await orchestrator.handle_message("eval", message, session_id=case.id)).assistant)
        result = await orchestrator.handle_message("eval", case.message, session_id=case.id)
        replies.append(result.assistant)
        if result.pending_confirmations:
            replies.append((await orchestrator.handle_message("eval", "да", session_id=case.id)).assistant)
    finally:
        await orchestrator.aclose()
    return replies


async def evaluate(cases: list[Case]) -> list[Outcome]:
    """Run every case on a fresh demo portal (see the module docstring)."""
    from agentcore.apps.crm import offline as _offline  # noqa: F401 - registers the offline planner

    outcomes = []
    with portal_for_eval() as (portal, webhook), tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            _reset(portal)
            before = _snapshot(portal)
            try:
                replies = await _dialog(portal, webhook, case, Path(tmp))
            except Exception as exc:  # a crash is a wrong answer, not the end of the evaluation
                outcomes.append(Outcome(case, False, [f"ошибка: {type(exc).__name__}: {exc}"], []))
                continue
            problems = judge(before, _snapshot(portal), case.expect)
            outcomes.append(Outcome(case, not problems, problems, replies))
    return outcomes
