"""Reading a daily by what it means rather than by a list of phrases (issue 19, session scrum19): a blocker that is
over or bearable produces none, what stops the work is a blocker whatever it is called, «cannot go on at all»
makes it critical, and a task named before its time word belongs to that time."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.blocker_reading import criticality, is_negated
from agentcore.apps.scrum.daily_parser import parse_daily


def _read(text: str) -> tuple[list[str | None], list[str | None], list[dict[str, Any]], str]:
    daily = parse_daily(text, "DEV")["daily"]
    return (
        [i["task_id"] for i in daily["yesterday"]],
        [i["task_id"] for i in daily["today"]],
        daily["blockers"],
        daily["quality"],
    )


@pytest.mark.parametrize(
    "text",
    [
        # nothing and nobody holds the work up, in any verb of holding up
        "вчера PAY-1 поправил вёрстку, сегодня PAY-2 — рассылка. ничего не блочит",
        "вчера PAY-1 поправил вёрстку, сегодня PAY-2 — рассылка. Ничто меня не держит",
        "вчера PAY-1 поправил вёрстку, сегодня PAY-2 — рассылка. никто пока не тормозит",
        # a trouble that is over: a remedy someone did, «уже снят» after any topic, «had one … resolved»
        "Вчера: PAY-1 выгрузка\nСегодня: PAY-2 подпись\nБлокеры: был затык с ключом, вчера админ его перевыпустил",
        "Вчера: PAY-1 выгрузка\nСегодня: PAY-2 подпись\nБлокеры: была проблема с квотой, продлили, так что чисто",
        "вчера PAY-1 починил дубли, сегодня PAY-2 — ретраи, блокер по стенду уже снят",
        "вчера PAY-1 починил дубли, сегодня PAY-2 — ретраи, проблема с сертификатами на стенде закрыта",
        "Yesterday: PAY-1 ratings\nToday: PAY-2 moderation\nBlockers: had one with the VPN, resolved this morning",
        # a «none» opening the line under «Блокеры:», whatever words follow it
        "Вчера: PAY-1 баннеры\nСегодня: PAY-2 A/B тест\nБлокеры: отсутствуют как класс",
        "Yesterday: PAY-1 banners\nToday: PAY-2 A/B test\nBlockers: none whatsoever",
    ],
)
def test_a_blocker_that_is_over_or_denied_is_none(text: str) -> None:
    yesterday, today, blockers, quality = _read(text)
    assert (yesterday, today, blockers, quality) == (["PAY-1"], ["PAY-2"], [], "GREAT")


@pytest.mark.parametrize(
    "text",
    ["сервер сборки тормозит ужасно, но жить можно", "стенд медленный, терпимо", "CI flaky again, I can live with it"],
)
def test_a_bearable_trouble_is_not_a_blocker(text: str) -> None:
    assert is_negated(text)


def test_a_workaround_is_not_a_denial() -> None:
    """«на тестовых пока можно работать» works around a blocker that is still there."""
    assert not is_negated("партнёр не прислал боевые ключи, но на тестовых пока можно работать")


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("вчера закрыл PAY-1, сегодня PAY-2. Без тестового доступа к банку PAY-2 не начну, других задач нет", "PAY-2"),
        ("вчера закрыл PAY-1, сегодня PAY-2. Без боевых ключей партнёра никак, а больше брать нечего", None),
    ],
)
def test_what_stops_the_start_is_a_critical_blocker(text: str, task: str | None) -> None:
    """«без X не начну/никак» is a blocker whatever X is called (adjectives included), and with nothing else to do
    the member cannot go on: critical."""
    _, today, blockers, _ = _read(text)
    assert today == ["PAY-2"]
    assert [(b["critical"], b["related_task_id"]) for b in blockers] == [(True, task)]


@pytest.mark.parametrize(
    "text",
    [
        "вчера PAY-1 закрыл. сегодня PAY-2, но VPN не пускает никого из команды с утра — сидим",
        "вчера PAY-1 закрыл. сегодня PAY-2, но в облако не попасть ни у кого, вся команда стоит",
    ],
)
def test_nobody_can_get_in_is_a_critical_blocker(text: str) -> None:
    _, today, blockers, _ = _read(text)
    assert today == ["PAY-2"] and len(blockers) == 1 and blockers[0]["critical"]


@pytest.mark.parametrize(
    "text",
    [
        "нет доступа к сервису РСА, а это блокирует цель спринта",
        "сертификат не продлён, что ставит под угрозу релиз",
        "the vendor API is rate-limiting us, which threatens the release",
        "PAY-3 стоит намертво — нет доступа к сервису",
    ],
)
def test_a_blocked_goal_or_a_dead_stop_is_critical(text: str) -> None:
    assert criticality(text)[0]


def test_a_missing_dependency_is_a_blocker() -> None:
    """«нужны иконки от дизайна, их пока нет»: what the task needs is missing — a blocker, not critical when the
    author says so."""
    _, today, blockers, _ = _read(
        "вчера PAY-1 ревьюил, сегодня PAY-2. для PAY-2 нужны иконки от дизайна, их пока нет, но это не срочно"
    )
    assert today == ["PAY-2"]
    assert [(b["critical"], b["related_task_id"]) for b in blockers] == [(False, "PAY-2")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1) PAY-1 — расписание, готово\n2) PAY-2 — сегодня беру фильтр\n3) блокеров нет", (["PAY-1"], ["PAY-2"])),
        (
            "PAY-1 (https://jira.example.ru/browse/PAY-1) вчера выкатили; сегодня берусь за PAY-2. блокеров нет",
            (["PAY-1"], ["PAY-2"]),
        ),
        ("вчера PAY-1, сегодня PAY-2", (["PAY-1"], ["PAY-2"])),  # an id, then another id's time word: two statements
    ],
)
def test_a_task_named_before_its_time_word_belongs_to_that_time(
    text: str, expected: tuple[list[str | None], list[str | None]]
) -> None:
    yesterday, today, _, _ = _read(text)
    assert (yesterday, today) == expected


WORK = "вчера закрыл PAY-1, сегодня делаю PAY-2. "
HEADERS = "Вчера: PAY-1 отчёт\nСегодня: PAY-2 выгрузка\nБлокеры: "


@pytest.mark.parametrize(
    "said",
    [
        # production down, told by what users meet
        "на проде 500-ки, клиенты не могут оплатить",
        "сайт не открывается у клиентов",
        "production outage since 3am",
        # others held up
        "из-за этого стоят Петя и Маша",
        "others are blocked too until the schema is merged",
        # the date missed
        "не успеваем к релизу без этого фикса",
        "демо в пятницу не покажем без стенда",
        "sprint goal won't be met without the vendor fix",
        # urgency beside what fails
        "пожар — упала очередь сообщений",
        "это P0 — платёжный шлюз отвечает ошибкой",
        "highest priority: vendor API returns 403",
        # no way on
        "всё, встал намертво, дальше двигаться не могу",
        "полностью застрял, руки связаны",
        "сижу без задач — всё упирается в ревью архитектора",
    ],
)
def test_what_a_critical_blocker_does_states_one_in_prose_and_under_a_header(said: str) -> None:
    """The effect (prod down, others stopped, the date missed, no way on, urgency with what fails) is a blocker and
    critical whatever words carry it, in a sentence of its own as under «Блокеры:»."""
    for text in (WORK + said, HEADERS + said):
        _, today, blockers, _ = _read(text)
        assert today == ["PAY-2"], text
        assert len(blockers) == 1 and blockers[0]["critical"], text


def test_a_blocker_word_after_an_adverb_is_one_statement() -> None:
    """«I'm completely blocked on …» is one blocker, not a work item «I'm completely» and a blocker."""
    _, today, blockers, _ = _read(WORK + "I'm completely blocked on the API keys")
    assert today == ["PAY-2"]
    assert [b["critical"] for b in blockers] == [True]


@pytest.mark.parametrize(
    "said",
    [
        "блокеров вроде бы и нет",
        "nothing's blocking me",
        "не жду никого",
        "помех нет",
        "не вижу препятствий",
        "всё идёт по плану",
        "нет ничего",
        "ничего такого",
        "пусто",
    ],
)
def test_none_in_other_words_under_a_header(said: str) -> None:
    assert _read(HEADERS + said) == (["PAY-1"], ["PAY-2"], [], "GREAT")


def test_stoppers_none_in_prose_addresses_blockers() -> None:
    assert _read(WORK + "стопперов нет") == (["PAY-1"], ["PAY-2"], [], "GREAT")


@pytest.mark.parametrize(
    "text",
    [
        "вчера помог команде с PAY-1, сегодня PAY-2 — вся команда на ретро после обеда",
        "вчера PAY-1 сделал, сегодня PAY-2 — доделываю, остальные задачи закрыты",
        "вчера PAY-1 ответил на ревью, сегодня PAY-2 — ещё не ответил Пете по PR, сделаю",
        "вчера PAY-1 тесты, сегодня PAY-2 — починить падение у всех клиентов на iOS",
        "вчера PAY-1 выкатил, сегодня разбираю инцидент по PAY-2: на проде не открывается корзина у всех пользователей",
    ],
)
def test_work_on_a_failure_or_a_scope_word_is_no_blocker(text: str) -> None:
    """A whole-team scope without a stop, the rest of the sprint done, the author's own unanswered message, and
    fixing or investigating a failure are the day's work."""
    assert _read(text)[2] == []


