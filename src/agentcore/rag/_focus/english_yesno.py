"""The grammar of an English yes/no question, read without a tagger: which of its words are the predicate (a verb, a
predicative participle) and which nouns are its subject.

Before this every Latin word of an English yes/no part that is no question word (:data:`agentcore.rag._focus.
english.QUESTION_WORDS`) was a subject term, and every one of them a subject noun the answering sentence had to name
itself («is my work laptop taxed»: «work», «laptop», «taxed»; «can I take the laptop home»: «laptop», «home»).  A
Russian yes/no is read by morphology (:func:`agentcore.rag._focus.yesno.yesno_subject`: nouns in a direct case no
preposition governs, modifiers skipped); English word order says the same things:

* **the predicate** (:func:`predicate_words`) — the word right after a personal pronoun is its verb («can I *bring*
  my dog», «when I *work* from home»), the word after «to» that follows a word taking an infinitive is a verb («do I
  have to *tell*», «is it possible to *work*»), and a participle that ends its noun phrase is the predicate («is my
  laptop *taxed*», «are taxi rides *reimbursed* on trips»; a participle before a noun is its modifier, «paid
  leave»), and so is an adjective of possibility or of a rule's terms («is paid leave *available*», «is the parking
  *free*»).  A verb stays a term of the part (its
  share and the predicate test weigh it, as a Russian verb's), but is no noun the sentence must name
  (:func:`agentcore.rag._focus.yesno.supplies_the_yesno`);
* **the subject** (:func:`yesno_subject`) — the head of each noun phrase no preposition governs: the last noun of a
  run of nouns, the ones before it its modifiers («my work *laptop*», «taxi *rides*»), an adverb of place or time
  after it no noun («take the laptop *home*»).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentcore.rag._focus.english import PREPOSITIONS, is_question_word

PERSONAL_PRONOUNS = frozenset({"i", "we", "you", "they", "he", "she", "it"})
"""The subjects a verb follows directly in a question («can I bring», «do we need», «when I work»)."""

INFINITIVE_HOSTS = frozenset(
    """
    have has had need needs needed want wants wanted allowed able possible supposed going required ok okay got
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""Words after which «to» opens an infinitive («have to tell», «allowed to bring», «possible to work»), not a
preposition («to the office»)."""

AUXILIARIES = frozenset(
    """do does did will would can could should must may might shall""".split()  # noqa: SIM905
)
"""The auxiliaries that open a question and are followed by its subject and then its bare verb («does the company
pay», «will the company pay»)."""

DETERMINERS = frozenset({"the", "a", "an", "my", "our", "your", "their", "his", "her", "its", "this", "that"})
"""Determiners: «the company» after one is a noun phrase of a noun that names no subject (a question word), and the
word after it is its verb («does the company pay»)."""

PLACE_AND_TIME_ADVERBS = frozenset(
    """
    home abroad overseas here there today tomorrow tonight yesterday now remotely online offline upstairs downstairs
    daily weekly monthly yearly annually overnight early late
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""Adverbs of place and time that may follow a noun phrase without a preposition («take the laptop home», «work
remotely», «is the kitchen cleaned daily»): they say where or when, they name no subject, head no noun phrase and
end the one before them (a participle before one is the predicate: «is the laptop taken home»)."""

REFLEXIVE_PRONOUNS = frozenset(
    """myself yourself himself herself itself ourselves yourselves themselves oneself""".split()  # noqa: SIM905
)
"""Reflexive pronouns («should I book the hotel myself»): they say who does it, they name no subject and head no
noun phrase."""

IRREGULAR_PARTICIPLES = frozenset(
    """
    paid given taken spent sent kept left brought bought held shown seen written done known told sold lost found
    put cut become begun chosen driven eaten forgotten hidden spoken stolen worn won withheld broken frozen made
    built caught taught thrown forbidden understood drawn grown torn hung lent meant heard
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""Past participles not spelled with «-ed» (a closed class of the irregular verbs)."""

_TOKEN_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*|[^\sA-Za-z]")


def _tokens(text: str) -> list[str]:
    """The lower-cased Latin words of ``text`` and its other non-space characters (a punctuation mark breaks a noun
    phrase)."""
    return [t.lower().replace("’", "'") for t in _TOKEN_RE.findall(text)]


def _is_word(token: str) -> bool:
    return token[:1].isalpha()


def is_participle(word: str) -> bool:
    """Whether ``word`` is spelled as a past participle: «-ed» (not «-eed»: «speed», «need»; at least five letters:
    «bed», «red» are no participles) or an irregular one (:data:`IRREGULAR_PARTICIPLES`)."""
    if word in IRREGULAR_PARTICIPLES:
        return True
    return len(word) >= 5 and word.endswith("ed") and not word.endswith("eed")


PREDICATIVE_ADJECTIVES = frozenset(
    """free open mandatory optional compulsory obligatory necessary unpaid valid legal illegal""".split()  # noqa: SIM905
)
"""Adjectives a rule says a thing is (a closed list of the terms a rule sets: its price, its availability, whether
it is required or permitted), the predicate of «is the parking free», «is the gym open on weekends», «is the
training mandatory» when they end their noun phrase; before a noun they modify it («free parking»)."""


def is_predicative_adjective(word: str) -> bool:
    """Whether ``word`` is spelled as an adjective of possibility («-able», «-ible», at least seven letters:
    «available», «taxable», «eligible»; not «table», «cable») or is one of :data:`PREDICATIVE_ADJECTIVES`, the
    predicate of «is X available», «is X free»."""
    return word in PREDICATIVE_ADJECTIVES or (len(word) >= 7 and word.endswith(("able", "ible")))


def _content(token: str) -> bool:
    """Whether ``token`` is a word that may name something (no question or function word, no preposition)."""
    return _is_word(token) and not is_question_word(token) and token not in PREPOSITIONS


SUBJECT_OR_OBJECT_PRONOUNS = frozenset({"it", "you"})
"""The personal pronouns that are the same word as a subject and as an object: a verb follows one only where it is
the subject (:data:`PRONOUNS_READ_BY_THEIR_PLACE`)."""

PRONOUNS_READ_BY_THEIR_PLACE = True
"""Whether «it» and «you» are read as the subject a verb follows only where a subject stands — first, after an
auxiliary or a copula («does it cover», «can you send»), after a question word or a conjunction («when you work») —
and as an object after a verb or a preposition («can I give you feedback», «can I take it home», «is there a
discount for you»): before, the word after them was always read as a verb («feedback», «home»)."""

_VERBS_AMONG_QUESTION_WORDS = frozenset(
    """
    be been being get gets got make makes made take takes need needs needed want wants wanted allow allows allowed
    tell know let set last lasts
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""The verbs among the words that name no subject (:data:`agentcore.rag._focus.english.QUESTION_WORDS`): after one a
pronoun is its object, and before one a noun phrase is its subject («can work laptops be taken home»)."""

_COPULAS = frozenset({"is", "are", "was", "were", "am", "have", "has", "had"})


def _pronoun_is_subject(tokens: list[str], k: int) -> bool:
    """Whether the pronoun ``tokens[k]`` is a subject: always for «I», «we», «they», «he», «she»; for «it» and «you»
    (:data:`SUBJECT_OR_OBJECT_PRONOUNS`) only where no verb or preposition governs it
    (:data:`PRONOUNS_READ_BY_THEIR_PLACE`)."""
    if not PRONOUNS_READ_BY_THEIR_PLACE or tokens[k] not in SUBJECT_OR_OBJECT_PRONOUNS or k == 0:
        return True
    before = tokens[k - 1]
    if before in AUXILIARIES or before in _COPULAS or not _is_word(before):
        return True
    return not (_content(before) or before in PREPOSITIONS or before in _VERBS_AMONG_QUESTION_WORDS)


AUXILIARY_SUBJECTS_END_AT_THEIR_VERB = True
"""Whether the noun phrase after an auxiliary of «do» or a modal («can guests park here», «does sick leave count as
vacation», «do contractors receive bonuses») ends at its bare verb, read by word order and by what the words can be
(:func:`_verb_of_the_subject`): before, only a verb after a personal pronoun or after «the company» was read, and
«can guests park here» had the subject «park» (the last word of the run, «guests» its modifier)."""

_NOUN_QUESTION_WORDS = frozenset({"company"})
"""The nouns among the words that name no subject («does the company pay»): they stand in the subject's noun
phrase."""
_NOUN_SUFFIXES = ("tion", "sion", "ness", "ity", "ship", "ism", "ist", "ance", "ence")


def _may_be_a_bare_verb(word: str) -> bool:
    """Whether ``word`` may be a verb's bare form (the one an auxiliary takes) by its spelling: not a plural or a
    third person («guests», «takes»; «access», «pass» may), no participle or gerund, no noun suffix («vacation»,
    «illness», «quality»)."""
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return False
    if is_participle(word) or (len(word) > 5 and word.endswith("ing")):
        return False
    return not word.endswith(_NOUN_SUFFIXES) and word not in PLACE_AND_TIME_ADVERBS


def _is_plural_noun(word: str) -> bool:
    """Whether ``word`` is spelled as a plural noun («guests», «employees»; not «access», «status», «analysis»)."""
    return len(word) >= 4 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _verb_of_the_subject(run: list[str]) -> int | None:
    """The index of the bare verb in ``run``, the content words after an auxiliary (its subject, the verb, maybe its
    object: :data:`AUXILIARY_SUBJECTS_END_AT_THEIR_VERB`), or ``None``: the word after a plural noun (a plural ends
    its noun phrase: «guests park»), else the first word the glossary reads as a verb («manager approve overtime»),
    else the first that may be a bare verb by its spelling and that the glossary does not read as a noun only («staff
    use gym equipment», «probation affect vacation»), else the last that may be one («sick leave count»).  The first
    word is the subject's."""
    from agentcore.rag._focus.english import glossary_reading

    candidates = [i for i in range(1, len(run)) if _may_be_a_bare_verb(run[i])]
    after_plural = [i for i in candidates if _is_plural_noun(run[i - 1])]
    if after_plural:
        return after_plural[0]
    readings = {i: glossary_reading(run[i]) for i in candidates}
    verbs = [i for i in candidates if readings[i] == "verb"]
    if verbs:
        return verbs[0]
    not_nouns = [i for i in candidates if readings[i] != "noun"]
    if not_nouns:
        return not_nouns[0]
    return candidates[-1] if candidates else None


