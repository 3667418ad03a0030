"""PHP-style query strings as Bitrix24 reads them (batch commands, GET requests, form bodies)."""

from __future__ import annotations

from agentcore.apps.crm.phpquery import build_query, parse_query


def test_parse_nested_lists_and_encoding() -> None:
    parsed = parse_query("id=1&fields[TITLE]=A%26B+C&select[]=ID&select[]=TITLE&filter[>OPPORTUNITY]=1000")
    assert parsed == {
        "id": "1",
        "fields": {"TITLE": "A&B C"},
        "select": ["ID", "TITLE"],
        "filter": {">OPPORTUNITY": "1000"},
    }


def test_parse_numeric_keys_make_lists_and_later_keys_win() -> None:
    assert parse_query("a[0]=x&a[1]=y") == {"a": ["x", "y"]}
    assert parse_query("a[1]=y&a[5]=z") == {"a": {"1": "y", "5": "z"}}
    assert parse_query("id=1&id=2") == {"id": "2"}
    assert parse_query("fields[FM][PHONE][0][VALUE]=%2B7") == {"fields": {"FM": {"PHONE": [{"VALUE": "+7"}]}}}


def test_parse_skips_empty_and_nameless_pairs() -> None:
    assert parse_query("&&=x&[a]=1&flag&b=") == {"flag": "", "b": ""}


def test_build_roundtrip_like_http_build_query() -> None:
    params = {"fields": {"TITLE": "Ромашка & Co", "OPPORTUNITY": 100, "CONTACT_IDS": [1, 2]}, "halt": True, "x": None}
    query = build_query(params)
    assert "x=" not in query and "halt=1" in query
    assert parse_query(query) == {
        "fields": {"TITLE": "Ромашка & Co", "OPPORTUNITY": "100", "CONTACT_IDS": ["1", "2"]},
        "halt": "1",
    }
