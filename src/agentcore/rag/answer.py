"""Answers from retrieved passages: the extractive answer (no LLM), the decline, and the prompt for an LLM answer.

The extractive answer quotes the passages the searcher ranked first; it never invents text.  What it quotes
depends on the kind of question (:func:`agentcore.rag._ranking.question_kind`):

* **procedure** («Как оформить отпуск?») — the whole list of steps of the top passage, with its lead-in line,
  one step per line, so a four-step procedure is never cut at step three;
* **definition** («Что такое спринт?») — the sentence that defines the subject («Спринт — это …»);
* **quantity** and others — the sentences (or list items) that share most of the question's words, from the top
  passages, in reading order, without padding: once they say every thing the question names, a sentence that says
  only a part of it is left out (:func:`_answers_beside`).  A question that asks a value (a number, a time, a
  person, a service, a name) is answered first by the sentence that gives it, as the focus check reads a supplier;
  a sentence beside it that gives no value asked and names nothing it lacks is padding (:func:`_value_bearing`).

The first passage leads unless it is a special case the question does not name («Больничный по уходу за ребёнком»
for «Как оформить больничный?»): then the general section of its document leads
(:func:`agentcore.rag._sections.general_first`).

Numbered lists and line breaks survive (``1. …\\n2. …``); Markdown emphasis and code marks are dropped.  The
sources follow as ``(Источники: title; …)``.  When the searcher finds the evidence too weak
(:class:`~agentcore.rag.models.SearchResult` ``answerable=False``), :func:`decline` says so and names the closest
sections instead.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from agentcore.rag._analysis import Analyzer, get_analyzer
from agentcore.rag._asking import abbreviation_of, asks_for_steps, expands, expansion_subject
from agentcore.rag._focus import announces
from agentcore.rag._focus.measures import ceilings
from agentcore.rag._focus.parts import question_parts, subject_terms
from agentcore.rag._focus.words import is_verb, lemma_of
from agentcore.rag._ranking import defined_terms, definition_subject, question_kind
from agentcore.rag._sections import (
    general_first,
    is_special_case,
    names_another_thing,
    section_heading,
)
from agentcore.rag.models import Hit, SearchResult
from agentcore.text.message import question_of
from agentcore.text.morphology import VERB_FORMS, first_reading, pos_of
from agentcore.text.morphology import parses as word_parses

if TYPE_CHECKING:
    from agentcore.rag._focus.parts import Asks, Part
    from agentcore.rag.citations import ComposedContext

NO_ANSWER = "В базе знаний нет ответа на этот вопрос."
CLOSEST = "Ближе всего по теме:"
MAX_SENTENCES = 3
MAX_CLOSEST = 3
CONTEXT_CHARS_PER_CHUNK = 1500

_ITEM_RE = re.compile(r"^\s*(?P<marker>\d{1,2}[.)]|[-*•])\s+(?P<text>.+)$")
# A sentence that opens with one of these leans on the sentence before it («Для этого команда проводит груминг»).
_REFERS_BACK_RE = re.compile(
    r"^(?:для этого|при этом|кроме того|после этого|из-за этого|в этом случае|в таком случае|поэтому|тогда|там|"
    r"тот же|та же|то же|те же|это|этот|эта|эти|этого|этой|этим|этих|этому|такой|такая|такое|такие|"
    r"он|она|оно|они|его|её|ее|их|ему|ей|им|но|однако|также|тоже)\b",
    re.IGNORECASE,
)
# A limit («не более чем на 14 календарных дней») is read with the sentence after it that says how to exceed it
# («Более длинный летний отпуск согласуется с директором департамента») when the question weighs a figure of its own
# against it («больше чем на две недели можно?»): without it the question is half answered.
LIMITS_WITH_EXCEPTIONS = True
# «в пределах N» states a ceiling as «не более N» does (N in digits or in words, or a unit alone: «в пределах
# месяца»; :func:`agentcore.rag._focus.measures.ceilings`).
_LIMIT_RE = re.compile(r"\bне\s+(?:более|больше|дольше|длиннее|свыше)\b", re.IGNORECASE)


def _states_a_limit(text: str) -> bool:
    """Whether ``text`` states a ceiling: «не более …», or «в пределах» before a figure or a unit."""
    return bool(_LIMIT_RE.search(text)) or bool(ceilings(text))


_EXCEEDS_RE = re.compile(r"^(?:более|больше|дольше|длиннее|свыше|сверх)\b", re.IGNORECASE)
# Punctuation at the end of a sentence (a citation marker goes before it).
_TRAILING_RE = re.compile(r"[.!?…:;,]+$")
_TABLE_RULE_RE = re.compile(r"^\s*\|?\s*:?-{2,}")
_EMPHASIS_RE = re.compile(r"\*\*(.+?)\*\*|__(.+?)__|`([^`]*)`")


def clean_markdown(text: str) -> str:
    """``text`` without Markdown emphasis and code marks (``**x**``, ``__x__``, `` `x` `` → ``x``)."""
    return _EMPHASIS_RE.sub(lambda m: next(g for g in m.groups() if g is not None), text)


@dataclass(frozen=True)
class _Unit:
    """A sentence, a list item or a table row of a passage."""

    text: str
    block: int  # paragraph or list it belongs to
    position: int  # order in the passage
    marker: str  # "" for prose, "1." / "•" for list items
    numbered: bool
    role: str = ""  # "row" for a table row, "header" for a table's header row, "" otherwise

    @property
    def lead_in(self) -> bool:
        """A prose line that announces what follows («Для команды:», also in bold)."""
        return not self.marker and not self.role and clean_markdown(self.text).rstrip().endswith(":")


def _units(text: str) -> list[_Unit]:
    """Split a passage into sentences, list items and table rows, keeping which block each belongs to.

    A list survives blank lines between its items and code blocks inside an item (kept, indented, in the item).
    """
    from agentcore.text.sentences import split_sentences

    units: list[_Unit] = []
    block = -1
    prose: list[str] = []
    in_list = False
    in_fence = False

    def flush() -> None:
        nonlocal block
        if not prose:
            return
        block += 1
        for piece in split_sentences(" ".join(prose)):
            sentence = " ".join(piece.split())
            if len(sentence) > 2:
                units.append(_Unit(sentence, block, len(units), "", False))
        prose.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if in_fence:
            if in_list and units and line:  # code inside a list item stays with the item
                last = units[-1]
                units[-1] = _Unit(f"{last.text}\n   {line}", last.block, last.position, last.marker, last.numbered)
            continue
        if not line:
            flush()
            continue  # a blank line alone does not end a list: the next line decides
        item = _ITEM_RE.match(line)
        if item or line.startswith("|"):
            flush()
            if not in_list:
                block += 1
                in_list = True
            if item:
                marker = item.group("marker")
                numbered = marker[0].isdigit()
                text_ = item.group("text").strip()
                units.append(_Unit(text_, block, len(units), marker if numbered else "•", numbered))
            elif not _TABLE_RULE_RE.match(line):
                cells = [cell.strip() for cell in line.strip("|").split("|")]
                units.append(_Unit(" | ".join(cells), block, len(units), "", False, "row"))
            elif units and units[-1].role == "row" and units[-1].block == block:
                last = units[-1]  # the row above the rule is the table's header
                units[-1] = _Unit(last.text, last.block, last.position, "", False, "header")
            continue
        if in_list and raw[:1].isspace() and units and units[-1].marker:
            last = units[-1]  # an indented continuation line of a list item
            units[-1] = _Unit(f"{last.text} {line}", last.block, last.position, last.marker, last.numbered)
            continue
        in_list = False
        prose.append(line.lstrip("> ").strip())
    flush()
    return units


@dataclass(frozen=True)
class _Scored:
    unit: _Unit
    hit: Hit
    hit_index: int
    score: float
    # the question's terms the unit holds (a colloquial one by the documents' word), and _A_FIGURE
    held: frozenset[str] = frozenset()


def _colloquial_terms(question: str, analyzer: Analyzer) -> dict[str, list[set[str]]]:
    """Per search term of ``question`` that is a colloquial word of the lexicon (:mod:`agentcore.rag._lexicon`):
    the term sets of the documents' words for it («залочат» → {«заблокир»}, «шеф» → {«руководител»})."""
    from agentcore.rag import _lexicon

    found: dict[str, list[set[str]]] = {}
    for match in _lexicon.matches(question):
        alternatives = [terms for terms in (analyzer.term_set(p) for p in match.phrases) if terms]
        for word in match.words:
            for term in analyzer.term_set(word):
                found.setdefault(term, []).extend(alternatives)
    return found


def _holds_all(wanted: set[str], terms: set[str]) -> bool:
    """Whether ``terms`` hold every stem of ``wanted`` — or a stem of the same word in another form: Snowball cuts
    an infinitive longer than its finite forms («бронирова» / «бронир» of «бронируются»)."""
    return all(
        w in terms or any(len(t) >= 5 and len(w) >= 5 and w[: len(t)] == t and len(w) - len(t) <= 3 for t in terms)
        for w in wanted
    )


_PREDICATE_POS = VERB_FORMS | {"ADVB"}
"""What a question says of its subject: a verb's form or an adverb."""


