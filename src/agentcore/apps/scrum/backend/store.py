"""``ScrumStore`` — every read and write of the Scrum backend, one transaction per operation.

Writes validate everything first and then change the database inside one transaction: an error leaves nothing
half-stored.  The DAILY → BLOCKERS write (:meth:`ScrumStore.record_daily`) locks the team (``SELECT … FOR
UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite) so that two dailies of one team see each other's blockers
for repeat detection.
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.backend.db import Sessions
from agentcore.apps.scrum.backend.errors import (
    ConflictError,
    InvalidCombinationError,
    InvalidInputError,
    NotFoundError,
    UnknownReferenceError,
)
from agentcore.apps.scrum.backend.models import (
    MAX_IMPORT_TASKS,
    BlockerEventInfo,
    DailyInfo,
    ImportResult,
    MemberInfo,
    MemberInput,
    RecordedDaily,
    TaskInfo,
    TaskInput,
    TeamInfo,
    TeamInput,
)
from agentcore.util.clock import utc_now

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.orm import Session

    from agentcore.apps.scrum.backend.tables import BlockerEvent, Member, Team
    from agentcore.settings.core import CoreSettings

Clock = Callable[[], datetime]


class Unchecked(enum.Enum):
    """The type of :data:`UNCHECKED`."""

    UNCHECKED = "unchecked"


UNCHECKED = Unchecked.UNCHECKED
"""A dialogue write that does not check which dialogue state it replaces (:meth:`ScrumStore.save_session_state`)."""

SESSION_TTL = timedelta(hours=12)
STALE_ANSWER = (
    "Пока это сообщение разбиралось, daily уже принят или вопрос изменился — это сообщение не сохранено. "
    "Если в нём что-то новое, отправь его ещё раз."
)
"""A daily answering a dialogue state that another message closed or changed meanwhile (:meth:`record_daily`)."""
"""How long an unanswered daily dialogue (a clarifying question, «слишком общо») stays open."""


def _team_info(team: Team) -> TeamInfo:
    return TeamInfo(team.slug, team.name, team.sprint_name, team.sprint_start, team.sprint_end, _id=team.id)


def _member_info(member: Member, team_slug: str) -> MemberInfo:
    return MemberInfo(member.slug, member.name, member.role, team_slug, _id=member.id, _team_id=member.team_id)


class ScrumStore(Sessions):
    """Teams, members, tasks, dailies and blocker history on one SQLAlchemy engine (sessions from
    :class:`~agentcore.apps.scrum.backend.db.Sessions`).

    Args:
        engine: an engine from :func:`~agentcore.apps.scrum.backend.db.create_db_engine`, schema migrated.
        clock: the current UTC time (tests pass a fixed one).
    """

    def __init__(self, engine: Engine, clock: Clock = utc_now) -> None:
        super().__init__(engine)
        self.clock = clock

    @classmethod
    def open(cls, core: CoreSettings, clock: Clock = utc_now) -> ScrumStore:
        """The store at the ``core`` section's database URL (SQLite under the data dir by default), migrated to the
        newest schema."""
        from agentcore.apps.scrum.backend.db import create_db_engine, database_url, migrate

        engine = create_db_engine(database_url(core))
        migrate(engine)
        return cls(engine, clock)

    def close(self) -> None:
        """Close the connection pool."""
        self.engine.dispose()

    # ------------------------------------------------------------------ teams
    def _team(self, session: Session, slug: str, *, lock: bool = False) -> Team:
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Team

        query = select(Team).where(Team.slug == slug)
        if lock:
            query = query.with_for_update()
        team = session.scalars(query).first()
        if team is None:
            raise NotFoundError(f"Команда «{slug}» не найдена")
        return team

    def create_team(self, data: TeamInput) -> TeamInfo:
        """Create a team.

        Raises:
            ConflictError: a team with this slug exists.
        """
        from sqlalchemy import select
        from sqlalchemy.exc import IntegrityError

        from agentcore.apps.scrum.backend.tables import Team

        exists = ConflictError(f"Команда «{data.slug}» уже существует")
        try:
            with self.writing() as session:
                if session.scalars(select(Team.id).where(Team.slug == data.slug)).first() is not None:
                    raise exists
                team = Team(
                    slug=data.slug,
                    name=data.name,
                    sprint_name=data.sprint_name,
                    sprint_start=data.sprint_start,
                    sprint_end=data.sprint_end,
                    created_at=self.clock(),
                )
                session.add(team)
                session.flush()
                return _team_info(team)
        except IntegrityError as error:
            # Another process inserted the same slug between our check and our insert (two hosts seeding the demo
            # team on one empty PostgreSQL database): the same answer as when the check sees it.
            if "uq_teams_slug" in str(error.orig) or "teams.slug" in str(error.orig):
                raise exists from error
            raise

    def team(self, slug: str) -> TeamInfo:
        """The team ``slug``.

        Raises:
            NotFoundError.
        """
        with self.reading() as session:
            return _team_info(self._team(session, slug))

    def teams(self) -> list[TeamInfo]:
        """Every team, by slug."""
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Team

        with self.reading() as session:
            return [_team_info(t) for t in session.scalars(select(Team).order_by(Team.slug))]

    # ------------------------------------------------------------------ members
    def add_member(self, team_slug: str, data: MemberInput) -> MemberInfo:
        """Add a member to a team.

        Raises:
            NotFoundError: no such team; ConflictError: the member exists.
        """
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Member

        with self.writing() as session:
            team = self._team(session, team_slug)
            exists = session.scalars(select(Member.id).where(Member.team_id == team.id, Member.slug == data.slug))
            if exists.first() is not None:
                raise ConflictError(f"Участник «{data.slug}» уже есть в команде «{team_slug}»")
            member = Member(team_id=team.id, slug=data.slug, name=data.name, role=data.role, created_at=self.clock())
            session.add(member)
            session.flush()
            return _member_info(member, team_slug)

    def member(self, team_slug: str, member_slug: str) -> MemberInfo:
        """A member of a team.

        Raises:
            NotFoundError: no such team or member.
        """
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Member

        with self.reading() as session:
            team = self._team(session, team_slug)
            member = session.scalars(
                select(Member).where(Member.team_id == team.id, Member.slug == member_slug)
            ).first()
            if member is None:
                known = session.scalars(select(Member.slug).where(Member.team_id == team.id).order_by(Member.slug))
                names = ", ".join(list(known)[:20]) or "нет ни одного"
                raise NotFoundError(f"Участник «{member_slug}» не найден в команде «{team_slug}». Участники: {names}")
            return _member_info(member, team_slug)

    def members(self, team_slug: str) -> list[MemberInfo]:
        """The team's members, by slug."""
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Member

        with self.reading() as session:
            team = self._team(session, team_slug)
            rows = session.scalars(select(Member).where(Member.team_id == team.id).order_by(Member.slug))
            return [_member_info(m, team_slug) for m in rows]

    # ------------------------------------------------------------------ tasks
    def import_tasks(self, team_slug: str, tasks: Sequence[TaskInput]) -> ImportResult:
        """Create or update tasks by key, all or nothing.

        A task that becomes ``done`` gets ``done_at`` (now); one that leaves ``done`` loses it.

        Raises:
            NotFoundError: no such team.
            InvalidInputError: no tasks, too many, a key twice, or an assignee who is not in the team.
        """
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Member, Task

        if not tasks:
            raise InvalidInputError("Список задач пуст")
        if len(tasks) > MAX_IMPORT_TASKS:
            raise InvalidInputError(f"За один раз можно загрузить не больше {MAX_IMPORT_TASKS} задач")
        keys = [t.key for t in tasks]
        repeated = sorted({k for k in keys if keys.count(k) > 1})
        if repeated:
            raise InvalidCombinationError(f"Задачи повторяются в списке: {', '.join(repeated[:10])}")
        now = self.clock()
        created: list[str] = []
        updated: list[str] = []
        with self.writing() as session:
            team = self._team(session, team_slug, lock=True)
            members = {m.slug: m.id for m in session.scalars(select(Member).where(Member.team_id == team.id))}
            unknown = sorted({t.assignee for t in tasks if t.assignee and t.assignee not in members})
            if unknown:
                raise UnknownReferenceError(f"Нет таких участников в команде «{team_slug}»: {', '.join(unknown[:10])}")
            existing = {t.key: t for t in session.scalars(select(Task).where(Task.team_id == team.id))}
            for data in tasks:
                assignee_id = members[data.assignee] if data.assignee else None
                task = existing.get(data.key)
                if task is None:
                    session.add(
                        Task(
                            team_id=team.id,
                            key=data.key,
                            title=data.title,
                            status=data.status,
                            priority=data.priority,
                            story_points=data.story_points,
                            assignee_id=assignee_id,
                            created_at=now,
                            updated_at=now,
                            done_at=now if data.status == "done" else None,
                        )
                    )
                    created.append(data.key)
                    continue
                if task.status != "done" and data.status == "done":
                    task.done_at = now
                elif data.status != "done":
                    task.done_at = None
                task.title, task.status, task.priority = data.title, data.status, data.priority
                task.story_points, task.assignee_id, task.updated_at = data.story_points, assignee_id, now
                updated.append(data.key)
        return ImportResult(created=created, updated=updated)

    def tasks(self, team_slug: str) -> list[TaskInfo]:
        """The team's tasks, by key."""
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Member, Task

        with self.reading() as session:
            team = self._team(session, team_slug)
            rows = session.execute(
                select(Task, Member.slug)
                .outerjoin(Member, Task.assignee_id == Member.id)
                .where(Task.team_id == team.id)
                .order_by(Task.key)
            )
            return [
                TaskInfo(t.key, t.title, t.status, t.priority, t.story_points, slug, t.updated_at, t.done_at)
                for t, slug in rows
            ]

    def task_prefixes(self, team_slug: str) -> list[str]:
        """The tracker prefixes of the team's stored task keys (``OPERA-12`` → ``OPERA``), upper case, sorted: what
        makes a daily's ``opera-12`` a task id in this team (:func:`~agentcore.apps.scrum.task_ids.team_prefixes`).

        Raises:
            NotFoundError: no such team.
        """
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Task
        from agentcore.apps.scrum.task_ids import prefixes_of

        with self.reading() as session:
            team = self._team(session, team_slug)
            return prefixes_of(session.scalars(select(Task.key).where(Task.team_id == team.id)))

    # ------------------------------------------------------------------ daily sessions
    def session_state(self, member: MemberInfo, *, left: bool = False) -> dict[str, Any] | None:
        """The member's open daily dialogue (``None`` when there is none, or when it was left for longer than
        :data:`SESSION_TTL`: the next day's daily is a new daily, not the answer to yesterday's question).

        ``left=True`` returns only such a left dialogue (its texts become drafts of the next one)."""
        return self.open_dialogue(member, left=left)[0]

    def open_dialogue(self, member: MemberInfo, *, left: bool = False) -> tuple[dict[str, Any] | None, str | None]:
        """:meth:`session_state` and, read with it, the ``rev`` of that state (``None`` when there is none): the
        name of this very state for :meth:`record_daily`'s ``answering``."""
        from agentcore.apps.scrum.backend.tables import DailySession

        with self.reading() as session:
            row = session.get(DailySession, member._id)
            if row is None or (row.updated_at < self.clock() - SESSION_TTL) is not left:
                return None, None
            state = dict(row.state)
            rev = state.pop("rev", None)
            return state, rev if isinstance(rev, str) else None

    def save_session_state(
        self, member: MemberInfo, state: dict[str, Any], *, replacing: str | Unchecked | None = UNCHECKED
    ) -> None:
        """Store the member's daily dialogue state (replacing the previous one).  Each save stamps the state with a
        new ``rev``: :meth:`record_daily` checks it to store an answer to this very state once.

        ``replacing`` makes the save a compare-and-set: the ``rev`` of the open dialogue this state was computed
        from, as :meth:`open_dialogue` read it (``None``: none was open).  Checked and written under the team's
        lock (as :meth:`record_daily`), so of two messages of one member read against the same dialogue — two new
        dailies at the same instant on two workers — one is saved and the other is refused instead of silently
        overwriting the first's pending question.  Omitted: the state is replaced unconditionally.

        Raises:
            ConflictError: the dialogue is no longer ``replacing`` (nothing is saved).
        """
        from agentcore.apps.scrum.backend.tables import DailySession

        state = {**state, "rev": uuid.uuid4().hex}
        with self.writing() as session:
            self._team(session, member.team, lock=True)
            self._check_dialogue(session, member, replacing)
            row = session.get(DailySession, member._id)
            if row is None:
                session.add(DailySession(member_id=member._id, state=state, updated_at=self.clock()))
            else:
                row.state, row.updated_at = state, self.clock()

    def _check_dialogue(self, session: Session, member: MemberInfo, expected: str | Unchecked | None) -> None:
        """Refuse a write computed from another dialogue state than the member's current one (the caller holds the
        team's lock): ``expected`` is the ``rev`` it read, ``None`` for no open dialogue (a left one is none).

        Raises:
            ConflictError: the dialogue changed, was closed, or was opened meanwhile.
        """
        from agentcore.apps.scrum.backend.tables import DailySession

        if isinstance(expected, Unchecked):
            return
        row = session.get(DailySession, member._id)
        if row is None or (expected is None and row.updated_at < self.clock() - SESSION_TTL):
            current = None
        else:
            rev = row.state.get("rev")
            # an open dialogue stored before states had a rev is matched by None, as open_dialogue reads it
            current = rev if isinstance(rev, str) else None
        if current != expected:
            raise ConflictError(STALE_ANSWER)

    def clear_session(self, member: MemberInfo) -> None:
        """Forget the member's daily dialogue."""
        from sqlalchemy import delete

        from agentcore.apps.scrum.backend.tables import DailySession

        with self.writing() as session:
            session.execute(delete(DailySession).where(DailySession.member_id == member._id))

    # ------------------------------------------------------------------ DAILY → BLOCKERS
    def record_daily(
        self,
        member: MemberInfo,
        message: str,
        daily_json: dict[str, Any],
        *,
        clarifications: int = 0,
        quality_retries: int = 0,
        drafts: list[dict[str, Any]] | None = None,
        answering: str | Unchecked | None = UNCHECKED,
    ) -> RecordedDaily:
        """Store an accepted daily and its blockers in one transaction (seed 8, «Пример полного флоу»).

        Inside the transaction: the tracker's known tasks and the team's blocker history are read,
        ``process_blockers`` classifies the blockers, ``author_id`` is attached, the daily, the events and the
        repeat index are written, and the member's dialogue is closed.  ``drafts`` — the weak or superseded
        attempts of the dialogue — are stored with the daily.

        ``answering`` — the ``rev`` of the dialogue state this daily answers (:meth:`open_dialogue`; ``None``: it
        was read with no dialogue open): when the dialogue is no longer that state (the same answer, sent twice at
        once, was stored first; another message changed the question or asked one meanwhile), nothing is stored.
        Omitted: not checked.

        Raises:
            InvalidInputError: ``daily_json`` is not seed 3.2's ``daily`` (nothing is stored).
            ConflictError: the dialogue ``answering`` names was closed or changed meanwhile (nothing is stored).
        """
        from sqlalchemy import delete, select

        from agentcore.apps.scrum.backend.tables import BlockerEvent, BlockerText, DailyReport, DailySession, Task
        from agentcore.apps.scrum.schemas import Daily

        try:
            Daily.model_validate(daily_json)
        except ValueError as exc:
            raise InvalidInputError(f"Это не daily: {exc}") from None
        now = self.clock()
        blockers = daily_json.get("blockers", [])
        with self.writing() as session:
            team = self._team(session, member.team, lock=True)  # also orders this check against other dailies
            self._check_dialogue(session, member, answering)
            mentioned = {str(b.get("related_task_id")) for b in blockers if isinstance(b, dict)}
            texts = {str(b.get("text", "")).lower().strip() for b in blockers if isinstance(b, dict)}
            known_tasks = set(session.scalars(select(Task.key).where(Task.team_id == team.id, Task.key.in_(mentioned))))
            index = {
                row.normalized_text: row
                for row in session.scalars(
                    select(BlockerText).where(BlockerText.team_id == team.id, BlockerText.normalized_text.in_(texts))
                )
            }
            # imported here: the blocker rules compile their patterns at import, which a start (serve, the bot)
            # should not pay before the first daily
            from agentcore.apps.scrum.blockers import process_blockers

            events, escalations = process_blockers(
                daily_json=daily_json, known_tasks=known_tasks, existing_blockers=set(index)
            )
            for item in (*events, *escalations):
                item["author_id"] = member.slug  # blockers.py knows no users: the backend attaches them (seed 8)
            report = DailyReport(
                team_id=team.id,
                member_id=member._id,
                message=message,
                daily=daily_json,
                quality=str(daily_json.get("quality", "")),
                clarifications=clarifications,
                quality_retries=quality_retries,
                created_at=now,
                drafts=list(drafts or []),
            )
            session.add(report)
            session.flush()
            for event in events:
                session.add(
                    BlockerEvent(
                        team_id=team.id,
                        daily_id=report.id,
                        author_id=member._id,
                        author_role=event["author_role"],
                        text=event["text"],
                        normalized_text=event["normalized_text"],
                        task_id=event["task_id"],
                        task_exists=event["task_exists"],
                        severity=event["severity"],
                        is_repeat=event["is_repeat"],
                        source=event["source"],
                        created_at=now,
                    )
                )
                seen = index.get(event["normalized_text"])
                if seen is None:
                    seen = BlockerText(
                        team_id=team.id,
                        normalized_text=event["normalized_text"],
                        occurrences=0,
                        first_seen_at=now,
                        last_seen_at=now,
                    )
                    session.add(seen)
                    index[event["normalized_text"]] = seen
                seen.occurrences += 1
                seen.last_seen_at = now
            session.execute(delete(DailySession).where(DailySession.member_id == member._id))
            return RecordedDaily(daily_id=report.id, events=events, escalations=escalations)

    def lift_blocker(self, member: MemberInfo, text: str) -> int:
        """Mark the member's blocker ``text`` lifted («снят»): every report of it not lifted yet gets ``lifted_at``
        (now), so it stops being open for every reader (:func:`~agentcore.apps.scrum.backend.answers.open_blockers`)
        even though the member's latest daily still reports it.  The same blocker in a later daily is a new report,
        open again.  Returns how many reports were lifted (0: the member has no such blocker standing).

        ``text`` is matched as seed 8 normalises it (``lower().strip()``)."""
        from sqlalchemy import update

        from agentcore.apps.scrum.backend.tables import BlockerEvent

        with self.writing() as session:
            result = session.execute(
                update(BlockerEvent)
                .where(
                    BlockerEvent.author_id == member._id,
                    BlockerEvent.normalized_text == text.lower().strip(),
                    BlockerEvent.lifted_at.is_(None),
                )
                .values(lifted_at=self.clock())
            )
            return int(getattr(result, "rowcount", 0) or 0)

    # ------------------------------------------------------------------ history
    def blocker_events(
        self,
        team_slug: str,
        *,
        since: datetime | None = None,
        member_slug: str | None = None,
        limit: int = 100,
    ) -> list[BlockerEventInfo]:
        """The team's blocker events, newest first (optionally one member's, optionally since a time)."""
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import BlockerEvent, Member

        with self.reading() as session:
            team = self._team(session, team_slug)
            query = (
                select(BlockerEvent, Member.slug)
                .join(Member, BlockerEvent.author_id == Member.id)
                .where(BlockerEvent.team_id == team.id)
                .order_by(BlockerEvent.created_at.desc(), BlockerEvent.id.desc())
                .limit(limit)
            )
            if since is not None:
                query = query.where(BlockerEvent.created_at >= since)
            if member_slug is not None:
                query = query.where(Member.slug == member_slug)
            return [_event_info(event, slug) for event, slug in session.execute(query)]

    def dailies(self, team_slug: str, *, since: datetime | None = None, limit: int = 1000) -> list[DailyInfo]:
        """The team's stored dailies, newest first."""
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import DailyReport, Member

        with self.reading() as session:
            team = self._team(session, team_slug)
            query = (
                select(DailyReport, Member)
                .join(Member, DailyReport.member_id == Member.id)
                .where(DailyReport.team_id == team.id)
                .order_by(DailyReport.created_at.desc(), DailyReport.id.desc())
                .limit(limit)
            )
            if since is not None:
                query = query.where(DailyReport.created_at >= since)
            return [
                DailyInfo(d.id, m.slug, m.role, d.quality, dict(d.daily), d.created_at, list(d.drafts or []))
                for d, m in session.execute(query)
            ]


def _event_info(event: BlockerEvent, author: str) -> BlockerEventInfo:
    return BlockerEventInfo(
        author_id=author,
        author_role=event.author_role,
        text=event.text,
        normalized_text=event.normalized_text,
        task_id=event.task_id,
        task_exists=event.task_exists,
        severity=event.severity,
        is_repeat=event.is_repeat,
        source=event.source,
        created_at=event.created_at,
        lifted_at=event.lifted_at,
        _daily_id=event.daily_id,
    )
