"""The offline DAILY parser: behaviour on typical wordings, and its F1 on the labelled dailies (no regressions)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.apps.scrum.labelled_data import assert_well_formed

from agentcore.apps.scrum.daily_parser import merge_clarification, parse_daily, task_ids_in
from agentcore.apps.scrum.evaluation import evaluate, load_labelled
from agentcore.apps.scrum.schemas import DailyOutput

DATA = Path(__file__).parent / "data"


def _ids(output: dict, section: str) -> list[str | None]:
    return [item["task_id"] for item in output["daily"][section]]


def test_seed_example_initial() -> None:
    out = parse_daily("Вчера закрыл TASK-12, сегодня начну TASK-15. Блокер: нет доступов к стенду.", "DEV")
    assert _ids(out, "yesterday") == ["TASK-12"] and _ids(out, "today") == ["TASK-15"]
    # No access alone does not say the work stops: not critical (issue 19).
    assert out["daily"]["blockers"] == [{"text": "нет доступов к стенду", "critical": False, "related_task_id": None}]
    assert out["clarification"]["needs_clarification"] is True
    assert "«нет доступов к стенду»" in out["clarification"]["question"]
    assert out["clarification"]["question"].endswith("?")
    assert "TASK-15" in out["clarification"]["question"]  # the example id is one the author mentioned
    DailyOutput.model_validate(out)


def test_list_with_headers_in_any_order_and_english() -> None:
    out = parse_daily("Today: deploy PAY-13\nYesterday: fixed PAY-12\nBlockers: none", "QA")
    assert _ids(out, "yesterday") == ["PAY-12"] and _ids(out, "today") == ["PAY-13"]
    assert out["daily"]["blockers"] == [] and out["daily"]["role"] == "QA"
    assert out["daily"]["quality"] == "GREAT"


def test_typos_and_lower_case_ids() -> None:
    out = parse_daily("вчира фиксил баг в pay-7, севодня продолжу его же, блокир — стенд лежит срочно", "DEV")
    assert _ids(out, "yesterday") == ["PAY-7"]
    assert (
        out["daily"]["blockers"][0]["critical"] is True and out["daily"]["blockers"][0]["text"] == "стенд лежит срочно"
    )


@pytest.mark.parametrize(
    ("text", "critical"),
    [
        ("Блокер: нет доступов к стенду", False),  # a header or the word «блокер» does not make it critical
        ("Блокер: нет доступов к стенду, а больше делать нечего", True),
        ("жду ревью MR по TASK-1", False),
        ("жду ревью MR по TASK-1 уже две недели, пока делаю TASK-2", False),  # waiting while working: never
        ("срочно нужен ключ API для TASK-1", True),
        ("несрочно, жду ключ API для TASK-1", False),
        ("не могу собрать проект, TASK-1, работать не могу", True),
        ("мешает шумный опенспейс", False),
        ("Блокер: жду ответа дизайнера, не критично", False),
        ("Блокер: прод лежит после деплоя", True),
        ("Блокер: жду схему от смежников, без этого не начну", True),
        ("Блокер: ключей нет, релиз спринта под угрозой", True),
        ("Блокер: упал дженкинс, вся команда стоит", True),
        ("Блокер: нет сертификата, без него не начну TASK-1", True),
        ("production is down, nobody can log in", True),  # an outage in English is a blocker, and stops everyone
        ("waiting for VPN access, can't start TASK-1 without it, no other tasks", True),
        ("блокер: жду ответ от юристов, сроков нет, пока занимаюсь TASK-2", False),  # no ETA, other work: waiting
    ],
)
def test_critical_markers(text: str, critical: bool) -> None:
    assert parse_daily(text, "DEV")["daily"]["blockers"][0]["critical"] is critical


@pytest.mark.parametrize(
    "blocker",
    [
        "работа встала, пока не починят стенд",  # the member cannot go on
        "простаиваю, нет доступа к репозиторию",
        "без VPN работать невозможно",
        "заблокирован полностью, нет прав на запись в базу",
        "I'm completely blocked, no access to the cluster",
        "всё упало после деплоя, сервис недоступен для всех пользователей",  # production down
        "оплаты на проде не проходят",
        "site is down for all customers",
        "это блокирует всю команду — нет доступа к артефактам",  # others stand
        "упала база на стейдже, QA стоит",
        "не можем выкатить релиз, пайплайн красный",  # the release or a promised date
        "демо заказчику завтра под угрозой, сломан стенд",
    ],
)
def test_what_stops_the_work_is_critical(blocker: str) -> None:
    """Criticality from what the blocker does (issue 19), in the words people use for it."""
    daily = parse_daily(f"вчера закрыл TASK-1, сегодня TASK-2 выгрузка. Блокер: {blocker}", "DEV")["daily"]
    assert [b["critical"] for b in daily["blockers"]] == [True]


@pytest.mark.parametrize(
    "blocker",
    ["работа встала, пока не починят стенд", "простаиваю, нет доступа к репозиторию", "без VPN работать невозможно"],
)
def test_a_stopped_work_is_a_blocker_without_a_header(blocker: str) -> None:
    daily = parse_daily(f"вчера закрыл TASK-1, сегодня TASK-2 выгрузка, {blocker}", "DEV")["daily"]
    assert [(b["text"], b["critical"]) for b in daily["blockers"]] == [(blocker, True)]
    assert [i["task_id"] for i in daily["today"]] == ["TASK-2"]


@pytest.mark.parametrize(
    ("text", "quality"),
    [
        ("", "EMPTY"),
        ("   \n -", "EMPTY"),
        ("Вчера: -\nСегодня: -\nБлокеры: -", "EMPTY"),
        ("работаю", "TOO_SHORT"),
        ("Сегодня буду делать задачи", "TOO_SHORT"),
        ("Вчера занимался документацией, сегодня продолжу. Блокеров нет.", "NO_TASKS_MENTIONED"),
        ("вчера TASK-30, сегодня TASK-31, блокеров нет", "DETAIL_OK"),
        ("Вчера закрыл TASK-1 (логин), сегодня TASK-2 — профиль. Блокеров нет.", "GREAT"),
    ],
)
def test_quality_levels(text: str, quality: str) -> None:
    assert parse_daily(text, "DEV")["daily"]["quality"] == quality


@pytest.mark.parametrize(
    "tail",
    [
        "блоков нет",
        "блокеров больше нет, стенд починили",
        "блокеров, слава богу, нет",
        "блокеров не предвижу",
        "блокеров как таковых нет",
        "Blockers: none really",
        "Блокеры: пока что нет",
        "Блокеры: всё ок",
        "Блокеры: пока всё гладко",
        "Blockers: all good",
        "блокеров не имею",
        "ничего не стопорит",
        "ни во что не упираюсь",
        "Waiting for nothing",
        "Проблемы были с доступом, решились",
    ],
)
def test_none_said_with_a_word_between_is_no_blocker(tail: str) -> None:
    """«Нет» after the blocker word with an adverb or an aside between says there is none (and blockers are
    addressed), while «Блокеры: сейчас нет доступа к базе» still names one."""
    daily = parse_daily(f"вчера закрыл TASK-1, сегодня TASK-2 выгрузка. {tail}", "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"
    named = parse_daily("вчера закрыл TASK-1, сегодня TASK-2 выгрузка. Блокеры: сейчас нет доступа к базе", "DEV")
    assert [b["text"] for b in named["daily"]["blockers"]] == ["сейчас нет доступа к базе"]


def test_a_wait_a_few_words_into_a_clause_does_not_swallow_todays_task() -> None:
    """Issue 19: «a blocker clause ends where it ends» — and starts where it starts."""
    daily = parse_daily("вчера закрыл TASK-1, сегодня TASK-2 выгрузка, с утра жду ответ от банка", "DEV")["daily"]
    assert [i["task_id"] for i in daily["today"]] == ["TASK-2"]
    assert [b["text"] for b in daily["blockers"]] == ["с утра жду ответ от банка"]


def test_a_blocker_without_its_own_id_is_asked_about_not_guessed() -> None:
    """The author names the task of a blocker, or is asked: the task beside it in the sentence is a guess."""
    out = parse_daily("Сегодня продолжаю TASK-3, но жду доступ к стенду", "DEV")
    assert out["daily"]["blockers"][0]["related_task_id"] is None
    assert out["clarification"]["needs_clarification"] is True
    assert "TASK-3" in out["clarification"]["question"]  # offered as an example the author wrote


def test_sql_and_markup_are_plain_text() -> None:
    out = parse_daily("Вчера: TASK-1'); DROP TABLE dailies;--\nСегодня: <script>alert(1)</script> TASK-2", "DEV")
    assert [i for i in _ids(out, "yesterday") if i] == ["TASK-1"] and _ids(out, "today") == ["TASK-2"]
    assert any("DROP TABLE dailies" in item["summary"] for item in out["daily"]["yesterday"])  # kept as words
    DailyOutput.model_validate(out)


def test_long_text_stays_within_the_schema() -> None:
    out = parse_daily("Вчера закрыл TASK-1 " + "очень " * 700 + ". Блокер: " + "жду " * 300, "DEV")
    DailyOutput.model_validate(out)  # summaries and blocker texts are cut to the schema's limits


def test_clarification_answer_links_the_pending_blocker() -> None:
    first = parse_daily("Вчера закрыл TASK-12, сегодня начну TASK-15. Блокер: нет доступов к стенду.", "DEV")
    answer = merge_clarification(first["daily"], "Это TASK-15", "DEV")
    assert answer["daily"]["blockers"][0]["related_task_id"] == "TASK-15"
    assert answer["clarification"]["needs_clarification"] is False
    assert _ids(answer, "yesterday") == ["TASK-12"]  # the rest of the daily is kept
    unlinked = merge_clarification(first["daily"], "без задачи", "DEV")
    assert unlinked["clarification"]["needs_clarification"] is False
    assert unlinked["daily"]["blockers"][0]["related_task_id"] is None
    again = merge_clarification(first["daily"], "не помню", "DEV")
    assert again["clarification"]["needs_clarification"] is True


def test_two_pending_blockers_get_ids_in_order() -> None:
    first = parse_daily("Сегодня TASK-1 и TASK-2.\nБлокеры:\n- нет стенда\n- нет макетов", "DEV")
    answer = merge_clarification(first["daily"], "TASK-1, TASK-2", "DEV")
    assert [b["related_task_id"] for b in answer["daily"]["blockers"]] == ["TASK-1", "TASK-2"]


def test_a_blocker_in_a_line_without_punctuation_is_not_read_as_no_blockers() -> None:
    out = parse_daily("вчера закрыл TASK-12 сегодня начну TASK-15 блокер нет доступов к стенду", "DEV")
    assert out["daily"]["blockers"] == [{"text": "нет доступов к стенду", "critical": False, "related_task_id": None}]
    assert out["daily"]["today"] == [{"task_id": "TASK-15", "summary": "начну TASK-15"}]
    assert out["clarification"]["needs_clarification"] is True
    for none in ("вчера TASK-1 сегодня TASK-2 блокеров нет", "вчера TASK-1, блокеров нет пока, сегодня TASK-2"):
        assert parse_daily(none, "DEV")["daily"]["blockers"] == []


def test_blocked_by_keeps_its_words() -> None:
    out = parse_daily("task-5 done, task-6 in progress, blocked by TASK-5 review", "DEV")
    assert (_ids(out, "yesterday"), _ids(out, "today")) == (["TASK-5"], ["TASK-6"])
    blocker = {"text": "blocked by TASK-5 review", "critical": False, "related_task_id": "TASK-5"}
    assert out["daily"]["blockers"] == [blocker]


def test_an_urgency_marker_stays_with_its_blocker() -> None:
    out = parse_daily("Блокеры: срочно!!! нет доступа к проду", "DEV")["daily"]
    assert [b["text"] for b in out["blockers"]] == ["срочно!!! нет доступа к проду"]
    after = parse_daily("Вчера TASK-1, сегодня TASK-2. Блокер: нет стенда по TASK-2. Срочно!", "DEV")
    assert after["daily"]["blockers"] == [
        {"text": "нет стенда по TASK-2. Срочно", "critical": True, "related_task_id": "TASK-2"}
    ]
    assert after["clarification"]["needs_clarification"] is False


@pytest.mark.parametrize(
    "message",
    [
        "вчера TASK-1 " * 300,  # a pasted line repeated
        " ".join(f"AB-{i}" for i in range(600))[:4000],  # hundreds of ids
        "вчера сделал TASK-1, сегодня буду TASK-2, блокер: жду доступ. " * 60,
    ],
)
def test_the_offline_parser_always_fits_the_schema(message: str) -> None:
    """A deterministic parser must never produce an output its own contract rejects (that would turn into the
    backend's «Не смог разобрать daily»): repeats are dropped, lists are cut to the schema's limit."""
    from agentcore.apps.scrum.schemas import MAX_ITEMS, DailyOutput

    out = parse_daily(message, "DEV")
    DailyOutput.model_validate(out)
    assert all(len(out["daily"][s]) <= MAX_ITEMS for s in ("yesterday", "today", "blockers"))
    assert out["daily"]["yesterday"] or out["daily"]["today"]


def test_task_ids() -> None:
    assert task_ids_in("task-1, ABC-22 и abc-22; не-id: v2-3x, 1-2, X-1") == ["TASK-1", "ABC-22", "X-1"]


# The labelled sets. Floors sit a little under the measured figures (benchmarks/scrum_daily_parser.py prints them):
# they catch regressions, not noise.  ``dailies_people_test`` is the honest figure (never tuned on).
FLOORS = {
    "dailies_people_dev": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                           "blockers": 0.96, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                           "needs_clarification": 0.97, "quality": 0.95},
    "dailies_people_test": {"yesterday": 0.97, "today": 0.97, "task_ids": 0.97, "blocker_presence": 0.96,
                            "blockers": 0.96, "blocker.critical": 0.97, "blocker.related_task_id": 0.96,
                            "needs_clarification": 0.9, "quality": 0.95},
    # Written and labelled in one go before any parser ran on them: dev2 found the rules of this session, test2
    # is held out (its figures were read twice: before and after).
    "dailies_people_dev2": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.98, "quality": 0.97},
    "dailies_people_test2": {"yesterday": 0.97, "today": 0.95, "task_ids": 0.97, "blocker_presence": 0.92,
                             "blockers": 0.92, "blocker.critical": 0.75, "blocker.related_task_id": 0.95,
                             "needs_clarification": 0.7, "quality": 0.88},
    # Written and labelled by the written rule (docs/scrum.md) and committed before any parser ran on it; scored once,
    # at the end of the session that wrote it (never tuned on).
    "dailies_people_test3": {"yesterday": 0.97, "today": 0.97, "task_ids": 0.97, "blocker_presence": 0.95,
                             "blockers": 0.9, "blocker.critical": 0.9, "blocker.related_task_id": 0.9,
                             "needs_clarification": 0.9, "quality": 0.95},
    # Written and labelled by the rule before the parser ran on it (two batches); the rules of session scrum2 came
    # from it, so it guards them rather than measures generalisation.
    "dailies_people_dev3": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.98, "quality": 0.97},
    # 100 dailies written and labelled by the rule and committed before the parser ran on them (session scrum5); its
    # errors gave that session's rules, so it guards them.
    "dailies_people_dev4": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.98, "quality": 0.97},
    "dailies_people_dev5": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.98, "quality": 0.97},
    "dailies_people_dev6": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.98, "quality": 0.97},
    "dailies_people_dev7": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.98, "quality": 0.97},
    "dailies_people_dev8": {"yesterday": 0.97, "today": 0.97, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.9, "quality": 0.97},
    "dailies_people_dev9": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                            "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                            "needs_clarification": 0.98, "quality": 0.97},
    "dailies_people_dev10": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                             "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                             "needs_clarification": 0.98, "quality": 0.97},
    # Written by branch data5 before any parser ran on it; first scored by session scrum19 before its changes (presence
    # 0.852, critical R 0.786, quality 0.886), whose rules then came partly from it: it guards them.
    "dailies_people_dev11": {"yesterday": 0.98, "today": 0.98, "task_ids": 0.98, "blocker_presence": 0.98,
                             "blockers": 0.98, "blocker.critical": 0.98, "blocker.related_task_id": 0.98,
                             "needs_clarification": 0.98, "quality": 0.97},
    # Written by session scrum19b before the code that reads them (no blocker stated; complete dailies in unusual
    # layouts; trouble words about the work; a later mixed round): its rules came from them, so they guard those rules
    # («quality» is macro-F1: one miss in a small class weighs much).
    "dailies_people_dev12": {"yesterday": 0.98, "today": 0.97, "blocker_presence": 0.98, "needs_clarification": 0.98,
                             "quality": 0.95},
    "dailies_people_dev13": {"yesterday": 0.98, "today": 0.97, "blocker_presence": 0.98, "needs_clarification": 0.98,
                             "quality": 0.8},
    "dailies_people_dev14": {"yesterday": 0.97, "today": 0.98, "blocker_presence": 0.98, "needs_clarification": 0.98,
                             "quality": 0.95},
    "dailies_people_dev15": {"yesterday": 0.98, "today": 0.98, "blocker_presence": 0.98, "needs_clarification": 0.98,
                             "quality": 0.9},
    # Written by branch scrumdata, held out; first scored (totals only) at the end of session scrum5, again at the end
    # of stop 12 (presence 0.903 → 0.954, critical F1 0.783 → 0.923): the floors keep those gains.
    "dailies_people_test4": {"yesterday": 0.97, "today": 0.97, "task_ids": 0.97, "blocker_presence": 0.94,
                             "blockers": 0.94, "blocker.critical": 0.9, "blocker.related_task_id": 0.95,
                             "needs_clarification": 0.9, "quality": 0.94},
    # Written by branch data5 (a helper that never ran the parser), held out; scored (totals only) before and after
    # stop 12's rules: presence 0.958 → 0.958, critical F1 0.919 → 0.974, quality macro-F1 0.931 → 0.946.
    "dailies_people_test5": {"yesterday": 0.97, "today": 0.97, "task_ids": 0.97, "blocker_presence": 0.94,
                             "blockers": 0.94, "blocker.critical": 0.95, "blocker.related_task_id": 0.97,
                             "needs_clarification": 0.88, "quality": 0.93},
    "dailies": {"yesterday": 0.95, "today": 0.95, "blockers": 0.95, "blocker.critical": 0.95,
                "blocker.related_task_id": 0.95, "needs_clarification": 0.93, "quality": 0.95},
    "dailies_heldout": {"yesterday": 0.9, "today": 0.9, "blockers": 0.8, "blocker.critical": 0.9,
                        "blocker.related_task_id": 0.7, "needs_clarification": 0.9, "quality": 0.9},
    # Messy dailies written in the review (one line without punctuation, «срочно!!!», English statuses); the
    # parser was fixed on them, so they guard those fixes rather than measure generalisation.
    "dailies_review": {"yesterday": 0.95, "today": 0.95, "blockers": 0.95, "blocker.critical": 0.95,
                       "blocker.related_task_id": 0.95, "needs_clarification": 0.95, "quality": 0.95},
}  # fmt: skip
# The targets for the critical class, on the test split: precision ≥ 0.95, recall ≥ 0.9.
CRITICAL_TARGETS = {"dailies_people_dev": (0.95, 0.9), "dailies_people_test": (0.95, 0.9)}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_labelled_set_f1(name: str) -> None:
    labelled = load_labelled(DATA / f"{name}.jsonl")
    report = evaluate(lambda message: parse_daily(message, "DEV"), labelled)
    scores = report.f1()
    assert all(scores[field] >= floor for field, floor in FLOORS[name].items()), scores
    if name in CRITICAL_TARGETS:
        precision, recall = CRITICAL_TARGETS[name]
        critical = report.counts["blocker.critical"]
        assert critical.precision >= precision and critical.recall >= recall, (critical.precision, critical.recall)
        assert report.quality_accuracy >= 0.9, report.quality_accuracy


def test_the_people_set_is_large_and_varied_enough() -> None:
    """Issue 19's proof: ≥ 250 dailies, ≥ 40 negations, ≥ 30 prose one-liners, ≥ 30 English or mixed, ≥ 20 with
    #123/URLs, ≥ 20 with version strings that are not ids; split into dev and test."""
    dev = load_labelled(DATA / "dailies_people_dev.jsonl")
    test = load_labelled(DATA / "dailies_people_test.jsonl")
    items = dev + test
    assert len(items) >= 250 and len(test) >= 100 and not {i["id"] for i in dev} & {i["id"] for i in test}
    negation = re.compile(
        r"не\s+блок|блок\w*\s+(?:нет|не\b|нэт|ноль|no)|без\s+блок|ничего\s+не|не\s+жду|снят|"
        r"no\s+blockers|not\s+a\s+blocker|none|nothing|никаких|отсутству|не\s+мешает|не\s+срочн|"
        r"не\s+критич|не\s+горит|решили|починили|подняли|помог|resolved|nope|нету|: нет|: no\b",
        re.I,
    )
    assert sum(1 for i in items if negation.search(i["message"])) >= 40
    assert sum(1 for i in items if i["style"] == "prose") >= 30
    assert sum(1 for i in items if i["style"] in ("english", "mixed")) >= 30
    assert sum(1 for i in items if re.search(r"#\d|https?://", i["message"])) >= 20
    assert sum(1 for i in items if i["style"] == "version") >= 20
    assert {i["expected"]["quality"] for i in test} == {
        "EMPTY",
        "TOO_SHORT",
        "NO_TASKS_MENTIONED",
        "DETAIL_OK",
        "GREAT",
    }


def test_the_held_out_split_test4_is_well_formed_and_varied() -> None:
    """``dailies_people_test4`` (held out, written for issue 19 by a helper that never ran the parser on it): the
    schema the scorer reads, labels that name only ids the author wrote, and the composition it was written to —
    ≥ 80 dailies, ≥ 15 negations, ≥ 10 with ``#123``/URLs, ≥ 10 version strings, ≥ 12 with blockers (critical and
    not), ≥ 10 lacking a section, every quality level.  Only the data is read: no parser runs here."""
    from agentcore.apps.scrum.evaluation import QUALITIES

    items = load_labelled(DATA / "dailies_people_test4.jsonl")
    assert len(items) >= 80
    assert [i["id"] for i in items] == [f"q{n:03d}" for n in range(1, len(items) + 1)]
    for other in ("dailies_people_dev3", "dailies_people_test3"):
        assert not {i["id"] for i in load_labelled(DATA / f"{other}.jsonl")} & {i["id"] for i in items}
    for item in items:
        assert_well_formed(item)
        expected = item["expected"]
        if any(b["related_task_id"] is None for b in expected["blockers"]):
            assert expected["needs_clarification"] and expected["quality"] != "GREAT", item["id"]
    negation = re.compile(
        r"не\s+блок|блок\w*\s+(?:нет|нэт|нету|ноль)|без\s+блок|ничего\s+не|не\s+жду|снят|сняли|no\s+blockers|"
        r"not\s+a\s+blocker|nothing|nope|none|не\s+мешает|не\s+срочн|критич|not\s+critical|не\s+горит|не\s+было",
        re.I,
    )
    version = re.compile(r"\d\.\d|UTF-8|ISO-\d|HTTP-\d|x86-64|node-\d|CentOS-\d|SHA-\d|CP-\d|\d-ФЗ|RFC \d", re.I)
    blockers = [b for i in items for b in i["expected"]["blockers"]]
    assert sum(1 for i in items if negation.search(i["message"])) >= 15
    assert sum(1 for i in items if re.search(r"#\d|https?://", i["message"])) >= 10
    assert sum(1 for i in items if version.search(i["message"])) >= 10
    assert sum(1 for i in items if i["expected"]["blockers"]) >= 12
    assert sum(b["critical"] for b in blockers) >= 6 and sum(not b["critical"] for b in blockers) >= 6
    lacking = [
        i
        for i in items
        if i["expected"]["needs_clarification"] and all(b["related_task_id"] for b in i["expected"]["blockers"])
    ]
    assert len(lacking) >= 10
    assert {i["expected"]["quality"] for i in items} == set(QUALITIES)


def test_labelled_set_is_varied_and_large_enough() -> None:
    items = load_labelled(DATA / "dailies.jsonl") + load_labelled(DATA / "dailies_heldout.jsonl")
    assert len(items) >= 40
    styles = {item["style"] for item in items}
    assert {"list", "one line", "typos", "english", "empty", "short"} <= styles
    assert {item["expected"]["quality"] for item in items} == {
        "EMPTY",
        "TOO_SHORT",
        "NO_TASKS_MENTIONED",
        "DETAIL_OK",
        "GREAT",
    }


@pytest.mark.parametrize("hedge", ["кажется", "вроде бы", "похоже"])
def test_a_hedged_none_is_no_blocker(hedge: str) -> None:
    """«Блокеров, кажется, нет» hedges the statement, it does not name a blocker."""
    text = f"Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: блокеров, {hedge}, нет"
    daily = parse_daily(text, "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


def test_a_past_blocker_with_its_subject_and_a_comma_is_over() -> None:
    """«был блокер с ключами, уже снят»: the word «блокер» after «был» starts no blocker clause of its own."""
    daily = parse_daily("вчера закрыл TASK-1, сегодня TASK-2 выгрузка. был блокер с ключами, уже снят", "DEV")["daily"]
    assert daily["blockers"] == [] and [i["task_id"] for i in daily["today"]] == ["TASK-2"]
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(("typo", "section"), [("сгодня", "today"), ("сеодня", "today"), ("вчеа", "yesterday")])
def test_a_time_word_missing_one_letter_still_opens_its_section(typo: str, section: str) -> None:
    other = "yesterday" if section == "today" else "today"
    word = "вчера" if section == "today" else "сегодня"
    daily = parse_daily(f"{word} TASK-1 настроил алерты, {typo} TASK-2 ротация ключей", "DEV")["daily"]
    assert [i["task_id"] for i in daily[section]] == ["TASK-2"] and [i["task_id"] for i in daily[other]] == ["TASK-1"]


@pytest.mark.parametrize(
    "text",
    [
        "вчера закрыл TASK-1, сегодня TASK-2 выгрузка. жду ответ от банка по TASK-2. блокеров нет",
        "вчера закрыл TASK-1, сегодня TASK-2 выгрузка; жду тексты от маркетинга, но блокеров нет",
        "Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка, жду ревью TASK-1\nБлокеры: нет",
    ],
)
def test_the_authors_all_clear_outweighs_an_inferred_wait(text: str) -> None:
    """An explicit «блокеров нет» outweighs a wait the parser only inferred outside a «Блокеры:» section."""
    daily = parse_daily(text, "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"
    assert [i["task_id"] for i in daily["today"]] == ["TASK-2"]


@pytest.mark.parametrize(
    "text",
    [
        # «без проблем» speaks of yesterday's deploy, not of blockers
        "вчера задеплоил TASK-1 без проблем, сегодня TASK-2 выгрузка, жду ревью TASK-1",
        # a blocker that stops the work stays whatever else is said
        "вчера закрыл TASK-1, сегодня TASK-2 выгрузка. прод лежит, пользователи не могут оплатить. блокеров нет",
        # listed under the header: the author named it a blocker
        "Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: жду ревью TASK-1; других блокеров нет",
    ],
)
def test_an_all_clear_leaves_a_named_or_stopping_blocker(text: str) -> None:
    assert len(parse_daily(text, "DEV")["daily"]["blockers"]) == 1


def test_cannot_work_beside_a_blocker_is_its_effect() -> None:
    """«Сегодня: ничего не могу делать» with the cause under «Блокеры:» is one blocker, and it stops the work."""
    text = "Вчера: TASK-1 логин\nСегодня: ничего не могу делать\nБлокеры: нет доступа к стенду"
    blockers = parse_daily(text, "DEV")["daily"]["blockers"]
    assert [(b["text"], b["critical"]) for b in blockers] == [("нет доступа к стенду", True)]
    alone = parse_daily("Вчера: TASK-1 логин\nСегодня: ничего не могу делать", "DEV")["daily"]["blockers"]
    assert [b["text"] for b in alone] == ["ничего не могу делать"]


def test_a_denial_covers_the_wait_beside_it_and_keeps_the_work() -> None:
    text = "вчера закрыл TASK-1, today TASK-2 refactoring, no blockers, just waiting on a review of TASK-1"
    daily = parse_daily(text, "DEV")["daily"]
    assert [i["task_id"] for i in daily["today"]] == ["TASK-2"] and daily["blockers"] == []


@pytest.mark.parametrize(
    ("tail", "task"),
    [
        ("стенд медленный — не блокер; а вот прав на запись в бакет по TASK-2 нет", "TASK-2"),
        ("доступа к логам прода до сих пор нет", None),
    ],
)
def test_the_missing_thing_before_no_is_a_blocker(tail: str, task: str | None) -> None:
    """«доступа к S3 нет» names a blocker as «нет доступа к S3» does; «с доступом проблем нет» does not."""
    daily = parse_daily(f"Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: {tail}", "DEV")["daily"]
    assert [b["related_task_id"] for b in daily["blockers"]] == [task]
    assert [i["task_id"] for i in daily["today"]] == ["TASK-2"]
    fine = parse_daily("вчера закрыл TASK-1, сегодня TASK-2 выгрузка, с доступом к S3 проблем нет", "DEV")["daily"]
    assert fine["blockers"] == []


@pytest.mark.parametrize("joined", ["TASK-1 + TASK-3", "TASK-1, TASK-3", "TASK-1 и TASK-3"])
def test_a_list_of_ids_shares_its_status(joined: str) -> None:
    daily = parse_daily(f"Вчера: {joined} done\nСегодня: TASK-2 выгрузка\nБлокеры: нет", "DEV")["daily"]
    assert [i["task_id"] for i in daily["yesterday"]] == ["TASK-1", "TASK-3"] and daily["quality"] == "GREAT"


def test_a_slashed_short_word_describes_its_task() -> None:
    daily = parse_daily("Вчера: TASK-1 логин\nСегодня: TASK-2 A/B\nБлокеры: нет", "DEV")["daily"]
    assert daily["quality"] == "GREAT"


def test_english_meanwhile_work_is_todays_not_the_blockers() -> None:
    text = "вчера закрыл TASK-1, сегодня TASK-2 тесты, blocked on TASK-2 by staging, can work on TASK-3 meanwhile"
    daily = parse_daily(text, "DEV")["daily"]
    assert [i["task_id"] for i in daily["today"]] == ["TASK-2", "TASK-3"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-2", False)]


def _section_ids(daily: dict, section: str) -> list[str | None]:
    return [i["task_id"] for i in daily[section]]


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: TASK-1 отчёты, встреча с заказчиком\nСегодня: TASK-2 выгрузка\nБлокеры: нет",
        "Вчера: TASK-1 отчёты\nСегодня: собеседование, TASK-2 выгрузка\nБлокеры: нет",
        "вчера TASK-1 закрыл, ещё созвон с поддержкой банка, сегодня TASK-2 выгрузка, блокеров нет",
        "yesterday fixed TASK-1 and had two interviews, today TASK-2 import, no blockers",
    ],
)
def test_other_work_beside_a_task_is_an_item_without_a_task(text: str) -> None:
    """A meeting, an interview, a review of others' work in a line about a task is an item of its own without an
    id — the day's other activity, which needs no task id (the labelling rule, session sg), so the daily stays
    GREAT."""
    daily = parse_daily(text, "DEV")["daily"]
    assert None in _section_ids(daily, "yesterday") + _section_ids(daily, "today") and daily["quality"] == "GREAT"
    assert "TASK-1" in _section_ids(daily, "yesterday") and "TASK-2" in _section_ids(daily, "today")


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: закрыл TASK-1, поправил валидацию суммы\nСегодня: TASK-2 выгрузка\nБлокеры: нет",
        "Вчера: TASK-1 импорт, почти готово\nСегодня: TASK-2 выгрузка\nБлокеры: нет",
        "вчера TASK-1 done, сегодня TASK-2 in progress, блокеров нет",
    ],
)
def test_more_words_about_the_same_task_are_no_item_of_their_own(text: str) -> None:
    daily = parse_daily(text, "DEV")["daily"]
    assert _section_ids(daily, "yesterday") == ["TASK-1"] and _section_ids(daily, "today") == ["TASK-2"]
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "text",
    [
        "Fixed TASK-1 yesterday, TASK-2 today — import. No blockers.",
        "закрыл TASK-1 вчера, сегодня TASK-2 выгрузка, блокеров нет",
        "Finished TASK-1, working on TASK-2 today, nothing blocking",
    ],
)
def test_a_time_word_after_the_task_belongs_to_its_statement(text: str) -> None:
    """English puts the time word after the task («Did TASK-1 yesterday»): it says when that task was done, and the
    words before the task stay with it (no bare «Did» item)."""
    daily = parse_daily(text, "DEV")["daily"]
    assert (
        daily["yesterday"]
        and _section_ids(daily, "yesterday") == ["TASK-1"]
        and _section_ids(daily, "today") == ["TASK-2"]
    )
    assert daily["quality"] == "GREAT"


