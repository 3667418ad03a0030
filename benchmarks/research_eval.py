"""Research agent quality on the retrieval eval set, offline: coverage, verify confidence, declines, refinements.

Runs ``AgentService`` (offline ReAct policy, extractive answers, lexical support judge) over every question of
``tests/rag/data/eval_set.json`` against the bundled knowledge base (local e5 embedder, hybrid retrieval) and prints,
for all questions, the ``dev`` half and the held-out ``test`` half:

* mean citation coverage of the answers given (and of all finals),
* mean verify confidence of the verified answers,
* the share of unanswerable questions correctly declined, and of answerable ones wrongly declined,
* answered correctly: an answerable question answered with text that holds its evidence (``evidence`` strings,
  matched as the retrieval eval does, citation markers removed); procedures complete (every ``answer_all`` step);
  multi-part questions with every part answered (their evidence strings are one per part, all held),
* refinement rounds per question, QAService fallbacks,
* cited-source precision: answered answerable questions whose citations include a relevant document;

and, per question type, declines and correct answers.  The reference measured in the same run is the retrieval
service's own answer (``agentcore.rag.answer.answer_from`` on the default search), the cheapest way to answer.

    .venv/bin/python benchmarks/research_eval.py [--eval tests/rag/data/eval_set.json] [--data-dir DIR]
        [--no-verify] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings
from agentcore.rag.answer import NO_ANSWER, answer_from
from agentcore.rag.evaluation import holds_evidence

ROOT = Path(__file__).resolve().parent.parent
_MARKERS_RE = re.compile(r"\s*\[\d{1,3}(?:\s*[,;]\s*\d{1,3})*\]")


def _mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def _plain(answer: str) -> str:
    return _MARKERS_RE.sub("", answer)


def _judge(item: dict[str, Any], answered: bool, text: str) -> dict[str, Any]:
    evidence = item.get("evidence") or []
    steps = item.get("answer_all") or []
    multipart = item["type"] == "multihop" and len(evidence) > 1  # one evidence string per part
    return {
        "correct": answered and bool(evidence) and holds_evidence(text, evidence),
        "complete": (answered and all(holds_evidence(text, [step]) for step in steps)) if steps else None,
        "all_parts": (answered and all(holds_evidence(text, [part]) for part in evidence)) if multipart else None,
    }


async def evaluate(settings: Settings, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    service = AgentService(settings)
    rows = []
    try:
        await service.retriever.info()  # index / load outside the timings
        searcher = service.retriever.searcher  # type: ignore[attr-defined]
        for item in questions:
            started = time.perf_counter()
            events = [e async for e in service.stream_agent_response(AgentRequest(question=item["query"]))]
            elapsed = time.perf_counter() - started
            last = events[-1]
            row: dict[str, Any] = {
                "id": item["id"],
                "type": item["type"],
                "split": item.get("split", ""),
                "query": item["query"],
                "seconds": elapsed,
            }
            reference = answer_from(item["query"], searcher.retrieve(item["query"], 5))
            ref_answered = not reference.startswith(NO_ANSWER)
            row["reference"] = {"answered": ref_answered, **_judge(item, ref_answered, reference)}
            if last.type != "final":
                row.update(error=last.message)
            else:
                relevant = set(item.get("relevant") or {})
                answered = bool(last.metadata["answered"])
                row.update(
                    answer=last.answer,
                    answered=answered,
                    coverage=last.metadata["coverage"],
                    confidence=last.metadata["confidence"],
                    search_confidence=last.metadata.get("search_confidence"),
                    refinements=last.metadata["refinements"],
                    fallback=last.metadata["fallback"],
                    cited_relevant=bool({c.doc_id for c in last.citations} & relevant),
                    **_judge(item, answered, _plain(last.answer)),
                )
            rows.append(row)
    finally:
        await service.aclose()
    return rows


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    finals = [r for r in rows if "error" not in r]
    answerable = [r for r in finals if r["type"] != "unanswerable"]
    unanswerable = [r for r in finals if r["type"] == "unanswerable"]
    answered = [r for r in finals if r["answered"]]
    verified = [r["confidence"] for r in answered if r["confidence"] is not None]
    answered_answerable = [r for r in answerable if r["answered"]]
    procedures = [r for r in answerable if r["complete"] is not None]
    multipart = [r for r in answerable if r["all_parts"] is not None]
    return {
        "questions": len(rows),
        "errors": len(rows) - len(finals),
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "mean_coverage_answered": _mean([r["coverage"] for r in answered]),
        "mean_coverage_all": _mean([r["coverage"] for r in finals]),
        "mean_verify_confidence": _mean(verified),
        "unanswerable_declined": _mean([float(not r["answered"]) for r in unanswerable]),
        "answerable_wrongly_declined": _mean([float(not r["answered"]) for r in answerable]),
        "answered_correctly": _mean([float(r["correct"]) for r in answerable]),
        "procedures_complete": _mean([float(r["complete"]) for r in procedures]),
        "multipart_all_parts": _mean([float(r["all_parts"]) for r in multipart]),
        "refinements_per_question": _mean([r["refinements"] for r in finals]),
        "qa_fallbacks": sum(r["fallback"] == "qa_service" for r in finals),
        "cited_relevant_precision": _mean([float(r["cited_relevant"]) for r in answered_answerable]),
        "reference_unanswerable_declined": _mean([float(not r["reference"]["answered"]) for r in unanswerable]),
        "reference_wrongly_declined": _mean([float(not r["reference"]["answered"]) for r in answerable]),
        "reference_answered_correctly": _mean([float(r["reference"]["correct"]) for r in answerable]),
        "run_seconds_p50": statistics.median(r["seconds"] for r in rows) if rows else float("nan"),
    }


def by_type(rows: list[dict[str, Any]]) -> dict[str, str]:
    finals = [r for r in rows if "error" not in r]
    result = {}
    for kind in sorted({r["type"] for r in finals}):
        group = [r for r in finals if r["type"] == kind]
        declined = sum(not r["answered"] for r in group)
        text = f"declined {declined}/{len(group)}"
        if kind != "unanswerable":
            text += f", correct {sum(r['correct'] for r in group)}/{len(group)}"
        result[kind] = text
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eval", type=Path, default=ROOT / "tests" / "rag" / "data" / "eval_set.json")
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--no-verify", action="store_true", help="run without the verify step")
    parser.add_argument("--json", action="store_true", help="print the per-question rows too")
    args = parser.parse_args()

    questions = json.loads(args.eval.read_text("utf-8"))
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="research-eval-"))
    settings = Settings(
        data_dir=data_dir,
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0, enable_verify_step=not args.no_verify),
    )
    rows = asyncio.run(evaluate(settings, questions))
    groups = {
        "all": rows,
        "dev": [r for r in rows if r["split"] == "dev"],
        "test": [r for r in rows if r["split"] == "test"],
    }
    summaries = {name: report(group) for name, group in groups.items()}
    first = summaries["all"]
    print(
        f"eval set: {args.eval.name}, {first['questions']} questions ({first['answerable']} answerable, "
        f"{first['unanswerable']} unanswerable; dev {summaries['dev']['questions']}, test "
        f"{summaries['test']['questions']}); offline provider"
    )
    lines = [
        ("mean citation coverage (answers given)", "mean_coverage_answered", ".3f"),
        ("mean citation coverage (all finals)", "mean_coverage_all", ".3f"),
        ("mean verify confidence (verified)", "mean_verify_confidence", ".3f"),
        ("unanswerable correctly declined", "unanswerable_declined", ".3f"),
        ("answerable wrongly declined", "answerable_wrongly_declined", ".3f"),
        ("answerable answered correctly", "answered_correctly", ".3f"),
        ("procedures complete", "procedures_complete", ".3f"),
        ("multi-part questions: every part answered", "multipart_all_parts", ".3f"),
        ("refinements per question", "refinements_per_question", ".3f"),
        ("QAService fallbacks", "qa_fallbacks", "d"),
        ("answers citing a relevant document", "cited_relevant_precision", ".3f"),
        ("reference (rag answer): unanswerable declined", "reference_unanswerable_declined", ".3f"),
        ("reference (rag answer): wrongly declined", "reference_wrongly_declined", ".3f"),
        ("reference (rag answer): answered correctly", "reference_answered_correctly", ".3f"),
        ("errors", "errors", "d"),
    ]
    print(f"{'':48} {'all':>7} {'dev':>7} {'test':>7}")
    for label, key, spec in lines:
        print(f"{label:48} " + " ".join(f"{format(summaries[g][key], spec):>7}" for g in groups))
    print(f"whole run p50 (in process): {first['run_seconds_p50'] * 1000:.0f} ms")
    for kind, text in by_type(rows).items():
        print(f"  {kind:13} {text}")
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
