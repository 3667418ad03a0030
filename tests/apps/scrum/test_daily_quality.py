"""``daily_parser.quality`` and the lexicon's informative words (session scrum, dev25), probed in words no labelled
split uses: being in process says only that work goes on («в процессе», «прогресс есть»), so a daily of it and a
status word is too short; what the process is about still informs."""

from __future__ import annotations

import pytest

from agentcore.apps.scrum.daily_parser import parse_daily


@pytest.mark.parametrize("text", ["ок, в процессе", "прогресс есть, в процессе", "норм, всё в процессе"])
def test_being_in_process_is_too_short(text: str) -> None:
    output = parse_daily(text, "DEV")
    assert output["daily"]["quality"] == "TOO_SHORT"
    assert not output["clarification"]["needs_clarification"]


@pytest.mark.parametrize("text", ["в процессе миграции базы", "прогресс по импорту прайсов есть"])
def test_what_the_process_is_about_informs(text: str) -> None:
    assert parse_daily(text, "DEV")["daily"]["quality"] == "NO_TASKS_MENTIONED"


@pytest.mark.parametrize("text", ["сегодня деплой на стейдж", "вчера деплой и миграция"])
def test_jargon_the_dictionary_does_not_know_informs(text: str) -> None:
    # «деплой» is guessed an adjective from its ending; borrowed jargon names the work whatever its ending
    assert parse_daily(text, "DEV")["daily"]["quality"] == "NO_TASKS_MENTIONED"


def test_a_known_compound_adjective_still_informs_of_nothing() -> None:
    assert parse_daily("бодрый-весёлый, пилю)", "DEV")["daily"]["quality"] == "TOO_SHORT"


@pytest.mark.parametrize("joint", ["+", "&"])
def test_other_work_joined_by_a_plus_is_an_item_without_a_task(joint: str) -> None:
    daily = parse_daily(f"вчера VET-4 фикс, сегодня VET-5 логи {joint} созвон с клиникой, блокеров нет", "DEV")["daily"]
    # the call is an item of its own, the day's other activity, which needs no task id (session sg)
    assert None in [i["task_id"] for i in daily["today"]] and daily["quality"] == "GREAT"


@pytest.mark.parametrize("text", ["FE-20 done", "done FE-20", "FE-21 wip"])
def test_a_status_beside_an_id_describes_it_as_a_russian_one_does(text: str) -> None:
    # «LOG-254 готово» is DETAIL_OK; the header words «done», «wip» written as a status are no bare id either
    assert parse_daily(text, "DEV")["daily"]["quality"] == "DETAIL_OK"
    assert parse_daily("FE-22", "DEV")["daily"]["quality"] == "TOO_SHORT"


def test_other_work_with_an_article_is_an_item_without_a_task() -> None:
    message = "yesterday FE-23 login form; today FE-24 signup form and a 1:1 with my lead; no blockers"
    daily = parse_daily(message, "DEV")["daily"]
    # a meeting of two is the day's other activity: an item of its own, no task id needed (session sg)
    assert None in [i["task_id"] for i in daily["today"]] and daily["quality"] == "GREAT"


@pytest.mark.parametrize(
    "text", ["progressing, nothing blocking", "moving forward, all fine", "потихоньку продвигаюсь, блокеров нет"]
)
def test_words_that_only_say_work_moves_on_are_too_short(text: str) -> None:
    assert parse_daily(text, "DEV")["daily"]["quality"] == "TOO_SHORT"


@pytest.mark.parametrize("text", ["moving the billing cron to Kafka", "продвигаю миграцию биллинга"])
def test_what_moves_on_still_informs(text: str) -> None:
    assert parse_daily(text, "DEV")["daily"]["quality"] == "NO_TASKS_MENTIONED"


@pytest.mark.parametrize(
    ("template", "quality"),
    [("Yesterday: N/A\nToday: N/A\nBlockers: N/A", "EMPTY"), ("Вчера: TBD\nСегодня: TBD", "EMPTY")],
)
def test_a_template_left_with_placeholders_says_nothing(template: str, quality: str) -> None:
    assert parse_daily(template, "DEV")["daily"]["quality"] == quality


