"""The claim guard against falsified sentences of the bundled knowledge base (no questions, no model).

Every sentence of every section of ``src/agentcore/rag/kb/default`` is a true claim citing its section; each is
falsified up to six ways, each citing the same section (the other sections of its document are the run's other
passages):

* ``num+7`` — a number of it changed (+7);
* ``num-swap`` — a number of it replaced by another number of the same section (the number *is* in the passage,
  for another statement — or for another part of the same sentence);
* ``prohibit`` — «Кроме того, этого делать нельзя: <sentence>» (a sentence that prohibits nothing);
* ``negate`` — «не» inserted before its first verb (a sentence without «не»);
* ``time`` — a time of it one hour later («до 12:00» → «до 13:00»);
* ``name`` — a Latin name of it («Passwork», «Jira») replaced by another Latin name of the same document.

Prints the share of each kind :func:`agentcore.rag.claims.check_claims` marks ``supported``: 1.0 is right for the
true sentences, 0 for the falsified ones.  ``--examples N`` prints N falsified claims that passed, per kind.

``--clauses``: the KB clause self-check instead — every clause of every such sentence (the guard's cut,
:func:`agentcore.text.clauses.clauses` ``"coordinated"``) as a claim against its own sentence, checked by the
deterministic guard (:func:`agentcore.rag._facts.guard`): true by construction, so every rejection is a false one.

    .venv/bin/python benchmarks/claim_guard_mutations.py [--examples 10] [--clauses]
"""

from __future__ import annotations

import argparse
import asyncio
import re
from pathlib import Path

from agentcore.rag._chunking import chunk_document
from agentcore.rag.citations import compose_context
from agentcore.rag.claims import check_claims, read_claims
from agentcore.rag.loaders import load_file
from agentcore.rag.models import Hit, SourceDocument
from agentcore.text.sentences import split_sentences

KB = Path(__file__).resolve().parent.parent / "src" / "agentcore" / "rag" / "kb" / "default"
_NUMBER_RE = re.compile(r"(?<![\w.,:])(\d{1,5})(?![\d:.,]\d)(?!\w)")
_VERB_RE = re.compile(r"(?<![\w-])([а-яё]{3,}(?:ется|ются|ится|ятся|ет|ют|ит|ят))(?![\w-])")
_PROHIBITS_RE = re.compile(r"нельзя|запрещ|не допуска", re.IGNORECASE)
_TIME_RE = re.compile(r"(?<![\d:])([01]?\d|2[0-2]):([0-5]\d)(?![\d:])")
_LATIN_NAME_RE = re.compile(r"(?<![\w.-])([A-Z][A-Za-z]{3,})(?![\w.-])")
_LIST_MARKER_RE = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+")


async def supported(claim: str, hits: list[Hit], index: int) -> bool:
    """Whether ``claim``, citing passage ``index`` (0-based) of ``hits``, is shown."""
    context = compose_context(hits, len(hits))
    report = await check_claims(read_claims(f"{claim} [{index + 1}]", context), context)
    return bool(report.claims) and all(c.status == "supported" for c in report.claims)


def sentences(text: str) -> list[str]:
    """The prose sentences of a section (no headings, tables, code), each ending with a full stop."""
    found = []
    for raw in text.splitlines():
        line = _LIST_MARKER_RE.sub("", raw).strip()
        if not line or line.startswith(("#", "|", "```")):
            continue
        for sentence in split_sentences(line):
            sentence = sentence.strip()
            if len(sentence) >= 25 and "`" not in sentence:
                found.append(sentence.rstrip(".") + ".")
    return found


def mutations(sentence: str, numbers: list[int], names: list[str]) -> list[tuple[str, str]]:
    """(kind, falsified claim) of ``sentence``; ``numbers``: the numbers of its section; ``names``: the Latin names
    of its document."""
    out = []
    time = _TIME_RE.search(sentence)
    if time:
        later = f"{int(time.group(1)) + 1}:{time.group(2)}"
        out.append(("time", sentence[: time.start()] + later + sentence[time.end() :]))
    name = _LATIN_NAME_RE.search(sentence)
    if name:
        others = [n for n in names if n.lower() not in sentence.lower()]
        if others:
            out.append(("name", sentence[: name.start()] + others[0] + sentence[name.end() :]))
    for match in list(_NUMBER_RE.finditer(sentence))[:2]:
        value = int(match.group(1))
        out.append(("num+7", sentence[: match.start()] + str(value + 7) + sentence[match.end() :]))
        others = [n for n in numbers if n != value]
        if others:
            out.append(("num-swap", sentence[: match.start()] + str(others[0]) + sentence[match.end() :]))
    if not _PROHIBITS_RE.search(sentence):
        out.append(("prohibit", "Кроме того, этого делать нельзя: " + sentence))
    verb = _VERB_RE.search(sentence)
    if verb and not re.search(r"(?<![\w-])не(?![\w-])", sentence):
        out.append(("negate", sentence[: verb.start()] + "не " + sentence[verb.start() :]))
    return out


async def main(examples: int) -> None:
    stats: dict[str, list[int]] = {}
    passed: dict[str, list[str]] = {}
    for path in sorted(KB.glob("*.md")):
        doc = load_file(path)
        assert isinstance(doc, SourceDocument)
        chunks = chunk_document(doc)
        names = sorted(set(_LATIN_NAME_RE.findall(doc.text)))
        hits = [Hit(c.id, c.doc_id, c.title, c.text, 1.0, "", i + 1) for i, c in enumerate(chunks)]
        for index, chunk in enumerate(chunks):
            numbers = sorted({int(m.group(1)) for m in _NUMBER_RE.finditer(chunk.text)})
            for sentence in sentences(chunk.text):
                for kind, claim in [("true", sentence), *mutations(sentence, numbers, names)]:
                    ok = await supported(claim, hits, index)
                    counts = stats.setdefault(kind, [0, 0])
                    counts[0] += ok
                    counts[1] += 1
                    if ok and kind != "true":
                        passed.setdefault(kind, []).append(claim)
    for kind, (ok, total) in stats.items():
        print(f"{kind:9} supported {ok:4d} / {total:4d} = {ok / total:.3f}")
    for kind, claims in passed.items():
        for claim in claims[:examples]:
            print(f"  {kind}: {claim}")


def clause_self_check(examples: int) -> None:
    """Every clause of every KB sentence against its sentence (see the module docstring): checks and rejections."""
    from agentcore.rag._facts import PREDICATE_WORDS, guard
    from agentcore.text.clauses import clauses

    checks, rejected = 0, []
    for path in sorted(KB.glob("*.md")):
        doc = load_file(path)
        assert isinstance(doc, SourceDocument)
        for chunk in chunk_document(doc):
            for sentence in sentences(chunk.text):
                for piece in clauses(sentence, "coordinated", also=PREDICATE_WORDS):
                    checks += 1
                    if not guard(piece.strip(), sentence).ok:
                        rejected.append(f"{piece.strip()} | {sentence}")
    print(f"clauses checked against their sentence: {checks}, rejected {len(rejected)}")
    for line in rejected[:examples]:
        print(f"  {line}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=0)
    parser.add_argument("--clauses", action="store_true", help="the KB clause self-check")
    args = parser.parse_args()
    if args.clauses:
        clause_self_check(args.examples)
    else:
        asyncio.run(main(args.examples))