@pytest.mark.parametrize(
    "said",
    ["аналитик пока не ответил по требованиям", "нужен доступ к Sentry, запросил вчера", "тестовый стенд отваливается"],
)
def test_an_unmet_need_is_a_blocker_not_critical(said: str) -> None:
    _, today, blockers, _ = _read(WORK + said)
    assert today == ["PAY-2"]
    assert [b["critical"] for b in blockers] == [False]


@pytest.mark.parametrize(
    "said",
    [
        # the business stops, in its own words
        "на бою ошибка 503, заказы не создаются",
        "биллинг лёг, деньги не списываются",
        "клиенты жалуются, что не могут войти в личный кабинет",
        # the date is lost
        "мы не попадём в релиз, если завтра не будет апрува",
        "дедлайн по интеграции сгорит без тестовых данных от банка",
        # no way on, in other words
        "ничем не могу заняться, пока не дадут доступ",
        "без решения юристов дальше не двинусь, а всё остальное в спринте уже сделано",
        "тестовая среда мертва с утра, ни один тест не прогнать",
        "у меня нет ни одной задачи, которую можно делать без доступа к VPN",
        # others stopped, the stop said first
        "приложение не собирается ни у кого после обновления Xcode",
        # an adjective before the blocker word is the blocker's
        "критичный блокер: нет прав на деплой в прод",
    ],
)
def test_more_ways_to_say_the_work_cannot_go_on(said: str) -> None:
    for text in (WORK + said, HEADERS + said):
        _, today, blockers, _ = _read(text)
        assert today == ["PAY-2"], text
        assert len(blockers) == 1 and blockers[0]["critical"], text


