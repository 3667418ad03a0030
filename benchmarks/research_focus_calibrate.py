"""Calibrate the focus check (``agentcore.rag.focus``) on the dev half of ``tests/data/answer_eval.json``.

Runs the offline research agent once per question, records what the focus check saw (the question, the supported
claims, the run's passages, the cited headings), then replays the check under a grid of thresholds — the share of
subject terms (``min_coverage``), the e5 cosine for paraphrases (``semantic``) and its margin when a noun of the
question is nowhere in the passages — and scores each setting as the answer-level evaluation does: wrong answers
and hallucinated ones cost 2, false declines 1.  Only ``--split dev`` is meant for choosing; ``--split test``
reports a chosen setting on the held-out half.

    .venv/bin/python benchmarks/research_focus_calibrate.py [--split dev|test]
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
from agentcore.apps.research import service as research_service
from agentcore.config import Settings
from agentcore.rag import focus

ROOT = Path(__file__).resolve().parent.parent


def _holds(text: str, fact: str) -> bool:
    import re

    plain = " ".join(re.sub(r"\s*\[[^\[\]\n]{1,40}\]", "", text).replace("ё", "е").lower().split())
    return any(" ".join(o.replace("ё", "е").lower().split()) in plain for o in fact.split("|"))


async def record(settings: Settings, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    original = research_service.check_focus

    def spy(question: str, shown: Any, passages: Any = (), **kwargs: Any) -> Any:
        seen.append({"shown": list(shown), "passages": list(passages), "headings": list(kwargs.get("headings", ()))})
        return original(question, shown, passages, **kwargs)

    research_service.check_focus = spy  # type: ignore[assignment]
    service = AgentService(settings)
    records = []
    try:
        for row in rows:
            seen.clear()
            [e async for e in service.stream_agent_response(AgentRequest(question=row["question"]))]
            records.append({**row, "focus_input": seen[-1] if seen else None})
    finally:
        research_service.check_focus = original  # type: ignore[assignment]
        await service.aclose()
    return records


def score(records: list[dict[str, Any]], coverage: float, semantic: float, margin: float) -> dict[str, int]:
    focus.SOFT_LACK_MARGIN = margin
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
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--data-dir", type=Path, default=None)
    args = parser.parse_args()
    rows = [
        r for r in json.loads((ROOT / "tests/data/answer_eval.json").read_text("utf-8")) if r["split"] == args.split
    ]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="focus-calibrate-"))
    settings = Settings(data_dir=data_dir, provider="offline", rag_embedder="local", research_cache_ttl=0)
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
