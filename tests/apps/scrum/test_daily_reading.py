"""Reading a daily as a Scrum master would (issue 19): layouts, negation and scope, criticality by effect, questions
about what is missing, and one verdict on every path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentcore.apps.scrum.blocker_reading import criticality, escalation_reason, is_negated
from agentcore.apps.scrum.blockers import process_blockers
from agentcore.apps.scrum.checks import settle_daily
from agentcore.apps.scrum.daily_parser import daily_verdict, merge_clarification, parse_daily
from agentcore.apps.scrum.evaluation import load_labelled
from agentcore.apps.scrum.schemas import DailyOutput

DATA = Path(__file__).parent / "data"


def _read(text: str) -> tuple[list[str | None], list[str | None], list[dict]]:
    daily = parse_daily(text, "DEV")["daily"]
    ids = lambda section: [i["task_id"] for i in daily[section] if i["task_id"]]  # noqa: E731
    return ids("yesterday"), ids("today"), daily["blockers"]


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: PAY-1 отчёты\nСегодня: PAY-2 выгрузка\nБлокеры: нет",
        "✅ Вчера: PAY-1 отчёты\n🔜 Сегодня: PAY-2 выгрузка\n⛔ Блокеры: нет",
        "✅ PAY-1 сделал отчёты\n🎯 PAY-2 выгрузка сегодня\n🚧 нет",
        "Вчера\n1. PAY-1 отчёты\nСегодня\n1. PAY-2 выгрузка\nБлокеры\n1. нет",
        "1) Вчера: PAY-1 отчёты\n2) Сегодня: PAY-2 выгрузка\n3) Блокеров нет",
        "вчера добил PAY-1, сегодня ревью PAY-2, блокеров нет",
        "Yesterday: finished PAY-1\nToday: PAY-2 export\nBlockers: none",
        "Y: PAY-1 reports\nT: PAY-2 export\nB: nothing blocking me",
        "вчера закрыл PAY-1, today PAY-2 deploy, blockers нет",
        "вчира зделал PAY-1, севодня PAY-2 буду делать, блокиров нет",
        "Вчера ✅ PAY-1 отчёты\nСегодня 🔧 PAY-2 выгрузка\nБлокеры 🙅 нет",
        "Done: PAY-1\nПлан на today: PAY-2\nБлокеры: no",
    ],
)
def test_sections_in_any_layout(text: str) -> None:
    assert _read(text) == (["PAY-1"], ["PAY-2"], [])


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: PAY-1\nСегодня: PAY-2\nБлокеры: это не блокер, но дизайнер пока не ответил",
        "вчера PAY-1, сегодня PAY-2, жду ответа от Пети но это не блокер",
        "вчера PAY-1, сегодня PAY-2, ничего не жду",
        "Вчера: PAY-1\nСегодня: PAY-2\nБлокеры: был блокер с доступом к АТС, уже снят",
        "вчера PAY-1, сегодня PAY-2, был затык с правами, починили",
        "вчера PAY-1, сегодня PAY-2, блокер был, но Вася уже помог",
        "Вчера: PAY-1\nСегодня: PAY-2\nБлокеры: жду ответ от финансов, но работе это не мешает",
        "Вчера: PAY-1\nСегодня: PAY-2\nБлокеры: стенд вчера падал, но уже подняли, не блокер",
        "Вчера: PAY-1\nСегодня: PAY-2\nБлокеры: вчера был — нет доступа к стейджу, сегодня дали, снят",
        "Yesterday: PAY-1\nToday: PAY-2\nBlockers: not a blocker really, but need a quota increase",
        "вчера PAY-1, сегодня PAY-2, блакеров нет",
    ],
)
def test_negated_and_resolved_blockers_produce_none(text: str) -> None:
    yesterday, today, blockers = _read(text)
    assert blockers == [] and yesterday == ["PAY-1"] and today == ["PAY-2"]


def test_no_blocker_does_not_swallow_the_days_work() -> None:
    assert _read("вчера WEB-60 починил, сегодня займусь WEB-61 и WEB-62, ничего не мешает") == (
        ["WEB-60"],
        ["WEB-61", "WEB-62"],
        [],
    )


@pytest.mark.parametrize(
    ("text", "today", "blocker_task"),
    [
        ("Вчера закрыл PAY-1. Блокер: жду ревью по PAY-1. Сегодня делаю PAY-2 и PAY-3", ["PAY-2", "PAY-3"], "PAY-1"),
        ("вчера PAY-1, блокер — нет доступа к LDAP для PAY-1, сегодня беру PAY-2 пока", ["PAY-2"], "PAY-1"),
        ("вчера PAY-1 закрыл. блокер: банк не отвечает по PAY-3, но сегодня делаю PAY-2", ["PAY-2"], "PAY-3"),
        ("Блокер: жду доступ к кафке для PAY-3. Вчера PAY-1 закрыл. Сегодня PAY-2 делаю", ["PAY-2"], "PAY-3"),
        ("вчера PAY-1, сегодня PAY-4, блокер: жду ответ по PAY-3, пока делаю PAY-2", ["PAY-4", "PAY-2"], "PAY-3"),
    ],
)
def test_a_blocker_clause_ends_where_it_ends(text: str, today: list[str], blocker_task: str) -> None:
    yesterday, got_today, blockers = _read(text)
    assert yesterday == ["PAY-1"] and got_today == today
    assert [b["related_task_id"] for b in blockers] == [blocker_task]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("прод лежит после ночного деплоя", "не работает прод"),
        ("пользователи не могут войти, авторизация на проде не работает", "не работает прод"),
        ("упал дженкинс, вся команда стоит", "стоит команда или другие участники"),
        ("истек сертификат подписи, релиз спринта заблокирован", "под угрозой релиз или цель спринта"),
        ("жду ответ юристов, это критично для цели спринта", "участник назвал блокер срочным или критичным"),
        ("нет сертификата APNs, без него не начну MOB-42", "участник не может продолжать работу"),
        ("нет доступа в облако, делать больше нечего", "участник не может продолжать работу"),
        ("staging is down, can't test anything at all", "участник не может продолжать работу"),
        ("срочно нужен доступ к CI", "участник назвал блокер срочным или критичным"),
    ],
)
def test_critical_by_what_the_blocker_does_with_a_reason(text: str, reason: str) -> None:
    assert criticality(text) == (True, reason)


@pytest.mark.parametrize(
    "text",
    [
        "жду ревью PAY-1 уже неделю",  # waiting, however long
        "жду ответа от PO по PAY-2, пока гоняю PAY-1 дальше",
        "нет доступа к стенду",
        "нет тестового телефона, но есть эмулятор, работаю на нём",
        "жду апрув дизайна, но это не срочно",
        "несрочно, жду тексты от маркетинга",
        "жду ответ по PAY-3, не горит",
        "не могу показать PAY-5 на стейдже, но пилю дальше локально",
        # a task id is not an HTTP status, and logs of prod are not prod being down
        "нет доступа к прод-логам по PAY-502",
        "жду выгрузку с прода по OPS-503",
    ],
)
def test_waiting_or_working_around_is_not_critical(text: str) -> None:
    assert criticality(text) == (False, "")


def test_the_header_or_the_word_blocker_does_not_escalate() -> None:
    _, _, blockers = _read("Вчера: PAY-1\nСегодня: PAY-2\nБлокеры: блокер! жду ответ от PO по PAY-2, пока делаю PAY-1")
    assert [b["critical"] for b in blockers] == [False]
    events, escalations = process_blockers({"role": "DEV", "blockers": blockers}, {"PAY-2"}, set())
    assert events[0]["severity"] == "medium" and escalations == []


def test_each_escalation_says_why_in_one_line() -> None:
    _, _, blockers = _read("Вчера: PAY-1\nСегодня: PAY-2\nБлокеры: прод лежит, PAY-2")
    _, escalations = process_blockers({"role": "DEV", "blockers": blockers}, {"PAY-2"}, set())
    assert escalations[0]["severity"] == "critical" and escalations[0]["reason"] == "не работает прод"
    assert "\n" not in escalations[0]["reason"]
    assert escalation_reason("что-то непонятное", critical=True) == "в daily блокер отмечен как критичный"


def test_is_negated_leaves_real_blockers() -> None:
    assert not is_negated("жду ревью по PAY-1")
    assert not is_negated("был на встрече, стенд всё ещё лежит, снова упал")
    assert is_negated("был блокер с кредами к базе но уже снят")


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("Сегодня делаю PAY-240, блокеров нет", "что ты сделал вчера"),
        ("вчера закрыл AUTH-200 и AUTH-201, блокеров нет", "что планируешь сделать сегодня"),
        ("вчера закончил рефакторинг модуля уведомлений", "что планируешь сделать сегодня"),
        ("Блокер: жду доступ к кафке для OPS-1", "что ты сделал вчера и что планируешь сегодня"),
    ],
)
def test_a_daily_without_a_section_is_asked_about_it(text: str, missing: str) -> None:
    clarification = parse_daily(text, "DEV")["clarification"]
    assert clarification["needs_clarification"] is True
    assert missing in clarification["question"] and clarification["question"].endswith("?")


def test_the_answer_fills_the_missing_section() -> None:
    first = parse_daily("вчера закрыл AUTH-200, блокеров нет", "DEV")
    answer = merge_clarification(first["daily"], "AUTH-201 — логаут со всех устройств", "DEV")
    assert [i["task_id"] for i in answer["daily"]["today"]] == ["AUTH-201"]
    assert answer["clarification"]["needs_clarification"] is False


def test_the_answer_can_make_a_blocker_critical() -> None:
    first = parse_daily("Вчера закрыл TASK-12, сегодня начну TASK-15. Блокер: нет доступов к стенду.", "DEV")
    assert first["daily"]["blockers"][0]["critical"] is False
    answer = merge_clarification(first["daily"], "TASK-15: без стенда не могу проверить интеграцию", "DEV")
    assert answer["daily"]["blockers"][0] == {
        "text": "нет доступов к стенду",
        "critical": True,
        "related_task_id": "TASK-15",
    }


@pytest.mark.parametrize("text", ["", "  ", "-", "работаю", "всё как вчера", "то же самое", "PAY-230"])
def test_weak_dailies_get_the_rewrite_not_a_section_question(text: str) -> None:
    out = parse_daily(text, "DEV")
    assert out["daily"]["quality"] in ("EMPTY", "TOO_SHORT")
    assert out["clarification"]["needs_clarification"] is False


def _model_style(output: dict) -> dict:
    """``output`` as a model writes it: placeholders, lower-case ids, its own quality guess, no question."""
    daily = json.loads(json.dumps(output["daily"]))
    for item in daily["yesterday"] + daily["today"]:
        item["task_id"] = (item["task_id"] or "NO_TASK_ID").lower()
    for blocker in daily["blockers"]:
        blocker["related_task_id"] = blocker["related_task_id"] or "NO_TASK_ID"
    daily["quality"] = "DETAIL_OK"
    raw = {"daily": daily, "clarification": {"needs_clarification": False, "question": ""}}
    return DailyOutput.model_validate(raw).model_dump(mode="json")


@pytest.mark.parametrize("name", ["dailies_people_dev", "dailies"])
def test_one_verdict_on_every_path(name: str) -> None:
    """The same reading gets the same quality and question offline and from a model (via ``settle_daily``)."""
    for item in load_labelled(DATA / f"{name}.jsonl"):
        offline = parse_daily(item["message"], "DEV")
        settled = settle_daily(_model_style(offline), item["message"])
        assert settled["daily"]["quality"] == offline["daily"]["quality"], item["id"]
        assert settled["clarification"] == offline["clarification"], item["id"]
        assert (offline["daily"]["quality"], offline["clarification"]) == daily_verdict(
            offline["daily"], item["message"]
        ), item["id"]


def test_nothing_a_person_reads_carries_a_placeholder_or_an_invented_id() -> None:
    for name in ("dailies_people_dev", "dailies_people_test", "dailies", "dailies_heldout", "dailies_review"):
        for item in load_labelled(DATA / f"{name}.jsonl"):
            out = parse_daily(item["message"], "DEV")
            text = json.dumps(out, ensure_ascii=False)
            assert "NO_TASK_ID" not in text, item["id"]
            daily = out["daily"]
            named = [i["task_id"] for i in daily["yesterday"] + daily["today"] if i["task_id"]]
            named += [b["related_task_id"] for b in daily["blockers"] if b["related_task_id"]]
            written = item["message"].upper()
            for task_id in named:  # every id is one the author wrote (a URL's id is in its URL)
                assert task_id.split("#")[-1] in written or task_id.upper() in written, (item["id"], task_id)
            question = out["clarification"]["question"]
            assert not question or question.endswith("?"), item["id"]


def test_the_daily_prompt_states_the_same_rules() -> None:
    """A real model gets the rules the offline parser follows: negation, scope, criticality by effect, ids."""
    from agentcore.apps.scrum.prompts import DAILY

    for rule in (
        "«не блокер», «блокеров нет», «ничего не жду»",  # negation
        "«был блокер, уже снят",  # resolved
        "это today, а не текст блокера",  # scope
        "а не по слову «блокер» или заголовку",  # criticality by effect
        "сколько бы ни длилось",  # waiting is not critical
        "«#512», «owner/repo#12»",  # id forms
        "UTF-8, ISO-8601, python 3",  # versions are not ids
        "не пиши заглушки вроде NO_TASK_ID",
        "оканчивающийся «?»",
    ):
        assert rule in DAILY, rule


def test_a_risk_is_not_a_blocker_and_a_fixed_failure_is_work() -> None:
    assert _read("Вчера: PAY-1 сделал\nСегодня: PAY-2 добиваю\nРиски: PAY-2 может не влезть в спринт")[2] == []
    assert _read("Вчера: починил PAY-1, там падал вебхук\nСегодня: PAY-2\nБлокеры: нет") == (["PAY-1"], ["PAY-2"], [])
    assert _read("вчера PAY-1, сегодня PAY-2: сломана навигация, фикшу, блокеров нет") == (["PAY-1"], ["PAY-2"], [])
    assert len(_read("вчера PAY-1, сегодня PAY-2, но упал стейдж, пока пишу тесты локально")[2]) == 1


@pytest.mark.parametrize(
    "text",
    [
        "вчера PAY-1 отчёты, сегодня PAY-2 выгрузка, проблем никаких",
        "вчера PAY-1 отчёты, сегодня PAY-2 выгрузка, блокеров ноль",
        "вчера PAY-1 отчёты, сегодня PAY-2 выгрузка. Ждал доступ к базе, но вчера выдали",
        "вчера PAY-1 отчёты, сегодня PAY-2 выгрузка; сборка иногда долгая, но это не мешает",
        "Вчера: PAY-1 отчёты\nСегодня: PAY-2 выгрузка\nБлокеры: был блокер по PAY-1, уже решили. Новых нет",
    ],
)
def test_negation_reaches_the_trouble_it_denies(text: str) -> None:
    """A denial or a resolution applies to the clause it qualifies, whatever words that clause used; the quantifier
    may stand after the noun («проблем никаких»); «новых нет» closes a blocker list."""
    out = parse_daily(text, "DEV")
    assert (out["daily"]["blockers"], _read(text)[:2]) == ([], (["PAY-1"], ["PAY-2"]))
    assert out["daily"]["quality"] == "GREAT"  # blockers addressed, every item tied and described


@pytest.mark.parametrize(
    "text",
    [
        "Всем привет! Вчера закрыл PAY-1, сегодня PAY-2 выгрузка, блокеров нет",
        "QA: вчера PAY-1 проверила, сегодня PAY-2 регресс, блокеров нет",
        "вчера PAY-1 отчёты, сегодня PAY-2 выгрузка. Блокеров нет, но если кто знает СБП — буду рад подсказке",
        "Вчера: PAY-1 — не работал экспорт, исправил\nСегодня: PAY-2 — выгрузка, буду чинить\nБлокеры: нет",
        "вчера PAY-1 done (был баг с датами, пофиксил), сегодня PAY-2 WIP, блокеров нет",
    ],
)
def test_greetings_labels_asides_and_elaborations_are_not_work_items(text: str) -> None:
    """Clause boundaries by meaning: a greeting, an author label, a call for help, a bare verb or status going on
    with the task before it and a parenthetical remark make no work item of their own."""
    daily = parse_daily(text, "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["PAY-1"] and [i["task_id"] for i in daily["today"]] == [
        "PAY-2"
    ]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    ("text", "great"),
    [
        ("вчера PAY-1 done, сегодня PAY-2 in progress, блокеров нет", True),
        ("вчера acme/web#1 верстка, сегодня acme/web#2, блокеров нет", False),  # the repo's words describe nothing
        ("вчера PAY-1 отчёты, сегодня задача PAY-2, блокеров нет", False),
        ("вчера PAY-1 отчёты, сегодня PAY-2 и PAY-3, блокеров нет", False),
        # The labelling rule: any verb says what happens to the task, a generic one as much as the seed's «начну».
        ("Вчера закрыл PAY-1, сегодня начну PAY-2. Блокеров нет.", True),
        ("Вчера делал PAY-1, сегодня делаю PAY-2. Блокеров нет.", True),
        ("вчера PAY-1 закрыл, сегодня PAY-2 буду делать, блокеров нет", True),
        ("вчера закрыл PAY-1, сегодня работа по PAY-2, блокеров нет", False),  # a noun for work in general
        ("вчера закрыл PAY-1, сегодня PAY-2, жду ревью PAY-1, пока беру PAY-2", True),  # a second mention describes
    ],
)
def test_an_item_is_described_by_a_word_of_its_own(text: str, great: bool) -> None:
    """GREAT needs every task described by one of its work mentions (the labelling rule in docs/scrum.md)."""
    assert (parse_daily(text, "DEV")["daily"]["quality"] == "GREAT") is great


@pytest.mark.parametrize(
    "text",
    [
        "Доклад:\n- вчера закрыл ORD-10\n- сегодня делаю ORD-11\n- блокеров нет",  # a title line
        "Сводка по мне:\nвчера закрыл ORD-10\nсегодня делаю ORD-11\nблокеров нет",
        "Вчера: ORD-10 корзина\nСегодня: ORD-11 купоны\nКстати, стенд сегодня быстрый. Ничего не мешает",  # a remark
        "Вчера: ORD-10 корзина\nСегодня: ORD-11 купоны\nP.S. макет купонов пока старый, потом обновим. Блокеров нет",
    ],
)
def test_a_remark_beside_the_tasks_is_no_work_item(text: str) -> None:
    """Only work keeps a daily from GREAT (the labelling rule counts work items): a title or a remark beside the
    tasks, which names no activity and has no verb of doing, is no item without a task."""
    assert parse_daily(text, "DEV")["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: PAY-5 — отчёты\nСегодня: PAY-6 — экспорт, ещё допишу скрипт выгрузки\nБлокеров нет",  # a deliverable
        "Вчера: PAY-5 — отчёты\nСегодня: PAY-6 — экспорт. Планирую заранее запросить доступ к проду. Блокеров нет",
        "вчера закрыл PAY-5 и помогал Ане с деплоем. Ещё собрал образ для стенда. Сегодня PAY-6 экспорт, блокеров нет",
        "Вчера: PAY-5 — отчёты\nСегодня: тесты\nБлокеров нет",  # a section with no task: its work has none
    ],
)
def test_work_without_a_task_id_keeps_a_daily_from_great(text: str) -> None:
    """Work with no task id — a deliverable, a verb of doing, a section's only item — is DETAIL_OK."""
    assert parse_daily(text, "DEV")["daily"]["quality"] == "DETAIL_OK"


