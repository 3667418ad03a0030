"""The LLM composer: a haiku from a real model, its syllables counted and corrected with feedback.

The model is asked (in Russian) for a 5-7-5 haiku as structured output with three lines.  Every line is counted by
:func:`~agentcore.apps.haiku.syllables.count_line_syllables`; when a count is off, the model gets the exact
feedback («В строке 2 получилось 8 слогов, нужно 7.») and tries again, at most ``max_attempts`` calls in all.

When no attempt holds 5-7-5, the default (``on_miss="best_attempt"``) returns the attempt closest to 5-7-5 — the
model's own poem — with the counts it really has; counts are always reported as counted, never assumed.
``on_miss="offline"`` returns the offline composer's haiku instead (exactly 5-7-5, rule-based).

A provider failure on the first attempt propagates (:class:`~agentcore.llm.errors.LLMError`); after at least
one draft, a failure ends the retries and the best draft so far is used.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel, Field, field_validator

from agentcore.apps.haiku.models import TARGET_SYLLABLES, Haiku
from agentcore.llm.errors import LLMError
from agentcore.llm.models import LLMMessage, LLMRequest
from agentcore.text.agreement import plural_form

logger = logging.getLogger("agentcore.haiku")

STEP = "haiku.compose"
MAX_ATTEMPTS = 3

SYSTEM_PROMPT = (
    "Ты — мастер хайку на русском языке. Хайку — три строки по схеме 5-7-5: в первой строке ровно 5 слогов, "
    "во второй ровно 7, в третьей ровно 5. Слоги считаются по гласным буквам: а, е, ё, и, о, у, ы, э, ю, я — "
    "сколько гласных в строке, столько и слогов. Пиши только по-русски, кириллицей, числа — словами. "
    "Хайку должно быть на заданную тему: используй само слово темы (можно в другом падеже), живой образ природы "
    "или времени года, без рифмы. Перед ответом пересчитай гласные в каждой строке. "
    "Ответ — три строки хайку в заданном формате, без номеров, кавычек и пояснений."
)

_THEME_LINE = re.compile(r"^Тема: «(.*)»$", re.MULTILINE)


class HaikuDraft(BaseModel):
    """The structured output asked of the model: three haiku lines."""

    line1: str = Field(min_length=1, description="первая строка хайку, ровно 5 слогов")
    line2: str = Field(min_length=1, description="вторая строка хайку, ровно 7 слогов")
    line3: str = Field(min_length=1, description="третья строка хайку, ровно 5 слогов")

    @field_validator("line1", "line2", "line3")
    @classmethod
    def _one_line(cls, value: str) -> str:
        return " ".join(value.split())

    @property
    def lines(self) -> tuple[str, str, str]:
        """The three lines."""
        return (self.line1, self.line2, self.line3)


_M = TypeVar("_M", bound=BaseModel)


class HaikuGateway(Protocol):
    """What the composer needs of an LLM gateway (:class:`agentcore.llm.gateway.SimpleLLMGateway` fits)."""

    async def parse(self, request: LLMRequest, output_type: type[_M]) -> _M: ...


def build_messages(theme: str) -> list[LLMMessage]:
    """The opening conversation for ``theme``."""
    user = f"Тема: «{theme}»\nНапиши хайку 5-7-5 на эту тему."
    return [LLMMessage(role="system", content=SYSTEM_PROMPT), LLMMessage(role="user", content=user)]


def theme_from_request(request: LLMRequest) -> str | None:
    """The theme of a request built by :func:`build_messages` (for the offline handler), or ``None``."""
    for message in request.messages:
        if message.role == "user" and message.content:
            match = _THEME_LINE.search(message.content)
            if match:
                return match.group(1)
    return None


def syllable_feedback(counts: tuple[int, ...]) -> str:
    """What to tell the model about wrong counts, e.g. «В строке 2 получилось 8 слогов, нужно 7. ...»."""
    problems = []
    for number, (got, need) in enumerate(zip(counts, TARGET_SYLLABLES, strict=False), start=1):
        if got != need:
            word = plural_form(got, "слог", "слога", "слогов")
            verb = "получился" if word == "слог" else "получилось"
            problems.append(f"в строке {number} {verb} {got} {word}, нужно {need}")
    text = "; ".join(problems)
    text = text[:1].upper() + text[1:]
    return (
        f"{text}. Слоги считаются по гласным: а, е, ё, и, о, у, ы, э, ю, я. "
        "Перепиши хайку так, чтобы было ровно 5-7-5 слогов; строки с верным числом слогов можно оставить."
    )


def _distance(counts: tuple[int, ...]) -> int:
    return sum(abs(got - need) for got, need in zip(counts, TARGET_SYLLABLES, strict=True))


async def compose_with_llm(
    gateway: HaikuGateway,
    theme: str,
    *,
    max_attempts: int = MAX_ATTEMPTS,
    on_miss: Literal["best_attempt", "offline"] = "best_attempt",
) -> Haiku:
    """A haiku on ``theme`` from the gateway's model, 5-7-5 whenever the model gets there in ``max_attempts``.

    Raises:
        LLMError: the first model call failed (transport, HTTP status, or output that never validated).
    """
    messages = build_messages(theme)
    best: Haiku | None = None
    calls = 0
    for attempt in range(1, max(1, max_attempts) + 1):
        request = LLMRequest(messages=list(messages), step=STEP)
        try:
            draft = await gateway.parse(request, HaikuDraft)
        except LLMError as exc:
            if best is None:
                raise
            logger.warning("generate_haiku // attempt %d failed (%s); keeping the best draft", attempt, exc)
            break
        calls = attempt
        haiku = Haiku.from_lines(draft.lines, source="llm", attempts=attempt)
        logger.debug("generate_haiku // attempt %d: %s", attempt, list(haiku.syllables_per_line))
        if haiku.is_575:
            return haiku
        if best is None or _distance(haiku.syllables_per_line) <= _distance(best.syllables_per_line):
            best = haiku
        messages.append(LLMMessage(role="assistant", content=draft.model_dump_json()))
        messages.append(LLMMessage(role="user", content=syllable_feedback(haiku.syllables_per_line)))
    if best is None:  # unreachable: the first attempt either returned, raised or produced a draft
        raise AssertionError("no haiku draft")
    logger.warning(
        "generate_haiku // no 5-7-5 after %d attempt(s) for theme %r; best draft has %s",
        calls,
        theme,
        list(best.syllables_per_line),
    )
    if on_miss == "offline":
        from agentcore.apps.haiku.composer import compose_offline

        return compose_offline(theme)
    return replace(best, attempts=calls)


# Last: the offline module imports this one (its step name), so it is imported once this module is complete.
from agentcore.apps.haiku import offline as _offline  # noqa: E402, F401 - registers the handler of haiku.compose
