"""The Scrum/Agile glossary that answers FAQ offline.

Entries are the Scrum and Kanban articles of the bundled knowledge base (``rag/kb/default/scrum-*.md``,
``kanban*.md``) plus this app's general entries (``glossary/*.md``: Agile, Scrum, sprint backlog).  They are
chunked and indexed in memory with the core's analyzer and BM25 (no files written, nothing downloaded).

A question is first expanded with the canonical names of the words teams use for the terms (:data:`ALIASES`:
«ретро» → ретроспектива, «груминг» → уточнение бэклога, «юзер стори» → пользовательская история …).
An answer is the definition (lead paragraph) of the best-matching entry plus the sentences of that entry that
share most terms with the question — only sentences that pass seed 6's restrictions
(:func:`~agentcore.apps.scrum.checks.faq_problems`): the knowledge base also describes one company's habits
(times, tools, rules), which a general FAQ must not repeat.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from agentcore.apps.scrum.checks import faq_problems
from agentcore.apps.scrum.faq_scope import REFUSALS

if TYPE_CHECKING:
    from agentcore.rag import Analyzer, BM25Index
    from agentcore.rag.models import Chunk, SourceDocument

OUT_OF_SCOPE = REFUSALS["off_topic"]
"""The answer to a question no entry fits; its first sentence says it is a refusal."""
MAX_DEFINITION_SENTENCES = 2
MAX_EXTRA_SENTENCES = 2
_GLOSSARY_PREFIXES = ("scrum-", "kanban")

# Slang, abbreviations and English names → the words the entries use (added to the question, never replacing it).
ALIASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), canonical)
    for pattern, canonical in (
        (r"\bретр[оауеы]\b|\bretro\b", "ретроспектива спринта"),
        (r"стори[\s-]*поинт\w*|сторипоинт\w*|\bsp\b|поинт\w*|покер\w*|poker", "story points оценка задач"),
        (r"груминг\w*|рефайнмент\w*|refinement|grooming", "уточнение бэклога продукта"),
        (r"юзер[\s-]*стор\w*|user\s+stor\w*|истори[яию]\s+пользовател\w*", "пользовательская история"),
        (r"продакт\w*|\bpo\b|product\s+owner", "владелец продукта"),
        (r"спринт[\s-]*ревью|sprint\s+review|\bдемо\b", "обзор спринта sprint review"),
        (r"берндаун\w*|бёрндаун\w*|burn[\s-]*down", "диаграмма сгорания"),
        (r"\bdod\b|\bдод\b", "definition of done"),
        (r"скрам[\s-]*мастер\w*|scrum[\s-]*master|\bсм\b", "скрам-мастер"),
        (r"вип[\s-]*лимит\w*|\bwip\b", "wip-лимит"),
        # English names of the entries that their Russian titles do not carry.
        (r"product\s+backlog", "бэклог продукта"),
        (r"sprint\s+backlog", "бэклог спринта"),
        (r"sprint\s+planning|\bпланинг\w*", "планирование спринта"),
        (r"\bsprints?\b", "спринт"),
        (r"\bbacklog\b", "бэклог"),
        (r"\bincrements?\b", "инкремент"),
        (r"\bdaily\b|stand[\s-]*ups?\b|\bдейли\b", "ежедневный стендап"),
        (r"retrospectives?\b", "ретроспектива спринта"),
        (r"\bepics?\b", "эпик"),
        (r"impediments?\b|\bblockers?\b", "блокер препятствие"),
        (r"\bkanban\b", "канбан"),
        (r"\bscrum\b", "скрам"),
    )
)

# «Чем X отличается от Y», «разница между X и Y», «X vs Y»: both entries are defined, in the question's order.
_COMPARISON = re.compile(r"отлича\w*|различ\w*|разниц\w*|\bvs\.?\b|\bversus\b|difference|differ\w*", re.IGNORECASE)


GENERIC_WORDS = "команда команды команде командой работа работы задача задачи человек люди"


def expand_question(question: str) -> str:
    """``question`` with the canonical names of the aliases it uses appended (see :data:`ALIASES`)."""
    extra = [canonical for pattern, canonical in ALIASES if pattern.search(question)]
    return " ".join([question, *extra])


def canonical_question(question: str) -> str:
    """``question`` with each alias replaced by its canonical name («What is a sprint?» → «What is a спринт?»):
    the words it names its terms by, each once (an appended name would count a term twice)."""
    for pattern, canonical in ALIASES:
        question = pattern.sub(f" {canonical} ", question)
    return question


_HEADING = re.compile(r"^#+\s.*$", re.MULTILINE)


@dataclass(frozen=True)
class Entry:
    """One glossary article: its id, title, definition sentences and all its clean sentences."""

    doc_id: str
    title: str
    definition: tuple[str, ...]
    sentences: tuple[str, ...]


def _sentences(text: str) -> list[str]:
    from razdel import sentenize

    plain = _HEADING.sub("\n", text)
    out = []
    for paragraph in re.split(r"\n\s*\n", plain):
        for piece in sentenize(" ".join(paragraph.split())):
            sentence = piece.text.strip().lstrip("-• ").replace("**", "")
            if len(sentence) > 2 and not sentence.endswith(":"):  # a list's lead-in means nothing without it
                out.append(sentence)
    return out


def _lead(text: str) -> str:
    """The first paragraph after the title: the definition."""
    body = _HEADING.sub("\n", text, count=1)
    for paragraph in re.split(r"\n\s*\n", body):
        if paragraph.strip() and not paragraph.lstrip().startswith("#"):
            return paragraph.strip()
    return ""


def glossary_documents() -> list[SourceDocument]:
    """The glossary's source documents (bundled knowledge base articles + this app's entries)."""
    from agentcore.rag.default_kb import bundled_kb_path
    from agentcore.rag.loaders import load_path

    kb = [d for d in load_path(bundled_kb_path()).documents if d.doc_id.startswith(_GLOSSARY_PREFIXES)]
    own = load_path(Path(__file__).resolve().parent / "glossary").documents
    return sorted(kb + own, key=lambda d: d.doc_id)


class Glossary:
    """In-memory BM25 over the glossary's chunks; see the module docstring."""

    def __init__(self, documents: list[SourceDocument] | None = None, analyzer: Analyzer | None = None) -> None:
        from agentcore.rag import BM25Index, chunk_document, get_analyzer

        self.analyzer = analyzer or get_analyzer()
        docs = documents if documents is not None else glossary_documents()
        self.entries: dict[str, Entry] = {}
        self.chunks: list[Chunk] = []
        for doc in docs:
            clean = [s for s in _sentences(doc.text) if not faq_problems(s)]
            definition = [s for s in _sentences(_lead(doc.text)) if not faq_problems(s)]
            self.entries[doc.doc_id] = Entry(
                doc.doc_id, doc.title, tuple(definition[:MAX_DEFINITION_SENTENCES]), tuple(clean)
            )
            self.chunks.extend(chunk_document(doc))
        # Words every entry may use («команда», «работа»): sharing only them does not make a question in scope.
        self._generic = self.analyzer.term_set(GENERIC_WORDS)
        self._index: BM25Index = BM25Index.build(self.analyzer.terms_batch(c.embedding_text for c in self.chunks))

    def best_entry(self, question: str) -> Entry | None:
        """The entry that answers ``question``, or ``None`` when the question is not about the glossary's terms.

        Among the entries of the best BM25 chunks, the one whose title shares most terms with the question wins,
        then the one whose title the question covers best («сколько длится спринт» → «Спринт», not «Планирование
        спринта»); ties keep the BM25 order.  The entry must share
        a term with the question in its title or definition: a question that only brushes the body of an article
        («как оформить отпуск») is out of scope.
        """
        terms = set(self.analyzer.terms(expand_question(question)))
        named = self.analyzer.term_set(canonical_question(question))  # a title's overlap counts each name once
        candidates: list[tuple[int, float, int, Entry]] = []
        for rank, (row, _score) in enumerate(self._index.top(list(terms), 20)):
            entry = self.entries.get(self.chunks[row].doc_id)
            if entry is None or any(c[3] is entry for c in candidates):
                continue
            title = self.analyzer.term_set(entry.title)
            head = title | self.analyzer.term_set(" ".join(entry.definition))
            if head & (terms - self._generic):
                overlap = len(title & named)
                candidates.append((overlap, overlap / max(len(title), 1), rank, entry))
        if not candidates:
            return None
        return min(candidates, key=lambda c: (-c[0], -c[1], c[2]))[3]

    def compared_entries(self, question: str) -> list[Entry]:
        """The two entries a comparison question names («чем скрам-мастер отличается от владельца продукта»), in
        the order the question names them; ``[]`` when it is no comparison or names fewer than two entries.

        The question's aliases are replaced by the entries' words («scrum master» → «скрам-мастер»); then, word by
        word, the longest entry name that the next words spell (as terms, in any order) names its entry: «бэклога
        спринта» names the sprint backlog, not the sprint.  An entry's names are its title without the part in
        brackets, and that part («Product Owner», «скрам», «burndown chart»).
        """
        if not _COMPARISON.search(question):
            return []
        text = canonical_question(question)
        words = [terms for word in re.findall(r"[\w-]+", text) if (terms := self.analyzer.term_set(word))]
        names = sorted(
            ((frozenset(name), entry) for entry in self.entries.values() for name in self._names(entry) if name),
            key=lambda pair: -len(pair[0]),
        )
        chosen: list[Entry] = []
        position = 0
        while position < len(words):
            step = 1
            for name, entry in names:
                if name <= frozenset().union(*words[position : position + len(name)]):
                    span = len(name)
                    if entry not in chosen:
                        chosen.append(entry)
                    step = span
                    break
            position += step
        return chosen[:2] if len(chosen) >= 2 else []

    def _names(self, entry: Entry) -> list[set[str]]:
        """An entry's names as term sets: its title without the bracketed part, each side of an «и» in it («Story
        points и оценка задач»), and the bracketed part."""
        main, _, rest = entry.title.partition("(")
        names = [self.analyzer.term_set(main) - self._generic]
        if " и " in main:
            names += [self.analyzer.term_set(side) - self._generic for side in main.split(" и ")]
        if rest:
            names.append(self.analyzer.term_set(rest.rstrip(")")) - self._generic)
        return names

    def answer(self, question: str) -> str:
        """A short answer from the glossary, or :data:`OUT_OF_SCOPE`.

        A comparison of two entries is answered with both definitions; any other question with the best entry's
        definition and the sentences of that entry that share most terms with the question.
        """
        compared = self.compared_entries(question)
        if compared and all(entry.definition for entry in compared):
            return " ".join(entry.definition[0] for entry in compared)
        entry = self.best_entry(question)
        if entry is None or not entry.definition:
            return OUT_OF_SCOPE
        chosen = list(entry.definition)
        terms = self.analyzer.term_set(expand_question(question)) - self.analyzer.term_set(entry.title)
        if terms:
            scored = []
            for position, sentence in enumerate(entry.sentences):
                if sentence in chosen:
                    continue
                overlap = len(terms & self.analyzer.term_set(sentence))
                if overlap:
                    scored.append((-overlap, position, sentence))
            chosen += [s for _, _, s in sorted(scored)[:MAX_EXTRA_SENTENCES]]
        return " ".join(chosen)


_lock = threading.Lock()
_glossary: Glossary | None = None


def get_glossary() -> Glossary:
    """The process-wide glossary (built on first use, ~0.1 s)."""
    global _glossary
    with _lock:
        if _glossary is None:
            _glossary = Glossary()
        return _glossary
