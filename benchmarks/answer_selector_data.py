"""Record what the answer selector learns from: every development question answered by the offline ``ask``, with
the passages its run read and the rules' outcome (``benchmarks/research_answer_eval.py``'s classification).

    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_data.py --out /tmp/selector_runs.json
        [--exclude answer_eval_dev36.json answer_eval_dev37.json]  # fresh splits kept for the check
    PYTHONPATH=src .venv/bin/python benchmarks/answer_selector_data.py --out /tmp/selector_dev6.json
        --eval tests/data/answer_eval_dev6.json  # one fresh development file (for ``train.py --apply``)

Only development splits are read (``DEV_SPLITS``: every ``answer_eval*.json`` but the held-out ones, and the
``dev`` split of ``answer_eval.json``; or the one ``--eval`` file); a held-out file is refused.  The
record of a question: its id, split, category, key facts, the rules' outcome and shown answer, the searcher's
verdicts (``answerable``, ``possible``, ``confidence``), the extractive draft (``draft``: what the focus check
read, shown or thrown away; ``None`` without one) and the run's passages (the composed context, or the latest
hits when no context was composed) with their rank.  ``benchmarks/answer_selector_train.py`` computes the
features from it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import research_answer_eval as harness  # noqa: E402

from agentcore.apps.research import AgentService  # noqa: E402
from agentcore.apps.research.settings import ResearchSettings  # noqa: E402
from agentcore.config import Settings  # noqa: E402

DATA = ROOT / "tests" / "data"
HELD_OUT_MARKS = ("holdout", "heldout")


def _development_files() -> tuple[tuple[str, str | None], ...]:
    """Every development file of ``tests/data``: each ``answer_eval*.json`` but a held-out one, and of
    ``answer_eval.json`` (its rows split ``dev``/``test``) only the ``dev`` split."""
    files: list[tuple[str, str | None]] = []
    for path in sorted(DATA.glob("answer_eval*.json")):
        if any(mark in path.name for mark in HELD_OUT_MARKS):
            continue
        files.append((path.name, "dev" if path.name == "answer_eval.json" else None))
    return tuple(files)


DEV_SPLITS: tuple[tuple[str, str | None], ...] = _development_files()


def dev_questions(files: tuple[tuple[str, str | None], ...] = DEV_SPLITS) -> list[dict[str, Any]]:
    """Every development question of ``files`` (``split`` as in its file); never a held-out one."""
    questions: list[dict[str, Any]] = []
    for name, split in files:
        assert not any(mark in name for mark in HELD_OUT_MARKS)
        rows = json.loads((DATA / name).read_text("utf-8"))
        questions += [q for q in rows if split is None or q["split"] == split]
    assert not any(q["split"] == "test" or any(m in q["split"] for m in HELD_OUT_MARKS) for q in questions)
    return questions


RECORDED: dict[str, dict[str, Any]] = {}


def _recording(finish: Any) -> Any:
    async def wrapper(self: AgentService, run: Any, answer: str, **kwargs: Any) -> Any:
        scratch = run.scratch
        if scratch.context is not None:
            passages = [(p.id, p.doc_id, p.title, p.text, p.score) for p in scratch.context.passages]
        else:
            passages = [(h.id, h.doc_id, h.title, h.text, h.score) for h in scratch.latest]
        RECORDED[run.question] = {
            "answerable": scratch.answerable,
            "possible": scratch.possible,
            "confidence": scratch.confidence,
            "drafted": scratch.draft is not None,
            "draft": scratch.draft,
            "passages": [dict(zip(("id", "doc_id", "title", "text", "score"), p, strict=True)) for p in passages],
        }
        return await finish(self, run, answer, **kwargs)

    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--eval", type=Path, default=None, help="one development file of tests/data instead")
    parser.add_argument(
        "--exclude", nargs="*", default=[], help="development file names to leave out (fresh splits kept for --apply)"
    )
    args = parser.parse_args()
    AgentService._finish = _recording(AgentService._finish)  # type: ignore[method-assign]
    if args.eval is not None and (
        args.eval.parent.resolve() != DATA.resolve()
        or any(mark in args.eval.name for mark in HELD_OUT_MARKS)
        or args.eval.name == "answer_eval.json"  # its dev split is in DEV_SPLITS, the rest is held out
    ):
        parser.error("--eval takes a development file of tests/data")
    files = tuple(f for f in DEV_SPLITS if f[0] not in args.exclude)
    questions = dev_questions(((args.eval.name, None),) if args.eval is not None else files)
    settings = Settings(
        data_dir=Path(tempfile.mkdtemp(prefix="selector-data-")),
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0, agent_tool_timeout=60.0, agent_run_deadline=180.0),
    )
    rows = asyncio.run(harness.evaluate(settings, questions, "ask"))
    records = []
    for item, row in zip(questions, rows, strict=True):
        records.append(
            {
                "id": item["id"],
                "split": item["split"],
                "category": item["category"],
                "question": item["question"],
                "key_facts": item.get("key_facts", []),
                "rules_outcome": row["outcome"],
                "rules_answer": row["answer"],
                **RECORDED.get(item["question"], {"passages": []}),
            }
        )
    args.out.write_text(json.dumps(records, ensure_ascii=False, indent=1), "utf-8")
    print(f"{len(records)} questions recorded to {args.out}")


if __name__ == "__main__":
    main()
