"""What a question asks for, and whether the chosen sentences answer it — the decision to answer or decline.

The searcher's confidence says a passage is *about* the question; it does not say the sentences quoted from it
*answer* it (a sick-leave question answered with the first-vacation rule; «сколько попыток ввода пароля» with the
password-history rule).  So the decision is made on the sentences shown:

* the question is split into parts («… и …?», «…; …»), and each part's **focus** is read: what it asks for
  (``number`` — «сколько дней/раз»; ``time`` — «до скольки», «когда»; ``person`` — «кто», «к кому»;
  ``service`` — «какая страховая», «в каком сервисе», «где»; ``yesno`` — «… ли …»; ``procedure``;
  ``definition``; ``other``) and its **subject terms** (content words, pymorphy3 lemmas);
* a part is answered when the sentences shown (with the headings of the sections they cite) give what it asks for
  (a number, a time, a name…) and hold enough of its subject terms — matched by lemma or stem, or, for a paraphrase,
  by meaning: the e5 embedder's cosine between the part and its best sentence;
* a subject term that no passage of the run mentions at all («Miro», «границей») is a focus the documents lack: the
  part is not answered whatever the overlap of the rest.

:func:`check_focus` returns which parts are missing; all of them missing means decline.  The thresholds are
calibrated on the dev half of ``tests/data/answer_eval.json`` (``docs/rag.md``).

The modules, one concept each (lower ones first; each imports only those above it):

* :mod:`.words` — words, lemmas, stems and parts of speech; whether a term matches a text's vocabulary;
* :mod:`.measures` — what a count question measures (money, a span, a lasting, a frequency, a counted noun);
* :mod:`.parts` — the parts of a question, what each asks for, its subject terms and their share in a text;
* :mod:`.asked_noun` — the things a «какие X» question lists, to be named where the answer is;
* :mod:`.figures` — the figure patterns (numbers, times, spans, money…) and whether a sentence holds the measure;
* :mod:`.values` — whether a text gives the kind of value asked (a number, a time, a person, a name…);
* :mod:`.names` — whether the name a «какой X» part asks for is attached to X;
* :mod:`.owner` — whose lasting a sentence gives («сколько длится X»: a duration said of X, not of another thing);
* :mod:`.supplies` — whether one sentence supplies a part's value, and how the supplying sentences rank;
* :mod:`.context` — a sentence's context in the passages: the sentence before, a list's lead-in, its section, its
  document;
* :mod:`.other_subject` — the qualifier rule: a sentence about another document's or section's subject;
* :mod:`.compounds`, :mod:`.nouns`, :mod:`.yesno` — the phrase, noun and predicate tests of a supplying sentence;
* :mod:`.lacks` — the subject terms no passage uses (a hard or a soft lack);
* :mod:`.alternatives` — other spellings of a part's terms (query repair, colloquial lexicon);
* :mod:`.reasons` — a part asking why, answered only by a sentence that gives a reason;
* :mod:`.circumstances` — terms a rule's sentence does not repeat (the asker's month and destination, the verb of
  contact of a «куда» question), dropped from a part's subject terms;
* :mod:`.vectors`, :mod:`.meaning`, :mod:`.semantic_supplier` — the e5 tests by meaning;
* :mod:`.thresholds` — the calibrated thresholds;
* :mod:`.reading` — what the tests read, computed once per check and per part;
* :mod:`.value_rules`, :mod:`.section_rules` — the tests of a part asking a value (one sentence supplies it) and of
  one answered by a section (a procedure, a definition), each a small function saying what it rejects or accepts;
* :mod:`.check` — :func:`check_focus` itself, and the one list of the tests' order.
"""

from __future__ import annotations

# The package itself is private to ``agentcore.rag``; its modules share their helpers under plain names.  The rules'
# internals re-exported here beside the public API are read by tests and benchmarks (the figure patterns' cost test,
# the learned selector's features, the e5 cache); nothing in src/ outside the package uses them.
from agentcore.rag._focus.alternatives import with_alternatives
from agentcore.rag._focus.check import SOFT_LACK_MARGIN, FocusCheck, check_focus
from agentcore.rag._focus.figures import DURATION_RE, SPAN_RE, TIME_RE
from agentcore.rag._focus.lacks import lacks_focus
from agentcore.rag._focus.parts import Part, part_matches, question_parts, term_share
from agentcore.rag._focus.semantic_supplier import semantic_supplier
from agentcore.rag._focus.supplies import SLOT_ASKS, best_supplier, supplier_scores, supplies_asked, supply_strength
from agentcore.rag._focus.thresholds import FOCUS_MIN_COVERAGE, SEMANTIC_MIN_COSINE
from agentcore.rag._focus.values import announces
from agentcore.rag._focus.vectors import cached_local
from agentcore.rag._focus.words import is_verb, stem_of, vocabulary_of
from agentcore.rag._focus.yesno import speaks_to

__all__ = [
    "DURATION_RE",
    "FOCUS_MIN_COVERAGE",
    "SEMANTIC_MIN_COSINE",
    "SLOT_ASKS",
    "SOFT_LACK_MARGIN",
    "SPAN_RE",
    "TIME_RE",
    "FocusCheck",
    "Part",
    "announces",
    "best_supplier",
    "cached_local",
    "check_focus",
    "is_verb",
    "lacks_focus",
    "part_matches",
    "question_parts",
    "semantic_supplier",
    "speaks_to",
    "stem_of",
    "supplier_scores",
    "supplies_asked",
    "supply_strength",
    "term_share",
    "vocabulary_of",
    "with_alternatives",
]
