"""Trouble told in a daily that is not the member's blocker, and critical blockers told by their effect (issue 19,
session sb, dev28's classes): an English «no» with a modifier before the noun, a negated verb of effect on the
member's work, a trouble owned by someone else, nothing else left to do told with a negated verb of being, and an
impossibility told by a negative pronoun with an infinitive.  Probes written for these tests in words no labelled
split uses."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily

_HEAD = "Вчера: HUB-3 импорт\nСегодня: HUB-4 выгрузка\nБлокеры: "


def _daily(message: str) -> dict[str, Any]:
    return dict(parse_daily(message, "DEV")["daily"])


@pytest.mark.parametrize(
    "message",
    [
        "Yesterday: HUB-3 done. Today: HUB-4 export. No real blockers.",
        "Yesterday: HUB-3 done. Today: HUB-4 export. Staging is down. No major issues though.",
        "Yesterday: HUB-3 done. Today: HUB-4 export. The linter keeps crashing, annoying. No serious blockers.",
    ],
)
def test_an_english_no_with_a_modifier_is_an_all_clear(message: str) -> None:
    """«no» + a modifier + the noun says none as «no blockers» does; the all-clear is no blocker itself."""
    daily = _daily(message)
    assert daily["blockers"] == []
    assert daily["quality"] in ("GREAT", "DETAIL_OK")


def test_an_english_no_with_a_modifier_keeps_a_blocker_that_stops_the_work() -> None:
    daily = _daily(
        "Yesterday: HUB-3 done. Today: HUB-4. No real blockers, but HUB-4 waits on the bank's keys and I have "
        "nothing else to do"
    )
    assert [b["critical"] for b in daily["blockers"]] == [True]


@pytest.mark.parametrize(
    "message",
    [
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Стенд тормозит, но на мою работу это не влияет",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У смежников упал деплой, на наши задачи не влияет",
        "Yesterday: HUB-3 done. Today: HUB-4 export. Waiting on the data vendor for HUB-9, but that is next month, so "
        "it doesn't block anything.",
        "Y: HUB-3 done\nT: HUB-4 export\nThe billing squad is stuck on their sandbox, not affecting my tasks",
    ],
)
def test_a_negated_verb_of_effect_on_the_members_work_denies_the_trouble(message: str) -> None:
    """«не влияет на работу», «doesn't block anything», «not affecting my tasks»: the trouble beside it is told, not
    the member's blocker."""
    assert _daily(message)["blockers"] == []


@pytest.mark.parametrize(
    "message",
    [
        # a verb that is not one of effect on the work: the work itself is refused — a trouble
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Жду доступ к стенду, работу не принимают",
        # the effect asserted, not denied
        "Yesterday: HUB-3 done. Today: HUB-4 export. The sandbox is down and it blocks my tasks",
    ],
)
def test_the_effect_not_denied_keeps_the_blocker(message: str) -> None:
    assert len(_daily(message)["blockers"]) == 1


@pytest.mark.parametrize(
    "message",
    [
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У Оли проблемы с сертификатом на стенде.",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У Оли не работает стенд для демо, она разбирается.",
        "вчера HUB-3 сделал, сегодня HUB-4 экспорт. у маркетологов горит запуск акции, у меня блокеров нет",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. А у мобильной команды упал билд-сервер, они уже чинят.",
    ],
)
def test_a_trouble_owned_by_someone_else_is_not_the_members_blocker(message: str) -> None:
    """«у <person or group>» opening the statement, and the member touched nowhere: a colleague's trouble as news."""
    assert _daily(message)["blockers"] == []


@pytest.mark.parametrize(
    ("message", "critical"),
    [
        # the member is touched after all: a first-person verb with a trouble, a wait
        ("Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У Оли упал стенд, поэтому не могу протестировать HUB-4", False),
        ("Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У Оли упал стенд, жду", False),
        # what another owes the member is the member's wait
        ("Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У бэкендеров не готов API для HUB-4", False),
        # a group the member is among, or a stop of everyone
        ("Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У всей команды отвалился VPN, никто не может работать", True),
        ("Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У соседней команды лёг прод, вся команда стоит", True),
        # the public a business serves: the business's trouble
        ("Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. У покупателей не проходит оплата картой", True),
    ],
)
def test_the_member_touched_keeps_the_blocker(message: str, critical: bool) -> None:
    assert [b["critical"] for b in _daily(message)["blockers"]] == [critical]


