"""Words of a question that a rule's sentence does not repeat: the circumstances of the asker's case (a month, a place
travelled to or from) and the act by which a «куда / кому» question reaches the place it asks.  They are dropped from
a part's subject terms (:func:`without_circumstances`), so a sentence stating the rule is not held to them."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from agentcore.rag._focus.parts import Part, part_matches
from agentcore.rag._focus.qualifiers import purpose_nouns
from agentcore.rag._focus.words import is_place_name, lemma_of
from agentcore.text.morphology import parses as word_parses
from agentcore.text.phrases import read_phrases

CIRCUMSTANCES_ARE_NOT_TERMS = True
"""Whether a part's months («в июле») and the places it goes to or comes from («командировка в Ереван», «лететь до
Владивостока», «поработать из Таиланда») are dropped from its subject terms: they say when and where the asker
travels, and the rules name dates and destinations by their kind («летом», «для зарубежных поездок», «перелёты
дольше 6 часов»), so a sentence giving the rule holds none of them.  A place where something is («в Самаре есть
офис?», «парковка в Самаре») stays a term: whether the thing is *there* is asked (and
:data:`agentcore.rag._focus.reading.PLACES_UNDER_A_GENERAL_RULE` decides it)."""

CONTACT_VERBS_ASK_THE_PLACE = True
"""Whether the verb of contact right after «куда / кому / к кому / где» in a part asking a service or a person
(«куда писать про фишинг», «кому звонить, если …») is dropped from its subject terms: it is how the asker reaches
the place asked, which the answer gives in its own verb («перешлите письмо на security@…», «создайте заявку …»)."""

PURPOSES_THE_DOCUMENTS_LACK_ARE_NOT_TERMS = True
"""Whether a thing the asker needs something for («справка с работы для визы», «2-НДФЛ для ипотеки») — an inanimate
noun «для» governs — is dropped from the part's terms when no passage of the run uses it: the document states how to
get the thing, for whatever use.  A person it is for («для ребёнка», «для родственников») stays: the rules differ by
person; and so does a purpose the passages name (it may be the case they state)."""

MONTHS = frozenset(
    "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь".split()  # noqa: SIM905
)

_DIRECTION_CASES = frozenset({"nomn", "accs", "gent"})
"""The cases of a place a preposition governs as a direction or an origin: «в/на + accusative» (into, onto; an
inanimate noun's accusative is its nominative), «до/из/от/с + genitive» — not the locative «в Самаре» (where)."""

CONTACT_VERBS = frozenset(
    """
    писать написать звонить позвонить обращаться обратиться сообщать сообщить отправлять отправить слать
    прислать присылать жаловаться пожаловаться идти пойти
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""Verbs of reaching someone: what the asker does to the place a «куда / кому» question asks for."""

_CONTACT_QUESTION_RE = re.compile(r"\b(?:куда|кому|к\s+кому|где)\s+(?P<verb>[а-яё]+)", re.I)


def purposes(part: Part, vocabulary: tuple[set[str], set[str]] | None) -> tuple[str, ...]:
    """The inanimate nouns «для» governs in the part (an adjective may stand between) that ``vocabulary`` (the
    passages' words and stems) does not hold (:data:`PURPOSES_THE_DOCUMENTS_LACK_ARE_NOT_TERMS`)."""
    if not PURPOSES_THE_DOCUMENTS_LACK_ARE_NOT_TERMS or vocabulary is None:
        return ()
    return tuple(
        term
        for term in sorted(purpose_nouns(part.text))
        if term in part.terms and not part_matches(part, term, *vocabulary)
    )


def circumstances(part: Part) -> tuple[str, ...]:
    """The part's terms a rule's sentence does not repeat: a month's name, a place name (:func:`is_place_name`, or
    a colloquial spelling of one, «владик» → «владивосток») that a preposition governs as a direction or an origin
    (:data:`_DIRECTION_CASES`; an adjective may stand between them), and for a service or person part the verb of
    contact its question word governs (:data:`CONTACT_VERBS`)."""
    found = list(_circumstances(part.text, part.terms, (*part.colloquial, *part.alternatives)))
    if CONTACT_VERBS_ASK_THE_PLACE and part.asks in ("service", "person"):
        for match in _CONTACT_QUESTION_RE.finditer(part.text):
            verb = lemma_of(match.group("verb").lower())
            if verb in CONTACT_VERBS and verb in part.terms:
                found.append(verb)
    return tuple(dict.fromkeys(found))


@lru_cache(maxsize=4096)
def _circumstances(
    text: str, terms: tuple[str, ...], spellings: tuple[tuple[str, tuple[str, ...]], ...]
) -> tuple[str, ...]:
    found: list[str] = [t for t in terms if t in MONTHS]

    def place(term: str) -> bool:
        return is_place_name(term) or any(
            name == term and len(lemmas) == 1 and is_place_name(lemmas[0]) for name, lemmas in spellings
        )

    reading = read_phrases(text)
    for phrase in reading.phrases:  # the noun a preposition governs, past its modifiers («в новую Самару»)
        if phrase.head is None:
            continue
        word = reading.tokens[phrase.head].word
        term = lemma_of(word)
        if term in terms and place(term):
            cases = {str(p.tag.case) for p in word_parses(word) if p.normal_form.replace("ё", "е") == term}
            if cases and cases <= _DIRECTION_CASES:
                found.append(term)
    return tuple(dict.fromkeys(found))


def without_circumstances(part: Part, vocabulary: tuple[set[str], set[str]] | None = None) -> Part:
    """``part`` without its :func:`circumstances` (and :func:`purposes`, given the passages' ``vocabulary``) among
    the subject terms, when at least two terms remain (one, when only a verb of contact goes: «куда писать про
    фишинг» is about «фишинг»)."""
    if not CIRCUMSTANCES_ARE_NOT_TERMS:
        return part
    drop = set(circumstances(part)) | set(purposes(part, vocabulary))
    kept = tuple(t for t in part.terms if t not in drop)
    if not drop or not kept:
        return part
    if len(kept) < 2 and not drop <= CONTACT_VERBS:  # a month or a place goes only with two terms left
        return part
    return replace(
        part,
        terms=kept,
        alternatives=tuple(a for a in part.alternatives if a[0] in kept),
        colloquial=tuple(c for c in part.colloquial if c[0] in kept),
    )