def test_english_comma_joined_verbs_open_their_own_clauses() -> None:
    daily = parse_daily("Finished TASK-1, working on TASK-2, blocked by TASK-3 waiting for QA", "DEV")["daily"]
    assert _section_ids(daily, "yesterday") == ["TASK-1"] and _section_ids(daily, "today") == ["TASK-2"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-3", False)]
    assert daily["quality"] == "GREAT"


@pytest.mark.parametrize("joint", [" / ", " | "])
def test_a_slash_or_bar_separates_sections_on_one_line(joint: str) -> None:
    daily = parse_daily(f"Y: TASK-1 export{joint}T: TASK-2 import{joint}B: none", "DEV")["daily"]
    assert _section_ids(daily, "yesterday") == ["TASK-1"] and _section_ids(daily, "today") == ["TASK-2"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "text",
    [
        "Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: нте",
        "вчера закрыл TASK-1, сегодня TASK-2 выгрузка, блкеров нет",
        "Вчера\n- TASK-1 логин\nСегодня\n- TASK-2 выгрузка\nБлокеры\n- —",
    ],
)
def test_typos_and_a_dash_still_say_there_are_no_blockers(text: str) -> None:
    """A «none» one letter off («нте»), the word «блокеров» with a letter missing, a dash bullet under «Блокеры»."""
    daily = parse_daily(text, "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "text",
    [
        "вчера TASK-1 закрыл, сегодня TASK-2 начинаю. проблему с сертификатом на стенде вчера решили",
        "вчера TASK-1 закрыл, сегодня TASK-2 начинаю. блокер с токеном для стенда уже починили, новых нет",
        "Yesterday: TASK-1 export, had a blocker with the VPN but it is resolved. "
        "Today: TASK-2 import. No new blockers.",
        "вчера ничего не мешало, закрыл TASK-1; сегодня TASK-2 выгрузка, проблем не ожидаю",
        "did TASK-1 export, doing TASK-2 import, blocked by nothing",
        "Вчера: TASK-1 логин. Стенд тормозил, но Вася выдал доступ к другому. Сегодня: TASK-2 выгрузка. Блокеров нет",
    ],
)
def test_a_trouble_that_is_over_or_denied_is_no_blocker(text: str) -> None:
    daily = parse_daily(text, "DEV")["daily"]
    assert daily["blockers"] == [], daily["blockers"]
    assert [i for i in _section_ids(daily, "yesterday") if i] == ["TASK-1"] and _section_ids(daily, "today") == [
        "TASK-2"
    ]


def test_another_task_set_against_the_first_is_a_clause_of_its_own() -> None:
    daily = parse_daily("вчера TASK-1 закрыл, сегодня TASK-2 делаю, а TASK-3 стоит — ждём макеты", "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-3", False)]


