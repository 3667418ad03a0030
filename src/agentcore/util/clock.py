"""UTC clock helpers: every timestamp agentcore writes is timezone-aware UTC, ISO 8601 with a trailing ``Z``."""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["from_iso", "to_iso", "utc_now", "utc_now_iso", "utc_stamp"]

_STAMP_FORMAT = "%Y%m%dT%H%M%S%fZ"


def utc_now() -> datetime:
    """The current time as an aware ``datetime`` in UTC."""
    return datetime.now(UTC)


def _as_utc(dt: datetime) -> datetime:
    if dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError(f"naive datetime {dt!r}: agentcore timestamps must be timezone-aware")
    return dt.astimezone(UTC)


def to_iso(dt: datetime) -> str:
    """``dt`` converted to UTC as ``2026-11-23T09:17:10.123456Z`` (always microseconds, always ``Z``).

    Raises:
        ValueError: ``dt`` is naive (has no time zone).
    """
    return _as_utc(dt).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def utc_now_iso() -> str:
    """The current UTC time as ``2026-11-23T09:17:10.123456Z``."""
    return to_iso(utc_now())


def utc_stamp(dt: datetime | None = None) -> str:
    """A filename-safe UTC stamp such as ``20261123T091710123456Z`` (now, or ``dt`` when given).

    Stamps of the same width sort lexicographically in time order.

    Raises:
        ValueError: ``dt`` is naive (has no time zone).
    """
    return _as_utc(dt if dt is not None else utc_now()).strftime(_STAMP_FORMAT)


def from_iso(text: str) -> datetime:
    """Parse an ISO 8601 timestamp (``Z`` or ``+hh:mm``) into an aware UTC ``datetime``.

    Raises:
        ValueError: ``text`` is not ISO 8601 or carries no time zone.
    """
    return _as_utc(datetime.fromisoformat(text))
