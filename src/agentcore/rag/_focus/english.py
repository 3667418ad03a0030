"""English questions over the Russian documents: what an English part asks for, its subject terms, and the
documents' words for them.

The lexical tests of the focus check read a part's subject terms in the shown sentences; an English term
(«version», «days», «office») is in no Russian sentence, so before this every English question was declined by a
hard lack of Latin words even when the draft quoted the answering sentence.  Three things let the same tests read
it:

* **the interrogative frame** — English question words are a closed class, so what a part asks for is read from them
  as from the Russian ones (:data:`ASKS`: «how many» a number, «when» a time, «who» a person, «where» a service,
  «which/what X» a name, «how do I» a procedure, «can/is/do …» a yes/no), and they name no subject
  (:data:`QUESTION_WORDS`);
* **the documents' word for an English term** — the office glossary's Russian words for it that the passages hold
  (``lexicon/english.txt``: «leave» / «отпуск», «password» / «пароль», «sick leave» / «больничный»; :func:`glossary`),
  else its Russian loanword in the passages («sprint» / «спринт»), else the nearest Russian lemmas of the run's
  passages by the e5 model (multilingual-e5-small: a word and its translation lie close, «version» / «версия»
  0.95, «office» / «офис» 0.94, while a word with no translation in the passages mostly finds neighbours below
  0.90 — «dog», «gym», «shuttle»), added as another spelling of the term (:func:`russian_spellings`), as the query
  repair adds «velocity» for «велосити».  A term the passages do not translate stays a term they lack;
* **what a count counts** — «how long does X last» asks X's lasting, «how much» an amount, «how many days» a span
  (:func:`measure_of`), so the Russian rules of the kind of figure and of whose lasting it is apply;
* **names in a lack** — a lacking English word is a name or a code only when written so (a capital inside the
  sentence, a digit): «Georgia», «PSM» (:func:`names_a_thing`); any other lacking English word is a noun the
  documents may paraphrase (a soft lack, decided by meaning), as a Russian one is.

The focus check then asks more of an English part (:data:`ENGLISH_MIN_COVERAGE`: every subject term in the
supplying sentence; an English procedure or definition part is not answered, since the draft quotes steps and
definitions by Russian words only) and reads its thresholds by meaning :data:`CROSS_LINGUAL_GAP` lower.

Russian lemma vectors of the shipped knowledge base ship with it (``kb/default.<embedder>.words.npz``, written by
``agentcore rag bundle-vectors``); the words of another collection are embedded on first use and cached.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agentcore.rag._focus.measures import Measure

WORD_MIN_COSINE = 0.90
"""e5 cosine (``query:`` English word vs ``query:`` Russian lemma) from which a Russian lemma of the passages may be
read as the English term's translation.  Single-word vectors are noisy: translations score 0.90–0.96 («model» /
«модель» 0.96, «days» / «день» 0.95, «hotel» / «гостиница» 0.91, «vacation» / «отпуск» 0.91), the best lemma of a
word the documents lack mostly below 0.89 («dog», «gym», «shuttle», «paternity»)."""
WORD_MARGIN = 0.015
"""A lemma is taken only within this of the term's best lemma («password»: «паспорт» 0.916 and «пароль» 0.904 are
both taken — a sentence must still hold the other terms of the part; «cards»: «карта» 0.93 alone)."""
WORD_MAX_SPELLINGS = 3
"""At most this many Russian lemmas (the closest) are taken for one English term."""
LOANWORD_MIN_SIMILARITY = 0.75
"""A Russian lemma whose Latin transliteration is this close (normalised Levenshtein) to an English term is its
loanword («спринт» / «sprint», «токен» / «token», «стендап» / «standup»): the query repair's rule for a Russian
spelling of an English term (:mod:`agentcore.rag._query_repair`), the other way round."""
LOANWORD_MIN_COSINE = 0.85
"""… when the two are also close by the e5 model (a loanword and its source score 0.88–0.98: «спринт» / «sprint»
0.88, «токен» / «token» 0.95; a look-alike does not: «хотеть» / «hotel»)."""

CROSS_LINGUAL_GAP = 0.05
"""How much lower the e5 cosine of an English question to the Russian sentence that answers it is than that of the
same question asked in Russian (median over parallel questions, ``benchmarks/focus_cross_lingual_gap.py``: 0.05,
mean 0.047).  The thresholds calibrated on Russian questions — the searcher's answerability, the focus check's
tests by meaning — are read this much lower for an English question."""

ENGLISH_MIN_COVERAGE = 1.0
"""The share of an English part's subject terms one supplying sentence (with its heading) must hold: every one.  The
Russian rules that read what a count counts, whose lasting it is and which case a rule is for parse Russian words
and cannot read an English part, and a translation by single-word vectors is sometimes a neighbour («vacation» →
«отдых» too), so the share that stands in for them is the whole part."""

_CYRILLIC_RE = re.compile(r"[а-яё]", re.IGNORECASE)
_LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_RUSSIAN_LEMMA_RE = re.compile(r"[а-я]{3,}")

PREPOSITIONS = frozenset(
    """
    to for from in on at by with about into onto of during after before without under over via through per across
    within outside inside until till towards toward near between behind beside besides against among above below
    beneath beyond except regarding despite upon throughout like as
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""English prepositions (a closed class; «like» and «as» too: «a hardware key like a yubikey», «count as vacation»):
the noun phrase after one is a circumstance («to the office», «on business trips»), as a Russian one governed by a
preposition is (:func:`agentcore.rag._focus.yesno.yesno_subject`), and the preposition itself names no subject, as
a Russian one does not (:data:`PREPOSITIONS_NAME_NO_SUBJECT`)."""

PREPOSITIONS_NAME_NO_SUBJECT = True
"""Whether every English preposition (:data:`PREPOSITIONS`) is a word that names no subject (:data:`QUESTION_WORDS`),
as «to», «for», «in» always were and as a Russian preposition is: before, «without», «after», «during», «within»,
«near», «like» were subject terms of the part, and since an English part's supplying sentence must hold every term
(:data:`ENGLISH_MIN_COVERAGE`) while no Russian preposition is among the passages' lemmas a term is spelled as, a part
holding one was never answered («how many sick days can I take without a doctor's note»)."""

NEGATED_AUXILIARIES = frozenset(
    """
    don doesn didn isn aren wasn weren haven hasn hadn won wouldn shouldn couldn mustn needn mightn shan ain
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""The auxiliaries of a negation as the word splitter leaves them before «n't» («don't» → «don», «t»: the question's
words split at the apostrophe): they name no subject (:data:`QUESTION_WORDS`), as the whole «don't» does."""

QUESTION_WORDS = (
    frozenset(
        """
    what which who whom whose when where why how many much long often soon does do did doing done can could may might
    should must will would shall is are was were be been being am have has had i me my mine we us our ours you your
    yours he she they them their it its this that these those there here a an the to of for from in on at by with
    about into onto and or not no nor if any some get gets got make makes made take need needs needed want wants
    wanted allowed allow allows possible please tell know let us also just still really else than then so too very
    i'm i've i'd what's where's who's how's it's there's don't doesn't can't won't isn't aren't s t d m ll ve re
    own company up out off per last lasts set take takes such
    """.split()  # noqa: SIM905 - a word list reads better as text
    )
    | (PREPOSITIONS if PREPOSITIONS_NAME_NO_SUBJECT else frozenset())
    | NEGATED_AUXILIARIES
)
"""English words that name no subject: question words, auxiliaries (and their negated forms, split at the
apostrophe: :data:`NEGATED_AUXILIARIES`), pronouns, articles, prepositions (:data:`PREPOSITIONS`), light verbs
the modal words a Russian question says with «можно / нужно / хотеть», and the verbs of lasting a Russian one says
with «длиться» («how long does it last»; closed classes, not a vocabulary)."""

_FUNCTION_RE = re.compile(
    r"\b(?:what|which|who|when|where|why|how|can|could|do|does|is|are|should|must|will|the|my|i|we|our)\b",
    re.IGNORECASE,
)

ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "number",
        re.compile(
            r"\bhow (?:many|much|long|often|soon|fast|quickly|big|large)\b|"
            r"\b(?:limit|budget|size|length|amount|price|cost|maximum|minimum|max|min|allowance|per diem)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "time",
        re.compile(
            r"\bwhen\b|\bwhat time\b|\b(?:until|till|by) what\b|\bwhat (?:day|date|hours)\b|\bdeadline\b|"
            r"\bopening hours\b",
            re.IGNORECASE,
        ),
    ),
    ("person", re.compile(r"\bwho(?:m|se)?\b|\bto whom\b", re.IGNORECASE)),
    (
        "service",
        re.compile(
            r"\bwhere\b|\b(?:which|what) (?:app|application|service|tool|channel|system|portal|e-?mail|address|"
            r"phone|bot|messenger|insurer)\b",
            re.IGNORECASE,
        ),
    ),
    ("definition", re.compile(r"^\s*what (?:is|are) (?:a|an)\b|\bwhat does .+ mean\b|\bmeaning of\b", re.IGNORECASE)),
    (
        "procedure",
        re.compile(
            r"^\s*how (?:do|can|should|would|does|to)\b|\bhow to\b|\bwhat (?:should|do|must) (?:i|we) do\b",
            re.IGNORECASE,
        ),
    ),
    ("name", re.compile(r"\b(?:which|what(?:'s|’s)?)\b", re.IGNORECASE)),
    (
        "yesno",
        re.compile(r"^\s*(?:can|could|may|is|are|do|does|did|should|must|will|would|am|have|has|shall)\b", re.I),
    ),
)
"""What an English part asks for, by its question words (the first pattern that matches), as
:data:`agentcore.rag._focus.parts._ASKS` reads a Russian one."""

PART_SPLIT_RE = re.compile(
    r",?\s+(?:and|or)\s+(?=(?:what|how|when|where|who|which|can|could|do|does|is|are|should|must|will)\b)",
    re.IGNORECASE,
)
"""Where an English question begins a second part: «… length, and do we need …»."""


def writing_script(text: str) -> str:
    """``"cyrillic"`` when ``text`` has a Cyrillic letter, else ``"latin"`` when it has a Latin one, else ``""``:
    the script whose e5 neighbours lie :data:`CROSS_LINGUAL_GAP` nearer than the other's."""
    if _CYRILLIC_RE.search(text):
        return "cyrillic"
    return "latin" if _LATIN_WORD_RE.search(text) else ""


@lru_cache(maxsize=4096)
def is_english(text: str) -> bool:
    """Whether ``text`` is written in English: no Cyrillic letter, and an English question or function word among
    at least two Latin words (not a bare term such as «VPN» or «agentcore rag use»).  Cached: the focus check asks
    it of the same part text for every sentence it weighs."""
    if writing_script(text) == "cyrillic":
        return False
    return len(_LATIN_WORD_RE.findall(text)) >= 2 and bool(_FUNCTION_RE.search(text))


SUBORDINATE_WH_ASK_NOTHING = True
"""Whether «when», «where» or «if» inside an English part, followed by no auxiliary, opens a clause of the question's
situation instead of asking: a question word of a direct question comes first or is followed by its auxiliary (the
subject is inverted: «when do I get a replacement», «where can I park»), while «do I have to tell my manager when I
work from home», «can I see the doctor where I live» ask a yes/no — before, «when» made them ask a time and «where»
a service.  After a verb of saying or knowing («tell me when», «do you know where», «find out when») the clause is
the question, asked indirectly, and still asks."""

_AUXILIARY_AFTER_WH = (
    r"(?:is|are|was|were|am|do|does|did|can|could|will|would|should|must|may|might|shall|have|has|had)\b|['’]s\b"
)
_INDIRECT_QUESTION_HOSTS = frozenset(
    """me us know knows wonder wondering ask asking say said explain understand out check""".split()  # noqa: SIM905
)
"""The words after which «when» / «where» opens an indirect question («tell me when», «do you know where», «find out
when»): a verb of saying or knowing, or its object."""
_SUBORDINATE_WH_RE = re.compile(rf"(?<=\S)(?P<before>\s+)(?:when|where)\b(?!\s*{_AUXILIARY_AFTER_WH})", re.IGNORECASE)


def _without_subordinate_clauses(text: str) -> str:
    """``text`` with each «when» / «where» that opens a subordinate clause blanked (:data:`SUBORDINATE_WH_ASK_NOTHING`):
    one inside the part (not its first word) followed by no auxiliary."""
    if not SUBORDINATE_WH_ASK_NOTHING:
        return text

    def blanked(match: re.Match[str]) -> str:
        words = _LATIN_WORD_RE.findall(text[: match.start()])
        indirect = bool(words) and words[-1].lower() in _INDIRECT_QUESTION_HOSTS
        return match.group() if indirect else f"{match.group('before')}_"

    return _SUBORDINATE_WH_RE.sub(blanked, text)


def asks_of(text: str) -> str:
    """What the English part ``text`` asks for (``"other"`` when no question word says it)."""
    text = _without_subordinate_clauses(text)
    for asks, pattern in ASKS:
        if pattern.search(text):
            return asks
    return "other"


def is_question_word(word: str) -> bool:
    return word.lower().replace("’", "'") in QUESTION_WORDS


def names_a_thing(term: str, text: str) -> bool:
    """Whether the English ``term`` is written in ``text`` as a name or a code: with a digit, a dot, or a capital
    letter other than the sentence's first («Georgia», «PSM», «Miro»; not «Can» opening the question)."""
    if re.search(r"[\d.]", term):
        return True
    for match in _LATIN_WORD_RE.finditer(text):
        word = match.group()
        if word.lower() != term:
            continue
        first = not text[: match.start()].strip(" \t\n\"'«(")
        if any(c.isupper() for c in word) and not (first and word[1:].islower()):
            return True
    return False


def russian_spellings(
    terms: Sequence[str], texts: Sequence[str], embed: Any | None = None, *, by_meaning: bool = True
) -> list[tuple[str, str]]:
    """For each English term of ``terms`` the Russian lemmas of ``texts`` that spell or translate it, as ``(term,
    lemma)`` pairs: first the glossary's words the texts hold (:data:`GLOSSARY_FIRST`), then its loanwords
    (:data:`LOANWORD_MIN_SIMILARITY`), else the lemmas closest to it by the e5 model (at least
    :data:`WORD_MIN_COSINE`, within :data:`WORD_MARGIN` of the best, at most :data:`WORD_MAX_SPELLINGS`).

    ``embed(texts, kind)`` returns unit rows (the local e5 with the shipped word vectors by default); without a
    model nothing is found.  ``by_meaning=False``: loanwords only."""
    english = tuple(t for t in dict.fromkeys(terms) if re.fullmatch(r"[a-z][a-z'-]*", t))
    if not english or not texts:
        return []
    glossed: list[tuple[str, str]] = []
    if GLOSSARY_FIRST and by_meaning:
        # the glossary's words the passages hold come first; the e5 guess is still read for every term, since a
        # glossary entry may lack the documents' variant that the answering sentence uses
        glossed = glossary_spellings(english, texts)
    lemmas = document_lemmas(texts)
    if not lemmas:
        return glossed
    found = _spellings(english, lemmas, embed) if embed is not None else list(_cached_spellings(english, lemmas))
    if not by_meaning:
        found = [(term, lemma) for term, lemma in found if lemma in loanwords(term, (lemma,))]
    return list(dict.fromkeys(glossed + found))


GLOSSARY_FIRST = True
"""Whether an English term's Russian words are first looked up in the office glossary (``lexicon/english.txt``,
:func:`glossary`): single-word e5 vectors put neighbours as close as translations («password» / «паспорт» above
«пароль», «vacation» / «отдых»), while the common words an employee asks with have one or two settled Russian words
in the documents.  The e5 path is read for every term as well (its spellings after the glossary's): an entry that
lacks the variant the answering sentence uses («change» with «изменение» but not «поменять») would otherwise hide a
word e5 finds."""


def glossary_spellings(terms: Sequence[str], texts: Sequence[str]) -> list[tuple[str, str]]:
    """For each English term of ``terms`` the glossary's Russian alternatives (:func:`glossary_alternatives`) whose
    every lemma a word of ``texts`` matches (:func:`agentcore.rag._focus.words.term_matches`), as ``(term,
    spelling)`` pairs; a spelling of several words is their lemmas joined by a space («учетный запись»), and all
    of them must be found (:func:`spelling_lemmas`)."""
    from agentcore.rag._focus.words import term_matches, vocabulary_of

    words, stems = vocabulary_of(texts)
    found: list[tuple[str, str]] = []
    for term, alternatives in glossary_alternatives(tuple(terms)):
        found.extend(
            (term, " ".join(lemmas))
            for lemmas in alternatives
            if all(term_matches(lemma, words, stems) for lemma in lemmas)
        )
    return found


@lru_cache(maxsize=4096)
def glossary_reading(word: str) -> str:
    """What the glossary (:func:`glossary`) says the English ``word`` can be: ``"verb"`` when one of its Russian words
    is an infinitive («approve» → «согласовать», «work» → «работать») or the glossary has its «-ing» or «-ed» form
    («park» of «parking», «book» of «booking»); ``"noun"`` when it has the word and none of that (its Russian words
    are nouns or adjectives: «leave» → «отпуск»); ``""`` for a word it lacks."""
    from agentcore.text.morphology import pos_of

    words, _ = glossary()
    entry = next((words[form] for form in english_base_forms(word) if form in words), None)
    if entry is not None and any(len(lemmas) == 1 and pos_of(lemmas[0]) == "INFN" for lemmas in entry):
        return "verb"
    if any(key != word and key.endswith(("ing", "ed")) and word in english_base_forms(key) for key in words):
        return "verb"
    return "noun" if entry is not None else ""


def spelling_lemmas(spelling: str) -> tuple[str, ...]:
    """The lemmas of a spelling :func:`russian_spellings` returns (a glossary phrase is several)."""
    return tuple(spelling.split())


def head_lemma(spelling: str) -> str:
    """The word of a spelling a Russian rule looks for: its first plain noun («испытательный срок» → «срок»), else
    its last word."""
    from agentcore.rag._focus.words import is_plain_noun

    lemmas = spelling_lemmas(spelling)
    return next((lemma for lemma in lemmas if is_plain_noun(lemma)), lemmas[-1])


@lru_cache(maxsize=1024)
def glossary_alternatives(terms: tuple[str, ...]) -> tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]:
    """The glossary's alternatives for each of ``terms`` that it knows, as ``(term, alternatives)``: the entry of the
    term's own word (:func:`english_base_forms`), then those of every phrase entry all of whose words are among
    ``terms`` («sick leave»: both «sick» and «leave» may be found as «больничный»)."""
    words, phrases = glossary()
    bases = {term: english_base_forms(term) for term in terms}
    found: dict[str, list[tuple[str, ...]]] = {}
    for term, forms in bases.items():
        entry = next((words[form] for form in forms if form in words), ())
        if entry:
            found.setdefault(term, []).extend(entry)
    for key, alternatives in phrases:
        holders = [next((t for t, forms in bases.items() if word in forms), None) for word in key]
        if all(holder is not None for holder in holders):
            for holder in dict.fromkeys(h for h in holders if h is not None):
                found.setdefault(holder, []).extend(alternatives)
    return tuple((term, tuple(dict.fromkeys(alternatives))) for term, alternatives in found.items())


