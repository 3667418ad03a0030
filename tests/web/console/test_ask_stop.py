"""Stop on the Ask page, always pressed while the run is in progress.

The server of this module asks a fake OpenAI-compatible model (:mod:`agentcore.testing.fake_openai`, in this test
process) instead of the offline provider: the model answers the run's first call with one tool step and then holds
every later call until the module ends, so the run is still waiting for the model whenever the test presses Stop —
on a quiet machine or a loaded one.  The run and model deadlines are raised so that nothing but Stop ends the run.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.web.console.conftest import ConsoleServer

from agentcore.testing.fake_openai import FakeOpenAIServer, serve_fake_openai
from agentcore.testing.faults import FaultPlan
from agentcore.testing.script import FakeScript

pytestmark = pytest.mark.e2e

QUESTION = "Что такое исследовательский агент и как он проверяет покрытие вопроса?"
FIRST_STEP = 'Thought: выбираю маршрут поиска.\nAction: router_select {"query": "исследовательский агент"}'
HOLD_SECONDS = "600"  # the run, model-call and HTTP deadlines of the server: longer than any test waits


class HeldModel:
    """A fake model that answers its first chat call with :data:`FIRST_STEP` and holds every later one until
    :meth:`release` (a held call ends early when its client goes away — as when the run is cancelled)."""

    def __init__(self, server: FakeOpenAIServer, plan: FaultPlan) -> None:
        self.server = server
        self.plan = plan

    @property
    def env(self) -> dict[str, str]:
        """The server's environment: this model as its provider, deadlines that never end a held run."""
        return {
            "AGENTCORE_PROVIDER": "openai",
            "OPENAI_API_KEY": self.server.api_key,
            "OPENAI_API_BASE": self.server.base_url,
            "AGENTCORE_AGENT_RUN_DEADLINE": HOLD_SECONDS,
            "AGENTCORE_LLM_DEADLINE": HOLD_SECONDS,
            "AGENTCORE_LLM_TIMEOUT": HOLD_SECONDS,
        }

    def chat_calls(self) -> int:
        """Chat calls received so far (a held call counts: it is recorded before it is held)."""
        return self.server.fake.requests.count("chat")

    def release(self) -> None:
        self.plan.resume()


@pytest.fixture(scope="module")
def held_model() -> Iterator[HeldModel]:
    plan = FaultPlan()
    script = FakeScript()

    def first_call(_request: Any) -> str:
        plan.pause("chat")  # from now on every chat call waits (this one has passed the gate already)
        return FIRST_STEP

    script.dynamic(first_call)
    with serve_fake_openai(script, plan) as server:
        model = HeldModel(server, plan)
        try:
            yield model
        finally:
            model.release()


@pytest.fixture(scope="module")
def console_server(held_model: HeldModel, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConsoleServer]:
    """The module's ``agentcore serve`` (overrides the package's): its model is :class:`HeldModel`."""
    server = ConsoleServer(tmp_path_factory.mktemp("console"), held_model.env)
    try:
        server.wait_ready()
        httpx.post(server.url + "/rag/search", json={"question": "отпуск"}, timeout=120)
        yield server
    finally:
        held_model.release()
        server.stop()


def _wait_until(condition: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def _outcome(server: ConsoleServer) -> str | None:
    runs = httpx.get(server.url + "/trace/runs?limit=5", timeout=10).json()["runs"]
    return next((r["outcome"] for r in runs if r["question"] and "покрытие" in r["question"]), None)


def test_ask_keyboard_only_and_stop_cancels_the_run(
    page: Any, console_server: ConsoleServer, held_model: HeldModel
) -> None:
    page.goto("/")
    page.expect_problems(r"request failed: POST .*/research/stream net::ERR_ABORTED")  # Stop aborts the stream
    page.get_by_test_id("question-input").focus()
    page.keyboard.type(QUESTION)
    page.keyboard.press("Control+Enter")
    page.get_by_test_id("step").first.wait_for(timeout=60_000)
    # the first step is on screen and the run is waiting for the model's second answer, which never comes
    _wait_until(lambda: held_model.chat_calls() >= 2, 60, "the run's second model call")
    assert _outcome(console_server) is None  # still running: not in the trace yet
    stop = page.get_by_test_id("stop")
    assert stop.is_enabled()

    stop.focus()
    page.keyboard.press("Enter")

    page.locator("#ask-status").filter(has_text="Остановлено").wait_for()
    # the server saw the client go: the run was cancelled there and traced as such, and it asked the model nothing more
    _wait_until(lambda: _outcome(console_server) == "cancelled", 30, "the run traced as cancelled")
    assert held_model.chat_calls() == 2
    assert page.get_by_test_id("final-answer").is_hidden()
    page.wait_for_selector('[data-testid="send"]:enabled', timeout=30_000)
    page.wait_for_selector('[data-testid="stop"]:disabled', timeout=30_000)
