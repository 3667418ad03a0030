"""Answer-level evaluation of the research agent (``agentcore ask``) on ``tests/data/answer_eval.json``.

Every question is answered by :class:`~agentcore.apps.research.AgentService` over the bundled knowledge base (local
e5 embedder, hybrid retrieval) and scored as a user would score it:

* answerable / partial question: **correct** (answered, every key fact present), **wrong** (answered, a key fact
  missing — the worst outcome), **false decline** (declined);
* unanswerable question: **correct decline** or **hallucinated answer**;
* partial questions also count whether the answer names the missing part («В документах не нашлось: …»).

Two answerers: ``ask`` — the offline provider (rules, extractive answers), exactly ``agentcore ask``; ``scripted``
— a scripted model that follows the base flow and then writes the draft **plus one false claim** (the first
number of the draft changed, cited like the rest; with no draft, an invented answer citing [1]).  An answer whose
shown text holds the falsified content is counted (``false claims shown``): the changed number with the words
around it, the injected prohibition, or the invented answer — not the mere «Кроме того» (the claim check may strip
the false part of that line and show a true sentence of it; counting those over-counted before 2026-11-26).

Only the public interface is used (``AgentService.stream_agent_response`` and the ``final`` event), so the same
script measures an older checkout: ``PYTHONPATH=<checkout>/src python benchmarks/research_answer_eval.py``.

``--focus-judge approve|reject`` (``ask`` mode, this checkout only): the range of the model's focus judge
(:mod:`agentcore.rag._focus_judge`), which runs only with a real model — every answer of the offline run goes
through it as it would with a model, a *simulated* one that answers every part it is asked about with every sentence
(``approve``: the most it could add, hallucinations included) or with none (``reject``: the most it could take away).
Not a quality figure: a real model reads the sentences.  Rows get ``focus_rescued`` / ``focus_downgraded`` (parts).

    .venv/bin/python benchmarks/research_answer_eval.py [--mode ask|scripted|both] [--split dev|test|all] [--rows]
        [--out F]
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_holdout.json  # the held-out split
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_holdout2.json  # second held-out
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_dev3.json  # third dev split
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_holdout3.json  # third held-out
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_dev5.json  # fifth dev split
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_holdout4.json  # fourth held-out
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_dev10.json  # tenth dev split
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_dev11.json  # near misses
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_dev12.json  # colloquial, fresh
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_dev13.json  # one among similar
    .venv/bin/python benchmarks/research_answer_eval.py --eval tests/data/answer_eval_dev15.json  # sections
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from agentcore.apps.research import AgentRequest, AgentService
from agentcore.apps.research.settings import ResearchSettings
from agentcore.config import Settings

ROOT = Path(__file__).resolve().parent.parent
_MARKERS_RE = re.compile(r"\s*\[[^\[\]\n]{1,40}\]")
_NUMBER_RE = re.compile(r"(?<![\d:.,])(\d{1,5})(?![\d:])")
INVENTED = "По правилам компании на это отводится 10 рабочих дней, оформление через HR [1]."
PROHIBITION = "Кроме того, этого делать нельзя"
_PROHIBITS_RE = re.compile(r"нельзя|запрещ|не допуска|не разреша", re.IGNORECASE)
# What the scripted model falsified in the current question (read by ``evaluate``): text that, found in the shown
# answer, means the false content reached the user.
INJECTED: list[str] = []


def normalise(text: str) -> str:
    """Lower-case, «ё» → «е», no citation markers, single spaces (non-breaking ones too)."""
    text = _MARKERS_RE.sub("", text).replace("\u00a0", " ").replace("ё", "е").replace("Ё", "Е")
    return " ".join(text.lower().split())


def holds(answer: str, fact: str) -> bool:
    """Whether ``answer`` holds ``fact`` (alternatives separated by «|»)."""
    plain = normalise(answer)
    return any(normalise(option) in plain for option in fact.split("|"))


def sloppy_model(request: Any) -> str:
    """A scripted model: the offline policy's actions, then the draft with one false number added (or, without a
    draft, an invented answer citing [1]).  The false sentence is what the claim check must keep from the user."""
    from agentcore.apps.research.offline import react_step

    reply = react_step(request)
    if "FinalAnswer:" not in reply:
        return reply
    head, answer = reply.split("FinalAnswer:", 1)
    answer = answer.strip()
    if answer.startswith("В базе знаний нет ответа"):
        INJECTED.append(INVENTED)
        return f"{head}FinalAnswer: {INVENTED}"
    line, signature = false_claim(answer)
    INJECTED.append(signature)
    return f"{head}FinalAnswer: {answer}\n{line}"


def false_claim(draft: str) -> tuple[str, str]:
    """The draft's first sentence with a number, the number changed — cited like the original; without a number,
    its first line under an injected prohibition.  Returns (the line, its signature): the changed number with the
    word before it and up to two words after it in its sentence, or the prohibition."""
    for raw in draft.splitlines():
        line = re.sub(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+", "", raw)  # a list marker is no fact to falsify
        match = _NUMBER_RE.search(_MARKERS_RE.sub(" ", line))
        if match:
            clean = _MARKERS_RE.sub(" ", line)
            wrong = str(int(match.group(1)) + 7)
            before = clean[: match.start()].split()[-1:]
            after = re.split(r"[.!?;]\s", clean[match.end() :] + " ", maxsplit=1)[0].split()[:2]
            signature = " ".join([*before, wrong, *after]).rstrip(".,:;")
            sentence = clean[: match.start()] + wrong + clean[match.end() :]
            return "Кроме того: " + " ".join(sentence.split()).rstrip(".") + " [1].", signature
    first = re.sub(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+", "", draft.splitlines()[0])
    # over a line that prohibits already, the injected prohibition states nothing false: nothing to count
    signature = "" if _PROHIBITS_RE.search(first) else PROHIBITION
    return f"{PROHIBITION}: " + first, signature


def false_shown(answer: str, injected: list[str]) -> bool:
    """Whether the shown ``answer`` holds a falsified content of ``injected`` (see :func:`false_claim`)."""
    plain = normalise(answer)
    return any(signature and normalise(signature) in plain for signature in injected)


def classify(item: dict[str, Any], answered: bool, answer: str) -> str:
    """correct / wrong / false_decline for answerable and partial questions; correct_decline / hallucinated."""
    if item["category"] == "unanswerable":
        return "hallucinated" if answered else "correct_decline"
    if not answered:
        return "false_decline"
    return "correct" if all(holds(answer, fact) for fact in item["key_facts"]) else "wrong"


FOCUS_RULED: list[tuple[int, int]] = []
"""The simulated focus judge's rescued and downgraded parts of the current question."""