def test_a_wait_the_member_says_does_not_stop_them_is_not_critical() -> None:
    text = "Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: ревью TASK-1 висит второй день, но я не стою"
    daily = parse_daily(text, "DEV")["daily"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-1", False)]
    assert _section_ids(daily, "today") == ["TASK-2"]


def test_access_not_given_yet_is_a_blocker() -> None:
    text = "вчера TASK-1 закрыл, сегодня TASK-2 начну, но пока не выдали доступ к Metabase — делаю на моках"
    blockers = parse_daily(text, "DEV")["daily"]["blockers"]
    assert len(blockers) == 1 and not blockers[0]["critical"]


def test_work_named_before_meanwhile_is_todays() -> None:
    text = (
        "Yesterday: TASK-1 export\nToday: TASK-2 import\n"
        "Blockers: waiting for API keys for TASK-2, writing TASK-3 tests meanwhile"
    )
    daily = parse_daily(text, "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2", "TASK-3"]
    assert [b["related_task_id"] for b in daily["blockers"]] == ["TASK-2"]


def test_looking_into_a_problem_is_the_days_work() -> None:
    """«разбирался с TASK-1, проблема в драйвере» is work on TASK-1, not a blocker the all-clear then drops."""
    text = (
        "Вчера разбирался с TASK-1, оказалось, что проблема в драйвере, сделал обход. "
        "Сегодня TASK-2 выгрузка. Блокеров нет."
    )
    daily = parse_daily(text, "DEV")["daily"]
    assert [i for i in _section_ids(daily, "yesterday") if i] == ["TASK-1"] and daily["blockers"] == []


@pytest.mark.parametrize(
    "text",
    [
        "### Вчера\n- TASK-1 логин\n### Сегодня\n- TASK-2 выгрузка\n### Блокеры\n- нет",
        "Что сделал: TASK-1 логин\nЧто буду делать: TASK-2 выгрузка\nЧто мешает: ничего",
        "Done: TASK-1 login\nDoing: TASK-2 export\nBlocked: —",
        "вчреа TASK-1 логин сделал, сеогдня TASK-2 выгрузка, блокеров нет",
        "@team вчера TASK-1 логин закрыл, сегодня TASK-2 выгрузка, блокеров нет",
        "По TASK-1: вчера закончил, отдал в QA. По TASK-2: сегодня начинаю. Блокеров нет",
        "Yesterday: TASK-1 export. Going to test it today and then start TASK-2. No blockers",
        "вчера TASK-1 — тесты, дописал, сегодня TASK-2 — миграция, сделаю с утра, блокеров нет",
        "вчера TASK-1 логин, сегодня TASK-2 выгрузка. Блокеров нет, разве что долгая сборка, но жить можно",
        "Итоги вчера: TASK-1 логин\nПлан на сегодня: TASK-2 выгрузка\nБлокеров нет",
        "Из сделанного: TASK-1 — логин\nСегодня: TASK-2 выгрузка\nБлокеры: нет",
        "Вчера закрыл TASK-1 логин. Сегодня займусь TASK-2 выгрузкой. Если успею, отдам в ревью. Блокеров нет.",
        "вчера TASK-1 логин, сегодня TASK-2 выгрузка. Всё ок, блокеров нет",
        "вчера TASK-1 логин закрыл, сегодня TASK-2 выгрузка, стенд подтормаживает, но работать можно",
        "вчера TASK-1 логин, сегодня TASK-2 выгрузка. У Маши упал стенд, но меня это не касается",
        "Yesterday: TASK-1, fixed the flaky login test\nToday: TASK-2 export\nBlockers: none",
        "Вчера: TASK-1 логин, исправил валидацию пароля\nСегодня: TASK-2 выгрузка\nБлокеры: нет",
        "закончил TASK-1 логин, беру TASK-2 выгрузку, проблем нет",
        "вчера TASK-1 логин, сегодня TASK-2 выгрузка, блокер с ключами убрал Вася, больше нет",
        "Yesterday TASK-1 login. Today TASK-2 export. No impediments",
        "Вчера: TASK-1 логин\nСеглдня: TASK-2 выгрузка\nБлокеоы: нет",
        "вчера TASK-1 логин сделал. сегодня TASK-2 выгрузка. VPN вчера глючил, но сейчас в норме",
        "Сделано: TASK-1 логин\nВ процессе: TASK-2 выгрузка\nПроблемы: нет",
        "Вчера сделал:\n- TASK-1 логин\nСегодня сделаю:\n- TASK-2 выгрузка\nБлокеры: нет",
        "За вчера: TASK-1 логин\nНа сегодня: TASK-2 выгрузка\nМешает: ничего",
        "с утра закрыл TASK-1 логин, вечером займусь TASK-2 выгрузкой, блокеров нет",
        "yday: TASK-1 login; today: TASK-2 export; blockers: none",
    ],
)
def test_layouts_and_asides_of_a_great_daily(text: str) -> None:
    """Markdown headings, «Что сделал / Что мешает», «Done / Doing / Blocked», time words with two letters swapped,
    @mentions, «По TASK-1: вчера …», a time word before «and», a time adverb after a verb, «но жить можно»."""
    daily = parse_daily(text, "DEV")["daily"]
    assert _section_ids(daily, "yesterday") == ["TASK-1"] and _section_ids(daily, "today") == ["TASK-2"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT", daily


def test_a_header_is_not_taken_for_the_authors_name() -> None:
    """«Блокеры: вчера не было прав, сегодня дали» is the blocker line (resolved), not «Блокеры» writing a daily."""
    daily = parse_daily(
        "Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: вчера не было прав, сегодня дали", "DEV"
    )
    assert daily["daily"]["blockers"] == [] and daily["daily"]["quality"] == "GREAT"


@pytest.mark.parametrize("same", ["тоже", "то же самое", "same"])
def test_the_same_as_yesterday_says_something_about_today(same: str) -> None:
    output = parse_daily(f"вчера TASK-1 тесты, сегодня {same}, блокеров нет", "DEV")
    assert output["clarification"]["needs_clarification"] is False


@pytest.mark.parametrize(
    "other",
    ["переписка с юристами", "а также код-ревью", "был на демо", "сходил на ретро", "потом 1:1 с тимлидом",
     "весь день на онбординге", "синк с юристами", "разбор инцидента с дежурными"],
)  # fmt: skip
def test_a_meeting_beside_a_task_is_an_item_of_its_own(other: str) -> None:
    daily = parse_daily(f"Вчера: TASK-1 закрыл, {other}\nСегодня: TASK-2 выгрузка\nБлокеры: нет", "DEV")["daily"]
    assert _section_ids(daily, "yesterday") == ["TASK-1", None] and daily["quality"] == "GREAT"


def test_a_wait_after_a_task_id_is_a_clause_of_its_own() -> None:
    daily = parse_daily("вчера TASK-1 закрыл, сегодня TASK-2 делаю, по TASK-1 жду ответ от QA", "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2"]
    assert [b["related_task_id"] for b in daily["blockers"]] == ["TASK-1"]


@pytest.mark.parametrize(
    "text",
    [
        "под угрозой релиз: ключи от партнёра так и не пришли",
        "стенд упал, никто из тестировщиков не может работать",
        "GitLab недоступен у всей команды",
        "сборка сломана, задеплоить ничего нельзя",
    ],
)
def test_what_stops_the_release_or_everyone_is_critical(text: str) -> None:
    from agentcore.apps.scrum.blocker_reading import criticality

    assert criticality(text)[0] is True


def test_no_other_work_after_a_blocker_is_its_effect() -> None:
    text = (
        "Y: TASK-1 login\nT: TASK-2 export\nB: no access to the bank sandbox for TASK-2, can't test it; no other tasks"
    )
    daily = parse_daily(text, "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-2", True)]


def test_stuck_after_a_comma_is_a_blocker_clause() -> None:
    daily = parse_daily("вчера TASK-1 закрыл, сегодня TASK-2 делаю, застрял на парсинге ответа банка", "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2"] and len(daily["blockers"]) == 1


@pytest.mark.parametrize(
    "text",
    [
        "вчера TASK-1 закрыл, сегодня TASK-2, ни от кого не завишу",
        "Yesterday: TASK-1 done\nToday: TASK-2\nBlockers: had to wait for the VPN yesterday, it's back now",
    ],
)
def test_independence_and_a_wait_that_is_over_are_no_blockers(text: str) -> None:
    daily = parse_daily(text, "DEV")["daily"]
    assert daily["blockers"] == [] and _section_ids(daily, "today") == ["TASK-2"]


def test_ok_and_an_id_is_too_short() -> None:
    assert parse_daily("ok, TASK-1", "DEV")["daily"]["quality"] == "TOO_SHORT"


def test_a_blocker_about_a_named_task_keeps_it() -> None:
    daily = parse_daily("вчера TASK-1 закрыл, сегодня TASK-2. По TASK-2 блокер: нет доступа к песочнице", "DEV")[
        "daily"
    ]
    assert [b["related_task_id"] for b in daily["blockers"]] == ["TASK-2"] and _section_ids(daily, "today") == [
        "TASK-2"
    ]


def test_when_it_matters_is_no_section_of_its_own() -> None:
    """«Блокеры: …, завтра релиз» says why the blocker is urgent; «завтра» opens no plan."""
    text = "Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: TASK-2 — срочно нужен ключ, завтра релиз"
    daily = parse_daily(text, "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2"] and daily["quality"] == "GREAT"
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-2", True)]


@pytest.mark.parametrize("text", ["из-за TASK-3 срывается демо заказчику", "переносится релиз: нет ключей от банка"])
def test_a_demo_or_release_falling_through_is_critical(text: str) -> None:
    from agentcore.apps.scrum.blocker_reading import criticality

    assert criticality(text)[0] is True


def test_no_change_is_too_short() -> None:
    assert parse_daily("без изменений", "DEV")["daily"]["quality"] == "TOO_SHORT"


def test_blockers_about_different_tasks_on_one_line_are_two() -> None:
    text = "Вчера: TASK-1 логин\nСегодня: TASK-2 выгрузка\nБлокеры: по TASK-3 нет прав на бакет, по TASK-4 жду ревью"
    blockers = parse_daily(text, "DEV")["daily"]["blockers"]
    assert [b["related_task_id"] for b in blockers] == ["TASK-3", "TASK-4"]


def test_a_planned_task_the_blocker_stops_stays_in_its_section() -> None:
    text = "вчера TASK-1 сделал, сегодня TASK-2 — не могу начать, нет макетов, а больше брать нечего"
    daily = parse_daily(text, "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-2", True)]