@pytest.mark.parametrize(
    "text",
    [
        "blocked on firewall rules, cannot do anything without them",
        "жду сборку от девов, без неё тестировать нечего",
        "нет данных, проверять пока нечего",
        "база недоступна, проверять вообще нечего",
        "нет выгрузки, считать совсем нечего",
        "макета нет, других задач в спринте у меня нет",
    ],
)
def test_nothing_left_to_do_is_critical(text: str) -> None:
    assert criticality(text) == (True, "участник не может продолжать работу")


def test_a_time_word_or_header_in_a_models_summary_describes_nothing() -> None:
    """Models copy the header into an item's summary («Сегодня: PAY-2»): the verdict still sees a bare id."""
    daily = {
        "role": "DEV",
        "yesterday": [{"task_id": "PAY-1", "summary": "Вчера: PAY-1 отчёты"}],
        "today": [{"task_id": "PAY-2", "summary": "Сегодня: PAY-2"}],
        "blockers": [],
        "quality": "GREAT",
    }
    message = "Вчера: PAY-1 отчёты\nСегодня: PAY-2\nБлокеры: нет"
    assert daily_verdict(daily, message)[0] == parse_daily(message, "DEV")["daily"]["quality"] == "DETAIL_OK"
    daily["today"][0]["summary"] = "Сегодня: PAY-2 — WIP"
    # The text decides: a status the model added to a bare id describes nothing the author wrote (session qual24:
    # the same text, the same verdict on every path); the author's own status does.
    assert daily_verdict(daily, message)[0] == "DETAIL_OK"
    assert daily_verdict(daily, message.replace("PAY-2", "PAY-2 — WIP"))[0] == "GREAT"


