"""The seed-000 assistant as the OpenAI-compatible model ``assistant`` (``/v1``; the console's Chat page).

One request is one turn of the seed's dialog: the earlier turns of the request become the assistant's history, the
last user message goes through steps 1.2–5 (:meth:`AssistantAgent.handle_input`) in a worker thread, and what the
assistant prints becomes step events as it happens: a progress line (``status``) starts a step with a ``thought`` of
the controller, a result line and the lines that belong to it (``detail``) make the ``final`` answer, a warning (an
irrelevant request, a theme no word can carry) is a ``final`` answer too, an ``error`` line ends the run with an
``error`` event.  The assistant calls the RAG and Haiku services over HTTP as in the seed: ``RAG_SERVICE_URL`` and
``HAIKU_SERVICE_URL`` (``agentcore serve`` points them at its own ``/rag`` and ``/haiku`` when they are unset).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import threading
from collections.abc import AsyncGenerator
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from agentcore.agents.events import AgentStepEvent, EventFactory
from agentcore.agents.served import AgentInput, ServedAgent
from agentcore.appkit.plugin import EdgeContext
from agentcore.apps.assistant.settings import AssistantSettings
from agentcore.config import Settings
from agentcore.web.errors import ApiError

if TYPE_CHECKING:
    import httpx

    from agentcore.apps.assistant.clients import ServiceClient

__all__ = ["AssistantServing", "served_agents"]

_DONE = object()
# Threads for blocking assistant turns.  Their own pool: a turn blocks for its whole length (model calls, RAG and
# Haiku over HTTP), and in the event loop's default pool (cpu count + 4 threads) a handful of turns took every thread
# — the /rag/search each turn waits for, served by this same process, then had none: every turn hung until the
# service timeout (8 concurrent turns of 0.8 s took 31 s, six ended in 500), and so did everything else run in a
# worker thread (CRM state files, audit records).
TURN_THREADS = 16


class AssistantServing:
    """Runs one assistant turn per request on one shared gateway and one shared HTTP client of the RAG and Haiku
    services (each created on first use, both closed by :meth:`aclose`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._gateway: Any = None
        self._http: httpx.Client | None = None
        self._lock = threading.Lock()
        self._turns = ThreadPoolExecutor(max_workers=TURN_THREADS, thread_name_prefix="assistant-turn")

    def gateway(self) -> Any:
        """The gateway (created on first use).

        Raises:
            ApiError: 503 when the provider is not configured.
        """
        from agentcore.appkit.gateway import gateway_for
        from agentcore.llm.errors import LLMConfigError

        with self._lock:
            if self._gateway is None:
                try:
                    self._gateway = gateway_for(self.settings)
                except LLMConfigError:
                    raise ApiError(503, "провайдер LLM не настроен", "llm_not_configured") from None
            return self._gateway

    def services(self, rag_url: str, haiku_url: str) -> tuple[ServiceClient, ServiceClient]:
        """Clients of the RAG and Haiku services over the one HTTP client of this serving (created on first use;
        an ``httpx.Client`` may be shared between threads), so a turn opens no connection pool of its own and the
        connections are reused across turns and closed by :meth:`aclose`."""
        import httpx

        from agentcore.apps.assistant.clients import ServiceClient

        with self._lock:
            if self._http is None:
                timeout = AssistantSettings.of(self.settings).service_timeout
                self._http = httpx.Client(timeout=timeout)
            http = self._http
        own = self.settings.services.calls_origins
        return (
            ServiceClient(rag_url, client=http, own_origins=own),
            ServiceClient(haiku_url, client=http, own_origins=own),
        )

    def urls(self) -> tuple[str, str]:
        """The RAG and Haiku service URLs.

        Raises:
            ApiError: 503 when they are not configured.
        """
        rag, haiku = self.settings.services.rag_url, self.settings.services.haiku_url
        if not rag or not haiku:
            raise ApiError(503, "не заданы RAG_SERVICE_URL и HAIKU_SERVICE_URL", "services_not_configured")
        return rag, haiku

    async def check(self, question: str) -> None:
        """Refuse before a run when the gateway or the services are not configured."""
        self.gateway()
        self.urls()

    async def run(self, agent_input: AgentInput) -> AsyncGenerator[AgentStepEvent, None]:
        """One turn as step events (see the module docstring)."""
        from agentcore.apps.assistant.agent import AssistantAgent, Outcome
        from agentcore.llm.sync import SyncGateway

        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Any] = asyncio.Queue()

        def say(text: str, kind: str = "info") -> None:
            loop.call_soon_threadsafe(queue.put_nowait, (kind, text))

        made: list[AssistantAgent] = []

        def turn() -> Outcome:
            rag, haiku = self.services(rag_url, haiku_url)
            agent = AssistantAgent(
                self.settings, SyncGateway(gateway), rag, haiku, say, provider_name=gateway.provider.display_name
            )
            made.append(agent)
            agent.session_started = True  # the help text belongs to a terminal session, not to every request
            agent.in_terminal = False  # its help names no exit command and no Ctrl-D
            for message in agent_input.history:
                if message.role in ("user", "assistant") and message.content:
                    agent.history.add(message.role, message.content)
            try:
                return agent.handle_input(agent_input.question)
            finally:
                loop.call_soon_threadsafe(queue.put_nowait, _DONE)

        events = EventFactory("assistant")
        if agent_input.client_tools is not None:
            yield events.error(0, "ассистент не принимает инструменты клиента (tools)", "validation_error")
            return
        rag_url, haiku_url = self.urls()
        gateway = self.gateway()
        step = 0
        answer: list[str] = []
        failure: str | None = None
        # As asyncio.to_thread, on the turns' own pool: the turn runs in a copy of this context (the run's call log).
        call = functools.partial(contextvars.copy_context().run, turn)
        worker = asyncio.ensure_future(loop.run_in_executor(self._turns, call))
        try:
            while (item := await queue.get()) is not _DONE:
                kind, text = item
                if kind == "status":
                    step += 1
                    yield events.step_started(step)
                    yield events.thought(step, text, origin="control")
                elif kind in ("result", "detail", "warn", "help", "ok", "info"):
                    answer.append(text)
                elif kind == "error":
                    failure = text
            outcome = await worker
        finally:
            if not worker.done():
                worker.cancel()
        if outcome is Outcome.FATAL and made and made[0].llm_failure is not None:
            # the model call's public reason and code (upstream_auth for a wrong key), as every other agent reports
            # it — not the terminal's «Ошибка при запросе LLM, завершаюсь..» (a server goes on)
            yield events.llm_error(step, made[0].llm_failure)
            return
        if failure is not None and not answer:
            code = "llm_error" if outcome is Outcome.FATAL else "service_error"
            yield events.error(step, failure, code)
            return
        if failure is not None:
            answer.append(failure)
        yield events.final(step, "\n".join(answer), metadata={"agent": "assistant", "steps": step})

    async def aclose(self) -> None:
        """Close the gateway and the services' HTTP client if they were created; turns not started yet are dropped."""
        self._turns.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            http, self._http = self._http, None
        if http is not None:
            http.close()
        if self._gateway is not None:
            from agentcore.llm.sync import SyncGateway

            # Turns use the gateway on the shared background loop, where its connections live: closed there (on
            # this loop aiohttp refused — «attached to a different loop» — and the model connections stayed open).
            await asyncio.to_thread(SyncGateway(self._gateway).close)


def served_agents(ctx: EdgeContext) -> list[ServedAgent]:
    """The model ``assistant`` of ``/v1``."""
    serving = AssistantServing(ctx.settings)
    ctx.closers.append(serving.aclose)

    async def run(question: str) -> AsyncGenerator[AgentStepEvent, None]:
        async for event in serving.run(AgentInput(question=question)):
            yield event

    return [
        ServedAgent(
            "assistant",
            "Ассистент (seed 000): вопросы по базе знаний (RAG) и хайку на заданную тему",
            run,
            serving.check,
            serving.run,
        )
    ]
