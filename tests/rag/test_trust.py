"""The answer-trust pipeline of every surface: claims, guard, focus, weak evidence, the closing line."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.rag.test_claims import CONTEXT

from agentcore.rag.citations import LexicalJudge, citation_coverage, compose_context
from agentcore.rag.claims import MISSING_PREFIX
from agentcore.rag.models import Hit
from agentcore.rag.trust import (
    checked_restatement,
    claim_metadata,
    shown_coverage,
    shown_evidence,
    trusted_answer,
)

PAY = "Заработная плата выплачивается два раза в месяц: аванс 25 числа и остаток 10 числа следующего месяца [3]."


async def test_a_half_false_answer_shows_the_true_claim_and_reports_the_false_one() -> None:
    answer = (
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]. "
        "Заявление на отпуск подаётся не позднее чем за 30 дней до начала отпуска [2]."
    )
    trusted = await trusted_answer("Сколько дней длится ежегодный отпуск?", answer, CONTEXT)
    assert (
        trusted.answered
        and trusted.rendered.text == "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    )
    meta = trusted.metadata()
    assert [c["status"] for c in meta["claims"]] == ["supported", "contradicted"]
    assert meta["claims"][0]["citations"] == [1] and meta["claims"][1]["citations"] == []
    assert meta["claims"][1]["claim"] is None  # a removed claim's text only in removed_claims
    assert [r["claim"] for r in meta["removed_claims"]] == [
        "Заявление на отпуск подаётся не позднее чем за 30 дней до начала отпуска."
    ]
    assert meta["grounded"] is True and meta["missing_parts"] == []


async def test_coverage_is_the_shown_answers_not_the_drafts() -> None:
    # review F16: the false second claim is removed, the true one is shown renumbered — [2] → [1] — with the closing
    # line; the answer shown is fully covered, the answer checked only half
    question = "Когда выплачивается заработная плата и компенсирует ли компания абонемент в спортзал?"
    answer = PAY.replace("[3]", "[2]") + " Зарплату выдают золотом [1]."
    context = type(CONTEXT)((CONTEXT.passages[0], replace(CONTEXT.passages[2], index=2)))
    trusted = await trusted_answer(question, answer, context)
    assert trusted.rendered.text.splitlines()[0].endswith("[1].") and MISSING_PREFIX in trusted.rendered.text
    assert (await citation_coverage(answer, context, LexicalJudge())).coverage == 0.5
    report = await shown_coverage(trusted.rendered, LexicalJudge())
    assert report.coverage == 1.0 and len(report.sentences) == 1
    declined = await trusted_answer("Сколько стоит парковка?", "Зарплату выдают золотом [1].", context)
    assert (await shown_coverage(declined.rendered, LexicalJudge())).coverage == 0.0


async def test_an_answer_to_another_question_is_not_shown() -> None:
    answer = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    trusted = await trusted_answer("Когда выплачивается зарплата?", answer, CONTEXT)
    assert not trusted.answered and trusted.focus.decline
    assert [(c.status, c.decided_by) for c in trusted.report.claims] == [("unsupported", "focus")]
    meta = trusted.metadata()
    assert meta["grounded"] is False and meta["removed_claims"][0]["missing"] == ["не отвечает на вопрос"]


async def test_an_extractive_answer_to_another_question_gives_way_to_the_sentence_that_answers_it() -> None:
    # re-selection (agentcore.rag._reselect): the context's salary sentence answers; the vacation sentence, which
    # answered nothing, is not shown beside it but stays in the report, removed by the focus check
    answer = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    trusted = await trusted_answer("Когда выплачивается зарплата?", answer, CONTEXT, reselect=True)
    assert trusted.answered and trusted.rendered.text == PAY.replace("[3]", "[1]")
    assert [(c.status, c.decided_by) for c in trusted.report.claims] == [
        ("unsupported", "focus"),
        ("supported", "guard"),
    ]
    assert [r["claim"] for r in trusted.metadata()["removed_claims"]] == [answer.replace(" [1]", "")]


async def test_the_part_the_documents_do_not_answer_is_named_in_the_closing_line() -> None:
    question = "Сколько дней длится ежегодный отпуск и компенсирует ли компания абонемент в спортзал?"
    answer = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    trusted = await trusted_answer(question, answer, CONTEXT)
    lines = trusted.rendered.text.splitlines()
    assert lines[0] == answer and lines[-1] == f"{MISSING_PREFIX} компенсирует ли компания абонемент в спортзал."
    assert trusted.metadata()["missing_parts"] == ["компенсирует ли компания абонемент в спортзал"]


async def test_weak_evidence_is_answered_only_by_the_questions_own_words() -> None:
    # «деньги за работу» is a paraphrase of «заработная плата»: enough on strong evidence, not on weak
    strong = await trusted_answer("Когда приходят деньги за работу?", PAY, CONTEXT)
    assert strong.answered and not strong.weak
    weak = await trusted_answer("Когда приходят деньги за работу?", PAY, CONTEXT, answerable=False)
    assert not weak.answered and weak.weak
    worded = await trusted_answer("Когда выплачивается заработная плата?", PAY, CONTEXT, answerable=False)
    assert worded.answered and not worded.weak


def test_a_decline_has_no_claim_fields() -> None:
    assert claim_metadata(None, None, answered=False) == {
        "claims": [],
        "removed_claims": [],
        "missing_parts": [],
        "grounded": False,
    }


async def test_a_part_only_a_removed_claim_answered_is_named_in_the_question_s_words() -> None:
    # audit gap 4: the false claim was removed, the focus check counted its part as answered (one part «аванс и
    # остаток зарплаты», the heading «Зарплата»), and no closing line said that part was left unanswered
    question = "Когда выплачивают аванс и остаток зарплаты?"
    answer = "Аванс выплачивается 25 числа [3]. Остаток зарплаты выплачивается 20 числа [3]."
    trusted = await trusted_answer(question, answer, CONTEXT)
    assert trusted.rendered.text == f"Аванс выплачивается 25 числа [1].\n{MISSING_PREFIX} остаток зарплаты."
    assert trusted.metadata()["missing_parts"] == ["остаток зарплаты"]
    assert "20" not in trusted.rendered.text  # the removed claim's text is never named


async def test_a_restatement_asserting_what_the_closing_line_names_missing_is_not_held() -> None:
    # review rv2 F2: the closing line was evidence, so a /v1 shaped field stating the very thing the answer declared
    # absent was kept as checked; it names no fact, so only the answer's claims hold a restatement
    shown = (
        "Ежегодный отпуск составляет 28 календарных дней [1].\n\n"
        f"{MISSING_PREFIX} компенсация за неиспользованный отпуск при увольнении."
    )
    evidence = shown_evidence(shown, {1: "Отпуск"})
    assert all(MISSING_PREFIX not in p.text and "компенсация" not in p.text for p in evidence.passages)
    absent = await checked_restatement("Компенсация за неиспользованный отпуск при увольнении выплачивается.", evidence)
    assert absent.text == "" and len(absent.removed) == 1
    held = await checked_restatement("Ежегодный отпуск составляет 28 календарных дней.", evidence)
    assert held.text == "Ежегодный отпуск составляет 28 календарных дней." and held.removed == []


class _CountingJudge:
    """A model judge (not ``lexical``) that supports every claim and counts how often each claim is judged."""

    name = "llm"
    threshold = 0.5

    def __init__(self) -> None:
        self.asked: dict[str, int] = {}

    async def judge(self, items: Any) -> list[list[float]]:
        for claim, _ in items:
            self.asked[claim] = self.asked.get(claim, 0) + 1
        return [[1.0] * len(evidence) for _, evidence in items]


async def test_the_shown_coverage_asks_the_model_judge_nothing_the_check_asked() -> None:
    # review finding 8: metadata.coverage judged every shown claim a second time
    judge = _CountingJudge()
    answer = f"Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]. {PAY}"
    question = "Сколько дней длится ежегодный отпуск и когда выплачивается зарплата?"
    trusted = await trusted_answer(question, answer, CONTEXT, judge=judge)
    assert trusted.answered and len(trusted.report.supported) == 2
    report = await shown_coverage(trusted.rendered, judge, trusted.report)
    assert report.coverage == 1.0 and len(report.sentences) == 2
    assert sorted(judge.asked.values()) == [1, 1]  # once per claim, by the check (before: twice)


async def test_a_claim_reversing_a_widened_way_is_not_shown() -> None:
    # rv3 finding 1: «не исключительно через VPN» is no only way — «без VPN … не предоставляется» reverses it
    server = "Доступ к серверу предоставляется не исключительно через VPN: из офиса он открыт напрямую."
    context = compose_context([Hit("srv#0", "srv", "Доступ к серверам", server, 1.0, "", 1)])
    question = "Можно ли получить доступ к серверу без VPN?"
    trusted = await trusted_answer(question, "Без VPN доступ к серверу не предоставляется [1].", context)
    assert trusted.rendered.text == ""


async def test_the_rule_of_another_thing_of_the_subject_does_not_answer_a_permission() -> None:
    # rv3 finding 5: the transfer of a vacation agreed with the manager does not answer taking one without it
    transfer = "Перенос отпуска согласует руководитель. Новые даты вносятся в график."
    context = compose_context([Hit("d#0", "d", "Отпуск — Перенос", transfer, 1.0, "", 1)])
    question = "Можно ли взять отпуск без согласования с руководителем?"
    answer = "Перенос отпуска согласует руководитель [1]. Новые даты вносятся в график [1]."
    trusted = await trusted_answer(question, answer, context)
    assert trusted.rendered.text == ""
