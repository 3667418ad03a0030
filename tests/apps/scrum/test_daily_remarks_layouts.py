"""Session scrum19b: what is no piece of work keeps a complete daily GREAT and asks nothing; more layouts of a
complete daily (issue 19: quality verdict, needs_clarification precision)."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse, parse_daily


def _verdict(text: str) -> tuple[str, bool]:
    out = parse_daily(text, "DEV")
    return out["daily"]["quality"], out["clarification"]["needs_clarification"]


@pytest.mark.parametrize(
    "remark",
    [
        "Вопрос к Оле: релиз во вторник или в среду?",
        "Кто знает, когда следующий созвон с заказчиком?",
        "Question for Tom: is the old endpoint still used? Not blocking.",
        "Concerns: the chart library is heavy, we may swap it later.",
        "FYI: в четверг плановые работы на стенде, меня не касается.",
        "Опасения: макеты могут поменяться после демо.",
    ],
)
def test_a_question_or_a_labelled_remark_is_no_work_item(remark: str) -> None:
    text = f"Вчера: PAY-11 — закрыл экспорт\nСегодня: PAY-12 — импорт реестра\n{remark}\nБлокеров нет"
    parsed = parse(text)
    assert [i["task_id"] for i in parsed.yesterday + parsed.today] == ["PAY-11", "PAY-12"]
    assert not parsed.blockers
    assert _verdict(text) == ("GREAT", False)


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: OPS-4 — обновил nginx\nСегодня: OPS-5 — rate limit\nУ меня блокеров нет",
        "Отчёт:\n• вчера сделал SHOP-4 (корзина)\n• сегодня делаю SHOP-5 (оформление)\n• блокеров нет",
        "Закрыл CRM-2 вчера. Сегодня беру CRM-3 — фильтры. По CRM-3 ждали поиск, но они выкатили API. Блокеров нет.",
    ],
)
def test_a_leftover_pronoun_title_or_others_deed_is_no_work_item(text: str) -> None:
    assert all(i["task_id"] for i in parse(text).yesterday + parse(text).today)
    assert _verdict(text) == ("GREAT", False)


def test_work_said_with_only_a_time_word_and_same_stays() -> None:
    # «сегодня тоже» says today: no question about today's plan
    assert _verdict("вчера писал доку, сегодня тоже, блокеров нет") == ("NO_TASKS_MENTIONED", False)


@pytest.mark.parametrize(
    "text",
    [
        "[x] CRM-31 карточка сделки\n[ ] CRM-32 воронка\nблокеров нет",
        "Было: HR-3 — анкета кандидата\nБудет: HR-4 — календарь собеседований\nМешает: ничего",
        "| вчера | PAY-21 — возвраты |\n|---|---|\n| сегодня | PAY-22 — частичные возвраты |\n| блокеры | нет |",
        "вчера: SEC-2 ✅ закрыл\nсегодня: SEC-3 🔨 ротация сертификатов\nблокеры: ❌ нет",
        "Wrapped up CAL-3 (recurring events) yesterday, picking up the CAL-4 timezone fix today, nothing blocking me.",
    ],
)
def test_complete_dailies_in_more_layouts(text: str) -> None:
    parsed = parse(text)
    assert len(parsed.yesterday) == 1 and len(parsed.today) == 1 and parsed.yesterday[0]["task_id"]
    assert parsed.today[0]["task_id"] and not parsed.blockers
    assert _verdict(text) == ("GREAT", False)


def test_a_time_word_with_a_comma_ends_the_tasks_statement() -> None:
    parsed = parse("закрыл PAY-1 вчера, сегодня беру PAY-2, блокеров нет")
    assert [i["task_id"] for i in parsed.yesterday] == ["PAY-1"]
    assert [i["task_id"] for i in parsed.today] == ["PAY-2"]


@pytest.mark.parametrize(
    ("done", "plan"),
    [
        ("QA-5 — проверил, что без доступа к отчётам пользователь видит заглушку", "QA-6 — роли"),
        ("TMS-3 — заглушка, которая блокирует двойную отправку заявки", "TMS-4 — блокировка карты после трёх ошибок"),
        ("BI-2 — дашборд конверсии: конверсия упала на 2%", "BI-3 — когорты"),
        ("WEB-20 — half a day stuck on a flexbox bug, solved it in the evening", "WEB-21 — header"),
        ("PAY-33 — долго собирался бандл, включил кэш, теперь сборка 40 сек", "PAY-34 — ревью"),
    ],
)
def test_trouble_words_about_the_work_state_no_blocker(done: str, plan: str) -> None:
    text = f"Вчера: {done}\nСегодня: {plan}"
    parsed = parse(text)
    assert not parsed.blockers
    assert len(parsed.yesterday) == 1 and len(parsed.today) == 1
    assert _verdict(text) == ("DETAIL_OK", False)


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: PAY-1 — выгрузка\nСегодня: PAY-2 — стенд, который нужен для проверки, лежит с утра",
        "Вчера: PAY-1 — выгрузка\nСегодня: PAY-2 — жду доступ, который обещали ещё в понедельник",
        "Вчера: PAY-1 — выгрузка\nСегодня: PAY-2 — прод упал, ни один клиент не может оплатить",
        "Вчера: PAY-1 — выгрузка\nСегодня: PAY-2 — сборка долго собирается, теперь уже 20 минут",
    ],
)
def test_a_real_trouble_beside_those_words_stays_a_blocker(text: str) -> None:
    assert parse(text).blockers


def test_a_purpose_with_a_blocking_word_is_what_the_work_does() -> None:
    text = "Вчера: SEC-4 — настроил, чтобы после пяти ошибок входа карта блокировалась\nСегодня: SEC-5 — аудит"
    parsed = parse(text)
    assert not parsed.blockers and [i["task_id"] for i in parsed.yesterday] == ["SEC-4"]
    assert _verdict(text) == ("DETAIL_OK", False)


def test_a_dependency_told_as_a_fact_is_no_work_item() -> None:
    text = "Вчера: TMS-4 — карта\nСегодня: TMS-5 — маршруты. Зависим от API карт, ключ уже получен. Блокеров нет"
    assert _verdict(text) == ("GREAT", False)


def test_a_day_summary_header_is_yesterday() -> None:
    text = "Итоги дня: SHOP-6 — каталог с фильтрами\nНа сегодня: SHOP-7 — сравнение товаров\nБлокеров нет"
    parsed = parse(text)
    assert [i["task_id"] for i in parsed.yesterday] == ["SHOP-6"]
    assert _verdict(text) == ("GREAT", False)


@pytest.mark.parametrize(
    "line",
    [
        "не могу залогиниться на стенд, чтобы проверить PAY-2",
        "Зависим от команды платежей: они не отдали API, стою",
        "стенд лежит с утра, ничего не открывается — кто поднимет?",
    ],
)
def test_a_stop_beside_a_purpose_or_a_dependency_stays_a_blocker(line: str) -> None:
    assert parse(f"Вчера: PAY-1 — выгрузка\nСегодня: {line}").blockers


def test_the_pre_checks_never_hide_a_match() -> None:
    """``_no_blockers_in`` / ``negated_in`` answer as ``_NO_BLOCKERS_RE.search`` / ``NEGATED.search`` on every dev
    daily and every clause of it."""
    import re
    from pathlib import Path

    from agentcore.apps.scrum.blocker_reading import NEGATED, negated_in
    from agentcore.apps.scrum.daily_parser.blocker_clauses import _NO_BLOCKERS_RE, _no_blockers_in
    from agentcore.apps.scrum.daily_parser.clauses import _split_clauses
    from agentcore.apps.scrum.evaluation import load_labelled

    data = Path(__file__).parent / "data"
    texts = [
        item["message"]
        for path in sorted(data.glob("dailies*.jsonl"))
        if "test" not in path.stem and "heldout" not in path.stem
        for item in load_labelled(path)
    ]
    texts += [c.text for t in texts for c in _split_clauses(t)]
    texts += ["БЛОКЕРОВ НЕТ", "Blocked by nothing", "Ничего не мешает", "No impediments", "затыков ноль", "помех нет"]
    texts += [
        "Терпимо",
        "can live with it",
        "DOESN'T AFFECT ME",
        "скорее неудобство, чем проблема",
        "жду, всё по плану",
    ]
    for pattern, gated in ((_NO_BLOCKERS_RE, _no_blockers_in), (NEGATED, negated_in)):
        for text in texts:
            expected, found = pattern.search(text), gated(text)
            assert (found.span() if found else None) == (expected.span() if expected else None), text
    assert isinstance(_NO_BLOCKERS_RE, re.Pattern)


def test_clean_strips_as_the_trailing_pattern_did() -> None:
    import random

    from agentcore.apps.scrum.daily_parser.lexicon import _LEAD, _TRAIL, _clean

    rng = random.Random(1)
    chars = " ,;:—–-.!?a\u00a0\u2009\n\tб"
    texts = ["".join(rng.choice(chars) for _ in range(rng.randint(0, 12))) for _ in range(5000)]
    texts += ["PAY-1 — сделал.", "  и ещё PAY-2 ;", "блокеров нет!!! ", "—"]
    for text in texts:
        assert _clean(text) == _TRAIL.sub("", _LEAD.sub("", text.strip())).strip(), repr(text)
