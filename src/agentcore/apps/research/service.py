"""``AgentService`` (seed 002): a ReAct research agent with deterministic control, streaming every step.

The model drives the ReAct loop (Thought / Action / Observation / FinalAnswer) over seven tools; what must not be
left to a model is enforced by the service:

* **base flow** — no answer is accepted before ``router_select → query_plan → search → compose_context`` have run;
  missing stages are run by the service (``origin="control"`` events) and the model is asked again;
* **coverage check** — after every ``compose_context`` (on its draft answer) and on the final answer: citation
  coverage below ``coverage_threshold`` with ``refinement_count < max_refinements`` triggers one refinement round
  (a wider search: ``hybrid_top_bm25 * 2``, ``top_k`` doubled, the plan's sub-queries; then ``compose_context``);
* **verify** — before ``final`` when ``enable_verify_step``: every claim is checked against the knowledge base;
* **honest answers** — a model's "no answer", or an answer none of whose claims is supported, becomes «В базе
  знаний нет ответа на этот вопрос. Ближе всего по теме: «…»; «…».» (the RAG service's words); otherwise only the
  supported claims are shown.  The claim report decides, not averages (coverage, verify confidence): on evidence the
  searcher scored below its threshold a claim counts only when a shown sentence holds the question's terms
  (``agentcore.rag._evidence``);
* **step limit** — when ``max_steps`` runs out the question goes to :class:`QAService` (one-shot retrieve and answer),
  and ``final`` says so (``metadata.fallback = "qa_service"``);
* **run deadline** — ``agent_run_deadline`` seconds cover the whole run: the collection check (``retriever.info``),
  every step, tool and search, the QA fallback and the final check.  When it expires a control thought says so and
  ``final`` answers from the claims supported so far, or says the run could not finish in time
  (``metadata.timed_out``); the stream never hangs and never ends in an unhandled error.

``final.metadata`` carries ``coverage``, ``refinements``, ``confidence`` and more (see ``docs/research.md``).
Identical requests within ``research_cache_ttl`` seconds are replayed from memory (``metadata.cached``).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass, field
from typing import Any

from agentcore.agents.errors import AgentError
from agentcore.agents.events import AgentStepEvent, Citation, FinalEvent, new_request_id
from agentcore.agents.react import AgentAction, ReActAgent, ReActRun, build_system_prompt
from agentcore.apps.research import offline as _offline  # noqa: F401 - registers the offline policy of its step
from agentcore.apps.research.models import AgentRequest, AgentState, Scratch
from agentcore.apps.research.qa import QAService
from agentcore.apps.research.retrieval import EngineRetriever, Retriever
from agentcore.apps.research.settings import ResearchSettings
from agentcore.apps.research.tools import SCRATCH, ResearchTools, query_key
from agentcore.config import Settings
from agentcore.llm.models import LLMMessage
from agentcore.rag import get_analyzer, question_parts
from agentcore.rag.answer import NO_ANSWER, decline, is_decline
from agentcore.rag.citations import (
    CoverageReport,
    LexicalJudge,
    Passage,
    answer_sentences,
    citation_coverage,
    judge_for,
)
from agentcore.rag.claims import CheckedClaim, ClaimReport, RenderedAnswer, check_claims, read_claims, refinement_words
from agentcore.rag.errors import RetrievalError
from agentcore.rag.models import CollectionInfo
from agentcore.rag.trust import claim_metadata, claims_shown, shown_coverage, trusted_answer
from agentcore.text.message import question_of
from agentcore.trace.logs import step_logger
from agentcore.util.clock import utc_now_iso
from agentcore.util.redact import redact_public
from agentcore.util.truncate import truncate

__all__ = ["AgentRequestError", "AgentService", "ResearchRun", "RunDeadlineError", "is_decline"]

logger = step_logger("research", "agentcore.research")

REFINED_MAX_PASSAGES = 10
DRAFT = "draft"
"""The refinement budget of the composed draft's coverage (no claims yet); each claim cluster has its own."""
CLOSEST_SOURCES = 3
SNIPPET_CHARS = 240
FINISH_GRACE = 2.0
"""Seconds of the run deadline kept for the last word (checking the claims of what was found); a fifth of the
deadline when that is shorter."""
TIMED_OUT_TEXT = (
    "Не удалось подготовить ответ за отведённое время ({seconds:g} с). Попробуйте ещё раз или уточните вопрос."
)

