"""``TelegramStore`` — the bot's reads and writes on the Scrum backend's engine (one transaction per operation).

Who is who comes from the backend (teams, members, dailies); this store keeps only what Telegram adds: the
identity of each member in Telegram, each team's lead, group chat and schedule, the blockers being followed up,
the claims of scheduled messages and the update ids already taken.

A store is one bot's (``bot_id``, the number before the token's colon): every read and write is that bot's rows,
so bots sharing one database do not see or replace each other's chats, leads, schedules, blockers or claims.  Who
is who in the backend (teams, members, dailies) stays shared: the same team served by two bots is one team.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.backend.db import Sessions
from agentcore.apps.scrum.telegram.tables import TgBlocker, TgJob, TgMember, TgTeam, TgUpdate

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.orm import Session

    from agentcore.apps.scrum.backend.models import MemberInfo

_JOB_KINDS = ("remind", "followup", "digest")
"""The scheduler's message kinds: a claim key without the bot's id before them was written before tg0002."""
DEFAULT_TIMEZONE = "Europe/Moscow"
WORKDAYS = "12345"
"""ISO weekdays (Monday = 1) a new team is reminded on."""


@dataclass(frozen=True)
class Binding:
    """A member as the bot knows them: the backend's team and member plus their Telegram identity."""

    member_id: int
    team_id: int
    team: str
    member: str
    name: str
    role: str
    user_id: int
    chat_id: int
    username: str | None
    timezone: str | None
    active: bool


@dataclass(frozen=True)
class TeamSide:
    """A team's Telegram side: lead, group chat (and topic), the reminder schedule."""

    team_id: int
    team: str
    lead_member_id: int | None
    group_chat_id: int | None
    group_thread_id: int | None
    remind_time: str | None
    remind_days: str
    timezone: str


@dataclass(frozen=True)
class OpenBlocker:
    """A blocker being followed up."""

    id: int
    team_id: int
    member_id: int
    task_id: str
    text: str
    severity: str
    created_on: date


