"""The passage ranker and the answerability check on a small knowledge base.

The ranker's weights and windows are calibrated for the real model (checked in ``test_eval.py``); here BM25 alone
isolates the structural features (lead, steps), and the hashing embedder exercises the uncalibrated path.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cost import cpu_seconds

from agentcore.config import Settings
from agentcore.rag import Analyzer
from agentcore.rag._ranking import defined_terms, definition_subject, question_kind
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine
from agentcore.rag.searcher import Searcher


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("Что такое спринт?", "definition"),
        ("кто такой скрам-мастер", "definition"),
        ("Что значит ERR-104?", "definition"),
        ("Спринт — что это?", "definition"),
        ("Как оформить отпуск?", "procedure"),
        ("Что делать, если заболел?", "procedure"),
        ("Сколько дней отпуска?", "quantity"),
        ("Как часто менять пароль?", "quantity"),
        ("Во сколько дейли?", "quantity"),
        ("Какой лимит на такси?", "quantity"),
        ("Можно ли работать из Турции?", "other"),
    ],
)
def test_question_kind(query: str, kind: str) -> None:
    assert question_kind(query) == kind


def _cpu_cost(query: str) -> float:
    return cpu_seconds(lambda: (question_kind(query), definition_subject(query)))


@pytest.mark.parametrize("filler", [" ", "\u00a0", "\n", " -", "- "])
def test_question_kind_costs_linear_time(filler: str) -> None:
    """Every question is classified (``searcher.retrieve``): four times the text costs about four times as much.
    The definition pattern was cubic in a run of spaces — 2,000 of them (the question cap) took 253 s, open to any
    caller of ``/research`` or ``/rag/search``.  A ratio of CPU times, so a loaded machine slows both."""
    for start in ("когда", "что такое"):
        quarter, whole = (start + filler * n + "отпуск" for n in (100, 400))
        assert _cpu_cost(whole) / _cpu_cost(quarter) < 10.0, start


def test_definition_subject_and_defining_sentences() -> None:
    assert definition_subject("Что такое спринт?") == "спринт"
    assert definition_subject("Спринт — что это?") == "Спринт"
    assert definition_subject("Как оформить отпуск?") == ""
    analyzer = Analyzer()
    assert analyzer.terms("спринт")[0] in defined_terms("Спринт — это отрезок фиксированной длины.", analyzer)
    assert analyzer.terms("дейли")[0] in defined_terms("Стендап, он же дейли, — короткая встреча.", analyzer)
    assert not defined_terms("По Scrum Guide спринт длится месяц. Цель не меняется.", analyzer)


DOCS = {
    "sprint.md": """# Спринт

Спринт — это отрезок фиксированной длины, за который команда делает инкремент продукта.

## Длина спринта

Спринт длится две недели: спринт начинается в понедельник, спринт заканчивается в пятницу.
""",
    "vpn.md": """# VPN

## Когда VPN нужен

VPN нужен вне офиса, чтобы подключиться к внутренним системам.

## Установка