@pytest.mark.parametrize(
    "text", ["ни один клиент не может оплатить заказ", "если не дадут доступ, сорвём сдачу отчёта регулятору"]
)
def test_users_locked_out_or_a_deadline_lost_is_critical(text: str) -> None:
    from agentcore.apps.scrum.blocker_reading import criticality

    assert criticality(text)[0] is True


def test_a_conditional_plan_under_its_header_is_still_the_plan() -> None:
    """A condition after a task's sentence is more about that task; under «Сегодня:» it is the plan itself."""
    output = parse_daily("Вчера: TASK-1 логин\nСегодня: если успею, рефакторинг\nБлокеры: нет", "DEV")
    assert output["clarification"]["needs_clarification"] is False and output["daily"]["today"]


def test_until_is_not_meanwhile() -> None:
    """«пока девопсы настроят доступ» is «until», not work done meanwhile: the blocker keeps its words and task."""
    text = (
        "вчера TASK-1 закрыл, сегодня TASK-2, но сначала нужно дождаться, пока девопсы настроят доступ — без него "
        "TASK-2 не начать, других задач нет"
    )
    daily = parse_daily(text, "DEV")["daily"]
    assert [(b["related_task_id"], b["critical"]) for b in daily["blockers"]] == [("TASK-2", True)]
    assert _section_ids(daily, "today") == ["TASK-2"]


