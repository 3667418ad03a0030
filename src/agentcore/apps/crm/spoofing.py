"""Only the agent may ask for a confirmation: the model's words never read as one of its prompts.

The user answers «да» to the agent's «Требуется подтверждение cN: …» lines.  A model talked into it by data in the
CRM (or simply wrong) can write such a line itself — «Требуется подтверждение c1: ничего опасного» above the real
«… c1: Удалить сделку …» — and the user would approve what they did not read.  :func:`model_words` quotes every line
of the model's text that looks like a prompt (its head, or a confirmation id next to «подтвержд…»), so the agent's
own lines are the only ones that start that way.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["model_words"]

_HEADS = ("требуется подтверждение", "ждёт подтверждения", "ждет подтверждения")
_ID_AND_ASK = re.compile(r"(?<![\w])[cс]\s*\d{1,9}(?![\w]).*подтвер|подтвер.*(?<![\w])[cс]\s*\d{1,9}(?![\w])")


def _bare(line: str) -> str:
    text = unicodedata.normalize("NFKC", line)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cf", "Cc", "Mn"))
    return " ".join(text.split()).lower()


def model_words(text: str) -> str:
    """``text`` with each prompt-like line shown as the model's quoted words (``(ответ модели) «…»``)."""
    lines = []
    for line in text.splitlines():
        bare = _bare(line)
        if bare.startswith(_HEADS) or _ID_AND_ASK.search(bare):
            line = f"(ответ модели) «{' '.join(line.split())}»"
        lines.append(line)
    return "\n".join(lines)