def _auxiliary_verbs(tokens: list[str]) -> set[str]:
    """The bare verbs of the subjects of the auxiliaries of ``tokens`` that are no pronoun
    (:func:`_verb_of_the_subject`)."""
    found: set[str] = set()
    for k, token in enumerate(tokens):
        if token not in AUXILIARIES:
            continue
        j = k + 1
        while j < len(tokens) and tokens[j] in DETERMINERS:
            j += 1
        run: list[str] = []
        # an adverb of place or time ends the run («does the office close early»), not one before its first word
        # («does the daily standup happen online»: an adjective there)
        while j < len(tokens) and (
            (
                _content(tokens[j])
                and (not run or tokens[j] not in PLACE_AND_TIME_ADVERBS)
                and tokens[j] not in REFLEXIVE_PRONOUNS
            )
            or tokens[j] in _NOUN_QUESTION_WORDS
        ):
            run.append(tokens[j])
            j += 1
        follows = tokens[j] if j < len(tokens) else ""
        if len(run) < 2 or follows in _VERBS_AMONG_QUESTION_WORDS:
            continue  # «can work laptops be taken home»: the run is the subject, its verb comes after
        verb = _verb_of_the_subject(run)
        if verb is not None:
            found.add(run[verb])
    return found


@lru_cache(maxsize=4096)
def predicate_words(text: str) -> frozenset[str]:
    """The words of the English question ``text`` that are its predicate, not its subject: the verb after a personal
    pronoun that is a subject (:func:`_pronoun_is_subject`) or after the noun phrase an auxiliary's subject is
    («does the company pay», «can guests park here»: :data:`AUXILIARY_SUBJECTS_END_AT_THEIR_VERB`), the infinitive
    after «to» that follows a word taking one (:data:`INFINITIVE_HOSTS`), and a participle or an adjective of
    possibility (:func:`is_predicative_adjective`) ending its noun phrase (the next word is no word that may name
    something, or an adverb of place or time: «is my laptop taxed», «is paid leave available», «is the laptop taken
    home»; not «paid leave»)."""
    tokens = _tokens(text)
    found: set[str] = _auxiliary_verbs(tokens) if AUXILIARY_SUBJECTS_END_AT_THEIR_VERB else set()
    for k, token in enumerate(tokens):
        before = tokens[k - 1] if k else ""
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        if not _content(token):
            continue
        if (before in PERSONAL_PRONOUNS and _pronoun_is_subject(tokens, k - 1)) or (
            before == "to" and k >= 2 and tokens[k - 2] in INFINITIVE_HOSTS
        ):
            found.add(token)
        elif (
            not AUXILIARY_SUBJECTS_END_AT_THEIR_VERB
            and k >= 3
            and tokens[k - 3] in AUXILIARIES
            and tokens[k - 2] in DETERMINERS
            and is_question_word(before)
        ):
            found.add(token)  # «does the company pay»: the auxiliary's subject names no subject, then its verb
        elif (is_participle(token) or is_predicative_adjective(token)) and (
            not _content(after) or after in PLACE_AND_TIME_ADVERBS
        ):
            found.add(token)
    return frozenset(found)


