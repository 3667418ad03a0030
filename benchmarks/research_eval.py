"""Research agent quality on the retrieval eval set, offline: coverage, verify confidence, declines, refinements.

Runs ``AgentService`` (offline ReAct policy, extractive answers, lexical support judge) over every question of
``tests/rag/data/eval_set.json`` against the bundled knowledge base (local e5 embedder, hybrid retrieval) and prints:

* mean citation coverage of the answers given (and of all finals),
* mean verify confidence of the verified answers,
* the share of unanswerable questions correctly declined, and of answerable ones wrongly declined,
* refinement rounds per question, QAService fallbacks,
* cited-source precision: answered answerable questions whose citations include a relevant document.

    .venv/bin/python benchmarks/research_eval.py [--eval tests/rag/data/eval_set.json] [--data-dir DIR] [--no-verify]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from agentcore.apps.research import AgentRequest, AgentService
from agentcore.config import Settings

ROOT = Path(__file__).resolve().parent.parent


def _mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


async def evaluate(settings: Settings, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    service = AgentService(settings)
    rows = []
    try:
        await service.retriever.info()  # index / load outside the timings
        for item in questions:
            started = time.perf_counter()
            events = [e async for e in service.stream_agent_response(AgentRequest(question=item["query"]))]
            elapsed = time.perf_counter() - started
            last = events[-1]
            row: dict[str, Any] = {"id": item["id"], "type": item["type"], "seconds": elapsed}
            if last.type != "final":
                row.update(error=last.message)
            else:
                relevant = set(item.get("relevant") or {})
                row.update(
                    answered=last.metadata["answered"],
                    coverage=last.metadata["coverage"],
                    confidence=last.metadata["confidence"],
                    refinements=last.metadata["refinements"],
                    fallback=last.metadata["fallback"],
                    cited_relevant=bool({c.doc_id for c in last.citations} & relevant),
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
    return {
        "questions": len(rows),
        "errors": len(rows) - len(finals),
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "mean_coverage_answered": _mean([r["coverage"] for r in answered]),
        "mean_coverage_all": _mean([r["coverage"] for r in finals]),
        "mean_verify_confidence": _mean(verified),
        "unanswerable_declined": sum(not r["answered"] for r in unanswerable) / max(len(unanswerable), 1),
        "answerable_wrongly_declined": sum(not r["answered"] for r in answerable) / max(len(answerable), 1),
        "refinements_per_question": _mean([r["refinements"] for r in finals]),
        "qa_fallbacks": sum(r["fallback"] == "qa_service" for r in finals),
        "cited_relevant_precision": _mean([float(r["cited_relevant"]) for r in answered_answerable]),
        "run_seconds_p50": statistics.median(r["seconds"] for r in rows),
        "by_type_declined": {
            kind: f"{sum(not r['answered'] for r in finals if r['type'] == kind)}/"
            f"{sum(r['type'] == kind for r in finals)}"
            for kind in sorted({r["type"] for r in finals})
        },
    }


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
        research_cache_ttl=0,
        enable_verify_step=not args.no_verify,
    )
    rows = asyncio.run(evaluate(settings, questions))
    summary = report(rows)
    print(f"eval set: {args.eval.name}, {summary['questions']} questions "
          f"({summary['answerable']} answerable, {summary['unanswerable']} unanswerable); offline provider")
    print(f"mean citation coverage (answers given) : {summary['mean_coverage_answered']:.3f}")
    print(f"mean citation coverage (all finals)    : {summary['mean_coverage_all']:.3f}")
    print(f"mean verify confidence (verified)      : {summary['mean_verify_confidence']:.3f}")
    print(f"unanswerable correctly declined        : {summary['unanswerable_declined']:.3f}")
    print(f"answerable wrongly declined            : {summary['answerable_wrongly_declined']:.3f}")
    print(f"refinements per question               : {summary['refinements_per_question']:.3f}")
    print(f"QAService fallbacks                    : {summary['qa_fallbacks']}")
    print(f"answers citing a relevant document     : {summary['cited_relevant_precision']:.3f}")
    print(f"declined by question type              : {summary['by_type_declined']}")
    print(f"errors                                 : {summary['errors']}")
    print(f"whole run p50 (in process)             : {summary['run_seconds_p50'] * 1000:.0f} ms")
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