def _predicate_terms(question: str, analyzer: Analyzer) -> frozenset[str]:
    """The terms of the question's verbs, participles, gerunds and adverbs (pymorphy3's first reading): what it says
    of its subject, which the documents often word otherwise («ждёт» / «ожидает», «положено» / «составляет») — as
    against the things it names."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return frozenset()
    found: set[str] = set()
    for word in re.findall(r"[А-Яа-яЁё]+", question):
        if pos_of(word.lower()) in _PREDICATE_POS:
            found |= analyzer.term_set(word)
    return frozenset(found)


_A_FIGURE = "\x00figure"
"""In :attr:`_Scored.held`: the unit states a figure, and the question asks a quantity."""


def _score_units(question: str, hits: Sequence[Hit], analyzer: Analyzer, kind: str) -> list[_Scored]:
    query = analyzer.term_set(question)
    colloquial = {t: alts for t, alts in _colloquial_terms(question, analyzer).items() if t in query}
    if colloquial:
        # a word the passages use themselves is scored as it is: the lexicon stands in only for a missing one
        used = set().union(*(analyzer.term_set(hit.text) for hit in hits))
        colloquial = {t: alts for t, alts in colloquial.items() if t not in used}
    defined = _defined(question) if kind == "definition" else ""
    subject = analyzer.term_set(defined)
    abbreviation = abbreviation_of(defined) if ABBREVIATION_SPELLED_OUT_FIRST else ""
    scored = []
    for index, hit in enumerate(hits):
        for unit in _units(hit.text):
            if unit.role == "header" or announces(unit.text):
                # column names only introduce the rows, «Ниже описано, как …» only announces: never an answer
                scored.append(_Scored(unit, hit, index, 0.0))
                continue
            terms = analyzer.term_set(unit.text)
            held = frozenset(query & terms) | {
                t for t, alts in colloquial.items() if t not in terms and any(_holds_all(a, terms) for a in alts)
            }
            score = len(held) / len(query) if query else 0.0
            if subject and subject & defined_terms(unit.text, analyzer, sentences=1):
                score += 1.0  # the sentence defines what was asked
            elif expands(unit.text, abbreviation):
                score += 1.0  # «… электронный листок нетрудоспособности (ЭЛН)»: the sentence spells it out
            if kind == "quantity" and any(ch.isdigit() for ch in unit.text):
                score += 0.3
                held |= {_A_FIGURE}  # what a quantity question asks for, beside its words
            scored.append(_Scored(unit, hit, index, score, held))
    return scored


def quotable_forms(text: str) -> list[str]:
    """Every text the claim check may compare by meaning for a passage ``text``: each sentence, list item and table
    row as quoted (:class:`Excerpt`), and each of its sentences as a claim reads it (ending in a full stop)."""
    from agentcore.text.sentences import split_sentences

    forms: list[str] = []
    for unit in _units(text):
        if unit.role == "header":
            continue
        quoted = clean_markdown(unit.text)
        forms.append(quoted)
        for sentence in split_sentences(quoted.partition("\n")[0]):
            body = _TRAILING_RE.sub("", " ".join(sentence.split())).strip()
            if body:
                forms.append(f"{body}.")
    return list(dict.fromkeys(forms))


def quotable_lines(text: str) -> list[tuple[str, bool]]:
    """Each sentence and list item of a passage ``text`` as an answer would quote it (without Markdown emphasis),
    with whether it is a list item; table rows and lead-in lines («Для команды:») are left out (they state nothing
    alone).  The candidates :mod:`agentcore.rag._reselect` offers the focus check."""
    return [
        (clean_markdown(unit.text), bool(unit.marker)) for unit in _units(text) if not unit.role and not unit.lead_in
    ]


TABLES_AS_TABLES = True
"""Whether a quoted table row is shown as a Markdown table row under its header row and the rule
(``| Высокий | … | 2 часа | 1 рабочий день [1] |``): before, its cells were joined into a line read as a sentence
(«Приоритет | Когда | Реакция | Решение [1].»), so the header became a claim with a marker and the user saw a table
without its pipes and rule.  Read back (:func:`agentcore.rag.claims.read_claims`), the header is layout and each row
a claim; the focus check reads a row with its header (``agentcore.rag.trust._shown``)."""


def render_excerpts(excerpts: Sequence[Excerpt], cite: Callable[[Excerpt], str] | None = None) -> str:
    """Excerpts in reading order: prose of one block on one line, each list item on its own line.

    A numbered item keeps its number only when the items quoted from its list are the list's steps 1..k in order;
    an item quoted out of its list («3. Заявку согласует руководитель» alone) is shown with a bullet, so the answer
    never shows a step number without the steps before it.

    ``cite`` gives a marker to put at the end of an excerpt (before its final punctuation), e.g. ``"[2]"``.
    """
    whole = _whole_numbered_lists(excerpts)
    lines: list[str] = []
    previous: _Unit | None = None
    for excerpt in excerpts:
        unit = excerpt.unit
        text = excerpt.text
        if TABLES_AS_TABLES and unit.role:
            # a table row as a Markdown table row, its marker in its last cell; the header row with the rule under it
            if unit.role == "header":
                lines.append(f"| {text} |\n|" + " --- |" * (text.count("|") + 1))
            else:
                lines.append(f"| {text} {cite(excerpt)} |" if cite is not None else f"| {text} |")
            previous = unit
            continue
        if cite is not None:
            text = with_marker(text, cite(excerpt), item=bool(unit.marker))
        if unit.marker:
            marker = unit.marker if not unit.numbered or (excerpt.hit.id, unit.block) in whole else "•"
            lines.append(f"{marker} {text}")
        elif unit.role:
            lines.append(text)
        elif (
            previous is not None
            and not previous.marker
            and not previous.role
            and previous.block == unit.block
            and lines
        ):
            lines[-1] = f"{lines[-1]} {text}"
        else:
            lines.append(text)
        previous = unit
    return "\n".join(lines)


def _whole_numbered_lists(excerpts: Sequence[Excerpt]) -> set[tuple[str, int]]:
    """The numbered lists (passage id, block) quoted whole: every step, in order."""
    quoted: dict[tuple[str, int], list[str]] = {}
    texts: dict[str, str] = {}
    for excerpt in excerpts:
        unit = excerpt.unit
        if unit.marker and unit.numbered:
            quoted.setdefault((excerpt.hit.id, unit.block), []).append(unit.text)
            texts[excerpt.hit.id] = excerpt.hit.text
    whole = set()
    for (hit_id, block), items in quoted.items():
        steps = [u.text for u in _units(texts[hit_id]) if u.block == block and u.marker and u.numbered]
        if items == steps:
            whole.add((hit_id, block))
    return whole


_LABEL_WORD = r"[^\W\d_]+(?:-[^\W\d_]+)*"
_LABEL_RE = re.compile(rf"(?:\*\*|__)?{_LABEL_WORD}(?:\s+{_LABEL_WORD}){{0,2}}[.:](?:\*\*|__)?")


def is_item_label(text: str) -> bool:
    """Whether ``text`` is a list item's label: up to three words ending with a full stop or a colon, no figure and
    no verb («Суточные.», «Медицинская страховка:»), so nothing is said by it alone."""
    if not _LABEL_RE.fullmatch(text):
        return False
    return not any(is_verb(w.lower().replace("ё", "е")) for w in re.findall(r"[^\W\d_]+", text))


LABELS_UNMARKED = True
"""Whether a list item's label («Суточные.», :func:`is_item_label`) is shown without a citation marker of its own:
the label and the sentence after it are one claim (:func:`agentcore.rag.claims.read_claims`), whose marker ends it
(«• Суточные. 700 ₽ за каждый день … [1].»).  Before, every sentence got the marker, and the user read «• Суточные
[1]. 700 ₽ …» — a marker after a word that states nothing."""


def with_marker(text: str, marker: str, *, item: bool = False) -> str:
    """Every sentence of ``text`` with `` marker`` before its final punctuation (a sentence ending in a word gets a
    full stop), so each claim carries its citation.  Text is never changed: punctuation standing after a space
    belongs to a command (``pip install .``) and stays before the marker, and the code lines of a list item stay
    below its first line, untouched.  ``item``: ``text`` is a list item, whose label (:data:`LABELS_UNMARKED`)
    gets no marker."""
    from agentcore.text.sentences import split_sentences

    first, newline, code = text.partition("\n")
    marked = []
    sentences = split_sentences(first.rstrip())
    if item and LABELS_UNMARKED and len(sentences) > 1 and is_item_label(sentences[0]):
        marked.append(sentences.pop(0))
    for sentence in sentences:
        trailing = _TRAILING_RE.search(sentence)
        if trailing is None:
            marked.append(f"{sentence} {marker}.")
            continue
        body, run = sentence[: trailing.start()], trailing.group()
        if body[-1:].isspace():  # «pip install .» — and «pip install ..» when a full stop follows the command
            marked.append(f"{body}{run[:-1]} {marker}{run[-1]}" if len(run) > 1 else f"{sentence} {marker}")
        else:
            marked.append(f"{body.rstrip()} {marker}{run.rstrip(';,') or '.'}")
    return " ".join(marked) + newline + code


def _procedure(scored: list[_Scored], query: set[str], analyzer: Analyzer) -> tuple[list[_Unit], Hit] | None:
    """The whole list of steps that answers the question (numbered lists first), with its lead-in — or ``None``
    when prose answers it better.

    A list is about the question as much as its best item or its lead-in (the line before it ending with «:», else
    the passage's heading) shares the question's words.  The top passage's list is quoted unless a sentence of that
    passage shares more («Как перенести отпуск?» is answered by «Перенести уже согласованный отпуск можно…», not by
    the steps of «Как оформить отпуск»); a later passage's list only when it shares more than anything in the top
    passage — the top passage often answers in prose, and another section's list is then off-topic («Как попасть к
    врачу по ДМС?» is not answered by the steps of a sick leave; «Как сбросить пароль?» not by the password rules);
    on a tie, only a list in another section of the same article (the lead «Ниже описано, как её оформить» announces
    the steps of «Командировки — Оформление»; «Как выпускается релиз?» is answered by «Порядок выпуска», not by
    «Когда релизить нельзя»).
    """
    order = sorted({s.hit_index for s in scored})
    top = [s for s in scored if s.hit_index == order[0]]
    top_prose = max((s.score for s in top if not s.unit.marker and not s.unit.role), default=0.0)
    top_best = max(s.score for s in top)
    for hit_index in order:
        units = [s for s in scored if s.hit_index == hit_index]
        hit = units[0].hit
        for numbered in (True, False):
            blocks: dict[int, list[_Scored]] = {}
            for item in units:
                if item.unit.marker and item.unit.numbered == numbered:
                    blocks.setdefault(item.unit.block, []).append(item)
            if not numbered and BULLETS_MUST_INSTRUCT:
                # a bulleted list of rules («Требования к паролю: • Длина не менее 12 символов …») states what holds,
                # not what to do: no step of it tells the reader to act
                blocks = {b: found for b, found in blocks.items() if any(_instructs(s.unit.text) for s in found)}
            if not blocks:
                continue
            block = max(blocks, key=lambda b: (sum(s.score for s in blocks[b]), -b))
            items = blocks[block]
            before = [s for s in units if s.unit.position == items[0].unit.position - 1 and s.unit.lead_in]
            if before:
                lead, lead_score = [before[0].unit], before[0].score
            else:
                heading = re.split(r" — | / ", hit.title)[-1].strip()
                lead = [_Unit(f"{heading}:", -1, -1, "", False)]
                lead_score = _title_share(query, hit.title, analyzer)
            relevance = max([lead_score, *(s.score for s in items)])
            if hit_index != order[0] and LATER_LISTS_BY_THEIR_LEAD and lead_score <= 0:
                continue  # a later passage's steps under a lead that names nothing asked: another procedure
            if hit_index == order[0]:
                if relevance < top_prose:
                    continue
            elif relevance < top_best or (relevance == top_best and hit.doc_id != top[0].hit.doc_id):
                continue  # a tie goes to another section of the top passage's article: right article, and steps
            return lead + [s.unit for s in items], hit
    return None


MAX_STEPS = 4
LATER_LISTS_BY_THEIR_LEAD = True
"""Whether a list of steps from a passage after the first is quoted only when its lead-in (the line before it, else
its title) names a term of the question: the steps are what their lead says — «Что сделать в первый день болезни:»
is the procedure of a sick day, and one step of it naming the doctor («Обратитесь к врачу …») does not make it the
way «как попасть к врачу по ДМС» asks, which the first passage gives in prose («Записаться к врачу можно через
приложение …»)."""
BULLETS_MUST_INSTRUCT = True
"""Whether a bulleted list answers a procedure question only when one of its items tells the reader what to do (an
imperative, an infinitive after «нужно»): «забыл пароль, а телефона с двухфакторкой нет» is not answered by the list
of the password's requirements.  A numbered list is a procedure's steps whatever its verbs."""


def _instructs(text: str) -> bool:
    """Whether a sentence tells the reader what to do: a verb in the imperative («сообщите», «перешлите»), or an
    infinitive after a word of obligation or advice («нужно», «следует», «правильное решение — скачать …»)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    if morph is None:
        return False
    advised = bool(_ADVICE_RE.search(text)) if INSTRUCTIONS_BY_ADVICE else False
    for word, before in _long_words(text):
        parses = word_parses(word)
        parse = parses[0]
        if "impr" in parse.tag and "VERB" in parse.tag:
            return True
        if IMPERATIVE_BY_ANY_READING and before != "вы" and _reads_as_imperative(parses):
            return True
        if advised and "INFN" in parse.tag:
            return True
    return False


