"""How the DAILY parser's method generalises: each development split scored by rules that never saw it, against the
same split scored by the rules of today (which were tuned on it).

The development splits (``tests/apps/scrum/data/dailies_people_dev*.jsonl``) were each written and committed before
any code ran on them, and rules were then written from their errors.  So the parser *at the commit before a split
was added* is a reader that never saw that split: its score is the split's **fresh** figure — a leave-one-split-out
estimate of the rule-writing method (trained on every split before it, scored on the one left out).  The parser of
today read every development split while its rules were written, so its figure on them is in-sample.

``--learned`` adds the learned blocker readers of :mod:`scrum_blocker_model` on top of the rules that never saw the
split and on top of today's: fitted on every development split but one and scored on the one left out
(leave-one-split-out), and fitted only on the splits written before it (forward, as the rules were) — a veto of the
rules' blockers (per daily, per statement) and a learned ``critical``, over a sweep of thresholds.  A veto changes
only the blockers of a reading (its quality and question stay the rules'), so read its presence and critical
columns.

Held-out splits (``test*``, ``*heldout*``) are never read here.

    PYTHONPATH=src .venv/bin/python benchmarks/scrum_daily_cv.py [--splits dailies_people_dev11 …] [--learned]
        [--per-split]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

from agentcore.apps.scrum.evaluation import Report, evaluate, load_labelled

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "apps" / "scrum" / "data"
DEV_SPLITS = ("dailies_people_dev", *(f"dailies_people_dev{n}" for n in range(2, 23)))
"""The development splits, oldest first (held-out ones are never named here)."""

_RUNNER = """
import json, sys
from agentcore.apps.scrum.daily_parser import parse_daily
for line in sys.stdin:
    row = json.loads(line)
    print(json.dumps({"id": row["id"], "output": parse_daily(row["message"], "DEV")}, ensure_ascii=False))
