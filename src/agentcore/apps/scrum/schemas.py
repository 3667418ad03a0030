"""The data of seed 003's contract as pydantic models: inputs (3.1, 5.1, 5.3, 6, 7) and model outputs (3.2, 5.1).

Inputs are strict (unknown keys and wrong types are errors); outputs are what the model must produce, validated
before anything reaches the backend.  Limits are constants here so the HTTP schemas declare the same ones.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Role = Literal["DEV", "QA"]
DailyMode = Literal["INITIAL", "CLARIFICATION"]
Quality = Literal["EMPTY", "TOO_SHORT", "NO_TASKS_MENTIONED", "DETAIL_OK", "GREAT"]
IntentName = Literal["TEAM_OVERVIEW", "TEAM_RISKS", "WORKLOAD", "RELEASE_BLOCKERS"]
DetailLevel = Literal["BASIC", "EXTENDED"]
Severity = Literal["low", "medium", "high", "critical"]

INTENTS: tuple[IntentName, ...] = ("TEAM_OVERVIEW", "TEAM_RISKS", "WORKLOAD", "RELEASE_BLOCKERS")
WEAK_QUALITIES: frozenset[str] = frozenset({"EMPTY", "TOO_SHORT", "NO_TASKS_MENTIONED"})

MAX_MESSAGE_CHARS = 4000
"""Longest daily / leader request / FAQ question accepted (a written daily is a few hundred characters)."""
MAX_TEXT_CHARS = 500
"""Longest summary, blocker text, task title or note."""
MAX_ITEMS = 50
"""Most items in one list (daily sections, digest tasks, blockers, notes)."""
MAX_JSON_CHARS = 50_000
"""Largest serialised ``metrics`` / ``backend_context`` accepted."""

TASK_ID_PATTERN = r"^[A-Z][A-Z0-9_]{0,19}-\d{1,9}$"
"""A tracker key (``PAY-12``): what the backend's task list stores."""
_TASK_ID = re.compile(TASK_ID_PATTERN)
NO_TASK_ID = "NO_TASK_ID"
_PLACEHOLDERS = frozenset({NO_TASK_ID, "NULL", "NONE", "N/A", "NA", "-", "—", "БЕЗ ЗАДАЧИ", "НЕТ"})


def normalize_task_id(value: Any) -> str | None:
    """A daily's task id in its stored form: ``"task-12 "`` → ``"TASK-12"``, ``"#512"`` and ``"owner/repo#12"`` as
    they are; empty, placeholders (``"NO_TASK_ID"``, ``"null"``, ``"без задачи"``) and ``None`` → ``None``.

    Raises:
        ValueError: a non-empty value that is not a task id (``ABC-123``, ``#123``, ``owner/repo#123``).
    """
    from agentcore.apps.scrum.task_ids import is_task_id

    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("task id must be a string or null")
    text = value.strip()
    if not text or text.upper() in _PLACEHOLDERS:
        return None
    if _TASK_ID.match(text.upper()):
        return text.upper()
    if not is_task_id(text):
        raise ValueError(f"not a task id (expected like TASK-12, #123 or owner/repo#123): {value!r}")
    return text


class StrictInput(BaseModel):
    """Base of the contract's inputs: unknown keys and lax type coercion are errors."""

    model_config = ConfigDict(extra="forbid", strict=True)


# --- 3.1 DAILY input -----------------------------------------------------------------------------------


class DailyState(StrictInput):
    """Where the backend is in the daily dialogue."""

    mode: DailyMode
    quality_retries: int = Field(0, ge=0, le=100)


class DailyInput(StrictInput):
    """Seed 3.1: the raw daily (or the answer to a clarifying question), the author's role and the state."""

    message: str = Field(max_length=MAX_MESSAGE_CHARS)
    role: Role
    daily_state: DailyState


# --- 3.2 DAILY output ----------------------------------------------------------------------------------


class OutputModel(BaseModel):
    """Base of the model outputs: unknown keys are errors (they mean the model misread the schema)."""

    model_config = ConfigDict(extra="forbid")


class WorkItem(OutputModel):
    """One piece of work: the task it belongs to (``null`` when none is named) and what was done or planned."""

    task_id: str | None = Field(description="ID задачи вида TASK-12 или null, если задача не названа")
    summary: str = Field(min_length=1, max_length=MAX_TEXT_CHARS, description="Что сделано или запланировано")

    @field_validator("task_id", mode="before")
    @classmethod
    def _task(cls, value: Any) -> str | None:
        return normalize_task_id(value)


class Blocker(OutputModel):
    """An obstacle: its text, whether it stops the work (``critical``) and the task it concerns."""

    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS, description="Текст блокера своими словами автора")
    critical: bool = Field(description="true, если блокер останавливает работу или назван срочным")
    related_task_id: str | None = Field(description="ID задачи, к которой относится блокер, или null")

    @field_validator("related_task_id", mode="before")
    @classmethod
    def _task(cls, value: Any) -> str | None:
        return normalize_task_id(value)