def _permits(text: str) -> bool:
    """Whether a sentence tells what the reader may do: «можно» and an infinitive («Справку … можно заказать в
    портале»: the way, for a question asking how; see :data:`WAY_BY_PERMISSION`)."""
    return bool(re.search(r"\bможно\b", text, re.IGNORECASE)) and any(
        pos_of(word) == "INFN" for word, _before in _long_words(text)
    )


def _long_words(text: str) -> list[tuple[str, str]]:
    """The Cyrillic words of ``text`` of four letters or more, lower-cased, each with the word before it (any
    length; ``""`` for the first): the words :func:`_instructs` and :func:`_permits` read."""
    words = [match.group().lower() for match in re.finditer(r"[А-Яа-яЁё]+", text)]
    return [(word, words[k - 1] if k else "") for k, word in enumerate(words) if len(word) >= 4]


IMPERATIVE_BY_ANY_READING = True
"""Whether a perfective verb whose forms of the imperative and of the 2nd person plural future coincide
(«загрузите», «сообщите», «позвоните»: pymorphy3 rates both readings alike and lists the indicative first) is read as
an instruction unless «вы» stands before it: «Чтобы сменить реквизиты, загрузите новую справку …» is the step of
changing the bank card, which the prose procedure left out."""


def _reads_as_imperative(parses: Sequence[Any]) -> bool:
    """Whether pymorphy3's readings of a word hold an imperative verb as likely as the first reading."""
    top = parses[0].score
    return any("impr" in p.tag and "VERB" in p.tag and p.score >= top for p in parses[:3])


INSTRUCTIONS_BY_ADVICE = True
"""Whether an infinitive after a word of obligation or advice is an instruction (see :func:`_instructs`)."""
_ADVICE_RE = re.compile(
    r"\b(?:нужно|надо|необходимо|следует|не следует|рекомендуем\w*|решение\s+[—–-]|правильно\s+[—–-])", re.I
)
STATED_STEPS_WHEN_ASKED = True
"""Whether a question asking the order of a procedure by its noun (:func:`~agentcore.rag._asking.asks_for_steps`:
«какой порядок», «какие шаги») is answered, when the best passage states its procedure in prose and no sentence of
the paragraph tells the reader what to do («Срочное исправление выпускается вне графика …. Ветка … создаётся от тега
текущей версии, для слияния достаточно одного одобрения …»), by that paragraph from its best sentence on
(:data:`MAX_STEPS` sentences at most) — the procedure's statements are its steps — not by the best sentence alone."""
INSTRUCTION_OF_THE_PASSAGE = True
"""Whether a procedure question whose best sentence stands in a paragraph (or list) that tells the reader nothing to
do is answered by the paragraph of the same passage holding the instruction that shares most with the question:
«как забронировать переговорку» is answered by «Переговорные бронируются через корпоративный календарь Яндекс 360:
создайте встречу и добавьте комнату как участника», not by the lead-in «В офисе четыре переговорные:» and the list
of rooms, which share more of its words.  Without an instruction in the passage the choice by words stands."""
PROCEDURE_RUN = True
"""Whether a procedure written as prose is quoted as the run of its paragraph from the best sentence to its last
instruction, with the sentences between («…позвоните по номеру 1111. Подменный ноутбук выдаётся в тот же рабочий
день. Не пытайтесь ремонтировать…»), not its instructions alone."""


PROCEDURE_OUTCOME = True
"""Whether a prose procedure goes on past its last instruction with the sentences of its paragraph that say what
becomes of what the reader did — each refers back to it or names again a thing of the procedure («Для этого подайте
заявление … Его согласуют руководитель и директор департамента; решение принимается в течение 10 рабочих дней»,
«Справку … можно заказать в портале. Справки готовятся в течение 3 рабочих дней»): who approves, how long it takes.
The run stops at the first sentence that does neither («Полностью удалённые сотрудники приезжают в офис …»)."""
MAX_OUTCOME = 2
"""At most this many sentences of what follows (:data:`PROCEDURE_OUTCOME`)."""
WAY_BY_PERMISSION = True
"""Whether a prose paragraph with no instruction answers a procedure by its best sentence when that sentence tells
what may be done («Справку о доходах … можно заказать в портале в разделе «Справки»»): the way, with what follows
it (:data:`PROCEDURE_OUTCOME`)."""


def _outcome(chosen: Sequence[_Scored], paragraph: Sequence[_Scored]) -> list[_Scored]:
    """The sentences of ``paragraph`` right after the last of ``chosen`` (in reading order) that continue the
    procedure (:data:`PROCEDURE_OUTCOME`)."""
    if not chosen:
        return []
    named = set().union(*(_nouns(s.unit.text) for s in chosen))
    found: list[_Scored] = []
    position = chosen[-1].unit.position
    for s in sorted(paragraph, key=lambda s: s.unit.position):
        if s.unit.position <= position or s.unit.marker:
            continue
        if s.unit.position != position + 1 or len(found) >= MAX_OUTCOME:
            break
        text = clean_markdown(s.unit.text)
        if not (_REFERS_BACK_RE.match(text) or _nouns(text) & named):
            break
        found.append(s)
        named |= _nouns(text)
        position = s.unit.position
    return found


def _nouns(text: str) -> set[str]:
    """The lemmas of the nouns of ``text`` (pymorphy3's first reading), the things a sentence names."""
    from agentcore.rag._focus.words import lemma_of

    found = set()
    for word in re.findall(r"[А-Яа-яЁё]{3,}", text):
        parse = word_parses(word.lower())[0]
        if "NOUN" in parse.tag and "Name" not in parse.tag:
            found.add(lemma_of(word))
    return found


_QUESTION_WORD_RE = re.compile(
    r"\b(?:что|как\w*|где|когда|сколько|скок\w*|кто|кому|куда|откуда|почему|зачем|чем|ли|можно|нельзя|нужно|"
    r"надо|есть)\b|\?",
    re.IGNORECASE,
)


def describes_situation(question: str) -> bool:
    """Whether ``question`` only tells what happened («потерял телефон с рабочей почтой», «украли ноутбук») — no
    question word, a verb in the past tense: the user asks what to do."""
    from agentcore.text.morphology import morph_analyzer

    if _QUESTION_WORD_RE.search(question):
        return False
    morph = morph_analyzer()
    if morph is None:
        return False
    for word in re.findall(r"[А-Яа-яЁё]{3,}", question):
        tag = word_parses(word.lower())[0].tag
        if "VERB" in tag and "past" in tag:
            return True
    return False


def _heading_names(hit: Hit, subject: set[str], analyzer: Analyzer) -> bool:
    """Whether the passage's own heading (the last part of its title) names every term of ``subject``."""
    heading = re.split(r" — | / ", hit.title)[-1]
    return bool(subject) and _title_share(subject, heading, analyzer) == 1.0


def _title_share(query: set[str], title: str, analyzer: Analyzer) -> float:
    """Share of the question's terms that a passage's title («Командировки — Оформление») names; a term counts when
    one stem begins with the other (``оформ`` / ``оформлен``: a verb and its noun)."""
    if not query:
        return 0.0
    named = analyzer.term_set(title)
    hits = sum(
        any(t == n or (min(len(t), len(n)) >= 4 and (t.startswith(n) or n.startswith(t))) for n in named) for t in query
    )
    return hits / len(query)


def names_a_figure(question: str) -> bool:
    """Whether ``question`` gives a figure of its own, in digits or in words («на 3 недели», «на две недели»)."""
    from agentcore.text.morphology import morph_analyzer

    morph = morph_analyzer()
    words = re.findall(r"[а-яё]+|\d+", question.lower())
    return any(w.isdigit() or (morph is not None and "NUMR" in word_parses(w)[0].tag) for w in words)


LEAD_IN_BRINGS_ITS_LIST = True
"""Whether a quoted list item whose list a lead-in line announces brings the lead-in and the whole list when the
lead-in shares more of the question than the item does — the lead-in says what the items are, and the question
asked about that («Когда выплачивается зарплата?» was answered by «25-го числа — аванс …» alone, the final payment
on the 10th left out, though «Заработная плата … выплачивается два раза в месяц:» announces both).  An item naming
the thing asked as much as the lead-in does stands alone («одуванчик переговорка на скольких людей» is answered by
«"Одуванчик" — … на 1–2 человека», not by the four rooms), but an item opening in lower case — the rest of the
lead-in's sentence — brings the lead-in alone («MR вливается в main, когда: • получено не менее 2 одобрений …»;
before, «• получено не менее 2 одобрений …» was a fragment without its subject; the whole list there brought the
five steps of an onboarding plan to «испытательный срок сколько месяцев»)."""


