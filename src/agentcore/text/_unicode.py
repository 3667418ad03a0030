"""Unicode clean-up applied to everything the retriever reads: documents before analysis and embedding, and queries.

:func:`normalize_text` puts text into NFC (so a decomposed ``й`` = ``и`` + U+0306 or ``ё`` = ``е`` + U+0308 becomes
one letter), drops stress marks on Cyrillic letters (U+0301, U+0300: ``информа́ция`` → ``информация``), soft
hyphens (U+00AD) and zero-width characters (U+200B–U+200D, U+2060, U+FEFF).  Accents on Latin letters are kept:
there they are letters of the word (``café``).  Stored chunk text is not changed — only what gets tokenised and
embedded.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["normalize_text"]

# After NFD a stress mark follows the Cyrillic letter it sits on, or that letter's own diacritic (ё́ = е + ̈ + ́).
_STRESS_RE = re.compile(r"(?<=[\u0400-\u04ff\u0306\u0308])[\u0300\u0301]+")
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"), None)


def normalize_text(text: str) -> str:
    """``text`` in NFC without Cyrillic stress marks, soft hyphens and zero-width characters."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    cleaned = _STRESS_RE.sub("", decomposed).translate(_INVISIBLE)
    return unicodedata.normalize("NFC", cleaned)