@lru_cache(maxsize=4096)
def yesno_subject(text: str, terms: tuple[str, ...]) -> tuple[str, ...]:
    """The subject of the English yes/no ``text``: of each run of consecutive ``terms`` (no predicate word,
    :func:`predicate_words`) that no preposition governs, its head — the last of them that is no adverb of place or
    time (:data:`PLACE_AND_TIME_ADVERBS`) nor a reflexive pronoun (:data:`REFLEXIVE_PRONOUNS`); the words before the
    head modify it (:func:`subject_modifiers`; «is my work laptop taxed» → laptop; «can I take the laptop home» →
    laptop; «is there a gym in the office building» → gym).  «to» after a word taking an infinitive
    (:data:`INFINITIVE_HOSTS`) opens the infinitive, no preposition: «do I have to tell my manager» → manager."""
    return tuple(dict.fromkeys(head for _, head in _subject_phrases(text, terms)))


def subject_modifiers(text: str, terms: tuple[str, ...]) -> tuple[str, ...]:
    """The words of the English yes/no ``text`` that modify its subject: the terms of a subject's run before its head
    (:func:`yesno_subject`; «is *sick* leave paid» → sick, «is my *work* laptop taxed» → work)."""
    return tuple(dict.fromkeys(m for modifiers, _ in _subject_phrases(text, terms) for m in modifiers))


