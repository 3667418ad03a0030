"""The portal's deal stages: one directory that reads them and answers code ↔ name look-ups.

Three parts of a turn need the pipeline's stages — entity resolution («в стадию Переговоры» → ``UC_NEGOTIATION``,
:mod:`.resolve`), the check that a requested ``STAGE_ID`` exists (:mod:`.request_check`) and the confirmation text
(«стадия «Новая» → «Переговоры»», :mod:`.confirm_text`).  They share one :class:`StageDirectory` (the
orchestrator's), so a turn reads a pipeline's stages at most once and the next turns reuse them for :data:`STAGES_TTL`
seconds.

A pipeline is named by its ``crm.status.list`` entity: ``DEAL_STAGE`` for the main one, ``DEAL_STAGE_<n>`` for
pipeline ``n`` (whose stage codes read ``C<n>:…``).  The directory reads through the ``read`` function its caller
gives (the orchestrator's, so every read is checked, logged and counted as the caller's); a read that fails raises
to the caller, which decides what a missing list means, and is not cached — nor is an empty list.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agentcore.apps.crm.reads import Read

__all__ = ["MAIN_PIPELINE", "STAGES_TTL", "Stage", "StageDirectory", "pipeline_of_category", "pipeline_of_code"]

STAGES_TTL = 300.0
MAIN_PIPELINE = "DEAL_STAGE"
_PIPELINE_PREFIX = re.compile(r"^C(\d+):")


@dataclass(frozen=True)
class Stage:
    """One stage: its code (``STATUS_ID``, e.g. ``PREPARATION`` or ``C1:NEW``) and its name on the portal."""

    code: str
    name: str


def pipeline_of_category(category: Any) -> str:
    """The ``crm.status.list`` entity of a deal's ``CATEGORY_ID`` (empty, None or ``0``: the main pipeline)."""
    text = str(category or "").strip()
    return MAIN_PIPELINE if text in ("", "0") else f"{MAIN_PIPELINE}_{text}"


def pipeline_of_code(code: str) -> str:
    """The entity of the pipeline a stage code belongs to: ``C<n>:…`` → ``DEAL_STAGE_<n>``, else the main one."""
    prefix = _PIPELINE_PREFIX.match(code.strip())
    return f"{MAIN_PIPELINE}_{prefix.group(1)}" if prefix else MAIN_PIPELINE


class StageDirectory:
    """The stages of each pipeline, read once with ``crm.status.list`` and kept for ``ttl`` seconds.

    Args:
        ttl: how long a pipeline's list is reused.
        clock: monotonic seconds (tests pass their own).
    """

    def __init__(self, ttl: float = STAGES_TTL, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self._clock = clock
        self._lists: dict[str, tuple[float, tuple[Stage, ...]]] = {}

    async def stages(self, pipeline: str, read: Read) -> tuple[Stage, ...]:
        """The pipeline's stages in the portal's order (``SORT``), each code once; read unless a list younger
        than ``ttl`` is kept.  Raises whatever ``read`` raises."""
        kept = self._lists.get(pipeline)
        if kept is not None and self._clock() - kept[0] < self.ttl:
            return kept[1]
        envelope = await read("crm.status.list", {"filter": {"ENTITY_ID": pipeline}, "order": {"SORT": "ASC"}})
        result = envelope.get("result")
        rows = [r for r in result if isinstance(r, dict) and r.get("STATUS_ID")] if isinstance(result, list) else []
        found: dict[str, Stage] = {}
        for row in rows:
            code = str(row["STATUS_ID"])
            found.setdefault(code, Stage(code, str(row.get("NAME") or "")))
        stages = tuple(found.values())
        if stages:
            self._lists[pipeline] = (self._clock(), stages)
        return stages

    async def name_of(self, code: str, read: Read) -> str | None:
        """The name of a stage code in its own pipeline (:func:`pipeline_of_code`); None when it has none."""
        return _name(await self.stages(pipeline_of_code(code), read), code)

    def known_name(self, code: str) -> str | None:
        """:meth:`name_of` without reading: from a list read earlier (however old), else None."""
        kept = self._lists.get(pipeline_of_code(code))
        return _name(kept[1], code) if kept is not None else None


def _name(stages: tuple[Stage, ...], code: str) -> str | None:
    wanted = code.strip()
    return next((s.name for s in stages if s.code == wanted and s.name), None)
