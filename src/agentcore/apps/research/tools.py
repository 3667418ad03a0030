"""The research agent's tools (seed 002): ``router_select``, ``query_plan``, ``search``, ``rerank``, ``fetch_docs``,
``compose_context``, ``verify``.

Tools are :class:`~agentcore.tools.base.ModelTool`\\ s over the :class:`~agentcore.apps.research.retrieval.Retriever`;
they run through the core tool runner (timeout, error isolation).  Per-run state (the latest hits, the composed
context) lives in a :class:`~agentcore.apps.research.models.Scratch` that the agent puts into :data:`SCRATCH` for the
run, so one set of tools serves concurrent runs.

Every argument model accepts ``{"raw_input": "..."}`` (what an action with invalid JSON becomes) and reads it as its
main parameter, so ``Action: search отпуск`` works.  Results are small models whose ``observation()`` is the text
the model reads.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agentcore.apps.research.models import Scratch
from agentcore.apps.research.retrieval import Retriever
from agentcore.rag import reciprocal_rank_fusion
from agentcore.rag.citations import (
    ComposedContext,
    CoverageReport,
    LexicalJudge,
    SupportJudge,
    citation_coverage,
    cited_extractive_answer,
    compose_context,
)
from agentcore.rag.models import Hit, SearchMode
from agentcore.rag.verify import VerifyReport, verify_answer
from agentcore.tools.base import ModelTool, Tool
from agentcore.tools.errors import ToolError
from agentcore.util.truncate import truncate

__all__ = [
    "DRAFT_COVERAGE_LABEL",
    "DRAFT_LABEL",
    "NO_DRAFT",
    "SCRATCH",
    "ResearchTools",
    "make_tools",
    "plan_query",
    "query_key",
]

SCRATCH: ContextVar[Scratch] = ContextVar("research_scratch")
SNIPPET_CHARS = 200
DEFAULT_TOP_K = 5
VERIFY_EVIDENCE_K = 3
NO_DRAFT = "в контексте нет предложений, отвечающих на вопрос"
DRAFT_LABEL = "Черновик ответа по контексту:"
DRAFT_COVERAGE_LABEL = "Покрытие черновика цитатами:"  # the line after the draft (a draft may span lines)
PASSAGE_CHARS = 700

_SPLIT_RE = re.compile(
    r"\?|;|\s[—–-]\s|,\s*а\s|\s+а\s+(?=\w)|,?\s+и\s+(?=(?:что|как|сколько|когда|где|кто|куда|чем|почему|зачем|"
    r"какой|какая|какое|какие|каким|какую|можно|нужно|надо|ли)\b)",
    re.IGNORECASE,
)
# Verbs of a question that say nothing of its subject («что делать», «что можно», «хочу»).
_GENERIC_WORDS = "делать сделать быть мочь можно нужно надо хотеть хочу стоит"
_IDENTIFIER_RE = re.compile(r"\b[A-Za-z]+[-_]\d+[A-Za-z0-9]*\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")


def query_key(query: str) -> str:
    """A query as the run remembers it: lower-case, single spaces, no end punctuation (two spellings of one query
    are one query)."""
    return " ".join(query.casefold().replace("ё", "е").split()).strip(" ?!.")


def scratch() -> Scratch:
    """The current run's scratchpad.

    Raises:
        ToolError: called outside a run (a tool used on its own).
    """
    try:
        return SCRATCH.get()
    except LookupError:
        raise ToolError("инструмент вызван вне запуска агента") from None


class _Args(BaseModel):
    """Base of the argument models: unknown fields rejected, ``raw_input`` mapped onto the main parameter."""

    model_config = ConfigDict(extra="forbid")
    main_field: ClassVar[str | None] = None

    @model_validator(mode="before")
    @classmethod
    def _raw_input(cls, data: Any) -> Any:
        if isinstance(data, dict) and "raw_input" in data and cls.main_field and cls.main_field not in data:
            data = dict(data)
            raw = data.pop("raw_input")
            if cls.main_field == "hit_ids" or cls.main_field == "ids":
                raw = [part for part in re.split(r"[\s,;]+", str(raw).strip("[]")) if part.strip("'\"")]
                raw = [part.strip("'\"") for part in raw]
            data[cls.main_field] = raw
        return data


def _hit_line(hit: Hit) -> str:
    snippet = truncate(" ".join(hit.text.split()), SNIPPET_CHARS)
    return f"- {hit.id} | {hit.title} | {snippet}"


# ------------------------------------------------------------------------------------- router_select
class RouterArgs(_Args):
    main_field: ClassVar[str | None] = "query"
    query: str = Field(min_length=1, max_length=2000, description="вопрос или поисковый запрос")


class RouteResult(BaseModel):
    """The chosen retrieval mode."""

    mode: SearchMode
    reason: str

    def observation(self) -> str:
        return f"Маршрут поиска: {self.mode} ({self.reason})"


class RouterSelectTool(ModelTool):
    name = "router_select"
    description = "Выбирает оптимальный маршрут поиска для запроса: bm25, dense или hybrid"
    args_model = RouterArgs

    def __init__(self, retriever: Retriever) -> None:
        self.retriever = retriever

    async def execute(self, **kwargs: Any) -> RouteResult:
        args = RouterArgs.model_validate(kwargs)
        decision = self.retriever.route(args.query)
        scratch().route = decision.mode
        return RouteResult(mode=decision.mode, reason=decision.reason)


# ---------------------------------------------------------------------------------------- query_plan
class PlanArgs(_Args):
    main_field: ClassVar[str | None] = "query"
    query: str = Field(min_length=1, max_length=2000, description="вопрос пользователя")


class QueryPlan(BaseModel):
    """Sub-queries and filters for ``search``."""

    query: str
    sub_queries: list[str]
    filters: dict[str, Any]

    def observation(self) -> str:
        lines = [f"План поиска для «{self.query}»:"]
        if self.sub_queries:
            lines.append("Подзапросы: " + "; ".join(f"«{q}»" for q in self.sub_queries))
        else:
            lines.append("Подзапросы: не нужны (один вопрос)")
        filters = ", ".join(f"{k}={v}" for k, v in self.filters.items() if v not in (None, [], ""))
        lines.append(f"Фильтры: {filters or 'нет'}")
        return "\n".join(lines)


def plan_query(query: str, mode: SearchMode | None, collection: str, top_k: int = DEFAULT_TOP_K) -> QueryPlan:
    """Split a compound question into sub-queries (on ``?``, ``;``, dashes, «а», «и» + a question word; a part needs
    a word that says what it is about, not only «что делать») and collect filters: the retrieval mode, identifiers
    that must match exactly, the collection, ``top_k``.

    A message with context («У нас в команде спринт две недели. Сколько длится ретро?») is split by the question
    its asking sentences ask (:func:`agentcore.text.message.question_of`): a sentence about the asker is no part to
    search for and answer on its own.  The whole message stays the query."""
    from agentcore.rag import get_analyzer
    from agentcore.text.message import question_of

    analyzer = get_analyzer()
    generic = analyzer.term_set(_GENERIC_WORDS)
    parts = [" ".join(p.split()).strip(" ,.") for p in _SPLIT_RE.split(question_of(query))]
    # A part must say what it is about: «что делать» or «что можно» alone would search for noise.
    parts = [p for p in parts if analyzer.term_set(p) - generic]
    sub_queries = parts if len(parts) > 1 else []
    identifiers = list(dict.fromkeys(_IDENTIFIER_RE.findall(query)))
    filters: dict[str, Any] = {"mode": mode, "top_k": top_k, "collection": collection, "identifiers": identifiers}
    return QueryPlan(query=query, sub_queries=sub_queries, filters=filters)


class QueryPlanTool(ModelTool):
    name = "query_plan"
    description = "Создаёт план поиска для запроса: подзапросы для составного вопроса и фильтры (режим, top_k)"
    args_model = PlanArgs

    async def execute(self, **kwargs: Any) -> QueryPlan:
        args = PlanArgs.model_validate(kwargs)
        run = scratch()
        plan = plan_query(args.query, run.route, run.collection, run.top_k)
        run.plan = plan.model_dump()
        return plan


# -------------------------------------------------------------------------------------------- search
class SearchArgs(_Args):
    main_field: ClassVar[str | None] = "query"
    query: str = Field(min_length=1, max_length=2000, description="поисковый запрос")
    top_k: int = Field(DEFAULT_TOP_K, ge=1, le=50, description="сколько фрагментов вернуть")
    mode: SearchMode | None = Field(None, description="bm25, dense или hybrid; без него — маршрут router_select")
    sub_queries: list[str] = Field(
        default_factory=list, max_length=6, description="подзапросы из query_plan; результаты сливаются RRF"
    )
    top_bm25: int | None = Field(None, ge=1, le=400, description="глубина BM25 перед слиянием (HYBRID_TOP_BM25)")


class SearchHits(BaseModel):
    """Hits of a search; ``answerable`` is the searcher's verdict on the evidence (``None`` after a rerank)."""

    query: str
    mode: str
    hits: list[dict[str, Any]]
    answerable: bool | None = None
    confidence: float | None = None

    def observation(self) -> str:
        if not self.hits:
            return f"По запросу «{self.query}» ничего не найдено (режим {self.mode})."
        lines = [f"Найдено фрагментов: {len(self.hits)} (режим {self.mode})."]
        if self.answerable is not None:
            figure = "" if self.confidence is None else f" (оценка поиска {self.confidence:.2f})"
            verdict = "да" if self.answerable else "нет — похоже, в базе знаний нет ответа"
            lines[0] += f" Достаточно для ответа: {verdict}{figure}."
        lines.append("id | заголовок | начало текста:")
        lines += [
            f"- {h['id']} | {h['title']} | {truncate(' '.join(h['text'].split()), SNIPPET_CHARS)}" for h in self.hits
        ]
        return "\n".join(lines)


