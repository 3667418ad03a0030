"""A shown sentence's context in the passages of the run: the sentence before it in its paragraph, the passages of
its own section, the document a section title belongs to."""

from __future__ import annotations

import re
from collections.abc import Sequence


def own_section(headings: str, passages: Sequence[str]) -> list[str]:
    """The passages whose title is one of ``headings`` (the sections a sentence cites)."""
    titles = {h.strip() for h in headings.splitlines() if h.strip()}
    return [p for p in passages if p.partition("\n")[0].strip() in titles]


def sentence_before(sentence: str, headings: str, passages: Sequence[str]) -> str:
    """The sentence before ``sentence`` in the same paragraph of the passage it is quoted from (a passage is
    ``title\ntext``; its title is one of ``headings``), or ``""``."""
    from agentcore.text.sentences import split_sentences

    titles = {h.strip() for h in headings.splitlines() if h.strip()}
    body = re.sub(r"[.!?…:;,\s]+$", "", sentence).strip()
    if not body or not titles:
        return ""
    for passage in passages:
        title, _, text = passage.partition("\n")
        if title.strip() not in titles or body not in text:
            continue
        for paragraph in re.split(r"\n\s*\n", text):
            pieces = split_sentences(" ".join(paragraph.split()))
            for k, piece in enumerate(pieces):
                if body in piece:
                    return pieces[k - 1] if k else ""
    return ""


_ITEM_LINE_RE = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+(?P<text>.+)$")
_MARKUP_RE = re.compile(r"[`*_]")


def list_lead_in(sentence: str, headings: str, passages: Sequence[str]) -> str:
    """The lead-in line of the list ``sentence`` is an item of («Задача считается готовой (Done), если:» above «3.
    Новый код покрыт автотестами не менее чем на 80%»), in the passage it is quoted from, or ``""``.

    The lead-in says what every item is about, as the sentence before says what a prose sentence is about; the
    extractive answer quotes it with its list for the same reason."""
    titles = {h.strip() for h in headings.splitlines() if h.strip()}
    body = " ".join(_MARKUP_RE.sub("", re.sub(r"[.!?…:;,\s]+$", "", sentence)).split())
    if not body or not titles:
        return ""
    for passage in passages:
        title, _, text = passage.partition("\n")
        if title.strip() not in titles:
            continue
        lines = text.splitlines()
        for k, line in enumerate(lines):
            item = _ITEM_LINE_RE.match(line)
            if item is None or body not in " ".join(_MARKUP_RE.sub("", item.group("text")).split()):
                continue
            for above in reversed(lines[:k]):
                if not above.strip() or _ITEM_LINE_RE.match(above) or above[:1].isspace():
                    continue  # the list's other items, their continuation lines, blank lines between items
                lead = _MARKUP_RE.sub("", above).strip()
                return lead if lead.endswith(":") else ""
            return ""
    return ""


def document_part(title: str) -> str:
    """The document part of a section title («ДМС — ДМС для родственников» → «ДМС»)."""
    return re.split(r" — | / ", title.strip(), maxsplit=1)[0].strip()


def document_opening(headings: str, passages: Sequence[str]) -> list[str]:
    """The opening passages of the documents ``headings`` cite: those titled with the document's name alone («ДМС»
    for «ДМС — ДМС для родственников»), where a document says what all its sections are about."""
    documents = {document_part(h) for h in headings.splitlines() if h.strip()}
    return [p for p in passages if p.partition("\n")[0].strip() in documents]