ROLE = (
    "Ты — исследовательский агент службы поддержки. Отвечаешь на вопросы сотрудников по базе знаний компании, "
    "по-русски, кратко и только по найденным фрагментам."
)
RULES = (
    "Базовый порядок: router_select → query_plan → search → compose_context, затем FinalAnswer.",
    "Для составного вопроса передай подзапросы из query_plan в search (параметр sub_queries).",
    "rerank и fetch_docs — по необходимости: переранжировать найденное или прочитать документ целиком.",
    "В FinalAnswer каждое предложение подкрепляй ссылкой [n] на фрагмент из compose_context, где это сказано.",
    f"Ничего не выдумывай. Если в контексте нет ответа, напиши: «FinalAnswer: {NO_ANSWER}»",
    "Одно действие за шаг; аргументы — JSON-объект в одну строку.",
    "Если инструмент вернул ошибку, исправь аргументы и повтори или выбери другой инструмент.",
)
EXAMPLES = (
    """Вопрос: Сколько дней длится ежегодный отпуск?
Thought: Нужно выбрать маршрут поиска.
Action: router_select {"query": "Сколько дней длится ежегодный отпуск?"}
Observation: Маршрут поиска: hybrid (...)
Thought: Составлю план поиска.
Action: query_plan {"query": "Сколько дней длится ежегодный отпуск?"}
Observation: План поиска ... Подзапросы: не нужны (один вопрос)
Thought: Ищу гибридным поиском.
Action: search {"query": "Сколько дней длится ежегодный отпуск?", "mode": "hybrid", "top_k": 5}
Observation: Найдено фрагментов: 5 ... - vacation-policy#0 | Отпуск | ...
Thought: Соберу контекст из найденного.
Action: compose_context {"hit_ids": ["vacation-policy#0", "vacation-policy#1"]}
Observation: Черновик ответа по контексту: ... Контекст: [1] Отпуск (vacation-policy#0) ...
Thought: В фрагменте [1] есть ответ.
FinalAnswer: Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].""",
    """Вопрос: Когда код-фриз и сколько одобрений нужно для MR?
Thought: Вопрос составной, план даст подзапросы.
Action: query_plan {"query": "Когда код-фриз и сколько одобрений нужно для MR?"}
Observation: Подзапросы: «Когда код-фриз»; «сколько одобрений нужно для MR»
Action: search {"query": "Когда код-фриз и сколько одобрений нужно для MR?", "sub_queries": ["Когда код-фриз", \
"сколько одобрений нужно для MR"]}""",
)


class AgentRequestError(AgentError, ValueError):
    """A request the configuration does not allow (too long a question, too many steps); the message is Russian."""


class RunDeadlineError(AgentError, TimeoutError):
    """The knowledge base did not answer the collection check within the run deadline; the message is Russian."""


@dataclass
class ResearchRun(ReActRun):
    """A :class:`~agentcore.agents.react.ReActRun` with the research agent's state."""

    state: AgentState = field(default_factory=AgentState)
    scratch: Scratch = field(default_factory=lambda: Scratch("", ""))
    coverage_report: CoverageReport | None = None
    supported_before_refinement: int | None = None
    refined: dict[str, int] = field(default_factory=dict)
    """Refinement rounds spent per budget: ``DRAFT`` (the composed draft's coverage, before any claim exists) and one
    per unsupported claim cluster (claims citing the same passages, keyed by those passages' ids)."""
    refine_top_k: int | None = None
    """The ``top_k`` of every refinement round: the run's own search's doubled, fixed at the first round."""
    deadline: float | None = None
    """``loop.time()`` by which the run must have ended (``None`` only for a run built outside a loop)."""


