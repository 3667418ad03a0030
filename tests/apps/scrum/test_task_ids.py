"""Task ids in dailies (issue 19): the forms people write, and what only looks like an id."""

from __future__ import annotations

import inspect

import pytest

from agentcore.apps.scrum import task_ids
from agentcore.apps.scrum.blockers import NO_TASK_ID, process_blockers
from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.schemas import WorkItem, normalize_task_id
from agentcore.apps.scrum.task_ids import is_task_id, task_ids_in


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("вчера закрыл PAY-12 и pay-13", ["PAY-12", "PAY-13"]),
        ("починил #512, сегодня #514", ["#512", "#514"]),
        ("ревью backend/api#34 и acme/web#120", ["backend/api#34", "acme/web#120"]),
        ("https://jira.company.ru/browse/PAY-12 доделал", ["PAY-12"]),
        ("https://jira.company.ru/browse/AUTH-100?focusedCommentId=1", ["AUTH-100"]),
        ("https://youtrack.company.ru/issue/WEB-120 верстка", ["WEB-120"]),
        ("https://tracker.yandex.ru/CRM-180 done", ["CRM-180"]),
        ("https://github.com/acme/shop/issues/45 — фикс", ["acme/shop#45"]),
        ("смотрел https://github.com/acme/api/pull/210, правлю", ["acme/api#210"]),
        ("https://gitlab.company.ru/mobile/app/-/issues/77 пуши", ["mobile/app#77"]),
    ],
)
def test_the_forms_people_write(text: str, ids: list[str]) -> None:
    assert task_ids_in(text) == ids


@pytest.mark.parametrize(
    "text",
    [
        "перевёл сервис на UTF-8 и utf-8",
        "даты в ISO-8601",
        "обновил python-3 до 3.12, образ python-3.12-slim",
        "поддержка Android-14 и iPhone-15, тесты под iOS-17",
        "хеши на SHA-256, шлюз на TLS-1.3, JWT на RS-256",
        "кодировка cp-1251, таргет ES-2022, node-20, vue-3, webpack-5, chrome-120",
        "апгрейд postgres-15 → postgres-16, ubuntu-22.04, spark-3.5, scala-2.13",
        "НДС-20 и PCI-DSS-4",
        "графики https://grafana.company.ru/d/x9-12/latency и https://sentry.company.ru/issues/4455",
        "python 3, релиз 2.4, версия v2-3x, 1-2",
    ],
)
def test_versions_standards_and_other_urls_are_not_task_ids(text: str) -> None:
    assert task_ids_in(text) == []


def test_a_known_prefix_is_a_task_even_when_it_looks_like_a_technology() -> None:
    assert task_ids_in("закрыл ES-12") == []
    assert task_ids_in("закрыл ES-12", known_prefixes=["ES"]) == ["ES-12"]


def test_an_id_is_never_invented() -> None:
    out = parse_daily("Вчера чинил баги на бэке, сегодня пишу тесты на оплату. Блокер: нет тестовых данных", "DEV")
    daily = out["daily"]
    assert all(i["task_id"] is None for i in daily["yesterday"] + daily["today"])
    assert daily["blockers"][0]["related_task_id"] is None
    question = out["clarification"]["question"]
    assert "TASK-" not in question and "NO_TASK_ID" not in question and question.endswith("?")


def test_placeholders_never_reach_what_a_person_reads() -> None:
    """A model's placeholder is no id (``None``); the daily's items and questions never carry one."""
    for placeholder in ("NO_TASK_ID", "no_task_id", "null", "N/A", "-", "без задачи", ""):
        assert normalize_task_id(placeholder) is None
    assert WorkItem.model_validate({"task_id": "NO_TASK_ID", "summary": "x"}).task_id is None
    assert normalize_task_id("#512") == "#512" and normalize_task_id("acme/web#1") == "acme/web#1"
    assert normalize_task_id(" pay-12 ") == "PAY-12"
    with pytest.raises(ValueError):
        normalize_task_id("UTF 8")


