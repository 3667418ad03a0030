"""The focus judge: with a model configured, the model reads the question against the guard-supported sentences
after the focus rules — it may answer a part the rules missed only for the question's words, and unanswer a part
the rules answered; it never shows a claim the guard failed, and a junk reply leaves the rules' verdict."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rag.test_claims import CONTEXT

from agentcore.llm import MockLLMGateway
from agentcore.llm.errors import LLMHTTPError
from agentcore.rag._focus import check_focus
from agentcore.rag._focus_judge import FOCUS_STEP, rule_focus
from agentcore.rag.citations import LexicalJudge, LLMJudge
from agentcore.rag.claims import MISSING_PREFIX
from agentcore.rag.trust import trusted_answer

PAY = "Заработная плата выплачивается два раза в месяц: аванс 25 числа и остаток 10 числа следующего месяца [3]."
VACATION = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
CHAT = "Когда падает получка?"
"""A chat question the rules decline: none of its words is in the salary sentence («no answer test»)."""


def _support(*claims: int) -> dict[str, Any]:
    """The claim judge's (``rag.support``) reply confirming ``claims`` by their first passage."""
    return {"verdicts": [{"claim": n, "supported_by": [1]} for n in claims]}


def _focus(*parts: list[int]) -> dict[str, Any]:
    """The focus judge's (``rag.focus``) reply: part ``k`` answered by the sentences listed ``k``-th."""
    return {"parts": [{"part": k, "sentences": s} for k, s in enumerate(parts, start=1)]}


def _steps(gateway: MockLLMGateway) -> list[str]:
    return [r.step or "" for r in gateway.requests]


async def test_the_rules_decline_a_chat_question_the_sentence_answers() -> None:
    trusted = await trusted_answer(CHAT, PAY, CONTEXT)
    assert trusted.focus.decline and not trusted.answered


async def test_a_part_the_model_answers_is_shown_grounded_and_decided_by_the_judge() -> None:
    gateway = MockLLMGateway([_support(1), _focus([1])])
    trusted = await trusted_answer(CHAT, PAY, CONTEXT, judge=LLMJudge(gateway))
    assert _steps(gateway) == ["rag.support", FOCUS_STEP]
    assert trusted.answered and trusted.rendered.text == PAY.replace("[3]", "[1]")
    meta = trusted.metadata()
    assert meta["grounded"] is True and meta["missing_parts"] == []
    assert [(c["status"], c["decided_by"], c["citations"]) for c in meta["claims"]] == [("supported", "judge", [1])]
    assert not trusted.report.warnings
    # the model read the question, its part and the numbered sentence with its section
    prompt = gateway.requests[1].messages[-1].content
    assert CHAT in prompt and "[1] (Зарплата) Заработная плата" in prompt
    assert gateway.requests[1].temperature == 0


async def test_a_part_the_rules_left_is_answered_beside_the_one_they_answered() -> None:
    question = "Сколько дней длится ежегодный отпуск и когда падает получка?"
    answer = f"{VACATION} {PAY}"
    rules = await trusted_answer(question, answer, CONTEXT)
    assert rules.focus.answered == (True, False) and MISSING_PREFIX in rules.rendered.text
    gateway = MockLLMGateway([_support(1, 2), _focus([1], [2])])
    trusted = await trusted_answer(question, answer, CONTEXT, judge=LLMJudge(gateway))
    assert trusted.focus.answered == (True, True) and MISSING_PREFIX not in trusted.rendered.text
    assert [c.decided_by for c in trusted.report.claims] == ["guard", "judge"]


async def test_a_part_the_model_says_no_sentence_answers_is_unanswered() -> None:
    question = "Когда выплачивается заработная плата?"
    rules = await trusted_answer(question, PAY, CONTEXT)
    assert rules.answered and rules.focus.answered == (True,)
    gateway = MockLLMGateway([_support(1), _focus([])])
    trusted = await trusted_answer(question, PAY, CONTEXT, judge=LLMJudge(gateway))
    assert not trusted.answered and trusted.focus.decline
    assert [(c.status, c.decided_by) for c in trusted.report.claims] == [("unsupported", "judge")]
    assert trusted.metadata()["removed_claims"][0]["missing"] == ["не отвечает на вопрос"]


