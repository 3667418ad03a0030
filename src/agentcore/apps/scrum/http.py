"""HTTP routes of the Scrum assistant under ``/scrum`` (included into ``agentcore serve``).

=======  ==========================================  ==========================================================
method   path                                        what
=======  ==========================================  ==========================================================
GET      ``/scrum/teams``                            teams
POST     ``/scrum/teams``                            create a team (admin token)
GET      ``/scrum/teams/{team}``                     a team with its members
POST     ``/scrum/teams/{team}/members``             add a member (admin token)
GET      ``/scrum/teams/{team}/tasks``               the team's tasks
POST     ``/scrum/teams/{team}/tasks``               import tasks: create or update by key, all or nothing (admin)
POST     ``/scrum/teams/{team}/daily``               one message of a member's daily dialogue (seed 4 flow)
DELETE   ``/scrum/teams/{team}/daily/{member}``      drop the member's open dialogue
POST     ``/scrum/teams/{team}/analytics``           a lead's request → intent → metrics → report (seed 5.4)
GET      ``/scrum/teams/{team}/digest/{member}``     the member's digest (seed 7)
GET      ``/scrum/teams/{team}/blockers``            blocker history, newest first (``member``, ``limit``)
GET      ``/scrum/teams/{team}/dashboard``           members' dailies, open blockers, burndown, velocity
GET      ``/scrum/teams/{team}/charts/{chart}.svg``  the burndown or velocity chart as SVG (``charts.py``)
POST     ``/scrum/faq``                              a Scrum/Agile question (seed 6)
=======  ==========================================  ==========================================================

Every error is ``{"error", "code"}`` (:mod:`agentcore.web.errors`): 404 unknown team/member, 409 duplicates,
422 invalid input, 502 when the language model does not answer.  The backend (database, LLM client) opens on the
first request and closes with the server.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar

from fastapi import APIRouter, Depends, Path, Query, Response
from pydantic import BaseModel, Field

from agentcore.appkit.plugin import EdgeContext, Mount
from agentcore.apps.scrum.backend.errors import (
    ConflictError,
    InvalidCombinationError,
    InvalidInputError,
    LLMUnavailableError,
    NotFoundError,
    ScrumError,
    UnknownReferenceError,
)
from agentcore.apps.scrum.backend.flows import DailyOutcome, ScrumBackend
from agentcore.apps.scrum.backend.models import (
    SLUG_PATTERN,
    BlockerEventInfo,
    ImportResult,
    MemberInfo,
    MemberInput,
    NonBlankPlainText,
    PlainText,
    Priority,
    Status,
    TaskInfo,
    TaskInput,
    TeamInfo,
    TeamInput,
    response_model,
)
from agentcore.apps.scrum.schemas import MAX_MESSAGE_CHARS, Role, Severity
from agentcore.config import Settings
from agentcore.web.auth import require_admin
from agentcore.web.errors import ApiError, error_responses
from agentcore.web.models import StrictModel
from agentcore.web.status import ErrorFace, StatusMap

T = TypeVar("T")

AuthRule = Literal["admin", "member", "reader"]
AUTH_RULES: dict[AuthRule, str] = {
    "admin": "admin token (AGENTCORE_ADMIN_TOKENS); closed (403) while none is configured",
    "member": "the API token of the chat front-end that speaks for members (AGENTCORE_READ_TOKENS, or an admin "
    "token) when read tokens are configured; open otherwise, like the rest of the API",
    "reader": "changes nothing (a question in a POST body): the same token as any read",
}
"""Which token a route that is not a plain GET needs; every such route declares one as ``x-auth`` in the OpenAPI
document (a test fails for a route that does not), and docs/scrum.md lists them."""


def _auth(rule: AuthRule) -> dict[str, Any]:
    """The decorator arguments of a route with auth ``rule``: its dependency and its ``x-auth`` declaration."""
    # member/reader routes are guarded by the server's read-token dependency (``reader_dependencies``), present
    # exactly when read tokens are configured — so the OpenAPI document declares a token only when one is needed.
    dependencies = [Depends(require_admin)] if rule == "admin" else []
    return {"dependencies": dependencies, "openapi_extra": {"x-auth": rule}}


TeamSlug = Path(pattern=SLUG_PATTERN, max_length=64, description="ID команды")
MemberSlug = Path(pattern=SLUG_PATTERN, max_length=64, description="ID участника")


# ---------------------------------------------------------------------------------------------- bodies
class DailyBody(StrictModel):
    """A member's message: a daily, or the answer to the question the previous answer asked."""

    member: str = Field(pattern=SLUG_PATTERN, max_length=64, description="ID участника")
    message: PlainText = Field(
        min_length=1, max_length=MAX_MESSAGE_CHARS, description="текст daily или ответ на вопрос"
    )


