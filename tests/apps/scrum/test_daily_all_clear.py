"""``daily_parser.all_clear`` (session sg): the author's all-clear read by meaning — a denied obstacle whatever its
noun, a denied need for help, everything going well, a question about blockers answered with a «none», a check mark
under the header, a trouble told with its remedy.  Probed in words no labelled split uses."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.all_clear import all_clear

_DAILY = "Вчера: ZOO-20 — касса\nСегодня: ZOO-21 — афиша\n{}"


@pytest.mark.parametrize(
    "last",
    [
        "Impediments? none",  # a question standing for a header, answered
        "Есть ли блокеры? Нету",
        "Блокеры: с моей стороны нет",  # the header's obstacle, denied with its owner
        "Загвоздок нет",  # an obstacle noun by its lemma
        "Трудностей не возникло",
        "No problems on my side",
        "По блокерам всё спокойно",  # the topic, then all goes well
        "Помощь пока не требуется",  # a denied need for help
        "No help needed",
        "Всё стабильно",
        "Everything is on track",
        "Блокеры: 👍",  # a check mark under the header
        "Сегодня помогаю Пете с релизом, у меня всё спокойно",  # the clause's last statement
        "Блокеры/риски: нет",  # a risk is an obstacle noun too
        "Блокеры: пока всё ровно",
        "Не застреваю",  # a negated verb of being stopped
        "Затруднений нет",
        "Ни в чём не нуждаюсь",  # the doubled negation
        "Блокеры: ничего серьёзного",  # none of weight
        "I'm unblocked",
        "Справляюсь сам",
        # session sw: «never» / «zero» deny the blocker word after them (it opens no statement of its own), more
        # obstacle nouns, and a state of being unblocked
        "Never blocked",
        "Zero blockers so far",
        "Ноль блокеров",
        "No roadblocks",
        "Стопоров нет",
        "Всё разблокировано",
        # an adjective of blocking makes its noun an obstacle; «free of» is an absence; nothing acts against the
        # member; «Unblocked» alone
        "Блокирующих пунктов не вижу",
        "No blocking items",
        "Free of blockers this week",
        "Nothing dragging me down",
        "Unblocked",
    ],
)
def test_an_all_clear_in_other_words_addresses_the_blockers(last: str) -> None:
    daily = parse_daily(_DAILY.format(last), "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT", daily


def test_a_trouble_told_with_its_remedy_beside_a_task_addresses_the_blockers() -> None:
    daily = parse_daily("вчера ZOO-20 касса, стенд полдня падал, но к обеду починили. сегодня ZOO-21 афиша", "DEV")
    assert daily["daily"]["blockers"] == [] and daily["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    "last",
    [
        "Не могу залогиниться, проблемы с VPN",  # «не могу» is a trouble of its own
        "Нужна помощь с миграцией",  # a need, not denied
        "Проблем нет, кроме долгой сборки",  # the exception is the blocker
        "Блокеры? Жду доступ к ZOO-21",
        "Блокеры: ничего не собирается",  # nothing functions: a trouble
    ],
)
def test_a_trouble_beside_the_words_of_an_all_clear_stays_a_blocker(last: str) -> None:
    assert parse_daily(_DAILY.format(last), "DEV")["daily"]["blockers"]


@pytest.mark.parametrize(
    ("text", "listed", "clear"),
    [
        ("сложностей не вижу", False, True),
        ("у меня нет", False, False),  # nothing named as absent outside the list
        ("у меня нет", True, True),
        ("нет доступа к стенду", False, False),  # what is missing is named
        ("проблем нет с доступом к стенду", False, False),
        ("✅", True, True),
        ("✅", False, False),
    ],
)
def test_the_reading_of_one_statement(text: str, listed: bool, clear: bool) -> None:
    assert all_clear(text, listed=listed) is clear


def test_a_blocker_another_has_is_news_not_the_members() -> None:
    # «у Вити блокер …»: the blocker word is what another has, so it opens no blocker clause of the member's
    message = (
        "Вчера: ZOO-50 — касса\nСегодня: ZOO-51 — афиша\nБлокеры: у меня нет. У Гоши блокер с принтером, сам расскажет"
    )
    daily = parse_daily(message, "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


def test_the_members_own_blocker_after_u_menya_is_still_cut_off() -> None:
    daily = parse_daily("вчера ZOO-52 тест, сегодня ZOO-53 тест, у меня блокер нет доступа к стенду", "DEV")["daily"]
    assert [b["text"] for b in daily["blockers"]] == ["нет доступа к стенду"]
    assert [i["task_id"] for i in daily["today"]] == ["ZOO-53"]


@pytest.mark.parametrize(
    "last",
    [
        # session sw: an all-clear under the header, then the member's own calm statement — the answer and a remark
        "Блокеры: всё гладко, спокойно пилю дальше",
        "Блокеры: всё под контролем, успеваю",
    ],
)
def test_an_all_clear_then_the_members_remark_addresses_the_blockers(last: str) -> None:
    daily = parse_daily(_DAILY.format(last), "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT", daily


@pytest.mark.parametrize(
    "last",
    [
        "Блокеры: не критично, тормозит линтер",  # a denial of weight only: the trouble stays
        "Блокеры: всё гладко, но жду ключи от ZOO-21",  # an exception after the all-clear
        "Блокеры: всё гладко, стенд лежит",  # a trouble told after it
    ],
)
def test_an_all_clear_then_a_trouble_keeps_the_blocker(last: str) -> None:
    assert parse_daily(_DAILY.format(last), "DEV")["daily"]["blockers"]


def test_a_blocking_thing_named_is_still_a_blocker() -> None:
    daily = parse_daily(_DAILY.format("Блокирующих дефектов два, жду фикс от бэка"), "DEV")["daily"]
    assert daily["blockers"]
