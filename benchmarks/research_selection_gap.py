"""Are the false declines whose passages hold the key facts a *selection* problem or a *check* problem? (issue 18)

Replays, offline and without the claim guard, the focus check (:func:`agentcore.rag._focus.check_focus`) and the
re-selection's ranking (:func:`agentcore.rag._reselect.reselection_candidates`) on recorded runs (a JSON list of
rows with ``question``, ``category``, ``rules_outcome``, ``draft``, ``key_facts`` and the run's ``passages``, as
``/work/notes/sel/runs.json``).  Fresh splits (``--fresh``, default dev36, dev37) are left out.

1. **Answerable / partial false declines whose passages hold every key fact but whose draft does not**: the passage
   sentences (:func:`agentcore.rag.answer.quotable_lines`, the re-selection's units) holding a key fact are each
   checked alone, with their section's heading, as ``trust.py`` checks a re-selected line on a declined draft —
   ``focus`` (the check answers a part), ``strict`` (and :func:`holds_what_it_adds`, the word-for-word standard the
   re-selection adds) — and located in the re-selection's ranking: ``offered`` (among the candidates it offers
   today, given the draft's own focus check), ``ranked`` (ranked for an unanswered part when every passage, part
   and candidate is allowed: the position), ``unranked`` (never ranked: no term of the part, or no value of the
   kind asked).
2. **Unanswerable questions** (correct declines and hallucinated): whether *some* sentence of the first N passages
   (N = 3, 5, all) is accepted alone (``focus`` / ``strict``) — what offering every sentence would risk.

The draft's focus check is replayed on every claim of the draft (the guard's verdicts are not recorded), so it can
differ from the run's in a few rows (a claim the guard removed).

    PYTHONPATH=src .venv/bin/python benchmarks/research_selection_gap.py /work/notes/sel/runs.json [--out F]

Figures (2026-11-28, main 6b77f56, runs.json of 2,082 rows; 1,942 non-fresh; ~65 s on one core):

* part 1 — 86 false declines with every key fact in the passages and not in the draft (the draft declined in all
  86).  In 41 a key-fact sentence is among today's candidates, in 67 the widest ranking ranks one.  Checked alone:
  **0** rows have a key-fact sentence the re-selection would keep (``strict``); 8 have one the focus check takes
  but not word for word (6 of them asking no value: a procedure, a consequence, «расскажи про…», which the
  re-selection never adds by design; 2 values — «на какую сумму», «на каком порту»); 77 have none the check takes
  (1 row's fact stands in no quotable line).  Why the check rejects the first key sentence: «no answer test» 20,
  «no section answer» 15, no value of the kind asked 13, ``about_its_own_subject`` 11, ``holds_the_yesno_nouns`` 9,
  English procedure 3, other 6; 14 of the 77 are English questions.  36 of the 77 were offered today and rejected.
* part 2 — some sentence accepted alone, of 574 correct declines: check 25 / 31 / 32 (N = 3 / 5 / all), strict
  0 / 0 / 0; of 60 hallucinated: check 53 / 57 / 57, strict 5 / 5 / 5.  Today's candidates on correct declines:
  816 offered, the check alone takes one in 16 rows (0 kept by the strict standard).

So these false declines are a *check* problem, not a selection one: more or better-ranked candidates rescue none
(the strict standard takes no key sentence), and dropping that standard would rescue at most 5 offered rows (8
widened) against 16 correct declines (25 widened) where the check would take an off-question sentence.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agentcore.rag import _reselect
from agentcore.rag._focus import SLOT_ASKS, FocusCheck, check_focus
from agentcore.rag._reselect import holds_what_it_adds, reselection_candidates
from agentcore.rag.answer import quotable_lines, with_marker
from agentcore.rag.citations import ComposedContext, Passage
from agentcore.rag.claims import read_claims

FRESH = ("dev36", "dev37")


def _plain(text: str) -> str:
    return " ".join("".join(ch.lower() if ch.isalnum() else " " for ch in text.replace("ё", "е")).split())


def holds(text: str, fact: str) -> bool:
    """Whether ``text`` holds ``fact`` (one of its ``|`` variants), as ``research_decline_why.py`` reads it."""
    plain = " ".join(text.replace("\u00a0", " ").replace("ё", "е").lower().split())
    return any(" ".join(o.replace("ё", "е").lower().split()) in plain for o in fact.split("|"))


def context_of(row: dict[str, Any]) -> ComposedContext:
    return ComposedContext(
        tuple(
            Passage(i, p["id"], p.get("doc_id", ""), p["title"], p["text"], score=p.get("score", 0.0))
            for i, p in enumerate(row["passages"], 1)
        )
    )


def passage_texts(context: ComposedContext) -> list[str]:
    return [f"{p.title}\n{p.text}" for p in context.passages]


def draft_focus(question: str, draft: str, context: ComposedContext) -> tuple[FocusCheck, list[str], list[int]]:
    """The focus check of the draft's claims (every claim shown), their texts and the passages they cite."""
    claims = [c for c in read_claims(draft, context) if c.kind in ("sentence", "item")] if draft else []
    titles = {p.index: p.title for p in context.passages}
    texts = [c.text for c in claims]
    cited = [n for c in claims for n in c.citations if n in titles]
    headings = [titles[n] for c in claims for n in c.citations if n in titles]
    shown_headings = ["\n".join(titles[n] for n in c.citations if n in titles) for c in claims]
    focus = check_focus(question, texts, passage_texts(context), headings=headings, shown_headings=shown_headings)
    return focus, texts, cited


