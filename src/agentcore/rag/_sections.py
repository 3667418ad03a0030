"""Which section of a document leads an extractive answer: the general rule before a special case.

A section heading often narrows a topic to a case: «Больничный по уходу за ребёнком», «Отпуск без сохранения
зарплаты», «Отпуск в командировке» — a topic («Больничный») and a qualifier opened by a preposition («по уходу за
ребёнком»).  Such a section answers a question that names its case; for a question that names the topic and not the
case («Как оформить больничный?») it states an exception, often by reference to the general rule («оформляется так
же, через ЭЛН» — text the user never sees).  The searcher may still rank it first: its heading repeats the topic.

:func:`general_first` changes only which passage *leads* the answer — the passages themselves (the context, their
ranks and citations, the pool the answer's sentences come from) stay as the searcher gave them.  A ranking feature
that moved such sections down in the searcher was measured and not kept (it reordered the pool of a compound
question, and another part then quoted another sentence; ``docs/rag.md``, *Special cases*).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentcore.rag._analysis import Analyzer
from agentcore.rag.models import Hit
from agentcore.text import normalize_text
from agentcore.text.morphology import parses as word_parses

# Prepositions that open a qualifier in a heading: «Больничный по уходу за ребёнком», «Отпуск за свой счёт»,
# «Компенсация для иностранцев», «Болезнь во время отпуска», «Sick leave for parents».
_QUALIFIER_PREPOSITIONS = frozenset(
    """
    по для в во при на за у с со без после до от из через между под над среди
    for in at on with during without under after
    """.split()  # noqa: SIM905 - a word list reads better as text
)
_HEADING_WORD_RE = re.compile(r"\w[\w-]*")


def section_heading(hit: Hit) -> str:
    """The passage's own heading: the last part of its title («Больничный и дни здоровья — Оплата больничного» →
    «Оплата больничного»); a document's opening has its document's title."""
    return re.split(r" — | / ", hit.title)[-1].strip()


def split_qualifier(heading: str, analyzer: Analyzer) -> tuple[frozenset[str], frozenset[str]]:
    """``heading`` read as a topic and a qualifier that narrows it: the terms before its first preposition (after
    at least one word) and the terms after it — «Больничный по уходу за ребёнком» → ({больничн}, {уход, ребенк}).
    Both empty when the heading has no such preposition, either part has no term, or the qualifier is a name (it
    opens with a capital or a quotation mark: «Скрам-мастер в «Ромашка Софт»» is the company's own rule, not a
    case of it)."""
    normal = normalize_text(heading)
    found = list(_HEADING_WORD_RE.finditer(normal))
    words = [match.group() for match in found]
    for index, word in enumerate(words[1:], start=1):
        if word.lower() in _QUALIFIER_PREPOSITIONS:
            after = normal[found[index].end() :].lstrip()[:1]
            if after in ("«", '"') or after.isupper():
                break  # a name («Скрам-мастер в «Ромашка Софт»», «WIP-лимит в Scrum») says where, not which case
            head = frozenset(analyzer.terms(" ".join(words[:index])))
            qualifier = frozenset(analyzer.terms(" ".join(words[index + 1 :])))
            if head and qualifier:
                return head, qualifier
            break
    return frozenset(), frozenset()


def special_case_topic(question_terms: set[str], hit: Hit, analyzer: Analyzer) -> frozenset[str]:
    """The question's terms that ``hit``'s heading narrows to a case the question does not name — its topic shares
    them and its qualifier shares none («Больничный по уходу за ребёнком» for «Как оформить больничный?» →
    {больничн}; nothing for «Больничный на ребёнка»); empty when the passage is no such special case."""
    head, qualifier = split_qualifier(section_heading(hit), analyzer)
    if qualifier & question_terms:
        return frozenset()
    return frozenset(head & question_terms)


def _question_nouns(question: str, analyzer: Analyzer) -> set[str]:
    """The terms of the question's nouns (pymorphy3's first reading) and Latin words: the things it names."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    nouns: set[str] = set()
    for word in _HEADING_WORD_RE.findall(normalize_text(question)):
        if morph is None or re.fullmatch(r"[A-Za-z][\w-]*", word) or "NOUN" in word_parses(word.lower())[0].tag:
            nouns |= analyzer.term_set(word)
    return nouns


def is_special_case(question: str, hit: Hit, analyzer: Analyzer, general: Hit) -> bool:
    """Whether ``hit``'s section is a special case ``question`` does not name (:func:`special_case_topic`) when it is
    weighed against the ``general`` passage: the question names no case when the general passage holds every
    thing it names (its nouns and Latin words) besides the topic.  A noun the general passage lacks may name the
    case in other words («сколько стоит ДМС для ребёнка», «… добавить маму в ДМС»: «ДМС для родственников» says
    «родителей» and «за ребёнка»), so the special case keeps its place."""
    terms = analyzer.term_set(question)
    topic = special_case_topic(terms, hit, analyzer)
    if not topic:
        return False
    other = analyzer.term_set(f"{general.title}\n{general.text}")
    return all(noun in other for noun in _question_nouns(question, analyzer) - topic)


def general_first(question: str, hits: Sequence[Hit], analyzer: Analyzer) -> list[Hit]:
    """``hits`` with the general section first when the first one is a special case the question does not name.

    The general section is the best-ranked passage of the same document that is no special case of the question
    and is about the same topic (its title or text holds the topic's terms the question names: «Больничный и дни
    здоровья — Что сделать в первый день болезни» for «Как оформить больничный?»).  Without one, or when the first
    passage is no special case, ``hits`` are returned unchanged.
    """
    if len(hits) < 2:
        return list(hits)
    terms = analyzer.term_set(question)
    topic = special_case_topic(terms, hits[0], analyzer)
    if not topic:
        return list(hits)
    for hit in hits[1:]:
        if hit.doc_id != hits[0].doc_id or special_case_topic(terms, hit, analyzer):
            continue
        if not topic <= analyzer.term_set(f"{hit.title}\n{hit.text}"):
            continue
        if is_special_case(question, hits[0], analyzer, general=hit):
            return [hit, *(h for h in hits if h is not hit)]
        break
    return list(hits)


_COMPOUND_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")


def names_another_thing(subject: set[str], heading: str, analyzer: Analyzer) -> bool:
    """Whether ``heading`` names the ``subject`` terms only inside hyphenated compounds that name another thing: a
    «Скрам-мастер» is a role, not Scrum — the heading of the Scrum master's article names «скрам» only as the first
    word of the role's name, whose head is its last word («мастер»).  False when a word of the heading is the
    subject itself, when the subject holds the compound's head («что такое скрам-мастер»; «что такое ревью» under
    «Код-ревью», a kind of review), or when the compound holds only some of the subject's words («что значит nit: в
    комменте на ревью» under «Код-ревью»: the compound names where, not what)."""
    if not subject:
        return False
    normal = normalize_text(heading)
    another = False
    for compound in _COMPOUND_RE.findall(normal):
        words = analyzer.term_set(compound.replace("-", " "))
        head = analyzer.term_set(compound.rsplit("-", 1)[-1])  # «мастер» of «скрам-мастер», «ревью» of «код-ревью»
        if subject <= words and not head <= subject:
            another = True
    if not another:
        return False
    plain = analyzer.term_set(_COMPOUND_RE.sub(" ", normal))
    return not (subject & plain)
