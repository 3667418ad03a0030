"""``blocker_reading.criticality`` and ``blocker_effect`` on blockers told by what they do (session scrum, dev25),
probed in words no labelled split uses: the public a business serves cannot get it or complains; a business flow
stops, the verb first; others idle for want of work; nowhere to do the work; the rest of the work hangs on the same
thing; the sprint goal not closed or gone, also in a condition that runs on into its consequence without a comma.
Each pair holds a near miss that stays a wait."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.blocker_reading import criticality
from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        # the public cannot get the service: a plural of the public, a negated verb in the third person plural
        ("TKT-1 — пассажиры не получают электронные билеты с обеда", "TKT-2 — пассажиры не ответили на опрос, жду"),
        ("TKT-13 — не уходят письма пассажирам", "TKT-14 — пассажиры не отвечают на письма, жду"),
        ("TKT-3 — зрители не слышат звук в трансляции", "TKT-4 — зрители не выбирают тариф, ждём аналитику"),
        ("TKT-5 — subscribers can't renew since noon", "TKT-6 — the subscriber list export is slow, waiting on ops"),
        # the public complains, support is swamped
        ("TKT-7 — абоненты жалуются, что SMS с кодом не доходят", "TKT-8 — абоненты не жалуются, но жду логи"),
        ("TKT-9 — support is swamped with refund tickets after the update", "TKT-10 — waiting for support to reply"),
        # a business flow stops, the verb first
        ("TKT-11 — с ночи не создаются заявки из формы на сайте", "TKT-12 — не создаются тестовые юзеры, пишу скрипт"),
    ],
)
def test_the_public_hit_is_production_its_answer_is_a_wait(critical: str, wait: str) -> None:
    assert criticality(critical) == (True, "не работает прод"), critical
    assert not criticality(wait)[0], wait


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        ("FAB-1 — операторы станков сидят без заданий, MES не отдаёт план", "FAB-2 — сижу на созвоне, потом жду план"),
        ("FAB-3 — второй день сижу без задач, бэклог пустой", "FAB-4 — склад без заявок ждёт ответа логистов"),
        ("FAB-5 — тестовый стенд занят до понедельника, прогнать негде", "FAB-6 — негде взять данные, пока делаю моки"),
        ("FAB-7 — нет сертификата, выкатить некуда", "FAB-8 — жду сертификат, пока пишу тесты"),
        (
            "FAB-9 — нет ключа к API склада, и всё остальное в спринте тоже завязано на него",
            "FAB-10 — нет ключа к API склада, остальное в спринте не связано, делаю его",
        ),
        ("FAB-11 — no sandbox keys, and everything else in my sprint depends on them", "FAB-12 — no sandbox keys yet"),
    ],
)
def test_no_work_left_or_nowhere_to_do_it_stops_the_work(critical: str, wait: str) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        ("SPR-1 — подрядчик пропал, без API цель спринта не закроем", "SPR-2 — подрядчик пропал, закроем к среде"),
        (
            "SPR-3 — QA has not signed off, if that doesn't happen by Friday the sprint goal is gone",
            "SPR-4 — QA has not signed off, if that happens by Friday we ship",
        ),
        ("SPR-5 — the vendor vanished, the launch is in danger", "SPR-6 — the vendor is slow, launch is not in danger"),
    ],
)
def test_the_sprint_goal_not_closed_or_gone_is_critical(critical: str, wait: str) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait


def test_a_business_flow_stopped_is_a_blocker_without_any_blocker_word() -> None:
    daily = parse_daily("вчера закрыл SUP-1, сегодня SUP-2. Срочно: по SUP-2 не уходят рассылки клиентам с утра", "DEV")
    blockers = daily["daily"]["blockers"]
    assert len(blockers) == 1 and blockers[0]["critical"] and blockers[0]["related_task_id"] == "SUP-2"


@pytest.mark.parametrize(
    ("over", "still"),
    [
        (
            "Blockers: no VPN access yesterday, got it this morning",
            "Blockers: got the VPN access yesterday, but still can't reach the cluster",
        ),
        (
            "Blockers: no keys for the sandbox yesterday, got the keys an hour ago",
            "Blockers: no keys for the sandbox since yesterday, asked again",
        ),
    ],
)
def test_an_english_lack_told_in_the_past_with_the_thing_got_is_over(over: str, still: str) -> None:
    message = "Yesterday: NET-1 routes\nToday: NET-2 firewall\n"
    assert parse_daily(message + over, "DEV")["daily"]["blockers"] == []
    assert len(parse_daily(message + still, "DEV")["daily"]["blockers"]) == 1


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        # a business that does not take or hand out what it trades in; the member's own search is no stop
        ("PAY-1 — терминалы не принимают оплату с обеда", "PAY-2 — не могу найти заказ в логах, ищу дальше"),
        ("PAY-3 — у покупателей не проходит платёж по СБП", "PAY-4 — не проходит линтер, чиню"),
        # every user meets the failure
        ("PAY-5 — checkout fails for all users on Safari", "PAY-6 — checkout test fails locally, fixing it"),
        # all of a group wait, not one colleague
        ("PAY-7 — все тестировщики ждут сборку, CI лежит", "PAY-8 — тестировщик ждёт сборку, соберу к обеду"),
        # what people are owed is at risk
        ("PAY-9 — реестр не уходит в банк, выплаты курьерам под угрозой", "PAY-10 — реестр уходит медленно"),
        # stakes due tomorrow that cannot be made
        ("PAY-11 — демо завтра, а стенд не поднять без админов", "PAY-12 — демо в следующем месяце, жду стенд"),
    ],
)
def test_a_business_stop_and_imminent_stakes_are_critical(critical: str, wait: str) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        ("OPS-1 — we can't deploy tonight, the registry is broken", "OPS-2 — we can't deploy on Fridays, so Monday"),
        ("OPS-3 — не сможем выкатиться завтра, раннер сломан", "OPS-4 — выкатимся завтра, раннер починили"),
        ("OPS-5 — the webinar is tomorrow and the streaming server is down", "OPS-6 — the webinar is next month"),
        ("OPS-7 — горим: шлюз не принимает реестры", "OPS-8 — не горим, реестры примут в понедельник"),
        (
            "OPS-9 — нет ключа к S3, а больше задач у меня в спринте нет",
            "OPS-10 — ключа к S3 больше нет, запросил новый",
        ),
        ("OPS-11 — customers are seeing 502s on the landing page", "OPS-12 — I'm seeing 502s locally, debugging"),
        ("OPS-13 — invoices to clients bounce since the DNS change", "OPS-14 — invoice template looks off, fixing"),
    ],
)
def test_stakes_due_now_the_public_meeting_failures_and_no_work_left_are_critical(critical: str, wait: str) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        ("SHP-1 — теряем заказы, виджет доставки не грузится", "SHP-2 — виджет доставки грузится медленно, жду CDN"),
        (
            "SHP-3 — we're losing orders every hour, the cart is broken",
            "SHP-4 — the cart redesign waits for the designer",
        ),
        ("SHP-5 — SLA по обращениям нарушен, очередь не разбирается", "SHP-6 — SLA соблюдаем, но ревью висит"),
        ("SHP-7 — партнёр грозит расторгнуть договор из-за выгрузки", "SHP-8 — партнёр ушёл в отпуск, жду ответа"),
        ("SHP-9 — оплат нет с восьми утра", "SHP-10 — оплат нет в тестовой базе, жду дамп"),
        ("SHP-11 — витрина отдаёт 502 всем", "SHP-12 — витрина отдаёт 502 на моём стенде, разбираюсь"),
        ("SHP-13 — весь спринт стоит без подписанного договора", "SHP-14 — договор подпишут к пятнице, жду"),
        ("SHP-15 — all my tasks depend on that vendor API", "SHP-16 — one of my tasks depends on that vendor API"),
    ],
)
def test_the_business_losing_by_it_and_the_whole_sprint_stopped_are_critical(critical: str, wait: str) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait


@pytest.mark.parametrize(
    ("critical", "wait"),
    [
        ("DOC-1 — крит: сервис подписи не отвечает на проде", "DOC-2 — не крит, сервис подписи медленно отвечает"),
        ("DOC-3 — срчно нужен ключ, без него ничего не могу", "DOC-4 — нужен ключ, пока делаю другое"),
        ("DOC-5 — прод не отвечает с утра", "DOC-6 — аналитик не отвечает с утра"),
        ("DOC-7 — zero progress possible until the VPN is back", "DOC-8 — slow progress until the VPN is back"),
    ],
)
def test_abbreviated_urgency_a_silent_production_and_no_progress_are_critical(critical: str, wait: str) -> None:
    assert criticality(critical)[0], critical
    assert not criticality(wait)[0], wait


@pytest.mark.parametrize(
    ("critical", "past"),
    [
        ("DOC-9 — без сертификата дальше не продвинусь", "DOC-10 — за день особо не продвинулась, макеты сырые"),
        ("DOC-11 — пока нет схемы, не сдвину миграцию", "DOC-12 — миграция почти не сдвинулась, много мелочей"),
    ],
)
def test_a_move_that_cannot_happen_is_a_stop_one_that_did_not_is_a_report(critical: str, past: str) -> None:
    """A negated perfective of moving on in the future says the member cannot go on (session qv2); in the past it
    tells how far the day got — little progress, not a stop, and no blocker of its own."""
    assert criticality(critical)[0], critical
    assert not criticality(past)[0], past


def test_little_progress_is_no_blocker() -> None:
    daily = parse_daily(
        "Вчера посидел над DOC-14, но толком не сдвинулся, там куча мелочей. Сегодня DOC-14 — доделываю вёрстку. В "
        "остальном ничего не мешает.",
        "dev",
    )["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "denied",
    [
        "ничего срочного, жду ревью",
        "ничего критичного, жду апрув от лида",
        "жду апрув, критичного нет",
        "срочного пока ничего, жду ответ бухгалтерии",
        "Nothing urgent — waiting for design review",
        "no critical stuff, waiting on QA",
    ],
)
def test_urgency_under_a_negative_quantifier_is_denied(denied: str) -> None:
    """«ничего срочного», «критичного нет», «nothing urgent» deny urgency as «не срочно» does (audit G1)."""
    assert criticality(denied) == (False, ""), denied


@pytest.mark.parametrize(
    ("tasks", "blockers"),
    [
        ("жду ответ по срочной задаче ORD-5, пока делаю ORD-6", "срочно жду ответ по задаче ORD-5"),
        ("the urgent ticket ORD-7 is waiting on QA, I'm on ORD-8", "ORD-7 is waiting on QA, urgent"),
        ("по критичной таске ORD-9 жду макеты", "по таске ORD-9 жду макеты, критично"),
    ],
)
def test_urgency_of_the_task_is_not_the_blockers(tasks: str, blockers: str) -> None:
    """An urgency adjective on a task noun says what the task is; said of the blocker, it escalates (audit G1)."""
    assert not criticality(tasks)[0], tasks
    assert criticality(blockers)[0], blockers


def test_a_negated_urgency_under_the_header_escalates_nothing() -> None:
    daily = parse_daily(
        "Вчера: TASK-7 доделала\nСегодня: TASK-6 кэш\nБлокеры: ничего срочного, жду ревью TASK-7 от Бориса", "dev"
    )["daily"]
    assert [b["critical"] for b in daily["blockers"]] == [False]