def _with_context(picks: list[_Scored], scored: list[_Scored], *, figure: bool = False) -> list[_Scored]:
    """``picks`` plus what they cannot be read without: the list a lead-in line announces («… когда:»), the header
    of a table row, the sentence before one that refers back to it («Для этого …»), the sentence after a limit that
    says how to exceed it when the question gives a ``figure`` of its own (:data:`LIMITS_WITH_EXCEPTIONS`)."""
    result = list(picks)

    def add(items: list[_Scored]) -> None:
        result.extend(s for s in items if s not in result)

    for pick in picks:
        same = [s for s in scored if s.hit_index == pick.hit_index]
        unit = pick.unit
        if unit.lead_in:
            following = [s for s in same if s.unit.position == unit.position + 1 and s.unit.marker]
            if following:
                add([s for s in same if s.unit.block == following[0].unit.block])
        elif unit.role == "row":
            add([s for s in same if s.unit.block == unit.block and s.unit.role == "header"])
        elif unit.marker and LEAD_IN_BRINGS_ITS_LIST:
            items = sorted((s for s in same if s.unit.block == unit.block), key=lambda s: s.unit.position)
            lead = [s for s in same if s.unit.position == items[0].unit.position - 1 and s.unit.lead_in]
            opener = clean_markdown(unit.text)[:1]
            if lead and lead[0].score > pick.score:
                add([lead[0], *items])
            elif lead and opener.isalpha() and opener.islower():
                add(lead)
        elif not unit.marker and _REFERS_BACK_RE.match(clean_markdown(unit.text)):
            add([s for s in same if s.unit.position == unit.position - 1 and s.unit.block == unit.block])
        if figure and LIMITS_WITH_EXCEPTIONS and not unit.marker and _states_a_limit(clean_markdown(unit.text)):
            add(
                [
                    s
                    for s in same
                    if s.unit.position == unit.position + 1
                    and s.unit.block == unit.block
                    and not s.unit.marker
                    and _EXCEEDS_RE.match(clean_markdown(s.unit.text))
                ]
            )
    return result


@dataclass(frozen=True)
class Excerpt:
    """A piece of a passage an extractive answer quotes: a sentence, a list item or a lead-in line.

    Attributes:
        unit: the text and its place (block, position, list marker) in the passage.
        hit: the passage it comes from (a lead-in made from a passage's heading belongs to that passage).
    """

    unit: _Unit
    hit: Hit

    @property
    def text(self) -> str:
        """The text without Markdown emphasis."""
        return clean_markdown(self.unit.text)


STEPS_BY_THEIR_NOUN = True
"""Whether a question the patterns of :func:`~agentcore.rag._ranking.question_kind` leave ``other`` asks for a
procedure when it names its steps or asks what to do with words between (:func:`agentcore.rag._asking.
asks_for_steps`: «я приболел, какие шаги нужно сделать», «что мне для этого сделать»): it is answered by the steps
in document order, not by the three sentences sharing most of its words (issue 18, G8: two of four steps)."""
ABBREVIATION_SPELLED_OUT_FIRST = True
"""Whether a definition of an abbreviation («что такое ЭЛН», «расшифруй ЭЛН», «SSO это что») is answered first by
the sentence that spells it out (:func:`agentcore.rag._asking.expands`: «… электронный листок нетрудоспособности
(ЭЛН)»), from whichever of the passages holds it: the sections that use the abbreviation («передайте номер ЭЛН в HR»)
rank above the one that expands it, and none defines it by a dash."""


PROCEDURE_WORDS_NAME_NOTHING = True
"""Whether the words a procedure question asks with («что нужно сделать», «какой порядок», «какие шаги / действия /
этапы») count for nothing when a list's heading is matched to the question (:func:`_procedure`): they name no
subject, and a heading that holds them («Что сделать в первый день болезни», «Порядок выпуска») answered «больничный
закрыли, что теперь нужно сделать» and «как выпустить срочный хотфикс, какой порядок» with another procedure's steps.
A sentence keeps them: the documents' own label «Что делать: выполните …» answers «ERR-111, что делать».  The focus
check reads them as no subject already (:data:`agentcore.rag._focus.parts.QUESTION_WORDS`)."""
_PROCEDURE_WORDS = "делать сделать предпринять порядок шаг шаги действие действия этап этапы инструкция процедура"


def _procedure_words(analyzer: Analyzer) -> frozenset[str]:
    """The terms of :data:`_PROCEDURE_WORDS` under ``analyzer``."""
    return frozenset(analyzer.term_set(_PROCEDURE_WORDS))


def _defined(question: str) -> str:
    """What a definition question asks about («что такое спринт» → «спринт», «расшифруй ЭЛН» → «ЭЛН»)."""
    return definition_subject(question) or (expansion_subject(question) if ABBREVIATION_SPELLED_OUT_FIRST else "")


def _spelling_out_first(subject: str, hits: Sequence[Hit]) -> list[Hit]:
    """``hits`` with the first passage that spells out the subject's abbreviation moved to the front (as ranked
    when none does, or when the first passage does)."""
    abbreviation = abbreviation_of(subject)
    for k, hit in enumerate(hits):
        if any(expands(unit.text, abbreviation) for unit in _units(hit.text)):
            return [hit, *hits[:k], *hits[k + 1 :]]
    return list(hits)