class Daily(OutputModel):
    """Seed 3.2 ``daily``."""

    role: Role
    yesterday: list[WorkItem] = Field(max_length=MAX_ITEMS)
    today: list[WorkItem] = Field(max_length=MAX_ITEMS)
    blockers: list[Blocker] = Field(max_length=MAX_ITEMS)
    quality: Quality


class Clarification(OutputModel):
    """Seed 3.2 ``clarification``: a question is required exactly when clarification is needed."""

    needs_clarification: bool
    question: str = Field(max_length=MAX_TEXT_CHARS)

    @model_validator(mode="after")
    def _question_when_needed(self) -> Clarification:
        self.question = self.question.strip()
        if self.needs_clarification and not self.question:
            raise ValueError("needs_clarification=true requires a non-empty question")
        if not self.needs_clarification:
            self.question = ""
        return self


class DailyOutput(OutputModel):
    """Seed 3.2: the parsed daily and whether to ask the author something."""

    daily: Daily
    clarification: Clarification


# --- 5.1 ANALYTICS step 1 ------------------------------------------------------------------------------


class AnalyticsIntentInput(StrictInput):
    """Seed 5.1 input: the team lead's request."""

    message: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)


class IntentParams(OutputModel):
    """``detail_level`` exists only for TEAM_OVERVIEW; every other intent has no parameters."""

    detail_level: DetailLevel | None = Field(None, description="Только для TEAM_OVERVIEW: BASIC или EXTENDED")


class IntentDecision(OutputModel):
    """Seed 5.1 output, plus ``UNSUPPORTED`` for a request none of the four intents covers."""

    intent: Literal["TEAM_OVERVIEW", "TEAM_RISKS", "WORKLOAD", "RELEASE_BLOCKERS", "UNSUPPORTED"]
    params: IntentParams = Field(default_factory=IntentParams)

    @model_validator(mode="after")
    def _params_only_for_overview(self) -> IntentDecision:
        if self.intent != "TEAM_OVERVIEW" and self.params.detail_level is not None:
            raise ValueError(f"params must be {{}} for intent {self.intent}: detail_level is only for TEAM_OVERVIEW")
        return self

    def contract_params(self) -> dict[str, Any]:
        """The params as the seed returns them: ``{"detail_level": ...}`` for TEAM_OVERVIEW, else ``{}``."""
        if self.intent == "TEAM_OVERVIEW":
            return {"detail_level": self.params.detail_level or "BASIC"}
        return {}


# --- 5.3 ANALYTICS step 2 ------------------------------------------------------------------------------


class AnalyticsReportInput(StrictInput):
    """Seed 5.3 input: the backend's aggregates and, optionally, the lead's original request."""

    metrics: dict[str, Any]
    leader_message: str | None = Field(None, max_length=MAX_MESSAGE_CHARS)


# --- 6 FAQ ---------------------------------------------------------------------------------------------


class FaqInput(StrictInput):
    """Seed 6 input: a question about Scrum/Agile."""

    message: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)


# --- 7 DIGEST ------------------------------------------------------------------------------------------


class TaskCounts(StrictInput):
    """How many of the person's tasks are in each state."""

    in_progress: int = Field(ge=0, le=1_000_000)
    in_review: int = Field(ge=0, le=1_000_000)
    done: int = Field(ge=0, le=1_000_000)


class DigestTask(StrictInput):
    """A current task: id and title."""

    id: str = Field(min_length=1, max_length=40)
    title: str = Field(max_length=MAX_TEXT_CHARS)


class DigestBlocker(StrictInput):
    """A blocker as the backend stores it (severity from ``process_blockers``)."""

    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS)
    severity: Severity
    is_repeat: bool
    task_id: str | None = Field(None, max_length=40)
    owner: str | None = Field(None, max_length=200, description="who reports it (a member's name)")
    age_days: int | None = Field(None, ge=0, le=100_000, description="days since it was first reported")


class DigestData(StrictInput):
    """Seed 7 ``data``."""

    task_counts: TaskCounts
    current_tasks: list[DigestTask] = Field(max_length=MAX_ITEMS)
    blockers: list[DigestBlocker] = Field(max_length=MAX_ITEMS)
    notes: list[str] = Field(max_length=MAX_ITEMS)

    @field_validator("notes")
    @classmethod
    def _short_notes(cls, notes: list[str]) -> list[str]:
        for note in notes:
            if len(note) > MAX_TEXT_CHARS:
                raise ValueError(f"a note is longer than {MAX_TEXT_CHARS} characters")
        return notes


class DigestInput(StrictInput):
    """Seed 7 input."""

    data: DigestData
