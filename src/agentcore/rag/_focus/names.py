"""Name attachment: the name a «какой X» part asks for is next to X in the sentence (no comma, colon or bracket
between), or, X named only by the heading, a name that is no apposition to another noun."""

from __future__ import annotations

import re

from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.values import CONTACT_RE, LEGAL_NAME_RE, ROLE_WORDS, gives_asked
from agentcore.rag._focus.words import WORD_RE, lemma_of, vocabulary_of
from agentcore.text.morphology import parses as word_parses

NAME_WINDOW = 4
"""Words between the thing a «какой X» question asks about and its name, when the sentence names X itself."""


def names_near(part: Part, sentence: str, blanked: str) -> bool:
    """Whether ``sentence`` gives the name or value a «какой X» part asks for: a name not in the question (never
    the company's legal name, an e-mail or a role) — next to X when the sentence names X («страховая компания
    «Полис-Гарант»»), anywhere when X is named by its heading or the sentence before («Мы используем WireGuard»)."""
    blanked = LEGAL_NAME_RE.sub(lambda m: " " * len(m.group()), blanked)
    if not gives_asked("name", blanked, part.text):
        return False
    head = _head_term(part)
    if head is None:
        return True
    tokens = [(m.start(), m.group()) for m in WORD_RE.finditer(sentence)]
    at = [i for i, (_, w) in enumerate(tokens) if part_matches(part, head, *vocabulary_of([w]))]
    if not at:
        if not NAMES_OF_OTHER_NOUNS_EXCLUDED:
            return True
        # X named by the heading only: a name standing right after another noun names that noun («Гостевая сеть
        # Romashka-Guest» names a network, not the VPN the heading is about; «Мы используем WireGuard» names X)
        return _free_name(part, blanked)
    for i in at:
        lo, hi = tokens[max(0, i - NAME_WINDOW)][0], i + NAME_WINDOW + 1
        end = tokens[hi][0] if hi < len(tokens) else len(sentence)
        start, stop = tokens[i][0], tokens[i][0] + len(tokens[i][1])
        # the same phrase: no comma, colon, semicolon or bracket between X and its name («Wi-Fi Romashka-Corp,
        # VPN включать не нужно» names the network, not the VPN)
        left = re.split(r"[,;:()]", blanked[lo:start])[-1]
        right = re.split(r"[,;:()]", blanked[stop:end])[0]
        if gives_asked("name", ROLE_WORDS.sub(" ", CONTACT_RE.sub(" ", f"{left} {right}")), part.text):
            return True
    return False


NAMES_OF_OTHER_NOUNS_EXCLUDED = True


def _free_name(part: Part, blanked: str) -> bool:
    """Whether ``blanked`` holds a name (:func:`gives_asked`) whose run of name words does not stand right after a
    Cyrillic noun (an apposition to that noun)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    words = list(WORD_RE.finditer(blanked))
    for k, match in enumerate(words):
        if not gives_asked("name", ROLE_WORDS.sub(" ", CONTACT_RE.sub(" ", match.group())), part.text):
            continue
        j = k
        # a run of name words («Wi-Fi Romashka-Corp») is one name: look before its first word
        while (
            j > 0
            and gives_asked("name", words[j - 1].group(), part.text)
            and not blanked[words[j - 1].end() : words[j].start()].strip(" ")
        ):
            j -= 1
        before = words[j - 1].group().lower() if j > 0 else ""
        gap = blanked[words[j - 1].end() : words[j].start()] if j > 0 else ""
        attached = (
            morph is not None
            and re.fullmatch(r"[а-яё-]+", before) is not None
            and not re.search(r"[,;:()—–«»|]", gap)
            and "NOUN" in word_parses(before)[0].tag
        )
        if not attached:
            return True
    return False


def _head_term(part: Part) -> str | None:
    """The subject term right after «какой/какая…» («какой впн» → «впн»), if any."""
    match = re.search(r"(?<![\w-])как(?:ой|ая|ое|ую|ом|им)\s+(?:у\s+\w+\s+)?(\w[\w-]*)", part.text, re.I)
    if match is None:
        return None
    lemma = lemma_of(match.group(1).lower())
    return lemma if lemma in part.terms else None
