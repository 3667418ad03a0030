"""The policy judges what the portal will execute: ``$result`` references, critical fields in ``add``, one checker."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from agentcore.apps.crm.batch_commands import parse_batch
from agentcore.apps.crm.policy import check_command, check_step


def _batch(cmd: dict[str, str], mode: str = "canary") -> Any:
    return check_step("batch", {"halt": 0, "cmd": cmd}, mode)  # type: ignore[arg-type]


# The red team's CRITICAL case: a deal titled OPPORTUNITY is read back and its title used as a field name.
_TITLE_AS_FIELD = {
    "a": "crm.deal.add?fields[TITLE]=OPPORTUNITY",
    "g": "crm.deal.get?id=$result[a]",
    "u": "crm.deal.update?id=1&fields[$result[g][TITLE]]=1",
}


@pytest.mark.parametrize("mode", ["shadow", "canary", "full"])
def test_reference_as_a_field_name_is_refused_outright(mode: str) -> None:
    verdict = _batch(_TITLE_AS_FIELD, mode)
    assert verdict.decision == "forbid"
    assert "имени поля" in verdict.reason


@pytest.mark.parametrize(
    "name",
    [
        "fields[$result[g][TITLE]]",
        "fields%5B%24result%5Bg%5D%5BTITLE%5D%5D",  # as b24pysdk sends it
        "fields[%24result%5Bg%5D%5BTITLE%5D]",
        "fields[%2524result%255Bg%255D%255BTITLE%255D]",  # encoded twice
        "fields[$RESULT[g][TITLE]]",
        "fields[$result_error[g][TITLE]]",
        "$result[g][TITLE]",  # a top-level param name
        "fields[ $result [g][TITLE]]",
    ],
)
def test_every_spelling_of_a_reference_in_a_name_is_refused(name: str) -> None:
    cmd = dict(_TITLE_AS_FIELD, u=f"crm.deal.update?id=1&{name}=WON")
    assert _batch(cmd, "full").decision == "forbid"


@pytest.mark.parametrize("method", ["crm.deal.$result[g][TITLE]", "$result[g][M]", "crm.deal.%24result%5Bg%5D%5BM%5D"])
def test_reference_in_a_method_name_is_refused(method: str) -> None:
    verdict = _batch({"g": "crm.deal.get?id=1", "x": f"{method}?id=1"}, "full")
    assert verdict.decision == "forbid"


@pytest.mark.parametrize("field", ["OPPORTUNITY", "STAGE_ID", "ASSIGNED_BY_ID", "CLOSEDATE", "CURRENCY_ID"])
@pytest.mark.parametrize("method", ["crm.deal.add", "crm.deal.update", "crm.contact.add", "crm.company.update"])
@pytest.mark.parametrize("mode", ["canary", "full"])
def test_critical_fields_are_critical_in_add_as_in_update(field: str, method: str, mode: str) -> None:
    params: dict[str, Any] = {"fields": {"TITLE": "x", field: "1"}}
    if method.endswith("update"):
        params["id"] = 1
    single = check_step(method, params, mode)  # type: ignore[arg-type]
    assert single.decision == "confirm" and field in single.reason
    query = "&".join(f"{k}={quote(str(v))}" for k, v in {"id": 1, f"fields[{field}]": "1"}.items())
    inside = _batch({"x": f"{method}?{query}"}, mode)
    assert inside.decision == "confirm"


def test_one_checker_gives_single_calls_and_sub_commands_the_same_verdict() -> None:
    samples = [
        ("crm.deal.get", {"id": "1"}),
        ("crm.deal.add", {"fields": {"TITLE": "x"}}),
        ("crm.deal.add", {"fields": {"TITLE": "x", "STAGE_ID": "WON"}}),
        ("crm.deal.update", {"id": "1", "fields": {"COMMENTS": "x"}}),
        ("crm.deal.delete", {"id": "1"}),
        ("event.bind", {"event": "ONCRMDEALADD", "handler": "https://example.com"}),
        ("crm.lead.add", {"fields": {"TITLE": "x"}}),
    ]
    for mode in ("canary", "full"):
        for method, params in samples:
            from agentcore.apps.crm.phpquery import build_query

            single = check_step(method, params, mode)  # type: ignore[arg-type]
            (command,) = parse_batch({"cmd": {"k": f"{method}?{build_query(params)}"}})
            inside = check_command(command.method, command.params, mode, command.references)  # type: ignore[arg-type]
            assert (single.decision, single.reason) == (inside.decision, inside.reason), (mode, method)


def test_value_references_resolved_before_running_keep_their_verdict() -> None:
    # The id of an update that needs confirmation comes from a get of deal 1: it is deal 1, shown and confirmable.
    verdict = _batch({"g": "crm.deal.get?id=1", "u": "crm.deal.update?id=$result[g][ID]&fields[OPPORTUNITY]=5"})
    assert verdict.decision == "confirm"
    (_, (command, _)) = verdict.sub_commands
    assert [r.resolved for r in command.references] == ["1"]
    # Linking a new deal to a company found in the same batch is an ordinary value.
    linked = _batch({"c": "crm.company.list?filter[TITLE]=A", "d": "crm.deal.add?fields[COMPANY_ID]=$result[c][0][ID]"})
    assert linked.decision == "allow"


@pytest.mark.parametrize(
    "command",
    [
        "crm.deal.update?id=$result[l][0][ID]&fields[OPPORTUNITY]=5",  # which deal? only known when it runs
        "crm.deal.update?id=1&fields[OPPORTUNITY]=$result[l][0][OPPORTUNITY]",  # which amount?
        "crm.deal.update?id=1&fields[ASSIGNED_BY_ID]=%24result%5Bl%5D%5B0%5D%5BID%5D",
        "crm.deal.delete?id=$result[l][0][ID]",
        "event.bind?event=ONCRMDEALADD&handler=$result[l][0][TITLE]",
    ],
)
def test_unresolvable_references_in_what_the_user_approves_are_refused(command: str) -> None:
    verdict = _batch({"l": "crm.deal.list?filter[TITLE]=A", "x": command}, "full")
    assert verdict.decision == "forbid"
    assert "ссылкой на результат" in verdict.reason


def test_a_reference_in_a_single_call_is_data_not_a_reference() -> None:
    # Only batch resolves references; a single call writes the text as it is.
    verdict = check_step("crm.deal.update", {"id": 1, "fields": {"COMMENTS": "$result[a][TITLE]"}}, "canary")
    assert verdict.decision == "allow"


def test_fields_that_are_not_a_map_count_as_critical() -> None:
    assert check_step("crm.deal.add", {"fields": "OPPORTUNITY=5"}, "canary").decision == "confirm"
    assert check_step("crm.deal.update", {"id": 1, "fields": [["OPPORTUNITY", 5]]}, "canary").decision == "confirm"


def test_task_with_a_deadline_needs_confirmation() -> None:
    params = {"fields": {"TITLE": "Позвонить", "RESPONSIBLE_ID": 1, "DEADLINE": "2026-11-26T18:00:00+03:00"}}
    assert check_step("tasks.task.add", params, "canary").decision == "confirm"
    assert check_step("user.get", {"FILTER": {"NAME": "Ольга"}}, "canary").decision == "allow"