def english_base_forms(word: str) -> tuple[str, ...]:
    """``word`` and the dictionary forms it may be of, most likely first: a plain plural or third person
    («days» → «day», «expenses» → «expense», «policies» → «policy», «boxes» → «box») and a past or «-ing» form
    («approved» → «approve», «locked» → «lock», «stopped» → «stop», «booking» → «book», «charging» → «charge»).
    Conservative: only the regular endings, and only a candidate the glossary has is read."""
    forms = [word]
    if len(word) > 3 and word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        forms.append(word[:-1])
        if word.endswith("es"):
            forms.append(word[:-2])
    for ending in ("ed", "ing"):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            stem = word[: -len(ending)]
            if ending == "ed" and stem.endswith("i"):
                forms.append(stem[:-1] + "y")  # «applied»
            forms.extend([stem + "e", stem])  # «approved», «charging»; «locked», «booking»
            if len(stem) > 2 and stem[-1] == stem[-2]:
                forms.append(stem[:-1])  # «stopped», «planning»
    return tuple(dict.fromkeys(forms))


_GLOSSARY_KEY_RE = re.compile(r"[a-z0-9][a-z0-9' -]*")
"""A glossary key: English words (a line of the file with another key is skipped)."""


@lru_cache(maxsize=1)
def glossary() -> tuple[
    dict[str, tuple[tuple[str, ...], ...]], tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...]
]:
    """The English office glossary (``lexicon/english.txt``, written from general knowledge of the words employees
    use, not from any question set), read once: its one-word entries by word and its phrase entries, each with its
    alternatives as tuples of Russian lemmas (:func:`agentcore.rag._focus.words.lemma_of`).  An entry written on
    several lines gathers all of them."""
    from importlib import resources

    text = resources.files("agentcore.rag").joinpath("lexicon/english.txt").read_text(encoding="utf-8")
    return _parsed_glossary(text)