@pytest.mark.parametrize("said", ["всё штатно", "нет никаких"])
def test_more_ways_to_say_none(said: str) -> None:
    assert _read(HEADERS + said) == (["PAY-1"], ["PAY-2"], [], "GREAT")


@pytest.mark.parametrize(
    "text",
    [
        "вчера PAY-1 — проверил, что биллинг лёг бы при нагрузке, сегодня PAY-2",
        "вчера PAY-1 — нагрузочный тест: без индекса сервис упал бы, сегодня PAY-2 — индекс",
        "вчера PAY-1 удалил мертвый код, сегодня PAY-2 — рефакторинг",
        "вчера PAY-1 закрыл, сегодня PAY-2 — сделаю так, чтобы заказы не терялись",
    ],
)
def test_a_supposed_or_intended_failure_is_no_blocker(text: str) -> None:
    """The subjunctive («лёг бы», «чтобы … не терялись») tells of no trouble that is there; «мертвый код» is code."""
    yesterday, today, blockers, _ = _read(text)
    assert (yesterday, today, blockers) == (["PAY-1"], ["PAY-2"], [])


def test_a_blocker_after_a_dash_names_its_own_task() -> None:
    """«сегодня PAY-2 — жду ревью PAY-1 от Димы»: PAY-2 is today's work, the wait is about PAY-1."""
    _, today, blockers, _ = _read("вчера PAY-1. сегодня PAY-2 — жду ревью PAY-1 от Димы, не критично")
    assert today == ["PAY-2"]
    assert [(b["critical"], b["related_task_id"]) for b in blockers] == [(False, "PAY-1")]


