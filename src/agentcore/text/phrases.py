"""Prepositional phrases of a Russian text, read once with pymorphy3: which words each preposition governs.

    read_phrases("пошла в клинику без звонка на пульт, сама").phrases
    → в (клинику без звонка на пульт), без (звонка на пульт), на (пульт)

A phrase opens at a preposition (pymorphy3's most likely reading ``PREP``) and holds the words it governs: the
modifiers before a noun (a full adjective or participle), the nouns, numerals, pronouns, Latin words and figures, and
the phrases nested in it (a preposition inside a phrase opens another one, and the outer phrase governs its words
too: «без звонка на пульт»; «в клинику» governs all of that).  It ends at a word of another kind (a verb, an adverb,
a conjunction, a short adjective), at a modifier after a noun (a Russian modifier precedes its noun: «в клинику сама»
ends at «сама»), at a punctuation mark, and right after a personal pronoun (:data:`PERSONAL_PRONOUNS`): the pronoun
is the whole object, what follows it is no word of the phrase («у меня отпуск»: «отпуск» is the clause's subject;
«к нему на приём»: «на приём» is a phrase of its own).

The focus check's rules read what they ask from one reading: the nouns a phrase governs (:attr:`Phrase.nouns`:
whether a sentence words a question's phrase otherwise, :mod:`agentcore.rag._focus.yesno`) or the noun right past
the preposition's modifiers (:attr:`Phrase.head`: a place travelled to, :mod:`agentcore.rag._focus.circumstances`).
Without pymorphy3 no phrase is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentcore.text.morphology import morph_analyzer, parses, pos_of

__all__ = ["PERSONAL_PRONOUNS", "Phrase", "Reading", "Token", "read_phrases"]

_TOKEN_RE = re.compile(r"[A-Za-zА-Яа-яЁё0-9][\w-]*|[^\w\s]")
_MODIFIERS = frozenset({"ADJF", "PRTF"})
_GOVERNED = frozenset({"NOUN", "NUMR", "NPRO"})

PERSONAL_PRONOUNS = frozenset(
    """
    меня мне мной мною нас нам нами тебя тебе тобой тобою вас вам вами него нему ним нем нее ней нею них ними себя
    себе собой собою
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""The forms of the personal pronouns a preposition governs («у меня», «к нему», «для себя»; «ё» as «е»): each is a
whole noun phrase, so the phrase ends right after it.  Not «его», «её», «их»: after a preposition they are
possessives, the modifiers of the noun that follows («в его отпуске»)."""


@dataclass(frozen=True)
class Token:
    """A word, a figure or a punctuation mark of the text.

    Attributes:
        word: as written, lower case, «ё» as «е».
        pos: pymorphy3's part of speech of its most likely reading for a Cyrillic word; ``""`` for anything else.
    """

    word: str
    pos: str

    @property
    def latin(self) -> bool:
        """Whether it is a Latin word or a figure («VPN», «2fa», «15»)."""
        return re.fullmatch(r"[a-z0-9][\w-]*", self.word) is not None


@dataclass(frozen=True)
class Phrase:
    """A preposition and the words it governs.

    Attributes:
        preposition: the preposition as written (lower case, «ё» as «е»).
        start: the index of the preposition in :attr:`Reading.tokens`.
        end: the index past the phrase's last word (nested phrases included).
        nouns: the indexes of the nouns it governs, those of its nested phrases included: every noun, numeral or
            Latin word, and a word that may be a modifier (it has an adjective's or a participle's reading) only
            when no other word of the phrase follows it («для рабочих доков» → «доков»; «для рабочих» →
            «рабочих»).  A pronoun is governed but is no noun here.
        head: the index of the noun the preposition governs: the word right past its modifiers, when
            pymorphy3's most likely reading of it is a noun («в новую Самару» → «Самару»); ``None`` when that word is
            of another kind (a pronoun, a numeral, a Latin word, a figure, a preposition) or the phrase ends first.
    """

    preposition: str
    start: int
    end: int
    nouns: tuple[int, ...]
    head: int | None


@dataclass(frozen=True)
class Reading:
    """A text's tokens and its prepositional phrases, in the order their prepositions stand."""

    tokens: tuple[Token, ...]
    phrases: tuple[Phrase, ...]


@lru_cache(maxsize=8192)
def read_phrases(text: str) -> Reading:
    """The tokens of ``text`` and its prepositional phrases (see the module's docstring); no phrase without
    pymorphy3."""
    tokens = tuple(_token(t) for t in _TOKEN_RE.findall(text))
    if morph_analyzer() is None:
        return Reading(tokens, ())
    found: list[Phrase] = []
    chain: list[tuple[int, list[int]]] = []  # the phrases open at this word, the outer first: (start, nouns)
    pending: int | None = None  # a word that is a noun unless another word of the phrase follows it
    after_noun = False
    after_pronoun = False  # the word before was a personal pronoun: the phrases open end here

    def take_pending() -> None:  # the word held back was a noun after all: every open phrase governs it
        if pending is not None:
            for _, nouns in chain:
                nouns.append(pending)

    def close(end: int) -> None:
        take_pending()
        for start, nouns in chain:
            past = next((k for k in range(start + 1, end) if tokens[k].pos not in _MODIFIERS), None)
            head = past if past is not None and tokens[past].pos == "NOUN" else None
            found.append(Phrase(tokens[start].word, start, end, tuple(nouns), head))

    for k, token in enumerate(tokens):
        if after_pronoun:
            close(k)
            chain, pending, after_noun, after_pronoun = [], None, False, False
        if token.pos == "PREP":
            take_pending()
            pending = None
            chain.append((k, []))
            after_noun = False
            continue
        inside = token.latin or token.pos in _GOVERNED or (token.pos in _MODIFIERS and not after_noun)
        if chain and inside:
            pending = None  # a word before this one was its modifier
            if token.pos == "NPRO":
                after_pronoun = token.word in PERSONAL_PRONOUNS
                continue
            if not token.latin and any(str(p.tag.POS) in _MODIFIERS for p in parses(token.word)):
                pending = k
            else:
                for _, nouns in chain:
                    nouns.append(k)
            after_noun = token.latin or token.pos == "NOUN"
            continue
        close(k)
        chain, pending, after_noun = [], None, False
    close(len(tokens))
    return Reading(tokens, tuple(sorted(found, key=lambda p: p.start)))


def _token(text: str) -> Token:
    word = text.lower().replace("ё", "е")
    return Token(word, pos_of(word) if re.fullmatch(r"[а-я-]+", word) else "")
