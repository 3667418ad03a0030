"""Words of the focus check: lemmas (pymorphy3), stems (the analyzer's), parts of speech, and whether a term
matches a text's vocabulary — by lemma, stem, a verb and its noun, or the same verb across a prefix."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from agentcore.rag._analysis import word_stem
from agentcore.text.clauses import VERB_PREDICATES, is_predicate
from agentcore.text.morphology import is_verb_form, lemma, pos_of, pos_readings
from agentcore.text.morphology import parses as word_parses

WORD_RE = re.compile(r"[A-Za-zА-Яа-яЁё][A-Za-zА-Яа-яЁё0-9-]*|\d+")


@lru_cache(maxsize=65536)
def lemma_of(word: str) -> str:
    """:func:`agentcore.text.morphology.lemma` of ``word``, but a participle that is also a plural-only noun is the
    noun."""
    word = word.lower().replace("ё", "е")
    parses = word_parses(word) if re.fullmatch(r"[а-я-]+", word) else ()
    # A participle that is also a plural-only noun («данные»: «дать» or «данные») is the noun: read as the verb it
    # would hold the predicate of «дадут ли …» in «на устройстве хранятся данные компании».
    noun = next((p for p in parses if "Pltm" in p.tag and "NOUN" in p.tag), None)
    if noun is not None and "PRTF" in parses[0].tag:
        return str(noun.normal_form).replace("ё", "е")
    return lemma(word)


def stem_of(word: str) -> str:
    """The search analyzer's stem of ``word`` (:func:`agentcore.rag._analysis.word_stem`: pymorphy3 guesses unknown
    chat words inconsistently — «учётка» → «учеткий», «учётку» → «учеткать» — their stems agree, «учетк»)."""
    return word_stem(word)


@lru_cache(maxsize=65536)
def is_function_word(word: str) -> bool:
    """Whether pymorphy3 reads ``word`` first as a pronoun noun, a conjunction, a particle, a preposition or an
    interjection."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", word):
        return False
    return str(word_parses(word)[0].tag.POS) in {"NPRO", "CONJ", "PRCL", "PREP", "INTJ"}


DETERMINERS_NAME_NO_SUBJECT = True
"""Whether a pronominal adjective that only points at or quantifies its noun — a universal or negative quantifier
(«каждый», «весь», «всякий», «любой», «никакой», «некоторый»), a demonstrative («этот», «тот», «такой»), a possessive
(«мой», «ваш», «свой»), an interrogative or relative («какой», «который», «чей») — is no subject term of a part
(:func:`is_determiner`).  It says which or how many of the noun's referents the question is about, not what they
are; the documents state the rule of the noun with any quantifier or none («В году доступно 3 оплачиваемых дня
здоровья» answers «сколько дней здоровья дают каждый год»).  Read as a term, it was also a modifier the answering
sentence had to hold, and the part was declined.  The pronouns of alterity and identity — «другой», «иной», «сам»,
«самый» — do tell the referent apart («из другой страны», «в другом офисе») and stay terms."""

_DISTINGUISHING_PRONOUNS = frozenset({"другой", "иной", "сам", "самый"})


@lru_cache(maxsize=65536)
def is_determiner(word: str) -> bool:
    """Whether pymorphy3 reads ``word`` (as written) first as a pronominal adjective (``Apro``) that is no pronoun of
    alterity or identity (see :data:`DETERMINERS_NAME_NO_SUBJECT`): «каждый», «всю», «любого», «такой»."""
    word = word.lower().replace("ё", "е")
    if not re.fullmatch(r"[а-я-]+", word):
        return False
    readings = word_parses(word)
    if not readings:
        return False
    first = readings[0]
    return "Apro" in first.tag and str(first.normal_form).replace("ё", "е") not in _DISTINGUISHING_PRONOUNS


VERBS_OF_MOTION_NAME_NO_SUBJECT = True
"""Whether a verb of motion — the unprefixed pairs of going by foot, by vehicle, by air, running and swimming
(«идти / ходить», «ехать / ездить», «лететь / летать», «бежать / бегать», «плыть / плавать») and their perfectives
of a single or a return trip («пойти», «поехать», «полететь», «побежать», «сходить», «съездить», «слетать») — whose
clause names where it goes is no subject term of a part that asks a value or a procedure
(:func:`agentcore.rag._focus.parts.verbs_of_motion_with_destination`).  It tells how the asker gets there, and the
destination names the trip: «еду в командировку в ереван, за сколько подавать заявку» asks about the trip, which
the documents name by its noun («командировка», «поездка») and never by the asker's going.  The destination stays a
term.  A verb of motion with no destination («куда бежать, если …») and one in a yes/no part («обязан ли сотрудник
ходить в офис»: the going is what is asked) keep their terms, as does a prefixed verb of arrival or departure
(«прийти», «уехать», «уйти в отпуск»: the prefix bounds the motion, and the bound is often what is asked)."""

