"""Citation markers as models write them, read into context passage numbers.

Forms read: ``[1]``, ``[1, 3]``, ``[1; 3]``, ``[1][3]``, ``[2], [1]`` (the separator between adjacent markers goes
with them), ``[1 и 3]``, a range ``[1–3]`` / ``[1-3]``, ``[Источник 1]``, ``[источники 1, 2]``, ``(Источник 1)``,
``(источник [2])``,
``[vacation-policy#2]`` (a passage id) and ``[vacation-policy]`` (a document id), ``[Источник: title]``,
``(Источник: title)`` / ``(Источники: title; title)`` (matched against the passages' titles, or the last part of
one: the section heading), footnote and lenticular numbers (``[^1]``, ``【1】``, ``【1†source】``), a line's
closing «Источники: title; title» after its last sentence (when every part names a passage), a «Источник: title»
line under a paragraph with more answer after it (the paragraph's citation), and a trailing «Источники: [1] …» /
«Sources: …» block, which is not part of the answer.  Brackets inside code (`` `a[1]` ``) are
left alone, and so is a bracketed word that names no passage (``[x]``).

A marker is a marker before the answer is split into sentences: :func:`read_lines` writes the parenthesised, the
footnote and the closing forms as ``[n]`` (:func:`normalise_markers`), so a «;» or a «.» inside a marker («(Источники:
Отпуск; Зарплата)») never splits a sentence into claims such as «Зарплата).».

:func:`read_lines` gives the answer's lines (list items, table rows, prose) with their raw text;
:func:`parse_markers` takes the markers out of a piece of text and resolves them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agentcore.rag.citations import ComposedContext, close_up
from agentcore.text.clauses import opens_a_subordinate, stands_alone

__all__ = ["AnswerLine", "cited_clauses", "normalise_markers", "parse_markers", "read_lines", "strip_sources_block"]

_SOURCES_BLOCK_RE = re.compile(
    r"^\s*(?:[#*_]+\s*)?(?:источники|источник|sources|source|ссылки|литература)(?:[*_]+)?\s*:",
    re.IGNORECASE | re.MULTILINE,
)
_BRACKET_RE = re.compile(
    r"\[\s*(?P<prefix>(?:источники|источник|ист\.|sources|source|фрагменты|фрагмент)\s*[:№#]?\s*)?"
    r"([^\[\]\n]{1,160}?)\s*\]",
    re.IGNORECASE,
)
# A footnote number («[^1]») and a lenticular one («【1】», «【1†source】»): a passage number.
_FOOTNOTE_RE = re.compile(r"\[\^(\d{1,3})\]|【\s*(\d{1,3})(?:[†:][^】\n]{0,60})?\s*】")
# A line's closing list of sources after its last sentence: «… дней. Источники: Отпуск; Зарплата».
_CLOSING_SOURCES_RE = re.compile(
    r"(?<=[.!?])\s+(?:\*\*|__)?(?:источники|источник|sources|source)(?:\*\*|__)?\s*:\s*(?P<list>[^\n()]{1,300}?)\s*\.?\s*$",
    re.IGNORECASE,
)
# A parenthesised citation, with or without a reference lead («(см. Источник: Отпуск)», «(see [1])»): the lead
# goes with the marker, so no «(см» is left open when the parenthesis becomes ``[n]``.
_PAREN_LEAD = r"(?:(?:см|ср|cf)\.?|смотрите|подробнее|see|details)\s*[—–:-]?\s*"
# Passage numbers without a title: «1», «[2]», «1, 3», «[1][3]», «1–3» (a range).  Linear: a number is a whole
# digit run (``(?!\d)`` — a run is never split into numbers) and a gap between numbers matches one way only
# (a separator, else whitespace and an optional «и»), so a long digit run (an account number) fails at once.
_NUMBER = r"\[?\d{1,3}(?!\d)\]?"
_NUMBERS = rf"{_NUMBER}(?:(?:\s*[,;–—-]\s*|\s+(?:(?:и|and)\s+)?)?{_NUMBER})*"
_NUMBERS_RE = re.compile(_NUMBERS, re.IGNORECASE)
_RANGE_RE = re.compile(r"(\d{1,3})\s*[–—-]\s*(\d{1,3})|(\d{1,3})")
_PAREN_RE = re.compile(
    rf"\(\s*(?:(?:{_PAREN_LEAD})?(?:источники|источник|sources|source)"
    rf"\s*(?::\s*([^()\n]{{1,400}})|[№#]?\s*({_NUMBERS}))"
    rf"|{_PAREN_LEAD}((?:\[\d{{1,3}}\]\s*[,;]?\s*)+))\s*\)",
    re.IGNORECASE,
)
# What stands for a removed marker until the separators between adjacent markers are dropped («[2], [1]»).
_GAP = "\ue000"
_GAPS_RE = re.compile(rf"{_GAP}(?:\s*(?:[,;]|(?<!\w)(?:и|and)(?!\w))?\s*{_GAP})+", re.IGNORECASE)
_SPLIT_RE = re.compile(r"\s*(?:[,;]|\s+и\s+|\s+and\s+)\s*", re.IGNORECASE)
_CODE_RE = re.compile(r"`[^`\n]*`")
_ITEM_RE = re.compile(r"^\s*(?P<marker>\d{1,2}[.)]|[-*•])\s+(?P<text>.*)$")
_TABLE_RULE_RE = re.compile(r"^\s*\|?\s*:?-{2,}")
_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+\S")


@dataclass(frozen=True)
class _SourcesBlock:
    """Lines ``start`` to ``end`` (excluded) of an answer naming sources: a line opening with «Источник(и):» and,
    when nothing follows its colon, the lines under it up to a blank line; ``numbers`` — the passages it names;
    ``listed`` — it names them on its own line («Источник: Отпуск — Оформление»)."""

    start: int
    end: int
    numbers: tuple[int, ...]
    listed: bool


_ENTRY_RE = re.compile(r"^\s*(?:\[\^?\d{1,3}\]|\d{1,2}[.)]|[-*•])\s*")


def _named(text: str, context: ComposedContext | None) -> list[int]:
    """The passages ``text`` (a sources line without its «Источники:», or an entry under it) names."""
    text = text.strip().strip("*_").strip()
    entry = _ENTRY_RE.match(text)
    rest = text[entry.end() :].strip() if entry else text
    named = _listed_numbers(rest, context) if rest else None
    if named is None and entry and not rest:
        named = _listed_numbers(text, context)  # a bare «[2]»
    return named if named is not None else list(parse_markers(text, context)[1])


def _sources_blocks(lines: Sequence[str], context: ComposedContext | None) -> list[_SourcesBlock]:
    """The blocks of ``lines`` naming sources (outside code fences)."""
    blocks: list[_SourcesBlock] = []
    fence, i = False, 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith(("```", "~~~")):
            fence = not fence
        head = None if fence else _SOURCES_BLOCK_RE.match(line)
        if head is None:
            i += 1
            continue
        rest = line[head.end() :].strip().strip("*_").strip()
        numbers = _named(rest, context) if rest else []
        end = i + 1
        if not rest:  # «Источники:» alone: the entries under it, up to a blank line — or, across blank lines,
            # up to a line that is no entry («[2] …», «2. …», «- …»): a loose list is still the list
            while True:
                start = end
                while end < len(lines) and not lines[end].strip():
                    end += 1
                if end > start and start > i + 1 and not (end < len(lines) and _ENTRY_RE.match(lines[end])):
                    end = start
                    break
                if end == len(lines) or _SOURCES_BLOCK_RE.match(lines[end]) or not lines[end].strip():
                    break
                while end < len(lines) and lines[end].strip() and not _SOURCES_BLOCK_RE.match(lines[end]):
                    numbers += _named(lines[end], context)
                    end += 1
        blocks.append(_SourcesBlock(i, end, tuple(dict.fromkeys(numbers)), bool(rest)))
        i = end
    return blocks


def _trailing_block(lines: Sequence[str], blocks: Sequence[_SourcesBlock]) -> _SourcesBlock | None:
    """The block that ends the answer (only blank lines after it) and lists its sources — not a one-line
    «Источник: …» closing the last paragraph of an answer that names a source under each paragraph."""
    if not blocks or any(line.strip() for line in lines[blocks[-1].end :]):
        return None
    last = blocks[-1]
    if last.listed and last.end == last.start + 1 and len(blocks) > 1:
        return None
    return last


def strip_sources_block(answer: str, context: ComposedContext | None = None) -> str:
    """``answer`` without its trailing «Источники: …» block (see :func:`read_lines`); a «Источник: …» line with
    answer text after it is a paragraph's citation, not the end of the answer."""
    lines = answer.splitlines(keepends=True)
    trailing = _trailing_block(lines, _sources_blocks(lines, context))
    return "".join(lines[: trailing.start]) if trailing else answer