def select_excerpts(
    question: str,
    hits: Sequence[Hit],
    analyzer: Analyzer | None = None,
    max_sentences: int = MAX_SENTENCES,
    *,
    trust_order: bool = True,
) -> list[Excerpt]:
    """What an extractive answer to ``question`` quotes from ``hits``, in reading order (see the module docstring).

    One selection serves the plain answer (:func:`extractive_answer`) and the cited one of the research agent
    (:func:`agentcore.rag.citations.cited_extractive_answer`).

    Args:
        trust_order: ``hits`` are the searcher's ranking (its first passage answers, by meaning if not by words):
            when no sentence shares a word with the question, the first passage's opening is quoted.  ``False``
            for passages chosen otherwise (e.g. by a model): then such a question gets no excerpt at all.

    Returns:
        the excerpts; empty when ``hits`` hold no text (or nothing shares a word with an untrusted question).

    ``question`` may be a whole message: the sentences are chosen for the question its asking sentences ask
    (:func:`agentcore.text.message.question_of`).
    """
    analyzer = analyzer or get_analyzer()
    question = question_of(question)
    kind = question_kind(question)
    if kind == "other" and describes_situation(question):
        kind = "procedure"  # «потерял телефон с рабочей почтой» asks what to do
    elif kind == "other" and STEPS_BY_THEIR_NOUN and asks_for_steps(question):
        kind = "procedure"  # «я приболел, какие шаги нужно сделать»: the steps, not one sentence of them
    elif kind == "other" and ABBREVIATION_SPELLED_OUT_FIRST and expansion_subject(question):
        kind = "definition"  # «расшифруй ЭЛН», «SSO это что»
    if kind == "definition" and ABBREVIATION_SPELLED_OUT_FIRST and trust_order:
        hits = _spelling_out_first(_defined(question), hits)
    if GENERAL_SECTION_LEADS and trust_order:
        # a special case the question does not name («Больничный по уходу за ребёнком» for «Как оформить
        # больничный?») yields the lead to the general section of its document; the passages stay as ranked
        hits = general_first(question, hits, analyzer)
    if ANNOUNCING_LEAD_YIELDS and trust_order and kind in ("procedure", "other") and _announcing_lead(hits):
        # the article's lead announces what its sections tell («Эта статья объясняет, какие расходы … возмещает и
        # как получить деньги обратно»): the section ranked next answers
        hits = [hits[1], hits[0], *hits[2:]]
    scored = _score_units(question, hits[:2], analyzer, kind)
    if not scored:
        return []
    query = analyzer.term_set(question)
    if PROCEDURE_WORDS_NAME_NOTHING:
        query = (query - _procedure_words(analyzer)) or query
    procedure = _procedure(scored, query, analyzer) if kind == "procedure" else None
    if procedure is not None:
        units, source = procedure
        return [Excerpt(unit, source) for unit in units]
    value: _ValueBearing | None = None  # the sentences giving the value a question asks for
    pool, leads = list(scored), -1  # the units quoted from, and the passage quoted first (-1: reading order)
    first = min(s.hit_index for s in scored)  # the best passage that holds any text
    top = [s for s in scored if s.hit_index == first]
    best = max(top, key=lambda s: (s.score, -s.unit.position))
    if kind == "procedure" and best.score > 0:
        # A procedure written as prose («Сообщите о нём не позднее чем через 1 час: напишите …»): its steps are the
        # instructions — the sentences of the best sentence's paragraph that tell the reader what to do.
        anchor = best
        if BULLETS_MUST_INSTRUCT and best.unit.marker and not best.unit.numbered:
            # the best sentence is an item of a list of rules (no item tells what to do): the procedure is in the
            # passage's prose, from its best sentence
            rules = [s for s in top if s.unit.block == best.unit.block]
            prose = [s for s in top if not s.unit.marker and not s.unit.role and s.score > 0]
            if prose and not any(_instructs(s.unit.text) for s in rules):
                anchor = max(prose, key=lambda s: (s.score, -s.unit.position))
        paragraph = [s for s in top if s.unit.block == anchor.unit.block and not s.unit.role]
        steps = [s for s in paragraph if _instructs(s.unit.text)]
        if (
            not steps
            and WAY_BY_PERMISSION
            and not anchor.unit.marker
            and (_instructs(anchor.unit.text) or _permits(anchor.unit.text))
        ):
            steps = [anchor]  # «Справку 2-НДФЛ … можно заказать в портале»: the way, told as what may be done
        if not steps and INSTRUCTION_OF_THE_PASSAGE:
            # the best sentence's paragraph tells nothing to do («В офисе четыре переговорные:» and its rooms): the
            # steps are the paragraph of the passage whose instruction shares most with the question
            told = [s for s in top if s.score > 0 and not s.unit.role and _instructs(s.unit.text)]
            if told:
                anchor = max(told, key=lambda s: (s.score, -s.unit.position))
                paragraph = [s for s in top if s.unit.block == anchor.unit.block and not s.unit.role]
                steps = [s for s in paragraph if _instructs(s.unit.text)]
        if not steps and STATED_STEPS_WHEN_ASKED and asks_for_steps(question) and not anchor.unit.marker:
            # «как выпустить хотфикс, какой порядок»: the order asked of a procedure the passage states rather than
            # instructs («Срочное исправление выпускается …. Ветка … создаётся от тега …») — its paragraph from the
            # best sentence on, not the best sentence alone
            steps = [s for s in paragraph if s.unit.position >= anchor.unit.position][:MAX_STEPS]
        if steps:
            chosen = {anchor, *steps[:MAX_STEPS]}
            if PROCEDURE_RUN:
                # what happens between two instructions belongs to the procedure (the replacement laptop given
                # the same day, between «позвоните …» and «не пытайтесь ремонтировать …»)
                low = min(s.unit.position for s in chosen)
                high = max(s.unit.position for s in chosen)
                chosen |= {s for s in paragraph if low <= s.unit.position <= high}
            if PROCEDURE_OUTCOME:
                chosen |= set(_outcome(sorted(chosen, key=lambda s: s.unit.position), paragraph))
            picks = _with_context(sorted(chosen, key=lambda s: s.unit.position), scored)
            picks.sort(key=lambda s: (s.hit_index, s.unit.position))
            return [Excerpt(s.unit, s.hit) for s in picks]
    if best.score <= 0:  # no word in common (a paraphrase the ranker matched by meaning): the passage's start
        if not trust_order:
            return []
        picks = [s for s in top if s.unit.block == top[0].unit.block][:2]
    elif kind == "definition" and best.score >= 1.0:
        picks = [best]
        follower = [s for s in top if s.unit.position == best.unit.position + 1 and s.unit.block == best.unit.block]
        if len(best.unit.text) < 120 and follower and not (best.unit.marker and follower[0].unit.marker):
            picks.append(follower[0])  # a short definition goes on in its next sentence, never in the next step
    elif (
        kind == "definition"
        and SUBJECTS_OWN_DEFINITION
        and names_another_thing(analyzer.term_set(_defined(question)), top[0].hit.title, analyzer)
    ):
        # no sentence defines the subject, and the passage is about another thing whose name holds it («что такое
        # скрам?» over the article «Скрам-мастер»): its definition would answer another question
        return []
    elif kind == "definition" and _heading_names(top[0].hit, analyzer.term_set(_defined(question)), analyzer):
        # No sentence defines the subject, but the passage's own heading names it («Hotfix», «ERR-104: ошибка
        # SSL-сертификата»): a section opens with what its subject is.
        picks = [s for s in top if s.unit.block == top[0].unit.block and not s.unit.role][:2]
    else:
        floor = max(0.34, 0.6 * best.score)
        # what an answer must say: the things the question names, and a figure when it asks a quantity
        named = frozenset(analyzer.term_set(question) - _predicate_terms(question, analyzer))
        needed = named | ({_A_FIGURE} if kind == "quantity" else set())
        value = _value_bearing(question, hits, scored, floor, analyzer, kind) if VALUE_LEADS else None
        elsewhere: _Scored | None = None  # a value of another passage than the top one, quoted first
        if value is not None:
            pool, leads = list(value.every), value.lead.hit_index
            if value.lead.hit_index != best.hit_index:
                # the choice by words stands (the top passage may hold the answer the focus check does not read as a
                # supplier: «В течение 30 календарных дней…» for «за сколько дней надо закинуть чек»); the value
                # is quoted and its passage comes first
                elsewhere, value = value.lead, None
            elif best not in value.suppliers:
                best = value.lead  # the sentence that gives the value asked, not the one sharing most words
        others = [s for s in scored if s is not best and s.score >= floor and s.score > 0]
        others.sort(key=lambda s: (-s.score, s.hit_index, s.unit.position))
        picks = [best]
        for other in others:
            if len(picks) >= max_sentences:
                break
            if value is not None and not value.adds(other, best, needed):
                continue  # neither the value asked nor a thing the question names that the value's sentence lacks
            if _answers_beside(other, best, picks, needed, question, analyzer):
                picks.append(other)
        if FOLLOWER_CONTINUES_THE_LEAD:
            # the sentence after the value's that refers back to it says more of the same case, whatever words it
            # shares with the question
            follower = [s for s in [*pool, *scored] if _continues(s, best) and _gives_a_value_asked(s, question)]
            if follower and follower[0] not in picks:
                picks.append(follower[0])
        if elsewhere is not None and elsewhere not in picks:
            picks.append(elsewhere)  # what supplying_excerpts added on a line of its own, after the rest
    if COMPARISON_BOTH_SIDES and best.score > 0:
        # «чем X отличается от Y» asks what each side is: a side no pick names gets the top passage's sentence that
        # names it and shares most with the question («DoD одинаков для всех задач…» beside the sentence on the
        # acceptance criteria)
        sides = _side_namers(compared_sides(question), hits, analyzer)
        if SIDES_IN_PARALLEL:
            # a pick on one side followed in its paragraph by a sentence on the other («Обзор спринта … проходит с
            # внешними участниками. Ретроспектива … проходит только внутри команды»): the contrast is the pair
            for pick in list(picks):
                after = [
                    s
                    for s in scored
                    if s.hit_index == pick.hit_index
                    and s.unit.block == pick.unit.block
                    and s.unit.position == pick.unit.position + 1
                    and not s.unit.role
                ]
                if after and after[0] not in picks:
                    on_side = [names(pick.unit.text) for names in sides]
                    next_side = [names(after[0].unit.text) for names in sides]
                    if any(on_side) and any(f and not n for f, n in zip(next_side, on_side, strict=True)):
                        picks.append(after[0])
        for names in sides:
            if not any(names(s.unit.text) for s in picks):
                naming = [s for s in top if not s.unit.role and names(s.unit.text)]
                if naming:
                    picks.append(max(naming, key=lambda s: (s.score, -s.unit.position)))
    if YESNO_ASKS_ITS_LI_WORD and best.score > 0:
        asked = _asked_by_li(question)
        if asked is not None and not any(_says(asked, s.unit.text) for s in picks):
            # the sentence of the quoted passages that says what the yes/no asks («не наказывают» for «накажут
            # ли …»), beside the ones that share more of its other words
            saying = [s for s in scored if s.unit.role != "header" and _says(asked, s.unit.text)]
            also = subject_terms(question)
            saying = [s for s in saying if any(_says(t, s.unit.text) for t in also if t != lemma_of(asked))]
            if saying:
                picks.append(max(saying, key=lambda s: (s.score, -s.hit_index, -s.unit.position)))
    if QUESTION_HEADING_OPENS_ITS_ANSWER:
        # a section headed by a question answers it in its first sentence («Работает ли agentcore на Windows?» →
        # «Рекомендуемый способ — WSL2.»): a later sentence of it is read with that one
        for pick in list(picks):
            if pick.unit.position > 0 and section_heading(pick.hit).endswith("?"):
                opening = [s for s in [*pool, *scored] if s.hit is pick.hit and s.unit.position == 0]
                if opening and opening[0] not in picks and not opening[0].unit.role:
                    picks.append(opening[0])
    picks = _with_context(picks, pool, figure=names_a_figure(question))
    # the passage of the value asked first (it may stand after another), each passage in reading order
    picks.sort(key=lambda s: (s.hit_index != leads, s.hit_index, s.unit.position))
    return [Excerpt(s.unit, s.hit) for s in picks]


YESNO_ASKS_ITS_LI_WORD = True
"""Whether a yes/no question is answered by a sentence that says its asked word.  In a Russian yes/no question the
particle «ли» follows the word asked about («накажут ли, если я сразу сообщил» asks whether one is punished; «можно
ли перенести …» asks about moving): when no quoted sentence says that word — in any form, its aspect pair or its
noun, as the focus check matches words (:func:`agentcore.rag._focus.words.term_matches`) — the sentence of the
quoted passages that says it and at least one other thing the question names is quoted too («За своевременное
сообщение об инциденте сотрудника не наказывают» beside «О любом инциденте ИБ — … переходе по фишинговой ссылке …
сообщите …», which shares more words and says nothing of punishment).  The verbs of being, ability and wish
(«есть ли», «может ли») ask nothing of their own; after a predicative («можно ли», «нужно ли») the infinitive that
follows is the asked word."""
_LI_EMPTY_VERBS = frozenset({"быть", "есть", "мочь", "хотеть", "стоить", "являться", "иметься"})
_ASKING_POS = frozenset({"VERB", "INFN", "PRTS"})
"""The forms of a verb a yes/no asks with: finite, infinitive, short participle («закрыт ли»)."""


def _asked_by_li(question: str) -> str | None:
    """The word a yes/no ``question``'s «ли» asks about (see :data:`YESNO_ASKS_ITS_LI_WORD`): the verb, infinitive or
    short participle before «ли», or the infinitive within three words after a predicative before it; ``None``."""
    from agentcore.text.morphology import morph_analyzer

    if morph_analyzer() is None:
        return None
    words = re.findall(r"[а-яё]+", question.lower())
    for k, word in enumerate(words):
        if word != "ли" or not k:
            continue
        pos, lemma = first_reading(words[k - 1])
        if pos in _ASKING_POS:
            return None if lemma in _LI_EMPTY_VERBS else words[k - 1]
        if pos == "PRED":
            after = _infinitive_after(words, k)
            if after is not None and first_reading(after)[1] not in _LI_EMPTY_VERBS:
                return after
        return None
    if YESNO_WITHOUT_LI_ASKS_ITS_VERB and any(part.asks == "yesno" for part in question_parts(question)):
        return _main_verb(re.findall(r"[а-яё]+|[,;]", question.lower()))
    return None


YESNO_WITHOUT_LI_ASKS_ITS_VERB = True
"""Whether a yes/no question without «ли» («накажут, если кликнул на фишинговую ссылку и сразу сообщил?») asks its
main clause's verb — the first verb, infinitive or short participle (or the infinitive after a predicative: «можно
взять …») outside a clause opened by «если», «когда», «чтобы», «пока», «хотя» — as «ли» would mark it."""
_SUBORDINATORS = frozenset({"если", "когда", "чтобы", "пока", "хотя", "раз", "что"})


def _main_verb(tokens: Sequence[str]) -> str | None:
    """The asked verb of a yes/no's ``tokens`` (words and commas; see :data:`YESNO_WITHOUT_LI_ASKS_ITS_VERB`)."""
    inside = False
    for k, token in enumerate(tokens):
        if token in (",", ";"):
            inside = False
            continue
        if token in _SUBORDINATORS:
            inside = True
            continue
        if inside:
            continue
        pos, lemma = first_reading(token)
        if pos in _ASKING_POS:
            if token in _LI_EMPTY_VERBS or lemma in _LI_EMPTY_VERBS:
                continue
            return token
        if pos == "PRED":
            after = _infinitive_after(tokens, k)
            if after is not None:
                return after
    return None


