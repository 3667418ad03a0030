"""Which gate declines each answerable question that offline ``agentcore ask`` declines (issue 18).

Runs :class:`~agentcore.apps.research.AgentService` (offline provider, local e5, as ``research_answer_eval.py``) on
the answerable and partial rows of the given evaluation files (never the ``test`` rows of ``answer_eval.json``)
and, for every false decline, names the gate that declined it — in the order the run decides:

* ``searcher floor`` — no search of the run reached the searcher's floor, so no draft was made;
* ``no draft`` — the extractive draft found no sentence;
* ``claim guard`` — the draft was made, but no claim of it is supported (``check_claims``);
* ``focus: <rule>`` — the claims stand, but the focus check answers no part of the question; the rule is the first
  test that failed for the part that came closest (``_focus/check.py``, traced here: the supplier filter that
  emptied the suppliers, «no answer test» with the best term share, a failed veto, or a section requirement) in the
  check of the composer's draft — the first check of the question, not the last one: after a decline the
  re-selection (``agentcore.rag._reselect``) checks other sentences, and their failed tests named the gate before
  2026-11-28 (a top gate «about_its_own_subject» of the re-selected sentences, 8 on the draft itself);
* ``weak evidence`` — the searcher scored the evidence below its threshold and no shown sentence holds every subject
  term of an answered part (``agentcore.rag._evidence``);
* ``not grounded`` — below the threshold and the answer's coverage / verify confidence fall short (``_finish``).

It also says whether the draft held the row's key facts (a decline of a right draft is the gate's error; of a wrong
draft, the composer's).  The tracing wraps the functions the service calls; the decisions are the service's own (the
outcomes equal ``research_answer_eval.py``'s).  Never run it on a held-out split.

    PYTHONPATH=src .venv/bin/python benchmarks/research_decline_why.py tests/data/answer_eval_dev10.json [...]
        [--rows] [--out F]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import agentcore.apps.research.tools as tools_module
import agentcore.rag.trust as trust_module
from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings
from agentcore.rag._focus import check as check_module

ROOT = Path(__file__).resolve().parent.parent
TRACE: dict[str, Any] = {}
"""What the wrapped functions saw during the current question."""


def _traced(verdict_of: Any) -> Any:
    """``check.answers_value`` / ``answers_by_section`` that keep the check's own :class:`PartVerdict` of each part,
    with the reason of a decline (the decision is the check's, not a copy of it)."""

    def traced(reading: Any, p: Any) -> bool:
        verdict = verdict_of(reading, p)
        lack = " (hard lack)" if p.hard else " (soft lack)" if p.soft else ""
        reason = verdict.reason
        if reason == "no answer test":
            reason = f"no answer test (best share {verdict.best_share:.2f}){lack}"
        elif reason == "no section answer":
            reason = f"no section answer (share {verdict.best_share:.2f}){lack}"
        TRACE.setdefault("parts", []).append((p.part.asks, p.part.text, verdict.answered, reason))
        return bool(verdict.answered)

    return traced


def _record(module: Any, name: str, key: str) -> None:
    """Replace ``module.name`` with a wrapper that keeps each call's result in ``TRACE[key]``."""
    wrapped = getattr(module, name)

    @functools.wraps(wrapped)
    def recording(*args: Any, **kwargs: Any) -> Any:
        TRACE[key] = result = wrapped(*args, **kwargs)
        return result

    setattr(module, name, recording)


def install() -> None:
    """Wrap what the service calls; every wrapper returns what the wrapped function returns."""
    check_module.answers_value = _traced(check_module.value_verdict)
    check_module.answers_by_section = _traced(check_module.section_verdict)
    _record(tools_module, "cited_extractive_answer", "draft")
    focus_check = trust_module.check_focus

    @functools.wraps(focus_check)
    def focus(*args: Any, **kwargs: Any) -> Any:
        TRACE["parts"] = []
        TRACE["focus_call"] = {"args": list(args), "kwargs": dict(kwargs)}
        TRACE["focus"] = result = focus_check(*args, **kwargs)
        TRACE["focus_parts"] = list(TRACE["parts"])
        # the first check of a question reads the composer's draft; later ones read re-selected sentences
        # (agentcore.rag._reselect), whose failed tests say nothing of why the draft was declined
        TRACE.setdefault("draft_focus_parts", list(TRACE["parts"]))
        return result

    trust_module.check_focus = focus
    _record(trust_module, "lexically_answered", "lexical")
    checker = AgentService._check_claims

    async def check_claims(self: Any, run: Any, answer: str, **kwargs: Any) -> Any:
        TRACE.pop("lexical", None)
        result = await checker(self, run, answer, **kwargs)
        TRACE["checked"] = result
        TRACE["answerable"] = run.scratch.answerable
        return result

    AgentService._check_claims = check_claims  # type: ignore[method-assign]


def gate() -> str:
    """The gate that declined the current question (see the module docstring)."""
    if "draft" not in TRACE:
        return "searcher floor"
    if not TRACE["draft"]:
        return "no draft"
    checked = TRACE.get("checked")
    if checked is None:
        return "no claim check"
    report = checked[0]
    focus = TRACE.get("focus")
    if focus is not None and focus.decline:
        parts = TRACE.get("draft_focus_parts") or TRACE.get("focus_parts", [])
        reasons = [reason for _, _, ok, reason in parts if not ok]
        return "focus: " + (" | ".join(dict.fromkeys(reasons)) or "?")
    if TRACE.get("lexical") is False:
        return "weak evidence"
    if not [c for c in report.claims if c.status == "supported"]:
        return "claim guard"
    return "not grounded"


def supported_before_focus() -> int:
    checked = TRACE.get("checked")
    if checked is None:
        return 0
    return sum(c.status == "supported" or c.decided_by == "focus" for c in checked[0].claims)


def _holds(text: str, fact: str) -> bool:
    plain = " ".join(text.replace("\u00a0", " ").replace("ё", "е").lower().split())
    return any(" ".join(o.replace("ё", "е").lower().split()) in plain for o in fact.split("|"))


async def run(rows: list[dict[str, Any]], calls: Path | None = None) -> list[dict[str, Any]]:
    settings = Settings(
        data_dir=Path(tempfile.mkdtemp(prefix="decline-why-")),
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0, agent_tool_timeout=60.0, agent_run_deadline=180.0),
    )
    service = AgentService(settings)
    out = []
    try:
        await service.retriever.info()
        async for _ in service.stream_agent_response(AgentRequest(question="Сколько дней длится отпуск?")):
            pass
        for row in rows:
            TRACE.clear()
            events = [e async for e in service.stream_agent_response(AgentRequest(question=row["question"]))]
            last = events[-1]
            answered = last.type == "final" and bool(last.metadata.get("answered"))
            if calls is not None:  # the focus check's inputs, to replay a change of its rules without the agent
                with calls.open("a", encoding="utf-8") as handle:
                    record = {"id": row["id"], "answered": answered, "focus_call": TRACE.get("focus_call")}
                    handle.write(json.dumps(record, ensure_ascii=False) + "\n")
            if answered:
                out.append({**row, "declined": False})
                continue
            draft = TRACE.get("draft") or ""
            out.append(
                {
                    **row,
                    "declined": True,
                    "gate": gate(),
                    "draft_holds_facts": bool(draft) and all(_holds(draft, f) for f in row["key_facts"]),
                    "claims_supported": supported_before_focus(),
                    "answerable": TRACE.get("answerable"),
                    "parts": TRACE.get("draft_focus_parts") or TRACE.get("focus_parts", []),
                    "last_parts": TRACE.get("focus_parts", []),
                    "draft": draft,
                    "focus_call": TRACE.get("focus_call"),
                }
            )
    finally:
        await service.aclose()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("evals", type=Path, nargs="+")
    parser.add_argument("--rows", action="store_true", help="print every false decline")
    parser.add_argument("--out", type=Path, default=None, help="write the false declines as JSON lines")
    parser.add_argument("--calls", type=Path, default=None, help="append every row's focus-check inputs (JSON lines)")
    parser.add_argument("--all-rows", action="store_true", help="unanswerable rows too (with --calls)")
    args = parser.parse_args()
    rows = []
    for path in args.evals:
        if "holdout" in path.name or "heldout" in path.name:
            raise SystemExit(f"{path.name}: held-out data is never traced")
        rows += [
            r
            for r in json.loads(path.read_text("utf-8"))
            # answer_eval.json's test split is held out
            if (args.all_rows or r["category"] != "unanswerable") and r["split"] != "test"
        ]
    install()
    declined = [r for r in asyncio.run(run(rows, args.calls)) if r["declined"] and r["category"] != "unanswerable"]
    by_gate = Counter(r["gate"].split(" (")[0] if not r["gate"].startswith("focus") else r["gate"] for r in declined)
    print(f"{len(declined)} false declines of {len(rows)} answerable or partial questions")
    for name, count in by_gate.most_common():
        right = sum(r["draft_holds_facts"] for r in declined if (r["gate"].split(" (")[0]) == name or r["gate"] == name)
        print(f"{count:4d}  (draft held the key facts: {right})  {name}")
    if args.rows:
        for r in declined:
            print(f"{r['id']:6} {r['gate'][:70]:70} facts={r['draft_holds_facts']!s:5} {r['question']}")
    if args.out is not None:
        with args.out.open("w", encoding="utf-8") as handle:
            for r in declined:
                handle.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