def _parsed_glossary(
    text: str,
) -> tuple[dict[str, tuple[tuple[str, ...], ...]], tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...]]:
    from agentcore.rag._focus.words import WORD_RE, lemma_of
    from agentcore.rag._lexicon import entry_lines

    entries: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for left, alternatives, focus_only in entry_lines(text):
        if focus_only or not _GLOSSARY_KEY_RE.fullmatch(left.lower()):
            continue
        key = tuple(left.lower().split())
        for phrase in alternatives:
            lemmas = tuple(lemma_of(w) for w in WORD_RE.findall(phrase.replace("ё", "е")))
            if lemmas:
                entries.setdefault(key, []).append(lemmas)
    words = {key[0]: tuple(dict.fromkeys(v)) for key, v in entries.items() if len(key) == 1}
    phrases = tuple((key, tuple(dict.fromkeys(v))) for key, v in entries.items() if len(key) > 1)
    return words, phrases


@lru_cache(maxsize=1024)
def _cached_spellings(english: tuple[str, ...], lemmas: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """:func:`_spellings` with the local model, once per terms and passages' lemmas (a check reads the same part
    against the same passages for every claim and every candidate sentence)."""
    return tuple(_spellings(english, lemmas, _word_vectors))


def _spellings(english: Sequence[str], lemmas: Sequence[str], embed: Any) -> list[tuple[str, str]]:
    import numpy as np

    try:
        queries = embed(list(english), "query")
        candidates = _lemma_matrix(tuple(lemmas)) if embed is _word_vectors else embed(list(lemmas), "query")
    except Exception:  # no local model: nothing is translated
        return []
    scores = np.asarray(queries) @ np.asarray(candidates).T
    index = {lemma: j for j, lemma in enumerate(lemmas)}
    found: list[tuple[str, str]] = []
    for row, term in enumerate(english):
        loans = [lemma for lemma in loanwords(term, lemmas) if scores[row, index[lemma]] >= LOANWORD_MIN_COSINE]
        if loans:
            found.extend((term, lemma) for lemma in loans)
            continue
        found.extend(
            (term, lemma) for lemma in _closest(scores[row], lemmas, WORD_MIN_COSINE, WORD_MARGIN, WORD_MAX_SPELLINGS)
        )
    return found


def _closest(row: Any, lemmas: Sequence[str], min_cosine: float, margin: float, most: int) -> list[str]:
    """The ``lemmas`` whose cosines in ``row`` are among the ``most`` highest, at least ``min_cosine`` and within
    ``margin`` of the best."""
    import numpy as np

    order = np.argsort(-row)[:most]
    best = float(row[order[0]])
    return [lemmas[j] for j in order if float(row[j]) >= min_cosine and float(row[j]) >= best - margin]


@lru_cache(maxsize=1024)
def _neighbours(
    terms: tuple[str, ...], lemmas: tuple[str, ...], min_cosine: float, margin: float, most: int
) -> tuple[tuple[str, str], ...]:
    """For each of ``terms`` the ``lemmas`` closest to it by the local e5 model (``query:`` vectors of single
    words): at least ``min_cosine``, within ``margin`` of the best, at most ``most`` of them; nothing without a
    model."""
    import numpy as np

    if not terms or not lemmas:
        return ()
    try:
        queries = _word_vectors(list(terms), "query")
        candidates = _lemma_matrix(lemmas)
    except Exception:  # no local model: no neighbours
        return ()
    scores = np.asarray(queries) @ np.asarray(candidates).T
    found: list[tuple[str, str]] = []
    for row, term in enumerate(terms):
        found.extend((term, lemma) for lemma in _closest(scores[row], lemmas, min_cosine, margin, most))
    return tuple(found)


@lru_cache(maxsize=64)
def _lemma_matrix(lemmas: tuple[str, ...]) -> Any:
    return _word_vectors(list(lemmas), "query")


def loanwords(term: str, lemmas: Sequence[str]) -> list[str]:
    """The lemmas of ``lemmas`` that spell the English ``term`` in Russian letters («спринт» for «sprint»)."""
    if len(term) < 4:
        return []
    from rapidfuzz.distance import Levenshtein

    from agentcore.rag._focus.words import is_plain_noun
    from agentcore.text import transliterate

    return [
        lemma
        for lemma in lemmas
        if abs(len(lemma) - len(term)) <= 3
        and Levenshtein.normalized_similarity(transliterate(lemma), term) >= LOANWORD_MIN_SIMILARITY
        and is_plain_noun(lemma)  # a borrowed term is a noun («спринт», «токен»); «хотеть» is no «hotel»
    ]


_LATIN_PHRASE_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*)+")