def _infinitive_after(tokens: Sequence[str], k: int) -> str | None:
    """The first infinitive among the three tokens after ``tokens[k]`` (a predicative: «можно», «нужно»), a comma or
    a semicolon counting as a token but never the answer: the word a predicative's yes/no asks about («можно ли
    перенести …», «можно взять …»); ``None`` when none stands there."""
    return next((w for w in tokens[k + 1 : k + 4] if w not in (",", ";") and pos_of(w) == "INFN"), None)


def _says(word: str, text: str) -> bool:
    """Whether ``text`` says ``word`` (a word or a lemma) as the focus check matches words."""
    from agentcore.rag._focus.words import term_matches, vocabulary_of

    words, stems = vocabulary_of([clean_markdown(text)])
    return term_matches(lemma_of(word), words, stems)


def _answers_beside(
    other: _Scored,
    best: _Scored,
    picks: Sequence[_Scored],
    needed: frozenset[str],
    question: str,
    analyzer: Analyzer,
) -> bool:
    """Whether ``other`` answers the question beside ``picks`` (``best``, the sentence of the top passage that shares
    most with it, and the sentences chosen so far), rather than pad the answer with a neighbour that shares some of
    its words.

    * When ``best`` says everything ``needed`` (the things the question names — its terms but those of its verbs
      and adverbs, :func:`_predicate_terms` — and a figure when it asks a quantity), a sentence that says only a part
      of what it says is padding (:data:`EXTRAS_HOLD_THE_BESTS_TERMS`): «ежегодный оплачиваемый отпуск составляет
      28 календарных дней» answers «Сколько дней ежегодного отпуска положено?»; «Отпуск можно делить на части…» and
      «Подайте заявление не позднее чем за 14 календарных дней…» say «отпуск» and «дней» and nothing else of it.
      While ``best`` lacks something the question names, another sentence may complete it, as before: which of
      them answers is not known by the words they share («По Scrum Guide спринт длится не больше одного месяца»
      beside «…спринтами по 2 недели» for «сколько у нас длится спринт»).
    * Outside ``best``'s passage, when it says nothing of the question the picks do not, it does not stand in a
      section of a special case the question does not name (:data:`EXTRAS_FROM_GENERAL_SECTIONS`,
      :func:`agentcore.rag._sections.is_special_case`): «до 5 календарных дней отпуска без сохранения…» of «Отпуск
      без сохранения зарплаты» is no answer to «Сколько дней отпуска положено?».
    """
    if EXTRAS_HOLD_THE_BESTS_TERMS and needed <= best.held and other.held < best.held:
        return PADDING_KEEPS_A_MISSING_VALUE and _gives_a_value_the_lead_lacks(other, best, question)
    covered = frozenset().union(*(pick.held for pick in picks))
    if EXTRAS_FROM_GENERAL_SECTIONS and other.hit_index != best.hit_index and other.held <= covered:
        return not is_special_case(question, other.hit, analyzer, general=best.hit)
    return True


def _gives_a_value_the_lead_lacks(other: _Scored, best: _Scored, question: str) -> bool:
    """Whether ``other`` gives a value of a kind the question asks (a number, a time, a person) that ``best`` does not
    give: «Дейли длится не больше 15 минут» holds every word of «во сколько и сколько длится дейли» and a figure, yet
    no time of day — «стендап начинается в 10:15» beside it is the answer, not padding."""
    from agentcore.rag._focus import supplies_asked, supply_strength

    def gives(asks: Asks, text: str, part: Part) -> bool:
        # a figure, a clock time or a date — not «в начале следующей ретроспективы» nor «длится 1 час», which read
        # as a time too
        return supplies_asked(asks, text, question, part) and (asks == "person" or supply_strength(asks, text) > 0)

    first, second = clean_markdown(best.unit.text), clean_markdown(other.unit.text)
    return any(not gives(asks, first, part) and gives(asks, second, part) for asks, part in _value_asks(question))


def _continues(other: _Scored, best: _Scored) -> bool:
    """Whether ``other`` is the sentence right after ``best`` in its paragraph and refers back to it («Такой отпуск
    оформляется в портале в день обращения» after the family reasons' unpaid leave): it speaks of the same case."""
    return (
        other.hit_index == best.hit_index
        and other.unit.block == best.unit.block
        and other.unit.position == best.unit.position + 1
        and not other.unit.marker
        and bool(_REFERS_BACK_RE.match(clean_markdown(other.unit.text)))
    )


def _gives_a_value_asked(other: _Scored, question: str) -> bool:
    """Whether ``other`` gives a value of a kind the question asks (a number, a time, a person)."""
    from agentcore.rag._focus import supplies_asked

    text = clean_markdown(other.unit.text)
    return any(supplies_asked(asks, text, question, part) for asks, part in _value_asks(question))


FOLLOWER_CONTINUES_THE_LEAD = True
"""Whether the sentence right after the best one that refers back to it («Такой отпуск …», «Он …») and gives a value
of a kind asked is quoted beside it, though it says fewer of the question's words: it states the same case's rule
(«за сколько дней подавать заявление на отпуск без сохранения зарплаты» → «Такой отпуск оформляется в портале в день
обращения»)."""


@functools.lru_cache(maxsize=256)
def _value_asks(question: str) -> tuple[tuple[Asks, Part], ...]:
    """Each kind of value (a number, a time, a person) a part of ``question`` asks, with the part — also a kind a
    piece merged into the part asks: «сколько длится ретро и во сколько» is one part asking a number, and its «во
    сколько» asks a time."""
    from agentcore.rag._focus import question_parts

    found: list[tuple[Asks, Part]] = []
    for part in question_parts(question):
        kinds = [part.asks, *(p.asks for piece in part.text.split(",")[1:] for p in question_parts(piece))]
        found += [(asks, part) for asks in dict.fromkeys(kinds) if asks in _PADDING_VALUE_ASKS]
    return tuple(found)


_PADDING_VALUE_ASKS: frozenset[Asks] = frozenset({"number", "time", "person"})
PADDING_KEEPS_A_MISSING_VALUE = True
"""Whether a sentence that says only a part of what the best one says is still quoted when it gives a value of a
kind the question asks that the best one lacks (see :func:`_answers_beside`)."""


@dataclass(frozen=True)
class _ValueBearing:
    """The sentences that give the value a question asks for, as the focus check reads them
    (:func:`agentcore.rag._focus.supplier_scores`)."""

    lead: _Scored
    """The one that leads the answer (see :func:`_value_bearing`)."""
    suppliers: tuple[_Scored, ...]
    """The sentences of the answer's pool that give a value asked: those whose subject share the focus check accepts,
    and those that share enough words to be quoted and give the kind of value asked (a time, a count…)."""
    covered: frozenset[str]
    """The terms of the lead's source title, and a figure: the lead gives the value."""
    every: tuple[_Scored, ...]
    """The units of every passage read (the lead may stand outside the pool)."""
    top: int
    """The index of the searcher's first passage that holds text."""

    def adds(self, other: _Scored, best: _Scored, needed: frozenset[str]) -> bool:
        """Whether ``other`` belongs beside ``best`` (the lead): it gives a value asked too, or it says a thing the
        question names (``needed``) that the lead does not.  A figure in the searcher's first passage, for a question
        asking a quantity, may be the value the focus check does not read as a supplier («В течение 30 календарных
        дней с даты покупки…» for «за сколько дней надо закинуть чек»): it stays."""
        if other in self.suppliers or (_A_FIGURE in other.held & needed and other.hit_index == self.top):
            return True
        return bool((other.held & needed) - self.covered - best.held)


def _value_bearing(
    question: str, hits: Sequence[Hit], scored: Sequence[_Scored], floor: float, analyzer: Analyzer, kind: str
) -> _ValueBearing | None:
    """The sentences that give what a part of ``question`` asks for — a number with its unit for «сколько», a time
    for «до скольки», a person for «кто», a service for «в каком сервисе», a name for «какой X» — as the focus check
    reads a supplier (:func:`agentcore.rag._focus.supplier_scores`: the sentence with its heading and context);
    ``None`` when the question asks no such value or no sentence gives it.

    ``scored`` are the units of the first ``hits`` (the answer's pool), ``floor`` the word score a sentence of the
    pool needs to be quoted.  The lead is the focus check's best supplier in any of ``hits`` (the one
    :func:`supplying_excerpts` would add on a line of its own); failing one whose subject share it accepts, the
    sentence of the pool that shares enough words to be quoted and gives the kind of value asked.
    """
    from agentcore.rag._focus import FOCUS_MIN_COVERAGE, SLOT_ASKS, question_parts, supplier_scores, with_alternatives

    parts = [p for p in question_parts(question) if p.asks in SLOT_ASKS and p.asks != "yesno"]
    if not parts or not hits or not scored:
        return None
    parts = with_alternatives(parts, [f"{h.title}\n{h.text}" for h in hits])
    pool = max(s.hit_index for s in scored) + 1
    rest = [replace(s, hit_index=s.hit_index + pool) for s in _score_units(question, hits[pool:], analyzer, kind)]
    every = [*scored, *rest]
    readings = _focus_readings(hits, {hit.id: _units(hit.text) for hit in hits})
    by_place = {(s.hit.id, s.unit.position): s for s in every}
    units = [by_place[(hit.id, unit.position)] for unit, hit, _ in readings]
    candidates = [reading for _, _, reading in readings]
    in_pool = {id(s) for s in scored}
    lead: _Scored | None = None
    accepted: list[_Scored] = []  # sentences of the pool that give a value asked (see ``suppliers``)
    giving: dict[int, tuple[float, int, int]] = {}  # every unit giving the kind of value asked, its best scores
    for part in parts:
        found = supplier_scores(part, question, candidates)
        strong = {index: value for index, value in found.items() if value[0] >= FOCUS_MIN_COVERAGE}
        if lead is None and strong:
            lead = units[max(strong, key=lambda index: (strong[index], -index))]
        accepted += [units[i] for i in sorted(strong) if id(units[i]) in in_pool and units[i] not in accepted]
        for index, value in found.items():
            giving[index] = max(giving.get(index, value), value)
    # the sentences of the pool quoted anyway (by the words they share) that give the kind of value asked
    near = [i for i in giving if id(units[i]) in in_pool and units[i].score >= floor and units[i].score > 0]
    if lead is None:
        # none whose subject share the focus check accepts: the best of those leads
        if not near:
            return None
        lead = units[max(near, key=lambda i: (giving[i], units[i].score, -i))]
    accepted += [units[i] for i in near if units[i] not in accepted]
    # what the user reads with it: the title of its source (the context the focus check reads is not all shown)
    covered = frozenset(analyzer.term_set(lead.hit.title)) | {_A_FIGURE}
    return _ValueBearing(lead, tuple(accepted), covered, tuple(every), min(s.hit_index for s in scored))


