"""Questions asking a reason («почему …», «зачем …», «для чего …»): answered only by a sentence that gives one.

A rule's sentence states *what* holds («Ноутбуки обновляются раз в 3 года», «Одно бронирование — не более 2 часов
подряд»), and a «почему» question holds the same words, so the term share and the meaning tests take the rule for the
answer.  The reason is a clause of its own — a cause («потому что», «так как», «из-за», «связано с», «так требует»), a
purpose («чтобы», «для того»), or a consequence drawn from it («поэтому»): a part asking why is answered only when a
shown sentence says one.  Without it the documents state the rule and not its reason.

The cue words are matched as whole words, the inflected ones by their pymorphy3 lemma («цели», «целью» — «цель»;
«целиком» is not one).  A question asking the purpose of a *thing* («для чего нужна ретроспектива», «зачем нужен
VPN») is answered, besides, by what the thing is or what it is for: its defining sentence, a noun phrase after the
dash («Ретроспектива — последнее событие спринта, на котором …», not «Ретроспектива — по пятницам в 16:00»), or a
sentence where it is the subject of a verb of function («VPN обеспечивает защищённый доступ …», «Jira используется
для …»).  Any other verb states a rule about the thing, not its purpose: «Ежегодный отпуск составляет 28 календарных
дней» does not say what a vacation is for, «Пропуск выдаётся на ресепшене …» not what a pass is for.  A
why-question about a rule or an action («почему ноутбуки обновляются …», «зачем нужно вести учёт времени») keeps the
stricter rule: the bare rule is not its reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._focus.parts import Part
from agentcore.rag._ranking import DEFINING_DASH
from agentcore.text.morphology import first_reading, parses, pos_of

REASONS_MUST_BE_GIVEN = True
"""Whether a part asking a reason is answered only by shown sentences that give one (:func:`misses_the_reason`)."""

_ASKS_A_REASON_RE = re.compile(
    r"(?<![\w-])(?:почему|зачем|отчего|для\s+чего|с\s+какой\s+целью|по\s+какой\s+причине|why)(?![\w-])", re.I
)
_REASON_PHRASE_RE = re.compile(
    r"(?<![\w-])(?:потому|поскольку|так\s+как|поэтому|чтобы|из-за|ради|благодаря|иначе|в\s+связи|because|since)"
    r"(?![\w-])",
    re.I,
)
_REASON_LEMMAS = frozenset({"причина", "цель", "помогать", "позволять", "требовать", "требоваться"})
"""Inflected cue words, by their pymorphy3 lemma: a cause («причина», «требует») or a purpose («цель», «помогает»)."""
_BEFORE_A_PREPOSITION = {"нужный": frozenset({"для"}), "связать": frozenset({"с", "со"})}
"""Cue words only before a preposition: «нужен для» (a purpose), «связано с» (a cause)."""
_WORD = r"[A-Za-zА-Яа-яЁё0-9]+(?:-[A-Za-zА-Яа-яЁё0-9]+)*"
"""A word: letters and digits, hyphenated or not — «1С», «из-за», «VPN» whole (a thing may be named by a code)."""
_WORD_RE = re.compile(_WORD)
_ASKS_A_PURPOSE_OF_RE = re.compile(
    rf"(?<![\w-])(?:зачем|для\s+чего)\s+(?:же\s+)?нуж(?:ны|на|но|ен)\s+(?P<thing>{_WORD})",
    re.I,
)
_DEFINES_RE = re.compile(rf"^\s*(?:\([^)]*\)\s*)?(?:{DEFINING_DASH}|это(?![\w-]))", re.I)
"""What opens the definition of the words before it: a definitional dash (:data:`agentcore.rag._ranking.DEFINING_DASH`)
or «это», after a parenthesis or not («VPN (виртуальная частная сеть) — …»)."""
_CLAUSE_END_RE = re.compile(r"[,.;:!?()]")
_VERB_WITHIN = 3
"""How many words after the thing its verb may stand («VPN обеспечивает …», «Jira у нас используется …»)."""
_FUNCTION_LEMMAS = frozenset(
    {
        "помогать",
        "позволять",
        "обеспечивать",
        "служить",
        "использоваться",
        "применяться",
        "защищать",
        "давать",
        "предназначить",
        "предназначаться",
        "гарантировать",
        "упрощать",
    }
)
"""Verbs of function or purpose, by their pymorphy3 lemma: what a thing does or is for («VPN обеспечивает …», «Jira
используется для …», «Пропуск даёт доступ …»), not when, how much or how it is handled («составляет», «выдаётся»)."""
_FUNCTION_BEFORE_A_PREPOSITION = {"нужный": _BEFORE_A_PREPOSITION["нужный"]}
"""«нужен для»: what a thing is needed for, not «связано с» (a cause, no function)."""
_DEFINING_POS = frozenset({"NOUN", "ADJF", "PRTF", "NPRO"})
"""A definition after the dash opens with a noun phrase («— последнее событие спринта …»), not a time or a figure
(«— по пятницам в 16:00», «— 28 дней»)."""


def asks_a_reason(part: Part) -> bool:
    """Whether ``part`` asks why («почему ноуты меняют раз в 3 года», «зачем нужен …», «для чего …»)."""
    return bool(_ASKS_A_REASON_RE.search(part.text))


def _lemmas(word: str) -> frozenset[str]:
    low = word.lower().replace("ё", "е")
    return frozenset({low} | {str(p.normal_form).replace("ё", "е") for p in parses(low)[:3]})


def _holds_a_cue(
    words: Sequence[str], lemmas: frozenset[str], before: dict[str, frozenset[str]], within: int | None = None
) -> bool:
    """Whether one of the first ``within`` (all when None) of ``words`` has its lemma in ``lemmas``, or in ``before``
    and is followed by one of its prepositions («нужен для»)."""
    for i, word in enumerate(words[:within]):
        if not parses(word):
            continue
        lemma = first_reading(word)[1]
        if lemma in lemmas:
            return True
        if i + 1 < len(words) and words[i + 1] in before.get(lemma, frozenset()):
            return True
    return False


def gives_a_reason(sentence: str, question: str = "") -> bool:
    """Whether ``sentence`` gives a reason — a cause, a purpose or a consequence: a cue phrase as whole words
    («потому что», «из-за», «поэтому»), an inflected cue by its lemma («по причине», «с целью», «помогает»), or «нужен
    для» / «связано с».  A cue that ``question`` says itself with the same word after it is the question's own words,
    not a reason (:data:`QUESTIONS_CUES_ARE_NO_REASON`): «почему нельзя работать из-за границы больше 30 дней» is not
    answered by «Работать из-за границы можно не более 30 календарных дней» — «из-за границы» is where one works
    from, and the sentence states the rule."""
    own = _cue_phrases(question) if QUESTIONS_CUES_ARE_NO_REASON and question else frozenset()
    for match in _REASON_PHRASE_RE.finditer(sentence):
        if _cue_key(match.group(), sentence[match.end() :]) not in own:
            return True
    words = [w.lower() for w in _WORD_RE.findall(sentence)]
    if own:
        asked = {lemma for w in _WORD_RE.findall(question) for lemma in _lemmas(w)}
        words = [w for w in words if not _lemmas(w) & asked]
    return _holds_a_cue(words, _REASON_LEMMAS, _BEFORE_A_PREPOSITION)


QUESTIONS_CUES_ARE_NO_REASON = True
"""Whether a reason's cue the question itself holds — the same cue before the same word («из-за границы»), or an
inflected cue of the question («почему требуется согласование» / «Согласование требуется …») — is read as the
question's own words, not as a reason a sentence gives (:func:`gives_a_reason`)."""