class SearchTool(ModelTool):
    name = "search"
    description = "Гибридный поиск по коллекции (BM25 + dense, слияние RRF); подзапросы ищутся отдельно и сливаются RRF"
    args_model = SearchArgs

    def __init__(self, retriever: Retriever, rrf_k: int = 60) -> None:
        self.retriever = retriever
        self.rrf_k = rrf_k

    async def execute(self, **kwargs: Any) -> SearchHits:
        args = SearchArgs.model_validate(kwargs)
        run = scratch()
        mode = args.mode or run.route
        queries = list(dict.fromkeys([args.query, *args.sub_queries]))
        run.sent.update(query_key(q) for q in queries)
        results = [
            await self.retriever.aretrieve(q, args.top_k, mode=mode, collection=run.collection, top_bm25=args.top_bm25)
            for q in queries
        ]
        if len(results) == 1:
            hits = results[0].hits
        else:
            by_id = {hit.id: hit for result in results for hit in result.hits}
            fused = reciprocal_rank_fusion([[hit.id for hit in result.hits] for result in results], k=self.rrf_k)
            # each answerable sub-query keeps its best passage, after the fused top_k: the fused order favours
            # passages two queries share (the whole question and one part), and may push the only passage of another
            # part out («сколько длится спринт и кто проводит ретроспективу»: five passages on the retrospective)
            kept = {hit_id for hit_id, _ in fused[: args.top_k]}
            kept |= {result.hits[0].id for result in results[1:] if result.hits and result.answerable}
            hits = [by_id[hit_id] for hit_id, _ in fused if hit_id in kept]
        run.latest = hits
        run.top_k = args.top_k
        run.remember(hits)
        for result in results:  # a sub-query's own hits may be cited too (compose_context drafts parts from them)
            run.remember(result.hits)
        run.parts = [
            (query, [hit.id for hit in result.hits], result.answerable)
            for query, result in zip(queries, results, strict=True)
            if query != args.query
        ]
        answerable = any(result.answerable for result in results)
        confidences = [result.confidence for result in results if result.confidence is not None]
        confidence = max(confidences) if confidences else None
        run.record_evidence(answerable, confidence, any(result.possible for result in results))
        return SearchHits(
            query=args.query,
            mode=results[0].mode,
            hits=[hit.to_dict() for hit in hits],
            answerable=answerable,
            confidence=confidence,
        )