@pytest.mark.parametrize(
    "said",
    [
        "заблокирован на PAY-2: нет доступа к базе, другого ничего нет",
        "срочно: на стейдже закончилось место, ни у кого ничего не деплоится",
    ],
)
def test_nothing_else_or_nobody_deploys_is_critical(said: str) -> None:
    _, today, blockers, _ = _read(WORK + said)
    assert today == ["PAY-2"]
    assert [b["critical"] for b in blockers] == [True]


def test_a_resource_run_out_is_a_blocker() -> None:
    _, today, blockers, _ = _read(WORK + "на тестовом стенде закончилось место на диске")
    assert today == ["PAY-2"]
    assert [b["critical"] for b in blockers] == [False]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # «блокер» denied at a distance
        ("не могу сказать, что это блокер, но CI медленный", None),
        ("это скорее неудобство, чем блокер: CI медленный", None),
        ("блокером это не назвать, просто долго собирается", None),
        # a trouble told in the past that works now
        ("прод падал ночью, сейчас поднят", None),
        ("вчера лежал стейдж, сегодня работает", None),
        ("прод упал ночью и до сих пор лежит", True),
        # the exception to a «none» is the blocker
        ("всё по плану, разве что CI иногда падает", False),
        ("никаких блокеров, кроме вечного ожидания ревью", False),
        ("упёрлась в баг в библиотеке, ищу обходной путь", False),
        ("стейдж лежит второй день, но я пилю локально", False),
        ("blocked: no access to the prod DB, and I have nothing else to work on", True),
    ],
)
def test_denial_at_a_distance_a_trouble_over_and_an_exception_to_none(said: str, expected: bool | None) -> None:
    """``expected``: None — no blocker, False — a blocker, not critical, True — a critical one; in prose and under a
    «Блокеры:» header alike."""
    for text in (WORK + said, HEADERS + said):
        _, today, blockers, _ = _read(text)
        assert "PAY-2" in today, text
        assert (None if not blockers else any(b["critical"] for b in blockers)) == expected, text


@pytest.mark.parametrize(
    ("yesterday", "today"), [("вчиро", "седоня"), ("вчреа", "сеггодня"), ("вчира", "сёгодня"), ("вчера", "сиводня")]
)
def test_a_time_word_two_edits_off_is_that_time_word(yesterday: str, today: str) -> None:
    """Typos by their distance to «сегодня»/«вчера», not by a list of typos."""
    text = f"{yesterday} PAY-1 закрыл, {today} PAY-2 начну, блокеров нет"
    assert _read(text)[:2] == (["PAY-1"], ["PAY-2"])


@pytest.mark.parametrize("word", ["сводня", "сходня", "вчерне"])
def test_a_real_word_near_a_time_word_stays(word: str) -> None:
    from agentcore.apps.scrum.daily_parser.layout import _time_word

    assert _time_word(word) == word


