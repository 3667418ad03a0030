"""A message is context plus questions: which sentences of a message ask, and the question they ask.

    question_of("Добрый день! У нас в команде спринт две недели, ретро проводим по пятницам. Сколько по правилам
                 должна длиться ретроспектива?")
    → "Сколько по правилам должна длиться ретроспектива?"
    question_of("Мне вчера выдали новый ноутбук, но на нём нет VPN. Как его настроить?")
    → "Как VPN настроить?"
    question_of("Hi, I joined the company last month and my manager said I need to set up 2FA. How do I do that?")
    → "How do I set up 2FA?"
    question_of("Сколько дней длится отпуск?")                       → the same text: a message without context

People write to HR, IT or the team lead as they write an e-mail: a greeting, a sentence or two about themselves
(«я на испытательном сроке», «мне вчера выдали ноутбук»), then the question, and thanks.  Read whole, every word of
that becomes a subject term the answer must hold, and the question loses its subject to a pronoun.  So a message is
read by its sentences (:func:`read_message`):

1. split into sentences (razdel, :func:`agentcore.text.sentences.split_sentences`; a «?» or «!» ends one even
   before a lower-case word, as in chat: «такси компенсируют? сколько»);
2. the sentences that are only courtesy — a greeting, thanks, an address — are dropped, and the formulas around the
   others taken off (:func:`agentcore.text.courtesy.strip_courtesy`: the assistant's question extraction);
3. a sentence *asks* (:func:`asks`) when it ends with «?», opens with a request to tell («подскажите, как …»,
   «расскажите про …», «could you tell me …»: :func:`agentcore.text.courtesy.asks_by_formula`), holds «ли», or
   opens with a question word — in Russian or English — while it does not end as a statement («.» or «!»), or
   after a verb of not knowing («не знаю, куда …», «I wonder whether …»); a chat fragment with no closing mark
   right after an asking sentence asks too, unless the asker is its subject («в офисе есть велопарковка? и
   душевая» — but «кухня в офисе есть? хочу обедать на работе»).  Every other sentence is *context*; so is a leading
   clause of an asking sentence, cut off by a dash, a semicolon or «, а», whose subject is the asker and which asks
   nothing («На дейли я сказал, а что ещё надо сделать в Jira …»);
4. the question is read from the asking sentences (:attr:`Message.question`).  Each keeps its own words, and takes
   what it refers to from the sentences before it:

   * a third-person pronoun («его», «её», «их», «он», «на нём»…) with no noun of its gender before it in an earlier
     clause of its own sentence takes the nearest noun of its gender and number before it, with the words that make
     it a name (its adjectives, Latin words and a genitive after it: «рабочий телефон», «процессы agentcore»; a
     noun with a quoted name is the name: «встреча «груминг»» → «груминг»), in the pronoun's case («Можно ли
     пройти в офис без него?» → «… без пропуска?»).  The subject or object of a clause is taken before a noun a
     preposition governs, and never what the asker says they are («я менеджер по продажам»);
   * a generic act on «это» («как это сделать», «how do I do that») is the act the context names — its last
     infinitive phrase («… нужно настроить 2FA», «I need to set up 2FA»); «там», «туда», «there» the place it names
     last («в Казань»);
   * a sentence that names no subject at all («что делать?», «что это значит?», «how do I fix it?»), or points at
     the situation the context tells («тогда», «при этом», «за это», «then»:
     :data:`POINTERS_MAKE_THE_CONTEXT_A_CONDITION`), is read together with the context sentence right before it —
     the situation is its subject, or the condition of the rule it asks, as a chat line «потерял пропуск, что
     делать» has always been read.  That sentence is read as one clause (:func:`_one_clause`): the question's
     parts are the asking sentence's, never the situation's.

A message with no context sentence, or none that asks, reads exactly as typed: a short question never changes.  The
reading is stable (``question_of(question_of(m)) == question_of(m)``), so each stage of the answer path may read the
question again.  The context stays the message's (:attr:`Message.context`): the search uses the whole message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from agentcore.text.courtesy import asks_by_formula, strip_courtesy
from agentcore.text.morphology import parses, with_capitals_of
from agentcore.text.sentences import split_sentences

__all__ = ["Message", "asks", "question_of", "read_message"]


@dataclass(frozen=True)
class Message:
    """A message read by its sentences.

    Attributes:
        text: the message as typed.
        asking: the sentences that ask, without courtesy, as typed (before any reference is resolved).
        context: the other sentences, without courtesy (the asker's situation), in order.
        question: what the answer path reads as the question (see the module docstring): ``text`` itself when the
            message has no context sentence or no asking one.
    """

    text: str
    asking: tuple[str, ...]
    context: tuple[str, ...]
    question: str

    @property
    def has_context(self) -> bool:
        """Whether the question was read apart from context sentences (``question`` may differ from ``text``)."""
        return bool(self.asking) and bool(self.context)


# --- sentences ------------------------------------------------------------------------------------------------------

_MARK_END_RE = re.compile(r"(?<=[?!])\s+(?=\S)")


def _sentences(text: str) -> list[str]:
    """The sentences of ``text``: razdel's, each line apart, cut after every «?» and «!» (razdel joins «…? сколько»)."""
    out: list[str] = []
    for line in text.splitlines():
        for sentence in split_sentences(" ".join(line.split())) if line.strip() else []:
            out += [piece for piece in _MARK_END_RE.split(sentence) if piece.strip()]
    return out


# --- which sentences ask ------------------------------------------------------------------------------------------

_RU_QUESTION_WORD = (
    r"что|чего|чему|чем|ч[её]м|ч[её]|шо|кто|кого|кому|кем|ком|где|куда|откуда|когда|почему|зачем|отчего|как|каков\w*|"
    r"как(?:ой|ая|ое|ие|ого|ому|ую|им|ом|их|ими)|скольк\w*|скок\w*|чей|чья|чь[её]|чьи|котор\w+|можно|нужно|надо|"
    r"обязательно|положен\w*|нельзя"
)
_EN_QUESTION_WORD = (
    r"what|which|who|whom|whose|where|when|why|how|is|are|am|was|were|do|does|did|can|could|will|would|should|shall|"
    r"may|might|must|have|has"
)
_PREPOSITION = r"(?:в|во|на|с|со|по|к|ко|у|о|об|за|из|от|для|до|через|при|после|in|on|at|for|to|from|with|by)"
_OPENS_ASKING_RE = re.compile(
    rf"^(?:(?:а|и|но|ну|так|and|but|so)\s+)?(?:{_PREPOSITION}\s+)?(?:{_RU_QUESTION_WORD}|{_EN_QUESTION_WORD})(?![\w-])",
    re.IGNORECASE,
)
_LI_RE = re.compile(r"(?<![\w-])ли(?![\w-])", re.IGNORECASE)
_NOT_KNOWING_RE = re.compile(
    r"(?<![\w-])(?:не\s+(?:знаю|знаем|понимаю|понимаем|понял\w*|уверен\w*|в\s+курсе|нашл\w+|нашёл|нашел)|непонятно|"
    r"интересно|интересует|хочу\s+понять|i\s+(?:wonder(?:ed)?|(?:do\s+not|don't|am\s+not|'m\s+not)\s+(?:know|sure|understand))|"
    r"not\s+sure)\b[\s,:—–-]*(?:(?:а|and)\s+)?(?:{ru}|{en}|whether|if)(?![\w-])".format(
        ru=_RU_QUESTION_WORD, en="what|which|who|where|when|why|how"
    ),
    re.IGNORECASE,
)


def asks(sentence: str) -> bool:
    """Whether ``sentence`` (one sentence as typed) asks something (step 3 of the module docstring)."""
    text = " ".join(sentence.split())
    if text.endswith("?") or asks_by_formula(text):
        return True
    bare = strip_courtesy(text)
    if _LI_RE.search(bare) or _NOT_KNOWING_RE.search(bare):
        return True
    return bool(_OPENS_ASKING_RE.match(bare)) and not bare.endswith((".", "!"))


_FIRST_PERSON = frozenset(
    """
    я меня мне мной мною мы нас нам нами мой моя моё мое мои наш наша наше наши i i'm i've we my our
    """.split()  # noqa: SIM905 - a word list reads better as text
)


def _continues_the_question(sentence: str) -> bool:
    """Whether ``sentence``, after an asking one, goes on asking: a chat fragment with no closing mark that does not
    speak of the asker — «в офисе есть велопарковка? и душевая», «гостевая парковка есть? пропуск нужен» — unlike «… ?
    у меня отпуск в июле», «… ? хочу обедать на работе»: the asker's own situation."""
    if sentence.rstrip().endswith((".", "!", "…")):
        return False
    return not _in_the_first_person(sentence, _FIRST_PERSON)


def _in_the_first_person(text: str, pronouns: frozenset[str]) -> bool:
    """Whether ``text`` holds one of ``pronouns`` or a verb in the first person («хочу», «я сказал»)."""
    for word in _words(text):
        if word.low in pronouns:
            return True
        if any(str(r.tag.POS) == "VERB" and r.tag.person == "1per" for r in word.readings[:2]):
            return True
    return False


# --- the words of a sentence ---------------------------------------------------------------------------------------

_TOKEN_RE = re.compile(r"[A-Za-zА-Яа-яЁё0-9][\w-]*|«[^»]*»|\"[^\"]*\"|[^\w\s]")


@dataclass(frozen=True)
class _Word:
    text: str  # as written
    start: int
    end: int
    low: str  # lower case, «ё» as «е»
    readings: tuple[Any, ...]  # pymorphy3's, for a Cyrillic word

    @property
    def pos(self) -> str:
        return str(self.readings[0].tag.POS) if self.readings else ""

    @property
    def latin(self) -> bool:
        return re.fullmatch(r"[a-z0-9][\w-]*", self.low) is not None and re.search(r"[a-z]", self.low) is not None

    @property
    def quoted(self) -> bool:
        return self.text[:1] in '«"'


def _words(text: str) -> list[_Word]:
    out = []
    for match in _TOKEN_RE.finditer(text):
        low = match.group().lower().replace("ё", "е")
        readings = tuple(parses(low)) if re.fullmatch(r"[а-я-]+", low) else ()
        out.append(_Word(match.group(), match.start(), match.end(), low, readings))
    return out


_TIME_NOUNS = frozenset(
    """
    день сутки неделя месяц год час минута секунда утро вечер ночь полчаса полгода время раз понедельник вторник
    среда четверг пятница суббота воскресенье январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь
    декабрь вчера сегодня завтра
    """.split()  # noqa: SIM905 - a word list reads better as text
)
"""Nouns of time: when the asker's situation happened, never what a pronoun stands for («я отдежурил 7 недель»)."""

_EMPTY_NOUNS = frozenset(
    ["вопрос", "случай", "ситуация", "дело", "проблема", "штука", "вещь", "время", "помощь", "число", "значение"]
)
"""Nouns that name no subject of their own («сколько у меня на это времени», «в таком случае», «как это число
увеличить», «какое значение указать»)."""

_NUMBERS_OF_FEW = frozenset({"два", "две", "три", "четыре", "оба", "обе", "пара", "2", "3", "4"})
"""A singular genitive after these is a plural («два процесса» → «они»)."""


def _noun_reading(word: _Word, *, any_noun: bool = False) -> Any:
    """The most likely noun reading of ``word`` when its first reading is a noun — not of time nor an empty one,
    unless ``any_noun``."""
    if not word.readings or word.pos != "NOUN":
        return None
    reading = word.readings[0]
    if any_noun:
        return reading
    if reading.normal_form in _TIME_NOUNS or reading.normal_form in _EMPTY_NOUNS:
        return None
    return reading


def _modifier_like(word: _Word) -> bool:
    """Whether ``word`` may be an adjective or a participle («рабочий» is first read as a noun, «the worker»)."""
    return any(str(r.tag.POS) in {"ADJF", "PRTF"} for r in word.readings[:3]) and "Apro" not in word.readings[0].tag


def _names_a_subject(word: _Word) -> bool:
    """Whether ``word`` names something a question may be about: a noun (not of time, not empty), a Latin word or a
    quoted name, an adjective that is not a pronoun («какой», «мой»)."""
    if word.latin or (word.quoted and len(word.text) > 2):
        return True
    if _noun_reading(word) is not None:
        return True
    tag = word.readings[0].tag if word.readings else None
    return tag is not None and tag.POS in {"ADJF", "PRTF"} and "Apro" not in tag


# --- third-person pronouns and their nouns ------------------------------------------------------------------------

_PRONOUNS: dict[str, tuple[str, str]] = {
    "он": ("m", "nomn"), "его": ("m", "accs"), "него": ("m", "gent"), "ему": ("m", "datv"), "нему": ("m", "datv"),
    "нем": ("m", "loct"), "оно": ("m", "nomn"),
    "она": ("f", "nomn"), "ее": ("f", "accs"), "нее": ("f", "gent"), "ей": ("f", "datv"), "ней": ("f", "loct"),
    "ею": ("f", "ablt"), "нею": ("f", "ablt"),
    "они": ("p", "nomn"), "их": ("p", "accs"), "них": ("p", "gent"), "им": ("p", "datv"), "ним": ("p", "datv"),
    "ими": ("p", "ablt"), "ними": ("p", "ablt"),
}  # fmt: skip
"""The third-person personal pronouns («ё» as «е»): the gender and number they stand for (masculine or neuter,
feminine, plural) and their most likely case."""

_PREPOSITIONS_OF_THE_INSTRUMENTAL = frozenset({"с", "со", "за", "над", "под", "перед", "между"})
_PREPOSITION_OF_PRONOUN = frozenset(
    """
    в во на с со по к ко у о об обо за из от для до через при после без про над под перед между
    """.split()  # noqa: SIM905 - a word list reads better as text
)


def _agrees(word: _Word, before: _Word | None, kind: str, *, loose: bool = False) -> Any:
    """The reading of ``word`` as a noun a pronoun of ``kind`` («m», «f», «p») may stand for, or ``None``.

    ``loose``: the number is not read (in the pronoun's own sentence «есть дни здоровья — до скольки его
    оформить» speaks of one of them), and an adjective standing for its noun counts («какая переговорная нас
    вместит и как её забронировать»)."""
    if word.latin or word.quoted:
        return word if kind == "m" or (loose and kind == "p") else None  # «VPN», «Jira», «TASK-877»: masculine
    if _noun_reading(word, any_noun=loose) is None and not (loose and word.pos in {"ADJF", "PRTF"}):
        return None
    for reading in word.readings[:4]:
        tag = reading.tag
        if tag.POS not in {"NOUN", "ADJF", "PRTF"} or (tag.POS == "NOUN") != (word.pos == "NOUN"):
            continue
        if reading.normal_form != word.readings[0].normal_form:
            continue
        plural = tag.number == "plur" or "Pltm" in tag or (before is not None and before.low in _NUMBERS_OF_FEW)
        if kind == "p" and (plural or (loose and tag.POS == "NOUN")):
            return reading
        if kind == "m" and (not plural or loose) and tag.gender in {"masc", "neut"}:
            return reading
        if kind == "f" and (not plural or loose) and tag.gender == "femn":
            return reading
    return None


_NOUN_PHRASE_POS = frozenset({"ADJF", "PRTF", "NUMR", "ADVB"})
"""What may stand between a preposition and its noun («на нашем портале», «через сколько минут»)."""
_ASKER = frozenset({"я", "мы"})


def _role(words: list[_Word], k: int) -> str:
    """What the noun ``words[k]`` is in its clause: ``"head"`` — the noun a preposition governs («на обзор»),
    ``"dependent"`` — a noun after another noun («курс английского», «обзор спринта», «задача TASK-877»),
    ``"asker"`` — what the asker says they are («я новый разработчик», «я менеджер по продажам»), else
    ``"free"`` (a subject or an object)."""
    j = k - 1
    while (
        j >= 0
        and words[j].low not in _ASKER
        and (words[j].pos in _NOUN_PHRASE_POS or words[j].low.isdigit() or _modifier_like(words[j]))
    ):
        j -= 1
    if j < 0:
        return "free"
    w = words[j]
    if w.pos == "PREP":
        return "head"
    if w.low in _ASKER:
        return "asker"
    if w.pos == "NOUN" or w.latin or w.quoted:
        return "dependent"
    return "free"


def _phrase_of(words: list[_Word], k: int, reading: Any, kind: str, case: str, opening: bool) -> str:
    """The noun ``words[k]`` with the words that make it a name — the adjectives before it, a quoted name, Latin
    words and up to two genitive nouns after it — the noun and its adjectives in the pronoun's ``case`` and number
    (``kind``).  ``opening``: the phrase opens its sentence (its capital letter is the sentence's, not a name's).
    A noun with a quoted name after it is the kind of the thing the name names: the name alone stands for it
    («встреча «груминг»» → «груминг»)."""
    if k + 1 < len(words) and words[k + 1].quoted and len(words[k + 1].text) > 2:
        return words[k + 1].text.strip('«»"')
    first = k
    while first > 0 and _modifier_like(words[first - 1]):
        first -= 1
    last = k
    while last + 1 < len(words):
        w = words[last + 1]
        genitive = w.pos == "NOUN" and w.readings[0].tag.case == "gent"
        if w.quoted or w.latin or (genitive and last - k < 2):
            last += 1
            continue
        break
    forms = [w.text for w in words[first : last + 1]]
    if opening and first == 0 and forms[0][1:2].islower():
        forms[0] = forms[0][:1].lower() + forms[0][1:]
    if reading is words[k]:  # a Latin word or a quoted name: no case to put it in
        return " ".join(forms)
    number = "plur" if kind == "p" else "sing"
    tag = reading.tag
    head = reading.inflect({case, number}) or reading.inflect({case})
    if head is None:
        return " ".join(forms)
    forms[k - first] = with_capitals_of(forms[k - first], head.word)
    gender = str(head.tag.gender or tag.gender or "masc")
    animacy = str(tag.animacy or "inan")
    for j in range(first, k):
        wanted = {case, "plur"} if number == "plur" else {case, "sing", gender}
        if case == "accs" and (number == "plur" or gender == "masc"):
            wanted.add(animacy)
        modifier = next((r for r in words[j].readings if str(r.tag.POS) in {"ADJF", "PRTF"}), None)
        form = modifier.inflect(wanted) if modifier is not None else None
        if form is not None:
            forms[j - first] = with_capitals_of(forms[j - first], form.word)
    return " ".join(forms)


def _antecedent(sentences: list[str], kind: str, case: str) -> str | None:
    """The noun phrase of the nearest sentence before the pronoun (the last of ``sentences`` first) a pronoun of
    ``kind`` may stand for, in ``case``: its last subject or object (:func:`_role` ``"free"``), else the last noun a
    preposition governs («слышал про новогодний корпоратив»).  Never what the asker says they are, nor a noun that
    only qualifies another."""
    for sentence in reversed(sentences):
        words = _words(sentence)
        found: dict[str, list[tuple[int, Any]]] = {"free": [], "head": []}
        for k, word in enumerate(words):
            reading = _agrees(word, words[k - 1] if k else None, kind)
            after = words[k + 1] if k + 1 < len(words) else None
            if after is not None and after.pos == "NOUN" and _modifier_like(word):
                continue  # «рабочий телефон»: the adjective of the noun after it
            role = _role(words, k) if reading is not None else ""
            if role in found:
                found[role].append((k, reading))
        candidates = found["free"] or found["head"]
        if candidates:
            k, reading = candidates[-1]
            return _phrase_of(words, k, reading, kind, case, opening=True)
    return None


def _pronoun_kind(words: list[_Word], k: int) -> tuple[str, str] | None:
    """The kind and case of ``words[k]`` when it is a third-person pronoun standing for a noun (not a possessive
    before its noun: «его отпуск», «их заявки»)."""
    word = words[k]
    kind = _PRONOUNS.get(word.low)
    if kind is None:
        return None
    before = words[k - 1] if k else None
    if word.low == "ним" and before is not None and before.low in _PREPOSITIONS_OF_THE_INSTRUMENTAL:
        kind = ("m", "ablt")  # «за ним», «с ним»: him (the plural is «за ними»)
    after = words[k + 1] if k + 1 < len(words) else None
    if word.low in {"его", "ее", "их"} and after is not None and after.pos in {"NOUN", "ADJF", "PRTF"}:
        return None  # a possessive: «его отпуск»
    if word.low in {"его", "ее", "их"} and before is not None and before.low in _PREPOSITION_OF_PRONOUN:
        return None  # «в его отпуске»: after a preposition only «него», «неё», «них» stand for a noun
    return kind


_CLAUSE_BOUNDARIES = frozenset({",", "—", "–", "-", ":", ";", "и", "а", "но", "или", "если", "когда", "чтобы"})
"""Where a clause ends: a noun of the pronoun's own clause is not what the pronoun stands for («пройти в офис без
него»), a noun of an earlier clause is («какая переговорная нас вместит и как её забронировать»)."""


def _resolved_pronouns(sentence: str, before: list[str]) -> str:
    """``sentence`` with each third-person pronoun that has no noun of its kind before it in the sentence replaced by
    the noun phrase it stands for in the sentences ``before`` it (see the module docstring)."""
    words = _words(sentence)
    out: list[str] = []
    at = 0
    for k, word in enumerate(words):
        kind = _pronoun_kind(words, k)
        if kind is None:
            continue
        boundary = max((j for j in range(k) if words[j].low in _CLAUSE_BOUNDARIES), default=-1)
        own = [
            j
            for j, w in enumerate(words[: max(boundary, 0)])
            if _agrees(w, words[j - 1] if j else None, kind[0], loose=True) is not None
            and _role(words, j) in {"free", "head"}
        ]
        if own:
            continue  # «какая переговорная нас вместит и как её забронировать»: its noun is in its own sentence
        phrase = _antecedent(before, *kind)
        if phrase is None:
            continue
        out += [sentence[at : word.start], phrase]
        at = word.end
    return "".join([*out, sentence[at:]]) if out else sentence


# --- the act «это» stands for ---------------------------------------------------------------------------------------

_GENERIC_ACTS_RU = frozenset({"сделать", "делать", "осуществить", "провернуть", "устроить"})
_THIS_RU = frozenset({"это", "этого", "так"})
_ACT_ON_THIS_RE = re.compile(r"(?<![\w-])(?:do|doing|done)\s+(?:that|this|it|so)(?![\w-])", re.IGNORECASE)
_EN_INFINITIVE_RE = re.compile(r"(?<![\w-])to\s+((?:[a-z0-9][\w-]*)(?:\s+[\w«»\"'-]+)*)", re.IGNORECASE)
_EN_PHRASE_END_RE = re.compile(
    r"[,;:.!?—–()]|\s(?:and|but|because|so|as|since|or|which|that|when|before|after)\s", re.I
)
_RU_PHRASE_END = frozenset({"и", "но", "а", "или", "потому", "так", "чтобы", "что", "когда", "если", "как", "хотя"})


def _last_act(sentences: list[str]) -> str | None:
    """The last infinitive phrase of the context (the last sentence first): a Russian infinitive with the words after
    it up to the end of its clause («… хочу прикрепить к своему ДМС сестру, она …» → «прикрепить к своему ДМС
    сестру»), an English «to» and its verb phrase («I need to set up 2FA» → «set up 2FA»)."""
    for sentence in reversed(sentences):
        if re.search(r"[а-яё]", sentence, re.IGNORECASE):
            words = _words(sentence)
            for k in range(len(words) - 1, -1, -1):
                w = words[k]
                if w.pos != "INFN" or w.readings[0].normal_form in _GENERIC_ACTS_RU:
                    continue
                end = k + 1
                while (
                    end < len(words) and words[end].low not in _RU_PHRASE_END and re.match(r"[\w«\"]", words[end].text)
                ):
                    end += 1
                return sentence[w.start : words[end - 1].end]
        else:
            acts = [m for m in _EN_INFINITIVE_RE.finditer(sentence)]
            if acts:
                phrase = acts[-1].group(1)
                cut = _EN_PHRASE_END_RE.search(" " + phrase + " ")
                return phrase[: max(cut.start() - 1, 0)].strip() if cut else phrase.strip()
    return None


def _act_resolved(sentence: str, context: list[str]) -> str:
    """``sentence`` with a generic act on «это» («это сделать», «сделать это», «do that») replaced by the act the
    context names (:func:`_last_act`), or as it was."""
    english = _ACT_ON_THIS_RE.search(sentence)
    if english is not None:
        act = _last_act(context)
        return sentence[: english.start()] + act + sentence[english.end() :] if act else sentence
    words = _words(sentence)
    for k, word in enumerate(words):
        if not word.readings or word.readings[0].normal_form not in _GENERIC_ACTS_RU:
            continue
        for j in (k - 1, k + 1):
            if 0 <= j < len(words) and words[j].low in _THIS_RU:
                act = _last_act(context)
                if act is None:
                    return sentence
                first, last = sorted((words[j], word), key=lambda w: w.start)
                return sentence[: first.start] + act + sentence[last.end :]
    return sentence


# --- the place «там» stands for ----------------------------------------------------------------------------------

_THERE_RU = frozenset({"там", "туда"})
_THERE_EN_RE = re.compile(r"(?<![\w-])(?<!is\s)(?<!are\s)there(?!\s+(?:is|are|was|were|be)\b)(?![\w'-])", re.I)
_PLACE_PREPOSITIONS_RU = frozenset({"в", "во", "на"})
_PLACE_EN_RE = re.compile(
    r"(?<![\w-])(?:in|at|on)\s+(?:(?:the|a|an|our|my|this|that)\s+)?[\w«»\"'-]+(?:\s+[A-Z0-9][\w-]*)*"
)


def _last_place(sentences: list[str]) -> str | None:
    """The last place the sentences before name (the last one first): a noun phrase «в», «во» or «на» governs, with
    its preposition («в офисе на Ленина» → «в офисе»), or in English «in / at / on» and its noun («at the office»)."""
    for sentence in reversed(sentences):
        if not re.search(r"[а-яё]", sentence, re.IGNORECASE):
            places = list(_PLACE_EN_RE.finditer(sentence))
            if places:
                return places[-1].group()
            continue
        words = _words(sentence)
        for k in range(len(words) - 1, -1, -1):
            if words[k].low not in _PLACE_PREPOSITIONS_RU:
                continue
            end = k + 1
            while end < len(words) and (_modifier_like(words[end]) and words[end].pos != "NOUN"):
                end += 1
            if end < len(words) and (_noun_reading(words[end]) is not None or words[end].latin):
                return sentence[words[k].start : words[end].end]
    return None


def _place_resolved(sentence: str, before: list[str]) -> str:
    """``sentence`` with «там» / «туда» / «there» replaced by the place the sentences ``before`` it name last
    (:func:`_last_place`: «В офисе есть парковка? Сколько там мест?» → «Сколько в офисе мест?»), or as it was."""
    english = not re.search(r"[а-яё]", sentence, re.IGNORECASE)
    found = _THERE_EN_RE.search(sentence) if english else None
    if not english:
        found = next((m for m in re.finditer(r"[\w-]+", sentence) if m.group().lower() in _THERE_RU), None)
    place = _last_place(before) if found is not None else None
    if found is None or place is None:
        return sentence
    return sentence[: found.start()] + place + sentence[found.end() :]


POINTERS_MAKE_THE_CONTEXT_A_CONDITION = True
"""Whether an asking sentence that points at the situation the context tells — «тогда», «при этом», «в таком (этом)
случае», «за это», «из-за этого», «для этого», «тоже», «так» closing a clause, «then», «in that case», «too», «as
well» — is read together with the context sentence right before it, whose words the answer must then hold (a
condition the focus check requires: «спринт длится месяц. Сколько тогда должна длиться ретроспектива?» is not
answered by the two-week sprint's rule; «живу во Владивостоке … Мне их тоже обязательно соблюдать?» not by the core
hours' rule for everyone).  Without it such a sentence is read alone and the context only steers the search.  On
the tuning split dev40 (branch ``ctx42``) eight messages point so: read alone, 4 correct / 2 wrong (the general
rule) / 1 false decline · 1 hallucinated near miss; read with their context, 1 / 0 / 6 · 0 — fewer right answers and
no wrong one (cost wrong×3 + hallucinated×2 + false decline: 9 alone, 6 here)."""

_POINTER_RU_RE = re.compile(
    r"(?<![\w-])(?:тогда|при\s+этом|в\s+(?:таком|этом)\s+случае|в\s+(?:такой|этой)\s+ситуации|за\s+это|"
    r"из-за\s+этого|для\s+этого|после\s+этого|тоже|так(?=\s*[,?!.]|\s*$))(?![\w-])",
    re.IGNORECASE,
)
_POINTER_EN_RE = re.compile(
    r"(?<![\w'-])(?:then|in\s+(?:that|this|such\s+a)\s+case|too|as\s+well)(?![\w'-])", re.IGNORECASE
)


def _points_at_the_situation(sentence: str) -> bool:
    """Whether ``sentence`` points at the situation the context tells
    (:data:`POINTERS_MAKE_THE_CONTEXT_A_CONDITION`)."""
    return bool(_POINTER_RU_RE.search(sentence) or _POINTER_EN_RE.search(sentence))


_EN_FUNCTION = frozenset(
    """
    what which who whom whose where when why how is are am was were be been being do does did can could will would
    should shall may might must have has had i me my mine we our us you your it its they them their he him his she
    her the a an of for to on in at by with from about into this that these those there here any some one then so
    and or but not no yes if also still just please get got need want know do done make fix happen happens okay ok
    """.split()  # noqa: SIM905 - a word list reads better as text
)


def _english_words(sentence: str) -> list[str]:
    """The words of an English ``sentence`` beyond its grammar and the generic verbs (:data:`_EN_FUNCTION`)."""
    return [w for w in re.findall(r"[a-z0-9][\w'-]*", sentence.lower()) if w not in _EN_FUNCTION]


def _names_no_subject(sentence: str) -> bool:
    """Whether ``sentence`` names nothing it is about: no noun, Latin word or adjective in Russian («что мне теперь
    делать», «сколько у меня на это времени»); in English, no word beyond the grammar and the generic verbs («what
    should I do now»)."""
    if not re.search(r"[а-яё]", sentence, re.IGNORECASE):
        return not _english_words(sentence)
    return not any(_names_a_subject(w) for w in _words(sentence))


# --- the reading ---------------------------------------------------------------------------------------------------


_NEW_PART_RE = re.compile(r"\s*[;:]\s*|\s+[—–-]\s+|\s*[—–]\s*")
_BUT_RE = re.compile(r",\s*(а|но)\s+", re.IGNORECASE)


def _one_clause(sentence: str) -> str:
    """A context sentence as the question reads it beside an asking one: its dashes, colons and semicolons as commas,
    «, а» as «а», one full stop at its end — no mark at which the question is split into parts
    (:func:`agentcore.rag._focus.parts.question_parts` splits at «—», «;», «, а»: the situation would be a part of
    the question to answer)."""
    text = _BUT_RE.sub(lambda m: f" {m.group(1)} ", _NEW_PART_RE.sub(", ", sentence.strip()))
    return re.sub(r"[\s,.!…]+$", "", text) + "."


_CLAUSE_SPLIT_RE = re.compile(r"\s*;\s*|\s+[—–]\s+|\s+-\s+|,\s*(?=а\s)", re.IGNORECASE)


_ASKER_SUBJECT = frozenset({"я", "мы", "i", "i'm", "i've", "we", "we're"})


def _speaks_of_the_asker(text: str) -> bool:
    """Whether the asker is the subject of ``text``: «я», «мы», «I», «we», or a verb in the first person («я сказал»,
    «хочу»; not «наш сервер», «у меня»)."""
    return _in_the_first_person(text, _ASKER_SUBJECT)


def _clauses(sentence: str) -> list[tuple[str, bool]]:
    """An asking ``sentence`` cut where its leading clause tells the asker's situation («На дейли я сказал, а что ещё
    надо сделать …», «я уже согласовал отпуск на август — можно его перенести?»): a clause cut off at a dash, a
    semicolon or «, а» that asks nothing (:func:`asks`), whose subject is the asker and which an asking clause
    follows, is context; the rest asks.  «Хочу поработать из Грузии, а VPN не подключается — что можно?» stays
    whole: what it asks («что можно») is about the first clause."""
    pieces = _CLAUSE_SPLIT_RE.split(sentence)
    out: list[tuple[str, bool]] = []
    while len(pieces) > 1 and not asks(pieces[0]) and _speaks_of_the_asker(pieces[0]) and asks(pieces[1]):
        out.append((pieces[0].strip(" ,") + ".", False))
        pieces = pieces[1:]
    if not out:
        return [(sentence, True)]
    rest = sentence[sentence.index(pieces[0]) :] if pieces[0] in sentence else " ".join(pieces)
    rest = re.sub(r"^(?:а|и)\s+", "", rest.strip(" ,"), flags=re.IGNORECASE)
    return [*out, (rest, True)]


def _read(sentences: list[tuple[str, bool]]) -> str:
    """The question of the message's sentences (``(text without courtesy, asks)``): see the module docstring."""
    pieces: list[str] = []
    joined: set[int] = set()
    for index, (text, asking) in enumerate(sentences):
        if not asking:
            continue
        context = [t for t, a in sentences[:index] if not a]
        before = [t for t, _ in sentences[:index]]
        read = _place_resolved(_resolved_pronouns(_act_resolved(text, context), before), before)
        if _names_no_subject(read) or (POINTERS_MAKE_THE_CONTEXT_A_CONDITION and _points_at_the_situation(read)):
            # the situation is its subject: the context sentence right before it (or right after, when it opens)
            earlier = [k for k in range(index) if not sentences[k][1]]
            later = [k for k in range(index + 1, len(sentences)) if not sentences[k][1]]
            near = earlier[-1] if earlier else (later[0] if later else None)
            if near is not None and near not in joined:
                joined.add(near)
                situation = _one_clause(sentences[near][0])
                read = f"{situation} {read}" if near < index else f"{read} {situation}"
        pieces.append(read)
    return " ".join(pieces)


GREETINGS_ARE_NO_PART = True
"""Whether a question with no context but a sentence of greeting, thanks or address («Привет! Как оформить больничный?
Спасибо!») is read without it, as a message with context is: before, such a message was read as typed, so «добрый
день» became subject terms of the part and «Привет! Как …» asked no procedure."""


@lru_cache(maxsize=4096)
def read_message(text: str) -> Message:
    """``text`` read as context plus questions (see the module docstring)."""
    sentences: list[tuple[str, bool]] = []
    courtesy_only = False  # a whole sentence of greeting, thanks or address was left out
    for sentence in _sentences(text):
        bare = strip_courtesy(sentence)
        if not re.search(r"\w", bare):
            courtesy_only = True
            continue  # a greeting, thanks, an address: nothing of the question
        asked = asks(sentence) or (bool(sentences) and sentences[-1][1] and _continues_the_question(bare))
        sentences += _clauses(bare) if asked else [(bare, False)]
    asking = tuple(t for t, a in sentences if a)
    context = tuple(t for t, a in sentences if not a)
    if not asking:
        return Message(text, asking, context, text)
    if not context:
        # «Добрый день! Сколько дней отпуска положено?»: the greeting is no part of the question (its «день» was a
        # subject term, and «Привет! Как оформить …» no longer read as a procedure); a question alone stays as typed
        question = " ".join(asking) if GREETINGS_ARE_NO_PART and courtesy_only else text
        return Message(text, asking, context, question)
    return Message(text, asking, context, _read(sentences))


def question_of(text: str) -> str:
    """The question a message asks, as the answer path reads it (:attr:`Message.question`)."""
    return read_message(text).question
