"""CLARIFICATION mode: an answer to the clarifying question folded into the previous daily
(:func:`merge_clarification`); «без задачи» (:func:`declines_task`)."""

from __future__ import annotations

import re
from typing import Any

from agentcore.apps.scrum.blocker_reading import (
    criticality,
)
from agentcore.apps.scrum.daily_parser.lexicon import _TODAY_RE, _YESTERDAY_RE
from agentcore.apps.scrum.daily_parser.quality import (
    QUALITY_ORDER,
    _finish,
    clarification_for,
    daily_verdict,
    parse_daily,
)
from agentcore.apps.scrum.daily_parser.reading import parse
from agentcore.apps.scrum.task_ids import task_ids_in

_CLARIFY_NO_TASK = re.compile(
    r"без\s+задачи|не\s+относится|ни\s+к\s+какой|нет\s+задачи|не\s+знаю|общий\s+блокер|no\s+task|"
    r"к\s+задаче\s+не\s+привяз\w*|не\s+привязан\w*",
    re.IGNORECASE,
)


def merge_clarification(previous: dict[str, Any] | None, answer: str, role: str) -> dict[str, Any]:
    """Seed 3.2's output after the author answered a clarifying question (CLARIFICATION mode).

    With the previous daily: task ids in the answer go to the blockers that had none (in order when the counts
    match, else the first id to all); «без задачи» accepts them as they are; anything else asks again.  New
    sections in the answer («ещё сегодня …», «блокер: …») are added.  Without a previous daily the answer is
    parsed as a daily of its own.
    """
    if not previous:  # an answer without the daily it answers: read on its own, asked about its blockers only
        output = parse_daily(answer, role)
        output["clarification"] = clarification_for(output["daily"], output["daily"]["quality"], ask_missing=False)
        return output
    daily = {
        "role": role,
        "yesterday": [dict(i) for i in previous.get("yesterday", [])],
        "today": [dict(i) for i in previous.get("today", [])],
        "blockers": [dict(b) for b in previous.get("blockers", [])],
        "quality": previous.get("quality", "DETAIL_OK"),
    }
    loose = [b for b in daily["blockers"] if not b.get("related_task_id")]
    extra = parse(answer)
    missing_y, missing_t = not daily["yesterday"], not daily["today"]
    # A bare list of ids («TASK-1, TASK-2») answers the blocker question; words fill a missing section.
    fills = bool(extra.content_words) or not loose
    new_y, new_t = (list(extra.yesterday), list(extra.today)) if fills else ([], [])
    # The answer to «что планируешь сегодня?» needs no «сегодня» (and the one to «что сделал вчера?» no «вчера»).
    if missing_t and not missing_y and not _YESTERDAY_RE.search(answer):
        new_t, new_y = new_t + new_y, []
    elif missing_y and not missing_t and not _TODAY_RE.search(answer):
        new_y, new_t = new_y + new_t, []
    daily["yesterday"].extend(i for i in new_y if missing_y or (i["task_id"] and _YESTERDAY_RE.search(answer)))
    daily["today"].extend(i for i in new_t if missing_t or (i["task_id"] and _TODAY_RE.search(answer)))
    used = {i["task_id"] for i in new_y + new_t if i["task_id"]} if missing_y or missing_t else set()
    ids = [i for i in task_ids_in(answer) if i not in used]
    # Blockers the answer introduces as new ones (not an explanation of a pending one) are appended.
    if not loose:
        daily["blockers"].extend(extra.blockers)
    if loose and ids:
        pairs = zip(loose, ids, strict=False) if len(ids) == len(loose) else ((b, ids[0]) for b in loose)
        for blocker, task_id in pairs:
            blocker["related_task_id"] = task_id
    for blocker in loose:  # «…, без стенда не могу проверить интеграцию»: the explanation counts too
        blocker["critical"] = bool(blocker.get("critical")) or criticality(f"{blocker['text']}. {answer}")[0]
    quality, _ = daily_verdict(daily)
    daily["quality"] = max(str(daily["quality"]), quality, key=QUALITY_ORDER.index)
    output = _finish(daily, ask_missing=False)
    if declines_task(answer):
        output["clarification"] = {"needs_clarification": False, "question": ""}
    return output


def declines_task(answer: str) -> bool:
    """Whether an answer to «к какой задаче относится блокер?» says it belongs to none («без задачи»)."""
    return not task_ids_in(answer) and bool(_CLARIFY_NO_TASK.search(answer))
