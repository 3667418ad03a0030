"""Checks the answer-level evaluation files (``tests/data/answer_eval*.json``) as data: no answerer is run.

Every file: unique ids, one known split per file, a known category, unanswerable rows without key facts, partial
rows naming their missing part, and every key fact (one of its «|» alternatives) present in the shipped knowledge
base after the harness's normalisation (case, «ё», non-breaking spaces).  The ``holdout3`` split is held to more:
each alternative of each key fact occurs in the documents, the JSON is exactly what its generator writes, and its
composition is the one documented in docs/research.md.
"""

from __future__ import annotations

import json
import runpy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent
KB = DATA.parent.parent / "src" / "agentcore" / "rag" / "kb" / "default"
SPLITS = {
    "answer_eval.json": {"dev", "test"},
    "answer_eval_dev2.json": {"dev2"},
    "answer_eval_dev3.json": {"dev3"},
    "answer_eval_dev4.json": {"dev4"},
    "answer_eval_dev5.json": {"dev5"},
    "answer_eval_dev6.json": {"dev6"},
    "answer_eval_dev7.json": {"dev7"},
    "answer_eval_dev8.json": {"dev8"},
    "answer_eval_dev9.json": {"dev9"},
    "answer_eval_dev10.json": {"dev10"},
    "answer_eval_dev11.json": {"dev11"},
    "answer_eval_dev12.json": {"dev12"},
    "answer_eval_dev13.json": {"dev13"},
    "answer_eval_dev14.json": {"dev14"},
    "answer_eval_dev15.json": {"dev15"},
    "answer_eval_dev16.json": {"dev16"},
    "answer_eval_dev17.json": {"dev17"},
    "answer_eval_dev18.json": {"dev18"},
    "answer_eval_dev19.json": {"dev19"},
    "answer_eval_dev20.json": {"dev20"},
    "answer_eval_dev21.json": {"dev21"},
    "answer_eval_dev22.json": {"dev22"},
    "answer_eval_dev23.json": {"dev23"},
    "answer_eval_dev24.json": {"dev24"},
    "answer_eval_dev25.json": {"dev25"},
    "answer_eval_dev26.json": {"dev26"},
    "answer_eval_dev27.json": {"dev27"},
    "answer_eval_dev28.json": {"dev28"},
    "answer_eval_dev29.json": {"dev29"},
    "answer_eval_dev30.json": {"dev30"},
    "answer_eval_dev31.json": {"dev31"},
    "answer_eval_dev32.json": {"dev32"},
    "answer_eval_dev35.json": {"dev35"},
    "answer_eval_dev36.json": {"dev36"},
    "answer_eval_dev33.json": {"dev33"},
    "answer_eval_dev34.json": {"dev34"},
    "answer_eval_dev37.json": {"dev37"},
    "answer_eval_dev38.json": {"dev38"},
    "answer_eval_dev39.json": {"dev39"},
    "answer_eval_dev40.json": {"dev40"},
    "answer_eval_devh.json": {"devh"},
    "answer_eval_devh2.json": {"devh2"},
    "answer_eval_holdout.json": {"holdout"},
    "answer_eval_holdout2.json": {"holdout2"},
    "answer_eval_holdout3.json": {"holdout3"},
    "answer_eval_holdout4.json": {"holdout4"},
    "answer_eval_holdout5.json": {"holdout5"},
    "answer_eval_holdout6.json": {"holdout6"},
    "answer_eval_holdout7.json": {"holdout7"},
}
CATEGORIES = {"answerable", "partial", "unanswerable"}


def normalise(text: str) -> str:
    """The benchmark's normalisation (``benchmarks/research_answer_eval.py``), without citation markers."""
    text = text.replace("\u00a0", " ").replace("ё", "е").replace("Ё", "Е")
    return " ".join(text.lower().split())


@pytest.fixture(scope="module")
def knowledge_base() -> str:
    documents = sorted(KB.glob("*.md"))
    assert documents, KB
    return normalise("\n".join(path.read_text("utf-8") for path in documents))


def load(name: str) -> list[dict[str, Any]]:
    rows = json.loads((DATA / name).read_text("utf-8"))
    assert isinstance(rows, list)
    return rows


def test_every_eval_file_is_listed() -> None:
    assert {path.name for path in DATA.glob("answer_eval*.json")} == set(SPLITS)


@pytest.mark.parametrize("name", sorted(SPLITS))
def test_rows_are_well_formed(name: str, knowledge_base: str) -> None:
    rows = load(name)
    assert len({row["id"] for row in rows}) == len(rows)
    assert {row["split"] for row in rows} == SPLITS[name]
    for row in rows:
        assert set(row) == {"id", "split", "category", "question", "key_facts", "missing"}, row["id"]
        assert row["category"] in CATEGORIES, row["id"]
        assert row["question"].strip(), row["id"]
        if row["category"] == "unanswerable":
            assert row["key_facts"] == [] and row["missing"] is None, row["id"]
            continue
        assert row["key_facts"], row["id"]
        assert bool(row["missing"]) == (row["category"] == "partial"), row["id"]
        for fact in row["key_facts"]:
            assert any(normalise(option) in knowledge_base for option in fact.split("|")), (row["id"], fact)