VALUE_LEADS = True
"""Whether a question asking a value is answered first by the sentence that gives it (:func:`_value_bearing`),
and a sentence beside it that gives no value asked and names nothing it lacks is left out."""


EXTRAS_HOLD_THE_BESTS_TERMS = True
"""Whether, when the best sentence says all the question names, one that says only a part of it is left out (see
:func:`_answers_beside`)."""
EXTRAS_FROM_GENERAL_SECTIONS = True
"""Whether a sentence quoted beside the best one from another passage, saying nothing of the question the best one
does not, is left out when its section is a special case the question does not name."""
SUBJECTS_OWN_DEFINITION = True
"""Whether a definition question gets no excerpt when no sentence defines its subject and the top passage is about
another thing whose hyphenated name holds the subject (:func:`agentcore.rag._sections.names_another_thing`)."""
QUESTION_HEADING_OPENS_ITS_ANSWER = True
"""Whether a sentence quoted from a section headed by a question («Работает ли agentcore на Windows?», a FAQ entry)
is quoted with the section's first sentence: such a section answers its heading at once («Рекомендуемый способ —
WSL2.», «Нет.», «Да.») and goes on with what qualifies the answer («Нативный запуск на Windows возможен, но
официально не поддерживается») — which, shown alone, shares the question's words and leaves out the answer."""
GENERAL_SECTION_LEADS = True
"""Whether a special-case section the question does not name yields the lead of the answer to the general section of
its document (:func:`agentcore.rag._sections.general_first`)."""
COMPARISON_BOTH_SIDES = True
"""Whether a comparison question's answer quotes a sentence naming each side compared (see :func:`compared_sides`)."""
_COMPARISON_RE = re.compile(
    r"\bчем\s+(?P<x>.+?)\s+отлича\w*\s+от\s+(?P<y>.+)|\b(?:разниц\w*|различи\w*|отличи\w*)\s+между\s+"
    r"(?P<x2>.+?)\s+и\s+(?P<y2>.+)",
    re.IGNORECASE,
)


def compared_sides(question: str) -> list[str]:
    """The two things a comparison question compares («чем DoD отличается от критериев приёмки» → «DoD»,
    «критериев приёмки»; «разница между X и Y»), or ``[]``."""
    match = _COMPARISON_RE.search(" ".join(question.split()).rstrip("?!. "))
    if match is None:
        return []
    return [side for side in match.group("x", "y") if side] or [side for side in match.group("x2", "y2") if side]


SIDES_IN_PARALLEL = True
"""Whether a comparison's pick that names one side is quoted with the sentence after it in its paragraph that names
the other (a contrast written as a pair of sentences), and a side is recognised by the focus check's spellings of its
words — a clipping («ретро» / «ретроспектива»), a word typed in Cyrillic («дод» / «DoD») — not only by its stems."""


def _side_namers(sides: Sequence[str], hits: Sequence[Hit], analyzer: Analyzer) -> list[Callable[[str], bool]]:
    """Per compared side, whether a text names it: holds one of its subject terms, in any spelling the passages use
    (:func:`agentcore.rag._focus.with_alternatives`) — or, without :data:`SIDES_IN_PARALLEL`, one of its stems."""
    from agentcore.rag._focus import question_parts, with_alternatives
    from agentcore.rag._focus.parts import term_share

    def holds(part: Part, text: str) -> bool:
        return term_share(part, [clean_markdown(text)]) > 0

    def shares(terms: set[str], text: str) -> bool:
        return bool(terms & analyzer.term_set(text))

    texts = [f"{hit.title}\n{hit.text}" for hit in hits]
    namers: list[Callable[[str], bool]] = []
    for side in sides:
        if not SIDES_IN_PARALLEL:
            terms = analyzer.term_set(side)
            if terms:
                namers.append(functools.partial(shares, terms))
            continue
        parts = with_alternatives(question_parts(side), texts)
        if parts and parts[0].terms:
            namers.append(functools.partial(holds, parts[0]))
    return namers


ANNOUNCING_LEAD_YIELDS = True
"""Whether a procedure or open question whose first passage is an article's lead that announces what the article
explains («Эта статья объясняет, какие расходы … возмещает и как получить деньги обратно», «Ниже описано, как её
оформить …») is answered from the passage ranked next when it is a section of the same article: the lead introduces
the answer, the section gives it (a definition keeps the lead, which defines the article's subject)."""


def _announcing_lead(hits: Sequence[Hit]) -> bool:
    """Whether ``hits[0]`` is an article's lead (its title names no section) holding a sentence that announces the
    article's content, and ``hits[1]`` a section of the same article."""
    if len(hits) < 2 or hits[1].doc_id != hits[0].doc_id or " — " in hits[0].title or " — " not in hits[1].title:
        return False
    units = _units(hits[0].text)
    return any(not unit.marker and not unit.role and announces(clean_markdown(unit.text)) for unit in units)


def supplying_excerpts(question: str, hits: Sequence[Hit], quoted: Sequence[Excerpt]) -> list[Excerpt]:
    """Excerpts to add to ``quoted`` so that every part of ``question`` that asks for a value (a number, a time, a
    person, a service, a yes/no — :data:`agentcore.rag._focus.SLOT_ASKS`) is supplied by one sentence.

    The first selection ranks sentences by the words they share with the question; the sentence that shares most is
    often a neighbour of the answer («Сколько дней отпуска?» → the summer limit of 14 days, not the 28 days of the
    section's opening).  For a part no quoted sentence supplies, the sentences of all ``hits`` are read: the one
    that gives the value asked for, with most of the part's subject terms (its own sentence and section heading),
    is added — with the table header of a row, and the sentence before one that refers back to it.
    """
    from agentcore.rag._focus import (
        FOCUS_MIN_COVERAGE,
        SLOT_ASKS,
        question_parts,
        semantic_supplier,
        supplier_scores,
        with_alternatives,
    )

    question = question_of(question)  # a message: the parts of its asking sentences

    parts = [p for p in question_parts(question) if p.asks in SLOT_ASKS]
    if not parts or not hits:
        return []
    parts = with_alternatives(parts, [f"{h.title}\n{h.text}" for h in hits])
    split = {hit.id: _units(hit.text) for hit in hits}  # each passage split once (the split is the costly part)
    readings = _focus_readings(hits, split)
    units = [(unit, hit) for unit, hit, _ in readings]
    candidates = [reading for _, _, reading in readings]
    shown = [(e.text, e.hit.title) for e in quoted]
    added: list[Excerpt] = []
    for part in parts:
        have = max(
            (v for v in supplier_scores(part, question, shown).values() if v[0] >= FOCUS_MIN_COVERAGE), default=None
        )
        found = supplier_scores(part, question, candidates)
        best = max(found.items(), key=lambda item: (item[1], -item[0]), default=None)
        if best is not None and best[1][0] >= FOCUS_MIN_COVERAGE and (have is None or best[1] > have):
            index: int | None = best[0]  # a sentence that supplies it better than any quoted one
        elif have is None:
            index = semantic_supplier(part, question, candidates)  # a paraphrase («скок длится отпуск»)
            if index is None and QUOTED_SECTION_GIVES_THE_VALUE and part.asks != "yesno":
                index = _section_supplier(part, found, readings, quoted)
            elif index is not None and part.asks == "yesno" and YESNO_PARAPHRASE_NAMES_ITS_SUBJECT:
                paraphrase = index
                if not _yesno_holds(part, readings[index][2], readings[index][1], hits):
                    # a paraphrase of another thing («Остаток неиспользованного отпуска переносится …» for money
                    # left of the training budget): the rule about the yes/no's own subject is shown instead
                    index = _yesno_rule(part, readings, hits, found)
                    index = paraphrase if index is None else index
        else:
            index = None
        if part.asks == "yesno" and YESNO_SHOWS_ITS_RULE and not _yesno_supplied(part, readings, index, quoted, hits):
            # no quoted sentence (nor the one chosen above) names the yes/no's subject as the focus check reads it
            rule = _yesno_rule(part, readings, hits, found)
            index = index if rule is None else rule
        if index is None:
            continue
        unit, hit = units[index]
        context = [u for u in split[hit.id] if u.block == unit.block and u.role == "header"] if unit.role else []
        if not unit.marker and not unit.role and _REFERS_BACK_RE.match(clean_markdown(unit.text)):
            context = [u for u in split[hit.id] if u.position == unit.position - 1 and u.block == unit.block]
        for piece in [*context, unit]:
            excerpt = Excerpt(piece, hit)
            if all((e.hit.id, e.unit.text) != (hit.id, piece.text) for e in [*quoted, *added]):
                added.append(excerpt)
        shown.append((clean_markdown(unit.text), hit.title))
    return added


QUOTED_SECTION_GIVES_THE_VALUE = True
"""Whether a part asking a value (a number, a time, a person, a service, a name) that no quoted sentence supplies,
and no sentence of the passages supplies by words or by meaning as the focus check reads a supplier, is answered by
the sentence of a passage already quoted that gives the kind of value asked and holds most of the part's terms (with
its heading and the sentence before), at least the share the check's meaning bridge reads
(:data:`agentcore.rag._focus.thresholds.MEANING_MIN_SHARE`).  The section the answer quotes was chosen for the
question's words; the value it asks often stands in a later sentence of it that shares fewer of them: «Срок выдачи —
до 5 рабочих дней, если позиция есть на складе» after «Дополнительное оборудование — … док-станция … заказывается
через заявку …» for «заказал док-станцию, через скока выдадут».  The focus check still decides whether it answers."""