@pytest.mark.parametrize(
    "message",
    [
        # nothing else left, told by a negated verb of remaining
        _HEAD + "HUB-4 — банк не выдал ключи, а других задач у меня не осталось",
        # nothing can be done: a negative pronoun of things and a negated infinitive
        _HEAD + "HUB-4 — сломался токен к хранилищу, ни к чему не подключиться",
        _HEAD + "HUB-4 — отозвали сертификат, ничего не проверить",
    ],
)
def test_a_stop_told_by_structure_is_critical(message: str) -> None:
    assert [b["critical"] for b in _daily(message)["blockers"]] == [True]


@pytest.mark.parametrize(
    "message",
    [
        # whom the member cannot reach is a wait
        _HEAD + "HUB-4 — жду ключи, ни с кем из банка не связаться",
        # a finite verb denies («ничего не жду»); what was is over
        _HEAD + "HUB-4 — ревью висит, других задач вчера не было",
    ],
)
def test_a_wait_stays_non_critical(message: str) -> None:
    assert [b["critical"] for b in _daily(message)["blockers"]] == [False]


@pytest.mark.parametrize(
    ("message", "today"),
    [
        ("Вчера: HUB-3 импорт\nСегодня: HUB-4 — жду схему от аналитиков, остальное в спринте закрыто", "HUB-4"),
        ("Yesterday: HUB-3 import\nToday: HUB-4 - can't start without the schema, nothing else on my plate", "HUB-4"),
    ],
)
def test_a_task_before_the_dash_under_a_section_header_stays_in_the_section(message: str, today: str) -> None:
    """«Сегодня: X — <blocker>»: X is today's plan the blocker stops, as «сегодня X — <blocker>» in prose is."""
    daily = _daily(message)
    assert [item["task_id"] for item in daily["today"]] == [today]
    assert [b["related_task_id"] for b in daily["blockers"]] == [today]


@pytest.mark.parametrize(
    "message",
    [
        "вчера закрыл HUB-3, сегодня HUB-4 выгрузка. Ночью падал кластер очередей, дежурные уже разобрались. "
        "Блокеров нет",
        "Done: HUB-3 import. Doing: HUB-4 export. FYI the DNS outage this morning hit the portal, it was fixed by 9am. "
        "No blockers.",
    ],
)
def test_news_of_a_trouble_others_fixed_is_neither_a_blocker_nor_work(message: str) -> None:
    """A trouble told with a remedy others did: news, not the member's blocker and not an item without a task."""
    daily = _daily(message)
    assert daily["blockers"] == []
    assert all(item["task_id"] for item in daily["yesterday"] + daily["today"])
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "message",
    [
        "Вчера: HUB-3 импорт\nСегодня: HUB-4 продолжаю, маппинг\n"
        "Опасаюсь, что в оценку не уложусь, вылезет на понедельник. Блокеров нет",
        "Вчера: HUB-3 импорт\nСегодня: HUB-4 маппинг\nНе уверена, что успею к ревью в четверг. Блокеров нет",
        "Yesterday: HUB-3 import. Today: HUB-4 mapping. I'm worried it is bigger than we estimated. No blockers.",
    ],
)
def test_a_worry_about_the_plan_is_a_remark_not_work(message: str) -> None:
    daily = _daily(message)
    assert [item["task_id"] for item in daily["today"]] == ["HUB-4"]
    assert daily["blockers"] == []
    assert daily["quality"] == "GREAT"


def test_the_members_own_fix_and_a_worry_naming_new_work_stay_work() -> None:
    daily = _daily("Вчера HUB-3 починил, там падал импорт. Сегодня HUB-4. Боюсь, HUB-5 тоже придётся переделать")
    assert [item["task_id"] for item in daily["yesterday"]] == ["HUB-3"]
    assert "HUB-5" in [item["task_id"] for item in daily["today"]]


