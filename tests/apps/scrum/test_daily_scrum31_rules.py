"""Session scrum31's readings, probed in words no labelled split uses: a whole unit at a standstill and a deadline due
today that cannot be made are critical; a service the public cannot get is the business stopped; nothing reaching
the customers is production; «nothing else to report» is no blocker; the member's own «isn't blocking me» denies
the blocker; the task of the day before the dash stays the day's; a daily that says only that work goes on is
too short, in Russian (by lemma) and in English (by its closed classes)."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.blocker_reading import criticality
from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        ("BAK-1 — цех стоит с шести утра, печь не прогревается", "BAK-4 — задача стоит, жду рецептуру от технолога"),
        (
            "BAK-2 — кондитерский участок встал, миксеры не получают рецептуру",
            "BAK-5 — вопрос стоит открытым, жду ответа от закупок",
        ),
        (
            "BAK-3 — фасовочные линии стоят второй час, весы не видят сервер",
            "BAK-6 — сборка стоит в очереди, пока пишу тесты",
        ),
    ],
)
def test_a_whole_unit_at_a_standstill_is_critical_a_task_or_a_queue_that_stands_is_not(
    critical: str, wait: str
) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait
    assert not criticality("BAK-7 — обновление стоит запланировать на выходные, пока терпимо")[0]


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        (
            "REP-1 — дедлайн по отчёту регулятору сегодня, а хранилище отдаёт таймауты, сформировать его не можем",
            "REP-4 — релиз в пятницу, ревью пока не получил, делаю соседнюю задачу",
        ),
        (
            "REP-2 — презентация инвесторам в 16:00, а без выгрузки из хранилища графики не построю",
            "REP-5 — релиз не сегодня, сборку пока не можем собрать, разбираемся",
        ),
        (
            "REP-3 — the demo is today and the staging build is broken, we can't deploy it",
            "REP-6 — созвон с заказчиком сегодня в 15:00, подготовлю вопросы",
        ),
    ],
)
def test_a_deadline_due_today_that_cannot_be_made_is_critical_another_is_not(critical: str, wait: str) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait


def test_a_service_the_public_cannot_get_is_others_stopped() -> None:
    assert criticality("REG-1 — регистратура не может выдать талоны пациентам, терминал завис")[0]
    assert not criticality("REG-2 — бухгалтерия не может выдать мне акты до четверга, делаю сверку")[0]


def test_nothing_reaching_the_customers_is_production_down() -> None:
    assert criticality("SHIP-1 — the mail provider rejects us, no invoices go out to clients")[0]
    assert not criticality("SHIP-2 — no reply from the client yet, waiting")[0]


def test_nothing_else_to_report_is_no_blocker() -> None:
    daily = parse_daily("Yesterday: SHIP-3 label printing. Today: SHIP-4 returns flow, nothing else to add", "DEV")
    assert daily["daily"]["blockers"] == []
    assert [i["task_id"] for i in daily["daily"]["today"]] == ["SHIP-4"]


def test_the_members_own_denial_covers_a_remedy_told_beside_it() -> None:
    daily = parse_daily(
        "Yesterday: SHIP-5 label printing. Today: SHIP-6 returns flow. The slow build isn't blocking me now, cached it",
        "DEV",
    )["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


def test_the_task_of_the_day_before_the_dash_stays_the_days() -> None:
    daily = parse_daily("вчера сидел над WHS-5, сегодня допиливаю WHS-6 — жду ревью WHS-4 от Саши", "DEV")["daily"]
    assert [i["task_id"] for i in daily["today"]] == ["WHS-6"]
    assert [b["related_task_id"] for b in daily["blockers"]] == ["WHS-4"]


@pytest.mark.parametrize(
    ("message", "told"),
    [
        ("работы много, тружусь", "вчера занимался документацией по складу, сегодня продолжу"),
        ("крутимся, новостей никаких", "вчера весь день на приёмке оборудования, сегодня тоже"),
        (
            "nothing new here, still working",
            "Yesterday: migrated the billing reports. Today: checking the invoice import",
        ),
        ("all okay, keeping busy", "busy with vendor calls today, will sort the backlog tomorrow"),
    ],
)
def test_a_daily_that_says_only_that_work_goes_on_is_too_short(message: str, told: str) -> None:
    """By lemma in Russian, by the closed classes in English; a daily that tells the work without ids has no tasks."""
    output = parse_daily(message, "DEV")
    assert output["daily"]["quality"] == "TOO_SHORT", message
    assert not output["clarification"]["needs_clarification"]
    assert parse_daily(told, "DEV")["daily"]["quality"] == "NO_TASKS_MENTIONED", told


@pytest.mark.parametrize(
    "message",
    [
        "Вчера закрыла TASK-9, сегодня TASK-8. Блокер: https://example.com/issues/123",
        "Вчера: TASK-9 выгрузка\nСегодня: TASK-8 импорт\nБлокеры: https://sentry.io/organizations/acme/issues/4242/",
    ],
)
def test_a_labelled_blocker_that_is_only_a_link_is_a_blocker(message: str) -> None:
    """An explicit «Блокер:» with a link to the problem is a blocker (not critical by itself, its task asked for),
    not a risk and not «none» (tryout: it was dropped); «Блокер: нет» stays none."""
    output = parse_daily(message, "DEV")
    blockers = output["daily"]["blockers"]
    assert len(blockers) == 1 and blockers[0]["text"].startswith("https://") and not blockers[0]["critical"]
    assert output["clarification"]["needs_clarification"]
    assert parse_daily("Вчера закрыла TASK-9, сегодня TASK-8. Блокер: нет", "DEV")["daily"]["blockers"] == []