def in_latin_phrase(term: str, text: str) -> bool:
    """Whether ``term`` stands in ``text`` among other Latin words (a borrowed English phrase: «core hours»,
    «performance review»), not alone among Russian ones («колонка testing»)."""
    return any(term in m.group().lower().split() for m in _LATIN_PHRASE_RE.finditer(text))


def unspelled(terms: Sequence[str], texts: Sequence[str]) -> list[str]:
    """The English terms of ``terms`` that ``texts`` do not write as they are (the word or its stem): only exact
    spellings count — the Russian rules' shared beginnings would find «password» in «Passwork»."""
    from agentcore.rag._focus.words import stem_of, vocabulary_of

    words, stems = vocabulary_of(texts)
    return [t for t in terms if re.fullmatch(r"[a-z][a-z'-]*", t) and t not in words and stem_of(t) not in stems]


def document_lemmas(texts: Sequence[str]) -> tuple[str, ...]:
    """The Russian lemmas of ``texts`` that may name a subject (three letters or more, not a stop word), sorted."""
    from agentcore.rag._focus.words import vocabulary_of

    words, _ = vocabulary_of(texts)
    return _lemmas(frozenset(words))


@lru_cache(maxsize=256)
def _lemmas(words: frozenset[str]) -> tuple[str, ...]:
    from agentcore.rag._analysis import get_analyzer
    from agentcore.rag._focus.words import is_function_word, lemma_of

    stop = get_analyzer().stopwords
    found = set()
    for word in words:
        if not _RUSSIAN_LEMMA_RE.fullmatch(word) or word in stop:
            continue
        lemma = lemma_of(word)
        if _RUSSIAN_LEMMA_RE.fullmatch(lemma) and lemma not in stop and not is_function_word(lemma):
            found.add(lemma)
    return tuple(sorted(found))


