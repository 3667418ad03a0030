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


def document_part(title: str) -> str:
    """The document part of a section title («ДМС — ДМС для родственников» → «ДМС»)."""
    return re.split(r" — | / ", title.strip(), maxsplit=1)[0].strip()
