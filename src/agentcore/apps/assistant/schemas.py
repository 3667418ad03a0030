"""Structured outputs the assistant asks the LLM for (steps 2 and 3 of seed 000)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class IntentVerdict(BaseModel):
    """Решение: относится ли запрос пользователя к функционалу агента (база знаний или хайку)."""

    relevant: bool = Field(description="true, если запрос — вопрос по базе знаний или просьба сочинить хайку")
    reason: str = Field("", description="Краткое обоснование")


class ToolSelection(BaseModel):
    """Выбор инструмента и его параметров; tool_name = null, если инструмент определить нельзя."""

    tool_name: str | None = Field(
        None, description="rag_search (вопрос по базе знаний) или generate_haiku (хайку на тему), либо null"
    )
    parameters: dict[str, Any] = Field(
        default_factory=dict,
        description='Для rag_search: {"question": "..."}; для generate_haiku: {"theme": "..."}',
    )
