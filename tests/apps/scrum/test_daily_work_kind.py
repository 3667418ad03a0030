"""``daily_parser.work_kind`` (session sg): an id-less piece of a daily is the day's other activity (a ceremony, a
call, a review of colleagues' work, help, learning, hiring, duty — no task id needed), an absence, or a deliverable
that needs an id — read by the word class of its lemma, not by phrases.  Probed in words no labelled split uses."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.checks import settle_daily
from agentcore.apps.scrum.daily_parser import parse_daily
from agentcore.apps.scrum.daily_parser.work_kind import AWAY, SIDE, STATE, WORK, work_kind


@pytest.mark.parametrize(
    ("piece", "kind"),
    [
        ("совещание с отделом закупок", SIDE),
        ("объяснял стажёру архитектуру склада", SIDE),
        ("провёл планёрку", SIDE),  # a light verb hands over to its object
        ("ran the sprint retro", SIDE),
        ("весь вечер на вебинаре по графовым базам", SIDE),
        ("разбор аварии с дежурными", WORK),  # «разбор» hands over; «авария» is no activity of the day by itself
        ("Дежурил по релизам, выкатили три сборки", SIDE),  # «выкатили»: indefinite-personal, told of others
        ("провёл миграцию базы", WORK),
        ("правки после демо", WORK),  # the noun that leads decides: edits, not a demo
        ("созвон с поставщиком, потом настроил бэкапы", WORK),  # a deliverable beside the call
        ("полдня был у врача", AWAY),
        ("регламент релизов изучал", SIDE),  # the object put first: the verb decides
        ("глянул MR Кости", SIDE),  # a look at a colleague's merge request is a review
        ("открыл MR на выгрузку", WORK),  # one's own merge request is a deed
        ("дизайн ревью", SIDE),  # a compound: the second noun is the head
        ("синкались с маркетингом", SIDE),  # jargon coined from an activity's stem
        ("конфиги смотрел", WORK),  # a light verb keeps its object's kind: none
        ("…, что стенд часто падает", WORK),  # a complement clause is no statement of its own
        ("на стейдже пока можно работать", STATE),
    ],
)
def test_the_kind_of_an_id_less_piece(piece: str, kind: str) -> None:
    assert work_kind(piece) == kind


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: ZOO-1 — кормушки, потом совещание с отделом закупок\nСегодня: ZOO-2 — вольеры\nБлокеров нет",
        "вчера ZOO-3 закрыл, объяснял стажёру архитектуру склада, сегодня ZOO-4 отчёт, блокеров нет",
        "Yesterday: ZOO-5 feeders done, ran the sprint retro\nToday: ZOO-6 enclosures\nBlockers: none",
        "Вчера: консультировал саппорт по тарифам\nСегодня: ZOO-7 — билеты\nБлокеров нет",  # only the day's activity
        "Вчера: ZOO-8 — касса, полдня был у врача\nСегодня: ZOO-9 — афиша\nБлокеров нет",  # half a day away
    ],
)
def test_the_days_other_activity_needs_no_task_id(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: ZOO-10 — касса, ещё настроил бэкапы базы\nСегодня: ZOO-11 — афиша\nБлокеров нет",
        "Вчера: провёл миграцию базы\nСегодня: ZOO-12 — афиша\nБлокеров нет",
        "Вчера на больничном. Сегодня ZOO-13 — касса. Блокеров нет",  # an absence alone is no work (scrum28)
    ],
)
def test_a_deliverable_or_an_absence_alone_keeps_the_daily_from_great(message: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == "DETAIL_OK"


def test_a_section_of_the_days_activity_is_filled_on_the_model_path_too() -> None:
    message = "Вчера: весь день на вебинаре по графовым базам\nСегодня: ZOO-14 — касса\nБлокеров нет"
    answer = {
        "daily": {
            "role": "DEV",
            "yesterday": [],
            "today": [{"task_id": "ZOO-14", "summary": "касса"}],
            "blockers": [],
            "quality": "GREAT",
        },
        "clarification": {"needs_clarification": False, "question": ""},
    }
    settled = settle_daily(answer, message)
    assert settled["daily"]["quality"] == parse_daily(message, "DEV")["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        (
            "Yesterday: ZOO-40 kiosk done, also wired up the receipt printer\nToday: ZOO-41 menu\nBlockers: none",
            "DETAIL_OK",
        ),
        ("Yesterday: ZOO-40 kiosk done, also had a sync with ops\nToday: ZOO-41 menu\nBlockers: none", "GREAT"),
    ],
)
def test_a_piece_after_also_is_a_deed_in_any_language(message: str, quality: str) -> None:
    # «also», «ещё», «заодно» say another thing of the day was done: a deliverable then needs an id, English or not
    assert parse_daily(message, "DEV")["daily"]["quality"] == quality


@pytest.mark.parametrize(
    "remark",
    [
        # session sw: thanks or praise tells another's deed; the member's gratitude is no id-less work item
        "Thanks Oskar for the quick review of the export!",
        "Shoutout to the QA folks for catching the rounding bug.",
        "Благодарю Гулю за ревью миграций.",
    ],
)
def test_thanks_beside_tasks_is_no_work_item(remark: str) -> None:
    message = f"Вчера: ART-4 — галерея\nСегодня: ART-5 — превью. {remark}\nБлокеров нет"
    assert parse_daily(message, "DEV")["daily"]["quality"] == "GREAT"


def test_a_deed_after_the_thanks_still_counts() -> None:
    message = (
        "Вчера: ART-4 — галерея\nСегодня: ART-5 — превью. Спасибо Гуле за ревью, ещё настроил бэкапы.\nБлокеров нет"
    )
    assert parse_daily(message, "DEV")["daily"]["quality"] == "DETAIL_OK"


@pytest.mark.parametrize(
    ("piece", "kind"),
    [
        # session sw: where or when the member works is a mode of the day, not a deliverable
        ("работаю сегодня из коворкинга", STATE),
        ("working remotely till noon", STATE),
        ("работаю над парсером накладных", WORK),
        # a verb of finishing with no object of its own finishes the task already named
        ("рассчитываю доделать к пятнице", STATE),
        ("доделал парсер накладных", WORK),
        # watching a release is duty, the day's other activity
        ("мониторю метрики после выкатки", SIDE),
        ("keeping an eye on the queue lag", SIDE),
    ],
)
def test_modes_of_the_day_finishing_and_monitoring(piece: str, kind: str) -> None:
    assert work_kind(piece) == kind


@pytest.mark.parametrize(
    "remark",
    ["Работаю сегодня из коворкинга", "Рассчитываю доделать к пятнице", "Мониторю метрики после выкатки"],
)
def test_such_remarks_beside_tasks_keep_a_daily_great(remark: str) -> None:
    message = f"Вчера: ART-6 — лента\nСегодня: ART-7 — поиск. {remark}\nБлокеров нет"
    assert parse_daily(message, "DEV")["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    ("piece", "kind"),
    [
        # session qv: a first-person verb wins over an oblique noun at a statement's head («настрою» is not «настрой»)
        ("созвон с подрядчиком, потом настрою репликацию", WORK),
        # the team's indefinite-personal deed on an activity of the day is that activity: the member was at it too
        ("тушили инцидент с кассами всей командой", SIDE),
        ("выкатили два релиза", WORK),  # others' deed on no activity of the day: the piece names no kind
        # verbs of dealing with hand over to their object, as «разбирал» does
        ("разруливал инцидент с оплатами", SIDE),
        # an infinitive with «можно» after it tells what is possible
        ("выкатывать можно", STATE),
    ],
)
def test_verb_readings_indefinite_personal_and_dealing_with(piece: str, kind: str) -> None:
    assert work_kind(piece) == kind


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        # a deed, then the task: two items, the first is work without an id and the task is named bare (session qv)
        ("Вчера: ZOO-20 — касса\nСегодня: перепишу валидацию билетов, потом ZOO-21\nБлокеров нет", "DETAIL_OK"),
        ("Вчера: ZOO-20 — касса\nСегодня: созвон с зоологами, потом настрою выгрузку\nБлокеров нет", "DETAIL_OK"),
        ("Вчера тушили инцидент с кассами до вечера\nСегодня: ZOO-22 — афиша\nБлокеров нет", "GREAT"),
    ],
)
def test_a_deed_before_then_a_task_and_the_teams_incident(message: str, quality: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == quality


def test_a_deed_before_then_a_task_is_an_item_of_its_own() -> None:
    today = parse_daily("Вчера: ZOO-20 — касса\nСегодня: перепишу валидацию билетов, потом ZOO-21", "DEV")["daily"]
    assert [(i["task_id"], i["summary"]) for i in today["today"]] == [
        (None, "перепишу валидацию билетов"),
        ("ZOO-21", "ZOO-21"),
    ]


@pytest.mark.parametrize(
    ("message", "quality"),
    [
        # what the task is, before the blocker in the same clause, describes it (session qv)
        (
            "вчера ZOO-30 кормушки, сегодня ZOO-31 — расписание кормлений, сдавать сегодня, а выгрузка из учётной "
            "системы не приходит, без неё не сдам",
            "GREAT",
        ),
        ("вчера ZOO-30 кормушки, сегодня ZOO-31 — проблемы с доступом, не могу начать", "DETAIL_OK"),  # a trouble
        # a light verb with nothing after it is the trouble before it dealt with, no deed
        (
            "Вчера: ZOO-32 — вольеры. Были сложности с замками, но разобрался.\nСегодня: ZOO-33 — навигация\n"
            "Блокеров нет",
            "GREAT",
        ),
        # an English verb whose object takes back what was named is more of the task
        ("Yesterday: ZOO-34 ticket page; QA found three bugs, fixed them\nToday: ZOO-35 map\nBlockers: none", "GREAT"),
        # the task finished, the deed after «потом» / «+» is another thing, which needs an id
        (
            "Вчера: ZOO-36 — касса\nСегодня: ZOO-37 доделываю, потом перепишу генератор отчётов\nБлокеров нет",
            "DETAIL_OK",
        ),
        ("Вчера ZOO-38 схему доделал + настроил алерты на очередь. Сегодня ZOO-39 — карта. Блокеров нет", "DETAIL_OK"),
        ("Вчера: ZOO-36 — касса\nСегодня: ZOO-37 доделываю, потом тесты\nБлокеров нет", "GREAT"),  # no deed after
    ],
)
def test_titles_before_blockers_dealt_with_trouble_and_deeds_after_a_finished_task(message: str, quality: str) -> None:
    assert parse_daily(message, "DEV")["daily"]["quality"] == quality


def test_a_light_verb_alone_is_no_deed() -> None:
    assert work_kind("но разобрался") == STATE