def test_ids_do_not_repeat_across_files() -> None:
    ids = [row["id"] for name in SPLITS for row in load(name)]
    assert len(ids) == len(set(ids))


def test_holdout3_every_alternative_is_in_the_documents(knowledge_base: str) -> None:
    missing = [
        (row["id"], option)
        for row in load("answer_eval_holdout3.json")
        for fact in row["key_facts"]
        for option in fact.split("|")
        if normalise(option) not in knowledge_base
    ]
    assert missing == []


def test_holdout3_is_what_its_generator_writes() -> None:
    generator = runpy.run_path(str(DATA / "make_answer_holdout3.py"))
    rows = load("answer_eval_holdout3.json")
    assert [(r["category"], r["question"], r["key_facts"], r["missing"]) for r in rows] == [
        (category, question, facts, missing) for category, question, facts, missing in generator["ROWS"]
    ]


def test_holdout3_composition() -> None:
    rows = load("answer_eval_holdout3.json")
    counts = Counter(row["category"] for row in rows)
    assert len(rows) >= 70
    assert counts == {"answerable": 43, "partial": 12, "unanswerable": 18}
    questions = [normalise(row["question"]) for row in rows]
    assert len(set(questions)) == len(questions)
    earlier = {
        normalise(row["question"]) for name in SPLITS if name != "answer_eval_holdout3.json" for row in load(name)
    }
    assert not earlier & set(questions)