def _section_supplier(
    part: Part,
    found: dict[int, tuple[float, int, int]],
    readings: Sequence[tuple[_Unit, Hit, tuple[str, str]]],
    quoted: Sequence[Excerpt],
) -> int | None:
    """The supplier of ``found`` (index into ``readings`` → its focus scores) that stands in a passage ``quoted``
    from, holds at least :data:`~agentcore.rag._focus.thresholds.MEANING_MIN_SHARE` of the part's terms and one of
    them in itself or the sentence before it — the heading every sentence of a section shares does not tie one of
    them to the question («На кухне есть … фрукты, которые пополняются по понедельникам и четвергам» under «Кухня,
    парковка и порядок» is no time to book a parking place by): the best by its scores, the earlier on a tie (see
    :data:`QUOTED_SECTION_GIVES_THE_VALUE`); ``None`` when none."""
    from agentcore.rag._focus.parts import term_share
    from agentcore.rag._focus.thresholds import MEANING_MIN_SHARE

    passages = {e.hit.id for e in quoted}

    def own(k: int) -> float:
        sentence, context = readings[k][2]
        return term_share(part, [sentence, context.partition("\n")[2]])

    ranked = [
        (value, -k)
        for k, value in found.items()
        if readings[k][1].id in passages and value[0] >= MEANING_MIN_SHARE and own(k) > 0
    ]
    best = max(ranked, default=None)
    return None if best is None else -best[1]


YESNO_SHOWS_ITS_RULE = True
"""Whether a yes/no part that no quoted sentence supplies as the focus check reads it — its subject's nouns in the
sentence (with its heading and the sentence before), its other nouns there or in the document's opening
(:func:`agentcore.rag._focus.yesno.supplies_the_yesno`) — is answered by the sentence of any retrieved passage that
does and holds most of its terms, at least the share the check's meaning bridge reads
(:data:`agentcore.rag._focus.thresholds.MEANING_MIN_SHARE`): «Неиспользованный остаток на следующий год не
переносится» for «неистраченные деньги на учебу переходят на след год?», not the section's opening that only shares
more words.  Other kinds of question are unchanged."""


YESNO_PARAPHRASE_NAMES_ITS_SUBJECT = True
"""Whether the sentence found by meaning for a yes/no part no sentence supplies by words
(:func:`agentcore.rag._focus.semantic_supplier`) is shown only when it names the yes/no's subject as the focus check
reads it (:func:`agentcore.rag._focus.yesno.supplies_the_yesno`); when it does not and a sentence of the passages
states the rule about that subject (:func:`_yesno_rule`), that one is shown instead: «неистраченные деньги на
обучение переходят на следующий год?» is answered by «Неиспользованный остаток на следующий год не переносится» of
the training budget, not by «Остаток неиспользованного отпуска переносится на следующий год», which e5 finds
closer.  :data:`YESNO_SHOWS_ITS_RULE` looks no further when a quoted sentence names the subject — here the budget's
opening, which states no rule."""


def _yesno_texts(reading: tuple[str, str]) -> list[str]:
    """A focus reading ``(sentence, "title\nsentence before")`` as the yes/no noun test reads it."""
    sentence, context = reading
    return [sentence, *context.split("\n", 1)]


def _yesno_holds(part: Part, reading: tuple[str, str], hit: Hit, hits: Sequence[Hit]) -> bool:
    from agentcore.rag._focus.context import document_opening
    from agentcore.rag._focus.yesno import supplies_the_yesno

    opening = document_opening(hit.title, [f"{h.title}\n{h.text}" for h in hits])
    return supplies_the_yesno(part, _yesno_texts(reading), opening)


def _yesno_supplied(
    part: Part,
    readings: Sequence[tuple[_Unit, Hit, tuple[str, str]]],
    index: int | None,
    quoted: Sequence[Excerpt],
    hits: Sequence[Hit],
) -> bool:
    """Whether a quoted sentence, or the one at ``index`` about to be added, supplies the yes/no ``part`` by the
    focus check's noun test (see :data:`YESNO_SHOWS_ITS_RULE`)."""
    shown = {(e.hit.id, e.unit.position) for e in quoted}
    return any(
        (k == index or (hit.id, unit.position) in shown) and _yesno_holds(part, reading, hit, hits)
        for k, (unit, hit, reading) in enumerate(readings)
    )


def _yesno_rule(
    part: Part,
    readings: Sequence[tuple[_Unit, Hit, tuple[str, str]]],
    hits: Sequence[Hit],
    found: dict[int, tuple[float, int, int]],
) -> int | None:
    """The sentence of ``readings`` (``found``: those supplying the part, with their scores) that states the rule
    about the yes/no's own subject (see :data:`YESNO_SHOWS_ITS_RULE`); the earlier on a tie; ``None`` when none."""
    from agentcore.rag._focus.thresholds import MEANING_MIN_SHARE
    from agentcore.rag._focus.yesno import held_share

    ranked = [
        (held_share(part, _yesno_texts(readings[k][2])), -k)
        for k in found
        if _yesno_holds(part, readings[k][2], readings[k][1], hits)
    ]
    best = max(ranked, default=None)
    return None if best is None or best[0] < MEANING_MIN_SHARE else -best[1]


def _focus_readings(hits: Sequence[Hit], split: dict[str, list[_Unit]]) -> list[tuple[_Unit, Hit, tuple[str, str]]]:
    """Each sentence, list item and table row of ``hits`` (``split``: each passage's units by its id; not a table's
    header) with the text the focus check reads it by: ``(sentence, context)`` — the context is the passage's title
    and the row's table header, the item's list lead-in or the sentence before it in its paragraph."""
    # a sentence is read with its heading and the sentence before it in its paragraph, as the focus check reads it
    # («Подозрительные письма … ввести пароль … не открывайте.  Перешлите такое письмо на security@…»)
    before = {
        (hit.id, u.block, u.position + 1): clean_markdown(u.text)
        for hit in hits
        for u in split[hit.id]
        if not u.role and not u.marker
    }
    # a table row with its table's header row («Критический | … | 30 минут» under «Приоритет | … | Реакция»)
    header = {(hit.id, u.block): clean_markdown(u.text) for hit in hits for u in split[hit.id] if u.role == "header"}
    # a list item with its list's lead-in line («Задача считается готовой (Done), если:»)
    lead = {(hit.id, block): text for hit in hits for block, text in _lead_ins(split[hit.id]).items()}
    return [
        (
            u,
            h,
            (
                clean_markdown(u.text),
                "\n".join(
                    [
                        h.title,
                        header.get((h.id, u.block), "")
                        if u.role == "row"
                        else lead.get((h.id, u.block), "")
                        if u.marker
                        else before.get((h.id, u.block, u.position), ""),
                    ]
                ).strip(),
            ),
        )
        for h in hits
        for u in split[h.id]
        if u.role != "header"
    ]


def _lead_ins(units: Sequence[_Unit]) -> dict[int, str]:
    """Per list block, the lead-in line right above its first item (a prose line ending with «:»)."""
    found: dict[int, str] = {}
    for k, unit in enumerate(units):
        if unit.marker and k and units[k - 1].block != unit.block and units[k - 1].lead_in:
            found.setdefault(unit.block, clean_markdown(units[k - 1].text))
    return found


def extractive_answer(
    question: str, hits: Sequence[Hit], analyzer: Analyzer | None = None, max_sentences: int = MAX_SENTENCES
) -> str:
    """Quote the passages that answer ``question`` (see the module docstring), then ``(Источники: …)``.

    Returns:
        :data:`NO_ANSWER` when ``hits`` hold no text.
    """
    excerpts = select_excerpts(question, hits, analyzer, max_sentences)
    if not excerpts:
        return NO_ANSWER
    excerpts = [*excerpts, *supplying_excerpts(question, hits, excerpts)]
    body = render_excerpts(excerpts)
    titles = "; ".join(dict.fromkeys(e.hit.title for e in excerpts))
    separator = "\n" if "\n" in body else " "
    return f"{body}{separator}(Источники: {titles})"


def decline(hits: Sequence[Hit]) -> str:
    """:data:`NO_ANSWER` and the closest sections («Ближе всего по теме: «A»; «B».»)."""
    titles = list(dict.fromkeys(hit.title for hit in hits))[:MAX_CLOSEST]
    if not titles:
        return NO_ANSWER
    return f"{NO_ANSWER} {CLOSEST} " + "; ".join(f"«{title}»" for title in titles) + "."


_DECLINE_RE = re.compile(
    r"не\s+нашл\w*\s+ответ|нет\s+ответа|не\s+содерж\w*\s+ответ|нет\s+(?:сведений|информации|данных)|"
    r"не\s+могу\s+ответить|недостаточно\s+(?:информации|данных)|no\s+answer|does\s+not\s+(?:contain|answer)",
    re.IGNORECASE,
)


def is_decline(answer: str, context: ComposedContext | None = None) -> bool:
    """Whether ``answer`` says the knowledge base has no answer and cites nothing.

    Its citations are read as the claim check reads them (:func:`agentcore.rag.claims.read_claims`: every marker
    form — ``[1]``, ``[Источник 1]``, ``(Источник 1)``, and, given the ``context`` it cites, ``[id]`` and
    ``(Источник: title)``), so an answer citing a passage in any form with a «нет информации о …» sentence is an
    answer whose claims are checked, not a decline."""
    from agentcore.rag.claims import read_claims

    readings = [read_claims(answer)] + ([read_claims(answer, context)] if context is not None else [])
    if any(claim.citations for claims in readings for claim in claims):
        return False
    text = unicodedata.normalize("NFC", answer)
    return not text.strip() or bool(_DECLINE_RE.search(text))


def answer_from(question: str, result: SearchResult, analyzer: Analyzer | None = None) -> str:
    """The answer without an LLM: :func:`decline` when the search found no strong evidence
    (``result.answerable`` is false), else :func:`extractive_answer` from the result's hits."""
    if not result.hits or not result.answerable:
        return decline(result.hits)
    return extractive_answer(question, result.hits, analyzer)


SYSTEM_PROMPT = (
    "Ты — помощник, который отвечает на вопросы сотрудников по базе знаний компании. "
    "Отвечай по-русски, кратко и по существу, опираясь только на приведённые фрагменты. "
    "Если вопрос о порядке действий, перечисли все шаги по порядку, каждый с новой строки. "
    "После утверждений указывай номер фрагмента-источника в квадратных скобках, например [1]. "
    "Если во фрагментах нет ответа, так и скажи: «В базе знаний нет ответа на этот вопрос» — и ничего не выдумывай."
)


def answer_messages(question: str, hits: Sequence[Hit]) -> list[dict[str, str]]:
    """System and user messages asking an LLM to answer ``question`` from ``hits`` (numbered from 1)."""
    context = "\n\n".join(
        f"[{i}] {hit.title}\n{hit.text[:CONTEXT_CHARS_PER_CHUNK]}" for i, hit in enumerate(hits, start=1)
    )
    user = f"Фрагменты базы знаний:\n\n{context}\n\nВопрос: {question}"
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]