def alone(
    question: str, text: str, title: str, context: ComposedContext, why: list[str] | None = None
) -> tuple[bool, bool]:
    """(``focus``, ``strict``): the check of ``text`` alone answers a part; and holds what it adds word for word.
    ``why``: filled with the check's reason per part (:func:`agentcore.rag._focus.check.why_not`)."""
    after = check_focus(question, [text], passage_texts(context), headings=[title], shown_headings=[title], why=why)
    if after.decline:
        return False, False
    before = FocusCheck(after.parts, tuple(False for _ in after.parts))
    return True, holds_what_it_adds(before, after, [text], [title])


def candidates(
    question: str, focus: FocusCheck, context: ComposedContext, cited: Sequence[int], shown: Sequence[str], wide: bool
) -> list[str]:
    """The re-selection's candidates (today's limits, or every passage / part / candidate when ``wide``)."""
    saved = (_reselect.RESELECT_PASSAGES, _reselect.RESELECT_CANDIDATES, _reselect.RESELECT_PER_PART)
    if wide:
        _reselect.RESELECT_PASSAGES, _reselect.RESELECT_CANDIDATES, _reselect.RESELECT_PER_PART = 99, 999, 99
    try:
        return reselection_candidates(question, focus, context, cited, shown)
    finally:
        _reselect.RESELECT_PASSAGES, _reselect.RESELECT_CANDIDATES, _reselect.RESELECT_PER_PART = saved


def _position(text: str, lines: Sequence[str]) -> int | None:
    key = _plain(text)
    for k, line in enumerate(lines):
        if _plain(line.split("[")[0]) == key or key in _plain(line):
            return k
    return None


def gap_row(row: dict[str, Any]) -> dict[str, Any]:
    """Part 1 for one false decline: each key-fact sentence, accepted alone and where the re-selection ranks it."""
    question, context = row["question"], context_of(row)
    focus, shown, cited = draft_focus(question, row.get("draft") or "", context)
    today = candidates(question, focus, context, cited, shown, wide=False)
    wide = candidates(question, focus, context, cited, shown, wide=True)
    sentences = []
    for p in context.passages:
        for text, _ in quotable_lines(p.text):
            facts = [f for f in row["key_facts"] if holds(text, f)]
            if not facts:
                continue
            why: list[str] = []
            ok, strict = alone(question, text, p.title, context, why)
            pos = _position(text, wide)
            sentences.append(
                {
                    "passage": p.index,
                    "text": text,
                    "facts": len(facts),
                    "focus": ok,
                    "strict": strict,
                    "offered": _position(text, today) is not None,
                    "in_draft": _plain(text) in {_plain(s) for s in shown},
                    "rank": pos,
                    "why": why,
                }
            )
    return {
        "id": row["id"],
        "split": row["split"],
        "question": question,
        "draft_decline": focus.decline,
        "parts": len(focus.parts),
        "today": len(today),
        "asks": [p.asks for p in focus.parts],
        "sentences": sentences,
    }


def risk_row(row: dict[str, Any], limits: Sequence[int | None]) -> dict[str, Any]:
    """Part 2 for one unanswerable question: the first passage (1-based) with a sentence accepted alone."""
    question, context = row["question"], context_of(row)
    first: dict[str, int | None] = {"focus": None, "strict": None}
    top = max((n or len(context.passages)) for n in limits)
    checked = 0
    for p in context.passages[:top]:
        for text, _ in quotable_lines(p.text):
            if first["strict"] is not None:
                break
            ok, strict = alone(question, text, p.title, context)
            checked += 1
            if ok and first["focus"] is None:
                first["focus"] = p.index
            if strict and first["strict"] is None:
                first["strict"] = p.index
    # today's candidates (the draft's own focus check): how many the check alone would take — what dropping
    # holds_what_it_adds would cost on this question
    focus, shown, cited = draft_focus(question, row.get("draft") or "", context)
    lines = {}  # the answer line the re-selection makes of each passage sentence → (sentence, heading)
    for p in context.passages:
        for text, item in quotable_lines(p.text):
            marked = with_marker(text, f"[{p.index}]")
            lines[f"• {marked}" if item else marked] = (text, p.title)
    today = candidates(question, focus, context, cited, shown, wide=False) if not all(focus.answered) else []
    taken = sum(alone(question, *lines[line], context)[0] for line in today)
    return {
        "id": row["id"],
        "outcome": row["rules_outcome"],
        "first": first,
        "checked": checked,
        "today": len(today),
        "today_focus": taken,
    }