"""


def added_in(split: str) -> str:
    """The commit that added ``split``'s file (its first version)."""
    path = f"tests/apps/scrum/data/{split}.jsonl"
    out = subprocess.run(
        ["git", "-C", str(ROOT), "log", "--diff-filter=A", "--format=%H", "--", path],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    if not out:
        raise SystemExit(f"{path} is not in git history")
    return out[-1]


def outputs_at(commit: str, items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``parse_daily`` of the source tree at ``commit`` on each item (in a subprocess with that tree on the path)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "src"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        feed = "".join(json.dumps({"id": i["id"], "message": i["message"]}, ensure_ascii=False) + "\n" for i in items)
        result = subprocess.run(
            [sys.executable, "-c", _RUNNER],
            input=feed,
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": f"{tmp}/src", "PATH": "/usr/bin:/bin"},
        )
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return {row["id"]: row["output"] for row in rows}


def fully_right(report: Report) -> int:
    """Dailies with no field wrong."""
    wrong = {i for ids in report.errors.values() for i in ids}
    return report.total - len(wrong)


def row(name: str, reader: str, report: Report) -> str:
    """One table row: yesterday / today F1 · presence P / R / F1 · critical P / R · clarification F1 · quality
    accuracy · dailies fully right."""
    c = report.counts
    p = c["blocker_presence"]
    k = c["blocker.critical"]
    cells = [
        name,
        reader,
        f"{c['yesterday'].f1:.3f}/{c['today'].f1:.3f}",
        f"{p.precision:.3f}/{p.recall:.3f}/{p.f1:.3f} ({p.fp} fp, {p.fn} fn)",
        f"{k.precision:.3f}/{k.recall:.3f} ({k.fp} fp, {k.fn} fn)",
        f"{c['needs_clarification'].f1:.3f}",
        f"{report.quality_accuracy:.3f}",
        f"{fully_right(report)}/{report.total}",
    ]
    return "| " + " | ".join(cells) + " |"


HEADER = (
    "| split | reader | yest/today F1 | presence P/R/F1 | critical P/R | clarif. F1 | quality acc | fully right |\n"
    "|---|---|---|---|---|---|---|---|"
)


def pooled(parts: list[tuple[list[dict[str, Any]], Callable[[str], dict[str, Any]]]]) -> Report:
    """One report over several (items, reader) pairs — each split read by its own reader."""
    report = Report()
    for items, reader in parts:
        one = evaluate(reader, items)
        if not report.counts:
            report.counts = one.counts
        else:
            for name, counts in one.counts.items():
                report.counts[name].tp += counts.tp
                report.counts[name].fp += counts.fp
                report.counts[name].fn += counts.fn
        report.quality_confusion.update(one.quality_confusion)
        for name, ids in one.errors.items():
            report.errors.setdefault(name, []).extend(ids)
        report.total += one.total
    return report


def main() -> None:
    cli = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    cli.add_argument("--splits", nargs="*", default=list(DEV_SPLITS))
    cli.add_argument("--learned", action="store_true", help="add the learned blocker reader's figures")
    cli.add_argument("--per-split", action="store_true", help="with --learned: a row per split too")
    args = cli.parse_args()
    if any(not s.startswith("dailies_people_dev") for s in args.splits):
        raise SystemExit("only development splits (dailies_people_dev*) are scored here")

    from agentcore.apps.scrum.daily_parser import parse_daily

    def today(message: str) -> dict[str, Any]:
        return parse_daily(message, "DEV")

    fresh: dict[str, dict[str, dict[str, Any]]] = {}  # split → message → the output of rules that never saw it
    labelled: dict[str, list[dict[str, Any]]] = {}
    fresh_parts = []
    today_parts = []
    print(HEADER)
    for split in args.splits:
        items = labelled[split] = load_labelled(DATA / f"{split}.jsonl")
        commit = added_in(split)
        recorded = outputs_at(f"{commit}^", items)
        fresh[split] = {item["message"]: recorded[item["id"]] for item in items}
        fresh_parts.append((items, fresh[split].__getitem__))
        today_parts.append((items, today))
        short = split.removeprefix("dailies_people_")
        print(
            row(f"{short} ({len(items)})", f"rules at {commit[:7]}^ (fresh)", evaluate(fresh[split].__getitem__, items))
        )
        print(row(f"{short} ({len(items)})", "rules today (in-sample)", evaluate(today, items)))
        sys.stdout.flush()
    fresh_pooled = pooled(fresh_parts)
    print(row("all", "rules, fresh", fresh_pooled))
    print(row("all", "rules today (in-sample)", pooled(today_parts)))
    wrong = ", ".join(
        f"{field} {len(ids)}" for field, ids in sorted(fresh_pooled.errors.items(), key=lambda e: -len(e[1]))
    )
    print(f"\ndailies the fresh rules got wrong, by field: {wrong}")
    if args.learned:
        learned(args.splits, labelled, fresh, today, args.per_split)


def learned(
    splits: list[str],
    labelled: dict[str, list[dict[str, Any]]],
    fresh: dict[str, dict[str, dict[str, Any]]],
    today: Callable[[str], dict[str, Any]],
    per_split: bool,
) -> None:
    """The learned veto and critical reader (``scrum_blocker_model``) on each split, fitted leave-one-split-out and
    forward (on the splits before it), applied to the rules that never saw the split and to today's rules."""
    import numpy as np
    import scrum_blocker_model as model

    def veto_data(names: list[str]) -> tuple[Any, Any]:
        rows, ys = [], []
        for name in names:
            for item in labelled[name]:
                output = fresh[name][item["message"]]
                if output["daily"]["blockers"]:
                    said = " ".join(b["text"] for b in output["daily"]["blockers"])
                    rows.append(model.blocker_vector(item["message"], said))
                    ys.append(1.0 if item["expected"]["blockers"] else 0.0)
        return np.array(rows), np.array(ys)

    def statement_data(names: list[str]) -> tuple[Any, Any]:
        """Blocker statements (1: each labelled blocker's words) against statements that state none (0: in a daily
        labelled with no blocker, each line under a blocker-like header and each sentence with a trouble word)."""
        rows, ys = [], []
        for name in names:
            for item in labelled[name]:
                for blocker in item["expected"]["blockers"]:
                    rows.append(model.vector(model.features(blocker["text"], "b")))
                    ys.append(1.0)
                if not item["expected"]["blockers"]:
                    for text in model.none_statements(item["message"]):
                        rows.append(model.vector(model.features(text, "b")))
                        ys.append(0.0)
        return np.array(rows), np.array(ys)

    def critical_data(names: list[str]) -> tuple[Any, Any]:
        rows, ys = [], []
        for name in names:
            for item in labelled[name]:
                for blocker in item["expected"]["blockers"]:
                    rows.append(model.blocker_vector(item["message"], blocker["text"]))
                    ys.append(1.0 if blocker["critical"] else 0.0)
        return np.array(rows), np.array(ys)

    def reader(
        base: Callable[[str], dict[str, Any]],
        veto: Any,
        critical: Any,
        statement: Any,
        mode: str,
        threshold: float,
    ) -> Callable[[str], dict[str, Any]]:
        """``base``'s reading, its blockers dropped when the veto's probability is under ``threshold``
        (``mode="veto"``), each blocker dropped whose words the statement model reads as stating none
        (``"statement"``), or each blocker's ``critical`` replaced by the learned one (``"replace"``), raised by it
        (``"or"``: rules or probability ≥ threshold) or confirmed by it (``"and"``)."""

        def read(message: str) -> dict[str, Any]:
            output = json.loads(json.dumps(base(message)))
            blockers = output["daily"]["blockers"]
            if mode == "statement":
                output["daily"]["blockers"] = [
                    b
                    for b in blockers
                    if model.predict(statement, model.vector(model.features(b["text"], "b"))) >= threshold
                ]
            if mode == "veto" and blockers and veto is not None:
                said = " ".join(b["text"] for b in blockers)
                if model.predict(veto, model.blocker_vector(message, said)) < threshold:
                    output["daily"]["blockers"] = []
            elif mode in ("replace", "or", "and"):
                for b in blockers:
                    learned = bool(model.predict(critical, model.blocker_vector(message, b["text"])) >= threshold)
                    rules = bool(b["critical"])
                    b["critical"] = {"replace": learned, "or": rules or learned, "and": rules and learned}[mode]
            return output

        return read

    variants = [("veto", t) for t in (0.5, 0.3)] + [("statement", t) for t in (0.5, 0.3, 0.2, 0.1)]
    variants += [("replace", 0.5)] + [("or", t) for t in (0.5, 0.7, 0.8, 0.9)]
    for scheme in ("leave-one-split-out", "forward"):
        print(f"\nlearned, fitted {scheme} (pooled over the left-out splits):\n{HEADER}")
        parts: dict[str, list[tuple[str, list[dict[str, Any]], Callable[[str], dict[str, Any]]]]] = {}
        for position, split in enumerate(splits):
            train = [s for s in splits if s != split] if scheme == "leave-one-split-out" else list(splits[:position])
            if not train:
                continue
            vx, vy = veto_data(train)
            veto = model.fit(vx, vy) if len(set(vy.tolist())) == 2 else None
            cx, cy = critical_data(train)
            critical = model.fit(cx, cy)
            sx, sy = statement_data(train)
            statement = model.fit(sx, sy)
            items = labelled[split]
            for base_name, base in (("fresh", fresh[split].__getitem__), ("today", today)):
                parts.setdefault(f"rules {base_name}", []).append((split, items, base))
                for mode, threshold in variants:
                    name = f"{base_name} + {mode} {threshold}"
                    read = reader(base, veto, critical, statement, mode, threshold)
                    parts.setdefault(name, []).append((split, items, read))
        for name, pieces in parts.items():
            print(row("all", name, pooled([(i, r) for _, i, r in pieces])))
            later = [(i, r) for s, i, r in pieces if s != splits[0]]
            if later and len(later) < len(pieces):
                print(row("dev2–dev15", name, pooled(later)))
            if per_split:
                for split, items, read in pieces:
                    print(row(split.removeprefix("dailies_people_"), name, evaluate(read, items)))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
