"""Sentences of Russian text: razdel's segmentation, with a quotation kept whole.

razdel ends a sentence at a full stop inside «…» quotes (``ассистент отвечает «Вопрос слишком длинный. Просьба
сформулировать короче.».`` becomes two pieces, the first with an open quote).  A quoted message is part of the
sentence that quotes it, so :func:`split_sentences` joins pieces until the «» quotes balance.
"""

from __future__ import annotations

__all__ = ["split_sentences"]


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text`` (one line or a paragraph), stripped, in order; a «…» quotation is never cut."""
    from razdel import sentenize

    sentences: list[str] = []
    pending = ""
    for piece in sentenize(text):
        if not piece.text.strip():
            continue
        pending = f"{pending} {piece.text}" if pending else piece.text
        if pending.count("«") <= pending.count("»"):
            sentences.append(pending)
            pending = ""
    if pending:
        sentences.append(pending)
    return sentences
