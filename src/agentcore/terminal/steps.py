"""Live rendering of an agent's step events in the terminal (shared by ``agentcore ask`` and ``agentcore sgr``).

A spinner shows what is happening now (loading, the model thinking, a tool running); every finished step leaves a
line: the thought, ``→ tool {arguments}``, ``← result``, the controller's decisions.  The answer comes last, with its
numbered sources and the figures the agent reports (coverage, confidence, refinements, steps).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from agentcore.agents.events import AgentStepEvent, ErrorEvent, FinalEvent
from agentcore.util.truncate import truncate

if TYPE_CHECKING:
    from rich.console import Console
    from rich.status import Status

__all__ = ["StepRenderer", "render_final", "render_stream"]

ARGUMENT_CHARS = 120
PREVIEW_CHARS = 120


class StepRenderer:
    """Prints step events as they arrive; one spinner line shows the current activity.

    Args:
        console: the rich console.
        show_steps: print a line per step (``False``: only the spinner and the answer).
    """

    def __init__(self, console: Console, show_steps: bool = True) -> None:
        self.console = console
        self.show_steps = show_steps
        self._status: Status | None = None

    def _spin(self, text: str) -> None:
        if self._status is None:
            self._status = self.console.status(text, spinner="dots")
            self._status.start()
        else:
            self._status.update(text)

    def stop(self) -> None:
        """Remove the spinner."""
        if self._status is not None:
            self._status.stop()
            self._status = None

    def _line(self, text: str, style: str = "") -> None:
        if self.show_steps:
            self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=False)

    def start(self, text: str = "Готовлю агента…") -> None:
        """Show the spinner before the first event."""
        self._spin(text)

    def handle(self, event: AgentStepEvent) -> None:
        """Render one event (``final``/``error`` only stop the spinner; print them with :func:`render_final`)."""
        if event.type == "step_started":
            self._line(f"Шаг {event.step}", "bold")
            self._spin(f"Модель думает… (шаг {event.step})")
        elif event.type == "thought":
            if event.origin == "control":
                self._line(f"  ⚙ {event.text}", "yellow")
            else:
                self._line(f"  {event.text}", "italic dim")
        elif event.type == "tool_invoked":
            arguments = truncate(json.dumps(event.arguments, ensure_ascii=False), ARGUMENT_CHARS)
            marker = "⚙ " if event.origin == "control" else ""
            self._line(f"  → {marker}{event.tool} {arguments}", "cyan")
            self._spin(f"Выполняю {event.tool}…")
        elif event.type == "observation":
            first = " ".join(event.preview.split())
            if event.ok:
                self._line(f"    ← {truncate(first, PREVIEW_CHARS)}  ({event.elapsed_ms:.0f} мс)", "dim")
            else:
                self._line(f"    ← ошибка: {truncate(event.error or first, PREVIEW_CHARS)}", "red")
            self._spin("Модель думает…")
        else:
            self.stop()


def _figure(value: Any, digits: int = 2) -> str:
    return "—" if value is None else f"{float(value):.{digits}f}"


def render_final(console: Console, event: FinalEvent | ErrorEvent) -> None:
    """Print the answer with its numbered sources and figures, or the error."""
    if event.type == "error":
        console.print(f"Ошибка: {event.message}", style="bold red", markup=False, highlight=False)
        return
    console.print()
    console.print(event.answer, style="bold", markup=False, highlight=False)
    if event.citations:
        console.print()
        console.print("Источники:", style="bold")
        for citation in event.citations:
            ids = ", ".join(citation.ids or [citation.id])
            console.print(f"  [{citation.index}] {citation.title} ({ids})", markup=False, highlight=False)
    meta = event.metadata
    figures = []
    # A declined answer has no claims: coverage 0.00 and an empty verification would describe an answer not given.
    if not meta.get("declined"):
        if "coverage" in meta:
            figures.append(f"покрытие цитатами {_figure(meta.get('coverage'))}")
        claims = meta.get("claims") or []
        if claims:  # what verify found, said plainly: a mean score reads like a probability it is not
            supported = sum(1 for claim in claims if claim.get("supported"))
            figures.append(f"подтверждено в базе знаний {supported} из {len(claims)} утверждений")
            if meta.get("removed_claims"):  # the research agent shows only supported claims
                figures.append(f"не показано неподтверждённых: {len(meta['removed_claims'])}")
        elif "confidence" in meta:
            figures.append(f"уверенность проверки {_figure(meta.get('confidence'))}")
    if "refinements" in meta:
        figures.append(f"уточнений {meta['refinements']}")
    if "steps" in meta:
        figures.append(f"шагов {meta['steps']}")
    if meta.get("fallback"):
        figures.append(f"ответ через {meta['fallback']}")
    if meta.get("cached"):
        figures.append("из кэша")
    if figures:
        console.print()
        console.print(" · ".join(figures), style="dim", markup=False, highlight=False)


async def render_stream(
    events: AsyncIterator[AgentStepEvent], console: Console, *, show_steps: bool = True, banner: str | None = None
) -> FinalEvent | ErrorEvent | None:
    """Render a whole stream live; returns its terminal event (``None`` if the stream ended without one)."""
    renderer = StepRenderer(console, show_steps)
    if banner:
        console.print(banner, style="dim", markup=False, highlight=False)
    renderer.start()
    last: FinalEvent | ErrorEvent | None = None
    try:
        async for event in events:
            renderer.handle(event)
            if isinstance(event, FinalEvent | ErrorEvent):
                last = event
    finally:
        renderer.stop()
        closer = getattr(events, "aclose", None)
        if closer is not None:
            with contextlib.suppress(Exception):
                await closer()
    if last is not None:
        render_final(console, last)
    return last