class AgentService(ReActAgent):
    """The research agent (seed 002).

    Args:
        settings: configuration (the research, ``llm`` and ``core`` sections; the engine's by default).
        gateway: the LLM gateway (by default one built from ``settings``; closed by :meth:`aclose` only then).
        retriever: the retrieval door (by default an engine over ``settings``).
        model: the model name (``None``: the provider's default).
    """

    agent_name = "research"
    llm_step = "research.react"

    def __init__(
        self,
        settings: Settings,
        *,
        gateway: Any | None = None,
        retriever: Retriever | None = None,
        model: str | None = None,
    ) -> None:
        from cachetools import TTLCache

        self.settings = settings
        research = ResearchSettings.of(settings)
        self._own_gateway = gateway is None
        if gateway is None:
            from agentcore.appkit.gateway import gateway_for

            gateway = gateway_for(settings)
        if retriever is None:
            from agentcore.rag.engine import RagEngine

            retriever = EngineRetriever(engine_factory=lambda: RagEngine(settings))
        self.retriever = retriever
        self.judge = judge_for(gateway)
        self.toolset = ResearchTools(retriever, verify_judge=self.judge, rrf_k=settings.rag.rrf_k)
        super().__init__(
            gateway,
            self.toolset.all(),
            model=model,
            max_steps=research.default_steps,
            tool_timeout=research.agent_tool_timeout,
            token_budget=research.agent_token_budget,
            observation_chars=6000,
            run_token_budget=research.agent_max_tokens,
        )
        self.qa = QAService(retriever, gateway)
        self._analyzer = get_analyzer()
        self._prompt: str | None = None
        self._cache: Any = (
            TTLCache(maxsize=research.cache_size, ttl=research.cache_ttl) if research.cache_ttl > 0 else None
        )

    @property
    def research(self) -> ResearchSettings:
        """The research app's section of :attr:`settings` (read through, so a test that swaps a value sees it)."""
        return ResearchSettings.of(self.settings)

    async def aclose(self) -> None:
        """Close the gateway if the service created it."""
        if self._own_gateway:
            await self.gateway.aclose()

    # ----------------------------------------------------------------------------------- public API
    def get_available_tools(self) -> dict[str, Any]:
        """Every tool's schema: ``{name: {"name", "description", "parameters"}}``."""
        return {
            tool.name: {"name": tool.name, "description": tool.description, "parameters": tool.parameters_schema}
            for tool in self.tools
        }

    async def check_request(self, request: AgentRequest, *, deadline: float | None = None) -> CollectionInfo:
        """Validate ``request`` against the configuration and load its collection.

        Args:
            request: the request.
            deadline: ``loop.time()`` by which the collection must be loaded (by default ``agent_run_deadline``
                seconds from now).

        Raises:
            AgentRequestError: question longer than ``rag_max_question_chars`` or ``max_steps`` above
                ``agent_max_steps``.
            RetrievalError: unknown, invalid or empty collection (its ``status_code`` says 404 / 422 / 409).
            RunDeadlineError: the knowledge base did not answer by ``deadline``.
        """
        limit = self.settings.rag.max_question_chars
        if len(request.question) > limit:
            raise AgentRequestError(f"вопрос длиннее {limit} символов ({len(request.question)})")
        cap = self.research.agent_max_steps
        if request.max_steps is not None and request.max_steps > cap:
            raise AgentRequestError(f"max_steps должен быть от 1 до {cap}, получено {request.max_steps}")
        if deadline is None:
            deadline = self.run_deadline()
        try:
            async with asyncio.timeout_at(deadline) as window:
                info = await self.retriever.info(request.collection)
        except TimeoutError:
            if not window.expired():
                raise
            logger.error("check_request // Collection check exceeded the run deadline")
            raise RunDeadlineError(
                f"база знаний не ответила за отведённое время ({self.research.agent_run_deadline:g} с, "
                "AGENT_RUN_DEADLINE)"
            ) from None
        if info.chunks == 0:
            from agentcore.rag.errors import EmptyCollectionError

            raise EmptyCollectionError(f"коллекция {info.name!r} пуста: сначала проиндексируйте документы")
        return info

    def run_deadline(self) -> float:
        """``loop.time()`` by which a run starting now must end (``agent_run_deadline`` from now): a caller that
        checks the request before streaming passes it to both :meth:`check_request` and :meth:`stream_agent_response`
        so that the check counts against the run's time."""
        return asyncio.get_running_loop().time() + self.research.agent_run_deadline

    async def stream_agent_response(
        self, request: AgentRequest, *, deadline: float | None = None
    ) -> AsyncGenerator[AgentStepEvent, None]:
        """Answer ``request.question``, yielding the seed's events live: ``step_started``, ``thought``,
        ``tool_invoked``, ``observation``, then ``final`` (or ``error``).

        A request the configuration refuses, an unknown collection or an LLM failure end the stream with one
        ``error`` event; it never raises for them.  The whole of it — collection check included — keeps within
        ``agent_run_deadline`` (see the module doc) — from now, or by ``deadline`` (:meth:`run_deadline` taken
        before an earlier check).  Closing the iterator cancels the run.
        """
        request_id = new_request_id()
        if deadline is None:
            deadline = self.run_deadline()
        max_steps = request.max_steps or self.research.default_steps
        try:
            info = await self.check_request(request, deadline=deadline)
        except RunDeadlineError as exc:
            from agentcore.agents.events import EventFactory

            events = EventFactory(self.agent_name, request_id, max_steps=max_steps)
            yield events.thought(0, f"Контроль: {exc}: поиск не выполнен", origin="control")
            run = ResearchRun(
                question=request.question,
                request_id=events.request_id,
                max_steps=max_steps,
                events=events,
                emit=_discard,
                scratch=Scratch(question=request.question, collection=request.collection or "", top_k=5),
            )
            yield await self._finish(run, NO_ANSWER, declined=True, timed_out=True)
            return
        except (AgentRequestError, RetrievalError) as exc:
            from agentcore.agents.events import EventFactory

            code = "invalid_request" if isinstance(exc, AgentRequestError) else "retrieval_error"
            yield EventFactory(self.agent_name, request_id).error(0, redact_public(f"Некорректный запрос: {exc}"), code)
            return
        key = (" ".join(request.question.split()).casefold(), info.name, info.version, max_steps)
        cached = self._cache.get(key) if self._cache is not None else None
        if cached is not None:
            logger.info("stream_agent_response // Cache hit %s", request_id)
            for event in cached:
                yield _restamped(event, request_id)
            return
        recorded: list[AgentStepEvent] = []
        async for event in self.stream(
            request.question, request_id=request_id, max_steps=max_steps, collection=info.name, deadline=deadline
        ):
            recorded.append(event)
            yield event
        last = recorded[-1] if recorded else None
        if self._cache is not None and last is not None and last.type == "final" and not last.metadata.get("timed_out"):
            self._cache[key] = recorded

    # ------------------------------------------------------------------------------------- running
    def system_prompt(self) -> str:
        if self._prompt is None:
            self._prompt = build_system_prompt(ROLE, self.tools, RULES, EXAMPLES)
        return self._prompt

    def new_run(self, question: str, request_id: str | None, max_steps: int, emit: Any, **options: Any) -> ResearchRun:
        base = super().new_run(question, request_id, max_steps, emit)
        state = AgentState()
        state.max_refinements = self.research.max_refinements
        collection = options.get("collection") or self.retriever.active
        return ResearchRun(
            question=base.question,
            request_id=base.request_id,
            max_steps=base.max_steps,
            events=base.events,
            emit=emit,
            state=state,
            scratch=Scratch(question=question, collection=collection, top_k=5),
            # every run has one: `/v1` with history calls stream() directly
            deadline=options.get("deadline") or self.run_deadline(),
        )

    async def execute(self, run: ReActRun) -> None:
        """The ReAct loop within the run's deadline; at the deadline, :meth:`_on_deadline` gives the last word."""
        assert isinstance(run, ResearchRun)
        SCRATCH.set(run.scratch)
        logger.info("stream_agent_response // Start %s: %s", run.request_id, truncate(run.question, 200))
        if run.deadline is None:
            await super().execute(run)
            return
        grace = min(FINISH_GRACE, self.research.agent_run_deadline / 5)
        try:
            async with asyncio.timeout_at(run.deadline - grace) as limit:
                await super().execute(run)
        except TimeoutError:
            if not limit.expired():
                raise
            await self._on_deadline(run, grace)

    async def _on_deadline(self, run: ResearchRun, grace: float) -> None:
        """The run deadline expired: a control thought, then ``final`` from the composed context's extractive draft
        — only its claims the deterministic guard supports are shown (no model call, no verify) — or, with nothing
        found or no time left even for that, the answer that the run could not finish in time."""
        seconds = self.research.agent_run_deadline
        logger.warning("stream_agent_response // Run deadline of %gs exceeded %s", seconds, run.request_id)
        draft = run.scratch.draft if run.scratch.context is not None else None
        await run.emit(
            run.events.thought(
                run.step,
                f"Время на ответ истекло (AGENT_RUN_DEADLINE = {seconds:g} с): "
                + ("отвечаю по тому, что уже найдено и подтверждено" if draft else "ничего подтверждённого не найдено"),
                origin="control",
            )
        )
        try:
            async with asyncio.timeout(grace):
                final = await self._finish_from_draft(run, draft, timed_out=True)
        except TimeoutError:
            final = await self._finish(run, NO_ANSWER, declined=True, timed_out=True)
        await run.emit(final)

    def timeout_for(self, tool: str) -> float:
        # verify may ask the model to judge claims: give it the model's time on top of the tool's.
        if tool == "verify" and self.judge.name == "llm":
            return self.tool_timeout + self.settings.llm.timeout
        return self.tool_timeout

    def _run(self) -> ResearchRun:
        run = self.run_context
        assert isinstance(run, ResearchRun)
        return run

    # ---------------------------------------------------------------------------------------- hooks
    async def after_action(self, run: ReActRun, action: AgentAction) -> str | None:
        """After a model's ``compose_context``: check the draft's coverage and refine once if it is too low."""
        assert isinstance(run, ResearchRun)
        if action.tool != "compose_context" or not action.ok or run.scratch.draft_coverage is None:
            return None
        run.state.coverage = run.scratch.draft_coverage.coverage
        if not self._should_attempt_refinement(run.state.coverage, run.refined.get(DRAFT, 0)):
            return None
        coverage = run.state.coverage
        run.refined[DRAFT] = run.refined.get(DRAFT, 0) + 1  # spent even when the query would repeat: asked once
        query = await self._refinement_query(run, [])
        if query is None:
            return None
        refined = await self._perform_refinement(query, run.state, run.request_id, run.step)
        if refined is None or not refined.ok:
            return None
        return (
            f"Контроль: покрытие черновика цитатами {coverage:.2f} ниже порога "
            f"{self.research.coverage_threshold:.2f}. Выполнен уточняющий поиск, контекст собран заново "
            f"(номера [n] теперь относятся к нему):\n{refined.observation}"
        )

    async def on_final_answer(self, run: ReActRun, answer: str) -> FinalEvent | None:
        assert isinstance(run, ResearchRun)
        scratch, state = run.scratch, run.state
        if scratch.context is None:
            done = await self._complete_base_flow(run)
            run.history.append(
                LLMMessage(
                    role="user",
                    content="Observation: Контроль: ответ без контекста с цитатами не принимается; "
                    f"выполнены шаги базового порядка ({', '.join(done)}).\n"
                    + (run.actions[-1].observation if run.actions else "")
                    + "\nТеперь дай FinalAnswer по этому контексту со ссылками [n].",
                )
            )
            return None
        declined = is_decline(answer, scratch.context)
        report = await citation_coverage(answer, scratch.context, self.judge)
        run.coverage_report, state.coverage = report, report.coverage
        await run.emit(
            run.events.thought(
                run.step,
                f"Покрытие ответа цитатами: {report.coverage:.2f} ({report.supported} из {len(report.sentences)} "
                f"предложений, порог {self.research.coverage_threshold:.2f})",
                origin="control",
            )
        )
        if declined or run.step >= run.max_steps:  # a rewrite needs a step of the model
            return await self._finish(run, answer, declined=declined)
        pool = [Passage.from_hit(0, hit) for hit in scratch.seen.values()]
        checked = await check_claims(read_claims(answer, scratch.context), scratch.context, pool=pool)
        bad, supported = checked.removed, len(checked.supported)
        limit = self.research.max_refinements
        # One refinement per unsupported claim cluster (claims citing the same passages), each with its own budget;
        # with every claim supported, the seed's coverage rule (the draft's budget, the question's missing words).
        queries: list[tuple[str, str | None]] = []  # (query, the reason the control thought gives)
        if bad:
            for key, cluster in self._claim_clusters(run, bad).items():
                if run.refined.get(key, 0) >= limit:
                    continue
                run.refined[key] = run.refined.get(key, 0) + 1  # spent even when the query would repeat: asked once
                query = await self._refinement_query(run, cluster, sent=[q for q, _ in queries])
                if query is not None:
                    queries.append(
                        (query, f"Не подтверждена группа утверждений (цитируют одни фрагменты, {len(cluster)})")
                    )
        elif self._should_attempt_refinement(state.coverage, run.refined.get(DRAFT, 0)):
            run.refined[DRAFT] = run.refined.get(DRAFT, 0) + 1
            query = await self._refinement_query(run, [])
            if query is not None:
                queries.append((query, None))
        if not queries:
            return await self._finish(run, answer, declined=declined)
        coverage = state.coverage
        if bad and run.supported_before_refinement is None:
            run.supported_before_refinement = supported  # the first answer refined, for metadata.refinement_helped
        refined = None
        for query, reason in queries:
            outcome = await self._perform_refinement(query, state, run.request_id, run.step, reason=reason)
            refined = outcome if outcome is not None and outcome.ok else refined
        if refined is None:
            return await self._finish(run, answer, declined=declined)
        unsupported = "; ".join(truncate(c.claim.text, 120) for c in bad) or "; ".join(
            truncate(s.text, 120) for s in report.sentences if not s.supported
        )
        run.history.append(
            LLMMessage(
                role="user",
                content=f"Observation: Контроль: покрытие ответа цитатами {coverage:.2f} "
                + ("ниже порога" if coverage < self.research.coverage_threshold else "при пороге")
                + f" {self.research.coverage_threshold:.2f} (без подтверждения: {unsupported or '—'}). "
                f"Выполнен уточняющий поиск, новый контекст (номера [n] относятся к нему):\n"
                f"{refined.observation}\n"
                "Перепиши FinalAnswer: каждое предложение подкрепи ссылкой [n] на фрагмент, где это сказано.",
            )
        )
        return None

    def answer_claims(self, run: ReActRun, answer: str) -> list[str]:
        """The claims of a model's ``answer`` as the check reads them (for the redaction of its held thought)."""
        assert isinstance(run, ResearchRun)
        return [claim.text for claim in read_claims(answer, run.scratch.context)]

    async def on_budget_exhausted(self, run: ReActRun) -> None:
        """The run's tokens are spent: answer from the composed context's extractive draft (no model call)."""
        assert isinstance(run, ResearchRun)
        await run.emit(await self._finish_from_draft(run, run.scratch.draft))

    async def on_loop_stopped(self, run: ReActRun) -> None:
        """The model repeated one call (a control thought said so, «отвечаю по тому, что уже собрано»): answer from
        the composed context's extractive draft, its claims checked as usual — the model is not asked again (the
        step-limit fallback, QAService, would ask it).  With no context yet, the base flow's missing stages run first
        (tools only)."""
        assert isinstance(run, ResearchRun)
        if run.scratch.context is None:
            await self._complete_base_flow(run, reason="Цикл остановлен до сбора контекста")
        draft = run.scratch.draft if run.scratch.context is not None else None
        await run.emit(await self._finish_from_draft(run, draft))

    async def on_max_steps(self, run: ReActRun) -> None:
        """Fallback through :class:`QAService` (one-shot retrieve and answer), reported in ``final``."""
        assert isinstance(run, ResearchRun)
        await run.emit(
            run.events.thought(
                run.step,
                f"Превышен лимит шагов ({run.max_steps}): отвечаю через QAService (однократный поиск и ответ)",
                origin="control",
            )
        )
        try:
            qa = await self.qa.answer(run.question, run.scratch.collection)
        except RetrievalError as exc:
            await run.emit(run.events.error(run.step, f"Ошибка поиска: {redact_public(str(exc))}", "retrieval_error"))
            return
        run.scratch.context = qa.context
        run.scratch.record_evidence(qa.answerable, qa.confidence)
        answer = qa.answer or NO_ANSWER
        declined = qa.answer is None or is_decline(answer, qa.context)
        report = await citation_coverage(answer, qa.context, self.judge)
        run.coverage_report, run.state.coverage = report, report.coverage
        await run.emit(await self._finish(run, answer, declined=declined, fallback="qa_service"))

    # ------------------------------------------------------------------------------ seed methods
    def _should_attempt_refinement(self, coverage: float, refinement_count: int) -> bool:
        """Whether coverage is below ``coverage_threshold`` and a refinement round is still allowed."""
        return coverage < self.research.coverage_threshold and refinement_count < self.research.max_refinements

    async def _perform_refinement(
        self, query: str, agent_state: AgentState, request_id: str, step: int, *, reason: str | None = None
    ) -> AgentAction | None:
        """One refinement round: a wider search (``hybrid_top_bm25 * 2``, ``top_k`` doubled, the plan's
        sub-queries), then ``compose_context`` over the new hits and the previous context.

        The caller decides whether a round is due (``MAX_REFINEMENTS`` rounds for the draft's coverage and for each
        unsupported claim cluster: :attr:`ResearchRun.refined`); ``agent_state.refinement_count`` counts every round.
        ``reason`` opens the control thought (by default: the coverage below the threshold).  Every round of a run
        searches ``top_k`` doubled from the run's own search (rounds do not compound it).

        Returns:
            the ``compose_context`` action (or the failed ``search``).
        """
        run = self._run()
        agent_state.refinement_count += 1
        depth = self.settings.rag.hybrid_top_bm25 * 2
        await run.emit(
            run.events.thought(
                step,
                (
                    reason
                    or f"Покрытие цитатами {agent_state.coverage:.2f} ниже порога "
                    f"{self.research.coverage_threshold:.2f}"
                )
                + f": уточняющий поиск {agent_state.refinement_count} (hybrid_top_bm25 × 2 = {depth})",
                origin="control",
            )
        )
        scratch = run.scratch
        if run.refine_top_k is None:
            run.refine_top_k = min(max(scratch.top_k * 2, 8), self.settings.rag.max_top_k, 50)
        arguments: dict[str, Any] = {
            "query": query,
            "top_k": run.refine_top_k,
            "mode": "hybrid" if self.retriever.dense_available else "bm25",
            "top_bm25": depth,
        }
        own_question = query_key(query) == query_key(run.question)
        sub_queries = (scratch.plan or {}).get("sub_queries") or []
        if sub_queries and own_question:
            arguments["sub_queries"] = sub_queries[:6]
        previous = [p.id for p in scratch.context.passages] if scratch.context else []
        verdict = (scratch.answerable, scratch.confidence)
        search = await self.call_tool("search", arguments)
        if not own_question:  # whether the *question* can be answered is not decided by a query built from a claim
            scratch.answerable, scratch.confidence = verdict
        if not search.ok:
            return search
        # A query made from a claim finds passages for that claim: the question's own context keeps its place first.
        found = [hit.id for hit in scratch.latest]
        ids = list(dict.fromkeys(found + previous if own_question else previous + found))
        compose = await self.call_tool("compose_context", {"hit_ids": ids[:20], "max_passages": REFINED_MAX_PASSAGES})
        if compose.ok and scratch.draft_coverage is not None:
            agent_state.coverage = scratch.draft_coverage.coverage
        return compose

    def _claim_clusters(self, run: ResearchRun, unsupported: list[CheckedClaim]) -> dict[str, list[CheckedClaim]]:
        """The unsupported claims grouped by the passages they cite (their ids, so a cluster keeps its key when a
        refinement renumbers the context); claims citing nothing form one cluster."""
        context = run.scratch.context
        clusters: dict[str, list[CheckedClaim]] = {}
        for claim in unsupported:
            cited = [p.id for n in claim.claim.citations if context is not None and (p := context.get(n)) is not None]
            clusters.setdefault("claims:" + (",".join(sorted(set(cited))) or "-"), []).append(claim)
        return clusters

    async def _refinement_query(
        self, run: ResearchRun, unsupported: list[CheckedClaim], *, sent: Sequence[str] = ()
    ) -> str | None:
        """The query of one refinement round: for one unsupported claim cluster, the words of its claims the run's
        passages lack — never a value the guard rejected (:func:`~agentcore.rag.claims.refinement_words`) —
        anchored by the question's subject; with no claims (the
        draft), the question's own words the context lacks.  ``None`` — and a control thought saying so — when it
        would repeat a query the run already sent, or one of ``sent`` (queries chosen for this round, not yet
        sent): repeating one finds the same passages."""
        scratch = run.scratch
        passages = scratch.context.passages if scratch.context else ()
        known = self._analyzer.term_set("\n".join(f"{p.title}\n{p.text}" for p in passages))
        asked = question_of(run.question)  # a message's context is no word to search for again
        subject = [w for part in question_parts(asked) for w in part.terms]
        if unsupported:
            # the claims' words the passages lack, without the values the guard rejected (review F11)
            query = " ".join(dict.fromkeys([*subject, *refinement_words(unsupported, known, self._analyzer)]))
        else:
            lacking = [w for w in re.findall(r"[\w-]+", asked) if self._analyzer.term_set(w) - known]
            query = " ".join(dict.fromkeys([*lacking, *subject])) if lacking else ""
        repeated = {query_key(q) for q in sent} | scratch.sent
        if query.strip() and query_key(query) not in repeated:
            return query
        await run.emit(
            run.events.thought(
                run.step,
                "Уточняющий поиск не выполнен: "
                + (
                    "новый запрос из неподтверждённых слов совпал бы с уже отправленным"
                    if query.strip()
                    else "в вопросе нет слов, которых нет в контексте"
                ),
                origin="control",
            )
        )
        return None

    async def _verify_answer(self, final_answer: str, conversation_history: list[LLMMessage]) -> dict[str, Any]:
        """Check the claims of ``final_answer`` with the ``verify`` tool: ``{"confidence", "claims", ...}``, or
        ``{"confidence": None, "error": ...}`` when verification itself failed."""
        action = await self.call_tool("verify", {"answer": final_answer})
        report = self._run().scratch.verify
        if not action.ok or report is None:
            return {"confidence": None, "error": action.result.error}
        return report.to_dict()

    # --------------------------------------------------------------------------------------- helpers
    async def _complete_base_flow(
        self, run: ResearchRun, *, reason: str = "Ответ без контекста не принимается"
    ) -> list[str]:
        """Run the base-flow stages the model skipped (``reason`` opens the control thought); returns their names."""
        scratch, done = run.scratch, []
        await run.emit(
            run.events.thought(
                run.step,
                f"{reason}: выполняю недостающие шаги базового порядка "
                "router_select → query_plan → search → compose_context",
                origin="control",
            )
        )
        if scratch.route is None:
            await self.call_tool("router_select", {"query": run.question})
            done.append("router_select")
        if scratch.plan is None:
            await self.call_tool("query_plan", {"query": run.question})
            done.append("query_plan")
        if not scratch.latest:
            arguments: dict[str, Any] = {"query": run.question, "top_k": scratch.top_k}
            sub_queries = (scratch.plan or {}).get("sub_queries") or []
            if sub_queries:
                arguments["sub_queries"] = sub_queries[:6]
            await self.call_tool("search", arguments)
            done.append("search")
        action = await self.call_tool("compose_context", {})
        done.append("compose_context")
        if action.ok and scratch.draft_coverage is not None:
            run.state.coverage = scratch.draft_coverage.coverage
            if self._should_attempt_refinement(run.state.coverage, run.refined.get(DRAFT, 0)):
                run.refined[DRAFT] = run.refined.get(DRAFT, 0) + 1
                query = await self._refinement_query(run, [])
                if query is not None:
                    await self._perform_refinement(query, run.state, run.request_id, run.step)
        return done

    async def _finish_from_draft(self, run: ResearchRun, draft: str | None, *, timed_out: bool = False) -> FinalEvent:
        """``final`` from the composed context's extractive ``draft`` (no model call; :meth:`_finish` checks its
        claims): declined when there is none (:data:`NO_ANSWER`) or it is a decline (:func:`is_decline`).  The
        budget, loop-stop and run-deadline endings."""
        declined = draft is None or is_decline(draft, run.scratch.context)
        return await self._finish(run, draft or NO_ANSWER, declined=declined, timed_out=timed_out)

    async def _finish(
        self, run: ResearchRun, answer: str, *, declined: bool, fallback: str | None = None, timed_out: bool = False
    ) -> FinalEvent:
        """Check the claims, decide whether to decline honestly, verify what is shown (when enabled), and build
        ``final``.

        Verify runs on the answer shown — the supported claims, without the closing line — never on the draft: its
        ``tool_invoked`` event and observation are in the trace (``agentcore ask`` prints them), and a removed claim's
        text goes only to ``metadata.removed_claims``.

        ``timed_out``: the run deadline expired — no verify and no model judge (the deterministic guard alone
        decides), and an answer with no supported claim says the run could not finish in time."""
        research, state, scratch = self.research, run.state, run.scratch
        passages = scratch.context.passages if scratch.context else ()
        checked = None if declined else await self._check_claims(run, answer, use_judge=not timed_out)
        if checked is None:
            await self.release_thought(run, shown=())  # nothing shown: no claim of the model's answers either
        rendered = checked[1] if checked else None
        verify: dict[str, Any] | None = None
        shown = claims_shown(rendered.text) if rendered is not None and rendered.answered else ""
        if research.enable_verify_step and not timed_out and answer_sentences(shown):
            verify = await self._verify_answer(shown, run.history)
        confidence = verify.get("confidence") if verify else None
        # The claim report decides: «нет ответа» only when no claim survives (the claim guard, the focus check and,
        # on evidence below the searcher's threshold, the stricter lexical standard of `_check_claims`).
        if rendered is None or not rendered.answered:
            closest = passages[:CLOSEST_SOURCES]
            text, cited_passages, answered = decline([p.as_hit() for p in closest]), [], False
            if timed_out:
                text = TIMED_OUT_TEXT.format(seconds=research.agent_run_deadline)
        else:
            closest = ()
            text = rendered.text
            cited_passages = list(rendered.sources)
            answered = True
            # metadata.coverage is the shown answer's (its claims and shown citations), not the draft's or the model's
            # answer before the claim check (review F16); past the deadline no model judges it.
            judge = LexicalJudge() if timed_out else self.judge
            state.coverage = (await shown_coverage(rendered, judge, checked[0] if checked else None)).coverage
        citations = [
            Citation(
                index=number,
                id=p.id,
                ids=list(p.ids),
                doc_id=p.doc_id,
                title=p.title,
                source=p.source,
                snippet=truncate(" ".join(p.text.split()), SNIPPET_CHARS),
            )
            for number, p in enumerate(cited_passages, start=1)
        ]
        claim_report = checked[0] if checked else None
        # The figures describe the answer shown: a decline cites nothing (coverage 0) and nothing of it was verified
        # (confidence null) — the draft's figures, which the decline replaced, stay in the trace's control thoughts.
        metadata: dict[str, Any] = {
            "coverage": round(state.coverage, 4) if answered else 0.0,
            "refinements": state.refinement_count,
            # a refinement helped when the answer shown holds more supported claims than the one it refined
            "refinement_helped": None
            if run.supported_before_refinement is None or state.refinement_count == 0
            else (len(claim_report.supported) if claim_report and answered else 0) > run.supported_before_refinement,
            "confidence": None if confidence is None or not answered else round(float(confidence), 4),
            "answered": answered,
            "declined": not answered,
            "verified": answered and verify is not None and confidence is not None,
            "answerable": scratch.answerable,
            "search_confidence": None if scratch.confidence is None else round(scratch.confidence, 4),
            "fallback": fallback,
            "steps": run.step,
            "max_steps": run.max_steps,
            "collection": scratch.collection,
            "coverage_threshold": research.coverage_threshold,
            "judge": self.judge.name,
            # claims (every claim checked, in order, with its status; a removed claim's text only in
            # removed_claims), removed_claims, missing_parts, grounded — the RAG service's /search gives the same
            **claim_metadata(claim_report, rendered, answered=answered),
            "verify_claims": (verify or {}).get("claims", []),
            "closest": [{"id": p.id, "doc_id": p.doc_id, "title": p.title} for p in closest],
            "cached": False,
            "timed_out": timed_out,
        }
        logger.info(
            "stream_agent_response // Final %s: answered=%s coverage=%.2f refinements=%d confidence=%s "
            "answerable=%s fallback=%s",
            run.request_id,
            answered,
            state.coverage,
            state.refinement_count,
            metadata["confidence"],
            scratch.answerable,
            fallback,
        )
        return run.events.final(run.step, text, citations, metadata)

    async def _check_claims(
        self, run: ResearchRun, answer: str, *, use_judge: bool = True
    ) -> tuple[ClaimReport, RenderedAnswer] | None:
        """Check every claim of ``answer`` against the run's passages and the question's focus
        (:func:`agentcore.rag.trust.trusted_answer`, the pipeline the RAG service's answer goes through too);
        ``None`` when there is no context to check against.  Warnings (an unreadable judge reply) go to the trace.
        ``use_judge=False``: the deterministic guard alone (no model call)."""
        scratch = run.scratch
        if scratch.context is None:
            return None
        pool = [Passage.from_hit(0, hit) for hit in scratch.seen.values()]
        judge = self.judge if self.judge.name != "lexical" and use_judge else None
        # the extractive draft (the offline answer, or a model's copy of it) may be completed by re-selection
        drafted = scratch.draft is not None and answer.split() == scratch.draft.split()
        trusted = await trusted_answer(
            run.question,
            answer,
            scratch.context,
            pool=pool,
            judge=judge,
            answerable=scratch.answerable,
            reselect=drafted,
            focus_judge=self.settings.rag.focus_judge,
        )
        report, focus = trusted.report, trusted.focus
        # the model's held thoughts, once the answer shown is checked (not after a refinement round's guard check):
        # without the removed claims, nor any claim of their own answers that is not shown
        shown = [c.claim.text for c in report.supported] if trusted.rendered.answered else []
        await self.release_thought(run, [c.claim.text for c in report.removed], shown)
        for warning in report.warnings:
            await run.emit(run.events.thought(run.step, f"Предупреждение: {warning}", origin="control"))
        if trusted.weak:
            await run.emit(
                run.events.thought(
                    run.step,
                    f"Оценка поиска {scratch.confidence or 0:.2f} ниже порога: ответ — только если показанное "
                    "предложение содержит все слова вопроса; не содержит",
                    origin="control",
                )
            )
        removed = len(report.removed)
        await run.emit(
            run.events.thought(
                run.step,
                f"Проверка утверждений: подтверждено {len(report.supported)} из {len(report.claims)}"
                + (f", убрано {removed}" if removed else "")
                + (f"; в документах не нашлось: {'; '.join(focus.missing)}" if focus.missing else ""),
                origin="control",
            )
        )
        return report, trusted.rendered


async def _discard(event: AgentStepEvent) -> None:
    """``emit`` of a run whose events are yielded directly (the run deadline expired before it started)."""


def _restamped(event: AgentStepEvent, request_id: str) -> AgentStepEvent:
    update: dict[str, Any] = {"request_id": request_id, "timestamp": utc_now_iso()}
    if event.type == "final":
        update["metadata"] = {**event.metadata, "cached": True}
    return event.model_copy(update=update)