@pytest.mark.parametrize(
    "message",
    [
        # the one who lacks or needs, in the dative, is another; the member provides
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Оле нужен доступ к моему репозиторию, выдам после стендапа",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Аналитикам не хватает выгрузки, я им отправил файл",
        # others wait for what the member owes them
        "Yesterday: HUB-3 done. Today: HUB-4 export. The billing squad is waiting on my endpoint, shipping it today",
        # a later statement denies that the trouble is one
        "Yesterday: HUB-3 done. Today: HUB-4 export. The linter is slow today, not an issue",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Стейдж лежит, но это к моей работе не относится",
        # news of a fix by someone else, in either language
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. На проде ночью был всплеск ошибок 502, дежурный откатил релиз",
        "Yesterday: HUB-3 done. Today: HUB-4 export. The SMS gateway went down at night, Omar restarted it",
        # only supposed: the complement of a past suspicion
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Было подозрение, что упал прод, оказалось — ложная тревога",
        "Yesterday: HUB-3 done. Today: HUB-4 export. We suspected the SMS gateway was down, it was a dashboard glitch",
    ],
)
def test_trouble_that_is_not_the_members_is_no_blocker(message: str) -> None:
    assert _daily(message)["blockers"] == []


@pytest.mark.parametrize(
    "message",
    [
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Оле нужен доступ, а мне нужен доступ к проду для HUB-4",
        "Yesterday: HUB-3 done. Today: HUB-4 export. I'm waiting for my access to the warehouse",
        "Yesterday: HUB-3. Today: HUB-4. Blocked on review of my HUB-3 for two days, not a big deal",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Думал, что успею, но упал стенд, жду админов",
    ],
)
def test_the_members_own_trouble_beside_them_stays(message: str) -> None:
    assert len(_daily(message)["blockers"]) == 1


@pytest.mark.parametrize(
    "message",
    [
        # a total stop told by a noun and its degree, or a paralysis
        _HEAD + "HUB-4 — без ключей от банка я в полном стопе",
        _HEAD + "HUB-4 — упал сервер сборок, работа парализована",
        "Yesterday: HUB-3\nToday: HUB-4\nBlockers: HUB-4 — at a complete standstill without the vendor credentials",
        # the blocked task is all the member has
        "Yesterday: HUB-3\nToday: HUB-4\nBlockers: HUB-4 — can't start without the schema, and it's all I have "
        "this sprint",
        _HEAD + "HUB-4 — жду схему от аналитиков, а это моя единственная задача в спринте",
        # the stakes due today and what they need does not function or is absent
        _HEAD + "HUB-4 — показ заказчику в 16:00, а песочница не открывается",
        _HEAD + "HUB-4 — дедлайн сегодня, а выгрузки от банка до сих пор нет",
    ],
)
def test_a_complete_stop_told_in_other_words_is_critical(message: str) -> None:
    assert [b["critical"] for b in _daily(message)["blockers"]] == [True]


@pytest.mark.parametrize(
    "message",
    [
        _HEAD + "HUB-4 — показ заказчику в четверг, макеты ещё не готовы, пока верстаю на заглушках",
        _HEAD + "HUB-4 — долгий CI, единственное, что раздражает",
    ],
)
def test_a_due_date_not_today_or_a_nuisance_stays_non_critical(message: str) -> None:
    assert [b["critical"] for b in _daily(message)["blockers"]] == [False]


@pytest.mark.parametrize(
    "message",
    [
        # no longer happening: «больше не» and a past verb is the trouble's end
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. На прошлой неделе был затык с сертификатами, больше не повторялся",
        # a need told as possible is a risk
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Возможно, понадобится помощь с HUB-4 ближе к пятнице",
        "Yesterday: HUB-3 done. Today: HUB-4 export. Might need help from the data team later this week",
        # a near miss did not happen
        "Yesterday: HUB-3 done. Today: HUB-4 export. We nearly missed the launch on Monday, made it in the end",
    ],
)
def test_a_trouble_over_possible_or_near_missed_is_no_blocker(message: str) -> None:
    assert _daily(message)["blockers"] == []


@pytest.mark.parametrize(
    "message",
    [
        # «возможно» after the trouble hedges its cause, not the trouble
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Стенд лежит, возможно из-за DNS, жду админов",
        # «больше не могу» is a present inability, not an end
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Больше не могу ждать ревью HUB-3, второй день висит",
    ],
)
def test_a_hedged_cause_or_a_present_inability_keeps_the_blocker(message: str) -> None:
    assert len(_daily(message)["blockers"]) == 1


