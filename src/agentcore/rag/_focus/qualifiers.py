"""A question's restricting qualifier that the supplying sentence replaces by another: «гибридным сотрудникам» is not
answered by «Полностью удалённым сотрудникам …», «учебный отпуск» not by «ежегодный оплачиваемый отпуск …».

A *qualifier* here is an adjective or participle before a noun of the question («учебный отпуск»).  The sentence
names the same noun with its own, different qualifier and does not hold the question's: it states the rule of a
neighbouring case (another role, kind, period) that the documents give, not the one asked about.  The noun without
any qualifier in the sentence («отпуск составляет …») is a general rule and is not rejected here.

:func:`replaces_the_case` reads the other ways a question names its case, each rejected the same way — the sentence
names a case of the same kind, not the asked one: a season or a day of the week («зимой» / «Летом (с 1 июня …)»,
«по субботам» / «по будням»), a code of the same series («P2» / «P1»), the person a preposition governs («по уходу за
мамой» / «за заболевшим ребёнком»), a noun the sentence names as a dependent of another thing («выпускной
ребёнка» / «рождение ребёнка»), and another filler of a slot of the question's noun — the genitive or the
preposition after it («ключи от переговорок» / «ключ от шкафчика», «график дежурств на год» / «на квартал») —
and the opposite of the question's condition («если на складе нет» / «если позиция есть на складе»).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agentcore.rag._focus.frames import CONDITION_CLAUSE_RE
from agentcore.rag._focus.parts import Part
from agentcore.rag._focus.words import common_prefix, shares_by_beginning, stem_of, term_matches, vocabulary_of
from agentcore.text.clauses import CONDITION_CLAUSE_PATTERN, CONDITION_OPENER_PATTERN
from agentcore.text.morphology import parses as word_parses

QUALIFIERS_MUST_AGREE = True
"""Whether a sentence that qualifies a noun of the question otherwise than the question does is no supplier."""
GENITIVE_HEADS_QUALIFY = True
"""Whether the noun a sentence's noun depends on in the genitive («рождение ребёнка») is another qualifier of it."""
CASES_MUST_AGREE = True
"""Whether a sentence naming another season, day, code of a series or governed person than the question's is no
supplier (:func:`replaces_the_case`)."""

_WORD_RE = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё-]*")
_QUALIFIER_POS = frozenset({"ADJF", "PRTF"})
_SKIPPED_POS = frozenset({"ADVB", "CONJ"})
"""Between a qualifier and its noun: «полностью удалённым сотрудникам», «ежегодный оплачиваемый отпуск»."""


@dataclass(frozen=True)
class AskedCase:
    """The case a question part names, as the tests of this module read it against a sentence.

    Attributes:
        text: the part's text.
        terms: its subject terms: only a qualifier, filler, person or recipient among them counts (a slot word such
            as «максимальный размер» names what is asked, not a case).
        part: the part itself, for the other spellings of its terms (the colloquial lexicon's, the query
            repair's), or ``None``.
        used: the words and stems of the run's passages, which a filler or a recipient of the part must be one of
            (:meth:`names`); ``None``: any word counts.
    """

    text: str
    terms: Sequence[str]
    part: Part | None = None
    used: tuple[set[str], set[str]] | None = None

    @classmethod
    def of(cls, part: Part, used: tuple[set[str], set[str]] | None = None) -> AskedCase:
        """The case ``part`` names, its fillers and recipients read against ``used``."""
        return cls(part.text, part.terms, part, used)

    def names(self, lemma: str) -> bool:
        """Whether ``lemma`` is a subject term of the part and, when :attr:`used` is given, a word the run's
        passages use (or one the part spells otherwise that they use): a word the documents never use may be the
        asker's own for the sentence's («попыток ввода пароля» / «неверных попыток входа»)."""
        return _in_terms(lemma, self.terms) and (self.used is None or _used(lemma, self.used, self.part))

    def said_in(self, term: str, words: set[str], stems: set[str]) -> bool:
        """Whether a text of vocabulary ``words`` / ``stems`` says ``term`` of the part (:func:`_says`)."""
        return _says(term, words, stems, self.part)


def _tagged(text: str) -> list[tuple[str, str, str]]:
    """``(lemma, part of speech, case)`` of each Russian word of ``text`` (the first pymorphy3 parse)."""
    return [(lemma, pos, case) for lemma, pos, case, _animate in _tagged_words(text)]