def test_new_forms_are_valid_blocker_tasks() -> None:
    daily = {
        "role": "DEV",
        "blockers": [
            {"text": "жду ревью", "critical": False, "related_task_id": "#512"},
            {"text": "нет стенда", "critical": True, "related_task_id": "acme/web#12"},
            {"text": "нет ключей", "critical": True, "related_task_id": None},
        ],
    }
    events, escalations = process_blockers(daily, known_tasks={"#512"}, existing_blockers=set())
    assert [e["task_id"] for e in events] == ["#512", "acme/web#12", NO_TASK_ID]
    assert events[0]["task_exists"] is True
    assert all(is_task_id(e["task_id"]) for e in events[:2])
    assert [e["severity"] for e in escalations] == ["high", "high"]  # critical on no known task: seed 003's matrix


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("алерт https://sentry.io/organizations/shop/issues/4512/ разобран", []),
        ("https://monitoring.example.com/team/app/issues/77", []),
        ("https://gitlab.example.com/core/auth/-/issues/15", ["core/auth#15"]),
        ("https://git.example.com/core/auth/pull/3", ["core/auth#3"]),
        ("https://github.com/acme/shop/issues/45", ["acme/shop#45"]),
    ],
)
def test_an_issue_path_names_a_task_only_on_a_code_host(text: str, ids: list[str]) -> None:
    """``…/owner/repo/issues/12`` is a GitHub/GitLab issue; on another host (Sentry) it is that tool's page."""
    assert task_ids_in(text) == ids


def test_a_key_inside_a_path_is_a_slug_and_a_key_at_its_end_a_task() -> None:
    assert task_ids_in("https://grafana.example.com/d/ABC-12/overview") == []
    assert task_ids_in("https://tracker.yandex.ru/PAY-12") == ["PAY-12"]
    assert task_ids_in("https://tracker.yandex.ru/PAY-12/") == ["PAY-12"]


def test_a_lower_case_name_with_a_digit_is_no_key() -> None:
    assert task_ids_in("сборка под x86-64 и mp3-320") == []
    assert task_ids_in("обновление ng-17") == []
    assert task_ids_in("поддержка SCORM-2004 и LTI-13") == []
    assert task_ids_in("согласия по GDPR-2018") == []
    assert task_ids_in("pay-12 и PAY2-3") == ["PAY-12", "PAY2-3"]


def test_kubernetes_is_a_name_so_its_upper_case_form_is_a_projects_key() -> None:
    """«k8s» is written in lower or mixed case (a name, like «opera»), so «K8S-40» is a project's key as trackers print
    it, while «k8s-1» and «K8s-1» stay the technology (session scrum, dev25)."""
    assert task_ids_in("вчера K8S-40 ingress, сегодня K8S-41") == ["K8S-40", "K8S-41"]
    assert task_ids_in("обновили k8s-1 и K8s-1") == []


def _placed_codes_unchecked(text: str) -> frozenset[str]:
    """:func:`codes_written_as_keys` without its pre-check: every placed key read (the reference it must equal)."""
    numbers: dict[str, set[str]] = {}
    for match in task_ids._PLACED_KEY.finditer(text):
        prefix = match.group("prefix")
        if prefix.isupper() and prefix.lower() in task_ids._CODES:
            numbers.setdefault(prefix, set()).add(match.group("num"))
    return frozenset(prefix for prefix, seen in numbers.items() if len(seen) > 1)


@pytest.mark.parametrize(
    "text",
    [
        "Вчера NET-15 — настройка шлюза, сегодня NET-16 — мониторинг",
        "- ISO-1 выгрузка\n- ISO-2 импорт\n- iso-3 что-то",
        "1. KOI-8 перекодировка\n2) KOI-9 проверка",
        "даты в ISO-8601, сегодня xISO-2, вчера _ISO-3",
        "Сегодня: UTF-8 и UTF-16, вчера UTF-32",
        "вчера PAY-1, сегодня PAY-2",
        "\u212aOI-8 и \u212aOI-9\n- \u212aOI-10",
    ],
)
def test_the_pre_check_of_codes_written_as_keys_drops_no_code(text: str) -> None:
    assert task_ids.codes_written_as_keys(text) == _placed_codes_unchecked(text)


def test_a_text_without_an_id_mark_asks_no_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    # session sp4: no id is written without «-», «#» or «://», so such a text (most clauses) is answered before the
    # memos of the reading are asked
    def asked(*_args: object) -> tuple[str, ...]:
        raise AssertionError("the memo was asked")

    monkeypatch.setattr(task_ids, "_unique_ids", asked)
    assert task_ids_in("вчера закрыл задачу про оплату") == []
    with pytest.raises(AssertionError):
        task_ids_in("вчера закрыл PAY-12")


def test_current_prefixes_is_the_context_variables_getter() -> None:
    # session sp4: the memos of a reading ask it on every call; the getter itself enters no Python frame
    assert not inspect.isfunction(task_ids.current_prefixes)
    assert task_ids.current_prefixes() == frozenset()
    with task_ids.team_prefixes(["opera"]):
        assert "OPERA" in task_ids.current_prefixes()