# Splits written by data-only branches (issue 18): file → (generator, composition).  No answerer runs on them here:
# ``data5`` wrote dev5 and holdout4, ``data20`` holdout5 (held out), ``data21`` dev6, ``data25`` dev7 (development) and
# holdout6 (held out); ``focus28`` wrote dev8, ``focus29`` dev9, ``decide31`` dev10, ``hallu31`` dev11, ``fd`` dev12,
# ``wr`` dev13, ``ry`` dev14, ``rs`` dev15, ``rh`` dev16, ``yn`` dev17, ``op`` dev18, ``nb`` dev19, ``cw`` dev20,
# ``ks`` dev21, ``mf`` dev22, ``hn`` dev24, ``fd2`` dev25, ``hal2`` dev26, ``hal3`` dev27, ``fd3`` dev28,
# ``fd7`` dev35, ``fd6`` dev33, ``hal5`` dev34, ``dat36`` dev36, ``dat37`` dev37, ``dat41`` dev38, ``dat42`` dev39 and
# ``dat42b`` dev40 (development, each before its branch ran any code on it); ``ho7`` wrote holdout7 (held out).
# Failures name only the checked split's row ids, never a question text (held-out questions must not be printed).
WRITTEN_BY_DATA_BRANCHES = {
    "answer_eval_dev5.json": ("make_answer_dev5.py", {"answerable": 30, "partial": 10, "unanswerable": 15}),
    "answer_eval_holdout4.json": ("make_answer_holdout4.py", {"answerable": 40, "partial": 12, "unanswerable": 18}),
    "answer_eval_holdout5.json": ("make_answer_holdout5.py", {"answerable": 40, "partial": 12, "unanswerable": 18}),
    "answer_eval_dev6.json": ("make_answer_dev6.py", {"answerable": 40, "partial": 12, "unanswerable": 18}),
    "answer_eval_dev7.json": ("make_answer_dev7.py", {"answerable": 34, "partial": 10, "unanswerable": 16}),
    "answer_eval_holdout6.json": ("make_answer_holdout6.py", {"answerable": 34, "partial": 10, "unanswerable": 16}),
    "answer_eval_dev8.json": ("make_answer_dev8.py", {"answerable": 47, "partial": 9, "unanswerable": 16}),
    "answer_eval_dev9.json": ("make_answer_dev9.py", {"answerable": 37, "partial": 9, "unanswerable": 14}),
    "answer_eval_dev10.json": ("make_answer_dev10.py", {"answerable": 36, "partial": 9, "unanswerable": 15}),
    "answer_eval_dev11.json": ("make_answer_dev11.py", {"answerable": 21, "unanswerable": 40}),
    "answer_eval_dev12.json": ("make_answer_dev12.py", {"answerable": 35, "partial": 9, "unanswerable": 16}),
    "answer_eval_dev13.json": ("make_answer_dev13.py", {"answerable": 30, "unanswerable": 30}),
    "answer_eval_dev14.json": ("make_answer_dev14.py", {"answerable": 46, "unanswerable": 18}),
    "answer_eval_dev15.json": ("make_answer_dev15.py", {"answerable": 48, "unanswerable": 18}),
    "answer_eval_dev16.json": ("make_answer_dev16.py", {"answerable": 32, "unanswerable": 40}),
    "answer_eval_dev17.json": ("make_answer_dev17.py", {"answerable": 44, "unanswerable": 16}),
    "answer_eval_dev18.json": ("make_answer_dev18.py", {"answerable": 44, "unanswerable": 16}),
    "answer_eval_holdout7.json": ("make_answer_holdout7.py", {"answerable": 40, "partial": 12, "unanswerable": 18}),
    "answer_eval_dev19.json": ("make_answer_dev19.py", {"answerable": 24, "unanswerable": 40}),
    "answer_eval_dev20.json": ("make_answer_dev20.py", {"answerable": 57, "partial": 8}),
    "answer_eval_dev21.json": ("make_answer_dev21.py", {"answerable": 30, "partial": 5, "unanswerable": 5}),
    "answer_eval_dev22.json": ("make_answer_dev22.py", {"answerable": 31, "partial": 5, "unanswerable": 5}),
    "answer_eval_dev24.json": ("make_answer_dev24.py", {"answerable": 8, "partial": 10, "unanswerable": 18}),
    "answer_eval_dev25.json": ("make_answer_dev25.py", {"answerable": 24, "partial": 8, "unanswerable": 8}),
    "answer_eval_dev26.json": ("make_answer_dev26.py", {"answerable": 16, "unanswerable": 25}),
    "answer_eval_dev27.json": ("make_answer_dev27.py", {"answerable": 16, "unanswerable": 24}),
    "answer_eval_dev28.json": ("make_answer_dev28.py", {"answerable": 32, "partial": 8}),
    "answer_eval_dev29.json": ("make_answer_dev29.py", {"answerable": 39, "unanswerable": 8}),
    "answer_eval_dev30.json": ("make_answer_dev30.py", {"answerable": 27, "partial": 3, "unanswerable": 10}),
    "answer_eval_dev31.json": ("make_answer_dev31.py", {"answerable": 15, "unanswerable": 25}),
    "answer_eval_dev32.json": ("make_answer_dev32.py", {"answerable": 24, "partial": 2, "unanswerable": 14}),
    "answer_eval_dev35.json": ("make_answer_dev35.py", {"answerable": 26, "partial": 3, "unanswerable": 14}),
    "answer_eval_dev36.json": ("make_answer_dev36.py", {"answerable": 36, "partial": 10, "unanswerable": 24}),
    "answer_eval_dev33.json": ("make_answer_dev33.py", {"answerable": 20, "partial": 6, "unanswerable": 14}),
    "answer_eval_dev34.json": ("make_answer_dev34.py", {"answerable": 12, "unanswerable": 28}),
    "answer_eval_dev37.json": ("make_answer_dev37.py", {"answerable": 36, "partial": 10, "unanswerable": 24}),
    "answer_eval_dev38.json": ("make_answer_dev38.py", {"answerable": 36, "partial": 10, "unanswerable": 24}),
    "answer_eval_dev39.json": ("make_answer_dev39.py", {"answerable": 36, "partial": 10, "unanswerable": 24}),
    "answer_eval_dev40.json": ("make_answer_dev40.py", {"answerable": 36, "partial": 10, "unanswerable": 24}),
}


@pytest.mark.parametrize("name", sorted(WRITTEN_BY_DATA_BRANCHES))
def test_written_splits_are_what_their_generators_write(name: str, knowledge_base: str) -> None:
    generator, composition = WRITTEN_BY_DATA_BRANCHES[name]
    rows = load(name)
    script = runpy.run_path(str(DATA / generator))
    written = [(category, question, facts, missing) for category, question, facts, missing in script["ROWS"]]
    stored = [(r["category"], r["question"], r["key_facts"], r["missing"]) for r in rows]
    assert len(stored) == len(written)
    assert [row["id"] for row, have, want in zip(rows, stored, written, strict=True) if have != want] == []
    assert Counter(row["category"] for row in rows) == composition
    absent = [
        row["id"]
        for row in rows
        for fact in row["key_facts"]
        for option in fact.split("|")
        if normalise(option) not in knowledge_base
    ]
    assert absent == []
    seen: set[str] = set()
    repeated = []
    for row in rows:
        question = normalise(row["question"])
        if question in seen:
            repeated.append(row["id"])
        seen.add(question)
    assert repeated == []
    earlier = {normalise(row["question"]) for other in SPLITS if other != name for row in load(other)}
    copied = [row["id"] for row in rows if normalise(row["question"]) in earlier]
    assert copied == []