async def test_a_downgrade_of_one_part_names_it_in_the_closing_line() -> None:
    question = "Сколько дней длится ежегодный отпуск и когда выплачивается заработная плата?"
    answer = f"{VACATION} {PAY}"
    gateway = MockLLMGateway([_support(1, 2), _focus([1], [])])
    trusted = await trusted_answer(question, answer, CONTEXT, judge=LLMJudge(gateway))
    assert trusted.focus.answered == (True, False) and trusted.answered
    assert trusted.rendered.text.splitlines()[-1].startswith(MISSING_PREFIX)


_UNPARSABLE = "да, всё верно"


@pytest.mark.parametrize(
    ("reply", "warning"),
    [
        ([LLMHTTPError(500, "down")], "не ответила"),  # the provider fails
        ([_UNPARSABLE] * 4, "не удалось разобрать"),  # the reply never parses (every retry)
        ([{"parts": []}], "не удалось разобрать"),  # parses, but answers no part
        ([_focus([7])], "не удалось разобрать"),  # its only entry names a sentence out of range
        ([{"parts": [{"part": 3, "sentences": [1]}]}], "не удалось разобрать"),  # a part out of range
    ],
)
async def test_a_junk_reply_leaves_the_rules_verdict_with_a_warning(reply: list[object], warning: str) -> None:
    for question, answered in ((CHAT, False), ("Когда выплачивается заработная плата?", True)):
        rules = await trusted_answer(question, PAY, CONTEXT)
        gateway = MockLLMGateway([_support(1), *reply])
        trusted = await trusted_answer(question, PAY, CONTEXT, judge=LLMJudge(gateway))
        assert trusted.answered is answered and trusted.rendered.text == rules.rendered.text
        assert [c.decided_by for c in trusted.report.claims] == [c.decided_by for c in rules.report.claims]
        assert len(trusted.report.warnings) == 1 and warning in trusted.report.warnings[0]
        assert "не учтён" in trusted.report.warnings[0]


async def test_a_flawed_entry_is_ignored_and_named_the_well_formed_one_stands() -> None:
    question = "Сколько дней длится ежегодный отпуск и когда падает получка?"
    answer = f"{VACATION} {PAY}"
    reply = {"parts": [{"part": 1, "sentences": [9]}, {"part": 2, "sentences": [2]}]}
    gateway = MockLLMGateway([_support(1, 2), reply])
    trusted = await trusted_answer(question, answer, CONTEXT, judge=LLMJudge(gateway))
    assert trusted.focus.answered == (True, True)  # part 1 keeps the rules' verdict, part 2 is rescued
    assert len(trusted.report.warnings) == 1 and "часть 1: предложения [9] вне списка" in trusted.report.warnings[0]


@pytest.mark.parametrize("sentences", [[1], [1, 2]])
async def test_an_approve_everything_model_never_shows_a_claim_the_guard_failed(sentences: list[int]) -> None:
    false = "Получка падает 15 числа [3]."
    answer = f"{PAY} {false}"
    # the claim judge approves both claims, the focus judge names every sentence it could
    gateway = MockLLMGateway([_support(1, 2), _focus(sentences)])
    trusted = await trusted_answer(CHAT, answer, CONTEXT, judge=LLMJudge(gateway))
    assert "15" not in trusted.rendered.text
    assert trusted.report.claims[1].status != "supported"
    # only the guard-supported sentence was numbered: [2] is out of range, so that entry is ignored
    prompt = gateway.requests[-1].messages[-1].content
    assert "[2]" not in prompt and "15 числа" not in prompt
    assert trusted.answered is (sentences == [1])


async def test_a_part_missed_for_another_reason_than_its_words_is_not_asked() -> None:
    # the vacation sentence gives no time: the rules' «no shown sentence gives the value asked», not the words
    gateway = MockLLMGateway([_support(1)])
    trusted = await trusted_answer("Когда выплачивается зарплата?", VACATION, CONTEXT, judge=LLMJudge(gateway))
    assert _steps(gateway) == ["rag.support"] and not trusted.answered