# -------------------------------------------------------------------------------------------- rerank
class RerankArgs(_Args):
    main_field: ClassVar[str | None] = "query"
    query: str = Field(min_length=1, max_length=2000, description="запрос, по которому переранжировать")
    hit_ids: list[str] = Field(
        default_factory=list, max_length=50, description="id фрагментов (по умолчанию последние найденные)"
    )
    top_k: int | None = Field(None, ge=1, le=50, description="сколько оставить")


class RerankTool(ModelTool):
    name = "rerank"
    description = "Переранжирует найденные фрагменты по релевантности запросу (опционально)"
    args_model = RerankArgs

    def __init__(self, retriever: Retriever) -> None:
        self.retriever = retriever

    async def execute(self, **kwargs: Any) -> SearchHits:
        args = RerankArgs.model_validate(kwargs)
        run = scratch()
        hits = _known(run, args.hit_ids) if args.hit_ids else list(run.latest)
        if not hits:
            raise ToolError("нечего переранжировать: сначала вызовите search")
        ranked = self.retriever.rerank(args.query, hits, args.top_k)
        run.latest = ranked
        return SearchHits(query=args.query, mode="rerank", hits=[hit.to_dict() for hit in ranked])


# ---------------------------------------------------------------------------------------- fetch_docs
class FetchArgs(_Args):
    main_field: ClassVar[str | None] = "ids"
    ids: list[str] = Field(min_length=1, max_length=20, description="id фрагментов (doc#n) или документов")