def _resolve_token(token: str, context: ComposedContext | None) -> int | bool | None:
    """A passage number for one token inside brackets; ``False`` when the token is no citation at all."""
    token = token.strip().strip("«»\"'")
    if not token:
        return False
    if token.isdigit() and len(token) <= 3:  # a longer digit run (an account number) is no passage number
        number = int(token)
        if context is None:
            return number
        return number if context.get(number) is not None else None  # a marker, but of nothing
    if context is None:
        return False
    low = token.casefold()
    for passage in context.passages:
        if low in (passage.id.casefold(), passage.doc_id.casefold()):
            return passage.index
    return False


def _by_title(title: str, context: ComposedContext | None) -> int | None:
    if context is None:
        return None
    low = " ".join(title.strip().strip("«»\"'.").split()).casefold()
    if not low:
        return None
    for passage in context.passages:
        full = passage.title.casefold()
        heading = re.split(r" — | / ", full)[-1].strip()
        if low in (full, heading, passage.doc_id.casefold(), passage.id.casefold()):
            return passage.index
    for passage in context.passages:
        if low in passage.title.casefold() or passage.title.casefold() in low:
            return passage.index
    return None


def _expanded(numbers: str) -> list[int]:
    """The numbers ``numbers`` lists, a range («1–3», «1-3») read as every number in it (up to ten)."""
    found: list[int] = []
    for match in _RANGE_RE.finditer(numbers):
        if match.group(3):
            found.append(int(match.group(3)))
            continue
        low, high = int(match.group(1)), int(match.group(2))
        found.extend(range(low, high + 1) if low < high <= low + 10 else (low, high))
    return found