def _cue_key(cue: str, rest: str) -> tuple[str, str]:
    """A cue phrase and the lemma of the word after it (``""`` when none): what the question and a sentence must
    share for the sentence's cue to be the question's own words."""
    after = _WORD_RE.search(rest)
    following = sorted(_lemmas(after.group()))[0] if after else ""
    return " ".join(cue.lower().split()), following


def _cue_phrases(text: str) -> frozenset[tuple[str, str]]:
    """The cue phrases of ``text`` with the word after each (:func:`_cue_key`)."""
    return frozenset(_cue_key(m.group(), text[m.end() :]) for m in _REASON_PHRASE_RE.finditer(text))


def purpose_of_a_thing(part: Part) -> str | None:
    """The thing whose purpose ``part`` asks («для чего нужна ретроспектива» → «ретроспектива», «зачем нужен VPN» →
    «VPN»), or None: a why-question about an action («зачем нужно вести учёт») or a rule asks no thing's purpose."""
    match = _ASKS_A_PURPOSE_OF_RE.search(part.text)
    if match is None:
        return None
    thing = match.group("thing")
    if pos_of(thing.lower()) in {"INFN", "ADVB", "PREP", "CONJ", "PRCL", "NPRO"}:
        return None
    return thing


def _is_defined(rest: str) -> bool:
    """Whether ``rest`` — the text after the thing — defines it: a dash or «это» followed by a noun phrase."""
    match = _DEFINES_RE.match(rest)
    if match is None:
        return False
    words = [w.lower() for w in _WORD_RE.findall(rest[match.end() :])[:2]]
    if words and words[0] == "это":  # «X — это …»
        words = words[1:]
    return bool(words) and pos_of(words[0]) in _DEFINING_POS


