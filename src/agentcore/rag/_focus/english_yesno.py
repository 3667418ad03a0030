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

from agentcore.rag._focus.english import is_question_word

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

PREPOSITIONS = frozenset(
    """
    to for from in on at by with about into onto of during after before without under over via through per across
    within outside inside until till towards toward near between behind beside besides against among above below
    beneath beyond except regarding despite upon throughout
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""English prepositions: the noun phrase after one is a circumstance («to the office», «on business trips»), as a
Russian one governed by a preposition is (:func:`agentcore.rag._focus.yesno.yesno_subject`)."""

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


@lru_cache(maxsize=4096)
def predicate_words(text: str) -> frozenset[str]:
    """The words of the English question ``text`` that are its predicate, not its subject: the verb after a personal
    pronoun or after a noun that names no subject («does the company pay»), the infinitive after «to» that follows a
    word taking one (:data:`INFINITIVE_HOSTS`), and a participle or an adjective of possibility
    (:func:`is_predicative_adjective`) ending its noun phrase (the next word is no word that may name something, or
    an adverb of place or time: «is my laptop taxed», «is paid leave available», «is the laptop taken home»; not
    «paid leave»)."""
    tokens = _tokens(text)
    found: set[str] = set()
    for k, token in enumerate(tokens):
        before = tokens[k - 1] if k else ""
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        if not _content(token):
            continue
        if before in PERSONAL_PRONOUNS or (before == "to" and k >= 2 and tokens[k - 2] in INFINITIVE_HOSTS):
            found.add(token)
        elif k >= 3 and tokens[k - 3] in AUXILIARIES and tokens[k - 2] in DETERMINERS and is_question_word(before):
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
