"""The bot's own tables, in the Scrum backend's database (the same engine — no second store).

* ``tg_members`` — a backend member's Telegram identity: user id, private chat, username, own timezone, active flag
  (``403 bot was blocked`` clears it; ``/leave`` too);
* ``tg_teams`` — a team's Telegram side: its lead, its group chat (and forum topic), the reminder schedule
  (``HH:MM``, ISO weekdays, timezone);
* ``tg_blockers`` — the blockers the bot follows up: one row per blocker of an accepted daily, open until «снят»;
* ``tg_jobs`` — one row per scheduled message ever claimed (``remind:<member>:<date>``…): the scheduler claims the
  row before it sends, so a restart, a crash or a second worker never sends the same message twice;
* ``tg_updates`` — Telegram update ids seen (the de-duplication table on PostgreSQL);
* ``tg_leases`` — named leases with an expiry (the scheduler's lease on PostgreSQL, one row per bot id).

Several bots may share one database: ``tg_members``, ``tg_teams`` and ``tg_blockers`` carry the ``bot_id`` (the
number before the token's colon) in their keys, so each bot has its own chats, leads, group chats, schedules and
followed-up blockers over the same backend teams; ``tg_jobs`` keys and ``tg_updates`` keys start with the bot id.
Rows written before the column existed have ``bot_id`` 0 until a bot adopts them
(:meth:`agentcore.apps.scrum.telegram.store.TelegramStore.adopt_legacy`).

Foreign keys point at the backend's ``teams``/``members`` (``ON DELETE CASCADE``); the schema is migrated by
:func:`agentcore.apps.scrum.telegram.db.migrate` with its own Alembic version table.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Boolean, Date, Integer, MetaData, String, Text, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from agentcore.apps.scrum.backend.tables import NAMING_CONVENTION, UTCDateTime


class Base(DeclarativeBase):
    """Declarative base of the bot's tables (the backend's naming convention)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


# The backend's tables are referred to by name: the foreign keys are declared in the migration, and the ORM here
# never joins across the two metadata objects.
class TgMember(Base):
    """A member's Telegram identity."""

    __tablename__ = "tg_members"

    bot_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, server_default=text("0"))
    member_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    team_id: Mapped[int] = mapped_column(Integer, index=True)
    user_id: Mapped[int] = mapped_column(BigInteger, index=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    username: Mapped[str | None] = mapped_column(String(64))
    timezone: Mapped[str | None] = mapped_column(String(64))
    active: Mapped[bool] = mapped_column(Boolean)
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime)


class TgTeam(Base):
    """A team's Telegram side and reminder schedule."""

    __tablename__ = "tg_teams"

    bot_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, server_default=text("0"))
    team_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lead_member_id: Mapped[int | None] = mapped_column(Integer)
    group_chat_id: Mapped[int | None] = mapped_column(BigInteger)
    group_thread_id: Mapped[int | None] = mapped_column(Integer)
    remind_time: Mapped[str | None] = mapped_column(String(5))
    remind_days: Mapped[str] = mapped_column(String(7))
    timezone: Mapped[str] = mapped_column(String(64))


class TgBlocker(Base):
    """A blocker from an accepted daily that the bot follows up until it is «снят»."""

    __tablename__ = "tg_blockers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    bot_id: Mapped[int] = mapped_column(BigInteger, index=True, server_default=text("0"))
    team_id: Mapped[int] = mapped_column(Integer, index=True)
    member_id: Mapped[int] = mapped_column(Integer, index=True)
    daily_id: Mapped[int] = mapped_column(Integer)
    task_id: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(Text)
    severity: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    created_on: Mapped[date] = mapped_column(Date)
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class TgJob(Base):
    """A scheduled message claimed once (the key names the message and its local date)."""

    __tablename__ = "tg_jobs"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class TgUpdate(Base):
    """A Telegram update already taken by some worker."""

    __tablename__ = "tg_updates"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class TgLease(Base):
    """A named lease: ``holder`` owns it until ``expires_at``."""

    __tablename__ = "tg_leases"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    holder: Mapped[str] = mapped_column(String(100))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


__all__ = ["Base", "TgBlocker", "TgJob", "TgLease", "TgMember", "TgTeam", "TgUpdate"]
