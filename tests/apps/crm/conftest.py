"""Fixtures of the CRM tests: a fake portal (in memory, demo data), orchestrators with a scripted model."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.apps.crm.helpers import FAKE_WEBHOOK, RecordingBitrix

from agentcore.apps.crm.bitrix import BitrixClient, WebhookAuth
from agentcore.apps.crm.fake_portal import FakePortal, FakePortalServer, seed_demo, serve_fake_portal
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import FakeModelClient, ModelClient
from agentcore.apps.crm.models import Mode
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.state_store import FileStateStore


@pytest.fixture
def portal() -> Iterator[FakePortal]:
    """An in-memory fake portal with the demo data and no rate limit."""
    fake = FakePortal(rate_limit=None)
    seed_demo(fake.storage)
    yield fake
    fake.close()


@pytest.fixture
def portal_server(portal: FakePortal) -> Iterator[FakePortalServer]:
    """The fake portal over real HTTP on a loopback port."""
    with serve_fake_portal(portal) as server:
        yield server


@pytest.fixture
def make_orchestrator(tmp_path: Path) -> Callable[..., Orchestrator]:
    """``make_orchestrator(model, mode=..., bitrix=..., call_bitrix=...)``: files under tmp_path."""

    def make(
        model: ModelClient | list[Any] | str,
        *,
        mode: Mode = "full",
        bitrix: BitrixClient | None = None,
        call_bitrix: RecordingBitrix | None = None,
        max_bytes: int = 5 * 1024 * 1024,
        confirmation_ttl: float = 900.0,
    ) -> Orchestrator:
        client = model if isinstance(model, ModelClient) else FakeModelClient(model)
        orchestrator = Orchestrator(
            client,
            bitrix or BitrixClient(WebhookAuth(FAKE_WEBHOOK)),
            FileStateStore(tmp_path / "state"),
            InteractionLogger(tmp_path / "logs", max_bytes=max_bytes),
            mode=mode,
            confirmation_ttl=confirmation_ttl,
        )
        if call_bitrix is not None:
            orchestrator.call_bitrix = call_bitrix  # type: ignore[method-assign]
        return orchestrator

    return make