def _paren_numbers(inner: str, context: ComposedContext | None) -> list[int]:
    """The passages a parenthesised citation's inside names: its numbers («1», «[2]», «1–3»), else its titles
    («;»-separated)."""
    numbers = _expanded(inner) if _NUMBERS_RE.fullmatch(inner.strip()) else []
    numbers = numbers or [int(n) for n in re.findall(r"\[(\d{1,3})\]", inner)]
    if numbers:
        return [n for n in numbers if context is None or context.get(n) is not None]
    return [n for title in re.split(r"\s*;\s*", inner) if (n := _by_title(title, context)) is not None]


def _paren_inside(match: re.Match[str]) -> str:
    """The inside of a parenthesised citation: its titles or its numbers."""
    return next(group for group in match.groups() if group)


def _listed_numbers(listed: str, context: ComposedContext | None) -> list[int] | None:
    """The passages a closing «Источники: …» list names, ``None`` unless every part of it names one (a part is a
    number, ``[n]``, a passage or document id, or a title)."""
    found: list[int] = []
    for part in re.split(r"\s*[;,]\s*", listed.strip()):
        part = part.strip().strip("[]«»\"'")
        if not part:
            continue
        resolved = _resolve_token(part, context)
        if isinstance(resolved, bool) or resolved is None:
            resolved = _by_title(part, context)
        if resolved is None:
            return None
        found.append(resolved)
    return found or None


