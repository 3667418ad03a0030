"""Helpers of the CRM tests: model answers in the block format, a recording ``call_bitrix``, log reading."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agentcore.apps.crm.blocks import format_reply
from agentcore.apps.crm.orchestrator import CALL_PURPOSE
from agentcore.apps.crm.settings import CrmSettings
from agentcore.config import Settings

# Obviously fake values: no real portal or token appears anywhere in the tests.
FAKE_WEBHOOK = "https://example.bitrix24.ru/rest/1/fake-token/"


def reply(steps: list[dict[str, Any]] | None = None, assistant: str = "Готово.", thought: str = "План.") -> str:
    """A model answer in the seed's block format."""
    return format_reply(thought, steps or [], assistant)


def step(method: str, params: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """One ACTION step."""
    return {"method": method, "params": params or {}, "comment": extra.pop("comment", ""), **extra}


class RecordingBitrix:
    """A patched ``call_bitrix``: records calls, answers from a function or a table by method.

    ``calls`` holds the ACTION steps; the reads that put a confirmation into words go to ``lookups`` (and are
    answered like any call: an unknown method gets ``True``, which the description falls back from).
    """

    def __init__(self, answers: dict[str, Any] | Callable[[str, dict[str, Any]], Any] | None = None) -> None:
        self.answers = answers or {}
        self.calls: list[tuple[str, dict[str, Any], str | None]] = []
        self.lookups: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, method: str, params: dict[str, Any], http_method: str | None = None) -> dict[str, Any]:
        if CALL_PURPOSE.get():
            self.lookups.append((method, params))
            if callable(self.answers) or method not in self.answers:
                return {"result": None}
        else:
            self.calls.append((method, params, http_method))
        answer = self.answers(method, params) if callable(self.answers) else self.answers.get(method, True)
        if isinstance(answer, BaseException):
            raise answer
        return answer if isinstance(answer, dict) and "result" in answer else {"result": answer}

    def methods(self) -> list[str]:
        return [c[0] for c in self.calls]


def log_records(tmp_path: Path, user_id: str = "u1") -> list[dict[str, Any]]:
    """The user's JSONL records."""
    path = tmp_path / "logs" / f"{user_id}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def oauth_settings(server_url: str, client_id: str, secret: str, access: str, refresh: str, **crm: Any) -> Settings:
    """Settings of an OAuth application on a fake portal at ``server_url`` (its token endpoint included); ``crm``:
    further fields of the CRM section."""
    return Settings(
        crm=CrmSettings(
            bitrix_domain=server_url,
            bitrix_access_token=access,
            bitrix_refresh_token=refresh,
            bitrix_client_id=client_id,
            bitrix_client_secret=secret,
            bitrix_oauth_url=f"{server_url}/oauth/token/",
            **crm,
        )
    )
