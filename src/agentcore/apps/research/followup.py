"""A follow-up question of a conversation made whole for the search: «А сколько дней?» after «Как оформить отпуск?»
is searched as «Сколько дней отпуска?».

The research agent searches its question; earlier turns of a ``/v1`` conversation are context.  A follow-up that
opens with the continuation particle «а» / «и» and names no topic of its own leans on the previous user question:
that question's topic — its last noun, with the adjectives right before it — is added to the follow-up (in the
genitive after «сколько», «какой» and the like, where Russian puts it: «сколько дней отпуска»; after a dash
otherwise).  Anything else — a question that names a noun of its own, or one with no particle — is searched as
written.  A rule, not a model: it reads the same with every provider and is checked by tests.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.llm.models import LLMMessage
from agentcore.text.morphology import morph_analyzer, to_nominative

__all__ = ["standalone_question"]

_PARTICLE_RE = re.compile(r"^\s*(?:а|и)\s+(?=\S)", re.IGNORECASE)
_WORD_RE = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*|[A-Za-z][\w.+-]*")
# Question words after which the topic stands in the genitive («сколько дней отпуска», «какой срок отпуска»).
_GENITIVE_AFTER = frozenset({"сколько", "какой", "какая", "какое", "какие", "каков", "какова", "каково", "каковы"})


def _names_a_thing(morph: object, word: str) -> bool:
    """Whether ``word`` can name a topic: a noun in any reading, a full adjective that is not a pronoun («больничный»
    stands for «больничный лист»), or a Latin term («VPN», «Jira»)."""
    if len(word) < 2:  # a preposition or a letter («к», «в»)
        return False
    if word[0].isascii():
        return True
    for parse in morph.parse(word):  # type: ignore[attr-defined]
        grammemes = parse.tag.grammemes
        if "NOUN" in grammemes or ("ADJF" in grammemes and "Apro" not in grammemes):
            return True
    return False


def _nouns(morph: object, words: list[str]) -> list[int]:
    """Indices of ``words`` that can name a topic (see :func:`_names_a_thing`)."""
    return [i for i, word in enumerate(words) if _names_a_thing(morph, word)]


def _topic(morph: object, question: str, genitive: bool) -> str | None:
    """The last noun of ``question`` with the adjectives right before it (in the genitive when asked), or None."""
    words = _WORD_RE.findall(question)
    nouns = _nouns(morph, words)
    if not nouns:
        return None
    end = nouns[-1]
    start = end
    while start > 0 and start - 1 in nouns and not words[start - 1][0].isascii():
        start -= 1  # the adjectives (or a compound's nouns) right before it: «ежегодный отпуск»
    group = words[start : end + 1]
    if not genitive:
        return to_nominative(" ".join(group))
    inflected = []
    for word in group:
        parse = morph.parse(word)[0]  # type: ignore[attr-defined]
        form = None if word[0].isascii() else parse.inflect({"gent"})
        inflected.append(form.word if form is not None else word)
    return " ".join(inflected)


def standalone_question(question: str, history: Sequence[LLMMessage]) -> str:
    """``question`` made whole with the previous user question's topic when it is a bare follow-up, else as is.

    A bare follow-up opens with «а» / «и» and has no noun of its own (pronouns and measure words aside:
    «А сколько дней?» counts «дней» as the measure asked, so it is a follow-up too — see the module's docstring).
    """
    particle = _PARTICLE_RE.match(question)
    previous = next(
        (
            m.content
            for m in reversed(history)
            if m.role == "user" and m.content and not m.content.startswith("Observation:")
        ),
        None,
    )
    morph = morph_analyzer()
    if particle is None or not previous or morph is None:
        return question
    rest = question[particle.end() :].strip()
    words = [w.lower() for w in _WORD_RE.findall(rest)]
    lemmas = {morph.parse(w)[0].normal_form for w in words}
    own = _nouns(morph, words)
    # «сколько дней», «какой срок»: the noun asked about is a measure, not a topic; the topic follows in the genitive
    genitive = bool(words) and words[0] in _GENITIVE_AFTER and own == [1]
    if own and not genitive:
        return question
    topic = _topic(morph, previous, genitive)
    if topic is None or {morph.parse(w.lower())[0].normal_form for w in topic.split()} <= lemmas:
        return question
    body = rest.rstrip(" ?!.")
    mark = rest[len(body) :].strip() or "?"
    joined = f"{body} {topic}" if genitive else f"{body} — {topic}"
    return joined[:1].upper() + joined[1:] + mark