class FetchedDocs(BaseModel):
    """Fetched items and the ids that matched nothing."""

    items: list[dict[str, Any]]
    missing: list[str]

    def observation(self) -> str:
        lines = [f"[{item['id']}] {item['title']}\n{item['text']}" for item in self.items]
        if self.missing:
            lines.append("Не найдены: " + ", ".join(self.missing))
        return "\n\n".join(lines) or "Ничего не найдено."


class FetchDocsTool(ModelTool):
    name = "fetch_docs"
    description = "Получает полный текст фрагментов или документов по списку id"
    args_model = FetchArgs

    def __init__(self, retriever: Retriever) -> None:
        self.retriever = retriever

    async def execute(self, **kwargs: Any) -> FetchedDocs:
        args = FetchArgs.model_validate(kwargs)
        run = scratch()
        result = await self.retriever.afetch_docs(args.ids, run.collection)
        run.remember(
            [Hit(item.id, item.doc_id, item.title, item.text, 0.0, item.source, 0, "fetch") for item in result.items]
        )
        return FetchedDocs(items=[item.to_dict() for item in result.items], missing=result.missing)


# ----------------------------------------------------------------------------------- compose_context
class ComposeArgs(_Args):
    main_field: ClassVar[str | None] = "hit_ids"
    hit_ids: list[str] = Field(
        default_factory=list, max_length=20, description="id фрагментов из search (по умолчанию последние найденные)"
    )
    max_passages: int = Field(8, ge=1, le=20, description="сколько фрагментов включить")