def test_ids_joined_by_a_slash_are_one_list() -> None:
    daily = parse_daily("вчера закрыл TASK-1 / TASK-3, сегодня TASK-2 выгрузка, блокеров нет", "DEV")["daily"]
    assert _section_ids(daily, "yesterday") == ["TASK-1", "TASK-3"] and daily["quality"] == "GREAT"


@pytest.mark.parametrize("text", ["Kafka в проде легла с утра", "логи не пишутся ни у кого"])
def test_a_shared_system_down_for_everyone_is_critical(text: str) -> None:
    from agentcore.apps.scrum.blocker_reading import criticality

    assert criticality(text)[0] is True


def test_all_is_well_beside_a_bare_id_describes_nothing() -> None:
    daily = parse_daily("вчера TASK-1 логин, сегодня TASK-2, всё ровно, без блокеров", "DEV")["daily"]
    assert _section_ids(daily, "today") == ["TASK-2"] and daily["quality"] == "DETAIL_OK"


def test_a_planned_task_right_before_its_stop_stays_planned() -> None:
    daily = parse_daily("вчера TASK-1 закрыл, сегодня TASK-2 не начать — сайт лежит, клиенты не могут войти", "DEV")
    assert _section_ids(daily["daily"], "today") == ["TASK-2"] and daily["daily"]["blockers"][0]["critical"]