VERBS_OF_MOTION = frozenset(
    (
        "идти", "ходить", "ехать", "ездить", "лететь", "летать", "бежать", "бегать", "плыть", "плавать",
        "пойти", "поехать", "полететь", "побежать", "поплыть", "сходить", "съездить", "слетать", "сбегать",
    )
)  # fmt: skip


def is_verb_of_motion(lemma: str) -> bool:
    """Whether ``lemma`` is one of :data:`VERBS_OF_MOTION`."""
    return lemma in VERBS_OF_MOTION


def predicate_reading(word: str, clause: Sequence[str]) -> str | None:
    """The lemma of ``word``'s verb reading when the word is the predicate of its ``clause`` (the clause's words as
    written): pymorphy3 reads it first as something else, a later reading is a finite verb, and no other word of the
    clause reads first as a verb form — a clause has a predicate, and then this is it («еду в командировку в питер»:
    «еду» is «ехать», not the noun «еда»; «можно ли заказать еду в офис»: «заказать» is the predicate, «еду» the
    noun).  ``None`` otherwise."""
    low = word.lower().replace("ё", "е")
    if not re.fullmatch(r"[а-я-]+", low):
        return None
    readings = word_parses(low)
    if not readings or "VERB" in readings[0].tag or "INFN" in readings[0].tag:
        return None
    verb = next((p for p in readings[1:] if "VERB" in p.tag), None)
    if verb is None:
        return None
    for other in clause:
        other = other.lower().replace("ё", "е")
        if other != low and re.fullmatch(r"[а-я-]+", other) and is_predicate(other, VERB_PREDICATES):
            return None
    return str(verb.normal_form).replace("ё", "е")


def term_matches(term: str, words: set[str], stems: set[str]) -> bool:
    if term in words:
        return True
    # a verb and its reflexive («сдавать» / «сдаётся» → «сдаваться»)
    if term.endswith(("ть", "чь")) and f"{term}ся" in words:
        return True
    if term.endswith(("ться", "чься")) and term[:-2] in words:
        return True
    stem = stem_of(term)
    if stem in stems:
        return True
    if is_latin(term):
        # a name or a code: only the same word (or its English stem), or its Cyrillic spelling, is it
        if LATIN_NAMES_IN_CYRILLIC and _spelled_in_cyrillic(term, words):
            return True
        return shares_by_beginning(term) and _shares_beginning(term, stem, words, stems)
    if FLEETING_VOWELS and any(v in stems for v in fleeting_vowel_variants(stem)):
        return True
    if ASPECT_PAIRS and aspect_keys(term) & stems:
        return True
    if DIMINUTIVES and (base := diminutive_base(term)) is not None and _base_word_in(base, words, stems):
        return True
    if DERIVATIONAL_RELATIVES and derivation_keys(term) & stems:
        return True
    if EVERY_UNIT_ADJECTIVES and (every := _EVERY_UNIT.get(term)) and any(w.startswith(every) for w in words):
        return True
    return _shares_beginning(term, stem, words, stems)


EVERY_UNIT_ADJECTIVES = True
"""Whether a unit of time is found in the «еже-» adjective of it: «в год» in «ежегодный оплачиваемый отпуск», «раз в
неделю» in «еженедельный», «каждый день» in «ежедневный» — the adjective says «every year» (the stems share no
beginning: «ежегодн» / «год»)."""
_EVERY_UNIT = {
    "год": "ежегодн",
    "день": "ежедневн",
    "неделя": "еженедельн",
    "месяц": "ежемесячн",
    "квартал": "ежеквартальн",
    "час": "ежечасн",
    "минута": "ежеминутн",
}


@lru_cache(maxsize=65536)
def is_ordinal(term: str) -> bool:
    """Whether pymorphy3 reads ``term`` first as an ordinal numeral («второй», «третий»): its letters begin other
    roots («повторять», «третировать»), so it is found only as itself, never across a verb's prefix."""
    from agentcore.text.morphology import morph_analyzer

    if morph_analyzer() is None or not re.fullmatch(r"[а-я]+", term):
        return False
    return "Anum" in word_parses(term)[0].tag


