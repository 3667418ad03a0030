"""Safety policy: every mode × method class, critical fields, HTTP verbs, batch parsing and smuggling."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.crm.phpquery import build_query
from agentcore.apps.crm.policy import check_step, is_write

# (method, params) for each method class
CLASS_EXAMPLES: dict[str, tuple[str, dict[str, Any]]] = {
    "read": ("crm.deal.get", {"id": 1}),
    "list": ("crm.contact.list", {"filter": {"%NAME": "Иван"}}),
    "create": ("crm.deal.add", {"fields": {"TITLE": "X", "COMMENTS": "z"}}),
    "create_critical": ("crm.deal.add", {"fields": {"TITLE": "X", "OPPORTUNITY": 100}}),
    "update": ("crm.deal.update", {"id": 1, "fields": {"TITLE": "Y", "COMMENTS": "z"}}),
    "update_critical": ("crm.deal.update", {"id": 1, "fields": {"OPPORTUNITY": 5}}),
    "delete": ("crm.deal.delete", {"id": 1}),
    "event_read": ("event.get", {}),
    "event_write": ("event.bind", {"event": "ONCRMDEALADD", "handler": "https://example.com/h"}),
    "batch": ("batch", {"cmd": {"a": "crm.deal.get?id=1"}}),
    "unknown": ("crm.lead.add", {"fields": {}}),
}
EXPECTED = {
    # shadow: nothing runs; steps get the verdict they would have in full
    "shadow": {
        "read": "allow",
        "list": "allow",
        "create": "allow",
        "create_critical": "confirm",
        "update": "allow",
        "update_critical": "confirm",
        "delete": "confirm",
        "event_read": "allow",
        "event_write": "confirm",
        "batch": "allow",
        "unknown": "forbid",
    },
    "canary": {
        "read": "allow",
        "list": "allow",
        "create": "allow",
        "create_critical": "confirm",
        "update": "allow",
        "update_critical": "confirm",
        "delete": "forbid",
        "event_read": "allow",
        "event_write": "forbid",
        "batch": "allow",
        "unknown": "forbid",
    },
    "full": {
        "read": "allow",
        "list": "allow",
        "create": "allow",
        "create_critical": "confirm",
        "update": "allow",
        "update_critical": "confirm",
        "delete": "confirm",
        "event_read": "allow",
        "event_write": "confirm",
        "batch": "allow",
        "unknown": "forbid",
    },
}


@pytest.mark.parametrize("mode", ["shadow", "canary", "full"])
@pytest.mark.parametrize("kind", sorted(CLASS_EXAMPLES))
def test_mode_by_method_class(mode: str, kind: str) -> None:
    method, params = CLASS_EXAMPLES[kind]
    assert check_step(method, params, mode).decision == EXPECTED[mode][kind]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "field", ["OPPORTUNITY", "ASSIGNED_BY_ID", "CLOSEDATE", "BEGINDATE", "STAGE_ID", "CATEGORY_ID", "UF_CRM_DEADLINE"]
)
def test_critical_fields_need_confirmation_case_insensitively(field: str) -> None:
    verdict = check_step("CRM.DEAL.UPDATE", {"ID": 1, "FIELDS": {field.lower(): "x"}}, "canary")
    assert verdict.decision == "confirm"
    assert field.upper() in verdict.reason


def test_event_unbind_always_needs_confirmation_and_event_get_never() -> None:
    assert check_step("event.unbind", {"event": "ONCRMDEALADD"}, "full").decision == "confirm"
    assert check_step("event.get", {}, "canary").decision == "allow"


@pytest.mark.parametrize("verb", ["GET", "post", None])
def test_known_http_verbs(verb: str | None) -> None:
    assert check_step("crm.deal.get", {"id": 1}, "full", verb).decision == "allow"


@pytest.mark.parametrize("verb", ["DELETE", "PUT", "PATCH", "TRACE", ""])
def test_unknown_http_verbs_are_forbidden(verb: str) -> None:
    verdict = check_step("crm.deal.get", {"id": 1}, "full", verb)
    assert verdict.decision == "forbid" and "HTTP" in verdict.reason


def test_batch_sub_commands_are_parsed() -> None:
    cmd = {
        "deal": "crm.deal.get?id=1",
        "add": "crm.deal.add?" + build_query({"fields": {"TITLE": "A&B", "OPPORTUNITY": 10}}),
        "company": "crm.company.get?id=$result[deal][COMPANY_ID]",
    }
    verdict = check_step("batch", {"halt": 0, "cmd": cmd}, "canary")
    assert verdict.decision == "confirm"  # the amount of a new deal is a critical field
    methods = [(c.key, c.method) for c, _ in verdict.sub_commands]
    assert methods == [("deal", "crm.deal.get"), ("add", "crm.deal.add"), ("company", "crm.company.get")]
    assert verdict.sub_commands[1][0].params == {"fields": {"TITLE": "A&B", "OPPORTUNITY": "10"}}


@pytest.mark.parametrize(
    "smuggled",
    [
        "crm.deal.delete?id=1",
        "CRM.DEAL.DELETE?id=1",
        "crm.deal.delete.json?id=1",
        "event.bind?event=ONCRMDEALADD&handler=https://example.com",
        "crm.lead.add?fields[TITLE]=x",
        "batch?cmd[a]=crm.deal.delete%3Fid%3D1",
        "DELETE crm.deal.get?id=1",
        "crm.deal.get/../crm.deal.delete?id=1",
        "",
        "   ",
    ],
)
def test_batch_smuggling_blocks_the_whole_batch(smuggled: str) -> None:
    verdict = check_step("batch", {"cmd": {"ok": "crm.deal.get?id=1", "bad": smuggled}}, "canary")
    assert verdict.decision == "forbid"
    assert "пакет заблокирован" in verdict.reason


def test_batch_list_cmd_and_non_string_command() -> None:
    assert check_step("batch", {"cmd": ["crm.deal.get?id=1", "crm.deal.list"]}, "canary").decision == "allow"
    assert check_step("batch", {"cmd": {"a": {"method": "crm.deal.get"}}}, "full").decision == "forbid"


@pytest.mark.parametrize(
    "params",
    [{}, {"cmd": {}}, {"cmd": "crm.deal.get?id=1"}, {"cmd": [f"crm.deal.get?id={i}" for i in range(51)]}],
)
def test_malformed_batches_are_forbidden(params: dict[str, Any]) -> None:
    assert check_step("batch", params, "full").decision == "forbid"


def test_one_sub_command_needing_confirmation_marks_the_whole_batch() -> None:
    cmd = {"read": "crm.deal.get?id=1", "money": "crm.deal.update?id=1&fields[OPPORTUNITY]=5"}
    verdict = check_step("batch", {"cmd": cmd}, "canary")
    assert verdict.decision == "confirm"
    assert "money" in verdict.reason
    full = check_step("batch", {"cmd": {"a": "crm.deal.delete?id=3"}}, "full")
    assert full.decision == "confirm"


@pytest.mark.parametrize(
    ("method", "params"),
    [
        # the policy would read ``fields`` (a title) while the portal may write ``FIELDS`` (the amount)
        ("crm.deal.update", {"id": 1, "fields": {"TITLE": "x"}, "FIELDS": {"OPPORTUNITY": 1}}),
        ("crm.deal.update", {"id": 1, "ID": 2, "fields": {"TITLE": "x"}}),
        # a harmless ``cmd`` for the policy, a deletion in ``CMD`` for the portal
        ("batch", {"cmd": {"a": "crm.deal.get?id=1"}, "CMD": {"a": "crm.deal.delete?id=2"}}),
        # the same inside a batch command
        ("batch", {"cmd": {"a": "crm.deal.update?id=3&fields[TITLE]=y&FIELDS[OPPORTUNITY]=7"}}),
    ],
)
@pytest.mark.parametrize("mode", ["shadow", "canary", "full"])
def test_param_names_repeated_in_another_case_are_refused(method: str, params: dict[str, Any], mode: str) -> None:
    verdict = check_step(method, params, mode)  # type: ignore[arg-type]
    assert verdict.decision == "forbid"
    assert "в разном регистре" in verdict.reason


def test_param_names_in_any_single_case_are_read() -> None:
    assert check_step("crm.deal.update", {"ID": 1, "FIELDS": {"OPPORTUNITY": 1}}, "canary").decision == "confirm"
    assert check_step("batch", {"CMD": {"a": "crm.deal.delete?id=2"}}, "canary").decision == "forbid"


@pytest.mark.parametrize(
    "params",
    [
        {"id": 1, "fields": {"TITLE": "x"}, "fields[OPPORTUNITY]": 5},  # a bracket key at the top
        {"id": 1, "fields": {"OPPORTUNITY]": 5}},  # a bracket left open inside fields
        {"id": 1, "fields": {"TITLE": "x"}, "FIELDS[OPPORTUNITY]": 5},
    ],
)
def test_get_steps_are_checked_as_the_query_string_the_portal_decodes(params: dict[str, Any]) -> None:
    assert check_step("crm.deal.update", params, "canary", "GET").decision in ("confirm", "forbid")
    assert check_step("crm.deal.update", {"id": 1, "fields": {"TITLE": "x"}}, "canary", "GET").decision == "allow"


def test_writes_are_the_methods_that_change_the_portal() -> None:
    writes = ["crm.deal.add", " CRM.Contact.Update ", "crm.company.delete", "tasks.task.add", "event.bind"]
    reads = ["crm.deal.get", "crm.status.list", "event.get", "user.get", "batch", "crm.lead.add", "crm.deal.add2", ""]
    assert [m for m in writes + reads if is_write(m)] == writes
