"""Numbered context, answer sentences, citation coverage (ALCE-style recall) and the support judges."""

from __future__ import annotations

from typing import Any

import pytest

from agentcore.llm import MockLLMGateway
from agentcore.llm.errors import LLMHTTPError
from agentcore.rag.citations import (
    LexicalJudge,
    LLMJudge,
    answer_sentences,
    citation_coverage,
    cited_extractive_answer,
    compose_context,
    judge_for,
)
from agentcore.rag.models import Hit


def _hit(hit_id: str, text: str, title: str = "Отпуск") -> Hit:
    return Hit(hit_id, hit_id.split("#")[0], title, text, 1.0, "s", 1)


HITS = [
    _hit("vacation#0", "Ежегодный отпуск составляет 28 календарных дней. Отпуск можно делить на части."),
    _hit("vacation#1", "Заявление на отпуск подают за две недели через портал.", "Отпуск — Оформление"),
    _hit("vacation#0", "duplicate"),
    _hit("payroll#0", "Зарплату платят 10 и 25 числа.", "Зарплата"),
]


def test_compose_context_numbers_unique_hits_from_one() -> None:
    context = compose_context(HITS)
    assert [(p.index, p.id) for p in context.passages] == [(1, "vacation#0"), (2, "vacation#1"), (3, "payroll#0")]
    assert context.get(2) is not None and context.get(0) is None and context.get(4) is None
    assert context.render().startswith("[1] Отпуск (vacation#0)\nЕжегодный")
    assert len(compose_context(HITS, max_passages=2).passages) == 2


def test_answer_sentences_with_markers_lists_and_a_sources_trailer() -> None:
    answer = (
        "Отпуск длится 28 дней [1]. Его можно делить на части. [1, 2]\n"
        "1. Подайте заявление [2].\n"
        "Привет [3][1]!\n\n"
        "Источники:\n[1] Отпуск"
    )
    sentences = answer_sentences(answer)
    assert [(s.text, s.citations) for s in sentences] == [
        ("Отпуск длится 28 дней.", (1,)),
        ("Его можно делить на части.", (1, 2)),
        ("1. Подайте заявление.", (2,)),
        ("Привет!", (3, 1)),
    ]
    assert answer_sentences("") == [] and answer_sentences("[1]") == []


async def test_coverage_is_the_share_of_sentences_supported_by_a_cited_passage() -> None:
    context = compose_context(HITS)
    judge = LexicalJudge()
    full = await citation_coverage("Ежегодный отпуск составляет 28 календарных дней [1].", context, judge)
    assert full.coverage == 1.0 and full.supported == 1
    mixed = await citation_coverage(
        "Ежегодный отпуск составляет 28 календарных дней [1]. "
        "Заявление на отпуск подают за две недели [1]. "  # cites the wrong passage
        "Зарплату платят 10 и 25 числа. "  # cites nothing
        "Отпуск можно делить на части [9].",  # cites a passage that does not exist
        context,
        judge,
    )
    assert mixed.coverage == 0.25
    assert [s.supported for s in mixed.sentences] == [True, False, False, False]
    assert mixed.to_dict()["unsupported"][1] == "Зарплату платят 10 и 25 числа."
    assert (await citation_coverage("", context, judge)).coverage == 0.0


@pytest.mark.parametrize(
    "answer",
    [
        "Ежегодный отпуск составляет 28 календарных дней (Источник: Отпуск). Зарплату платят 10 и 25 числа "
        "(Источник: Зарплата).",
        "Ежегодный отпуск составляет 28 календарных дней [Источник 1]. Зарплату платят 10 и 25 числа [payroll#0].",
        "Ежегодный отпуск составляет 28 календарных дней. Зарплату платят 10 и 25 числа.\n\nИсточники:\n[1] Отпуск\n"
        "[3] Зарплата",
        "Ежегодный отпуск составляет 28 календарных дней [1][3]. Зарплату платят 10 и 25 числа [1, 3].",
    ],
)
async def test_coverage_reads_every_marker_form_the_claims_read(answer: str) -> None:
    # One reader of markers (rag._markers, through claims.read_claims): coverage and the claim check agree.
    from agentcore.rag.claims import check_claims, read_claims

    context = compose_context(HITS)
    report = await citation_coverage(answer, context, LexicalJudge())
    claims = await check_claims(read_claims(answer, context), context)
    assert len(report.sentences) == len(claims.claims) == 2
    assert report.coverage == 1.0 and all(c.status == "supported" for c in claims.claims)