def _shares_beginning(term: str, stem: str, words: set[str], stems: set[str]) -> bool:
    """Whether a stem of the text shares ``term``'s beginning as a derivative or a clipping does, or the same verb
    under another prefix (the last rules of :func:`term_matches`)."""
    if COMPOUNDS_ARE_NOT_CLIPPINGS and is_compound_element(term):
        # a compound of the term and another word is not the term: «видеосвязью» is a video link, not a video
        # (the shared beginning below reads clippings, «ноут» / «ноутбук»)
        compounds = {stem_of(w) for w in words if w.startswith(term) and (compound_parts(w) or ("",))[0] == term}
        stems = stems - compounds
    # A verb and its noun («оформ» / «оформлен»), a noun and its adjective («переговорк» / «переговорн»); not a
    # person named by an agent suffix («подрядчик» / «подряд»: a contractor is not a row).
    if len(stem) >= 5 and any(
        len(s) >= 5 and common_prefix(s, stem) >= max(5, min(len(s), len(stem)) - 1) and not _agent_noun_of(s, stem)
        for s in stems
    ):
        return True
    # The same verb with another prefix («заблокировало» / «блокируется», «приболел» / «заболели»).
    # A verb only across a prefix: «платить» is not «платформа» (neither has one); a clipped noun is its word
    # («ноут» / «ноутбук»).
    root = _unprefixed(stem)
    if len(root) >= 4 and not is_ordinal(term):
        verb = is_verb(term)
        return any(
            len(s) >= 5
            and (root != stem or _unprefixed(s) != s or not verb)
            and common_prefix(_unprefixed(s), root) >= max(4, min(len(_unprefixed(s)), len(root)) - 1)
            and not _agent_noun_of(s, stem)
            for s in stems
        )
    return False


LATIN_NAMES_IN_CYRILLIC = True
"""Whether a Latin term is found as a Cyrillic word of the text that transliterates to it («kanban» / «канбану»,
«sprint» / «спринт», «gitlab» / «гитлаб»): the documents write a borrowed name in Russian as often as in Latin (the
query repair reads the other way, a Cyrillic spelling of a Latin word of the collection)."""


def _spelled_in_cyrillic(term: str, words: set[str]) -> bool:
    """Whether a Cyrillic word (a lemma) of ``words`` transliterates to ``term``."""
    return any(len(w) >= len(term) - 3 and w[:1] in _CYRILLIC and _transliterated(w) == term for w in words)


_CYRILLIC = frozenset("абвгдежзийклмнопрстуфхцчшщъыьэюяё")


@lru_cache(maxsize=65536)
def _transliterated(word: str) -> str:
    from agentcore.text import transliterate

    return transliterate(word)


DIMINUTIVES = True
"""Whether a chat diminutive is found as its base word (:func:`diminutive_base`: «дейлик» / «дейли», «денечек» /
«день», «чатик» / «чат»): the suffix adds the speaker's tone, not another thing."""

_DIMINUTIVE_RE = re.compile(r"^([а-я]{3,}?)(?:[еоиё]чек|[еоё]чк[аио]?|[оеё]ньк[аио]?|[уюи]шк[аио]?|ч?ик)$")


@lru_cache(maxsize=65536)
def diminutive_base(term: str) -> str | None:
    """The stem of the word ``term`` (a noun lemma) is the diminutive of: ``term`` less a diminutive suffix —
    «-ечек» / «-очек» / «-ечк-» / «-еньк-» / «-ушк-» / «-ик» / «-чик» after 3+ letters («дейлик» → «дейл»,
    «денечек» → «ден», «чатик» → «чат»); ``None`` for a word that is no noun or has no such suffix.  A base is a
    stem: it is matched only with a whole stem or word of the text, never by a shared beginning."""
    match = _DIMINUTIVE_RE.match(term)
    if match is None or not is_focus_word(term) or _is_agent_noun(term):
        return None
    return match.group(1)


