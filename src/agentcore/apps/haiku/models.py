"""Data of the Haiku service: the composed haiku and the HTTP payloads of seed 000 (Шаг 5, 2.2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from agentcore.apps.haiku.syllables import count_line_syllables, count_words

TARGET_SYLLABLES: tuple[int, int, int] = (5, 7, 5)

Source = Literal["offline", "llm"]


@dataclass(frozen=True)
class Haiku:
    """Three lines and their syllable counts *as counted* by :mod:`agentcore.apps.haiku.syllables`.

    Attributes:
        lines: the lines, without line breaks inside.
        syllables_per_line: the counted syllables of each line (never assumed).
        source: ``"offline"`` (rule-based composer) or ``"llm"``.
        theme_word: the theme's word(s) as placed in the text (offline composer), ``None`` when not placed or
            unknown (LLM).
        attempts: model calls made (LLM composer); 1 for the offline composer.
    """

    lines: tuple[str, ...]
    syllables_per_line: tuple[int, ...]
    source: Source
    theme_word: str | None = None
    attempts: int = 1

    @classmethod
    def from_lines(
        cls, lines: Sequence[str], *, source: Source, theme_word: str | None = None, attempts: int = 1
    ) -> Haiku:
        """Build from lines, counting their syllables."""
        clean = tuple(lines)
        return cls(
            lines=clean,
            syllables_per_line=tuple(count_line_syllables(line) for line in clean),
            source=source,
            theme_word=theme_word,
            attempts=attempts,
        )

    @property
    def text(self) -> str:
        """The lines joined with ``\\n``."""
        return "\n".join(self.lines)

    @property
    def total_words(self) -> int:
        """Words in the whole haiku (see :func:`agentcore.apps.haiku.syllables.count_words`)."""
        return count_words(self.text)

    @property
    def is_575(self) -> bool:
        """True when the counted syllables are exactly 5-7-5."""
        return self.syllables_per_line == TARGET_SYLLABLES

    def to_response(self) -> HaikuResponse:
        """The seed's response body."""
        return HaikuResponse(
            haiku_text=self.text,
            syllables_per_line=list(self.syllables_per_line),
            total_words=self.total_words,
        )


class HaikuResponse(BaseModel):
    """``POST /generate_haiku`` answer, exactly as seed 000 specifies."""

    haiku_text: str = Field(description="текст хайку, строки через \\n")
    syllables_per_line: list[int] = Field(description="число слогов по строкам хайку")
    total_words: int = Field(description="общее число слов в хайку")