async def test_one_supporting_citation_is_enough() -> None:
    context = compose_context(HITS)
    report = await citation_coverage("Заявление на отпуск подают за две недели [3, 2].", context, LexicalJudge())
    assert report.coverage == 1.0 and report.sentences[0].citations == (3, 2)


def test_lexical_judge_wants_the_numbers_too() -> None:
    judge = LexicalJudge()
    evidence = "Ежегодный отпуск составляет 28 календарных дней."
    assert judge.score("Отпуск составляет 28 календарных дней.", evidence) == 1.0
    assert judge.score("Отпуск составляет 14 календарных дней.", evidence) < judge.threshold
    assert judge.score("Премию платят ежеквартально.", evidence) == 0.0
    assert judge.score("и", evidence) == 0.0  # no content terms


async def test_llm_judge_reads_the_models_verdicts() -> None:
    gateway = MockLLMGateway([{"verdicts": [{"claim": 1, "supported_by": [2]}, {"claim": 2, "supported_by": []}]}])
    scores = await LLMJudge(gateway).judge([("a", ["x", "y"]), ("b", ["z"])])
    assert scores == [[0.0, 1.0], [0.0]]
    request = gateway.requests[0]
    assert request.step == "rag.support" and "Утверждение 1: a" in (request.messages[-1].content or "")


async def test_llm_judge_falls_back_to_the_lexical_judge() -> None:
    judge = LLMJudge(MockLLMGateway([LLMHTTPError(500, "down")]))
    scores = await judge.judge([("Отпуск 28 дней.", ["Отпуск 28 дней."])])
    assert scores == [[1.0]]


@pytest.mark.parametrize(
    "reply",
    [
        {"verdicts": []},
        {"verdicts": [{"claim": 3, "supported_by": [1]}]},
        {"verdicts": [{"claim": 1, "supported_by": [5]}]},
    ],
)
async def test_llm_judge_falls_back_to_the_lexical_judge_on_a_junk_reply(reply: dict[str, Any]) -> None:
    # a reply that parses but judges no claim, or numbers out of range: coverage gets the lexical scores, not zeros
    judge = LLMJudge(MockLLMGateway([reply]))
    assert await judge.judge([("Отпуск 28 дней.", ["Отпуск 28 дней."])]) == [[1.0]]
    assert await LLMJudge(MockLLMGateway([reply])).verdicts([("Отпуск 28 дней.", ["Отпуск 28 дней."])]) is None


async def test_llm_judge_verdicts_keep_the_well_formed_entries_and_name_the_flawed() -> None:
    reply = {
        "verdicts": [
            {"claim": 1, "supported_by": [1]},
            {"claim": 1, "supported_by": [2]},
            {"claim": 2, "supported_by": []},
            {"claim": 3, "supported_by": [1]},
        ]
    }
    items = [("a", ["x", "y"]), ("b", ["z"]), ("c", ["w"]), ("d", ["v"])]
    read = await LLMJudge(MockLLMGateway([reply])).verdicts(items)
    assert read is not None and read.rows == [[1.0, 1.0], [0.0], [1.0], None]
    assert len(read.flaws) == 2  # claim 1 judged twice, claim 4 not judged
    # coverage and verify (``judge``) keep falling back to the lexical judge on a flawed reply
    assert await LLMJudge(MockLLMGateway([reply])).judge(items) == [[0.0, 0.0], [0.0], [0.0], [0.0]]