def _states_a_function(clause: str) -> bool:
    """Whether one of the first words of ``clause`` is a verb of function («обеспечивает», «используется»,
    «предназначен») or «нужен для»."""
    words = [w.lower() for w in _WORD_RE.findall(clause)]
    return _holds_a_cue(words, _FUNCTION_LEMMAS, _FUNCTION_BEFORE_A_PREPOSITION, _VERB_WITHIN)


def _names_its_role(thing: str, sentence: str) -> bool:
    """Whether ``sentence`` says what ``thing`` is or is for: it stands in the nominative (or uninflected) and is
    defined by a noun phrase («X — …», «X это …») or followed, within its clause, by a verb of function («X
    обеспечивает …», «X используется для …»)."""
    lemmas = _lemmas(thing)
    for match in _WORD_RE.finditer(sentence):
        word = match.group().lower()
        readings = parses(word)
        if not lemmas & _lemmas(word):
            continue
        cases = {p.tag.case for p in readings[:3]}
        if readings and cases and None not in cases and "nomn" not in cases:
            continue
        rest = sentence[match.end() :]
        if _is_defined(rest) or _states_a_function(_CLAUSE_END_RE.split(rest, maxsplit=1)[0]):
            return True
    return False


def misses_the_reason(part: Part, shown: Sequence[str]) -> bool:
    """Whether ``part`` asks a reason and no sentence of ``shown`` gives one — a cause, a purpose or a consequence
    (:func:`gives_a_reason`): «Ноутбуки обновляются раз в 3 года» states the rule «почему ноуты меняют раз в 3
    года» asks the reason of, «Летом … многие хотят отдыхать одновременно, поэтому действует ограничение» gives it.
    A part asking the purpose of a thing (:func:`purpose_of_a_thing`) is answered, besides, by a sentence saying
    what the thing is or is for (:func:`_names_its_role`)."""
    if not REASONS_MUST_BE_GIVEN or not asks_a_reason(part):
        return False
    if any(gives_a_reason(sentence, part.text) for sentence in shown):
        return False
    thing = purpose_of_a_thing(part)
    return thing is None or not any(_names_its_role(thing, sentence) for sentence in shown)
