"""Heading-aware chunking: one chunk per Markdown section, long sections split on paragraphs, then sentences.

Headings inside fenced code blocks are ignored.  A chunk's title is ``"<doc title> — <section path>"`` where the
section path joins the headings below the document title (``"Отпуск — Оформление / Сроки"``); text before the
first sub-heading carries the document title alone.  Offsets are exact: ``doc.text[chunk.start:chunk.end] ==
chunk.text``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from agentcore.rag.models import Chunk, SourceDocument, content_hash
from agentcore.text import normalize_text

DEFAULT_MAX_CHARS = 1000
_HEADING_RE = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE_RE = re.compile(r"^[ \t]*(```|~~~)")
_PARAGRAPH_BREAK_RE = re.compile(r"\n[ \t]*\n")


@dataclass(frozen=True, slots=True)
class _Section:
    path: str
    start: int
    end: int


def _sections(doc: SourceDocument) -> list[_Section]:
    text = doc.text
    if doc.format == "text":
        return [_Section("", 0, len(text))]
    sections: list[_Section] = []
    stack: list[tuple[int, str]] = []
    path, body_start, offset, in_fence = "", 0, 0, False
    for line in text.splitlines(keepends=True):
        line_start, offset = offset, offset + len(line)
        if _FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        match = None if in_fence else _HEADING_RE.match(line.rstrip("\r\n"))
        if match is None:
            continue
        sections.append(_Section(path, body_start, line_start))
        level, heading = len(match.group(1)), match.group(2).strip()
        stack = [(lvl, h) for lvl, h in stack if lvl < level] + [(level, heading)]
        path = " / ".join(h for lvl, h in stack if not (lvl == 1 and h == doc.title))
        body_start = offset
    sections.append(_Section(path, body_start, len(text)))
    return sections


def _strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _paragraphs(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    position = start
    for match in _PARAGRAPH_BREAK_RE.finditer(text, start, end):
        yield _strip_span(text, position, match.start())
        position = match.end()
    yield _strip_span(text, position, end)


def _sentences(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    from razdel import sentenize

    for sentence in sentenize(text[start:end]):
        yield start + sentence.start, start + sentence.stop


def _hard_split(text: str, start: int, end: int, max_chars: int) -> Iterator[tuple[int, int]]:
    while end - start > max_chars:
        cut = text.rfind(" ", start + max_chars // 2, start + max_chars)
        cut = cut if cut > start else start + max_chars
        yield _strip_span(text, start, cut)
        start = cut
    yield _strip_span(text, start, end)


def _pieces(text: str, start: int, end: int, max_chars: int) -> Iterator[tuple[int, int]]:
    """Spans no longer than ``max_chars``: paragraphs, else sentences, else whitespace cuts."""
    for p_start, p_end in _paragraphs(text, start, end):
        if p_end - p_start <= max_chars:
            yield p_start, p_end
            continue
        for s_start, s_end in _sentences(text, p_start, p_end):
            if s_end - s_start <= max_chars:
                yield s_start, s_end
            else:
                yield from _hard_split(text, s_start, s_end, max_chars)


def _pack(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """Greedily merge consecutive pieces into spans of at most ``max_chars`` (a piece never gets cut)."""
    spans: list[tuple[int, int]] = []
    for p_start, p_end in _pieces(text, start, end, max_chars):
        if p_start >= p_end:
            continue
        if spans and p_end - spans[-1][0] <= max_chars:
            spans[-1] = (spans[-1][0], p_end)
        else:
            spans.append((p_start, p_end))
    return spans


def chunk_document(doc: SourceDocument, max_chars: int = DEFAULT_MAX_CHARS) -> list[Chunk]:
    """Split ``doc`` into chunks with stable ids ``"<doc_id>#<n>"``.

    Args:
        doc: a loaded document.
        max_chars: upper bound of a chunk's text length (a single word longer than that is cut).

    Returns:
        the chunks in document order; empty when the document has no text besides headings.
    """
    chunks: list[Chunk] = []
    for section in _sections(doc):
        start, end = _strip_span(doc.text, section.start, section.end)
        if start >= end:
            continue
        title = f"{doc.title} — {section.path}" if section.path else doc.title
        for span_start, span_end in _pack(doc.text, start, end, max_chars):
            body = doc.text[span_start:span_end]
            chunk = Chunk(
                id=f"{doc.doc_id}#{len(chunks)}",
                doc_id=doc.doc_id,
                title=title,
                text=body,
                source=doc.source,
                start=span_start,
                end=span_end,
                doc_title=doc.title,
                section=section.path,
            )
            # The hash keys the embedding cache, so it covers exactly what gets embedded (the cleaned text).
            chunks.append(replace(chunk, hash=content_hash(normalize_text(chunk.embedding_text))))
    return chunks
