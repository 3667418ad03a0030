"""The conditions a question sets by a preposition or a negation, and whether a supplying sentence states its rule
for them (issue 18, branch ``hal4``: hallucinated answers to near misses).

A question often asks a rule the documents state, under a condition they do not: «сколько действует пропуск после
увольнения» (only the DMS policy's lasting after dismissal is stated), «работал ночью без согласования, оплатят
вдвойне?» (the rule is stated for work agreed in advance).  The two-thirds share of terms cannot see it: the
condition is one word of three or four.  Two kinds are read here, by their syntax:

* a *circumstance* — a noun governed by «при», «после», «во время», «в период», «по окончании» («при увольнении»,
  «после испытательного срока»): the rule of that case must name it — in the sentence, its heading or the sentence
  before it — or it is the rule of the general case, which the documents may state otherwise for the asked one;
* an *absence* — a noun governed by «без», a noun after «нет / не было», or the verb of a negated condition clause
  («если …», «при условии, что …»: :data:`agentcore.text.clauses.CONDITION_CLAUSE_PATTERN`; «без согласования», «нет
  подтверждающего документа», «если командировку не согласовали»): a sentence answers it only by speaking of that
  absence itself (a negation beside the word: «Без чека расход не компенсируется», «даже если инцидентов не было») or
  by making the thing the rule's only way («только по предварительному согласованию», «только через корпоративный
  VPN»: the answer to the absent case is «нет»).  A sentence that names the thing plainly («согласуется с
  руководителем заранее и оплачивается в двойном размере», «После согласования билеты … покупает
  тревел-координатор») states the rule of the case where it is there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cache

from agentcore.rag._facts import PREDICATE_WORDS
from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.values import REQUIREMENT_RE
from agentcore.rag._focus.words import WORD_RE, lemma_of, stem_of, vocabulary_of
from agentcore.rag._only_way import EXCLUSIVE_WORDS, only_ways
from agentcore.text.clauses import CONDITION_CLAUSE_PATTERN
from agentcore.text.morphology import parses as word_parses
from agentcore.text.morphology import pos_of

CIRCUMSTANCES_MUST_BE_NAMED = True
"""Whether a supplier must name the noun of a circumstance the part sets by a preposition
(:func:`misses_a_circumstance`)."""

ABSENCES_MUST_BE_SPOKEN_OF = True
"""Whether a supplier must speak of an absence the part sets (:func:`absences`) — negated beside it, or made the
rule's only way."""

PERMISSION_IS_ANSWERED_BY_A_REQUIREMENT = True
"""Whether a yes/no part asking a permission without a thing («можно ли взять отпуск без согласования с
руководителем») is answered by a sentence stating the thing is required (:func:`states_it_required`): the answer is
«нет, нужно …»."""

_CIRCUMSTANCE_RE = re.compile(r"(?<![\w-])(?:при|после|во\s+время|в\s+период|по\s+окончании)\s+", re.I)
_WITHOUT_RE = re.compile(r"(?<![\w-])без\s+", re.I)
_NONE_RE = re.compile(r"(?<![\w-])(?:нет|нету|не\s+было)\s+", re.I)
_OWN_ABSENCE_RE = {
    "без": re.compile(r"(?<![\w-])без\s+[а-яё]", re.I),
    "если": re.compile(
        rf"(?<![\w-])(?:{CONDITION_CLAUSE_PATTERN})\b[^,.;:?!—–()]*?(?<![\w-])(?:не|нет|ни)(?![\w-])", re.I
    ),
}
"""How a sentence states a rule for an absence of its own, said in other words than the part's (see
:func:`ignores_an_absence`), by the label of the part's absence: ``"без"``, and ``"если"`` for a negated clause of any
condition opener (:data:`agentcore.text.clauses.CONDITION_CLAUSE_PATTERN`: «если …», «при условии, что …»)."""
_IF_NOT_RE = re.compile(rf"(?<![\w-])(?:{CONDITION_CLAUSE_PATTERN})\b[^,.;:?!—–()]*?(?<![\w-])не\s+([а-яё-]+)", re.I)
"""A negated condition clause and the word its «не» negates («если руководитель не согласовал», «при условии, что
… не …»: every opener of :data:`agentcore.text.clauses.CONDITION_CLAUSE_PATTERN`)."""
_NEGATOR_RE = re.compile(r"^(?:не|нет|нету|ни|без|нельзя)$|^(?:недоступ|отсутств|запрещ)", re.I)
_NEAR = 3
"""How many words apart a negation and the word it negates may stand («инцидентов не было», «не отвечаете 5 дней»)."""
_PHRASE_END_RE = re.compile(r"[,.;:?!—–()]")
_CLAUSE_BREAK_RE = re.compile(r"[,;:—–()]")
_STATED = frozenset({"VERB", "PRTS"})
"""The forms of a predicate stating that something is done («заявление согласует руководитель», «MR одобрен»)."""
_SKIPPED = frozenset({"ADJF", "ADJS", "PRTF", "NUMR", "ADVB", "CONJ", "PRCL"})
_CIRCUMSTANTIAL = frozenset({"необходимость", "возможность", "условие", "случай", "этот", "это"})
"""Nouns of a circumstance that name no case of their own («при необходимости», «в случае»)."""


