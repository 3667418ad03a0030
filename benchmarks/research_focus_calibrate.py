"""Calibrate the focus check (``agentcore.rag._focus``) on the development splits of the answer evaluation.

Runs the offline research agent once per question, records what the focus check saw (the question, the supported
claims, the run's passages, the cited headings), then replays the check under a grid of thresholds — the share of
subject terms (``min_coverage``), the e5 cosine for paraphrases (``semantic``) and its margin when a noun of the
question is nowhere in the passages — and scores each setting as the answer-level evaluation does: wrong answers
and hallucinated ones cost 2, false declines 1.  Only the development splits (``dev`` of
``tests/data/answer_eval.json`` and ``dev2`` of ``tests/data/answer_eval_dev2.json``, the default) are meant for
choosing; ``--split test`` / ``--split holdout`` report a chosen setting on questions never tuned on.

    .venv/bin/python benchmarks/research_focus_calibrate.py [--split dev,dev2|test|holdout]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import tempfile
from pathlib import Path
from typing import Any

from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings
from agentcore.rag import _focus as focus
from agentcore.rag import trust as trust_module
from agentcore.rag._focus import check as focus_check

ROOT = Path(__file__).resolve().parent.parent


def _holds(text: str, fact: str) -> bool:
    import re

    plain = " ".join(re.sub(r"\s*\[[^\[\]\n]{1,40}\]", "", text).replace("ё", "е").lower().split())
    return any(" ".join(o.replace("ё", "е").lower().split()) in plain for o in fact.split("|"))


async def record(settings: Settings, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    original = trust_module.check_focus

    def spy(question: str, shown: Any, passages: Any = (), **kwargs: Any) -> Any:
        seen.append(
            {
                "shown": list(shown),
                "passages": list(passages),
                "headings": list(kwargs.get("headings", ())),
                "shown_headings": list(kwargs.get("shown_headings") or ()),
            }
        )
        return original(question, shown, passages, **kwargs)

    trust_module.check_focus = spy  # type: ignore[assignment]
    service = AgentService(settings)
    records = []
    try:
        for row in rows:
            seen.clear()
            [e async for e in service.stream_agent_response(AgentRequest(question=row["question"]))]
            records.append({**row, "focus_input": seen[-1] if seen else None})
    finally:
        trust_module.check_focus = original  # type: ignore[assignment]
        await service.aclose()
    return records


def score(records: list[dict[str, Any]], coverage: float, semantic: float, margin: float) -> dict[str, int]:
    focus_check.SOFT_LACK_MARGIN = margin  # read by check_focus from its own module
    counts = {"correct": 0, "wrong": 0, "false_decline": 0, "correct_decline": 0, "hallucinated": 0}
    for r in records:
        data = r["focus_input"]
        answered = False
        if data and data["shown"]:
            check = focus.check_focus(
                r["question"],
                data["shown"],
                data["passages"],
                headings=data["headings"],
                shown_headings=data["shown_headings"] or None,
                min_coverage=coverage,
                semantic=semantic,
            )
            answered = not check.decline
        text = "\n".join(data["shown"]) if data else ""
        if r["category"] == "unanswerable":
            counts["hallucinated" if answered else "correct_decline"] += 1
        elif not answered:
            counts["false_decline"] += 1
        else:
            counts["correct" if all(_holds(text, f) for f in r["key_facts"]) else "wrong"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev,dev2", help="comma-separated: dev, dev2, test, holdout")
    parser.add_argument("--data-dir", type=Path, default=None)
    args = parser.parse_args()
    splits = set(args.split.split(","))
    files = ("answer_eval.json", "answer_eval_dev2.json", "answer_eval_holdout.json")
    rows = [
        r for name in files for r in json.loads((ROOT / "tests/data" / name).read_text("utf-8")) if r["split"] in splits
    ]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="focus-calibrate-"))
    settings = Settings(
        data_dir=data_dir,
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0, agent_tool_timeout=60.0, agent_run_deadline=180.0),
    )
    records = asyncio.run(record(settings, rows))
    shipped_margin = focus.SOFT_LACK_MARGIN  # the grid below changes it
    results = []
    for coverage, semantic, margin in itertools.product(
        (0.34, 0.5, 0.6, 0.67, 0.75), (0.84, 0.86, 0.88, 0.9, 2.0), (0.0, 0.02, 0.04)
    ):
        counts = score(records, coverage, semantic, margin)
        cost = 2 * counts["wrong"] + 2 * counts["hallucinated"] + counts["false_decline"]
        results.append((cost, coverage, semantic, margin, counts))
    results.sort(key=lambda item: item[0])
    print(f"{args.split}: {len(records)} questions; cost = 2·wrong + 2·hallucinated + false declines")
    for cost, coverage, semantic, margin, counts in results[:12]:
        print(f"cost {cost:3d}  coverage {coverage:.2f} cosine {semantic:.2f} margin {margin:.2f}  {counts}")
    shipped = score(records, focus.FOCUS_MIN_COVERAGE, focus.SEMANTIC_MIN_COSINE, shipped_margin)
    print(f"shipped ({focus.FOCUS_MIN_COVERAGE}, {focus.SEMANTIC_MIN_COSINE}, {shipped_margin}): {shipped}")


if __name__ == "__main__":
    main()