def _opens_an_infinitive(tokens: list[str], k: int) -> bool:
    """Whether ``tokens[k]`` is the «to» of an infinitive: after a word taking one (:data:`INFINITIVE_HOSTS`) and
    before no determiner («have to tell my manager»; not «going to the office»)."""
    after = tokens[k + 1] if k + 1 < len(tokens) else ""
    return tokens[k] == "to" and k > 0 and tokens[k - 1] in INFINITIVE_HOSTS and after not in DETERMINERS


@lru_cache(maxsize=4096)
def _subject_phrases(text: str, terms: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Per noun phrase of ``terms`` no preposition governs: its modifiers and its head (:func:`yesno_subject`)."""
    found: list[tuple[tuple[str, ...], str]] = []
    run: list[str] = []
    governed = False

    def close() -> None:
        heads = [k for k, t in enumerate(run) if t not in PLACE_AND_TIME_ADVERBS and t not in REFLEXIVE_PRONOUNS]
        if heads and not governed:
            found.append((tuple(t for t in run[: heads[-1]] if t not in PLACE_AND_TIME_ADVERBS), run[heads[-1]]))
        run.clear()

    predicate = predicate_words(text)
    tokens = _tokens(text)
    for k, token in enumerate(tokens):
        if token in terms and token not in predicate and token not in PREPOSITIONS:
            run.append(token)
            continue
        if run:
            close()
            governed = False  # a preposition governs one noun phrase
        if token in PREPOSITIONS and not _opens_an_infinitive(tokens, k):
            governed = True
        elif not _is_word(token) or not is_question_word(token):
            governed = False  # a verb, a punctuation mark: what follows is no object of the preposition
    if run:
        close()
    return tuple(found)