@lru_cache(maxsize=65536)
def _is_agent_noun(term: str) -> bool:
    """Whether ``term`` is a dictionary noun naming a person by «-чик» / «-щик» («подрядчик», «заказчик»,
    «разработчик»): the same letters as a diminutive's «-чик» («стаканчик»), but an animate noun of its own, not
    its base word (a contractor is not a row, «подряд»)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not term.endswith(("чик", "щик")) or not morph.word_is_known(term):
        return False
    return any(str(p.tag.POS) == "NOUN" and "anim" in p.tag for p in word_parses(term)[:1])


def _base_word_in(base: str, words: set[str], stems: set[str]) -> bool:
    """Whether the text holds a word of stem ``base``: the stem itself, or a lemma that is the base with a noun's
    ending («ден» → «день», «дейл» → «дейли»)."""
    return base in stems or any(base + ending in words for ending in _NOUN_ENDINGS)


_NOUN_ENDINGS = ("", "ь", "а", "я", "о", "е", "и", "й")


LATIN_WORDS_MATCH_WHOLE = True
"""Whether a Latin term — a product, a method, a code («scrum», «kanban», «p1») — matches only the same word or a word
of the same English stem («sprints» / «sprint»), never by the shared beginning below, which reads Russian derivation
(a verb and its noun) and clipped chat words: «scrumban» is another method than «scrum», and a question about it is
not answered by Scrum's documents."""


def shares_by_beginning(term: str) -> bool:
    """Whether ``term`` may be found in a word that shares its beginning (a Russian word: its derivatives and its
    clippings), or only in the same word (a Latin name: :data:`LATIN_WORDS_MATCH_WHOLE`)."""
    return not (LATIN_WORDS_MATCH_WHOLE and is_latin(term))


def is_latin(term: str) -> bool:
    """Whether ``term`` is written in Latin letters (with digits and «.», «'», «-», «_»): a name or a code."""
    return bool(_LATIN_RE.fullmatch(term)) and any("a" <= c <= "z" for c in term)


_LATIN_RE = re.compile(r"[a-z0-9'._-]+")


FLEETING_VOWELS = True
"""Whether two stems that differ by a fleeting «о» / «е» before a final «к», «ц», «н», «л» or «р» are one word's
(«звонок» / «звонк-а», «ребенок» / «ребенк-ом», «заявк-а» / «заявок»): the stem of the nominative keeps the vowel,
the other cases drop it.  The dictionary's lemmas join a known word's forms; this joins the forms of a word it does
not know, and a lemma (a nominative) with a text's stem."""

_CONSONANTS = frozenset("бвгджзйклмнпрстфхцчшщ")
_FLEETING_BEFORE = frozenset("кцнлр")


@lru_cache(maxsize=65536)
def fleeting_vowel_variants(stem: str) -> tuple[str, ...]:
    """``stem`` with its fleeting vowel dropped («звонок» → «звонк») or put back («звонк» → «звонок», «звонек»); at
    least 4 letters remain; nothing for a stem not ending in a consonant of such a suffix."""
    if len(stem) < 4 or not re.fullmatch(r"[а-я]+", stem) or stem[-1] not in _FLEETING_BEFORE:
        return ()
    if stem[-2] in "оеё" and stem[-3] in _CONSONANTS:
        return (stem[:-2] + stem[-1],) if len(stem) >= 5 else ()
    if stem[-2] in _CONSONANTS:
        return (f"{stem[:-1]}о{stem[-1]}", f"{stem[:-1]}е{stem[-1]}")
    return ()


DERIVATIONAL_RELATIVES = True
"""Whether a word matches a word of the same derivational stem (:func:`derivation_keys`): a verb, its noun of action
and its participle («согласовывать» / «по согласованию» / «согласован», «компенсация» / «компенсировать»,
«блокировка» / «блокируется», «замена» / «заменить»).  The shared beginning below needs the two stems to differ in
their last letter only, and the aspect keys join verbs only; a verbal noun's suffix («-ование», «-ка», «-ция») and a
verb's («-ыва-», «-ирова-») differ in more."""

DERIVATION_MIN_STEM = 5
"""A derivational stem shorter than this joins unrelated words («став-ка» / «став-ить», «утер-я» / «по-тер-я»)."""

