"""A learned blocker reader for the leave-one-split-out comparison in ``scrum_daily_cv.py`` (measurement only).

Features are the text's own, none from the parser's rules (those were written from every development split, so a
feature taken from them would carry the left-out split's labels into its own score): :func:`features` (stems of six
letters, stems after a negator marked as negated, stem bigrams, stems of a line under a blocker-like header), hashed
into :data:`DIM` slots, binary and L2-normalised; an L2-regularised logistic regression fitted by full-batch
gradient descent, the classes weighted to equal mass (numpy).

Three uses, all scored against the rules that never saw the split (the parser at the commit before the split):

* **veto** — on a daily where the rules read a blocker, the probability that the author stated one (from the whole
  daily and the blocker's own words); the rules' blockers go when it is under a threshold;
* **statement** — per blocker the rules read, the probability that its words state one (fitted on the labelled
  blockers against what a daily labelled with none says under a blocker header or with a trouble word,
  :func:`none_statements`); the blocker goes when it is under a threshold;
* **critical** — per blocker, whether it stops the work, from the blocker's words and the daily's; fitted on the
  labelled blockers of the training splits.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

DIM = 1 << 13
"""Hashed feature slots."""

_WORD = re.compile(r"[^\W\d_]+|\d+")
_ID = re.compile(r"\b[A-Za-z]{2,}-\d+\b|#\d+")
_NEGATORS = frozenset(["не", "нет", "нету", "ни", "без", "никаких", "ничего", "no", "not", "none", "nothing", "never"])
_HEADER_STEMS = ("блок", "block", "impedi", "пробле", "меша")


def stems(text: str) -> list[str]:
    """The text's words as stems of at most six letters, each task id as the one token ``id``."""
    text = _ID.sub(" ID ", text.lower().replace("ё", "е"))
    return [word[:6].lower() for word in _WORD.findall(text)]


def features(text: str, prefix: str = "") -> list[str]:
    """The feature names of ``text``: stems, stems negated (the two words after a negator, ``N:``), stem bigrams
    (``B:``), a last-word negator's object («блокеров нет» → ``LASTNEG:блокер``), stems of a line that opens with a
    blocker-like header word (``H:``) — each name with ``prefix``."""
    out: list[str] = []
    for line in text.splitlines() or [text]:
        words = stems(line)
        head = "H:" if words and words[0].startswith(_HEADER_STEMS) else ""
        negated = 0
        for i, word in enumerate(words):
            out.append(prefix + head + word)
            if negated:
                out.append(f"{prefix}N:{word}")
                negated -= 1
            if word in _NEGATORS:
                negated = 2
            if i:
                out.append(f"{prefix}B:{words[i - 1]}_{word}")
        if len(words) > 1 and words[-1] in _NEGATORS:
            out.append(f"{prefix}LASTNEG:{words[-2]}")
    return out


def blocker_features(daily: str, blocker: str) -> list[str]:
    """A blocker in its daily: the daily's feature names and the blocker's own (prefix ``b``)."""
    return [*features(daily), *features(blocker, "b")]


def slots(names: list[str], dim: int) -> set[int]:
    """The hashed slots of feature names (slot 0 is the bias, never a feature)."""
    return {1 + zlib.crc32(name.encode()) % (dim - 1) for name in names}


# For training only: a line under a blocker-like header, and a sentence with a trouble word.
_HEADED = re.compile(
    r"^\W*(?:блок\w*|blockers?|blocked|impediments?|мешает|что\s+мешает|проблем\w*|препятств\w*|затык\w*|риски?|"
    r"stuck)\s*[:—–-]\s*(.+)$",
    re.IGNORECASE,
)
_TROUBLE = re.compile(
    r"блок|block|меша|жд[уеё]|ожида|wait|проблем|затык|стоп|упал|лежит|не\s+работа|не\s+могу|can'?t|доступ|stuck|"
    r"тормоз|сломал|завис|риск|issue|resolved|снят|починил",
    re.IGNORECASE,
)


def none_statements(message: str) -> list[str]:
    """In a daily labelled with no blocker, the statements that could be read as one: each line under a blocker-like
    header and each sentence with a trouble word."""
    found = []
    for line in message.splitlines():
        headed = _HEADED.match(line)
        if headed:
            found.append(headed.group(1))
            continue
        for sentence in re.split(r"[.;!?]\s+|,\s+(?=но\b|but\b)", line):
            if _TROUBLE.search(sentence):
                found.append(sentence)
    return found


def vector(tokens: Iterable[str]) -> npt.NDArray[np.float64]:
    """Hashed, binary, L2-normalised bag of ``tokens`` plus a bias slot (slot 0)."""
    v = np.zeros(DIM)
    for slot in slots(list(tokens), DIM):
        v[slot] = 1.0
    norm = np.linalg.norm(v)
    if norm:
        v /= norm
    v[0] = 1.0
    return v


def fit(
    x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], l2: float = 1e-3, steps: int = 400
) -> npt.NDArray[np.float64]:
    """Logistic-regression weights (full-batch gradient descent, classes weighted to equal mass)."""
    w = np.zeros(x.shape[1])
    positive = max(y.sum(), 1.0)
    negative = max(len(y) - y.sum(), 1.0)
    weight = np.where(y > 0, len(y) / (2 * positive), len(y) / (2 * negative))
    rate = 2.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ ((p - y) * weight) / len(y) + l2 * w
        w -= rate * grad
    return w


def predict(w: npt.NDArray[np.float64], x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Probabilities of the positive class."""
    return np.asarray(1 / (1 + np.exp(-(x @ w))))


def blocker_vector(daily: str, blocker: str) -> npt.NDArray[np.float64]:
    """One blocker in its daily: the blocker's words (prefix ``b``) and the daily's (no prefix)."""
    return vector(blocker_features(daily, blocker))
