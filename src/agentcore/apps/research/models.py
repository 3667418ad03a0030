"""Data of the research agent (seed 002): the request, ``AgentState`` and the per-run retrieval scratchpad."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints, create_model

from agentcore.rag.citations import ComposedContext, CoverageReport
from agentcore.rag.errors import EMPTY_QUESTION
from agentcore.rag.models import Hit, SearchMode
from agentcore.rag.verify import VerifyReport
from agentcore.web.models import NON_BLANK_PATTERN, StrictModel, encodable, integer_type

__all__ = ["MAX_QUESTION_CHARS", "AgentRequest", "AgentState", "Scratch", "request_model"]

MAX_QUESTION_CHARS = 2000
"""The longest question the schema accepts (``RAG_MAX_QUESTION_CHARS`` may lower it)."""
COLLECTION_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"


def _not_blank(value: object) -> object:
    """Refuse an empty or blank question with one message (``rag search`` says the same): it runs before the length
    check, which would call ``""`` «не может быть пустым» and ``"   "`` something else."""
    if isinstance(value, str) and not value.strip():
        raise ValueError(EMPTY_QUESTION)
    return value.strip() if isinstance(value, str) else value


class AgentRequest(StrictModel):
    """A question for the research agent (the CLI's, MCP's and ``/v1``'s; the HTTP bodies are
    :func:`request_model`'s, with ``AGENT_MAX_STEPS`` in their schema).  ``max_steps`` above ``AGENT_MAX_STEPS``
    is refused by ``AgentService.check_request``."""

    question: Annotated[
        str,
        StringConstraints(min_length=1, max_length=MAX_QUESTION_CHARS),
        AfterValidator(encodable),
        BeforeValidator(_not_blank),
    ] = Field(description="вопрос пользователя", json_schema_extra={"pattern": NON_BLANK_PATTERN})
    # JSON Schema's integers (15.0 included); the bounds declared (minimum/maximum), true and "5" refused.
    max_steps: integer_type(ge=1) | None = Field(  # type: ignore[valid-type]
        None, description="лимит шагов ReAct (по умолчанию AGENT_DEFAULT_STEPS)"
    )
    collection: str | None = Field(
        None, pattern=COLLECTION_PATTERN, description="коллекция базы знаний (по умолчанию активная)"
    )


def request_model(max_steps: int) -> type[AgentRequest]:
    """The body of ``POST /research`` and ``POST /research/stream``: :class:`AgentRequest` with ``max_steps``
    bounded by ``max_steps`` (``AGENT_MAX_STEPS``) in its schema, so that the schema and the service agree."""
    steps: Any = integer_type(ge=1, le=max_steps)
    model: type[AgentRequest] = create_model(
        "AgentRequest",
        __base__=AgentRequest,
        __doc__="A question for the research agent (body of ``POST /research`` and ``POST /research/stream``).",
        max_steps=(steps | None, Field(None, description="лимит шагов ReAct (по умолчанию AGENT_DEFAULT_STEPS)")),
    )
    return model


class AgentState:
    """Coverage and refinement bookkeeping of one run (seed 002, exactly its attributes)."""

    def __init__(self) -> None:
        self.coverage: float = 0.0
        self.refinement_count: int = 0
        self.max_refinements: int = 1


@dataclass
class Scratch:
    """What the tools of one run share: the question, the route and plan, the latest hits, the composed context.

    Attributes:
        question: the user's question (the draft answer and refinement use it).
        collection: the collection searched.
        route: the router's mode (after ``router_select``).
        plan: the last query plan.
        latest: the latest search (or rerank) results, best first.
        seen: every hit or fetched item of the run by id (``compose_context`` may cite any of them).
        context: the latest composed context; ``draft`` its extractive answer and ``draft_coverage`` its coverage.
        top_k: ``top_k`` of the latest search.
        answerable: whether any search of the run found evidence strong enough to answer (the searcher's
            calibrated answerability; ``None`` before the first search).
        possible: whether any search found evidence at least the searcher's floor (``answerable`` or below it).
            Without it there is no draft answer; with it alone, an answer stands only by the lexical standard of
            :mod:`agentcore.rag._evidence`.
        confidence: the best answerability confidence of the run's searches.
        parts: for the latest search of a compound question, each sub-query with the ids its own search ranked and
            whether that search could answer (``compose_context`` drafts each answerable part from its own hits).
        sent: every query the run's searches sent (normalised): a refinement never repeats one.
    """

    question: str
    collection: str
    route: SearchMode | None = None
    plan: dict[str, Any] | None = None
    latest: list[Hit] = field(default_factory=list)
    seen: dict[str, Hit] = field(default_factory=dict)
    context: ComposedContext | None = None
    draft: str | None = None
    draft_coverage: CoverageReport | None = None
    top_k: int = 5
    verify: VerifyReport | None = None
    answerable: bool | None = None
    possible: bool = False
    confidence: float | None = None
    parts: list[tuple[str, list[str], bool]] = field(default_factory=list)
    sent: set[str] = field(default_factory=set)

    def record_evidence(self, answerable: bool, confidence: float | None, possible: bool | None = None) -> None:
        """Note one search's answerability: the run can answer once any of its searches could (``possible``
        defaults to ``answerable``)."""
        self.answerable = bool(self.answerable) or answerable
        self.possible = self.possible or answerable or bool(possible)
        if confidence is not None:
            self.confidence = confidence if self.confidence is None else max(self.confidence, confidence)

    def remember(self, hits: list[Hit]) -> None:
        """Record ``hits`` as seen (first occurrence of an id wins)."""
        for hit in hits:
            self.seen.setdefault(hit.id, hit)