class LiftBody(StrictModel):
    """A member marks one of their blockers lifted («снят»), named by its text as the blocker list shows it."""

    member: str = Field(pattern=SLUG_PATTERN, max_length=64, description="ID участника — автора блокера")
    text: NonBlankPlainText = Field(max_length=500, description="текст блокера (регистр и пробелы по краям не важны)")


class LiftOut(BaseModel):
    """How many reports of the blocker were marked lifted."""

    lifted: int


class MessageBody(StrictModel):
    """A request in words (a lead's analytics request, a FAQ question); not blank."""

    message: NonBlankPlainText = Field(max_length=MAX_MESSAGE_CHARS)


class TasksBody(StrictModel):
    """Tasks to create or update by key."""

    tasks: list[TaskInput] = Field(min_length=1, max_length=1000)


# ---------------------------------------------------------------------------------------------- answers
# Answers that are a record's to_dict(): their schemas are derived from the records, so they cannot drift apart.
if TYPE_CHECKING:  # to a type checker they are plain models
    TeamOut: TypeAlias = BaseModel
    MemberOut: TypeAlias = BaseModel
    TaskOut: TypeAlias = BaseModel
    ImportOut: TypeAlias = BaseModel
    DailyOut: TypeAlias = BaseModel
    BlockerOut: TypeAlias = BaseModel
else:
    TeamOut = response_model(TeamInfo, "TeamOut")
    MemberOut = response_model(MemberInfo, "MemberOut", role=Role)
    TaskOut = response_model(TaskInfo, "TaskOut", status=Status, priority=Priority)
    ImportOut = response_model(ImportResult, "ImportOut")
    DailyOut = response_model(DailyOutcome, "DailyOut")
    BlockerOut = response_model(BlockerEventInfo, "BlockerOut", author_role=Role, severity=Severity)


class TeamDetailOut(TeamOut):
    """A team and its members."""

    members: list[MemberOut]


class AnalyticsOut(BaseModel):
    """``supported=false``: ``report`` says why; otherwise the intent, the metrics and the report on them."""

    supported: bool
    intent: str | None
    params: dict[str, Any]
    metrics: dict[str, Any] | None
    report: str


class FaqOut(BaseModel):
    answer: str


class DigestOut(BaseModel):
    data: dict[str, Any]
    digest: str


class BlockersOut(BaseModel):
    events: list[BlockerOut]


class DashboardOut(BaseModel):
    """The team dashboard (:mod:`agentcore.apps.scrum.backend.dashboard`): ``team``, ``today``, ``period``,
    ``members`` (latest daily, pending question), ``blockers`` (open, by age, ``escalated``), ``burndown``,
    ``velocity``."""

    team: dict[str, Any]
    today: str
    period: dict[str, str]
    members: list[dict[str, Any]]
    dailies_today: int
    members_without_daily_today: list[str]
    blockers: list[dict[str, Any]]
    escalated_blockers: int
    burndown: dict[str, Any]
    velocity: dict[str, Any]


