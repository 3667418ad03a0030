"""The offline DAILY parser: Russian (and mixed English) free text → seed 3.2's structure, by rules.

It is not a language model.  What it understands:

* sections by headers («Вчера:», «Сегодня —», «Планы:», «Блокеры:», «Yesterday/Today/Blockers:») or by words in
  free order («вчера закрыл TASK-12, сегодня начну TASK-15»), with common typos («вчира», «севодня», «блокир»);
  without a time word a clause goes by its verb (past tense → yesterday, future or plans → today);
* task ids like ``ABC-123`` (any case), one work item per id;
* blockers by keywords («блокер», «жду», «не могу», «нет доступа», «мешает», «упал», …); a blocker is critical
  when it says so («срочно», «критично», «блокер», «не могу», …) unless it says it is not («не критично»);
  «блокеров нет» counts as a stated answer;
* the five quality levels; a clarifying question when a blocker names no task.

:func:`merge_clarification` folds the answer to that question into the previous daily.

Modules, one concept each (the names below are the package's public ones, re-exported here):

* :mod:`.lexicon` — the words: time words and their typos, blocker words, verbs, fillers, content words;
* :mod:`.layout` — sentences, bullets, section headers and emoji, header typos, author labels;
* :mod:`.clauses` — clause boundaries and the joins that undo a cut;
* :mod:`.blocker_clauses` — which clause states a blocker or says there is none, the blocker's words and task;
* :mod:`.items` — work items and whether they describe their task;
* :mod:`.reading` — :func:`parse`, the walk over the clauses;
* :mod:`.quality` — :func:`grade`, :func:`clarification_for`, :func:`daily_verdict`, :func:`parse_daily`;
* :mod:`.clarification` — :func:`merge_clarification`, :func:`declines_task`.
"""

from agentcore.apps.scrum.daily_parser.blocker_clauses import no_blockers_stated
from agentcore.apps.scrum.daily_parser.clarification import declines_task, merge_clarification
from agentcore.apps.scrum.daily_parser.lexicon import MAX_PARSED_CHARS, readable
from agentcore.apps.scrum.daily_parser.quality import (
    QUALITY_ORDER,
    WEAK,
    clarification_for,
    daily_verdict,
    grade,
    parse_daily,
)
from agentcore.apps.scrum.daily_parser.reading import ParsedDaily, TextShape, parse, text_shape
from agentcore.apps.scrum.task_ids import task_ids_in

__all__ = [
    "MAX_PARSED_CHARS",
    "QUALITY_ORDER",
    "WEAK",
    "ParsedDaily",
    "TextShape",
    "clarification_for",
    "daily_verdict",
    "declines_task",
    "grade",
    "merge_clarification",
    "no_blockers_stated",
    "parse",
    "parse_daily",
    "readable",
    "task_ids_in",
    "text_shape",
]
