"""Inline keyboards: choices for a clarifying question and the blocker follow-up, and their callback data.

Callback data (at most 64 bytes): ``d:same:<tag>`` («то же, что вчера»), ``d:notask:<tag>`` («без задачи») answer
the pending question — only the one they were sent under: ``<tag>`` (:func:`question_tag`) names that question, so a
button of an earlier question (a double tap, yesterday's message) never answers the next one; ``b:<id>:off``
(«снят»), ``b:<id>:on`` («всё ещё») answer a follow-up.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.telegram import texts

if TYPE_CHECKING:
    from aiogram.types import InlineKeyboardMarkup

SAME = "d:same"
NO_TASK = "d:notask"
_CHOICE = re.compile(r"^(d:same|d:notask):([0-9a-f]{1,16})$")
CHOICE_PATTERN = _CHOICE.pattern
"""Callback data of a clarification button (what the router dispatches on)."""


def question_tag(state: dict[str, Any]) -> str:
    """A short name of the pending question of a daily dialogue state: its text and the messages it follows (the
    same words asked again after another answer are another question)."""
    raw = json.dumps([state.get("question"), state.get("messages")], ensure_ascii=False, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:10]


def parse_choice(data: str | None) -> tuple[str, str] | None:
    """``(choice, tag)`` of a clarification button's callback data (``choice`` is :data:`SAME` or :data:`NO_TASK`),
    ``None`` for other data."""
    found = _CHOICE.match(data or "")
    return (found.group(1), found.group(2)) if found else None


def _markup(rows: list[list[tuple[str, str]]]) -> InlineKeyboardMarkup:
    from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=label, callback_data=data) for label, data in row] for row in rows]
    )


def clarification_choices(question: str, daily: dict[str, Any] | None, tag: str) -> list[tuple[str, str]]:
    """The buttons that answer ``question`` outright: «то же, что вчера» when today's plan is what is missing,
    «без задачи» when a blocker's task is; their data carry ``tag`` (:func:`question_tag` of the question)."""
    choices: list[tuple[str, str]] = []
    lowered = question.lower()
    plan_missing = daily is not None and not daily.get("today")
    if plan_missing or "планируешь" in lowered:
        choices.append((texts.SAME_AS_YESTERDAY, f"{SAME}:{tag}"))
    if "блокер" in lowered and "задач" in lowered:
        choices.append((texts.NO_TASK, f"{NO_TASK}:{tag}"))
    return choices


def clarification_keyboard(question: str, daily: dict[str, Any] | None, tag: str) -> InlineKeyboardMarkup | None:
    """The keyboard under a clarifying question (named by ``tag``), or ``None`` when no choice fits."""
    choices = clarification_choices(question, daily, tag)
    return _markup([choices]) if choices else None


def followup_keyboard(blocker_id: int) -> InlineKeyboardMarkup:
    """«снят» / «всё ещё» under a blocker follow-up."""
    return _markup([[(texts.RESOLVED, f"b:{blocker_id}:off"), (texts.STILL, f"b:{blocker_id}:on")]])