# ---------------------------------------------------------------------------------------------- plumbing
class _Backend:
    """The backend, opened on first use (database migrations, demo seeding) and closed at shutdown."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._backend: ScrumBackend | None = None
        self._lock = threading.Lock()

    def get(self) -> ScrumBackend:
        with self._lock:
            if self._backend is None:
                self._backend = ScrumBackend.from_settings(self.settings)
            return self._backend

    def close(self) -> None:
        with self._lock:
            if self._backend is not None:
                self._backend.close()
                self._backend = None


_STATUS: dict[type[ScrumError], int] = {
    ScrumError: 400,
    NotFoundError: 404,
    ConflictError: 409,
    InvalidInputError: 422,
    InvalidCombinationError: 422,
    UnknownReferenceError: 409,
    LLMUnavailableError: 502,
}
"""The HTTP status of each Scrum backend error (the backend's errors carry only a code and a Russian message)."""


def error_faces() -> dict[type[BaseException], ErrorFace]:
    """The Scrum backend's errors as HTTP answers: their status, their own code, their Russian message."""
    return {cls: ErrorFace(status, cls.code, str) for cls, status in _STATUS.items()}


_FACES = StatusMap(error_faces())


def _run(action: Callable[[], T]) -> T:
    """Run a backend action, turning its errors into the one JSON error format."""
    try:
        return action()
    except ScrumError as exc:
        face = _FACES.face_of(exc)
        raise ApiError(face.status if face else 400, exc.message, exc.code) from exc
    except ValueError as exc:  # the contract refused the input (agent_process, process_blockers)
        message = str(exc)
        raise ApiError(422, f"некорректные данные: {message[:200]}", "validation_error") from exc


def create_router(settings: Settings) -> APIRouter:
    """The ``/scrum`` router; its lifespan closes the backend's database pool and HTTP clients."""
    holder = _Backend(settings)

    @asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        yield
        holder.close()

    router = APIRouter(prefix="/scrum", tags=["scrum"], lifespan=lifespan)

    def backend() -> ScrumBackend:
        return _run(holder.get)

    @router.get("/teams", response_model=list[TeamOut])
    def list_teams(b: ScrumBackend = Depends(backend)) -> list[dict[str, Any]]:
        """Every team."""
        return [t.to_dict() for t in _run(b.store.teams)]

    @router.post(
        "/teams",
        status_code=201,
        response_model=TeamOut,
        **_auth("admin"),
        responses=error_responses(401, 403, 409, 422),
    )
    def create_team(body: TeamInput, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """Create a team (admin token: ``Authorization: Bearer <AGENTCORE_ADMIN_TOKENS>``)."""
        return _run(lambda: b.store.create_team(body)).to_dict()

    @router.get("/teams/{team}", response_model=TeamDetailOut, responses=error_responses(404, 422))
    def get_team(team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """A team and its members."""
        info = _run(lambda: b.store.team(team))
        return {**info.to_dict(), "members": [m.to_dict() for m in _run(lambda: b.store.members(team))]}

    @router.post(
        "/teams/{team}/members",
        status_code=201,
        response_model=MemberOut,
        **_auth("admin"),
        responses=error_responses(401, 403, 404, 409, 422),
    )
    def add_member(body: MemberInput, team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """Add a member (admin token)."""
        return _run(lambda: b.store.add_member(team, body)).to_dict()

    @router.get("/teams/{team}/tasks", response_model=list[TaskOut], responses=error_responses(404, 422))
    def list_tasks(team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> list[dict[str, Any]]:
        """The team's tasks, by key."""
        return [t.to_dict() for t in _run(lambda: b.store.tasks(team))]

    @router.post(
        "/teams/{team}/tasks",
        response_model=ImportOut,
        **_auth("admin"),
        responses=error_responses(401, 403, 404, 422),
    )
    def import_tasks(body: TasksBody, team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """Create or update tasks by key — all of them or none (admin token)."""
        return _run(lambda: b.store.import_tasks(team, body.tasks)).to_dict()

    @router.post(
        "/teams/{team}/daily",
        response_model=DailyOut,
        responses=error_responses(401, 404, 422, 502),
        **_auth("member"),
    )
    def daily(body: DailyBody, team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """One message of the daily dialogue: the daily itself, or the answer to the question asked before."""
        return _run(lambda: b.submit_daily(team, body.member, body.message)).to_dict()

    @router.delete(
        "/teams/{team}/daily/{member}", status_code=204, responses=error_responses(401, 404, 422), **_auth("member")
    )
    def cancel_daily(team: str = TeamSlug, member: str = MemberSlug, b: ScrumBackend = Depends(backend)) -> Response:
        """Forget the member's open dialogue (pending question, quality retries)."""
        _run(lambda: b.cancel_daily(team, member))
        return Response(status_code=204)

    @router.post(
        "/teams/{team}/analytics",
        response_model=AnalyticsOut,
        responses=error_responses(401, 404, 422, 502),
        **_auth("reader"),
    )
    def analytics(body: MessageBody, team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """A team lead's request: intent → metrics computed from stored data → report."""
        return _run(lambda: b.analytics(team, body.message)).to_dict()

    @router.get("/teams/{team}/digest/{member}", response_model=DigestOut, responses=error_responses(404, 422, 502))
    def digest(team: str = TeamSlug, member: str = MemberSlug, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """The member's personal digest and the data it is built from."""
        data, text = _run(lambda: b.digest(team, member))
        return {"data": data, "digest": text}

    @router.get("/teams/{team}/blockers", response_model=BlockersOut, responses=error_responses(404, 422))
    def blockers(
        team: str = TeamSlug,
        member: str | None = Query(None, pattern=SLUG_PATTERN, max_length=64, description="только этого участника"),
        limit: int = Query(50, ge=1, le=500),
        b: ScrumBackend = Depends(backend),
    ) -> dict[str, Any]:
        """Blocker events, newest first."""
        return {"events": [e.to_dict() for e in _run(lambda: b.blockers(team, member, limit))]}

    @router.post(
        "/teams/{team}/blockers/lift",
        response_model=LiftOut,
        responses=error_responses(401, 404, 422),
        **_auth("member"),
    )
    def lift_blocker(body: LiftBody, team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> dict[str, int]:
        """The member's blocker is lifted («снят», as the Telegram bot's button): the dashboard, TEAM_RISKS, the
        digest and the bot's follow-ups no longer count it, though the latest daily reports it; reported again
        in a later daily, it is open again.  404 when the member has no such blocker standing."""
        lifted = _run(lambda: b.lift_blocker(team, body.member, body.text))
        if not lifted:
            raise ApiError(404, f"У участника «{body.member}» нет неснятого блокера с таким текстом", "not_found")
        return {"lifted": lifted}

    @router.get("/teams/{team}/dashboard", response_model=DashboardOut, responses=error_responses(404, 422))
    def team_dashboard(team: str = TeamSlug, b: ScrumBackend = Depends(backend)) -> dict[str, Any]:
        """The team at a glance: each member's latest daily, open blockers by age, burndown and velocity."""
        from agentcore.apps.scrum.backend.dashboard import dashboard

        return _run(lambda: dashboard(b.store, team))

    @router.get(
        "/teams/{team}/charts/{chart}.svg",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}, **error_responses(404, 422)},
    )
    def team_chart(
        team: str = TeamSlug,
        chart: Literal["burndown", "velocity"] = Path(description="burndown или velocity"),
        b: ScrumBackend = Depends(backend),
    ) -> Response:
        """The sprint's burndown or velocity as an SVG image (drawn from the dashboard's data)."""
        from agentcore.apps.scrum.backend.dashboard import dashboard
        from agentcore.apps.scrum.charts import burndown_svg, velocity_svg

        data = _run(lambda: dashboard(b.store, team))
        draw = burndown_svg if chart == "burndown" else velocity_svg
        svg = draw(data[chart], str(data["team"]["name"]))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @router.post("/faq", response_model=FaqOut, responses=error_responses(401, 422, 502), **_auth("reader"))
    def faq(body: MessageBody, b: ScrumBackend = Depends(backend)) -> dict[str, str]:
        """A question about general Scrum/Agile concepts."""
        return {"answer": _run(lambda: b.faq(body.message))}

    return router


def mount(ctx: EdgeContext) -> Mount:
    """The app's part of ``agentcore serve``: ``/scrum`` behind the read tokens (writes also need an admin
    token), and the Telegram bot's ``POST /telegram/webhook``, guarded by its own secret header
    (:mod:`agentcore.apps.scrum.telegram.webhook`)."""
    from agentcore.apps.scrum.telegram.webhook import create_webhook_router
    from agentcore.web.auth import reader_dependencies

    combined = APIRouter()
    combined.include_router(create_router(ctx.settings), dependencies=reader_dependencies(ctx.settings))
    combined.include_router(create_webhook_router(ctx.settings))
    return Mount(combined, guarded=False, label="/scrum")