# Suffixes a derivational stem is found under, by the lemma's part of speech (each list longest first; one of them
# is removed at a step, and every stem on the way is a key):
# - a verb's theme and aspect suffix after «-ть» / «-ти» («согласов-ыва-ть», «оплат-и-ть», «продл-ева-ть»), then
#   the «-ов-» / «-ир-» of a verb from a noun or a borrowed root («соглас-ов-ать», «компенс-ир-овать»);
# - a verbal noun's suffix («согласов-ани-е», «оформл-ени-е», «компенс-аци-я», «блокиров-к-а», «доступн-ость»),
#   with the «л» a labial takes before «-ени-» («оформл-ени-е» / «оформ-ить»), «-ация» with a verb's «-ир-ова-»
#   («компенс-аци-я» / «компенс-ир-ова-ть»);
# - an adjective's or a participle's («согласов-анн-ый», «доступ-н-ый»).
# A person's suffix («-чик», «-щик», «-ник», «-тель», «-ист», «-ец») is never removed: a contractor («подрядчик») is
# not a row («подряд»), an employee («работник») is not the work (:func:`_agent_noun_of`).
_VERB_ENDINGS = ("ться", "чься", "тись", "ть", "ти", "чь")
_VERB_SUFFIXES = ("ыва", "ива", "ова", "ева", "ва", "ну", "и", "е", "а", "я")
_VERB_ROOT_SUFFIXES = ("ов", "ев", "ир")
_NOUN_SUFFIXES = ("ование", "ирование", "ание", "ение", "яние", "ация", "ция", "ость", "есть", "ка")
_ADJECTIVE_ENDINGS = ("ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие")
_ADJECTIVE_SUFFIXES = ("ованн", "ированн", "анн", "енн", "янн", "тельн", "н")
_NOUN_ENDING_RE = re.compile(r"[аяоеьиыйу]$")
_AGENT_SUFFIXES = ("чик", "щик", "ник", "тель", "ист", "ец")


@lru_cache(maxsize=65536)
def derivation_keys(lemma: str) -> frozenset[str]:
    """The derivational stems of a Russian ``lemma`` (marked «^», so that they match no search stem): the lemma less
    its ending, and less each derivational suffix on the way to its root (see the suffix lists above), those of
    :data:`DERIVATION_MIN_STEM` letters or more — «согласовывать» → «^согласовыва», «^согласов», «^соглас»;
    «согласование» → «^согласовани»… «^согласов», «^соглас»; «подрядчик» → «^подрядчик» only.  Empty for a Latin
    word, a function word or one pymorphy3 does not read."""
    from agentcore.text.morphology import morph_analyzer

    if morph_analyzer() is None or not re.fullmatch(r"[а-я]{6,}", lemma) or is_function_word(lemma):
        return frozenset()
    pos = str(word_parses(lemma)[0].tag.POS)
    stems: list[str] = []
    if pos == "INFN":
        body = next((lemma[: -len(e)] for e in _VERB_ENDINGS if lemma.endswith(e)), lemma)
        stems.append(body)
        body = _less(body, _VERB_SUFFIXES)
        stems.append(body)
        stems.append(_less(body, _VERB_ROOT_SUFFIXES))
    elif pos == "NOUN":
        if lemma.endswith(_AGENT_SUFFIXES):
            stems.append(lemma)
        else:
            suffix = next((x for x in _NOUN_SUFFIXES if lemma.endswith(x)), "")
            body = lemma[: -len(suffix)] if suffix else _NOUN_ENDING_RE.sub("", lemma)
            stems.append(_NOUN_ENDING_RE.sub("", lemma))
            if suffix in ("ение", "ание") and re.search(r"[бпвмф]л$", body):
                body = body[:-1]  # «оформл-ение» / «оформ-ить»
            stems.append(body)
            stems.append(_less(body, ("ов", "ев", "ир", "н")))  # «согласов-ание», «доступ-н-ость»
    elif pos in ("ADJF", "PRTF"):
        body = next((lemma[:-2] for e in _ADJECTIVE_ENDINGS if lemma.endswith(e)), lemma)
        stems.append(body)
        body = _less(body, _ADJECTIVE_SUFFIXES)
        stems.append(body)
        stems.append(_less(body, _VERB_ROOT_SUFFIXES))
    return frozenset(f"^{s}" for s in stems if len(s) >= DERIVATION_MIN_STEM)


def _less(body: str, suffixes: Sequence[str]) -> str:
    """``body`` without the first of ``suffixes`` it ends in (the rest keeping the minimum length), else ``body``."""
    for suffix in suffixes:
        if body.endswith(suffix) and len(body) - len(suffix) >= DERIVATION_MIN_STEM:
            return body[: -len(suffix)]
    return body


def _agent_noun_of(left: str, right: str) -> bool:
    """Whether one of two stems (of 5+ letters) ends in a person's suffix and the other does not («подрядчик» /
    «подряд», «поставщик» / «поставк»): a person is not the thing or the act the other word names."""
    return (left.endswith(_AGENT_SUFFIXES) and len(left) >= 6) != (right.endswith(_AGENT_SUFFIXES) and len(right) >= 6)


ASPECT_PAIRS = True
"""Whether a verb matches the verb of the other aspect formed from it (:func:`aspect_keys`): «оплатить» /
«оплачиваться», «сдать» / «сдавать», «подать» / «подавать», «возместить» / «возмещать», «отработать» /
«отрабатывать».  The stems differ in the suffix and often in the root's last consonant, so neither the shared
stem nor the shared beginning finds them."""