class TelegramStore(Sessions):
    """The bot's tables on ``engine`` (the backend's, migrated by :func:`agentcore.apps.scrum.telegram.db.migrate`).

    Args:
        engine: the Scrum backend's engine.
        clock: the current UTC time.
        bot_id: the bot whose rows these are (its token's number).
    """

    def __init__(self, engine: Engine, clock: Callable[[], datetime], bot_id: int) -> None:
        super().__init__(engine)
        self.clock = clock
        self.bot_id = bot_id

    def adopt_legacy(self) -> int:
        """Take the rows written before the tables knew their bot (``bot_id`` 0, left by the ``tg0002`` migration)
        as this bot's, and prefix this bot's id to the claims of that time; returns how many rows were adopted.

        The first bot to start after the upgrade adopts them (one database served one bot before: docs/telegram.md);
        a row this bot already has under the same key is kept, the legacy one left.
        """
        from sqlalchemy import exists, literal, or_, select, update
        from sqlalchemy.orm import aliased

        me, adopted = self.bot_id, 0
        with self.writing() as session:
            keyed: tuple[tuple[type[TgMember] | type[TgTeam], str], ...] = (
                (TgMember, "member_id"),
                (TgTeam, "team_id"),
            )
            for table, key in keyed:
                other: Any = aliased(table)  # the subquery's own rows, not correlated with the rows updated
                mine = select(getattr(other, key)).where(other.bot_id == me)
                result = session.execute(
                    update(table).where(table.bot_id == 0, getattr(table, key).not_in(mine)).values(bot_id=me)
                )
                adopted += int(getattr(result, "rowcount", 0) or 0)
            result = session.execute(update(TgBlocker).where(TgBlocker.bot_id == 0).values(bot_id=me))
            adopted += int(getattr(result, "rowcount", 0) or 0)
            # The claims of that time (today's may still be due) are this bot's from now on: a message sent before
            # the upgrade is not sent again.
            kinds = [TgJob.key.like(f"{kind}:%") for kind in _JOB_KINDS]
            ours = aliased(TgJob)
            taken = exists().where(ours.key == literal(f"{me}:") + TgJob.key)
            session.execute(update(TgJob).where(or_(*kinds), ~taken).values(key=literal(f"{me}:") + TgJob.key))
        return adopted

    # ------------------------------------------------------------------ members
    def _bindings(self, session: Session, *where: Any) -> list[Binding]:
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Member, Team

        rows = session.execute(
            select(TgMember, Member, Team.slug)
            .join(Member, Member.id == TgMember.member_id)
            .join(Team, Team.id == TgMember.team_id)
            .where(TgMember.bot_id == self.bot_id, *where)
            .order_by(Member.slug)
        )
        return [
            Binding(
                tg.member_id,
                tg.team_id,
                team,
                member.slug,
                member.name,
                member.role,
                tg.user_id,
                tg.chat_id,
                tg.username,
                tg.timezone,
                tg.active,
            )
            for tg, member, team in rows
        ]

    def bind(self, member: MemberInfo, user_id: int, chat_id: int, username: str | None) -> Binding:
        """Tie ``member`` to a Telegram user (active; any other binding of that user is dropped: one team at a
        time)."""
        from sqlalchemy import delete

        with self.writing() as session:
            session.execute(
                delete(TgMember).where(
                    TgMember.bot_id == self.bot_id, TgMember.user_id == user_id, TgMember.member_id != member._id
                )
            )
            row = session.get(TgMember, (self.bot_id, member._id))
            if row is None:
                row = TgMember(
                    bot_id=self.bot_id, member_id=member._id, team_id=member._team_id, joined_at=self.clock()
                )
                session.add(row)
            row.user_id, row.chat_id, row.username, row.active = user_id, chat_id, username, True
            session.flush()
            return self._bindings(session, TgMember.member_id == member._id)[0]

    def by_user(self, user_id: int) -> Binding | None:
        """The active binding of a Telegram user, or ``None``."""
        with self.reading() as session:
            found = self._bindings(session, TgMember.user_id == user_id, TgMember.active.is_(True))
            return found[0] if found else None

    def is_users(self, member_id: int, user_id: int) -> bool:
        """Whether the Telegram user ``user_id`` is bound to the backend member ``member_id`` by any bot sharing the
        database (a Telegram user id is the same person for every bot): the same person joining a team through a
        second bot is the member they already are, not a new one."""
        from sqlalchemy import select

        with self.reading() as session:
            found = session.scalars(
                select(TgMember.member_id).where(TgMember.member_id == member_id, TgMember.user_id == user_id).limit(1)
            )
            return found.first() is not None

    def by_member(self, member_id: int) -> Binding | None:
        """The binding of a backend member (active or not), or ``None``."""
        with self.reading() as session:
            found = self._bindings(session, TgMember.member_id == member_id)
            return found[0] if found else None

    def by_username(self, team_id: int, username: str) -> Binding | None:
        """An active member of the team by Telegram username (without ``@``, case-insensitive)."""
        from sqlalchemy import func

        with self.reading() as session:
            found = self._bindings(
                session,
                TgMember.team_id == team_id,
                TgMember.active.is_(True),
                func.lower(TgMember.username) == username.lower(),
            )
            return found[0] if found else None

    def team_members(self, team_id: int, *, active_only: bool = True) -> list[Binding]:
        """The team's members known to the bot, by member slug."""
        with self.reading() as session:
            where = [TgMember.team_id == team_id]
            if active_only:
                where.append(TgMember.active.is_(True))
            return self._bindings(session, *where)

    def set_active(self, member_id: int, active: bool) -> None:
        """Mark a member active or inactive (``403 bot was blocked``, ``/leave``)."""
        with self.writing() as session:
            row = session.get(TgMember, (self.bot_id, member_id))
            if row is not None:
                row.active = active

    def set_member_timezone(self, member_id: int, timezone: str | None) -> None:
        """The member's own timezone (``None``: the team's)."""
        with self.writing() as session:
            row = session.get(TgMember, (self.bot_id, member_id))
            if row is not None:
                row.timezone = timezone

    # ------------------------------------------------------------------ teams
    def _side(self, session: Session, team_id: int, *, create: bool) -> TgTeam | None:
        row = session.get(TgTeam, (self.bot_id, team_id))
        if row is None and create:
            row = TgTeam(bot_id=self.bot_id, team_id=team_id, remind_days=WORKDAYS, timezone=DEFAULT_TIMEZONE)
            session.add(row)
            session.flush()
        return row

    def team_side(self, team_id: int) -> TeamSide:
        """The team's Telegram side (defaults when nothing is set yet)."""
        from agentcore.apps.scrum.backend.tables import Team

        with self.reading() as session:
            team = session.get(Team, team_id)
            slug = team.slug if team is not None else ""
            row = self._side(session, team_id, create=False)
            if row is None:
                return TeamSide(team_id, slug, None, None, None, None, WORKDAYS, DEFAULT_TIMEZONE)
            return _side_info(row, slug)

    def teams_sides(self) -> list[TeamSide]:
        """Every team with a Telegram side."""
        from sqlalchemy import select

        from agentcore.apps.scrum.backend.tables import Team

        with self.reading() as session:
            rows = session.execute(
                select(TgTeam, Team.slug)
                .join(Team, Team.id == TgTeam.team_id)
                .where(TgTeam.bot_id == self.bot_id)
                .order_by(Team.slug)
            )
            return [_side_info(row, slug) for row, slug in rows]

    def update_team(self, team_id: int, **values: Any) -> TeamSide:
        """Set fields of the team's side (``lead_member_id``, ``group_chat_id``, ``group_thread_id``,
        ``remind_time``, ``remind_days``, ``timezone``)."""
        from agentcore.apps.scrum.backend.tables import Team

        with self.writing() as session:
            row = self._side(session, team_id, create=True)
            assert row is not None
            for name, value in values.items():
                if not hasattr(TgTeam, name) or name in ("team_id", "bot_id"):
                    raise AttributeError(name)
                setattr(row, name, value)
            team = session.get(Team, team_id)
            return _side_info(row, team.slug if team is not None else "")

    # ------------------------------------------------------------------ blockers
    def add_blockers(
        self, member_id: int, team_id: int, daily_id: int, events: Iterable[dict[str, Any]], on: date
    ) -> int:
        """Follow up the blockers of an accepted daily (``events``: seed 8's ``blocker_event``s); returns how many."""
        now = self.clock()
        count = 0
        with self.writing() as session:
            for event in events:
                session.add(
                    TgBlocker(
                        bot_id=self.bot_id,
                        team_id=team_id,
                        member_id=member_id,
                        daily_id=daily_id,
                        task_id=str(event.get("task_id", "NO_TASK_ID")),
                        text=str(event.get("text", "")),
                        severity=str(event.get("severity", "low")),
                        status="open",
                        created_at=now,
                        created_on=on,
                    )
                )
                count += 1
        return count

    def close_member_blockers(self, member_id: int) -> int:
        """Close every open blocker of the member («снят» by a newer daily: the rule of
        ``backend.answers.open_blockers`` — a blocker is open while its author's latest daily reports it; the
        newer daily's own blockers are followed up afresh).  Returns how many were closed."""
        from sqlalchemy import update

        with self.writing() as session:
            result = session.execute(
                update(TgBlocker)
                .where(TgBlocker.bot_id == self.bot_id, TgBlocker.member_id == member_id, TgBlocker.status == "open")
                .values(status="resolved", resolved_at=self.clock())
            )
            return int(getattr(result, "rowcount", 0) or 0)

    def open_blockers(self, team_id: int | None = None, member_id: int | None = None) -> list[OpenBlocker]:
        """Blockers still open, oldest first."""
        from sqlalchemy import select

        with self.reading() as session:
            query = (
                select(TgBlocker)
                .where(TgBlocker.bot_id == self.bot_id, TgBlocker.status == "open")
                .order_by(TgBlocker.id)
            )
            if team_id is not None:
                query = query.where(TgBlocker.team_id == team_id)
            if member_id is not None:
                query = query.where(TgBlocker.member_id == member_id)
            return [
                OpenBlocker(b.id, b.team_id, b.member_id, b.task_id, b.text, b.severity, b.created_on)
                for b in session.scalars(query)
            ]

    def resolve_blocker(self, blocker_id: int, member_id: int) -> OpenBlocker | None:
        """Close the member's blocker («снят»); ``None`` when it is not theirs or not open."""
        with self.writing() as session:
            row = session.get(TgBlocker, blocker_id)
            if row is None or row.bot_id != self.bot_id or row.member_id != member_id or row.status != "open":
                return None
            row.status, row.resolved_at = "resolved", self.clock()
            return OpenBlocker(row.id, row.team_id, row.member_id, row.task_id, row.text, row.severity, row.created_on)

    def blocker(self, blocker_id: int) -> OpenBlocker | None:
        """One followed-up blocker (open or not)."""
        with self.reading() as session:
            row = session.get(TgBlocker, blocker_id)
            if row is None or row.bot_id != self.bot_id:
                return None
            return OpenBlocker(row.id, row.team_id, row.member_id, row.task_id, row.text, row.severity, row.created_on)

    # ------------------------------------------------------------------ once-only claims
    def claim(self, key: str) -> bool:
        """Claim the scheduled message ``key`` for this bot: True exactly once across restarts, workers and hosts
        (stored as ``<bot id>:<key>``: another bot's claim of the same key is its own)."""
        return self._insert_once(TgJob(key=self._job(key), created_at=self.clock()))

    def unclaim(self, key: str) -> None:
        """Give a claim back (its message was not delivered: the next tick may send it)."""
        from sqlalchemy import delete

        with self.writing() as session:
            session.execute(delete(TgJob).where(TgJob.key == self._job(key)))

    def claim_update(self, key: str) -> bool:
        """Take a Telegram update: True for the first worker only."""
        return self._insert_once(TgUpdate(key=key, created_at=self.clock()))

    def forget_updates(self, before: datetime) -> int:
        """Drop update ids taken before ``before`` (Telegram retries a webhook for a day at most)."""
        from sqlalchemy import delete

        with self.writing() as session:
            result = session.execute(delete(TgUpdate).where(TgUpdate.created_at < before))
            return int(getattr(result, "rowcount", 0) or 0)

    def _job(self, key: str) -> str:
        return f"{self.bot_id}:{key}"

    def _insert_once(self, row: TgJob | TgUpdate) -> bool:
        from sqlalchemy.exc import IntegrityError

        try:
            with self.writing() as session:
                session.add(row)
        except IntegrityError:
            return False
        return True


def _side_info(row: TgTeam, slug: str) -> TeamSide:
    return TeamSide(
        row.team_id,
        slug,
        row.lead_member_id,
        row.group_chat_id,
        row.group_thread_id,
        row.remind_time,
        row.remind_days,
        row.timezone,
    )