@dataclass(frozen=True)
class Conditions:
    """The conditions a question part sets.

    Attributes:
        circumstances: lemmas of the nouns of its circumstances (:data:`_CIRCUMSTANCE_RE`).
        absences: lemmas of what it says is absent, each with how it says so: ``"без"`` (a noun «без» governs),
            ``"нет"`` (a noun after «нет», «не было») or ``"если"`` (the verb of a negated condition clause: «если
            …», and every other opener of :data:`agentcore.text.clauses.CONDITION_CLAUSE_PATTERN`, «при условии, что
            … не …» — the label names them all).
    """

    circumstances: tuple[str, ...]
    absences: tuple[tuple[str, str], ...]


_TOKEN_RE = re.compile(r"[\w-]+")
_ASKING_RE = re.compile(r"^(?:как|котор|скольк|чей|чь)", re.I)
"""A question word among a preposition's words: the phrase is the slot asked («при каком проценте ошибок», «после
скольких попыток»), not a condition."""


def _head_noun(words: list[str]) -> str | None:
    """The first noun of ``words`` past its modifiers (an adjective, a participle, an adverb), as a lemma; ``None``
    past a figure or a question word — a threshold («после 5 неверных попыток», «после десяти вечера») or the slot
    asked is no case."""
    at = _head_at(words)
    return None if at is None else lemma_of(words[at])


def _head_at(words: list[str]) -> int | None:
    """Where :func:`_head_noun` stands in ``words``."""
    for k, word in enumerate(words[:4]):
        if word.isdigit() or _ASKING_RE.match(word):
            return None
        pos = pos_of(word)
        if pos == "NOUN":
            return k
        if pos == "NUMR" or pos not in _SKIPPED:
            return None
    return None


def _after(text: str, pattern: re.Pattern[str]) -> list[str]:
    """The head nouns right after each match of ``pattern`` in ``text``."""
    found = []
    for match in pattern.finditer(text):
        following = [w.lower().replace("ё", "е") for w in _TOKEN_RE.findall(text[match.end() :])]
        noun = _head_noun(following)
        if noun is not None and noun not in _CIRCUMSTANTIAL:
            found.append(noun)
    return found


def conditions_of(text: str) -> Conditions:
    """The circumstances and absences ``text`` (a question part) sets.  A noun read as both is an absence."""
    absences = [(noun, "без") for noun in _after(text, _WITHOUT_RE)]
    absences += [(noun, "нет") for noun in _after(text, _NONE_RE)]
    for match in _IF_NOT_RE.finditer(text):
        word = match.group(1).lower().replace("ё", "е")
        if any(str(r.tag.POS) in ("VERB", "INFN", "PRTS") for r in word_parses(word)[:1]):
            absences.append((lemma_of(word), "если"))
    absent = {noun for noun, _how in absences}
    circumstances = [n for n in _after(text, _CIRCUMSTANCE_RE) if n not in absent]
    return Conditions(tuple(dict.fromkeys(circumstances)), tuple(dict.fromkeys(absences)))


