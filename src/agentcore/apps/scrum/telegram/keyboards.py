"""Inline keyboards: choices for a clarifying question and the blocker follow-up, and their callback data.

Callback data (at most 64 bytes): ``d:same`` («то же, что вчера»), ``d:notask`` («без задачи») answer the pending
question; ``b:<id>:off`` («снят»), ``b:<id>:on`` («всё ещё») answer a follow-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agentcore.apps.scrum.telegram import texts

if TYPE_CHECKING:
    from aiogram.types import InlineKeyboardMarkup

SAME = "d:same"
NO_TASK = "d:notask"


def _markup(rows: list[list[tuple[str, str]]]) -> InlineKeyboardMarkup:
    from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=label, callback_data=data) for label, data in row] for row in rows]
    )


def clarification_choices(question: str, daily: dict[str, Any] | None) -> list[tuple[str, str]]:
    """The buttons that answer ``question`` outright: «то же, что вчера» when today's plan is what is missing,
    «без задачи» when a blocker's task is."""
    choices: list[tuple[str, str]] = []
    lowered = question.lower()
    plan_missing = daily is not None and not daily.get("today")
    if plan_missing or "планируешь" in lowered:
        choices.append((texts.SAME_AS_YESTERDAY, SAME))
    if "блокер" in lowered and "задач" in lowered:
        choices.append((texts.NO_TASK, NO_TASK))
    return choices


def clarification_keyboard(question: str, daily: dict[str, Any] | None) -> InlineKeyboardMarkup | None:
    """The keyboard under a clarifying question, or ``None`` when no choice fits."""
    choices = clarification_choices(question, daily)
    return _markup([choices]) if choices else None


def followup_keyboard(blocker_id: int) -> InlineKeyboardMarkup:
    """«снят» / «всё ещё» under a blocker follow-up."""
    return _markup([[(texts.RESOLVED, f"b:{blocker_id}:off"), (texts.STILL, f"b:{blocker_id}:on")]])
