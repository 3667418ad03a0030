"""A task named by reference (issue 19, session sq2): a blocker that writes no task id may still name its task, as
a Scrum master reads it — by a third-person pronoun that takes back the task named before («по ней жду выгрузку»,
«его не могу протестировать без ключа», «waiting on the profile for it»), by a demonstrative with a task noun («по
этой задаче нет доступа», «this ticket»), by a place adverb that points back («тут жду шаблон», «blocked there»), or
by its place in the list before it («по второй жду тексты», «for the first one I need …»).

Read by morphology (pymorphy3 through :func:`agentcore.text.morphology.parses`), not by a list of phrases:

* a pronoun refers back when its most likely reading is an anaphoric third-person pronoun (``NPRO``, ``3per``,
  ``Anph``: «ней», «него», «его»; or «её / его / их» read first as the possessive, ``Apro``, ``Fixd``) not in the
  nominative (a subject «она», «он» may be a colleague) and it
  comes before any noun of the statement — a pronoun after a noun takes that noun back («жду макеты, без них не
  начну»), and after a person («от Пети, у него отпуск») the person; after «от» or «у» it names whom the member
  waits on or who holds a thing («жду от неё ответ»), a person or a team, never the task that waits;
* a demonstrative (``Apro``, lemma «этот» / «тот») refers back when a task noun follows it («этой задаче»,
  «тот тикет»);
* a place adverb (``ADVB``, ``Dmns``: «тут», «там», «здесь») refers back when it opens the statement;
* an ordinal (``ADJF``, ``Anum``: «первой», «вторую») refers to a place in a list when it stands for its noun — the
  word after it is no noun, or a task noun («по второй», «первую задачу»; not «второй день»);
* English: «it» after a preposition, «this / that one» (or a task noun), «the first / second … one», «the
  former / latter», «there / here» right after a word of being stopped.

The pronoun, the demonstrative and the place adverb name the last task named before the statement; an ordinal
counts in the last sentence before it that named two tasks or more.  A reference with no such task names none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.apps.scrum.daily_parser.lexicon import _CYRILLIC, _WORD, _wordset
from agentcore.text.first_char import compile_guarded
from agentcore.text.morphology import parses

_TASK_NOUNS = _wordset("задача таска таск тикет тикета issue task ticket story")
_TASK_NOUN_LEMMAS = _wordset("задача таска таск тикет")
_DEMONSTRATIVES = _wordset("этот тот")
_ORDINALS = {"первый": 1, "второй": 2, "третий": 3, "четвёртый": 4, "четвертый": 4, "пятый": 5}
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "former": 1}
_EN_BACK = compile_guarded(
    r"\b(?:for|on|with|in|to|of|about|from|by)\s+it\b(?!['’])|"
    r"\b(?:this|that)\s+(?:one|task|ticket|issue|story)\b|"
    r"\b(?:blocked|stuck|waiting|blocker)\s+(?:there|here)\b",
    re.IGNORECASE,
)
_EN_PLACE = re.compile(
    r"\bthe\s+(?P<n>first|second|third|fourth|fifth|former|latter)(?:\s+(?:one|task|ticket|issue|story))?\b",
    re.IGNORECASE,
)
_SOURCE_PREPOSITIONS = _wordset("от у")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_WORDS_READ = 8  # a reference stands where the task would: at the head of the statement


def referred_task(text: str, named: Sequence[str], listed: Sequence[str]) -> str | None:
    """The task ``text`` (one statement, naming no task id) refers to, or ``None`` (see the module docstring).

    ``named`` are the task ids named before the statement, in order; ``listed`` the ids of the last sentence before
    it that named two or more."""
    if not named:
        return None
    place = _place_in_list(text)
    if place is not None:
        if place == -1:
            return listed[-1] if listed else None
        return listed[place - 1] if 0 < place <= len(listed) else None
    return named[-1] if _refers_back(text) else None


def _place_in_list(text: str) -> int | None:
    """The place («по второй» → 2, «the latter» → -1) an ordinal in ``text`` names, or ``None``."""
    english = _EN_PLACE.search(text)
    if english:
        word = english.group("n").lower()
        return -1 if word == "latter" else _EN_ORDINALS[word]
    words = [w.lower() for w in _WORD.findall(text)[:_WORDS_READ]]
    for position, word in enumerate(words):
        if not _CYRILLIC.fullmatch(word):
            continue
        first = parses(word)[0]
        if first.tag.POS == "NOUN":
            return None  # a noun came first: the statement names its own thing
        if {"ADJF", "Anum"} <= first.tag.grammemes and first.normal_form in _ORDINALS:
            after = words[position + 1] if position + 1 < len(words) else ""
            if not after or after in _TASK_NOUNS or not _is_noun(after):
                return _ORDINALS[first.normal_form]
            return None
    return None


def about_the_task(piece: str) -> bool:
    """Whether an id-less piece of work beside a task takes that task back — «Там же поправил вёрстку формы», «к нему
    же обновил схему», «отрефакторил его генератор вопросов», «also tuned its boost weights»: it tells more of the
    task named before, not a deliverable of its own (session sq2).  Read as a blocker's reference is (see the module
    docstring), and English «its» counts here; a pronoun in the dative with no preposition («написал ему», «помог
    ей») is whom the member did something for, a person."""
    return bool(_EN_ITS.search(piece) or _EN_OBJECT_BACK.match(piece)) or _refers_back(piece, person_dative=True)


_EN_ITS = re.compile(r"\bits\b", re.IGNORECASE)
# A verb whose object is a pronoun of what was just named: «QA found two bugs, fixed both», «merged it», «fixed them
# all» (session qv).  The word before the pronoun is read as the verb unless it is a function word, which makes the
# pronoun a subject or a preposition's object: «then it broke», «is it ok», «without it».
_EN_FUNCTION_WORDS = (
    r"and|then|also|so|but|or|if|when|because|is|was|are|were|be|been|does|did|do|has|have|had|can|will|would|"
    r"without|with|for|of|to|in|on|at|from|about|after|before|by|that|this|what|how|why|where|as|than|like"
)
_EN_OBJECT_BACK = re.compile(
    rf"^\W*(?:(?:and|then|also|so)\s+)?(?:i\s+)?(?!(?:{_EN_FUNCTION_WORDS})\b)[a-z]+\s+"
    r"(?:it|them|both|all\s+of\s+them)\b(?!['’])",
    re.IGNORECASE,
)


def _refers_back(text: str, person_dative: bool = False) -> bool:
    """Whether ``text`` takes back the task named before it (a pronoun, a demonstrative, a place adverb);
    ``person_dative``: a bare dative pronoun is a person's."""
    if _EN_BACK.search(text):
        return True
    words = [w.lower() for w in _WORD.findall(text)[:_WORDS_READ]]
    for position, word in enumerate(words):
        if not _CYRILLIC.fullmatch(word):
            if _LATIN_WORD.fullmatch(word) and len(word) > 2:
                return False  # a Latin name of a thing («VPN», «API») is a noun of the statement
            continue
        readings = parses(word)
        first = readings[0]
        grammemes = first.tag.grammemes
        if position == 0 and {"ADVB", "Dmns"} <= grammemes:
            return True  # «тут жду шаблон», «там упёрся в лимиты»
        if ({"NPRO", "3per", "Anph"} <= grammemes and first.tag.case != "nomn") or {
            "Apro",
            "Anph",
            "Fixd",
        } <= grammemes:
            # «жду от неё ответ», «у него отпуск»: the source or the holder of what is awaited is a person or a team
            preposition = position > 0 and parses(words[position - 1])[0].tag.POS == "PREP"
            if person_dative and first.tag.case == "datv" and not preposition:
                return False
            return position == 0 or words[position - 1] not in _SOURCE_PREPOSITIONS
        if "Apro" in grammemes and first.normal_form in _DEMONSTRATIVES:
            after = words[position + 1] if position + 1 < len(words) else ""
            return bool(after) and any(p.normal_form in _TASK_NOUN_LEMMAS for p in parses(after))
        if first.tag.POS == "NOUN":
            return False  # a noun came first: a pronoun after it takes the noun back
    return False


def _is_noun(word: str) -> bool:
    return _CYRILLIC.fullmatch(word) is not None and parses(word)[0].tag.POS == "NOUN"