def _gate(reason: str) -> str:
    """A reason without its figures (``no answer test (best share 0.40)`` → ``no answer test``)."""
    return reason.split(" (")[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", type=Path)
    ap.add_argument("--fresh", nargs="*", default=list(FRESH), help="splits left out")
    ap.add_argument("--out", type=Path, help="per-row results (JSON)")
    ap.add_argument("--no-risk", action="store_true", help="skip part 2")
    args = ap.parse_args()
    rows = [r for r in json.loads(args.runs.read_text(encoding="utf-8")) if r["split"] not in set(args.fresh)]
    print(f"{len(rows)} non-fresh rows")
    t0 = time.perf_counter()
    gaps = []
    for r in rows:
        if r["category"] not in ("answerable", "partial") or r["rules_outcome"] != "false_decline":
            continue
        text = "\n".join(f"{p['title']}\n{p['text']}" for p in r["passages"])
        if not all(holds(text, f) for f in r["key_facts"]):
            continue
        if r.get("draft") and all(holds(r["draft"], f) for f in r["key_facts"]):
            continue
        gaps.append(gap_row(r))
    print(
        f"part 1: {len(gaps)} false declines, key facts in the passages, not in the draft "
        f"({time.perf_counter() - t0:.0f} s)"
    )
    c: Counter[str] = Counter()
    for g in gaps:
        s = g["sentences"]
        c["any focus"] += any(x["focus"] for x in s)
        c["any strict"] += any(x["strict"] for x in s)
        c["strict & offered"] += any(x["strict"] and x["offered"] for x in s)
        c["strict & not offered"] += any(x["strict"] for x in s) and not any(x["strict"] and x["offered"] for x in s)
        c["strict, not offered, ranked"] += any(
            x["strict"] and not x["offered"] and x["rank"] is not None for x in s
        ) and not any(x["strict"] and x["offered"] for x in s)
        c["focus only (strict fails)"] += any(x["focus"] for x in s) and not any(x["strict"] for x in s)
        c["rejected (no sentence accepted)"] += not any(x["focus"] for x in s)
        c["some key sentence offered"] += any(x["offered"] for x in s)
        c["some key sentence ranked"] += any(x["rank"] is not None for x in s)
        c["draft decline"] += g["draft_decline"]
    for k, v in c.items():
        print(f"  {k:36} {v:4d}")
    ranks = Counter(
        min(x["rank"] for x in g["sentences"] if x["strict"] and x["rank"] is not None)
        for g in gaps
        if any(x["strict"] and x["rank"] is not None for x in g["sentences"])
        and not any(x["strict"] and x["offered"] for x in g["sentences"])
    )
    print("  best wide rank of a strict, not-offered key sentence:", dict(sorted(ranks.items())))
    passages = Counter(
        min(x["passage"] for x in g["sentences"] if x["strict"])
        for g in gaps
        if any(x["strict"] for x in g["sentences"]) and not any(x["strict"] and x["offered"] for x in g["sentences"])
    )
    print("  first passage of a strict, not-offered key sentence:", dict(sorted(passages.items())))
    # why the check rejects the key sentence (the first key sentence of a row none of whose key sentences it takes;
    # the reason of the row's first part, its other parts' reasons counted apart)
    gates = Counter(
        _gate(next(x for x in g["sentences"] if x["why"])["why"][0])
        for g in gaps
        if g["sentences"] and not any(x["focus"] for x in g["sentences"]) and any(x["why"] for x in g["sentences"])
    )
    print("  why the check rejects the key sentence (first part):")
    for name, n in gates.most_common():
        print(f"    {n:4d}  {name}")
    kinds = Counter("value" if any(a in SLOT_ASKS for a in g["asks"]) else "section" for g in gaps)
    print("  rows with a part asking a value / only section parts:", dict(kinds))
    risks = []
    if not args.no_risk:
        t1 = time.perf_counter()
        limits: list[int | None] = [3, 5, None]
        for r in rows:
            if r["category"] == "unanswerable":
                risks.append(risk_row(r, limits))
        print(f"part 2: {len(risks)} unanswerable rows ({time.perf_counter() - t1:.0f} s)")
        for outcome in ("correct_decline", "hallucinated"):
            sub = [x for x in risks if x["outcome"] == outcome]
            for limit in limits:
                f = sum(x["first"]["focus"] is not None and x["first"]["focus"] <= (limit or 99) for x in sub)
                s = sum(x["first"]["strict"] is not None and x["first"]["strict"] <= (limit or 99) for x in sub)
                print(f"  {outcome:16} N={limit or 'all'}: some sentence accepted focus {f} / strict {s} of {len(sub)}")
            offered = sum(x["today"] for x in sub)
            took = sum(x["today_focus"] > 0 for x in sub)
            print(f"  {outcome:16} today's candidates: {offered} offered, some accepted by the check alone in {took}")
    if args.out:
        args.out.write_text(json.dumps({"gaps": gaps, "risks": risks}, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
