"""The learned answer selector's measurement (``benchmarks/answer_selector_features.py``) on a small synthetic
knowledge base: it reads the focus rules' private tests as features, so this keeps it working when they change.

The selector itself is not shipped (it did not beat the rules in cross-validation, ``docs/research.md``); these
tests pin what the measurement computes: the candidates, the labels from key facts, and the features that say a
sentence answers — the value asked, the subject held, the cosine, the rules' own choice.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

PASSAGES = [
    (
        "Отпуск — Продолжительность",
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней. Его можно делить на части.\n\n"
        "Ниже описано, как его оформить.",
    ),
    ("Больничный — Оплата", "Первые 3 дня болезни оплачивает компания, остальные — Социальный фонд."),
]


@pytest.fixture(scope="module")
def selector() -> Any:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("answer_selector_features")
    finally:
        sys.path.remove(str(BENCHMARKS))


def embed(texts: list[str], kind: str) -> Any:
    """A stand-in for e5: the query points at the sentence holding «28», so cosines are known."""
    rows = [[1.0, 0.0] if kind == "query" or "28" in text else [0.0, 1.0] for text in texts]
    return np.array(rows)


def test_candidates_leave_out_announcements_and_keep_their_place(selector: Any) -> None:
    found = selector.candidates(PASSAGES)
    assert [c.text for c in found] == [
        "Ежегодный оплачиваемый отпуск составляет 28 календарных дней.",
        "Его можно делить на части.",
        "Первые 3 дня болезни оплачивает компания, остальные — Социальный фонд.",
    ]
    assert [(c.rank, c.position) for c in found] == [(0, 0), (0, 1), (1, 0)]
    assert found[1].before == found[0].text  # the sentence before, in its paragraph


def test_labels_come_from_key_facts_and_unanswerable_questions_have_none(selector: Any) -> None:
    found = selector.candidates(PASSAGES)
    assert list(selector.labels(found, "answerable", ["28 календарных дней|28 дней"])) == [1.0, 0.0, 0.0]
    assert list(selector.labels(found, "unanswerable", ["28 календарных дней"])) == [0.0, 0.0, 0.0]


def test_features_mark_the_sentence_that_answers(selector: Any) -> None:
    found = selector.candidates(PASSAGES)
    shown = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    matrix = selector.features(
        "сколько дней длится ежегодный отпуск", found, answerable=True, confidence=0.9, shown_answer=shown, embed=embed
    )
    assert matrix.shape == (3, len(selector.FEATURES))
    row = dict(zip(selector.FEATURES, matrix[0], strict=True))
    other = dict(zip(selector.FEATURES, matrix[1], strict=True))
    assert row["bias"] == 1.0 and row["supplies"] == 1.0 and row["holds_all"] == 1.0
    assert row["cos_sentence"] == 1.0 and row["cos_margin"] == 0.0 and other["cos_margin"] == -1.0
    assert other["cos_section"] == 1.0  # the best sentence of its section
    assert row["rules_shown"] == 1.0 and other["rules_shown"] == 0.0
    assert row["share_context"] > dict(zip(selector.FEATURES, matrix[2], strict=True))["share_context"]
    declined = selector.features(
        "сколько дней длится ежегодный отпуск", found, answerable=True, confidence=0.9, embed=embed
    )
    assert not declined[:, selector.FEATURES.index("rules_answered")].any()


def test_a_term_no_passage_holds_is_measured(selector: Any) -> None:
    found = selector.candidates(PASSAGES)
    matrix = selector.features("сколько стоит подписка Miro", found, answerable=False, confidence=0.3, embed=embed)
    column = dict(zip(selector.FEATURES, matrix[0], strict=True))
    assert column["hard_lack"] == 1.0 and column["absent_share"] > 0.5
    assert column["searcher_answerable"] == 0.0 and column["searcher_confidence"] == pytest.approx(0.3)


@pytest.fixture(scope="module")
def terms() -> Any:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("answer_selector_terms")
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_knowledge_base_lexicon_counts_sections(terms: Any, tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Отпуск\n\nОтпуск длится 28 дней.\n\n## Больничный\n\nБольничный оплачивают.\n")
    (tmp_path / "b.md").write_text("# Премия\n\nПремию платят за квартал, а отпуск не влияет.\n")
    lexicon = terms.kb_lexicon(tmp_path)
    assert lexicon.sections == 3
    assert lexicon.frequency("отпуск") == 2 and lexicon.frequency("больничный") == 1
    assert lexicon.frequency("ипотека") == 0
    assert lexicon.specificity("больничный") == pytest.approx(1.0)
    assert lexicon.specificity("ипотека") == 0.0 and lexicon.specificity("отпуск") < 1.0


def test_missing_terms_are_read_by_the_knowledge_base_grammar_and_meaning(terms: Any) -> None:
    lexicon = terms.KbLexicon(sections=10, lemmas={"декрет": 1, "отпуск": 10}, stems={})

    def embed(words: list[str]) -> Any:
        # «декрет» lies near «отпуск», everything else far from everything
        return np.array([[1.0, 0.0] if w in ("декрет", "отпуск") else [0.0, 1.0] for w in words])

    row = dict(zip(terms.TERM_FEATURES, terms.term_signals(["декрет"], ["отпуск"], lexicon, embed), strict=True))
    assert row["miss_kb_elsewhere"] == 1.0 and row["miss_kb_unknown"] == 0.0
    assert row["miss_kb_specific"] == pytest.approx(1.0) and row["miss_noun"] == 1.0
    assert row["miss_closest_cosine"] == pytest.approx(1.0)
    row = dict(
        zip(terms.TERM_FEATURES, terms.term_signals(["ипотечный", "зпшка"], ["отпуск"], lexicon, embed), strict=True)
    )
    assert row["miss_kb_unknown"] == 1.0 and row["miss_modifier"] == 1.0
    assert row["miss_guessed"] == 0.5  # «зпшка» (slang) is no dictionary word
    assert row["miss_closest_cosine"] == pytest.approx(0.0)
    nothing = dict(zip(terms.TERM_FEATURES, terms.term_signals([], ["отпуск"], lexicon, embed), strict=True))
    assert nothing["miss_closest_cosine"] == 1.0 and nothing["miss_kb_unknown"] == 0.0


def test_the_features_carry_the_term_signals_and_the_gate(selector: Any) -> None:
    found = selector.candidates(PASSAGES)
    matrix = selector.features(
        "сколько дней длится ипотечный отпуск",
        found,
        answerable=True,
        confidence=0.9,
        embed=embed,
        gate=("gate_filter",),
        word_embed=None,
    )
    row = dict(zip(selector.FEATURES, matrix[0], strict=True))
    assert row["miss_modifier"] == 1.0 and row["miss_kb_unknown"] == 1.0  # «ипотечный»: no document says it
    assert row["gate_filter"] == 1.0 and row["gate_veto"] == 0.0
    assert set(selector.RULES_FEATURES) >= {"gate_filter", "rules_answered"}


def test_a_recorded_call_names_its_gate() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        gate = importlib.import_module("answer_selector_gate")
    finally:
        sys.path.remove(str(BENCHMARKS))
    assert gate.gate_of({"answered": True, "focus_call": None}) == ()
    assert gate.gate_of({"answered": False, "focus_call": None}) == ("gate_before_focus",)
    call = {
        "answered": False,
        "focus_call": {
            "args": ["Сколько стоит подписка Miro?", ["Первые 3 дня болезни оплачивает компания."], [PASSAGES[1][1]]],
            "kwargs": {"semantic": None},
        },
    }
    assert gate.gate_of(call) and set(gate.gate_of(call)) <= set(gate.GATE_FEATURES) - {"gate_after_focus"}