def test_judge_for_picks_by_provider() -> None:
    class Real:
        provider = type("P", (), {"name": "gigachat"})()

    assert isinstance(judge_for(Real()), LLMJudge)
    assert isinstance(judge_for(None), LexicalJudge)
    assert isinstance(judge_for(MockLLMGateway([])), LexicalJudge)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Сколько дней составляет ежегодный отпуск?", "Ежегодный отпуск составляет 28 календарных дней [1]."),
    ],
)
def test_cited_extractive_answer(question: str, expected: str) -> None:
    answer = cited_extractive_answer(question, compose_context(HITS), max_sentences=1)
    assert answer == expected


def test_cited_extractive_answer_keeps_a_whole_procedure_with_citations() -> None:
    steps = "Как оформить отпуск:\n\n1. Откройте портал.\n2. Выберите даты.\n3. Отправьте заявление.\n4. Ждите."
    context = compose_context([_hit("vacation#2", steps, "Отпуск — Как оформить отпуск")])
    answer = cited_extractive_answer("Как оформить отпуск?", context)
    assert answer is not None
    lines = answer.splitlines()
    assert [line[:2] for line in lines[1:]] == ["1.", "2.", "3.", "4."]
    assert all(line.rstrip(".:").endswith("[1]") for line in lines)


def test_cited_extractive_answer_is_none_only_without_passages() -> None:
    # Whether the knowledge base answers at all is the searcher's call (SearchResult.answerable), not this one's.
    assert cited_extractive_answer("курс биткоина", compose_context([])) is None


async def test_extractive_answers_are_fully_covered() -> None:
    context = compose_context(HITS)
    answer: Any = cited_extractive_answer("отпуск заявление дней", context)
    assert (await citation_coverage(answer, context, LexicalJudge())).coverage == 1.0


async def test_cited_markers_never_change_commands_or_code() -> None:
    from agentcore.rag.citations import ComposedContext, Passage, cited_extractive_answer

    text = (
        "1. Создайте окружение и активируйте его:\n\n   ```bash\n   python3 -m venv .venv\n   ```\n"
        "2. Установите пакет: pip install .\n3. Проверьте установку командой agentcore --help."
    )
    context = ComposedContext((Passage(1, "i#0", "i", "Установка — По шагам", text),))
    answer = cited_extractive_answer("Как установить agentcore?", context, trust_order=True)
    assert answer is not None
    lines = answer.splitlines()
    assert lines[1] == "1. Создайте окружение и активируйте его [1]:"
    assert lines[2].strip() == "python3 -m venv .venv"
    assert lines[3] == "2. Установите пакет: pip install . [1]"
    assert lines[4] == "3. Проверьте установку командой agentcore --help [1]."
    # The code lines belong to their item: not sentences of their own without a citation.
    assert len(answer_sentences(answer)) == 4
    assert (await citation_coverage(answer, context, LexicalJudge())).coverage == 1.0


def test_a_word_that_starts_with_a_dot_keeps_its_space() -> None:
    """«Файл `.conf`» without code marks is «Файл .conf»: the space before a word-initial dot stays, while the space
    a removed marker leaves before a word-final mark is closed up."""
    from agentcore.rag._markers import parse_markers
    from agentcore.rag.citations import close_up

    assert close_up("Файл .conf или QR-код импортируйте в клиент .") == "Файл .conf или QR-код импортируйте в клиент."
    assert close_up("Шаги :  первый , второй ! «Цитата» .") == "Шаги: первый, второй! «Цитата»."
    assert close_up("Версия .5 и (файл .env)") == "Версия .5 и (файл .env)"
    assert parse_markers("Файл .conf или QR-код импортируйте в клиент [2].")[0] == (
        "Файл .conf или QR-код импортируйте в клиент."
    )
    assert [s.text for s in answer_sentences("Файл .conf импортируйте в клиент [1].")] == [
        "Файл .conf импортируйте в клиент."
    ]
