"""Questions asking a reason («почему …», «зачем …», «для чего …»): answered only by a sentence that gives one.

A rule's sentence states *what* holds («Ноутбуки обновляются раз в 3 года», «Одно бронирование — не более 2 часов
подряд»), and a «почему» question holds the same words, so the term share and the meaning tests take the rule for the
answer.  The reason is a clause of its own — a cause («потому что», «так как», «из-за», «связано с», «так требует»), a
purpose («чтобы», «для того»), or a consequence drawn from it («поэтому»): a part asking why is answered only when a
shown sentence says one.  Without it the documents state the rule and not its reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._focus.parts import Part

REASONS_MUST_BE_GIVEN = True
"""Whether a part asking a reason is answered only by shown sentences that give one (:func:`misses_the_reason`)."""

_ASKS_A_REASON_RE = re.compile(
    r"(?<![\w-])(?:почему|зачем|отчего|для\s+чего|с\s+какой\s+целью|по\s+какой\s+причине|why)(?![\w-])", re.I
)
_GIVES_A_REASON_RE = re.compile(
    r"(?<![\w-])(?:потому|поскольку|так\s+как|поэтому|чтобы|из-за|ради|благодаря|иначе|в\s+связи|"
    r"связан\w*\s+с|требу\w+|причин\w*|цел[ьи]\w*|помога\w+|позволя\w+|нуж\w+\s+для|because|since)(?![\w-])",
    re.I,
)


def asks_a_reason(part: Part) -> bool:
    """Whether ``part`` asks why («почему ноуты меняют раз в 3 года», «зачем нужен …», «для чего …»)."""
    return bool(_ASKS_A_REASON_RE.search(part.text))


def misses_the_reason(part: Part, shown: Sequence[str]) -> bool:
    """Whether ``part`` asks a reason and no sentence of ``shown`` gives one — a cause, a purpose or a consequence
    (:data:`_GIVES_A_REASON_RE`): «Ноутбуки обновляются раз в 3 года» states the rule «почему ноуты меняют раз в 3
    года» asks the reason of, «Летом … многие хотят отдыхать одновременно, поэтому действует ограничение» gives it."""
    if not REASONS_MUST_BE_GIVEN or not asks_a_reason(part):
        return False
    return not any(_GIVES_A_REASON_RE.search(sentence) for sentence in shown)