@pytest.mark.parametrize("text", ["вся мобильная команда без стенда", "запуск в пятницу под угрозой"])
def test_a_whole_team_or_a_launch_is_critical(text: str) -> None:
    from agentcore.apps.scrum.blocker_reading import criticality

    assert criticality(text)[0] is True


@pytest.mark.parametrize("token", ["на сегодня ", "сегодня ", "вчера на сегодня ", "план на сегодня "])
def test_a_header_word_repeated_to_the_message_limit_is_read_in_linear_time(token: str) -> None:
    """The header regex must not backtrack over every way to split repeated time words («на сегодня» is «на» +
    «сегодня» or one phrase): 30 repetitions took hours.  Run in a child process, so a regression fails, not hangs;
    four times the text costs about four times the CPU (a ratio, so a loaded machine does not fail it)."""
    import subprocess
    import sys

    from agentcore.apps.scrum.schemas import MAX_MESSAGE_CHARS

    code = (
        "import sys, time\n"
        "from agentcore.apps.scrum.daily_parser import parse\n"
        "def cost(size):\n"
        "    text = (sys.argv[1] * 4000)[:size]\n"
        "    best = float('inf')\n"
        "    for _ in range(3):\n"
        "        started = time.process_time()\n"
        "        for message in (text, text + ':', text + ' x', 'Итоги ' + text + '!'):\n"
        "            parse(message)\n"
        "        best = min(best, time.process_time() - started)\n"
        "    return max(best, 0.005)\n"
        "whole = int(sys.argv[2])\n"
        "cost(whole // 4)\n"  # warm the caches, so the first run pays no start-up cost
        "print(cost(whole) / cost(whole // 4))\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, token, str(MAX_MESSAGE_CHARS)], capture_output=True, text=True, timeout=60
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"parse of {token!r} repeated to {MAX_MESSAGE_CHARS} chars did not finish in 60 s")
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) < 10.0  # linear: about 4; quadratic: 16