_SHIPPED_WORDS: dict[str, Any] | None = None


def shipped_word_vector(lemma: str) -> Any | None:
    """The shipped ``query:`` vector of a lemma of the bundled knowledge base, or ``None``."""
    global _SHIPPED_WORDS
    if _SHIPPED_WORDS is None:
        from agentcore.rag.default_kb import load_bundled_word_vectors
        from agentcore.rag.embeddings import E5Embedder

        _SHIPPED_WORDS = load_bundled_word_vectors(E5Embedder.name)
    return _SHIPPED_WORDS.get(lemma)


def _word_vectors(words: list[str], kind: str) -> Any:
    """The local e5 ``query:`` vectors of single words: shipped ones for the bundled knowledge base's lemmas, the
    rest embedded once per process (:func:`agentcore.rag._focus.vectors.cached_local`)."""
    import numpy as np

    from agentcore.rag._focus.vectors import cached_local

    rows: list[Any] = [shipped_word_vector(w) for w in words]
    missing = [w for w, row in zip(words, rows, strict=True) if row is None]
    if missing:
        embedded = dict(zip(missing, cached_local(missing, kind), strict=True))
        rows = [embedded[w] if row is None else row for w, row in zip(words, rows, strict=True)]
    return np.stack(rows)


_HOW_LONG_RE = re.compile(r"\bhow (?:long|soon|quickly|fast)\b", re.IGNORECASE)
_LASTING_RE = re.compile(r"\bhow long (?:is|are|was)\b|\b(?:last|lasts|take|takes)\b", re.IGNORECASE)
_MONEY_RE = re.compile(
    r"\bhow much\b|\b(?:cost|costs|price|budget|salary|allowance|per diem|compensation|reimbursement|pay|paid)\b",
    re.IGNORECASE,
)
_HOW_MANY_RE = re.compile(r"\bhow many\s+(?P<words>[a-z' -]+)", re.IGNORECASE)