# The consonant alternations of the imperfective suffix (the imperfective's letters → the perfective's):
# «оплачивать» / «оплатить» (ч/т), «возмещать» / «возместить» (щ/ст), «предупреждать» / «предупредить» (жд/д),
# «отражать» / «отразить» (ж/з), «оформлять» / «оформить» (an «л» after a labial).
_ALTERNATIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("жд", ("д",)),
    ("щ", ("ст",)),
    ("ч", ("т",)),
    ("ж", ("д", "з")),
    ("ш", ("с",)),
    ("бл", ("б",)),
    ("пл", ("п",)),
    ("вл", ("в",)),
    ("мл", ("м",)),
    ("фл", ("ф",)),
)
_ASPECT_ROOT_MIN = 5
"""A root key shorter than this joins unrelated verbs («делать» / «делить», «стоить» / «стоять»: «дел», «сто»)."""


@lru_cache(maxsize=65536)
def aspect_keys(lemma: str) -> frozenset[str]:
    """Keys that a verb (an infinitive ``lemma``) and the verb of its other aspect share, each marked so that it
    matches no stem of a word: the verb without «-ть» («=сда» of «сдать», and of «сдавать» without «-вать»), and
    its root without the suffix and the ending, the imperfective's alternating consonant turned back («~оплат» of
    «оплатить» and of «оплачивать», «~отработ» of «отработать» and of «отрабатывать»: the «о» / «а» of the root).
    Empty for a word that is no infinitive."""
    verb = lemma[:-2] if lemma.endswith(("ся", "сь")) else lemma
    if len(verb) < 5 or not verb.endswith("ть") or not _is_infinitive(lemma):
        return frozenset()
    body = verb[:-2]  # «сда», «оплати», «оплачива», «сдава»
    full = {body}
    roots: set[str] = set()
    suffixed = bool(re.search(r"[аеяиыу]ва$", body))
    if suffixed:
        full.add(body[:-2])  # «сдава» → «сда», «открыва» → «откры»
    if re.search(r"[ыи]ва$", body):
        base = body[:-3]  # «оплачива» → «оплач»
        roots.add(base)
        if "а" in base:  # «отрабат» → «отработ», «спрашива» → «спрос»: the root's «о» lengthened to «а»
            k = base.rindex("а")
            roots.add(base[:k] + "о" + base[k + 1 :])
    elif body[-1] in "аяеиу" and not suffixed:  # «подава»: no root «подав» (that is «подавить»'s)
        roots.add(body[:-1])  # «оплати» → «оплат», «возмеща» → «возмещ»
    keys = {f"={k}" for k in full if len(k) >= 3}
    for root in roots:
        for form in (root, *_alternated(root)):
            if len(form) >= _ASPECT_ROOT_MIN:
                keys.add(f"~{form}")
    return frozenset(keys)


def _alternated(root: str) -> list[str]:
    """``root`` with its last consonant(s) turned back from the imperfective's alternation («возмещ» → «возмест»)."""
    for imperfective, perfective in _ALTERNATIONS:
        if root.endswith(imperfective):
            return [root[: -len(imperfective)] + p for p in perfective]
    return []


@lru_cache(maxsize=65536)
def _is_infinitive(word: str) -> bool:
    return bool(re.fullmatch(r"[а-я]+", word)) and "INFN" in pos_readings(word, 2)


def lemmas_in_context(word: str, words: set[str], stems: set[str]) -> tuple[str, ...]:
    """The other readings of ``word`` (as the question writes it) that a text of vocabulary ``words`` / ``stems``
    uses, when its first reading (:func:`lemma_of`) matches none of it: the lemmas of its other pymorphy3 parses
    found among ``words``, or — for a word the dictionary does not know, whose parses are guesses — the word itself
    when its stem is one of ``stems``.  Empty when the first reading is found, or for a word that is not Cyrillic."""
    from agentcore.text.morphology import morph_analyzer

    low = word.lower().replace("ё", "е")
    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", low):
        return ()
    first = lemma_of(low)
    if term_matches(first, words, stems):
        return ()
    if not morph.word_is_known(low):
        return (low,) if low != first and stem_of(low) in stems else ()
    readings = dict.fromkeys(str(p.normal_form).replace("ё", "е") for p in word_parses(low))
    return tuple(r for r in readings if r != first and r in words)