class _SimulatedFocusJudge:
    """A gateway answering the focus judge's call (step ``rag.focus``): every part asked about answered by every
    sentence offered (``approve``) or by none; the parts and sentences are counted off the prompt."""

    def __init__(self, approve: bool) -> None:
        self.approve = approve

    async def parse(self, request: Any, model: Any) -> Any:
        prompt = str(request.messages[-1].content)
        listed, offered = prompt.split("Части вопроса:\n", 1)[1].split("\n\nПредложения:\n", 1)
        parts = len(re.findall(r"^\d+\. ", listed, re.MULTILINE))
        sentences = len(re.findall(r"^\[\d+\] ", offered, re.MULTILINE))
        named = list(range(1, sentences + 1)) if self.approve else []
        return model.model_validate({"parts": [{"part": k, "sentences": named} for k in range(1, parts + 1)]})


def install_focus_judge(approve: bool) -> None:
    """Put the simulated focus judge after every answer check of the offline service (see the module docstring):
    the service's ``trusted_answer`` followed by the model step it takes with a real model."""
    import agentcore.apps.research.service as service_module
    import agentcore.rag._focus_judge as focus_judge_module
    import agentcore.rag.trust as trust_module

    gateway, ruled = _SimulatedFocusJudge(approve), focus_judge_module.rule_focus

    async def recording(*args: Any, **kwargs: Any) -> Any:
        ruling = await ruled(*args, **kwargs)
        FOCUS_RULED.append((len(ruling.rescued), len(ruling.downgraded)))
        return ruling

    async def judged(question: str, answer: str, context: Any, **kwargs: Any) -> Any:
        # trusted_answer's own steps with a model judge: the check records why each part is unanswered, the judge
        # reads it (the claim check keeps the offline run's judge)
        check = trust_module._Check(
            question,
            context,
            pool=kwargs.get("pool", ()),
            judge=kwargs.get("judge"),
            answerable=kwargs.get("answerable"),
            why=True,
        )
        trusted = await trust_module._reselected(check, answer, reselect=kwargs.get("reselect", False))
        return await trust_module._focus_judged(check, trusted, gateway)

    trust_module.rule_focus = recording  # type: ignore[assignment]
    service_module.trusted_answer = judged  # type: ignore[assignment]