def measure_of(part: Any) -> Measure | None:
    """What an English count part measures, as :func:`agentcore.rag._focus.measures.measure_asked` reads a Russian
    one: «how long does X last / take», «how long is X» X's lasting, other «how long / how soon» a span, «how much»
    or a word of money an amount, «how many X» a span when a word of X translates to a unit of time
    (:data:`COUNTED_UNIT_ANYWHERE`), people or a count of the translation of X otherwise (X the last noun before
    the verb: «how many vacation days do I get» counts days); ``None`` when it names none."""
    from agentcore.rag._focus.measures import _MONEY_LEMMAS, _TIME_UNIT_LEMMAS, PEOPLE_LEMMAS

    text = part.text
    if _HOW_LONG_RE.search(text):
        # «how long does a sprint last», «how long is the probation»: the thing's own length (a lasting)
        return ("lasting", "") if _LASTING_RE.search(text) else ("span", "")
    match = _HOW_MANY_RE.search(text)
    if match is not None:
        words = []
        for word in match.group("words").split():
            if is_question_word(word):
                break
            words.append(word.lower())
        if words:
            head = words[-1]
            lemmas = [lemma for term, spelled in part.alternatives if term == head for lemma in spelled]
            every = [lemma for term, spelled in part.alternatives if term in words for lemma in spelled]
            if any(lemma in _TIME_UNIT_LEMMAS for lemma in (every if COUNTED_UNIT_ANYWHERE else lemmas)):
                # «how many days abroad are allowed»: the unit need not be the last word before the verb
                return ("span", "")
            if any(lemma in _MONEY_LEMMAS for lemma in lemmas):
                return ("money", "")
            people = [lemma for lemma in lemmas if lemma in PEOPLE_LEMMAS]
            if people:
                return ("people", people[0])
            if lemmas:
                return ("count", lemmas[0])
            return None
    if _MONEY_RE.search(text):
        return ("money", "")
    return None


COUNTED_UNIT_ANYWHERE = True
"""Whether «how many X Y» counts a span when any of its words, not only the last before the verb, translates to a
unit of time: an adverb or a modifier may follow the counted noun («how many days abroad», «how many hours
overtime»), and read as the head it made the part count «граница»."""


def spelled_as(part: Any, term: str) -> str:
    """The first Russian lemma an English ``term`` of ``part`` is spelled as in the passages (the term itself when
    none): the word a Russian rule looks for in a Russian sentence."""
    return next((lemma for name, spelled in part.alternatives if name == term for lemma in spelled), term)