COMPOUNDS_ARE_NOT_CLIPPINGS = True
"""Whether a term that is a compound's first element («видео») is not found in a compound of it («видеосвязью») by
the shared beginning that finds a clipped word in its full form («ноут» / «ноутбук»)."""


@lru_cache(maxsize=4096)
def is_compound_element(word: str) -> bool:
    """Whether ``word`` may begin a compound word: one of pymorphy3's known first elements of compounds («видео»,
    «теле», «авто», «аудио», «нейро»; not a preposition such as «без»), or an indeclinable noun («фото», «кино»)."""
    from agentcore.text.morphology import morph_analyzer

    if len(word) < 3 or not re.fullmatch(r"[а-я]+", word) or is_function_word(word):
        return False
    if word in _known_first_elements():
        return True
    morph = morph_analyzer()
    return morph is not None and any("Fixd" in p.tag and str(p.tag.POS) == "NOUN" for p in word_parses(word)[:2])


@lru_cache(maxsize=1)
def _known_first_elements() -> frozenset[str]:
    try:
        from pymorphy3.lang.ru.config import KNOWN_PREFIXES
    except ImportError:  # another morphology: no known list
        return frozenset()
    return frozenset(p for p in KNOWN_PREFIXES if p.isalpha())


@lru_cache(maxsize=65536)
def compound_parts(word: str) -> tuple[str, str] | None:
    """The two words a compound ``word`` is written of — a first element (:func:`is_compound_element`) and a
    dictionary noun or adjective of at least 4 letters, as its lemma (the compound itself a noun or an adjective):
    «видеосвязью» → («видео», «связь»), «телеконференция» → («теле», «конференция»); ``None`` for a word that is
    none («ноутбук»: «бук» is too short to be one of its words, «автомобиль»: «мобиль» is no dictionary word)."""
    from agentcore.text.morphology import morph_analyzer

    word = word.lower().replace("ё", "е")
    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я]+", word) or not _nominal(morph, word):
        return None
    for cut in range(3, len(word) - 3):
        first, rest = word[:cut], word[cut:]
        # the dictionary lookup first: it is the cheapest test and rejects most cuts
        if not morph.word_is_known(rest) or not is_compound_element(first) or not _nominal(morph, rest):
            continue
        lemma = lemma_of(rest)
        if len(lemma) >= 4:
            return first, lemma
    return None


def _nominal(morph: object, word: str) -> bool:
    """Whether pymorphy3 reads ``word`` first as a noun or an adjective (the words compounds are made of)."""
    return str(word_parses(word)[0].tag.POS) in ("NOUN", "ADJF")


_PREFIX_RE = re.compile(r"^(?:пере|пред|при|про|раз|рас|под|над|об|от|вы|за|на|по|до|из|ис|у|с)(?=[а-я]{4})")


@lru_cache(maxsize=65536)
def _unprefixed(stem: str) -> str:
    """``stem`` without a leading verbal prefix (only Cyrillic stems keeping 4+ letters)."""
    return _PREFIX_RE.sub("", stem)


def unprefixed(stem: str) -> str:
    """``stem`` without a leading verbal prefix (see :func:`_unprefixed`)."""
    return _unprefixed(stem)


def common_prefix(left: str, right: str) -> int:
    """How many leading characters ``left`` and ``right`` share."""
    n = 0
    for a, b in zip(left, right, strict=False):
        if a != b:
            break
        n += 1
    return n


def vocabulary_of(texts: Sequence[str]) -> tuple[set[str], set[str]]:
    """The words and lemmas, and the stems, of ``texts`` (each text's are read once and cached: the same sentences
    and passages are read for every part and every candidate)."""
    words: set[str] = set()
    stems: set[str] = set()
    for text in texts:
        text_words, text_stems = _text_vocabulary(text)
        words |= text_words
        stems |= text_stems
    return words, stems


@lru_cache(maxsize=16384)
def _text_vocabulary(text: str) -> tuple[frozenset[str], frozenset[str]]:
    words: set[str] = set()
    for w in WORD_RE.findall(text):
        w = w.lower().replace("ё", "е")
        words.add(w)
        if "-" in w:  # «код-фриз» also says «код» and «фриз»
            words.update(p for p in w.split("-") if p)
    lemmas = {lemma_of(w) for w in words} | words
    stems = {stem_of(w) for w in words}
    if ASPECT_PAIRS:
        # the aspect keys of the text's verbs live with its stems (marked: no stem begins with «=» or «~»)
        for lemma in lemmas:
            stems |= aspect_keys(lemma)
    if DERIVATIONAL_RELATIVES:
        for lemma in lemmas:
            stems |= derivation_keys(lemma)
    return frozenset(lemmas), frozenset(stems)


