"""The backend's data: validated inputs (teams, members, tasks to import) and the records the store returns.

Inputs are request bodies too (:class:`agentcore.web.models.StrictModel`): they declare every constraint the
store relies on, and the HTTP routes and the CLI use them as they are;
records are frozen dataclasses, detached from the database session; :func:`response_model` derives the HTTP
answer's schema from a record, so the two cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import types
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel, Field, create_model, model_validator

from agentcore.apps.scrum.schemas import MAX_TEXT_CHARS, TASK_ID_PATTERN, Role
from agentcore.trace.clock import to_iso
from agentcore.web.models import StrictModel, Text, integer_type

SLUG_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
"""Team and member ids: lower-case Latin letters, digits, ``-`` and ``_`` (they appear in URLs and commands)."""
Status = Literal["todo", "in_progress", "in_review", "done"]
Priority = Literal["low", "medium", "high", "critical"]
MAX_IMPORT_TASKS = 1000


class TeamInput(StrictModel):
    """A team to create; the sprint dates bound the period analytics look at."""

    slug: str = Field(pattern=SLUG_PATTERN, description="ID команды (латиница, цифры, - и _)")
    name: Text = Field(min_length=1, max_length=200)
    sprint_name: Text | None = Field(None, max_length=200)
    sprint_start: date | None = Field(None, strict=False, description="ISO-дата начала спринта")
    sprint_end: date | None = Field(None, strict=False, description="ISO-дата конца спринта")

    @model_validator(mode="after")
    def _sprint_order(self) -> TeamInput:
        if self.sprint_start and self.sprint_end and self.sprint_end < self.sprint_start:
            raise ValueError("дата конца спринта (sprint_end) раньше даты начала (sprint_start)")
        return self


class MemberInput(StrictModel):
    """A team member; ``role`` is what every daily of theirs carries (seed 3.1)."""

    slug: str = Field(pattern=SLUG_PATTERN, description="ID участника (латиница, цифры, - и _)")
    name: Text = Field(min_length=1, max_length=200)
    role: Role


class TaskInput(StrictModel):
    """A tracker task to create or update (by ``key``)."""

    key: str = Field(pattern=TASK_ID_PATTERN, description="ID задачи вида TASK-12")
    title: Text = Field(min_length=1, max_length=MAX_TEXT_CHARS)
    status: Status
    priority: Priority = "medium"
    story_points: integer_type(ge=0, le=1000) | None = None  # type: ignore[valid-type]
    assignee: str | None = Field(None, pattern=SLUG_PATTERN, description="ID участника-исполнителя")


@dataclass(frozen=True)
class Record:
    """Base of the records: :meth:`to_dict` gives JSON-ready data (dates ISO, timestamps UTC ``Z``)."""

    def to_dict(self) -> dict[str, Any]:
        def plain(value: Any) -> Any:
            if isinstance(value, datetime):
                return to_iso(value)
            if isinstance(value, date):
                return value.isoformat()
            if isinstance(value, list | tuple):
                return [plain(v) for v in value]
            if isinstance(value, dict):
                return {k: plain(v) for k, v in value.items()}
            return value

        return {k: plain(v) for k, v in asdict(self).items() if not k.startswith("_")}


@dataclass(frozen=True)
class TeamInfo(Record):
    """A team; the sprint dates (ISO) bound the period analytics look at."""

    slug: str
    name: str
    sprint_name: str | None
    sprint_start: date | None
    sprint_end: date | None
    _id: int = field(repr=False, compare=False)


@dataclass(frozen=True)
class MemberInfo(Record):
    """A member of a team and the role every daily of theirs carries."""

    slug: str
    name: str
    role: str
    team: str
    _id: int = field(repr=False, compare=False)
    _team_id: int = field(repr=False, compare=False)


@dataclass(frozen=True)
class TaskInfo(Record):
    """A tracker task (timestamps UTC, ``Z``)."""

    key: str
    title: str
    status: str
    priority: str
    story_points: int | None
    assignee: str | None
    updated_at: datetime
    done_at: datetime | None


@dataclass(frozen=True)
class BlockerEventInfo(Record):
    """A stored ``blocker_event`` (seed 8) with its author and time."""

    author_id: str
    author_role: str
    text: str
    normalized_text: str
    task_id: str
    task_exists: bool
    severity: str
    is_repeat: bool
    source: str
    created_at: datetime


@dataclass(frozen=True)
class DailyInfo(Record):
    """A stored daily."""

    id: int
    member: str
    role: str
    quality: str
    daily: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class ImportResult(Record):
    """What a task import changed."""

    created: list[str]
    updated: list[str]


@dataclass(frozen=True)
class RecordedDaily(Record):
    """A daily stored with its blocker events (``author_id`` attached) and escalations."""

    daily_id: int
    events: list[dict[str, Any]]
    escalations: list[dict[str, Any]]


def _as_sent(annotation: Any) -> Any:
    """The type a value of ``annotation`` has in :meth:`Record.to_dict`'s output (dates become ISO strings)."""
    if annotation in (date, datetime):
        return str
    if get_origin(annotation) in (Union, types.UnionType):
        return Union[tuple(_as_sent(arg) for arg in get_args(annotation))]  # noqa: UP007 - built from a tuple
    return annotation


def response_model(record: type[Any], name: str, **narrower: Any) -> type[BaseModel]:
    """The pydantic model of ``record``'s JSON form (``to_dict()``) for an HTTP answer's schema: its public fields
    (no leading ``_``), dates and timestamps as ISO strings, the dataclass's docstring as the description.

    ``narrower`` gives a field a more precise type for the schema (``role=Role``: an enum instead of a string).
    """
    hints = get_type_hints(record)
    fields: dict[str, Any] = {
        f.name: (narrower.get(f.name, _as_sent(hints[f.name])), ...)
        for f in dataclasses.fields(record)
        if not f.name.startswith("_")
    }
    doc = record.__doc__ if record.__doc__ and not record.__doc__.startswith(f"{record.__name__}(") else None
    return create_model(name, __doc__=doc, **fields)
