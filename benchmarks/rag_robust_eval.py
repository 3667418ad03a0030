"""Typos, keyboard-layout slips, English and colloquial questions: do they reach the right section?

Scores ``Searcher.retrieve`` (the default route — what ``POST /search`` and the assistant's ``rag_search`` use)
with the local e5 embedder over the bundled knowledge base on ``tests/rag/data/robust_set.json``: 172 questions
written for issue 18, each labelled with the document and section (``""`` = the lead before the first section)
that answers it, split into ``dev`` (tuned on) and ``test`` (only measured).  A hit is right when its document is
the labelled one and its title ends with the labelled section.  Prints top-1 and top-3 per split and per kind.

    .venv/bin/python benchmarks/rag_robust_eval.py [--data-dir DIR] [--mode bm25] [--split test] [--no-embedder]

Runs on any version of the package (it only calls ``RagEngine``), so a before/after comparison is
``PYTHONPATH=<old checkout>/src .venv/bin/python benchmarks/rag_robust_eval.py``.  The index is kept in the same
cache folder as ``tests/rag/test_eval.py`` (``$TMPDIR/agentcore-rag-eval-cache``) unless ``--data-dir`` says
otherwise.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from agentcore.config import Settings
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.engine import RagEngine

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "tests" / "rag" / "data" / "robust_set.json"


def right(hit: Any, question: dict[str, Any]) -> bool:
    """Whether ``hit`` is the labelled document and section."""
    if hit.doc_id != question["doc"]:
        return False
    section = question["section"]
    return " — " not in hit.title if not section else hit.title.endswith(" — " + section)


def score(engine: RagEngine, questions: list[dict[str, Any]], mode: str | None) -> list[tuple[dict[str, Any], int]]:
    """``(question, rank of the first right hit or 0)`` for each question (top 3 looked at)."""
    found = []
    for question in questions:
        hits = engine.searcher.retrieve(question["query"], 3, mode=mode).hits  # type: ignore[arg-type]
        rank = next((i for i, hit in enumerate(hits, start=1) if right(hit, question)), 0)
        found.append((question, rank))
    return found


def report(found: list[tuple[dict[str, Any], int]]) -> None:
    """Top-1 / top-3 per split and kind."""
    groups: dict[str, list[int]] = defaultdict(list)
    for question, rank in found:
        for key in ("all", question["split"], f"{question['split']}/{question['kind']}"):
            groups[key].append(rank)
    print("   group                 n   top-1   top-3")
    for key in sorted(groups, key=lambda k: (k != "all", k)):
        ranks = groups[key]
        top1 = sum(r == 1 for r in ranks) / len(ranks)
        top3 = sum(1 <= r <= 3 for r in ranks) / len(ranks)
        print(f"   {key:<20} {len(ranks):>3}   {top1:.3f}   {top3:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "agentcore-rag-eval-cache")
    parser.add_argument("--mode", default=None, help="bm25, dense or hybrid (default: the router)")
    parser.add_argument("--split", default=None, help="only this split (dev or test)")
    parser.add_argument("--no-embedder", action="store_true", help="BM25 only (no e5), fresh index")
    parser.add_argument("--misses", action="store_true", help="print the questions missed at top-3")
    args = parser.parse_args()
    questions = json.loads(SET.read_text("utf-8"))
    if args.split:
        questions = [q for q in questions if q["split"] == args.split]
    if args.no_embedder:  # BM25 only: a fresh index of the bundled KB (seconds, no model)
        from agentcore.rag.default_kb import bundled_kb_path

        folder = Path(tempfile.mkdtemp(prefix="robust-bm25-"))
        engine = RagEngine(Settings(data_dir=folder, provider="offline"), embedder=None, backend=None, data_dir=folder)
        engine.indexer.index_path(bundled_kb_path())
    else:
        settings = Settings(data_dir=args.data_dir, provider="offline", rag_embedder="local")
        engine = RagEngine(settings, embedder=E5Embedder(), backend=None)
        engine.searcher.info()
    found = score(engine, questions, args.mode)
    report(found)
    if args.misses:
        for question, rank in found:
            if rank != 1:
                hits = engine.searcher.retrieve(question["query"], 1, mode=args.mode).hits  # type: ignore[arg-type]
                got = f"{hits[0].doc_id} / {hits[0].title}" if hits else "-"
                print(f"   [{rank}] {question['kind']:<10} {question['query']!r} → {got}")


if __name__ == "__main__":
    main()
