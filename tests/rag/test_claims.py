"""Claims: reading every citation form, checking each claim, showing only what holds, renumbering sources."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from agentcore.llm import MockLLMGateway
from agentcore.llm.errors import LLMHTTPError
from agentcore.rag._markers import _NUMBERS, normalise_markers, parse_markers
from agentcore.rag.citations import LLMJudge, compose_context
from agentcore.rag.claims import MISSING_PREFIX, check_claims, read_claims, render_claims
from agentcore.rag.models import Hit

HITS = [
    Hit(
        "vacation#0",
        "vacation",
        "Отпуск",
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней. Отпуск можно делить на части.",
        1.0,
        "",
        1,
    ),
    Hit(
        "vacation#1",
        "vacation",
        "Отпуск — Оформление",
        "Заявление на отпуск подаётся через портал не позднее чем за две недели до начала отпуска.",
        0.9,
        "",
        2,
    ),
    Hit(
        "pay#0",
        "payroll",
        "Зарплата",
        "Заработная плата выплачивается два раза в месяц: аванс 25 числа и остаток 10 числа следующего месяца.",
        0.8,
        "",
        3,
    ),
    Hit(
        "vacation#0b", "vacation", "Отпуск", "Ежегодный оплачиваемый отпуск составляет 28 календарных дней.", 0.7, "", 4
    ),
]
CONTEXT = compose_context(HITS)


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("Отпуск 28 дней [1].", (1,)),
        ("Отпуск 28 дней [1, 3].", (1, 3)),
        ("Отпуск 28 дней [1][3].", (1, 3)),
        ("Отпуск 28 дней [1 и 2].", (1, 2)),
        ("Отпуск 28 дней [vacation#1].", (2,)),
        ("Отпуск 28 дней [Источник 3].", (3,)),
        ("Отпуск 28 дней (Источник: Зарплата).", (3,)),
        ("Отпуск 28 дней (Источники: Отпуск — Оформление; Зарплата).", (2, 3)),
        ("Отпуск 28 дней [9].", ()),  # a marker of nothing cites nothing
        # adjacent markers: their separators go with them (was «Отпуск 28 дней,.»)
        ("Отпуск 28 дней [2], [1].", (2, 1)),
        ("Отпуск 28 дней [1]; [3].", (1, 3)),
        ("Отпуск 28 дней [1] и [3].", (1, 3)),
        # «(источник [2])» read whole (was «Отпуск 28 дней (источник ).»), «(Источник 1)» read at all
        ("Отпуск 28 дней (источник [2]).", (2,)),
        ("Отпуск 28 дней (Источник 1).", (1,)),
        ("Отпуск 28 дней (источники 1, 3).", (1, 3)),
        # a range cites every passage in it (was left in the text, so the claim's numbers failed the guard)
        ("Отпуск 28 дней [1–2].", (1, 2)),
        ("Отпуск 28 дней [1-3].", (1, 2, 3)),
    ],
)
def test_every_marker_form_is_read(text: str, cited: tuple[int, ...]) -> None:
    clean, found = parse_markers(text, CONTEXT)
    assert clean == "Отпуск 28 дней."
    assert found == cited


@pytest.mark.parametrize(
    ("answer", "cited"),
    [
        ("Отпуск 28 дней (Источники: Отпуск — Оформление; Зарплата).", (2, 3)),
        ("Отпуск 28 дней (Источник: Отпуск — Оформление.).", (2,)),  # a «.» inside splits nothing either
        ("Отпуск 28 дней [Источник: Зарплата].", (3,)),
        ("Отпуск 28 дней [^2].", (2,)),
        ("Отпуск 28 дней【3】.", (3,)),
        ("Отпуск 28 дней【2†source】.", (2,)),
        ("Отпуск 28 дней. Источники: Отпуск — Оформление; Зарплата", (2, 3)),  # the line's closing list
        ("Отпуск 28 дней. Источники: [2]; pay#0.", (2, 3)),
    ],
)
def test_a_marker_holding_a_sentence_end_is_read_before_the_sentences_are_split(
    answer: str, cited: tuple[int, ...]
) -> None:
    # «(Источники: A; B)» was cut at its «;» into «Отпуск 28 дней (Источники: Отпуск;» and a claim «Зарплата).»
    claims = read_claims(answer, CONTEXT)
    assert [(c.text, c.citations) for c in claims] == [("Отпуск 28 дней.", cited)]


@pytest.mark.parametrize(
    "answer",
    [
        "Ежегодный отпуск составляет 28 календарных дней (см. Источник: Отпуск).",
        "Ежегодный отпуск составляет 28 календарных дней (подробнее — Источник: Отпуск).",
        "Ежегодный отпуск составляет 28 календарных дней (see source: Отпуск).",
        "Ежегодный отпуск составляет 28 календарных дней (см. [1]).",
    ],
)
async def test_a_reference_lead_goes_with_its_parenthesised_marker(answer: str) -> None:
    # «(см. Источник: Отпуск)» was shown «… дней (см [1].»: the «см.» read as a sentence end, the closing-list
    # rewrite swallowed the «)»; the lead («см.», «подробнее —», «see») belongs to the marker
    report = await check_claims(read_claims(answer, CONTEXT), CONTEXT)
    assert [c.status for c in report.claims] == ["supported"]
    assert render_claims(report).text == "Ежегодный отпуск составляет 28 календарных дней [1]."


def test_a_closing_list_never_takes_a_parenthesis() -> None:
    # a «.» inside a parenthesis is no line's end: its «Источник: …» is no closing list, the «)» stays
    answer = "Отпуск 28 дней (см. стр. 5. Источник: Отпуск)."
    assert normalise_markers(answer, CONTEXT) == answer


def test_a_closing_list_naming_no_passage_stays_text() -> None:
    answer = "Отпуск 28 дней. Источники: бюджет; гранты."
    assert [c.text for c in read_claims(answer, CONTEXT)] == ["Отпуск 28 дней.", "Источники: бюджет; гранты."]


async def test_a_true_answer_citing_sources_by_their_titles_is_shown_with_renumbered_citations() -> None:
    answer = (
        "Аванс выплачивается 25 числа (Источники: Зарплата; Отпуск). "
        "Заявление на отпуск подаётся через портал не позднее чем за две недели до начала отпуска "
        "(Источники: Отпуск — Оформление; Зарплата).\n"
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней (Источник: Отпуск)."
    )
    report = await check_claims(read_claims(answer, CONTEXT), CONTEXT)
    assert [c.status for c in report.claims] == ["supported"] * 3
    shown = render_claims(report)
    assert shown.text == (
        "Аванс выплачивается 25 числа [1]. Заявление на отпуск подаётся через портал не позднее чем за две недели "
        "до начала отпуска [2].\nЕжегодный оплачиваемый отпуск составляет 28 календарных дней [3]."
    )
    assert [p.id for p in shown.sources] == ["pay#0", "vacation#1", "vacation#0"]


def test_brackets_that_are_no_citation_stay() -> None:
    assert parse_markers("Выполните `a[1]` и отметьте [x].", CONTEXT) == ("Выполните `a[1]` и отметьте [x].", ())


def test_a_comma_after_a_marker_before_more_text_stays() -> None:
    assert parse_markers("Отпуск 28 дней [1], аванс 25 числа [3].", CONTEXT) == (
        "Отпуск 28 дней, аванс 25 числа.",
        (1, 3),
    )


@pytest.mark.parametrize(
    "answer",
    [
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [2], [1].",
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней (источник [1]).",
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней (Источник 1).",
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1–2].",
    ],
)
async def test_a_claim_cited_in_any_numeric_form_is_shown_clean(answer: str) -> None:
    report = await check_claims(read_claims(answer, CONTEXT), CONTEXT)
    assert [c.status for c in report.claims] == ["supported"]
    assert render_claims(report).text == "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."


def test_claims_of_lines_items_and_a_sources_block() -> None:
    answer = "Отпуск 28 дней [1]. Делится на части [1].\n1. Шаг первый [2].\n- пункт [3]\nИсточники: [1] Отпуск"
    claims = read_claims(answer, CONTEXT)
    assert [c.text for c in claims] == ["Отпуск 28 дней.", "Делится на части.", "Шаг первый.", "пункт"]
    assert [c.prefix for c in claims] == ["", "", "1.", "•"]
    assert [c.citations for c in claims] == [(1,), (1,), (2,), (3,)]


async def test_true_sentence_and_false_number_only_the_true_one_is_shown() -> None:
    answer = "Ежегодный отпуск составляет 28 календарных дней [1]. Ежегодный отпуск составляет 35 календарных дней [1]."
    report = await check_claims(read_claims(answer, CONTEXT), CONTEXT)
    assert [c.status for c in report.claims] == ["supported", "contradicted"]
    shown = render_claims(report)
    assert "28" in shown.text
    assert "35" not in shown.text
    # no part of the question is left unanswered: the removed claim goes to ``removed`` only, no closing line
    assert MISSING_PREFIX not in shown.text
    assert [c.claim.text for c in shown.removed] == ["Ежегодный отпуск составляет 35 календарных дней."]


async def test_wrong_citation_is_repointed_and_numbers_follow_first_use() -> None:
    answer = "Аванс платят 25 числа [1]. Отпуск составляет 28 календарных дней [2]."
    report = await check_claims(read_claims(answer, CONTEXT), CONTEXT)
    assert all(c.status == "supported" for c in report.claims)
    assert all(c.repointed for c in report.claims)
    shown = render_claims(report)
    assert shown.text == "Аванс платят 25 числа [1]. Отпуск составляет 28 календарных дней [2]."
    assert [p.id for p in shown.sources] == ["pay#0", "vacation#0"]


async def test_one_number_per_document_section_and_no_uncited_source() -> None:
    answer = (
        "Отпуск составляет 28 календарных дней [1]. Ежегодный оплачиваемый отпуск составляет 28 календарных дней [4]."
    )
    shown = render_claims(await check_claims(read_claims(answer, CONTEXT), CONTEXT))
    assert shown.text.count("[1]") == 2 and "[2]" not in shown.text
    assert len(shown.sources) == 1


async def test_nothing_supported_means_nothing_shown() -> None:
    report = await check_claims(read_claims("Офис открыт круглосуточно [1].", CONTEXT), CONTEXT)
    assert render_claims(report).text == ""


class _ApproveAll:
    name = "llm"
    threshold = 0.5

    async def verdicts(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[list[float]]:
        return [[1.0] * len(evidence) for _, evidence in items]


class _Junk:
    name = "llm"
    threshold = 0.5

    async def verdicts(self, items: Sequence[tuple[str, Sequence[str]]]) -> object:
        return {"verdicts": "да, всё верно"}


class _RejectAll:
    name = "llm"
    threshold = 0.5

    async def verdicts(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[list[float]]:
        return [[0.0] * len(evidence) for _, evidence in items]


class _Raises:
    name = "llm"
    threshold = 0.5

    async def verdicts(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[list[float]]:
        raise ValueError("нечитаемый JSON")


ANSWER = "Ежегодный отпуск составляет 28 календарных дней [1]. Ежегодный отпуск составляет 35 календарных дней [1]."


async def test_a_judge_approving_everything_cannot_upgrade_a_guard_failure() -> None:
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT, judge=_ApproveAll())
    assert [c.status for c in report.claims] == ["supported", "contradicted"]
    assert "35" not in render_claims(report).text


@pytest.mark.parametrize("judge", [_Junk(), _Raises()])
async def test_an_unreadable_judge_is_ignored_with_a_warning(judge: object) -> None:
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT, judge=judge)
    assert [c.status for c in report.claims] == ["supported", "contradicted"]
    assert report.warnings


async def test_a_judge_may_downgrade() -> None:
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT, judge=_RejectAll())
    assert [c.status for c in report.claims] == ["unsupported", "contradicted"]
    assert report.claims[0].decided_by == "judge"


# The production judge (LLMJudge, what judge_for picks for a real provider) over a gateway whose replies are junk:
# the claim check ignores the reply with a warning, never falling back to another judge's scores.
_UNPARSABLE = "да, всё верно"


@pytest.mark.parametrize(
    "replies",
    [
        [LLMHTTPError(500, "down")],  # the call fails
        [_UNPARSABLE] * 4,  # the reply never parses (every retry)
        [{"verdicts": []}],  # parses, but judges no claim
        [{"verdicts": [{"claim": 7, "supported_by": [9]}]}],  # a claim number out of range
        [{"verdicts": [{"claim": 1, "supported_by": [9]}]}],  # a passage number out of range
        [{"verdicts": [{"claim": "первое", "supported_by": "все"}]}] * 4,  # wrong types
    ],
)
async def test_the_production_judges_junk_reply_is_ignored_with_a_warning(replies: list[object]) -> None:
    judge = LLMJudge(MockLLMGateway(replies))
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT, judge=judge)
    assert [c.status for c in report.claims] == ["supported", "contradicted"]
    assert all(c.decided_by == "guard" for c in report.claims)
    assert len(report.warnings) == 1 and "не учтён" in report.warnings[0]
    assert "28 календарных дней [1]" in render_claims(report).text


@pytest.mark.parametrize(("supported_by", "status"), [([], "unsupported"), ([1], "supported")])
async def test_the_production_judges_well_formed_reply_decides(supported_by: list[int], status: str) -> None:
    gateway = MockLLMGateway([{"verdicts": [{"claim": 1, "supported_by": supported_by}]}])
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT, judge=LLMJudge(gateway))
    assert [c.status for c in report.claims] == [status, "contradicted"]
    assert not report.warnings
    assert gateway.requests[0].step == "rag.support"


TWO_TRUE = "Ежегодный отпуск составляет 28 календарных дней [1]. Заработная плата выплачивается два раза в месяц [3]."


@pytest.mark.parametrize(
    "verdicts",
    [
        [{"claim": 1, "supported_by": [1]}, {"claim": 1, "supported_by": [1]}, {"claim": 2, "supported_by": []}],
        [{"claim": 1, "supported_by": [1]}, {"claim": 2, "supported_by": []}, {"claim": 3, "supported_by": []}],
        [{"claim": 2, "supported_by": []}],  # only the refuted claim listed
        [{"claim": 1, "supported_by": [7]}, {"claim": 2, "supported_by": []}],  # a passage out of range
    ],
)
async def test_a_flaw_in_the_judges_reply_keeps_its_well_formed_downgrades(verdicts: list[object]) -> None:
    # the judge may only downgrade: a flawed entry is ignored (with a warning), claim 2's «no» still holds (review F17)
    gateway = MockLLMGateway([{"verdicts": verdicts}])
    report = await check_claims(read_claims(TWO_TRUE, CONTEXT), CONTEXT, judge=LLMJudge(gateway))
    assert [c.status for c in report.claims] == ["supported", "unsupported"]
    assert [c.decided_by for c in report.claims] == ["guard", "judge"]
    assert len(report.warnings) == 1 and "не учтён" in report.warnings[0]
    assert "Заработная" not in render_claims(report).text


async def test_a_claim_judged_twice_gets_the_union_of_its_passages() -> None:
    gateway = MockLLMGateway([{"verdicts": [{"claim": 1, "supported_by": []}, {"claim": 1, "supported_by": [1]}]}])
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT, judge=LLMJudge(gateway))
    assert [c.status for c in report.claims] == ["supported", "contradicted"] and report.warnings
    gateway = MockLLMGateway([{"verdicts": [{"claim": 1, "supported_by": []}, {"claim": 1, "supported_by": []}]}])
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT, judge=LLMJudge(gateway))
    assert [c.status for c in report.claims] == ["unsupported", "contradicted"] and report.warnings


async def test_missing_part_is_named_not_the_removed_claim() -> None:
    report = await check_claims(read_claims(ANSWER, CONTEXT), CONTEXT)
    shown = render_claims(report, missing=["путёвка в санаторий"])
    assert shown.text.endswith(f"{MISSING_PREFIX} путёвка в санаторий.")
    assert "35" not in shown.text
    assert shown.text.count(MISSING_PREFIX) == 1


async def test_a_numbered_list_with_a_removed_step_shows_no_step_numbers() -> None:
    answer = (
        "1. Ежегодный отпуск составляет 28 календарных дней [1].\n"
        "2. Ежегодный отпуск составляет 35 календарных дней [1].\n"
        "3. Заявление на отпуск подаётся через портал не позднее чем за две недели до начала отпуска [2]."
    )
    shown = render_claims(await check_claims(read_claims(answer, CONTEXT), CONTEXT))
    lines = shown.text.splitlines()
    assert lines[0].startswith("• Ежегодный") and lines[1].startswith("• Заявление")
    assert "35" not in shown.text


async def test_a_numbered_list_shown_whole_keeps_its_numbers() -> None:
    answer = (
        "1. Ежегодный отпуск составляет 28 календарных дней [1].\n"
        "2. Заявление на отпуск подаётся через портал не позднее чем за две недели до начала отпуска [2]."
    )
    shown = render_claims(await check_claims(read_claims(answer, CONTEXT), CONTEXT))
    assert [line[:2] for line in shown.text.splitlines()] == ["1.", "2."]


SICK = compose_context(
    [
        Hit(
            "sick#0",
            "sick",
            "Больничный — Оплата",
            "Первые 3 дня болезни оплачивает компания, остальные — фонд. "
            "Компания доплачивает до полного оклада за первые 10 рабочих дней болезни в году.",
            1.0,
            "",
            1,
        ),
    ]
)
SICK_ANSWER = (
    "Первые 3 дня болезни оплачивает компания [1].\nКроме того: Первые 10 дня болезни оплачивает компания [1]."
)


async def test_a_true_sentence_and_a_number_taken_from_another_rule_only_the_true_one_is_shown() -> None:
    report = await check_claims(read_claims(SICK_ANSWER, SICK), SICK)
    assert [c.status for c in report.claims] == ["supported", "contradicted"]
    shown = render_claims(report)
    assert shown.text == "Первые 3 дня болезни оплачивает компания [1]."


async def test_a_judge_approving_everything_cannot_show_a_number_from_another_rule() -> None:
    report = await check_claims(read_claims(SICK_ANSWER, SICK), SICK, judge=_ApproveAll())
    assert [c.status for c in report.claims] == ["supported", "contradicted"]
    assert "10 дня" not in render_claims(report).text


async def test_a_claim_repeating_a_shown_one_is_shown_once() -> None:
    answer = "Отпуск можно делить на части [1]. Кроме того: отпуск можно делить на части [1]."
    shown = render_claims(await check_claims(read_claims(answer, CONTEXT), CONTEXT))
    assert shown.text == "Отпуск можно делить на части [1]."
    assert not shown.removed


async def test_a_removed_claim_names_no_part_unless_one_is_missing() -> None:
    report = await check_claims(read_claims(SICK_ANSWER, SICK), SICK)
    assert MISSING_PREFIX not in render_claims(report).text
    named = render_claims(report, missing=["оплата больничного по уходу за ребёнком"])
    assert named.text.splitlines()[-1] == f"{MISSING_PREFIX} оплата больничного по уходу за ребёнком."
    assert "10 дня" not in named.text


TRIP = [
    Hit(
        "trip#1",
        "trips",
        "Командировки — Что оплачивает компания",
        "- **Суточные.** 700 ₽ за каждый день "
        "командировки по России и 2500 ₽ в день за границей, включая дни отъезда и приезда. Суточные выплачиваются "
        "авансом до поездки и не требуют отчёта чеками.",
        1.0,
        "",
        1,
    ),
]


def test_a_list_items_label_is_one_claim_with_its_sentence() -> None:
    # «Суточные.» says nothing by itself; split off, the figure after it is read without what it is the figure of
    context = compose_context(TRIP)
    answer = (
        "• Суточные [1]. 700 ₽ за каждый день командировки по России и 2500 ₽ в день за границей, включая дни "
        "отъезда и приезда [1]. Суточные выплачиваются авансом до поездки и не требуют отчёта чеками [1]."
    )
    claims = read_claims(answer, context)
    assert [c.text[:25] for c in claims] == ["Суточные. 700 ₽ за каждый", "Суточные выплачиваются ав"]
    assert [c.citations for c in claims] == [(1,), (1,)]


def test_an_items_first_sentence_that_says_something_stays_a_claim_of_its_own() -> None:
    context = compose_context(TRIP)
    claims = read_claims("• Суточные выплачиваются авансом [1]. Отчёт не нужен [1].", context)
    assert [c.text for c in claims] == ["Суточные выплачиваются авансом.", "Отчёт не нужен."]


async def test_a_figure_under_an_items_label_answers_the_question_about_that_label() -> None:
    from agentcore.rag import check_focus

    context = compose_context(TRIP)
    answer = (
        "• Суточные [1]. 700 ₽ за каждый день командировки по России и 2500 ₽ в день за границей, включая дни "
        "отъезда и приезда [1]."
    )
    report = await check_claims(read_claims(answer, context), context)
    texts = [c.claim.text for c in report.supported]
    headings = [TRIP[0].title] * len(texts)
    focus = check_focus(
        "я в командировке в казани, мне сколько суточных положено в день?",
        texts,
        [f"{h.title}\n{h.text}" for h in TRIP],
        headings=headings,
        shown_headings=headings,
    )
    assert not focus.decline


@pytest.mark.parametrize(
    "answer",
    [
        # a source line under each paragraph (audit gap 3: the first one ended the answer, the rest was never read)
        "Аванс выплачивается 25 числа.\nИсточник: Зарплата\n\n"
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней.\nИсточник: Отпуск",
        "Аванс выплачивается 25 числа [3].\n**Источники:** [3]\n"
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].",
        "Аванс выплачивается 25 числа.\nИсточники:\n- Зарплата\n\n"
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].",
    ],
)
async def test_a_source_line_after_a_paragraph_cites_it_and_the_answer_goes_on(answer: str) -> None:
    claims = read_claims(answer, CONTEXT)
    assert [(c.text, c.citations) for c in claims] == [
        ("Аванс выплачивается 25 числа.", (3,)),
        ("Ежегодный оплачиваемый отпуск составляет 28 календарных дней.", (1,)),
    ]
    shown = render_claims(await check_claims(claims, CONTEXT))
    assert shown.text == (
        "Аванс выплачивается 25 числа [1].\nЕжегодный оплачиваемый отпуск составляет 28 календарных дней [2]."
    )


def test_a_paragraphs_source_line_cites_every_sentence_of_it_without_a_marker() -> None:
    answer = (
        "Отпуск можно делить на части. Отпуск составляет 28 календарных дней [4].\nИсточник: Отпуск\n\nАванс 25 числа."
    )
    assert [c.citations for c in read_claims(answer, CONTEXT)] == [(1,), (4,), ()]


@pytest.mark.parametrize(
    "answer",
    [
        "Отпуск 28 дней [1].\n\nИсточники:\n[1] Отпуск\n[2] Зарплата",
        "Отпуск 28 дней [1].\nИсточники: [1] Отпуск; [2] Зарплата",
        "Отпуск 28 дней.\n\nИсточник: Отпуск\n",
    ],
)
def test_a_trailing_sources_block_is_no_part_of_the_answer(answer: str) -> None:
    assert [c.text for c in read_claims(answer, CONTEXT)] == ["Отпуск 28 дней."]


async def test_clauses_citing_different_sources_are_claims_of_their_own() -> None:
    # audit gap 5: one claim needed one passage holding both clauses, so the whole true sentence was removed
    answer = "Аванс выплачивается 25 числа [3], а ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    claims = read_claims(answer, CONTEXT)
    assert [(c.citations, c.clause) for c in claims] == [((3,), 0), ((1,), 1)]
    report = await check_claims(claims, CONTEXT)
    assert [c.status for c in report.claims] == ["supported", "supported"]
    assert render_claims(report).text == (
        "Аванс выплачивается 25 числа [1], а ежегодный оплачиваемый отпуск составляет 28 календарных дней [2]."
    )


@pytest.mark.parametrize(
    ("answer", "shown"),
    [
        (
            "Аванс выплачивается 25 числа [3], а ежегодный оплачиваемый отпуск составляет 35 календарных дней [1].",
            "Аванс выплачивается 25 числа [1].",
        ),
        (
            "Аванс выплачивается 5 числа [3]; ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].",
            "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].",
        ),
        (
            "Аванс выплачивается 5 числа [3], а ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].",
            "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1].",
        ),
    ],
)
async def test_a_clause_shown_alone_is_a_sentence_of_its_own(answer: str, shown: str) -> None:
    assert render_claims(await check_claims(read_claims(answer, CONTEXT), CONTEXT)).text == shown


def test_a_sentence_whose_clauses_cite_the_same_source_stays_one_claim() -> None:
    answer = "Ежегодный отпуск составляет 28 календарных дней [1], и его можно делить на части [1]."
    assert len(read_claims(answer, CONTEXT)) == 1


async def test_a_heading_is_layout_shown_over_the_claims_that_survive_under_it() -> None:
    # audit gap 12: «### Выплаты» was a claim, shown «### Выплаты [1].» with a citation of its own
    answer = (
        "### Отпуск\nЕжегодный оплачиваемый отпуск составляет 35 календарных дней [1].\n"
        "### Зарплата\nАванс выплачивается 25 числа [3]."
    )
    claims = read_claims(answer, CONTEXT)
    report = await check_claims(claims, CONTEXT)
    assert [c.claim.text for c in report.claims] == [
        "Ежегодный оплачиваемый отпуск составляет 35 календарных дней.",
        "Аванс выплачивается 25 числа.",
    ]
    assert render_claims(report).text == "### Зарплата\nАванс выплачивается 25 числа [1]."


async def test_a_table_stays_a_table_and_its_header_row_is_no_claim() -> None:
    # audit gap 12: the header row «Выплата | Когда [1].» took number [1], the table lost its markup
    answer = (
        "| Выплата | Когда |\n|---|---|\n| Аванс | 25 числа [3] |\n"
        "| Ежегодный оплачиваемый отпуск | 35 календарных дней [1] |"
    )
    report = await check_claims(read_claims(answer, CONTEXT), CONTEXT)
    assert [c.claim.kind for c in report.claims] == ["row", "row"]
    assert render_claims(report).text == "| Выплата | Когда |\n| --- | --- |\n| Аванс | 25 числа [1] |"
    nothing = await check_claims(
        read_claims("| Выплата | Когда |\n|---|---|\n| Аванс | 5 числа [3] |", CONTEXT), CONTEXT
    )
    assert render_claims(nothing).text == ""


async def test_the_coverage_of_an_answer_counts_no_heading() -> None:
    from agentcore.rag.citations import LexicalJudge, citation_coverage

    answer = "### Отпуск\nЕжегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    report = await citation_coverage(answer, CONTEXT, LexicalJudge())
    assert report.coverage == 1.0 and len(report.sentences) == 1


async def test_a_section_cited_through_two_chunks_lists_the_text_of_both_under_its_number() -> None:
    # audit gap 17: only the first chunk was listed, so [1] of the second claim opened a passage not holding it
    context = compose_context(
        [
            Hit("tools#1", "tools", "Пять систем", "Ассистент поддержки запускается командой chat.", 1.0, "", 1),
            Hit("tools#2", "tools", "Пять систем", "CRM-агент работает со сделками и контактами портала.", 0.9, "", 2),
        ]
    )
    answer = (
        "Ассистент поддержки запускается командой chat [1]. CRM-агент работает со сделками и контактами портала [2]."
    )
    shown = render_claims(await check_claims(read_claims(answer, context), context))
    assert shown.text.count("[1]") == 2
    assert len(shown.sources) == 1
    assert "Ассистент поддержки" in shown.sources[0].text and "CRM-агент работает" in shown.sources[0].text
    assert shown.sources[0].ids == ("tools#1", "tools#2")  # its link opens both chunks (before: tools#1 only)


@pytest.mark.parametrize(
    "text",
    [
        "Реквизиты (источник " + "4081781009" * 6 + " в банке).",
        "Счёт [" + "4081781009" * 6 + " в Сбербанке].",
        "Счёт [" + "4081781009" * 6 + "].",
    ],
)
def test_a_long_digit_run_is_no_citation_and_is_read_at_once(text: str) -> None:
    # the numbers pattern splits no digit run (a split of 60 digits into numbers is exponential backtracking)
    assert not re.fullmatch(_NUMBERS, "1" * 60)
    assert parse_markers(text, CONTEXT) == (text, ())
    assert normalise_markers(text, CONTEXT) == text


@pytest.mark.parametrize(
    "answer",
    [
        "Отпуск 28 дней [1].\nАванс 25 числа [3].\n\nИсточники:\n\n[1] Отпуск\n\n[3] Зарплата\n",
        "Отпуск 28 дней [1].\nАванс 25 числа [3].\n\n**Источники:**\n\n1. Отпуск\n\n2. Зарплата\n",
    ],
)
def test_a_trailing_sources_list_with_blank_lines_between_its_entries_is_no_part_of_the_answer(answer: str) -> None:
    assert [c.text for c in read_claims(answer, CONTEXT)] == ["Отпуск 28 дней.", "Аванс 25 числа."]


def test_a_loose_sources_list_ends_at_a_line_that_is_no_entry() -> None:
    answer = "Отпуск 28 дней [1].\n\nИсточники:\n\n- Отпуск\n\n- Зарплата\n\nЕсли остались вопросы, напишите в HR.\n"
    assert [c.text for c in read_claims(answer, CONTEXT)] == [
        "Отпуск 28 дней.",
        "Если остались вопросы, напишите в HR.",
    ]


SICK_LEAVE_HIT = Hit(
    "vacation#2",
    "vacation",
    "Отпуск — Болезнь",
    "Если во время отпуска вы заболели, отпуск продлевается на дни болезни.",
    1.0,
    "",
    1,
)
SICK_LEAVE_CONTEXT = compose_context([SICK_LEAVE_HIT])


@pytest.mark.parametrize(
    "answer",
    [
        "Отпуск переносится [1], если сотрудник заболел.",
        "Отпуск переносится на другие даты [1], если сотрудник заболел во время отпуска.",
        "Отпуск переносится на другие даты [1], если сотрудник заболел во время отпуска [2].",
        "Отпуск переносится на другие даты [1], только если сотрудник заболел [2].",
        "Если сотрудник заболел во время отпуска [2], отпуск переносится на другие даты [1].",
        "Отпуск переносится на другие даты [1] в случае болезни сотрудника [2].",
    ],
)
def test_a_condition_after_a_marker_stays_with_its_claim(answer: str) -> None:
    # review finding 10: a marker before «если …» cut the condition off — «Отпуск переносится на другие даты» was a
    # claim of its own, shown as an unconditional rule
    claims = read_claims(answer, CONTEXT)
    assert len(claims) == 1
    assert "болезни" in claims[0].text or "заболел" in claims[0].text


async def test_a_claim_is_never_shown_without_the_condition_its_writer_set() -> None:
    context = SICK_LEAVE_CONTEXT
    wrong = "Отпуск продлевается на дни болезни [1], если сотрудник заболел до начала отпуска."
    report = await check_claims(read_claims(wrong, context), context)
    assert render_claims(report).text == ""  # was «Отпуск продлевается на дни болезни [1].»
    right = "Отпуск продлевается на дни болезни [1], если во время отпуска вы заболели."
    report = await check_claims(read_claims(right, context), context)
    assert render_claims(report).text == "Отпуск продлевается на дни болезни, если во время отпуска вы заболели [1]."


@pytest.mark.parametrize(
    "opener",
    [
        "в случае если",
        "при условии что",
        "в том случае, если",
        "после того как",
        "за исключением случаев, когда",
        "но только если",
    ],
)
async def test_a_condition_of_several_words_after_a_marker_is_not_cut_off(opener: str) -> None:
    # review rv3 finding 4: only «если» kept its claim — «Отпуск продлевается на дни болезни [1], при условии что
    # сотрудник заболел до начала отпуска.» showed the bare rule «Отпуск продлевается на дни болезни [1].»
    context = SICK_LEAVE_CONTEXT
    wrong = f"Отпуск продлевается на дни болезни [1], {opener} сотрудник заболел до начала отпуска."
    claims = read_claims(wrong, context)
    assert len(claims) == 1 and "заболел" in claims[0].text
    assert render_claims(await check_claims(claims, context)).text == ""


def test_a_contrast_after_a_marker_is_still_a_claim_of_its_own() -> None:
    answer = "Отпуск 28 дней [1], но заявление подаётся через портал за две недели [2]."
    assert [c.text for c in read_claims(answer, CONTEXT)] == [
        "Отпуск 28 дней,",
        "но заявление подаётся через портал за две недели.",
    ]


SICK_LEAVE_AND_PAY_CONTEXT = compose_context(
    [
        SICK_LEAVE_HIT,
        Hit("pay#1", "pay", "Зарплата — Отпускные", "Отпускные выплачиваются за три дня до начала отпуска.", 1, "", 1),
    ]
)


@pytest.mark.parametrize("opener", ["если", "когда"])
async def test_a_plain_condition_with_its_own_main_clause_after_a_marker_stays_with_the_claim_before_it(
    opener: str,
) -> None:
    # review rv4 finding 1: «X [1], если A, Y [2]» was cut after [1]; with Y removed the bare rule X was shown
    # («Отпуск продлевается на дни болезни [1].») without the condition its writer set
    answer = (
        f"Отпуск продлевается на дни болезни [1], {opener} сотрудник заболел во время отпуска, "
        "отпускные за эти дни выплачиваются в двойном размере [2]."
    )
    context = SICK_LEAVE_AND_PAY_CONTEXT
    claims = read_claims(answer, context)
    assert len(claims) == 1
    assert render_claims(await check_claims(claims, context)).text == ""


@pytest.mark.parametrize("consequence", ["с тем чтобы сотрудник отдохнул полностью", "так что сотрудник отдыхает"])
async def test_a_purpose_or_consequence_after_a_marker_is_a_claim_of_its_own(consequence: str) -> None:
    # review rv4 finding 1: «с тем чтобы …» / «так что …» were glued onto the supported rule before them and the
    # whole answer declined; a purpose or a consequence is no condition (as before 088e1e3)
    answer = f"Отпуск продлевается на дни болезни [1], {consequence} [2]."
    context = SICK_LEAVE_CONTEXT
    claims = read_claims(answer, context)
    assert len(claims) == 2
    assert render_claims(await check_claims(claims, context)).text.startswith("Отпуск продлевается на дни болезни")