def _tagged_words(text: str) -> list[tuple[str, str, str, bool]]:
    """``(lemma, part of speech, case, animate)`` of each Russian word of ``text`` (the first pymorphy3 parse)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return []
    out = []
    for word in _WORD_RE.findall(text):
        parse = word_parses(word.lower().replace("ё", "е"))[0]
        tag = parse.tag
        out.append((parse.normal_form.replace("ё", "е"), str(tag.POS), str(tag.case), "anim" in tag))
    return out


def qualified_nouns(text: str, *, heads: bool = False) -> dict[str, set[str]]:
    """Per noun lemma of ``text``, the lemmas of the qualifiers (not pronouns: «какой», «свой») that precede it —
    and, with ``heads``, the noun it depends on in the genitive right before it («рождение ребёнка»: the sentence
    speaks of a birth, not of any matter of a child)."""
    tagged = _tagged(text)
    found: dict[str, set[str]] = {}
    for k, (lemma, pos, case) in enumerate(tagged):
        if pos != "NOUN":
            continue
        found.setdefault(lemma, set())
        j = k - 1
        while j >= 0 and tagged[j][1] in _QUALIFIER_POS | _SKIPPED_POS:
            if tagged[j][1] in _QUALIFIER_POS and not _is_pronoun(tagged[j][0]):
                found[lemma].add(tagged[j][0])
            j -= 1
        if heads and case == "gent" and j >= 0 and tagged[j][1] == "NOUN":
            found[lemma].add(tagged[j][0])
    return found


def _is_pronoun(lemma: str) -> bool:
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    return morph is not None and any("Apro" in p.tag for p in word_parses(lemma)[:1])


def replaces_a_qualifier(asked: AskedCase, sentence: str) -> bool:
    """Whether ``sentence`` names a noun of the part with other qualifiers only and does not hold the part's own
    qualifier of that noun.  Only a qualifier among the part's subject terms counts: «максимальный размер» names
    what is asked (a slot word), not a case.  Its heading is not read: «Удалённая и гибридная работа»
    qualifies the work, and «Полностью удалённым сотрудникам …» still speaks of other employees than «гибридным»."""
    if not QUALIFIERS_MUST_AGREE:
        return False
    terms = set(asked.terms)
    own = {noun: qs & terms for noun, qs in qualified_nouns(asked.text).items() if qs & terms}
    if not own:
        return False
    stated = qualified_nouns(sentence, heads=GENITIVE_HEADS_QUALIFY)
    words, stems = vocabulary_of([sentence])
    for noun, qualifiers in own.items():
        others = stated.get(noun, set()) - qualifiers
        if others and not any(asked.said_in(q, words, stems) for q in qualifiers):
            return True
    return False


def _says(term: str, words: set[str], stems: set[str], part: Part | None = None) -> bool:
    """Whether a text of vocabulary ``words`` / ``stems`` says ``term`` itself: its word, its stem, or a stem that
    begins the other («авар» / «аварийн», «переговорк» / «переговорн») — not a word of the same root under another
    prefix, which :func:`term_matches` also takes («выпускной» / «отпуска»): a qualifier names one case, and a
    word of its root names another.  A spelling ``part`` has for it (the colloquial lexicon's «левое» →
    «подозрительное») says it too."""
    stem = stem_of(term)
    if term in words or stem in stems:
        return True
    if part is not None and any(
        lemmas and all(_says(x, words, stems) for x in lemmas) for lemmas in part.alternatives_of(term)
    ):
        return True
    if not shares_by_beginning(term):
        return False  # a name: «scrum» says nothing of «scrumban»
    # a noun and its adjective («авари» / «аварийн»: one stem begins the other), not two words sharing a root
    # after different prefixes
    return any(
        min(len(s), len(stem)) >= 4 and common_prefix(s, stem) >= min(len(s), len(stem)) - (1 if len(s) >= 5 else 0)
        for s in stems
    )


_PERIODS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("winter", re.compile(r"\bзим\w*|\bдекабр\w*|\bянвар\w*|\bфеврал\w*", re.I)),
    ("spring", re.compile(r"\bвесн\w*|\bвесен\w*|\bмарт[аеу]?\b|\bапрел\w*|\bма[йяею]\b", re.I)),
    ("summer", re.compile(r"\bлет(?:о|а|ом|у)\b|\bлетн\w*|\bиюн\w*|\bиюл\w*|\bавгуст\w*", re.I)),
    ("autumn", re.compile(r"\bос[еe]н\w*|\bсентябр\w*|\bоктябр\w*|\bноябр\w*", re.I)),
)
"""A season, by its name, adjective, adverb or months."""


_DAYS: tuple[tuple[frozenset[int], re.Pattern[str]], ...] = (
    (frozenset({0}), re.compile(r"\bпонедельник\w*", re.I)),
    (frozenset({1}), re.compile(r"\bвторник\w*", re.I)),
    (frozenset({2}), re.compile(r"\bсред(?:а|у|ы|е|ам)\b", re.I)),
    (frozenset({3}), re.compile(r"\bчетверг\w*", re.I)),
    (frozenset({4}), re.compile(r"\bпятниц\w*", re.I)),
    (frozenset({5}), re.compile(r"\bсуббот\w*", re.I)),
    (frozenset({6}), re.compile(r"\bвоскресень\w*", re.I)),
    (frozenset({0, 1, 2, 3, 4}), re.compile(r"\bбудн\w*", re.I)),
    (frozenset({5, 6}), re.compile(r"\bвыходн(?:ые|ых|ым|ыми|ой|ого|ому)\b", re.I)),
)
"""Days of the week a text names («по будням» — Monday to Friday, «в выходные» — Saturday and Sunday)."""


_CODE_RE = re.compile(r"(?<![\w.-])([A-Za-z]{1,6})-?(\d{1,5})(?![\w.])")
"""A code of a series: a priority «P2», an error «ERR-110» (letters, then a number)."""


def _seasons(text: str) -> set[str]:
    return {name for name, pattern in _PERIODS if pattern.search(text)}


def _days(text: str) -> set[int]:
    return set().union(*(days for days, pattern in _DAYS if pattern.search(text)))


def _codes(text: str) -> set[tuple[str, str]]:
    return {(letters.upper(), number.lstrip("0") or "0") for letters, number in _CODE_RE.findall(text)}


def other_period(question_part: str, sentence: str) -> bool:
    """Whether ``sentence`` names a season or days of the week, none of them the part's: «зимой …» is not answered
    by «Летом (с 1 июня по 31 августа) … не более чем на 14 календарных дней», «по субботам …» not by «Офис открыт по
    будням с 8:00 до 22:00».  A sentence naming no period states a rule for all of them and is kept."""
    asked, stated = _seasons(question_part), _seasons(sentence)
    if asked and stated and not asked & stated:
        return True
    asked_days, stated_days = _days(question_part), _days(sentence)
    return bool(asked_days and stated_days and not asked_days & stated_days)


def other_code(question_part: str, sentence: str) -> bool:
    """Whether ``sentence`` names a code of the series of one the part names, and not the part's own: «постмортем по
    инциденту P2» is not answered by «По каждому инциденту P1 в течение 3 рабочих дней проводится постмортем»."""
    asked = _codes(question_part)
    if not asked:
        return False
    stated = _codes(sentence)
    return any(
        any(series == letters and number != own for series, number in stated) and (letters, own) not in stated
        for letters, own in asked
    )


_GOVERNING = frozenset({"за", "для", "у", "к", "с", "со", "о", "об", "от", "при"})
"""Prepositions whose object names whom a rule is for («уход за ребёнком», «для родителей»)."""


def _governed_nouns(text: str, prepositions: frozenset[str]) -> list[tuple[str, str, str, bool]]:
    """``(preposition, noun lemma, case, animate)`` of each noun a preposition of ``prepositions`` governs in
    ``text``, qualifiers between them skipped («по уходу за заболевшим ребёнком» → ``("за", "ребенок", "ablt",
    True)``): what the readers of a governed person, purpose or circumstance below share."""
    words = _WORD_RE.findall(text)
    tagged = _tagged_words(text)
    found = []
    for k, word in enumerate(words):
        low = word.lower()
        if low not in prepositions:
            continue
        j = k + 1
        while j < len(tagged) and tagged[j][1] in _QUALIFIER_POS:
            j += 1
        if j < len(tagged) and tagged[j][1] == "NOUN":
            found.append((low, tagged[j][0], tagged[j][2], tagged[j][3]))
    return found


def _governed_people(text: str) -> set[tuple[str, str, str]]:
    """``(preposition, noun lemma, case)`` of each person a preposition of :data:`_GOVERNING` governs (qualifiers
    between them skipped): «по уходу за заболевшим ребёнком» → ``("за", "ребенок", "ablt")``."""
    return {(prep, lemma, case) for prep, lemma, case, animate in _governed_nouns(text, _GOVERNING) if animate}


def other_person(asked: AskedCase, sentence: str) -> bool:
    """Whether ``sentence`` governs another person by the preposition and case the part governs its person by, and
    does not name the part's: «больничный по уходу за мамой» is not answered by «Больничный по уходу за заболевшим
    ребёнком оформляется …»."""
    people = {(p, lemma, case) for p, lemma, case in _governed_people(asked.text) if _in_terms(lemma, asked.terms)}
    if not people:
        return False
    stated = _governed_people(sentence)
    words, stems = vocabulary_of([sentence])
    return any(
        any(p == prep and c == case and lemma != own for p, lemma, c in stated) and not asked.said_in(own, words, stems)
        for prep, own, case in people
    )


RECIPIENTS_MUST_AGREE = True
"""Whether a sentence stating its rule for another recipient than the part's — the person in the dative or after
«для» («гостям» / «для сотрудников», «гибридникам» / «Полностью удалённым сотрудникам») — is no supplier
(:func:`other_recipient`)."""


def recipients(text: str) -> set[str]:
    """The lemmas of the people ``text`` states something for in the dative: an animate noun in the dative that no
    preposition governs (qualifiers before it skipped) — «Каждому сотруднику доступно …», «гостям сколько мест»,
    «новичку с какого числа начнёт действовать полис ДМС»: the one a rule is for, not what it is about."""
    tagged = _tagged_words(text)
    found = set()
    for k, (lemma, pos, case, animate) in enumerate(tagged):
        if pos != "NOUN" or case != "datv" or not animate:
            continue
        j = k - 1
        while j >= 0 and tagged[j][1] in _QUALIFIER_POS | _SKIPPED_POS:
            j -= 1
        if j < 0 or tagged[j][1] != "PREP":
            found.add(lemma)
    return found


def _for_whom(text: str) -> set[str]:
    """The lemmas of the people ``text`` states something for: in the dative (:func:`recipients`) or after «для»
    («мест для сотрудников»).  Both name whom a rule is for, so a question may ask in one form of a rule the
    sentence states in the other."""
    return recipients(text) | {lemma for prep, lemma, _case in _governed_people(text) if prep == "для"}


def other_recipient(asked: AskedCase, sentence: str) -> bool:
    """Whether ``sentence`` states its rule for recipients of its own and does not say the part's: «гостям сколько
    парковочных мест» is not answered by «У бизнес-центра есть 10 парковочных мест для сотрудников», «гибридникам
    интернет компенсируют?» not by «Полностью удалённым сотрудникам компания компенсирует интернет» — the rule of
    a neighbouring group of people the documents do cover.  The recipient is read in the dative or after «для» in
    either text (:func:`_for_whom`); only one the part names (:meth:`AskedCase.names`: a subject term and a word the
    run's passages use — as for :func:`replaces_a_dependent`, a word the documents never use may be the asker's own
    for the sentence's).  A sentence naming no recipient states its rule for all and is kept, and
    one saying the part's recipient in its own words (a derivative: «удаленщикам» / «удалённым сотрудникам», or the
    colloquial lexicon's spelling) is kept too."""
    if not RECIPIENTS_MUST_AGREE:
        return False
    own_recipients = {lemma for lemma in _for_whom(asked.text) if asked.names(lemma)}
    if not own_recipients:
        return False
    stated = _for_whom(sentence)
    words, stems = vocabulary_of([sentence])
    return any(stated - {own} and not asked.said_in(own, words, stems) for own in own_recipients)


PURPOSES_MUST_AGREE = True
"""Whether a sentence stating its rule for other purposes («для новой функциональности», «для исправлений») than the
one the question names («для рефакторинга») is no supplier (:func:`other_purpose`)."""


_FOR = frozenset({"для"})


def purpose_nouns(text: str) -> set[str]:
    """The lemmas of the inanimate nouns «для» governs in ``text`` (adjectives between skipped)."""
    return {lemma for _prep, lemma, _case, animate in _governed_nouns(text, _FOR) if not animate}


def other_purpose(asked: AskedCase, sentence: str) -> bool:
    """Whether ``sentence`` states its values for purposes of its own («feature/… для новой функциональности, fix/…
    для исправлений») and not for the one the part names («ветку для рефакторинга с каким префиксом называть»): the
    rule of other cases.  It holds when the documents never use the part's purpose (which the part's terms then leave
    out, :data:`agentcore.rag._focus.circumstances.PURPOSES_THE_DOCUMENTS_LACK_ARE_NOT_TERMS`): a need of the asker's
    that the rule does not name is set aside, but not one the sentence names other cases in place of.  A sentence
    with no «для» of its own is kept."""
    if not PURPOSES_MUST_AGREE:
        return False
    purposes = purpose_nouns(asked.text)
    if not purposes:
        return False
    stated = purpose_nouns(sentence)
    words, stems = vocabulary_of([sentence])
    return bool(stated - purposes) and not any(asked.said_in(own, words, stems) for own in purposes)


def _in_terms(lemma: str, terms: Sequence[str]) -> bool:
    plain = lemma.replace("ё", "е")
    return any(plain == t.replace("ё", "е") for t in terms)


DEPENDENTS_MUST_AGREE = True
"""Whether a sentence that fills a slot of a noun of the question — the noun in the genitive after it, or the noun a
preposition after it governs — with another word than the question's is no supplier (:func:`replaces_a_dependent`)."""

_GENITIVE_SLOT = "genitive"
"""The slot of a noun in the genitive right after a noun («график дежурств», «ключ от шкафчика» is the slot «от»)."""


def noun_slots(text: str) -> set[tuple[str, str, str]]:
    """``(noun lemma, slot, filler lemma)`` of each dependent ``text`` gives a noun right after it: a noun in the
    genitive (slot :data:`_GENITIVE_SLOT`: «график дежурств») or the noun a preposition governs (the slot is the
    preposition: «ключ от шкафчика», «график дежурств на квартал» — a phrase after a genitive is read with the
    nearer noun, the same in every text), adjectives between skipped; an adjective standing for a noun («от
    серверной») fills the slot itself.  A filler that is the unit of a figure («на 3 недели») names an amount, not a
    case, and a pronoun («с каким префиксом») none."""
    words, tagged = _tokens(text)
    found: set[tuple[str, str, str]] = set()
    for k, (lemma, pos, _case, _animate) in enumerate(tagged):
        if pos in _VERB_POS and VERB_OBJECTS_ARE_SLOTS:
            obj = _object_after(tagged, words, k)
            if obj is not None:
                found.add((lemma, _OBJECT_SLOT, obj))
            continue
        if pos != "NOUN":
            continue
        n = k + 1
        slot = _GENITIVE_SLOT
        if n < len(tagged) and tagged[n][1] == "PREP":
            slot = words[n].lower()
            n += 1
        first = n
        while n < len(tagged) and tagged[n][1] in _QUALIFIER_POS and not _is_pronoun(tagged[n][0]):
            n += 1
        if n < len(tagged) and tagged[n][1] == "NOUN":
            filler = n
        elif n > first and slot != _GENITIVE_SLOT:
            filler = n - 1  # «ключ от серверной»: the adjective is the thing
        else:
            continue
        if tagged[filler][0] == lemma or _numbered(tagged, words, first):
            continue
        if slot == _GENITIVE_SLOT and not _genitive(words[filler]):
            continue
        found.add((lemma, slot, tagged[filler][0]))
    return found


VERB_OBJECTS_ARE_SLOTS = True
"""Whether the noun right after a verb in the accusative — its object («проводят встречу», «проводит ретро») — is a
slot of the verb as a noun's dependents are of the noun (:func:`replaces_a_dependent`)."""

_OBJECT_SLOT = "object"
_VERB_POS = frozenset({"VERB", "INFN"})


def _tokens(text: str) -> tuple[list[str], list[tuple[str, str, str, bool]]]:
    """The words and numbers of ``text`` and their :func:`_tagged_words` readings (a number's part of speech is
    ``"NUMB"``)."""
    words = re.findall(r"\d+|[А-Яа-яЁё][А-Яа-яЁё-]*", text)
    return words, [(w, "NUMB", "", False) if w.isdigit() else _tagged_words(w)[0] for w in words]


def verbs_object(text: str) -> str | None:
    """The lemma of the direct object of the first verb or infinitive of ``text`` (:func:`_object_after`: «как
    оформить налоговый вычет» → вычет), or ``None`` when the word after its qualifiers is no noun that may be
    one."""
    words, tagged = _tokens(text)
    verb = next((k for k, (_lemma, pos, _case, _animate) in enumerate(tagged) if pos in _VERB_POS), None)
    return None if verb is None else _object_after(tagged, words, verb)


def _object_after(tagged: Sequence[tuple[str, str, str, bool]], words: Sequence[str], k: int) -> str | None:
    """The lemma of the noun right after verb ``k`` that has an accusative reading (adjectives and a figure of a
    compound adjective — «ежедневную 15-минутную встречу» — between), or ``None``."""
    n = k + 1
    while n < len(tagged) and (
        (tagged[n][1] in _QUALIFIER_POS and not _is_pronoun(tagged[n][0]))
        or (tagged[n][1] == "NUMB" and n + 1 < len(tagged) and tagged[n + 1][1] in _QUALIFIER_POS)
    ):
        n += 1
    if n >= len(tagged) or tagged[n][1] != "NOUN":
        return None
    if not any("NOUN" in p.tag and p.tag.case == "accs" for p in word_parses(words[n].lower().replace("ё", "е"))):
        return None
    return tagged[n][0]


def _numbered(tagged: Sequence[tuple[str, str, str, bool]], words: Sequence[str], k: int) -> bool:
    """Whether the phrase starting at word ``k`` is a figure's: a number or a numeral right before it or as its first
    word («на 3 недели»)."""
    return any(0 <= j < len(words) and (words[j].isdigit() or tagged[j][1] == "NUMR") for j in (k - 1, k))


def _genitive(word: str) -> bool:
    """Whether a reading of ``word`` as a noun is in the genitive (the first reading of a plural often is not)."""
    return any("NOUN" in p.tag and p.tag.case == "gent" for p in word_parses(word.lower().replace("ё", "е")))


def _used(term: str, used: tuple[set[str], set[str]], part: Part | None) -> bool:
    """Whether the run's passages (``used``: their words and stems) use ``term`` or a spelling ``part`` has for it."""
    if term_matches(term, *used):
        return True
    return part is not None and any(
        lemmas and all(term_matches(x, *used) for x in lemmas) for lemmas in part.alternatives_of(term)
    )


def replaces_a_dependent(
    asked: AskedCase, sentence: str, context: Sequence[str] = (), object_context: Sequence[str] = ()
) -> bool:
    """Whether ``sentence`` fills a slot of a noun of the part with another word than the part's, and does not say
    the part's own: «кто выдаёт ключи от переговорок» is not answered by «ключ от шкафчика выдаёт офис-менеджер»,
    «график дежурств на год» not by «График дежурств на квартал составляет …» — each states the rule of a
    neighbouring thing the documents cover.  The slot is the genitive after the noun or the preposition after it;
    only a filler among the part's subject terms counts (a slot word names what is asked, not a case), and a
    sentence naming the noun with no filler states the rule for all.  The part's filler in another spelling the
    colloquial lexicon or the query repair gives («отпуск без содержания» / «без сохранения заработной платы») is
    said.

    The part's filler must be a word the documents use (:meth:`AskedCase.names`; any word without its ``used``): a
    word they never use may be the asker's own for the sentence's («попыток ввода пароля» / «неверных попыток
    входа», «уровень логирования» / «уровень детализации»), while a word they use elsewhere names its own thing
    («переговорки», «шкафчика»).

    A verb's object is also said by ``object_context`` (the heading of the sentence's section): an object in a
    general word stands for the thing its section is about — «Проводит встречу скрам-мастер» under «Ретроспектива
    спринта — Кто участвует» is the retrospective — while a noun's own filler («ключ от шкафчика») names its thing
    outright, whatever the document's title lists."""
    if not DEPENDENTS_MUST_AGREE:
        return False
    slots = {(noun, slot, filler) for noun, slot, filler in noun_slots(asked.text) if asked.names(filler)}
    if not slots:
        return False
    stated = noun_slots(sentence)
    # the sentence's context names its subject too: «Заполнить учёт за неделю …» after «… (worklog)»
    words, stems = vocabulary_of([sentence, *context])
    object_words, object_stems = vocabulary_of([sentence, *context, *object_context])

    def said(slot: str, filler: str) -> bool:
        if slot == _OBJECT_SLOT:
            return asked.said_in(filler, object_words, object_stems)
        return asked.said_in(filler, words, stems)

    return any(
        any(n == noun and s == slot and f != filler for n, s, f in stated) and not said(slot, filler)
        for noun, slot, filler in slots
    )


TIME_RELATIONS_MUST_AGREE = True
"""Whether a sentence naming a period of the question only before, during or after it, where the question asks of
another of the three, is no supplier (:func:`other_time_relation`)."""

_RELATION_RE = re.compile(
    r"(?<![\w-])(?P<rel>после(?:\s+(?:окончания|завершения))?|по\s+(?:окончании|завершении)|до(?:\s+(?:окончания|"
    r"завершения|начала))?|перед|раньше|во\s+время|в\s+течение|на\s+(?:весь|всё|все|время|период)|в\s+период|"
    r"в\s+ходе|на\s+протяжении)\s+(?P<phrase>(?:[А-Яа-яЁё-]+\s+){0,2}[А-Яа-яЁё-]+)",
    re.I,
)
_AFTER = ("после", "по ")
_BEFORE = ("до", "перед", "раньше")


def _relations(text: str) -> dict[str, set[str]]:
    """Per noun lemma of ``text`` that a preposition of time governs, the relations said of it — ``"after"``,
    ``"before"`` or ``"during"`` («после испытательного срока» → ``{"срок": {"after"}}``, «на весь испытательный
    срок» → ``{"срок": {"during"}}``); the noun is the first noun of the phrase after the preposition."""
    found: dict[str, set[str]] = {}
    for match in _RELATION_RE.finditer(text):
        rel = " ".join(match.group("rel").lower().split())
        if rel.startswith(_AFTER):
            relation = "after"
        elif rel.startswith(_BEFORE) and not rel.startswith("до окончания"):
            relation = "before"
        else:
            relation = "during"
        for lemma, pos, _case in _tagged(match.group("phrase")):
            if pos == "NOUN":
                found.setdefault(lemma, set()).add(relation)
                break
    return found


def other_time_relation(question_part: str, terms: Sequence[str], sentence: str) -> bool:
    """Whether ``sentence`` (a sentence with its context) names a period the part names only in another relation of
    time: «после испытательного
    срока как часто встречи с наставником» is not answered by what is said «на весь испытательный срок», «во время
    испытательного срока» — the rule of the period itself, not of the time after it.  Only a period whose phrase
    holds a subject term of the part counts; a sentence naming the period with no preposition of time is kept."""
    if not TIME_RELATIONS_MUST_AGREE:
        return False
    asked = _relations(question_part)
    if not asked:
        return False
    stated = _relations(sentence)
    phrases = {m.group("phrase").lower() for m in _RELATION_RE.finditer(question_part)}
    words, stems = vocabulary_of(list(phrases))
    own = [t for t in terms if t in words or stem_of(t) in stems]
    if not own:
        return False
    return any(noun in stated and not relations & stated[noun] for noun, relations in asked.items())


CONDITIONS_MUST_AGREE = True
"""Whether a sentence stating its rule under the negation of a condition the question names (or the condition
where the question names its negation) is no supplier (:func:`opposite_condition`)."""

_NEGATION_RE = re.compile(r"(?<![\w-])(?:не|нет|нету|ни|без)(?![\w-])|\bотсутству\w*|\bотсутстви\w*", re.I)


def _conditions(text: str) -> list[tuple[frozenset[str], bool]]:
    """The nouns of each condition clause of ``text`` (:data:`agentcore.rag._focus.frames.CONDITION_CLAUSE_RE`:
    «если …», «при условии, что …»; not an exception, «кроме случаев, когда …») and whether the clause is negated
    («если на складе нет» → ``({"склад"}, True)``; «если позиция есть на складе» → ``({"позиция", "склад"},
    False)``)."""
    found = []
    for match in CONDITION_CLAUSE_RE.finditer(text):
        clause = match.group("clause")
        nouns = frozenset(lemma for lemma, pos, _case in _tagged(clause) if pos == "NOUN")
        if nouns:
            found.append((nouns, bool(_NEGATION_RE.search(clause))))
    return found


def opposite_condition(question_part: str, sentence: str) -> bool:
    """Whether ``sentence`` states its value under a condition on a thing a condition of the part is on, with the
    opposite polarity: «если на складе нет, за сколько дней привезут монитор» is not answered by «Срок выдачи — до 5
    рабочих дней, если позиция есть на складе» — the rule of the case the question excludes.  A sentence with no
    condition, or with the same polarity, is kept."""
    if not CONDITIONS_MUST_AGREE:
        return False
    asked = _conditions(question_part)
    if not asked:
        return False
    stated = _conditions(sentence)
    return any(nouns & own and negated != own_negated for nouns, negated in asked for own, own_negated in stated)


def replaces_the_case(
    asked: AskedCase, sentence: str, context: Sequence[str] = (), object_context: Sequence[str] = ()
) -> bool:
    """Whether ``sentence`` speaks of a neighbouring case, not the ``asked`` part's: another qualifier of its noun
    (:func:`replaces_a_qualifier`), another filler of a slot of its noun or object of its verb
    (:func:`replaces_a_dependent`; the part's filler must be a word its passages use and is said when the
    sentence's ``context`` says it, a verb's object also when ``object_context`` does), another season or day
    (:func:`other_period`), another code of its series (:func:`other_code`), another person governed as its person
    is (:func:`other_person`), another recipient in the dative or after «для» (:func:`other_recipient`), other
    purposes in place of its own (:func:`other_purpose`) or, unless the part is a yes/no, the opposite of its
    condition (:func:`opposite_condition`)."""
    if replaces_a_qualifier(asked, sentence):
        return True
    if replaces_a_dependent(asked, sentence, context, object_context):
        return True
    if not CASES_MUST_AGREE:
        return False
    asks = asked.part.asks if asked.part is not None else None
    return (
        other_period(asked.text, sentence)
        or other_code(asked.text, sentence)
        or other_person(asked, sentence)
        or other_recipient(asked, sentence)
        or other_purpose(asked, sentence)
        # a yes/no is answered by the rule of the opposite condition as well («если не отвечаю 5 дней, закроют?»)
        or (asks != "yesno" and opposite_condition(asked.text, sentence))
        # a yes/no is answered «нет» by a time outside the rule's; a time part asks the clock itself
        or (asks not in ("yesno", "time") and clock_outside_the_bound(asked.text, sentence))
    )


CLOCKS_MUST_FALL_IN_THE_BOUND = True
"""Whether a sentence that bounds its case by a clock time («Такси после 22:00», «с 8:00 до 11:00») is no supplier for
a part whose own clock times all fall outside that bound (:func:`clock_outside_the_bound`)."""

_CLOCK_AT_RE = re.compile(r"(?<![\d:.])(\d{1,2})[:.](\d{2})(?![\d])")
_BOUND_RE = re.compile(
    r"(?<![\w-])(?:(?P<from>с|со)\s+(?P<a>\d{1,2}[:.]\d{2})\s+до\s+(?P<b>\d{1,2}[:.]\d{2})|"
    r"(?P<after>после|позже|позднее)\s+(?P<t1>\d{1,2}[:.]\d{2})|(?P<before>до|раньше|ранее)\s+(?P<t2>\d{1,2}[:.]\d{2}))",
    re.I,
)


def _minutes(clock: str) -> int:
    hours, minutes = re.split(r"[:.]", clock)
    return int(hours) * 60 + int(minutes)


def clock_outside_the_bound(question_part: str, sentence: str) -> bool:
    """Whether ``sentence`` bounds its case by clock times — after one («Такси после 22:00, если вы задержались …»),
    before one, or between two («с 8:00 до 11:00») — and every clock time of the part falls outside each bound: «
    задержался до 20:00, такси домой сколько возмещают» asks of a case the rule does not cover.  A sentence with no
    bound, or a part with no clock time or one of the sentence's own, is kept."""
    if not CLOCKS_MUST_FALL_IN_THE_BOUND:
        return False
    asked = [int(h) * 60 + int(m) for h, m in _CLOCK_AT_RE.findall(question_part)]
    if not asked:
        return False
    bounds: list[tuple[int, int]] = []
    for match in _BOUND_RE.finditer(sentence):
        if match.group("from"):
            bounds.append((_minutes(match.group("a")), _minutes(match.group("b"))))
        elif match.group("after"):
            bounds.append((_minutes(match.group("t1")) + 1, 24 * 60))
        else:
            bounds.append((0, _minutes(match.group("t2")) - 1))
    if not bounds:
        return False
    stated = {int(h) * 60 + int(m) for h, m in _CLOCK_AT_RE.findall(sentence)}
    return all(t not in stated and not any(low <= t <= high for low, high in bounds) for t in asked)


DOERS_MUST_BE_STATED = True
"""Whether a sentence stating the act a «кто …» part asks the doer of in the passive, with no person in the
instrumental, is no supplier of that person (:func:`passive_without_a_doer`)."""

_WHO_RE = re.compile(r"(?<![\w-])кто(?![\w-])", re.I)


def passive_without_a_doer(question_part: str, sentence: str) -> bool:
    """Whether ``sentence`` says the act the part asks the doer of («кто назначает наставника новичку») only in the
    passive — a reflexive verb or a short passive participle of the part's verb («Каждому новичку назначается
    наставник из команды») — with no person in the instrumental («согласуется с директором департамента» names one)
    and no active form of the verb: the act is stated, its doer is not, and the persons the sentence names fill
    other roles (the one appointed, the one it is for).  Only a «кто» part whose verb is active counts («кто
    назначается релиз-менеджером» asks the one the passive names)."""
    who = _WHO_RE.search(question_part)
    if not DOERS_MUST_BE_STATED or who is None:
        return False
    verbs = [
        parse
        for word in _WORD_RE.findall(question_part[who.end() :])
        for parse in word_parses(word.lower().replace("ё", "е"))[:1]
        if {"VERB", "INFN"} & {str(parse.tag.POS)}
    ]
    if not verbs or verbs[0].normal_form.endswith(("ся", "сь")):
        return False
    verb = verbs[0].normal_form.replace("ё", "е")
    passive = active = agent = False
    for word in _WORD_RE.findall(sentence):
        parse = word_parses(word.lower().replace("ё", "е"))[0]
        tag, lemma = parse.tag, parse.normal_form.replace("ё", "е")
        if "NOUN" in tag and "anim" in tag and tag.case == "ablt":
            agent = True
        if {"VERB", "INFN", "PRTS", "PRTF"} & {str(tag.POS)}:
            own = lemma[:-2] if lemma.endswith(("ся", "сь")) else lemma
            if not term_matches(verb, {own}, {stem_of(own)}):
                continue
            if lemma.endswith(("ся", "сь")) or "pssv" in tag:
                passive = True
            else:
                active = True
    return passive and not active and not agent


CONDITION_CLAUSES_READ_WHOLE = True
"""Whether the condition whose figure a part sets (:func:`condition_figures`) is read after every opener of a condition
clause (:data:`agentcore.text.clauses.CONDITION_CLAUSE_PATTERN`: «если», «при условии, что», «в случае, если»), after
«при условии» or «в случае» before a noun, and after «при» or «когда»: before, «при условии, что стаж 2 года» was read
as a clause «условии» that ended at the comma (no figure), and «при условии стажа 2 года» named the noun «условие»
among the condition's."""
_CONDITION_RE = re.compile(
    rf"(?<![\w-])(?:{CONDITION_CLAUSE_PATTERN}|при\s+условии|в\s+(?:том\s+)?случае|в\s+(?:тех\s+)?случаях|при|когда)(?![\w-])"
    r"(?P<clause>[^,?;!]*)",
    re.I,
)
_IF_WHEN_RE = re.compile(r"\b(?:если|при|когда)\b(?P<clause>[^,?;!]*)", re.I)
"""The condition read without :data:`CONDITION_CLAUSES_READ_WHOLE`: after «если», «при», «когда» only."""
_UNIT_NOUNS = frozenset(
    {"минута", "час", "сутки", "день", "неделя", "месяц", "год", "секунда", "рубль", "процент", "раз", "штука"}
)


def condition_figures(question_part: str) -> list[tuple[str, frozenset[str]]]:
    """The figures a condition of the part sets, each with the nouns of its clause (not units): «сколько платят по
    больничному если стаж 2 года» → ``[("2", {"стаж"})]``."""
    found: list[tuple[str, frozenset[str]]] = []
    pattern = _CONDITION_RE if CONDITION_CLAUSES_READ_WHOLE else _IF_WHEN_RE
    for match in pattern.finditer(question_part):
        clause = match.group("clause")
        figures = re.findall(r"\d+", clause)
        if not figures:
            continue
        nouns = frozenset(lemma for lemma, pos, _case in _tagged(clause) if pos == "NOUN" and lemma not in _UNIT_NOUNS)
        if nouns:
            found.extend((figure, nouns) for figure in figures)
    return found


def misses_the_conditions_figure(question_part: str, texts: Sequence[str]) -> bool:
    """Whether ``texts`` (a sentence and its context) name the thing a condition of the part sets a figure for but
    not the figure: «… размер зависит от страхового стажа» with «доплачивает до 100% … за первые 10 рабочих дней»
    gives no amount for «если стаж 2 года» — the documents say the value depends on it, not what it is then."""
    if not CASES_MUST_AGREE:
        return False
    joined = " ".join(texts)
    numbers = set(re.findall(r"\d+", joined))
    words, stems = vocabulary_of(list(texts))
    return any(
        figure not in numbers and any(term_matches(noun, words, stems) for noun in nouns)
        for figure, nouns in condition_figures(question_part)
    )


_CIRCUMSTANCE_PREPOSITIONS = frozenset({"в", "во", "на", "при"})
_OWN_CONDITION_RE = re.compile(rf"(?:^|[\s,(—–-])(?:{CONDITION_OPENER_PATTERN})\b|\bпосле\s+\d", re.I)
"""A sentence's own condition: a condition opener (:data:`agentcore.text.clauses.CONDITION_OPENERS`) or «после N»."""


def circumstances(text: str) -> set[str]:
    """The nouns ``text`` names as a circumstance — after «в», «на», «при» in the locative («в командировке», «на
    дежурстве», «при увольнении»)."""
    # «в», «на», «при» govern no dative: a first reading in the dative («командировке») is the locative
    return {
        lemma
        for _prep, lemma, case, _animate in _governed_nouns(text, _CIRCUMSTANCE_PREPOSITIONS)
        if case in ("loct", "loc2", "datv")
    }


def states_another_circumstance(question_part: str, missing: Sequence[str], sentence: str) -> bool:
    """Whether ``sentence`` gives its value under a condition of its own («Такси после 22:00, если вы задержались на
    работе, — до 1500 ₽») while a circumstance the part names is among the terms it lacks (``missing``: «в
    командировке»): the value is the rule of the sentence's case, not of the one asked."""
    if not CASES_MUST_AGREE or not _OWN_CONDITION_RE.search(sentence):
        return False
    named = circumstances(question_part)
    return any(term.replace("ё", "е") in named for term in missing)
