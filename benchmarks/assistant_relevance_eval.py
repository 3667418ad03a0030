"""Through the assistant (seed 000): which questions reach ``rag_search``, which section it then shows, and which
unrelated requests are refused.

Every question is one fresh turn of :class:`~agentcore.apps.assistant.AssistantAgent` with the offline provider
(classify → select → validate → execute), exactly as ``agentcore chat`` runs it; only the RAG service's transport is
in memory: ``/search`` is answered by ``Searcher.retrieve`` of the bundled knowledge base (local e5 embedder), with
``top_k`` 3 so that top-3 can be scored.  Per question it records whether the turn reached ``rag_search`` (else why
not: «не связан», «слишком длинный», help text, another tool), the ``question`` parameter sent, and the rank of the
labelled section among the titles the assistant shows («Заголовки топ-3 документов»).

Sets:

* ``tests/rag/data/robust_set.json``, split ``dev`` only (86 typos, layout slips, English and colloquial questions;
  its ``test`` split is held out and never read here);
* ``tests/apps/assistant/data/relevance_set.json``: 90 unrelated requests (``dev`` 45, ``check`` 45: weather, jokes,
  code, trivia, and English and Russian greetings and small talk) — the share refused with «Запрос не связан с
  функционалом агента.», Russian and English apart — and 56 help-desk questions (34 + 12 short English ones
  ``check``, measured only; 10 short English ones ``dev``).

    .venv/bin/python benchmarks/assistant_relevance_eval.py [--data-dir DIR] [--rows OUT.jsonl] [--misses]

Runs on any version of the package, so a before/after comparison is ``PYTHONPATH=<old checkout>/src …``.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
ROBUST = ROOT / "tests" / "rag" / "data" / "robust_set.json"
RELEVANCE = ROOT / "tests" / "apps" / "assistant" / "data" / "relevance_set.json"
TOP_K = 3


def questions() -> list[dict[str, Any]]:
    """The dev rows of the robust set and every row of the relevance set (no held-out row is read)."""
    robust = [dict(row, set="robust", relevant=True) for row in json.loads(ROBUST.read_text("utf-8"))]
    relevance = [dict(row, set="relevance") for row in json.loads(RELEVANCE.read_text("utf-8"))]
    return [row for row in robust if row["split"] == "dev"] + relevance


def rank_of(hits: list[dict[str, str]], row: dict[str, Any]) -> int:
    """Rank (1..) of the first shown hit that is the labelled document and section, 0 when none."""
    for rank, hit in enumerate(hits, start=1):
        if hit["doc_id"] != row["doc"]:
            continue
        section = row["section"]
        if (" — " not in hit["title"]) if not section else hit["title"].endswith(" — " + section):
            return rank
    return 0


class Run:
    """One offline assistant over the bundled knowledge base, its ``/search`` answered in memory."""

    def __init__(self, data_dir: Path) -> None:
        from agentcore.appkit.gateway import gateway_for
        from agentcore.apps.assistant.clients import ServiceClient
        from agentcore.config import Settings
        from agentcore.llm.sync import SyncGateway
        from agentcore.rag.embeddings import E5Embedder
        from agentcore.rag.engine import RagEngine

        self.settings = Settings(data_dir=data_dir, provider="offline", rag_embedder="local", param_rag_top_k=TOP_K)
        self.engine = RagEngine(self.settings, embedder=E5Embedder(), backend=None)
        self.engine.searcher.info()
        self.llm = SyncGateway(gateway_for(self.settings))
        self.searched: list[tuple[str, list[dict[str, str]]]] = []

        def handle(request: httpx.Request) -> httpx.Response:
            if request.url.path == "/health":
                return httpx.Response(200, json={"status": "ok"})
            body = json.loads(request.content)
            hits = self.engine.searcher.retrieve(body["question"], body.get("top_k") or TOP_K).hits
            shown = [{"doc_id": h.doc_id, "title": h.title} for h in hits]
            self.searched.append((body["question"], shown))
            titles, texts = [h.title for h in hits], [h.text for h in hits]
            return httpx.Response(200, json={"answer": "-", "chunk_title_list": titles, "chunk_texts": texts})

        transport = httpx.Client(transport=httpx.MockTransport(handle))
        self.rag = ServiceClient("http://rag", client=transport)
        self.haiku = ServiceClient("http://haiku", client=transport)

    def turn(self, text: str) -> dict[str, Any]:
        """One fresh dialog of one line: what the assistant did with it."""
        from agentcore.apps.assistant import AssistantAgent
        from agentcore.apps.assistant import messages as msg

        printed: list[str] = []
        agent = AssistantAgent(self.settings, self.llm, self.rag, self.haiku, lambda t, k="info": printed.append(t))
        agent.session_started = True
        self.searched.clear()
        agent.handle_input(text)
        selected = next((line for line in printed if line.startswith("Выбран инструмент")), "")
        if self.searched:
            question, hits = self.searched[-1]
            return {"outcome": "rag_search", "question": question, "hits": hits}
        if msg.IRRELEVANT in printed:
            outcome = "irrelevant"
        elif msg.QUESTION_TOO_LONG in printed:
            outcome = "too_long"
        elif selected and "rag_search" not in selected:
            outcome = "other_tool"
        elif not selected:
            outcome = "help"
        else:
            outcome = "other"
        return {"outcome": outcome, "selected": selected, "hits": []}


def report(rows: list[dict[str, Any]]) -> None:
    """Reach, top-1/top-3 of the shown section (over all questions of a group: a question that never reaches the
    search counts as a miss) and the refusal rate of unrelated requests."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if row["relevant"]:
            for key in (f"{row['set']}/{row['split']}", f"{row['set']}/{row['split']}/{row['kind']}"):
                groups[key].append(row)
    print("   on-topic group                 n   reach   top-1   top-3   (search only: top-1   top-3)")
    for key in sorted(groups):
        group = groups[key]
        n = len(group)
        reach = sum(r["outcome"] == "rag_search" for r in group) / n
        top1 = sum(r["rank"] == 1 for r in group) / n
        top3 = sum(1 <= r["rank"] <= TOP_K for r in group) / n
        alone1 = sum(r["alone"] == 1 for r in group) / n
        alone3 = sum(1 <= r["alone"] <= TOP_K for r in group) / n
        print(f"   {key:<28} {n:>3}   {reach:.3f}   {top1:.3f}   {top3:.3f}          {alone1:.3f}   {alone3:.3f}")
    print("   off-topic group                n   refused   reached rag_search")
    for split in ("dev", "check", "all"):
        for language in ("", "ru", "en"):
            group = [
                r
                for r in rows
                if not r["relevant"] and split in (r["split"], "all") and language in ("", _language(r["query"]))
            ]
            refused = sum(r["outcome"] == "irrelevant" for r in group)
            reached = sum(r["outcome"] == "rag_search" for r in group)
            key = f"{split}/{language}" if language else split
            print(f"   relevance/{key:<19} {len(group):>3}   {refused / len(group):.3f}     {reached}")