@lru_cache(maxsize=65536)
def is_plain_noun(term: str) -> bool:
    """Whether ``term`` is a noun that is no adjective too («диск», not «рабочий»: «рабочие ноуты»); a Latin name or a
    code counts as a noun."""
    from agentcore.text.morphology import morph_analyzer

    if not re.fullmatch(r"[а-я-]+", term):
        return True
    morph = morph_analyzer()
    if morph is None:
        return True
    parses = word_parses(term)
    return str(parses[0].tag.POS) == "NOUN" and not any(str(p.tag.POS) == "ADJF" for p in parses)


@lru_cache(maxsize=65536)
def is_verb(term: str) -> bool:
    """Whether ``term`` is a verb, or its participle or gerund (the predicate of a yes/no)."""
    return bool(re.fullmatch(r"[а-я-]+", term)) and is_verb_form(term)


@lru_cache(maxsize=65536)
def is_known(word: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    return morph is None or not re.fullmatch(r"[а-я-]+", word) or bool(morph.word_is_known(word))


@lru_cache(maxsize=65536)
def is_genitive(word: str) -> bool:
    """Whether pymorphy3 reads ``word`` as a genitive (or an unknown word: a chat word may be one)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", word):
        return True
    if not morph.word_is_known(word):
        return True
    return any("gent" in p.tag for p in word_parses(word)[:3])


@lru_cache(maxsize=65536)
def is_focus_word(term: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    if not re.fullmatch(r"[а-я-]+", term):
        return True  # a Latin name, a code, a number
    morph = morph_analyzer()
    if morph is None:
        return True
    return bool({"NOUN"} & {str(p.tag.POS) for p in word_parses(term)[:1]})


@lru_cache(maxsize=65536)
def is_circumstantial_adverb(word: str) -> bool:
    """Whether ``word`` is an adverb of circumstance — time, place, extent («вечером», «домой», «завтра», «сразу»,
    «слишком»): pymorphy3's first reading is an adverb and no reading is a short adjective.  An adverb formed from an
    adjective («обычно», «срочно», «часто») tells a quality of the act, which may be what is asked («велосити
    обычно какая»: the usual value), and is not one; nor «летом», first read as the noun «лето»."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", word):
        return False
    parses = word_parses(word)
    return str(parses[0].tag.POS) == "ADVB" and not any(str(p.tag.POS) == "ADJS" for p in parses)


@lru_cache(maxsize=65536)
def is_modifier(term: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", term):
        return False
    return bool({"ADJF", "PRTF"} & {str(p.tag.POS) for p in word_parses(term)[:1]})


def drop_words(text: str, lemmas: Sequence[str]) -> str:
    """``text`` without the words whose lemma is in ``lemmas``."""
    drop = set(lemmas)
    kept = [w for w in re.findall(r"\S+", text) if lemma_of(re.sub(r"^\W+|\W+$", "", w).lower()) not in drop]
    return " ".join(kept)


def without_terms(text: str, lacking: Sequence[str]) -> str:
    """``text`` without the words whose lemma is one of the ``lacking`` nouns (:func:`is_focus_word`)."""
    drop = {t for t in lacking if is_focus_word(t)}
    kept = [w for w in re.findall(r"\S+", text) if lemma_of(re.sub(r"^\W+|\W+$", "", w).lower()) not in drop]
    return " ".join(kept)


@lru_cache(maxsize=65536)
def is_place_name(term: str) -> bool:
    """Whether ``term`` (a lemma) is a place name pymorphy3 knows from its dictionary («казань», «ереван»): its first
    reading is a geographical proper noun (``Geox``).  A guessed reading does not count — pymorphy3 guesses ``Geox``
    for chat words («заява», «алерт»)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None or not re.fullmatch(r"[а-я-]+", term) or not morph.word_is_known(term):
        return False
    return "Geox" in word_parses(term)[0].tag


@lru_cache(maxsize=65536)
def is_predicate_word(word: str) -> bool:
    """Whether pymorphy3 reads ``word`` (as written) first as a verb, a gerund, a short participle, a comparative
    or an adverb: what is done, and how or when — not a thing («уходим», «придёт», «раньше»)."""
    word = word.lower().replace("ё", "е")
    return bool(re.fullmatch(r"[а-я-]+", word)) and pos_of(word) in {"VERB", "INFN", "GRND", "PRTS", "COMP", "ADVB"}