def _matches(part: Part, term: str, text: str) -> bool:
    words, stems = vocabulary_of([text])
    return part_matches(part, term, words, stems)


def _saying(part: Part, term: str, sentence: str) -> tuple[list[str], list[int]]:
    """The words of ``sentence`` (lower-cased, «ё» as «е») and the places of those that say ``term``."""
    words = [w.lower().replace("ё", "е") for w in WORD_RE.findall(sentence)]
    stem = stem_of(term)
    return words, [k for k, w in enumerate(words) if stem_of(lemma_of(w)) == stem or _matches(part, term, w)]


def _beside(words: list[str], at: list[int], test: Callable[[str], object], skip: Collection[int] = ()) -> bool:
    """Whether a word within :data:`_NEAR` words of a place in ``at`` (but those at ``skip``) passes ``test``."""
    return any(
        j not in skip and test(words[j]) for k in at for j in range(max(0, k - _NEAR), min(len(words), k + _NEAR + 1))
    )


def _negated_beside(part: Part, term: str, sentence: str) -> bool:
    """Whether a negation stands within :data:`_NEAR` words of a word of ``sentence`` that says ``term``; a «не»
    negating an exclusive word («не только по заявке», «не исключительно через VPN») negates no thing: it widens
    the way (:data:`agentcore.rag._only_way.EXCLUSIVE_WORDS`)."""
    words, at = _saying(part, term, sentence)
    widening = {j for j in range(len(words) - 1) if words[j] == "не" and words[j + 1] in EXCLUSIVE_WORDS}
    return _beside(words, at, _NEGATOR_RE.match, widening)


@cache
def _permission_lemmas() -> frozenset[str]:
    """The claim guard's permission and prohibition words (:data:`agentcore.rag._facts.PREDICATE_WORDS`) as lemmas,
    with «мочь» («могу ли»)."""
    return frozenset({lemma_of(w) for w in PREDICATE_WORDS} | {"мочь"})


def asks_a_permission(part: Part) -> bool:
    """Whether ``part`` is a yes/no asking a permission («можно ли …», «могу ли …», «… разрешено?»)."""
    return part.asks == "yesno" and any(
        lemma_of(w.lower().replace("ё", "е")) in _permission_lemmas() for w in WORD_RE.findall(part.text)
    )


def _dependents(text: str, term: str) -> tuple[str, ...]:
    """The lemmas of the nouns the absent thing ``term`` governs in ``text`` (a question part), to the end of its
    phrase: «без согласования с руководителем» → («руководитель»,), «без заявки на вынос» → («вынос»,), «без
    согласования руководителя» → («руководитель»,), «без чека» → ()."""
    found = []
    for pattern in (_WITHOUT_RE, _NONE_RE):
        for match in pattern.finditer(text):
            phrase = _PHRASE_END_RE.split(text[match.end() :], maxsplit=1)[0]
            words = [w.lower().replace("ё", "е") for w in _TOKEN_RE.findall(phrase)]
            at = _head_at(words)
            if at is None or lemma_of(words[at]) != term:
                continue
            governed = False  # a noun after a preposition of the phrase, or in the genitive right after a noun
            for word in words[at + 1 : at + 1 + _NEAR]:
                pos = pos_of(word)
                if pos == "NOUN" and (governed or _genitive(word)):
                    found.append(lemma_of(word))
                    governed = False
                elif pos == "PREP":
                    governed = True
                elif pos not in ("ADJF", "PRTF"):
                    break
    return tuple(dict.fromkeys(found))


def _genitive(word: str) -> bool:
    return any("gent" in r.tag for r in word_parses(word))