def _language(text: str) -> str:
    """``"ru"`` when ``text`` has a Cyrillic letter, else ``"en"``."""
    return "ru" if re.search(r"[а-яё]", text, re.IGNORECASE) else "en"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "agentcore-rag-eval-cache")
    parser.add_argument("--rows", type=Path, help="write one JSON line per question here")
    parser.add_argument("--misses", action="store_true", help="print the dev questions missed (on-topic not at top-1)")
    args = parser.parse_args()
    run = Run(args.data_dir)
    rows = []
    for row in questions():
        done = run.turn(row["query"])
        result = dict(row, **done)
        if row["relevant"]:
            result["rank"] = rank_of(done["hits"], row)
            alone = run.engine.searcher.retrieve(row["query"], TOP_K).hits
            result["alone"] = rank_of([{"doc_id": h.doc_id, "title": h.title} for h in alone], row)
        rows.append(result)
    report(rows)
    if args.rows:
        args.rows.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    if args.misses:
        for r in rows:
            if r["split"] != "dev":  # the check split is only measured
                continue
            if (r["relevant"] and r["rank"] != 1) or (not r["relevant"] and r["outcome"] != "irrelevant"):
                shown = r["hits"][0]["title"] if r["hits"] else "-"
                sent = r.get("question", "")
                print(f"   {r['outcome']:<10} [{r.get('rank', '')}] {r['query']!r} → {sent!r} → {shown}")


if __name__ == "__main__":
    main()