def normalise_markers(text: str, context: ComposedContext | None = None) -> str:
    """``text`` with the parenthesised citations, footnote and lenticular numbers and a closing «Источники: …» list
    written as ``[n]`` markers (outside code): nothing inside a marker can split a sentence then.  A parenthesised
    citation naming no passage is removed; a closing list is rewritten only when every part of it names one."""
    code = [m.span() for m in _CODE_RE.finditer(text)]

    def in_code(start: int) -> bool:
        return any(a <= start < b for a, b in code)

    def marks(numbers: list[int]) -> str:
        return "".join(f"[{n}]" for n in dict.fromkeys(numbers))

    def paren(match: re.Match[str]) -> str:
        return match.group(0) if in_code(match.start()) else marks(_paren_numbers(_paren_inside(match), context))

    def footnote(match: re.Match[str]) -> str:
        return match.group(0) if in_code(match.start()) else f"[{match.group(1) or match.group(2)}]"

    def closing(match: re.Match[str]) -> str:
        numbers = None if in_code(match.start()) else _listed_numbers(match.group("list"), context)
        return match.group(0) if numbers is None else " " + marks(numbers)

    text = _PAREN_RE.sub(paren, text)
    code = [m.span() for m in _CODE_RE.finditer(text)]
    text = _FOOTNOTE_RE.sub(footnote, text)
    code = [m.span() for m in _CODE_RE.finditer(text)]
    return _CLOSING_SOURCES_RE.sub(closing, text)


def parse_markers(text: str, context: ComposedContext | None = None) -> tuple[str, tuple[int, ...]]:
    """``text`` without its citation markers, and the passage numbers they cite (first use first).

    A marker that resolves to nothing (``[9]`` of a 3-passage context) is removed and cites nothing.
    """
    found: list[int] = []
    code = [m.span() for m in _CODE_RE.finditer(text)]

    def in_code(start: int) -> bool:
        return any(a <= start < b for a, b in code)

    def paren(match: re.Match[str]) -> str:
        if in_code(match.start()):
            return match.group(0)
        found.extend(_paren_numbers(_paren_inside(match), context))
        return _GAP

    def bracket(match: re.Match[str]) -> str:
        if in_code(match.start()):
            return match.group(0)
        tokens = [t for t in _SPLIT_RE.split(match.group(2)) if t.strip()]
        # a range («[1–3]») cites every passage in it
        tokens = [str(n) for t in tokens for n in _expanded(t)] if _NUMBERS_RE.fullmatch(match.group(2)) else tokens
        resolved = [_resolve_token(t, context) for t in tokens]
        if tokens and match.group("prefix") and any(r is False for r in resolved):
            # «[Источник: Отпуск — Оформление]»: the sources named by their titles
            titles = [_by_title(t, context) for t in re.split(r"\s*;\s*", match.group(2))]
            if all(t is not None for t in titles):
                found.extend(t for t in titles if t is not None)
                return _GAP
        if not tokens or any(r is False for r in resolved):
            return match.group(0)  # not a citation: keep the text
        found.extend(r for r in resolved if isinstance(r, int) and not isinstance(r, bool))
        return _GAP

    stripped = _FOOTNOTE_RE.sub(lambda m: m.group(0) if in_code(m.start()) else f"[{m.group(1) or m.group(2)}]", text)
    code = [m.span() for m in _CODE_RE.finditer(stripped)]
    stripped = _PAREN_RE.sub(paren, stripped)
    code = [m.span() for m in _CODE_RE.finditer(stripped)]
    stripped = _BRACKET_RE.sub(bracket, stripped)
    # the separators between adjacent markers («[2], [1]», «[1] и [3]») go with them, not into the text («числа,.»)
    clean = close_up(_GAPS_RE.sub(_GAP, stripped).replace(_GAP, ""))
    return clean, tuple(dict.fromkeys(found))