def _about_another_thing(part: Part, absent: Collection[str], sentence: str) -> bool:
    """Whether ``sentence`` names the part's subject (a noun of its terms outside the absent thing) only as the
    genitive of another noun the part does not name — the rule of that other thing: «Перенос отпуска согласует
    руководитель» is about the transfer, not about taking a vacation («можно ли взять отпуск без согласования …»)."""
    words = [w.lower().replace("ё", "е") for w in WORD_RE.findall(sentence)]
    subject = [t for t in part.terms if t not in absent and pos_of(t) == "NOUN"]
    for term in subject:
        _words, at = _saying(part, term, sentence)
        if at and all(_governed_by_another(part, words, k) for k in at):
            return True
    return False


def _governed_by_another(part: Part, words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is the genitive of a noun before it (past its modifiers) that says no term of the part."""
    if not _genitive(words[k]):
        return False
    for word in reversed(words[max(0, k - _NEAR) : k]):
        pos = pos_of(word)
        if pos == "NOUN":
            return not any(_matches(part, t, word) for t in part.terms)
        if pos not in ("ADJF", "PRTF"):
            return False
    return False


def states_it_required(part: Part, term: str, sentence: str) -> bool:
    """Whether ``sentence`` states that what ``term`` says is required: a word of requirement within :data:`_NEAR`
    words of it («Для слияния MR нужно два одобрения», «требуется согласование»), or its own word is the predicate
    stating it is done («Заявление согласует непосредственный руководитель», «MR должен быть одобрен»).  The clause
    saying so must hold every noun the thing governs in the part (rv3 finding 5: «без согласования с руководителем»
    is not answered by «Отпуск согласует отдел кадров, руководителя уведомляют письмом»; a doer holds it:
    «согласует руководитель»), and the sentence must be about the part's subject, not another thing of it
    (:func:`_about_another_thing`)."""
    dependents = _dependents(part.text, term)
    for clause in _CLAUSE_BREAK_RE.split(sentence):
        words, at = _saying(part, term, clause)
        if not at or not all(_matches(part, noun, clause) for noun in dependents):
            continue
        if any(pos_of(words[k]) in _STATED for k in at) or _beside(words, at, REQUIREMENT_RE.fullmatch):
            return not _about_another_thing(part, {term, *dependents}, sentence)
    return False


def misses_a_circumstance(part: Part, unit: list[str], vocabulary: tuple[set[str], set[str]]) -> bool:
    """Whether ``unit`` (a supplier with its heading and context) names none of a circumstance the part sets that
    the run's passages name (``vocabulary``; a word they never use is a lack, weighed by the other tests)."""
    if not CIRCUMSTANCES_MUST_BE_NAMED:
        return False
    text = "\n".join(t for t in unit if t)
    return any(
        part_matches(part, noun, *vocabulary) and not _matches(part, noun, text)
        for noun in conditions_of(part.text).circumstances
    )


def ignores_an_absence(part: Part, sentence: str) -> bool:
    """Whether ``sentence`` gives its rule without speaking of an absence the part sets: it neither negates the
    thing beside it nor makes it the rule's only way, nor — for a yes/no asking a permission — states the thing is
    required (:func:`states_it_required`), nor — for an absence said by «без» or by a negated condition clause
    («если …», «при условии, что …») — states an absence of its own the same way («отпуск без содержания» / «без
    сохранения заработной платы», «если ничего не сломалось» / «даже если инцидентов не было»)."""
    if not ABSENCES_MUST_BE_SPOKEN_OF:
        return False
    permission = asks_a_permission(part)
    for term, how in conditions_of(part.text).absences:
        own = _OWN_ABSENCE_RE.get(how)
        if own is not None and own.search(sentence):
            continue
        if not _matches(part, term, sentence):
            return True
        # any only way of the sentence counts (:func:`agentcore.rag._only_way.only_ways`, the guard's reading too),
        # not only one whose words say the thing: requiring them would change 47 (dev question, KB sentence) pairs
        if _negated_beside(part, term, sentence) or only_ways(sentence):
            continue
        # «можно ли … без X?» — «нет, X нужен»: a sentence requiring the thing answers a permission asked without it
        if not (PERMISSION_IS_ANSWERED_BY_A_REQUIREMENT and permission and states_it_required(part, term, sentence)):
            return True
    return False