def test_dialect_none_addresses_the_blockers() -> None:
    daily = parse_daily("Вчера: VET-30 экспорт\nСегодня: VET-31 импорт\nБлокеры: нема", "DEV")["daily"]
    assert daily["blockers"] == [] and daily["quality"] == "GREAT"


@pytest.mark.parametrize("text", ["no updates from me", "nothing new on my side, same as before"])
def test_english_prepositions_and_no_updates_inform_of_nothing(text: str) -> None:
    assert parse_daily(text, "DEV")["daily"]["quality"] == "TOO_SHORT"


@pytest.mark.parametrize(
    "message",
    ["Done: <ваш ответ>\nNext: <ваш ответ>", "Вчера: <пункты>\nСегодня: <пункты>\nРиски: <при наличии>"],
)
def test_words_alone_in_angle_brackets_are_a_templates_slot(message: str) -> None:
    # dev26: angle brackets hold a template's instruction whatever its words; people do not answer in them
    assert parse_daily(message, "DEV")["daily"]["quality"] == "EMPTY"


def test_an_id_in_angle_brackets_stays() -> None:
    assert parse_daily("Вчера: <GEO-12> экспорт\nСегодня: GEO-13 импорт", "DEV")["daily"]["quality"] != "EMPTY"


@pytest.mark.parametrize("text", ["чо, норм", "да ничо, живой", "тож норм"])
def test_a_spoken_spelling_of_a_word_that_informs_of_nothing_informs_of_nothing(text: str) -> None:
    # dev26: «чо» is «чё» with «о» for «ё», «тож» is «тоже» clipped — a pronoun and a particle, not jargon
    assert parse_daily(text, "DEV")["daily"]["quality"] == "TOO_SHORT"


@pytest.mark.parametrize("text", ["вчера мерж и пуш, сегодня фикс", "сегодня сетап и апи"])
def test_short_jargon_still_informs(text: str) -> None:
    assert parse_daily(text, "DEV")["daily"]["quality"] == "NO_TASKS_MENTIONED"


@pytest.mark.parametrize("message", ["Вчера: TBA\nСегодня: GEO-20 импорт", "Done: tbd.\nDoing: GEO-21 export"])
def test_a_section_still_to_be_written_says_nothing_of_its_day(message: str) -> None:
    # dev26: «TBD» is a section not answered yet, so what was done is asked for
    output = parse_daily(message, "DEV")
    assert output["daily"]["yesterday"] == [] and output["clarification"]["needs_clarification"]


def test_not_applicable_stays_an_answer() -> None:
    assert (
        parse_daily("Вчера: GEO-22 экспорт\nСегодня: GEO-23 импорт\nБлокеры: N/A", "DEV")["daily"]["quality"] == "GREAT"
    )


@pytest.mark.parametrize(("today", "quality"), [("ZOO-61 — 80%", "GREAT"), ("ZOO-61 готово на 70 %", "GREAT"),
                                                ("ZOO-61 ✅", "DETAIL_OK")])  # fmt: skip
def test_progress_in_per_cent_describes_a_task(today: str, quality: str) -> None:
    # session sg: how far a task has got is a status written as a figure; a bare sign is not (dev9 z018)
    message = f"Вчера: ZOO-60 — касса\nСегодня: {today}\nБлокеров нет"
    assert parse_daily(message, "DEV")["daily"]["quality"] == quality


def test_the_verdict_counts_words_only_for_a_daily_without_items(monkeypatch: pytest.MonkeyPatch) -> None:
    # session sp4: grade reads the count of written words only to tell EMPTY, and a daily with an item is never EMPTY
    from agentcore.apps.scrum.daily_parser import quality

    counted: list[str] = []
    count = quality._written_words
    monkeypatch.setattr(quality, "_written_words", lambda texts: counted.append(texts) or count(texts))
    assert parse_daily("Вчера: PAY-1 экспорт\nСегодня: PAY-2 импорт", "DEV")["daily"]["quality"] != "EMPTY"
    assert counted == []
    assert parse_daily("Yesterday: N/A\nToday: N/A", "DEV")["daily"]["quality"] == "EMPTY"
    assert len(counted) == 1
