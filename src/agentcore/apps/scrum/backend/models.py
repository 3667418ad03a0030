"""The backend's data: validated inputs (teams, members, tasks to import) and the records the store returns.

Inputs are request bodies too (:class:`agentcore.web.models.StrictModel`): they declare every constraint the
store relies on, and the HTTP routes and the CLI use them as they are;
records are frozen dataclasses, detached from the database session; :func:`response_model` derives the HTTP
answer's schema from a record, so the two cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import re
import types
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

from pydantic import AfterValidator, BaseModel, BeforeValidator, Field, create_model, model_validator

from agentcore.apps.scrum.schemas import MAX_TEXT_CHARS, TASK_ID_PATTERN, Role
from agentcore.settings.problems import describe_pattern
from agentcore.util.clock import to_iso
from agentcore.web.models import SPACE_CLASS, StrictModel, encodable, integer_type

SLUG_PATTERN = describe_pattern(
    r"^[a-z0-9][a-z0-9_-]{0,63}$",
    "ожидается ID: до 64 строчных латинских букв, цифр, «-» и «_», первый знак — буква или цифра",
)
"""Team and member ids: lower-case Latin letters, digits, ``-`` and ``_`` (they appear in URLs and commands)."""
describe_pattern(TASK_ID_PATTERN, "ожидается ID задачи вида TASK-12: заглавные латинские буквы, дефис, номер")
Status = Literal["todo", "in_progress", "in_review", "done"]
Priority = Literal["low", "medium", "high", "critical"]
MAX_IMPORT_TASKS = 1000

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters no person types: NUL and the rest of C0 except tab and line breaks, DEL, C1.
PostgreSQL cannot store NUL at all (text and jsonb refuse it), so one rule for both databases is to refuse them."""


def plain_text(value: str) -> str:
    """``value`` when it is text a person could have typed; the one check of every text field of the Scrum backend
    (HTTP bodies through :data:`PlainText`, the CLI and the flows directly), so SQLite and PostgreSQL see the same.

    Raises:
        ValueError: lone surrogates, or a control character (named by its code point, never echoed).
    """
    encodable(value)
    found = _CONTROL.search(value)
    if found:
        code = ord(found.group())
        name = "NUL" if code == 0 else f"U+{code:04X}"
        raise ValueError(
            f"текст содержит управляющий символ {name} (позиция {found.start() + 1}): удалите его и отправьте снова"
        )
    return value


def scrubbed(value: Any) -> Any:
    """``value`` (JSON-like) with control characters removed from every string — for what a *model* wrote, which
    the backend stores but cannot send back to be retyped (PostgreSQL would refuse a NUL and lose the daily)."""
    if isinstance(value, str):
        return _CONTROL.sub("", value)
    if isinstance(value, list):
        return [scrubbed(v) for v in value]
    if isinstance(value, dict):
        return {k: scrubbed(v) for k, v in value.items()}
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("не может быть пустым или состоять из одних пробелов")
    return value


_CONTROL_CLASS = r"\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f"
PLAIN_TEXT_PATTERN = f"^[^{_CONTROL_CLASS}]*$"
"""JSON Schema ``pattern`` of :data:`PlainText` (declared for clients; :func:`plain_text` enforces it in Russian)."""
NON_BLANK_PLAIN_PATTERN = f"^[^{_CONTROL_CLASS}]*[^{_CONTROL_CLASS}{SPACE_CLASS}][^{_CONTROL_CLASS}]*$"

PlainText = Annotated[str, AfterValidator(plain_text), Field(json_schema_extra={"pattern": PLAIN_TEXT_PATTERN})]
"""A text field: valid Unicode without control characters (tab, ``\\n`` and ``\\r`` allowed)."""
NonBlankPlainText = Annotated[
    str,
    AfterValidator(plain_text),
    AfterValidator(_not_blank),
    Field(json_schema_extra={"pattern": NON_BLANK_PLAIN_PATTERN}),
]
""":data:`PlainText` with at least one non-space character."""


def _iso_date_only(value: object) -> object:
    # pydantic's lax mode reads 1700000000 (and "1700000000") as a Unix time: a sprint starting in 1970 or 2023
    # by accident.  A sprint date is an ISO date string (or a ``date`` from Python callers), nothing else.
    if isinstance(value, datetime):
        raise ValueError("ожидается дата без времени в формате ГГГГ-ММ-ДД")
    if isinstance(value, date) or value is None:
        return value
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
        return value.strip()
    raise ValueError("ожидается дата в формате ГГГГ-ММ-ДД (например, 2026-03-02), не число и не время")


SprintDate = Annotated[date, BeforeValidator(_iso_date_only)]
"""A sprint date: ``YYYY-MM-DD`` only (no epoch numbers, no timestamps)."""


class TeamInput(StrictModel):
    """A team to create; the sprint dates bound the period analytics look at."""

    slug: str = Field(pattern=SLUG_PATTERN, description="ID команды (латиница, цифры, - и _)")
    name: PlainText = Field(min_length=1, max_length=200)
    sprint_name: PlainText | None = Field(None, max_length=200)
    sprint_start: SprintDate | None = Field(None, strict=False, description="ISO-дата начала спринта (ГГГГ-ММ-ДД)")
    sprint_end: SprintDate | None = Field(None, strict=False, description="ISO-дата конца спринта (ГГГГ-ММ-ДД)")

    @model_validator(mode="after")
    def _sprint_order(self) -> TeamInput:
        if self.sprint_start and self.sprint_end and self.sprint_end < self.sprint_start:
            raise ValueError("дата конца спринта (sprint_end) раньше даты начала (sprint_start)")
        return self


class MemberInput(StrictModel):
    """A team member; ``role`` is what every daily of theirs carries (seed 3.1)."""

    slug: str = Field(pattern=SLUG_PATTERN, description="ID участника (латиница, цифры, - и _)")
    name: PlainText = Field(min_length=1, max_length=200)
    role: Role


class TaskInput(StrictModel):
    """A tracker task to create or update (by ``key``)."""

    key: str = Field(pattern=TASK_ID_PATTERN, description="ID задачи вида TASK-12")
    title: PlainText = Field(min_length=1, max_length=MAX_TEXT_CHARS)
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
    lifted_at: datetime | None = None
    """When the author marked it lifted («снят»); ``None`` while it stands."""
    _daily_id: int | None = field(default=None, repr=False, compare=False)
    """The stored daily that reported it (``None`` when unknown)."""


@dataclass(frozen=True)
class DailyInfo(Record):
    """A stored daily."""

    id: int
    member: str
    role: str
    quality: str
    daily: dict[str, Any]
    created_at: datetime
    drafts: list[dict[str, Any]] = field(default_factory=list)
    """Attempts before it: weak ones sent back with «Слишком общо…», pending ones a new daily superseded."""


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
