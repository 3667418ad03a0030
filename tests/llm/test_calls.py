"""Lending a run's model-call log to another request of the process: a token from :func:`shared` joins the log
while the lending block lasts; outside a scope there is no token; an unknown or expired token joins nothing; a token
is handed out only for a request to this deployment (loopback, or an origin the operator lists), never to another
host."""

from __future__ import annotations

import pytest

from agentcore.llm import CallLog, MockLLMGateway, joined, lends_to, recording, shared
from agentcore.llm.models import LLMMessage, LLMRequest

LOCAL = "http://127.0.0.1:8000/rag/search"


def _ask(step: str) -> LLMRequest:
    return LLMRequest(messages=[LLMMessage(role="user", content="x")], step=step)


async def test_a_shared_token_joins_the_log_while_the_block_lasts() -> None:
    gateway = MockLLMGateway(["a", "b", "c"])
    log = CallLog()
    with recording(log), shared(LOCAL) as token:
        assert token
        # another request's own scope (a server task), joined to the run's log
        with recording(CallLog()), joined(token) as joined_log:
            assert joined_log is log
            await gateway.request(_ask("service.call"))
    assert [c.step for c in log.records] == ["service.call"]
    with joined(token) as late:
        assert late is None
        await gateway.request(_ask("late"))
    with joined("forged") as forged:
        assert forged is None
        await gateway.request(_ask("forged"))
    assert len(log.records) == 1


def test_no_token_outside_a_recording_scope() -> None:
    with shared(LOCAL) as token:
        assert token is None


def test_no_token_for_another_host() -> None:
    with recording(CallLog()):
        with shared("https://rag.example.com/search") as token:
            assert token is None
        with shared("https://rag.example.com/search", ["https://rag.example.com"]) as token:
            assert token


OWN = ["https://agentcore.internal:8443", "http://10.0.0.5:8000"]


@pytest.mark.parametrize(
    ("url", "lent"),
    [
        ("http://127.0.0.1:8000/rag/search", True),
        ("http://127.3.4.5/haiku", True),
        ("http://[::1]:9000/rag", True),
        ("http://localhost:8000/rag", True),
        ("http://rag.localhost/rag", True),
        ("https://agentcore.internal:8443/rag/search", True),
        ("https://AGENTCORE.internal.:8443/rag", True),
        ("http://10.0.0.5:8000/haiku", True),
        ("http://10.0.0.5/haiku", False),  # another port: another server
        ("http://agentcore.internal:8443/rag", False),  # another scheme
        ("https://agentcore.internal/rag", False),
        ("https://rag.example.com/search", False),
        ("http://127.0.0.1@evil.example/rag", False),  # userinfo, the host is evil.example
        ("http://127.0.0.1.evil.example/rag", False),
        ("http://localhost.evil.example/rag", False),
        ("http://10.0.0.6:8000/rag", False),
        ("ftp://127.0.0.1/rag", False),
        ("http://[::1", False),  # not a URL
        ("", False),
    ],
)
def test_a_token_goes_only_where_this_deployment_answers(url: str, lent: bool) -> None:
    assert lends_to(url, OWN) is lent
