import re
from datetime import UTC, datetime, timedelta, timezone

import pytest

from agentcore.util.clock import from_iso, to_iso, utc_now, utc_now_iso, utc_stamp


def test_utc_now_is_aware_utc() -> None:
    now = utc_now()
    assert now.tzinfo is not None
    assert now.utcoffset() == timedelta(0)


def test_utc_now_iso_ends_with_z() -> None:
    text = utc_now_iso()
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z", text)
    assert "+00:00" not in text


def test_to_iso_converts_other_zones_to_utc() -> None:
    moscow = timezone(timedelta(hours=3))
    dt = datetime(2026, 11, 23, 12, 17, 10, 123456, tzinfo=moscow)
    assert to_iso(dt) == "2026-11-23T09:17:10.123456Z"


def test_to_iso_keeps_microseconds_even_when_zero() -> None:
    assert to_iso(datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)) == "2026-01-02T03:04:05.000000Z"


def test_naive_datetimes_are_rejected() -> None:
    with pytest.raises(ValueError, match="naive"):
        to_iso(datetime(2026, 1, 1))
    with pytest.raises(ValueError, match="naive"):
        utc_stamp(datetime(2026, 1, 1))


def test_utc_stamp_is_filename_safe_and_sortable() -> None:
    dt = datetime(2026, 11, 23, 9, 17, 10, 123456, tzinfo=UTC)
    assert utc_stamp(dt) == "20261123T091710123456Z"
    later = utc_stamp(dt + timedelta(microseconds=1))
    assert later > utc_stamp(dt)
    assert re.fullmatch(r"\d{8}T\d{12}Z", utc_stamp())


def test_from_iso_round_trips() -> None:
    dt = datetime(2026, 11, 23, 9, 17, 10, 123456, tzinfo=UTC)
    assert from_iso(to_iso(dt)) == dt
    assert from_iso("2026-11-23T12:17:10+03:00") == datetime(2026, 11, 23, 9, 17, 10, tzinfo=UTC)
    with pytest.raises(ValueError):
        from_iso("2026-11-23T09:17:10")
    with pytest.raises(ValueError):
        from_iso("yesterday")
