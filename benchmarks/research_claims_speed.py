"""What the claim check costs an offline ``agentcore ask``: its share of the run time, measured in the same runs.

Runs :class:`~agentcore.apps.research.AgentService` (offline provider, bundled knowledge base, local e5 embedder)
over the development questions of ``tests/data/answer_eval.json`` (never its held-out ``test`` rows) or of
another development file (``--eval``), and times, inside each run, every call of the claim check —
reading the claims, checking them (guard, lexical support, re-pointing), the question's focus (lemmas, the e5
cosine for paraphrases) and rendering — against the rest of the run.  Prints the overhead ratio
``claim check / (run − claim check)``; the issue's budget is 20 %.

    .venv/bin/python benchmarks/research_claims_speed.py [--questions 60] [--repeat 2] [--eval FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research import service as research_service
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings

ROOT = Path(__file__).resolve().parent.parent
TIMED = ("read_claims", "check_claims")
"""What the service calls itself (the refinement's check); the check of the answer shown is ``trusted_answer``."""


def _instrument(spent: list[float]) -> None:
    """Wrap the claim-check functions the service calls so their time adds up in ``spent[0]`` — and the choice of
    the sentence that supplies a value (``agentcore.rag.answer.supplying_excerpts``, imported at call time by the
    draft), which the same rule drives."""
    import agentcore.rag.answer as rag_answer
    import agentcore.rag.trust as rag_trust

    targets = [(research_service, name) for name in TIMED]
    targets += [(rag_trust, "trusted_answer"), (rag_answer, "supplying_excerpts")]
    for module, name in targets:
        original = getattr(module, name)
        if asyncio.iscoroutinefunction(original):

            @functools.wraps(original)
            async def timed_async(*args: Any, __f: Any = original, **kwargs: Any) -> Any:
                started = time.perf_counter()
                try:
                    return await __f(*args, **kwargs)
                finally:
                    spent[0] += time.perf_counter() - started

            setattr(module, name, timed_async)
        else:

            @functools.wraps(original)
            def timed(*args: Any, __f: Any = original, **kwargs: Any) -> Any:
                started = time.perf_counter()
                try:
                    return __f(*args, **kwargs)
                finally:
                    spent[0] += time.perf_counter() - started

            setattr(module, name, timed)


async def measure(settings: Settings, questions: list[str], repeat: int) -> tuple[list[float], list[float]]:
    spent = [0.0]
    _instrument(spent)
    service = AgentService(settings)
    runs, checks = [], []
    try:
        await service.retriever.info()
        for question in questions[:3]:  # warm caches (morphology, embedder) outside the timings
            [e async for e in service.stream_agent_response(AgentRequest(question=question))]
        for _ in range(repeat):
            for question in questions:
                spent[0] = 0.0
                started = time.perf_counter()
                [e async for e in service.stream_agent_response(AgentRequest(question=question))]
                runs.append(time.perf_counter() - started)
                checks.append(spent[0])
    finally:
        await service.aclose()
    return runs, checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--eval", type=Path, default=ROOT / "tests" / "data" / "answer_eval.json")
    args = parser.parse_args()
    rows = json.loads(args.eval.read_text("utf-8"))
    # Timing only, but held-out questions are run by nobody who tunes: the test rows stay out.
    questions = [row["question"] for row in rows if row.get("split") != "test"][: args.questions]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="claims-speed-"))
    settings = Settings(
        data_dir=data_dir,
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0),
    )
    runs, checks = asyncio.run(measure(settings, questions, args.repeat))
    rest = [r - c for r, c in zip(runs, checks, strict=True)]
    total_ratio = sum(checks) / sum(rest)
    print(f"{len(runs)} offline ask runs ({len(questions)} questions × {args.repeat})")
    print(
        f"run p50 {statistics.median(runs) * 1000:.1f} ms; claim check p50 {statistics.median(checks) * 1000:.1f} ms,"
        f" p95 {sorted(checks)[int(len(checks) * 0.95)] * 1000:.1f} ms"
    )
    print(
        f"claim check / rest of the run: total {total_ratio:.3f}, "
        f"median per run {statistics.median(c / r for c, r in zip(checks, rest, strict=True)):.3f} (budget 0.20)"
    )


if __name__ == "__main__":
    main()
