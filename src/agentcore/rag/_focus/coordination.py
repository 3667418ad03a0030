"""Coordinated objects of one predicate as parts of a question (issue 18, gap 4).

«Когда выплачивают отпускные и квартальную премию?» asks two things with one predicate: when the vacation pay is
paid and when the quarterly bonus is.  Read as one part, a sentence answering either one answered the part, and the
other was never named missing («В документах не нашлось: …»).  :func:`coordinated_parts` gives one text per
conjunct, each with the predicate it depends on: «Когда выплачивают отпускные», «Когда выплачивают квартальную
премию».

The reading is pymorphy3's and deliberately narrow — a split must be a safe one:

* one «и» between two noun phrases — each an agreeing adjective or participle run and a head (a noun, or an
  adjective standing for one: «отпускные»), the second one ending the part;
* the two heads share a case (pymorphy3's readings): coordinated members stand in one case;
* the first phrase hangs on the predicate, not on a noun before it («компенсацию отпуска и премию» is no pair of
  objects: «отпуска» belongs to «компенсацию»; nor is «отпуск без содержания и отгул»: a preposition's object
  after a noun belongs to the noun), and a predicate (a verb, an infinitive, a short adjective or
  participle, a predicative) stands before it;
* not a fixed pair that names one thing: the same word twice, a name in quotes or capitals, or a pair of the
  language's fixed binomials (:data:`FIXED_PAIRS`: «вопросы и ответы», «плюсы и минусы»).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentcore.text.morphology import parses as word_parses

COORDINATED_OBJECTS_ARE_PARTS = True
"""Whether the coordinated objects (or subjects) of one predicate are parts of their own (:func:`coordinated_parts`)."""

FIXED_PAIRS = frozenset(
    frozenset(pair)
    for pair in (
        ("вопрос", "ответ"), ("плюс", "минус"), ("слияние", "поглощение"), ("исследование", "разработка"),
        ("купля", "продажа"), ("приём", "передача"), ("прием", "передача"), ("учёт", "отчётность"),
        ("учет", "отчетность"), ("хлеб", "соль"), ("туда", "обратно"), ("вдоль", "поперёк"),
    )
)  # fmt: skip
"""Binomials of general Russian that name one thing (a genre, a field, a procedure): never split."""

_TOKEN_RE = re.compile(r"[A-Za-zА-Яа-яЁё][A-Za-zА-Яа-яЁё0-9-]*|\d+|[«»\"„“”]")
_HEADS = frozenset({"NOUN", "ADJF", "PRTF"})
_MODIFIERS = frozenset({"ADJF", "PRTF", "NUMR"})
_PREDICATES = frozenset({"VERB", "INFN", "ADJS", "PRTS", "PRED"})
_MAX_PHRASE = 4


@lru_cache(maxsize=8192)
def _readings(word: str) -> tuple[tuple[str, str | None, str], ...]:
    """(POS, case, lemma) of the likely readings of ``word`` (pymorphy3's first three)."""
    low = word.lower()
    if not re.fullmatch(r"[а-яё-]+", low):
        return ()
    return tuple(
        (str(p.tag.POS), p.tag.case, str(p.normal_form)) for p in word_parses(low)[:3] if p.tag.POS is not None
    )


def _cases(word: str, kinds: frozenset[str]) -> set[str]:
    return {case for pos, case, _ in _readings(word) if pos in kinds and case}


def _first_pos(word: str) -> str:
    readings = _readings(word)
    return readings[0][0] if readings else ""


def _phrase_before(words: list[str], end: int) -> int | None:
    """The start of the noun phrase ending at ``words[end - 1]`` (a head and its agreeing modifiers), or None."""
    head = words[end - 1]
    cases = _cases(head, frozenset(_HEADS))
    if not cases:
        return None
    start = end - 1
    while start > 0 and end - start < _MAX_PHRASE:
        cases_before = _cases(words[start - 1], _MODIFIERS)
        if not cases_before & cases or _first_pos(words[start - 1]) not in _MODIFIERS:
            break
        start -= 1
    return start


def _phrase_after(words: list[str]) -> bool:
    """Whether ``words`` (after «и», to the part's end) are one noun phrase: modifiers agreeing with a last head."""
    if not words or len(words) > _MAX_PHRASE:
        return False
    head_cases = _cases(words[-1], frozenset(_HEADS))
    return bool(head_cases) and all(
        _first_pos(w) in _MODIFIERS and _cases(w, _MODIFIERS) & head_cases for w in words[:-1]
    )


def _fixed_pair(left: str, right: str) -> bool:
    lemmas_left = {lemma for _, _, lemma in _readings(left)}
    lemmas_right = {lemma for _, _, lemma in _readings(right)}
    if lemmas_left & lemmas_right:
        return True  # the same word twice: «снова и снова», «больше и больше»
    return any(frozenset({a, b}) in FIXED_PAIRS for a in lemmas_left for b in lemmas_right)


def coordinated_parts(text: str) -> list[str]:
    """``text`` as one text per coordinated object of its predicate (see the module docstring), or ``[text]``."""
    return [part for part, _ in coordinated_objects(text)]


def coordinated_objects(text: str) -> list[tuple[str, str]]:
    """``(part text, its own object)`` per coordinated object of the predicate of ``text``; ``[(text, "")]`` when
    ``text`` has no such pair."""
    whole = [(text, "")]
    if not COORDINATED_OBJECTS_ARE_PARTS:
        return whole
    tokens = list(_TOKEN_RE.finditer(text))
    conjunctions = [k for k, t in enumerate(tokens) if t.group() == "и"]
    if len(conjunctions) != 1 or any(not t.group()[0].isalpha() for t in tokens):
        return whole  # several «и», or quotes: a name («…»), not a pair of objects
    k = conjunctions[0]
    words = [t.group() for t in tokens]
    if not 0 < k < len(words) - 1 or text[tokens[k - 1].end() : tokens[k].start()].strip():
        return whole  # «X, и Y»: a clause after a comma
    right = words[k + 1 :]
    right_start = 1 if _first_pos(right[0]) == "PREP" else 0  # «для визы и для командировки»
    start = _phrase_before(words, k)
    if start is None or start == 0 or not _phrase_after(right[right_start:]):
        return whole
    if any(w[0].isupper() for w in words[start:] if w != words[0]):
        return whole  # a name in capitals
    left_head, right_head = words[k - 1], words[-1]
    if not _cases(left_head, frozenset(_HEADS)) & _cases(right_head, frozenset(_HEADS)):
        return whole  # no shared case: not members of one coordination
    before = _first_pos(words[start - 1])
    if before in ("NOUN", "NPRO") or before in _MODIFIERS:
        return whole  # the phrase hangs on a noun before it («компенсацию отпуска и премию»)
    if before == "PREP" and start > 1 and _first_pos(words[start - 2]) == "NOUN":
        return whole  # a preposition's object that hangs on a noun («отпуск без содержания и отгул»)
    if not any(_first_pos(w) in _PREDICATES for w in words[:start]):
        return whole  # no predicate the objects depend on («сколько дней отпуска и больничного»)
    if _fixed_pair(left_head, right_head):
        return whole
    prefix = text[: tokens[start].start()]
    if right_start and before == "PREP":
        prefix = text[: tokens[start - 1].start()]  # the right phrase brings its own preposition
    left = text[: tokens[k - 1].end()]
    left_object = text[tokens[start].start() : tokens[k - 1].end()]
    right_object = text[tokens[k + 1].start() : tokens[-1].end()]
    return [(left.strip(), left_object), (f"{prefix}{right_object}".strip(), right_object)]