1. Установите клиент WireGuard.
2. Создайте конфигурацию на портале.
3. Импортируйте файл в клиент.
4. Включите туннель.
""",
    "payroll.md": "# Зарплата\n\nЗарплата выплачивается 10 и 25 числа каждого месяца.\n",
}


def _searcher(data_dir: Path, tmp_path: Path, embedder: HashingEmbedder | None) -> Searcher:
    folder = tmp_path / "docs"
    folder.mkdir(exist_ok=True)
    for name, text in DOCS.items():
        (folder / name).write_text(text, encoding="utf-8")
    engine = RagEngine(Settings(data_dir=data_dir, rag_collection="t"), embedder=embedder, backend=None)
    engine.indexer.index_path(folder)
    return engine.searcher


@pytest.fixture
def searcher(data_dir: Path, tmp_path: Path) -> Searcher:
    return _searcher(data_dir, tmp_path, None)


@pytest.fixture
def hashing(data_dir: Path, tmp_path: Path) -> Searcher:
    return _searcher(data_dir, tmp_path, HashingEmbedder())


def test_definition_question_prefers_the_lead_that_defines(searcher: Searcher) -> None:
    first_stage = searcher.search("Что такое спринт?", 2, rerank=False)
    assert first_stage[0].id == "sprint#1"  # "спринт" four times beats the definition
    result = searcher.retrieve("Что такое спринт?", 2)
    assert result.kind == "definition" and result.hits[0].id == "sprint#0"


def test_procedure_question_prefers_the_steps(searcher: Searcher) -> None:
    result = searcher.retrieve("Как подключиться к VPN?", 2)
    assert result.kind == "procedure" and result.hits[0].title == "VPN — Установка"


@pytest.mark.parametrize("embedder", ["bm25", "hashing"])
def test_answerability(embedder: str, data_dir: Path, tmp_path: Path) -> None:
    searcher = _searcher(data_dir, tmp_path, HashingEmbedder() if embedder == "hashing" else None)
    answered = searcher.retrieve("Когда выплачивается зарплата?", 2)
    assert answered.answerable and answered.hits[0].doc_id == "payroll"
    declined = searcher.retrieve("Как получить ипотеку на квартиру?", 2)
    assert not declined.answerable and declined.confidence is not None
    assert declined.confidence < answered.confidence  # type: ignore[operator]


@pytest.mark.parametrize("embedder", ["bm25", "hashing"])
@pytest.mark.parametrize("query", ["да", "нет", "ну и?", "Где?", "это как?"])
def test_a_query_that_asks_nothing_is_not_answerable(embedder: str, query: str, data_dir: Path, tmp_path: Path) -> None:
    """Tryout 28 D17: «да» (after the assistant's «Попробуем снова?») was answered from whatever passage came first —
    a query of stop words only counted as fully covered by it."""
    searcher = _searcher(data_dir, tmp_path, HashingEmbedder() if embedder == "hashing" else None)
    result = searcher.retrieve(query, 2)
    assert not result.answerable and not result.possible


def test_answerability_of_a_query_without_terms() -> None:
    from agentcore.rag._ranking import CALIBRATIONS, PassageInfo, QueryProfile, answerability

    rule = CALIBRATIONS["e5-small-q4"].answerability
    empty = QueryProfile("да", "other", (), frozenset(), {})
    info = PassageInfo(frozenset({"да"}), frozenset(), frozenset(), frozenset(), numbered=False, numbers=False)
    verdict = answerability(empty, info, rule.threshold + 0.1, "e5-small-q4")
    assert not verdict.answerable and not verdict.possible


def test_hashing_embedder_reranks_without_calibration(hashing: Searcher) -> None:
    result = hashing.retrieve("Как подключиться к VPN?", 3)
    assert result.hits[0].doc_id == "vpn" and all(h.retriever == "rerank" for h in result.hits)


def test_min_confidence_setting_overrides_the_threshold(data_dir: Path, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "payroll.md").write_text(DOCS["payroll.md"], encoding="utf-8")
    strict = Settings(data_dir=data_dir, rag_collection="t", rag_min_confidence=5.0)
    engine = RagEngine(strict, embedder=HashingEmbedder(), backend=None)
    engine.indexer.index_path(folder)
    assert not engine.searcher.retrieve("Когда выплачивается зарплата?").answerable


def test_rerank_any_hits(searcher: Searcher) -> None:
    hits = searcher.search("Что такое спринт?", 3, rerank=False)
    foreign = hits[0].__class__(id="x#0", doc_id="x", title="X", text="x", score=0.0, source="s", rank=9)
    reranked = searcher.rerank("Что такое спринт?", [*hits, foreign])
    assert reranked[0].id == "sprint#0" and reranked[-1].id == "x#0"
    assert [h.rank for h in reranked] == list(range(1, len(reranked) + 1))
    assert len(searcher.rerank("Что такое спринт?", hits, top_k=1)) == 1


def test_answerability_below_the_threshold_is_possible_down_to_the_floor() -> None:
    """Issue 18: the e5 rule's floor — below the threshold the evidence may still hold the answering sentence (a
    caller checking its sentences may answer); below the floor, and with the lexical rule, nothing is possible."""
    from agentcore.rag._ranking import CALIBRATIONS, PassageInfo, QueryProfile, answerability

    rule = CALIBRATIONS["e5-small-q4"].answerability
    assert rule.floor is not None and rule.floor < rule.threshold
    profile = QueryProfile("вопрос", "other", ("вопрос",), frozenset(), {"вопрос": 1.0})  # covered: coverage 1
    info = PassageInfo(frozenset({"вопрос"}), frozenset(), frozenset(), frozenset(), numbered=False, numbers=False)
    between = (rule.floor + rule.threshold) / 2 - rule.coverage_weight
    verdict = answerability(profile, info, between, "e5-small-q4")
    assert not verdict.answerable and verdict.possible
    assert answerability(profile, info, rule.threshold, "e5-small-q4").possible  # answerable is possible
    below = answerability(profile, info, rule.floor - 0.05 - rule.coverage_weight, "e5-small-q4")
    assert not below.answerable and not below.possible
    # AGENTCORE_RAG_MIN_CONFIDENCE moves the floor with the threshold
    raised = answerability(profile, info, between, "e5-small-q4", threshold=rule.threshold + 0.1)
    assert not raised.possible
    # the lexical rule (no dense vectors) has no floor
    lexical = answerability(QueryProfile("вопрос", "other", ("нет",), frozenset(), {}), info, None, None)
    assert not lexical.answerable and not lexical.possible