async def evaluate(settings: Settings, questions: list[dict[str, Any]], mode: str) -> list[dict[str, Any]]:
    gateway = None
    if mode == "scripted":
        from agentcore.llm import MockLLMGateway

        gateway = MockLLMGateway([sloppy_model] * 100_000)
    service = AgentService(settings, gateway=gateway) if gateway is not None else AgentService(settings)
    rows = []
    try:
        await service.retriever.info()
        # Warm-up (not counted): the first search loads the e5 model, which on a busy machine can outlast a tool
        # timeout and turn the first question into a decline that says nothing about the method.
        async for _ in service.stream_agent_response(AgentRequest(question="Сколько дней длится отпуск?")):
            pass
        for item in questions:
            INJECTED.clear()
            FOCUS_RULED.clear()
            started = time.perf_counter()
            events = [e async for e in service.stream_agent_response(AgentRequest(question=item["question"]))]
            elapsed = time.perf_counter() - started
            last = events[-1]
            answered = last.type == "final" and bool(last.metadata.get("answered"))
            answer = last.answer if last.type == "final" else ""
            injected = [
                e.content for e in events if e.type == "thought" and "Кроме того" in (getattr(e, "text", "") or "")
            ]
            rows.append(
                {
                    "id": item["id"],
                    "split": item["split"],
                    "category": item["category"],
                    "question": item["question"],
                    "answer": answer,
                    "answered": answered,
                    "outcome": classify(item, answered, answer),
                    "names_missing": "В документах не нашлось" in answer,
                    "false_shown": mode == "scripted" and answered and false_shown(answer, INJECTED),
                    # the count used before 2026-11-26: any answer holding «Кроме того» (over-counts)
                    "krome_shown": mode == "scripted"
                    and answered
                    and ("Кроме того" in answer or "10 рабочих дней, оформление" in answer),
                    "refinements": last.metadata.get("refinements", 0) if last.type == "final" else 0,
                    "refinement_helped": last.metadata.get("refinement_helped") if last.type == "final" else None,
                    "seconds": elapsed,
                    "injected": bool(injected),
                    # the simulated focus judge's ruling on the last answer check (--focus-judge)
                    **(
                        {"focus_rescued": FOCUS_RULED[-1][0], "focus_downgraded": FOCUS_RULED[-1][1]}
                        if FOCUS_RULED
                        else {}
                    ),
                }
            )
    finally:
        await service.aclose()
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    asked = [r for r in rows if r["category"] != "unanswerable"]
    unanswerable = [r for r in rows if r["category"] == "unanswerable"]
    partial = [r for r in rows if r["category"] == "partial"]

    def share(group: list[dict[str, Any]], outcome: str) -> float:
        return sum(r["outcome"] == outcome for r in group) / len(group) if group else float("nan")

    return {
        "questions": len(rows),
        "correct": share(asked, "correct"),
        "wrong": share(asked, "wrong"),
        "false_decline": share(asked, "false_decline"),
        "correct_decline": share(unanswerable, "correct_decline"),
        "hallucinated": share(unanswerable, "hallucinated"),
        "partial_missing_named": sum(r["names_missing"] for r in partial if r["answered"]) / max(1, len(partial)),
        "false_claims_shown": sum(r["false_shown"] for r in rows),
        "krome_shown_old_count": sum(r["krome_shown"] for r in rows),
        "refinements": sum(r["refinements"] for r in rows),
        "refinements_helped": sum(bool(r["refinement_helped"]) for r in rows),
        "seconds_p50": sorted(r["seconds"] for r in rows)[len(rows) // 2] if rows else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eval", type=Path, default=ROOT / "tests" / "data" / "answer_eval.json")
    parser.add_argument("--mode", choices=("ask", "scripted", "both"), default="both")
    parser.add_argument(
        "--split",
        choices=(
            "dev",
            "dev2",
            "dev3",
            "dev4",
            "dev5",
            "dev10",
            "dev11",
            "dev12",
            "dev13",
            "dev14",
            "dev15",
            "dev16",
            "dev18",
            "dev19",
            "test",
            "holdout",
            "holdout2",
            "holdout3",
            "holdout4",
            "all",
        ),
        default="all",
    )
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument(
        "--focus-judge",
        choices=("approve", "reject"),
        default=None,
        help="ask mode through a simulated focus judge (the mechanism's range, see the module docstring)",
    )
    parser.add_argument("--rows", action="store_true", help="print every question's outcome")
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="write every question's row (id, outcome, shown answer…; not the timing) as JSON lines, one file per "
        "mode: OUT for one mode, OUT with the mode before its suffix for both",
    )
    args = parser.parse_args()
    questions = json.loads(args.eval.read_text("utf-8"))
    if args.split != "all":
        questions = [q for q in questions if q["split"] == args.split]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="answer-eval-"))
    # Generous time limits: the machine is shared, and a tool timed out under load would be counted as the method's
    # decline.  The limits themselves are tested elsewhere (tests/research, hung model / retriever / search).
    settings = Settings(
        data_dir=data_dir,
        provider="offline",
        rag_embedder="local",
        research=ResearchSettings(cache_ttl=0, agent_tool_timeout=60.0, agent_run_deadline=180.0),
    )
    modes = ("ask", "scripted") if args.mode == "both" else (args.mode,)
    if args.focus_judge is not None:
        install_focus_judge(args.focus_judge == "approve")
    for mode in modes:
        rows = asyncio.run(evaluate(settings, questions, mode))
        groups: dict[str, list[dict[str, Any]]] = {"all": rows}
        for r in rows:  # one column per split in the file, in order of first appearance
            groups.setdefault(r["split"], []).append(r)
        results = {name: summary(group) for name, group in groups.items() if group}
        print(f"\n== {mode}: {len(rows)} questions")
        print(f"{'':28} " + " ".join(f"{name:>7}" for name in results))
        for key in (
            "correct",
            "wrong",
            "false_decline",
            "correct_decline",
            "hallucinated",
            "partial_missing_named",
            "false_claims_shown",
            "krome_shown_old_count",
            "refinements",
            "refinements_helped",
            "seconds_p50",
        ):
            values = [results[name][key] for name in results]
            print(f"{key:28} " + " ".join(f"{v:7d}" if isinstance(v, int) else f"{v:7.3f}" for v in values))
        if args.out is not None:
            out = args.out if len(modes) == 1 else args.out.with_suffix(f".{mode}{args.out.suffix}")
            with out.open("w", encoding="utf-8") as handle:
                for r in rows:
                    handle.write(json.dumps({k: v for k, v in r.items() if k != "seconds"}, ensure_ascii=False) + "\n")
        if args.rows:
            for r in rows:
                print(f"{r['id']} {r['split']:4} {r['category'][:6]:6} {r['outcome']:15} {r['question']}")
                if r["outcome"] in ("wrong", "hallucinated") or (r["category"] == "partial"):
                    print("    " + r["answer"].replace("\n", "\n    ")[:600])


if __name__ == "__main__":
    main()