class ComposedResult(BaseModel):
    """The numbered context, its draft answer and the draft's citation coverage."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    context: ComposedContext
    draft: str | None
    coverage: CoverageReport
    unknown_ids: list[str] = Field(default_factory=list)

    def observation(self) -> str:
        # Draft and coverage first: a long context may be cut at the end of the observation.
        report = self.coverage
        lines = [
            f"{DRAFT_LABEL} {self.draft or NO_DRAFT}",
            f"{DRAFT_COVERAGE_LABEL} {report.coverage:.2f} ({report.supported} из {len(report.sentences)})",
        ]
        if self.unknown_ids:
            lines.append("Неизвестные id (пропущены): " + ", ".join(self.unknown_ids))
        lines.append(f"Контекст ({len(self.context.passages)} фрагментов, ссылайся на них как [n]):")
        lines.append(self.context.render(PASSAGE_CHARS))
        return "\n".join(lines)


class ComposeContextTool(ModelTool):
    name = "compose_context"
    description = (
        "Собирает контекст из последних результатов поиска (по hit_ids), нумерует цитаты [n], предлагает черновик "
        "ответа и считает его citation coverage"
    )
    args_model = ComposeArgs

    def __init__(self, judge: SupportJudge | None = None) -> None:
        self.judge = judge or LexicalJudge()

    async def execute(self, **kwargs: Any) -> ComposedResult:
        args = ComposeArgs.model_validate(kwargs)
        run = scratch()
        unknown = [i for i in args.hit_ids if i not in run.seen]
        hits = _known(run, args.hit_ids) if args.hit_ids else list(run.latest)
        if not hits:
            raise ToolError("нет найденных фрагментов: сначала вызовите search (или укажите id из его результатов)")
        context = compose_context(hits, args.max_passages)
        # No draft when no search of the run found evidence even possibly strong enough (the searcher's calibrated
        # answerability and its floor): quoting the nearest passage would be a confident answer to another question.
        # Between the floor and the threshold the draft is made, and the claim check holds it to the lexical
        # standard (agentcore.rag._evidence): the answer may be in one sentence of a passage that scored low.
        # The searcher's order is trusted (its first passage answers by meaning) only when the context starts with it.
        searched_first = bool(run.latest) and context.passages[0].id == run.latest[0].id
        parts = [(query, ranked) for query, ranked, answerable in run.parts if answerable]
        draft = (
            cited_extractive_answer(run.question, context, trust_order=searched_first, parts=parts)
            if run.answerable is not False or run.possible
            else None
        )
        coverage = await citation_coverage(draft or "", context, self.judge)
        run.context, run.draft, run.draft_coverage = context, draft, coverage
        return ComposedResult(context=context, draft=draft, coverage=coverage, unknown_ids=unknown)


def _known(run: Scratch, ids: list[str]) -> list[Hit]:
    return [run.seen[i] for i in dict.fromkeys(ids) if i in run.seen]


# -------------------------------------------------------------------------------------------- verify
class VerifyArgs(_Args):
    main_field: ClassVar[str | None] = "answer"
    answer: str = Field(min_length=1, max_length=20000, description="ответ, утверждения которого проверить")


class VerifyResult(BaseModel):
    """Per-claim support and the confidence."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    report: VerifyReport

    def observation(self) -> str:
        report = self.report
        total = len(report.claims)
        lines = [f"Проверка утверждений: уверенность {report.confidence:.2f} ({report.supported} из {total})"]
        for check in report.claims:
            mark = "подтверждено" if check.supported else "не подтверждено"
            source = f" — {check.evidence_id}" if check.evidence_id else ""
            lines.append(f"- {mark} ({check.score:.2f}){source}: {truncate(check.claim, 160)}")
        return "\n".join(lines)


class VerifyTool(ModelTool):
    name = "verify"
    description = "Проверяет утверждения ответа поиском по базе знаний: поддержка каждого утверждения и confidence"
    args_model = VerifyArgs

    def __init__(self, retriever: Retriever, judge: SupportJudge | None = None) -> None:
        self.retriever = retriever
        self.judge = judge or LexicalJudge()

    async def execute(self, **kwargs: Any) -> VerifyResult:
        args = VerifyArgs.model_validate(kwargs)
        run = scratch()
        mode: SearchMode = "hybrid" if self.retriever.dense_available else "bm25"

        async def search(claim: str) -> list[Hit]:
            result = await self.retriever.aretrieve(
                claim[:2000], VERIFY_EVIDENCE_K, mode=mode, collection=run.collection
            )
            return result.hits

        report = await verify_answer(args.answer, search, self.judge)
        run.verify = report
        return VerifyResult(report=report)


# --------------------------------------------------------------------------------------------- set
class ResearchTools:
    """The seven tools over one retriever, in the order of the seed's list (prompt order: the base flow first)."""

    def __init__(self, retriever: Retriever, *, verify_judge: SupportJudge | None = None, rrf_k: int = 60) -> None:
        self.router_select = RouterSelectTool(retriever)
        self.query_plan = QueryPlanTool()
        self.search = SearchTool(retriever, rrf_k)
        self.rerank = RerankTool(retriever)
        self.fetch_docs = FetchDocsTool(retriever)
        self.compose_context = ComposeContextTool()
        self.verify = VerifyTool(retriever, verify_judge)

    def all(self) -> list[Tool]:
        """The tools in prompt order."""
        return [
            self.router_select,
            self.query_plan,
            self.search,
            self.rerank,
            self.fetch_docs,
            self.compose_context,
            self.verify,
        ]


def make_tools(retriever: Retriever, **kwargs: Any) -> list[Tool]:
    """The research tools (see :class:`ResearchTools`)."""
    return ResearchTools(retriever, **kwargs).all()