@dataclass(frozen=True)
class AnswerLine:
    """One line of an answer: its raw text (markers still in), its list marker and kind
    (``sentence`` / ``item`` / ``row`` / ``lead``, and the layout ``heading`` / ``header`` — a table's header row),
    — for rows and lead-ins, read whole — its clean text and
    citations, and the sources its paragraph's «Источник: …» line names (``paragraph``)."""

    raw: str
    prefix: str
    kind: str
    text: str = ""
    citations: tuple[int, ...] = ()
    paragraph: tuple[int, ...] = ()


def _paragraphs(answer: str, context: ComposedContext | None) -> list[tuple[str, tuple[int, ...]]]:
    """The lines of ``answer`` before its trailing sources block, without the sources lines inside it, each with
    the sources its paragraph's «Источник: …» line names (a paragraph: lines up to a blank line or such a line)."""
    lines = answer.splitlines()
    blocks = _sources_blocks(lines, context)
    trailing = _trailing_block(lines, blocks)
    starts = {b.start: b for b in blocks if b is not trailing}
    kept: list[tuple[str, int]] = []
    named: dict[int, tuple[int, ...]] = {}
    paragraph, i, fence = 0, 0, False
    while i < (trailing.start if trailing else len(lines)):
        block = None if fence else starts.get(i)
        if block is not None:
            if any(p == paragraph for _, p in kept):
                named[paragraph] = tuple(dict.fromkeys(named.get(paragraph, ()) + block.numbers))
            paragraph, i = paragraph + 1, block.end
            continue
        line = lines[i]
        if line.strip().startswith(("```", "~~~")):
            fence = not fence
        if not line.strip() and not fence:
            paragraph += 1
        kept.append((line, paragraph))
        i += 1
    return [(line, named.get(p, ())) for line, p in kept]


def read_lines(answer: str, context: ComposedContext | None = None) -> list[AnswerLine]:
    """The lines of ``answer`` (without the trailing sources block); an indented line continues the line above
    (a list item's code), table rules are dropped, a line holding only markers adds them to the line above.

    A «Источник: …» line with answer text after it (a source under each paragraph) is no trailing block: it names
    the sources of its paragraph, each line of which carries them as ``paragraph`` (the citations of a claim that
    has no marker of its own)."""
    raw_lines: list[str] = []
    cited_by: list[tuple[int, ...]] = []
    fence = False
    for line, paragraph in _paragraphs(answer, context):
        if line.strip().startswith(("```", "~~~")):
            fence = not fence
            if raw_lines:
                raw_lines[-1] += "\n" + line
            continue
        if (fence or (line[:1].isspace() and line.strip())) and raw_lines and raw_lines[-1].strip():
            raw_lines[-1] += "\n" + line
        elif line.strip():
            raw_lines.append(line)
            cited_by.append(paragraph)
    lines: list[AnswerLine] = []
    for line, paragraph in zip(raw_lines, cited_by, strict=True):
        head, newline, code = line.partition("\n")
        raw = normalise_markers(head, context) + newline + code  # a list item's code lines are left as they are
        first = raw.split("\n", 1)[0]
        if _TABLE_RULE_RE.match(first) and "|" in first:
            if lines and lines[-1].kind == "row":  # the row above the rule is the table's header: layout
                lines[-1] = replace(lines[-1], kind="header", citations=(), paragraph=())
            continue
        if _HEADING_RE.match(first):
            lines.append(AnswerLine(raw, "", "heading", parse_markers(first, context)[0]))
            continue
        item = _ITEM_RE.match(first)
        if first.lstrip().startswith("|"):
            text, cited = parse_markers(raw, context)
            cells = [c.strip() for c in text.strip().strip("|").split("|")]
            lines.append(AnswerLine(raw, "", "row", " | ".join(cells), cited, paragraph))
            continue
        if item:
            marker = item.group("marker")
            prefix = marker if marker[0].isdigit() else "•"
            rest = raw[item.start("text") :]
            lines.append(AnswerLine(rest, prefix, "item", paragraph=paragraph))
            continue
        text, cited = parse_markers(raw, context)
        if not re.search(r"\w", text):
            if cited and lines:
                last = lines[-1]
                lines[-1] = AnswerLine(
                    f"{last.raw} " + "".join(f"[{n}]" for n in cited),
                    last.prefix,
                    last.kind,
                    last.text,
                    tuple(dict.fromkeys(last.citations + cited)),
                    last.paragraph,
                )
            continue
        if text.endswith(":") and len(text) < 120:
            lines.append(AnswerLine(raw, "", "lead", text, cited, paragraph))
            continue
        lines.append(AnswerLine(raw, "", "sentence", paragraph=paragraph))
    return lines