async def test_on_weak_evidence_no_part_is_rescued() -> None:
    gateway = MockLLMGateway([_support(1)])
    trusted = await trusted_answer(CHAT, PAY, CONTEXT, judge=LLMJudge(gateway), answerable=False)
    assert _steps(gateway) == ["rag.support"] and not trusted.answered


@pytest.mark.parametrize("question", [CHAT, "Когда выплачивается заработная плата?"])
async def test_offline_or_turned_off_no_call_and_the_rules_answer(question: str) -> None:
    rules = await trusted_answer(question, PAY, CONTEXT)
    lexical = await trusted_answer(question, PAY, CONTEXT, judge=LexicalJudge())
    gateway = MockLLMGateway([_support(1)])
    off = await trusted_answer(question, PAY, CONTEXT, judge=LLMJudge(gateway), focus_judge=False)
    assert _steps(gateway) == ["rag.support"]
    assert lexical == rules
    # the claim judge ran (its scores are kept on the claims), the focus judge did not
    assert off.rendered.text == rules.rendered.text and off.focus == rules.focus
    assert off.metadata() == rules.metadata()


def test_the_check_names_why_a_part_is_unanswered_without_changing_its_verdict() -> None:
    passages = [f"{p.title}\n{p.text}" for p in CONTEXT.passages]
    shown = [PAY.replace(" [3]", "")]
    for question in ("Сколько дней длится ежегодный отпуск и когда падает получка?", "Когда выплачивается зарплата?"):
        why: list[str] = []
        plain = check_focus(question, shown, passages, headings=["Зарплата"])
        asked = check_focus(question, shown, passages, headings=["Зарплата"], why=why)
        assert asked == plain and len(why) == len(plain.parts)
        assert [not w for w in why] == list(plain.answered)
    why = []
    check_focus(CHAT, shown, passages, headings=["Зарплата"], why=why)
    assert why == ["no answer test"]


async def test_no_part_in_play_makes_no_call() -> None:
    gateway = MockLLMGateway([])
    ruling = await rule_focus(gateway, "вопрос", ["часть"], [False], ["veto x"], [("", "предложение")])
    assert ruling.answered == (False,) and not ruling.asked and not gateway.requests


async def test_a_part_listed_twice_gets_the_union_of_its_sentences() -> None:
    reply = {"parts": [{"part": 1, "sentences": []}, {"part": 1, "sentences": [2]}]}
    gateway = MockLLMGateway([reply])
    ruling = await rule_focus(gateway, "вопрос", ["часть"], [False], ["no answer test"], [("", "а"), ("", "б")])
    assert ruling.answered == (True,) and ruling.named == {0: (1,)} and "дважды" in ruling.warnings[0]


@pytest.mark.parametrize("judge", [None, LexicalJudge()])
async def test_offline_the_focus_judge_is_never_entered(judge: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # the proof that offline figures cannot move: no offline answer reaches the focus judge's code
    import agentcore.rag.trust as trust

    async def entered(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the focus judge ran offline")

    monkeypatch.setattr(trust, "_focus_judged", entered)
    for question in (CHAT, "Когда выплачивается заработная плата?"):
        await trusted_answer(question, PAY, CONTEXT, judge=judge, reselect=True)


@pytest.mark.parametrize(
    ("question", "focus"), [(CHAT, _focus([1])), ("Когда выплачивается заработная плата?", _focus([]))]
)
async def test_with_a_model_the_focus_check_runs_once_and_the_judge_reads_its_reasons(
    question: str, focus: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import agentcore.rag.trust as trust

    calls: list[list[str] | None] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs.get("why"))
        return check_focus(*args, **kwargs)

    monkeypatch.setattr(trust, "check_focus", counted)
    gateway = MockLLMGateway([_support(1), focus])
    trusted = await trusted_answer(question, PAY, CONTEXT, judge=LLMJudge(gateway))
    assert _steps(gateway) == ["rag.support", FOCUS_STEP]
    # one check, and it recorded why each part is unanswered: the judge was asked by the rules' reasons
    assert len(calls) == 1 and calls[0] is not None
    assert trusted.why == tuple(calls[0]) and len(trusted.why) == len(trusted.focus.parts)
    # offline the check records nothing (it runs as it always did)
    calls.clear()
    offline = await trusted_answer(question, PAY, CONTEXT)
    assert calls == [None] and offline.why is None