@pytest.mark.parametrize(
    "text",
    [
        # a case the task handles
        "вчера PAY-1 тесты, сегодня PAY-2 — добавляю обработку, когда платежи не проходят",
        "вчера PAY-1 — написал тесты на случай, когда сервис недоступен, сегодня PAY-2",
        "yesterday PAY-1 done, today PAY-2 — fixing the case when users can't log in",
        # a quoted label
        "вчера PAY-1 закрыл, сегодня PAY-2 — экран «нет доступа» для пользователей без прав",
        # a scope and a negation that stop nothing
        "вчера PAY-1 закрыл, сегодня PAY-2 — все тесты зелёные, никто не жаловался",
    ],
)
def test_what_the_work_is_about_is_no_blocker(text: str) -> None:
    yesterday, today, blockers, _ = _read(text)
    assert (yesterday, today, blockers) == (["PAY-1"], ["PAY-2"], [])


def test_a_wait_before_a_case_clause_is_still_a_blocker() -> None:
    """Only what comes after «когда/если» is the case: «жду доступ, когда …» still waits."""
    _, today, blockers, _ = _read(WORK + "жду доступ к логам, когда админ освободится")
    assert today == ["PAY-2"] and len(blockers) == 1


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("без ответа от безопасников выкатка невозможна, а релиз завтра", True),
        ("весь день без интернета в офисе, работать не получается", True),
        ("поломалась сборка мастера, у всех красный CI", True),
        ("не можем выпустить версию в сторы — истёк сертификат разработчика", True),
        ("our staging cluster is gone, the whole QA team is idle", True),
        ("долго собирается проект, по 20 минут", False),
        ("нет тестовых данных для отчёта, генерирую сам", False),
    ],
)
def test_impossible_slow_or_missing_input(said: str, expected: bool) -> None:
    """«невозможна», «не получается», a broken build, a release that cannot ship, a team idle — critical; a slow
    build or a missing work input — a blocker that is not."""
    for text in (WORK + said, HEADERS + said):
        _, today, blockers, _ = _read(text)
        assert "PAY-2" in today, text
        assert (None if not blockers else any(b["critical"] for b in blockers)) == expected, text


EN_WORK = "Yesterday finished PAY-1, today working on PAY-2. "
EN_HEADERS = "Yesterday: PAY-1 report\nToday: PAY-2 export\nBlockers: "


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("urgent: need write access to the prod bucket", True),
        ("the staging DB crashed and nobody on the team can run tests", True),
        ("need the final copy from marketing, working on layout meanwhile", False),
        ("the test environment is slow today", False),
        ("still no answer from the bank about limits, not urgent", False),
        ("the build was failing yesterday, works now", None),
    ],
)
def test_english_needs_failures_slowness_and_recovery(said: str, expected: bool | None) -> None:
    for text in (EN_WORK + said, EN_HEADERS + said):
        _, today, blockers, _ = _read(text)
        assert "PAY-2" in today, text
        assert (None if not blockers else any(b["critical"] for b in blockers)) == expected, text


@pytest.mark.parametrize(
    "text",
    [
        "yesterday PAY-1 done, today PAY-2 — crash reporting for the mobile app",
        "yesterday PAY-1 merged, today PAY-2 — making sure checkout never fails silently",
    ],
)
def test_english_work_on_failures_is_no_blocker(text: str) -> None:
    assert _read(text)[:3] == (["PAY-1"], ["PAY-2"], [])


def test_a_denied_need_keeps_the_work_before_the_dash() -> None:
    """«today PAY-2 — need a review from Anna later, not blocking»: the denial takes the need, not today's PAY-2."""
    assert _read("yesterday PAY-1 merged, today PAY-2 — need design review from Anna later, not blocking")[:3] == (
        ["PAY-1"],
        ["PAY-2"],
        [],
    )