_CLAUSE_WORDS = 3  # words a clause needs to be a claim of its own
_AFTER_MARKER_RE = re.compile(r"[\s,;:—–-]*")


def cited_clauses(sentence: str, context: ComposedContext | None = None) -> list[str]:
    """``sentence`` (markers still in) cut after each citation marker that has a clause after it («Аванс 25-го числа
    [2], а отпускные … [1].»), when its clauses cite different sources: each clause is a claim with its own citation
    (one claim would need one passage holding both).  The separator after the marker stays with the clause before.
    A sentence whose clauses cite the same sources, or a cut leaving a clause of fewer than three words, stays
    whole.  (A cut by the markers the answer's writer placed, not by grammar: :mod:`agentcore.text.clauses` cuts a
    claim into clauses for the guard.)"""
    code = [m.span() for m in _CODE_RE.finditer(sentence)]
    cuts: list[int] = []
    for match in _BRACKET_RE.finditer(sentence):
        if any(a <= match.start() < b for a, b in code) or not parse_markers(match.group(0), context)[1]:
            continue
        end = _AFTER_MARKER_RE.match(sentence, match.end())
        cut = end.end() if end else match.end()
        if cut < len(sentence) and sentence[cut] != "[" and len(re.findall(r"\w+", sentence[cut:])) >= _CLAUSE_WORDS:
            cuts.append(cut)
    pieces = _statements(sentence, cuts, context)
    read = [parse_markers(piece, context) for piece in pieces]
    if len(pieces) < 2 or any(len(re.findall(r"\w+", text)) < _CLAUSE_WORDS for text, _ in read):
        return [sentence]
    if len({frozenset(cited) for _, cited in read}) < 2:
        return [sentence]
    return [piece.strip() for piece in pieces]


def _statements(sentence: str, cuts: list[int], context: ComposedContext | None) -> list[str]:
    """``sentence`` cut at those of ``cuts`` where both sides say something alone (review finding 10): the piece after
    the cut stands alone (:func:`agentcore.text.clauses.stands_alone`: not «если сотрудник заболел», «в случае
    болезни»), and the piece before does not open the sentence with a subordinate clause («Если сотрудник заболел
    [1], отпуск переносится [2]»).  A condition stays with the claim it conditions."""
    kept: list[int] = []
    for cut in cuts:
        start = kept[-1] if kept else 0
        before = parse_markers(sentence[start:cut], context)[0]
        after = parse_markers(sentence[cut:], context)[0]
        if stands_alone(after) and not (start == 0 and opens_a_subordinate(before)):
            kept.append(cut)
    return [sentence[a:b] for a, b in zip([0, *kept], [*kept, len(sentence)], strict=True)]


def sentence_citations(pieces: list[str], context: ComposedContext | None) -> list[tuple[str, tuple[int, ...], int]]:
    """Pieces of one line (sentences, markers still in) as ``(clean text, citations, clause)``: a sentence whose
    clauses cite different sources is cut into its :func:`cited_clauses` (``clause`` 0, 1, …; a whole sentence is clause
    0); a piece holding only markers adds them to the piece before it."""
    result: list[tuple[str, tuple[int, ...], int]] = []
    for piece in pieces:
        for clause, part in enumerate(cited_clauses(piece, context)):
            text, cited = parse_markers(part, context)
            if not re.search(r"\w", text):
                if cited and result:
                    last_text, last_cited, last_clause = result[-1]
                    result[-1] = (last_text, tuple(dict.fromkeys(last_cited + cited)), last_clause)
                continue
            result.append((text, cited, clause))
    return result