def _model_answer(yesterday: list[tuple[str, str]], today: list[tuple[str, str]]) -> dict:
    daily = {
        "role": "DEV",
        "yesterday": [{"task_id": t, "summary": s} for t, s in yesterday],
        "today": [{"task_id": t, "summary": s} for t, s in today],
        "blockers": [],
        "quality": "GREAT",
    }
    return {"daily": daily, "clarification": {"needs_clarification": False, "question": ""}}


def test_what_a_model_leaves_out_without_an_id_still_counts() -> None:
    """A model that drops the author's work without a task id («написал скрипт миграции») does not make the daily
    GREAT: the verdict reads the text's own items too, as offline."""
    message = "Вчера: TASK-1 логин, ещё написал скрипт миграции\nСегодня: TASK-2 выгрузка\nБлокеры: нет"
    answer = _model_answer([("TASK-1", "логин")], [("TASK-2", "выгрузка")])
    settled = settle_daily(answer, message)
    assert settled["daily"]["quality"] == parse_daily(message, "DEV")["daily"]["quality"] == "DETAIL_OK"


def test_a_section_the_text_fills_is_not_asked_about_on_the_model_path() -> None:
    """«сегодня весь день на обучении» says today's plan without a task: a model that lists nothing for today is not
    asked «что планируешь сегодня?», as offline."""
    message = "вчера TASK-1 логин закрыл, сегодня весь день на обучении, блокеров нет"
    settled = settle_daily(_model_answer([("TASK-1", "логин закрыл")], []), message)
    assert settled["clarification"] == parse_daily(message, "DEV")["clarification"]
    assert settled["clarification"]["needs_clarification"] is False
