"""The shape of answer a question asks that :func:`agentcore.rag._ranking.question_kind`'s patterns miss (issue 18,
G8): the steps of a procedure asked by its noun («какие шаги нужно сделать», «какие действия») or by «что … сделать»
with words between, and a definition asked as an abbreviation to expand («расшифруй ЭЛН», «ЭЛН это что»).

The composer (:func:`agentcore.rag.answer.select_excerpts`) reads these on a question the patterns left ``other``:
a procedure is then answered by its steps in document order, a definition by its defining sentence first — for an
abbreviation, the sentence that spells it out (:func:`expands`: «… электронный листок нетрудоспособности (ЭЛН)»).
The searcher's ranking keeps its own reading (:func:`~agentcore.rag._ranking.question_kind`).
"""

from __future__ import annotations

import re

STEP_NOUNS = frozenset({"шаг", "действие", "порядок", "этап", "инструкция", "процедура", "алгоритм"})
"""Nouns that name a procedure's steps: a question asking which of them («какие шаги нужно сделать», «какие
действия», «какие этапы») asks for the procedure (lemmas, pymorphy3)."""
_WHICH_LEMMAS = frozenset({"какой", "каков", "что"})
_DO_WHAT_RE = re.compile(r"(?<![\w-])что\s+(?:[а-яё-]+\s+){1,3}?(?:делать|сделать|предпринять)\b", re.IGNORECASE)
"""«что» and, up to three words on, the verb of doing («что мне для этого сделать», «что нужно сделать чтобы»):
:data:`agentcore.rag._ranking.PROCEDURE_FILLER` allows only the words that name no subject, two at most."""
_EXPAND_RE = re.compile(
    r"^\W*(?:расшифру\w*|расшифровк\w*|как\s+расшифровыва\w*)\s+(?:аббревиатур\w*\s+|сокращени\w*\s+)?"
    r"(?P<subject>.*\w)\W*$|"
    r"^\W*(?P<subject2>\S+)\s+(?:это\s+)?(?:что|как\s+расшифровыва\w*|расшифру\w*)\W*$",
    re.IGNORECASE,
)
"""«расшифруй ЭЛН», «расшифровка аббревиатуры ИБ», «как расшифровывается SSO», «SSO это что», «ЭЛН расшифруй»."""
_ABBREVIATION_RE = re.compile(r"(?<![\w-])[A-ZА-ЯЁ0-9][A-ZА-ЯЁ0-9-]*[A-ZА-ЯЁ][A-ZА-ЯЁ0-9-]*(?![\w-])")
"""A word written in capitals (digits allowed: «2FA»), two letters or more: an abbreviation."""


def _lemmas(text: str) -> list[str]:
    from agentcore.rag._focus.words import lemma_of

    return [lemma_of(word) for word in re.findall(r"[А-Яа-яЁё]+", text)]


COUNT_LEMMAS = frozenset({"сколько", "количество"})
"""A question asking how many («Сколько этапов у собеседования и какие они?», «какое количество шагов») asks a
count, not the steps (review finding 7)."""
PROHIBITION_LEMMAS = frozenset({"не", "нельзя", "запретить", "запрещать", "запрещаться", "недопустимый"})
"""A negation of the act asked («Что нельзя делать с паролем?», «Какие действия запрещены?», «что не нужно
делать») asks a prohibition, not the steps of a procedure (review finding 7); a negation in another clause («что
делать, если не работает VPN») does not."""
_CLAUSE_RE = re.compile(r"[,;:.!?()]|(?<![\w-])(?:если|когда|пока|чтобы|потому|раз)(?![\w-])", re.IGNORECASE)


def asks_for_steps(question: str) -> bool:
    """Whether ``question`` asks for the steps of a procedure — by a noun of steps with «какой / каков / что» in one
    clause («я приболел, какие шаги нужно сделать», «какой порядок действий»), or by «что …  сделать» with words
    between («что мне для этого сделать») — and asks neither a count («сколько этапов …») nor a prohibition («что
    нельзя делать …», «какие действия запрещены»).  The one reading of a steps question: the composer's
    (:data:`agentcore.rag.answer.STEPS_BY_THEIR_NOUN`) and the focus check's (:mod:`agentcore.rag._focus.parts`)."""
    if COUNT_LEMMAS & set(_lemmas(question)):
        return False
    found = _DO_WHAT_RE.search(question)
    if found is not None:
        return not prohibits(found.group())
    for clause in _CLAUSE_RE.split(question):
        lemmas = set(_lemmas(clause))
        if lemmas & STEP_NOUNS and lemmas & _WHICH_LEMMAS and not prohibits(clause):
            return True
    return False


def prohibits(clause: str) -> bool:
    """Whether ``clause`` negates its act (:data:`PROHIBITION_LEMMAS`: «что нельзя делать», «что не нужно делать»,
    «какие действия запрещены»): it asks what is not to be done."""
    return bool(PROHIBITION_LEMMAS & set(_lemmas(clause)))


def expansion_subject(question: str) -> str:
    """The abbreviation a question asks to spell out («расшифруй ЭЛН» → «ЭЛН», «SSO это что» → «SSO»), or ``""``."""
    match = _EXPAND_RE.match(" ".join(question.split()))
    if match is None:
        return ""
    subject = (match.group("subject") or match.group("subject2") or "").strip()
    return subject if abbreviation_of(subject) else ""


def abbreviation_of(subject: str) -> str:
    """The abbreviation in a definition's subject («ЭЛН» of «ЭЛН», «MR» of «MR в гитлабе»; a lone short word typed
    in lower case, «элн», read in capitals), or ``""``."""
    found = _ABBREVIATION_RE.search(subject)
    if found:
        return found.group()
    words = subject.split()
    return words[0].upper() if len(words) == 1 and 2 <= len(words[0]) <= MAX_TYPED_ABBREVIATION else ""


MAX_TYPED_ABBREVIATION = 4
"""The longest lone word of a definition's subject read as an abbreviation typed in lower case («элн», «дмс»): it
must then stand in capitals in the passage (:func:`expands` compares as written), so a short common word finds no
expansion."""


def expands(text: str, abbreviation: str) -> bool:
    """Whether ``text`` spells ``abbreviation`` out: the abbreviation in brackets after its words («электронный
    листок нетрудоспособности (ЭЛН)», «merge request (MR)», «правила информационной безопасности (ИБ)»), or words in
    brackets right after it («ЭЛН (электронный листок …)»)."""
    if not abbreviation:
        return False
    word = re.escape(abbreviation)
    after = re.search(rf"[\w«»\"-]+\s+\((?:[^()]*[,;]\s*)?{word}(?:\s*[,;][^()]*)?\)", text)
    before = re.search(rf"(?<![\w-]){word}\s+\([^()\d]*[a-zа-яё][^()]*\)", text)
    return bool(after or before)