@pytest.mark.parametrize(
    "message",
    [
        _HEAD + "HUB-4 — партнёр отозвал ключи, работа по интеграции остановлена",
        _HEAD + "HUB-4 — VPN отклоняет сертификат, поддержка молчит, по сути весь день впустую",
        "Yesterday: HUB-3\nToday: HUB-4\nBlockers: HUB-4 — zero progress today, the sandbox VM is gone",
        "Yesterday: HUB-3\nToday: HUB-4\nBlockers: HUB-4 — no warehouse access, and every remaining story needs it",
        "Yesterday: HUB-3\nToday: HUB-4\nBlockers: HUB-4 — the partner's SSO is broken so no customer can log in",
        "Yesterday: HUB-3\nToday: HUB-4\nBlockers: HUB-4 — this is a showstopper for the launch",
        _HEAD + "HUB-4 — в проде битые данные, заказы теряются",
    ],
)
def test_a_stop_of_the_work_or_the_business_in_other_words_is_critical(message: str) -> None:
    assert [b["critical"] for b in _daily(message)["blockers"]] == [True]


@pytest.mark.parametrize(
    "message",
    [
        _HEAD + "HUB-4 — потратил час впустую на настройку VPN, теперь жду ответа от админов, пока делаю HUB-5",
        "Yesterday: HUB-3\nToday: HUB-4\nBlockers: HUB-4 — waiting on the schema review, the remaining stories don't "
        "need it",
    ],
)
def test_an_hour_lost_or_a_wait_others_do_not_need_stays_non_critical(message: str) -> None:
    assert [b["critical"] for b in _daily(message)["blockers"]] == [False]


@pytest.mark.parametrize(
    "message",
    [
        "Yesterday: HUB-3 done. Today: HUB-4 export. The build server went down for an hour, back now",
        "Yesterday: HUB-3 done. Today: HUB-4 export. We'll need prod access for HUB-7 eventually, requested it already",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. Для HUB-7 нужно будет согласовать схему с архитектором",
    ],
)
def test_a_trouble_back_to_normal_or_a_need_in_the_future_is_no_blocker(message: str) -> None:
    assert _daily(message)["blockers"] == []


def test_a_wait_now_beside_a_need_in_the_future_stays() -> None:
    daily = _daily(
        "Вчера HUB-3 сделал. Сегодня HUB-4. Жду доступ к S3 для HUB-4, потом нужно будет ещё согласовать схему"
    )
    assert len(daily["blockers"]) == 1


@pytest.mark.parametrize(
    "message",
    [
        "Yesterday: HUB-3 done. Today: HUB-4 export. Last week we had an outage in the search cluster, the postmortem "
        "is on Friday",
        "Вчера HUB-3 сделал. Сегодня HUB-4 экспорт. На прошлой неделе был затык с сертификатами на стенде",
    ],
)
def test_an_episode_before_yesterday_is_news_not_a_blocker(message: str) -> None:
    assert _daily(message)["blockers"] == []


def test_an_episode_before_yesterday_beside_a_wait_now_keeps_the_wait() -> None:
    daily = _daily("Вчера HUB-3 сделал. Сегодня HUB-4. Позавчера лежал гитлаб, сегодня жду доступ к S3 для HUB-4")
    assert [b["related_task_id"] for b in daily["blockers"]] == ["HUB-4"]


@pytest.mark.parametrize(
    "last",
    [
        # session sw: another person in the state of being stopped, told as news; the member helps at most
        "Рома заблокирован ревьюерами, подменяю его на ревью.",
        "Аналитики застряли с витриной, после обеда подключусь к ним.",
        "Priya is blocked on the cluster quota, I'm pairing with her after lunch.",
        "He is stuck on the flaky e2e suite.",
    ],
)
def test_another_person_stopped_is_not_the_members_blocker(last: str) -> None:
    daily = _daily(f"Вчера: HUB-3 импорт. Сегодня: HUB-4 выгрузка. {last}")
    assert daily["blockers"] == [], daily


@pytest.mark.parametrize(
    "last",
    [
        "Рома заблокирован ревьюерами, поэтому я тоже не могу влить HUB-4.",  # the member is touched
        "Кластер заблокирован квотой.",  # a thing, not a person
        "Staging is blocked by a failed migration.",  # a capitalised word nothing takes back as a person
        "Я заблокирован ревьюерами.",
    ],
)
def test_the_member_or_a_thing_stopped_stays_a_blocker(last: str) -> None:
    daily = _daily(f"Вчера: HUB-3 импорт. Сегодня: HUB-4 выгрузка. {last}")
    assert daily["blockers"], daily
