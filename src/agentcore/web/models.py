"""Building blocks for request bodies: strict models and text types whose constraints show in the schema."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

__all__ = ["NON_BLANK_PATTERN", "NonBlankText", "StrictModel", "Text", "text_type"]

NON_BLANK_PATTERN = r"\S"
"""JSON Schema ``pattern`` of non-blank text (unanchored: at least one character that is not a space)."""


def _encodable(value: str) -> str:
    """Reject text that cannot be UTF-8 (lone surrogates from a JSON ``\\ud800`` escape)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("текст содержит недопустимые символы (непарные суррогаты)") from None
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("не может быть пустым или состоять из одних пробелов")
    return value


Text = Annotated[str, AfterValidator(_encodable)]
"""A string that is valid Unicode text (no lone surrogates)."""

NonBlankText = Annotated[
    str, AfterValidator(_encodable), AfterValidator(_not_blank), Field(json_schema_extra={"pattern": NON_BLANK_PATTERN})
]
""":data:`Text` with at least one non-space character (declared as ``pattern: \\S``; the check answers in Russian
instead of with a regex mismatch)."""


def text_type(
    *,
    min_length: int | None = None,
    max_length: int | None = None,
    non_blank: bool = False,
    pattern: str | None = None,
    check: Any = None,
    description: str | None = None,
) -> Any:
    """A text type with its limits checked first (cheap, before any validator sees a long value) and declared in
    the schema — for bodies whose limits come from settings (``create_model`` or a class body).

    Args:
        min_length / max_length: characters.
        non_blank: at least one non-space character (schema ``pattern: \\S``).
        pattern: a JSON Schema ``pattern`` to declare; ``check`` (a function ``str -> str`` raising ``ValueError``
            with a Russian message) enforces it, so the message stays readable.
        check: an extra validator run last.
        description: the field's description in the schema.
    """
    metadata: list[Any] = [StringConstraints(min_length=min_length, max_length=max_length), AfterValidator(_encodable)]
    schema_extra: dict[str, Any] = {}
    if non_blank:
        metadata.append(AfterValidator(_not_blank))
        schema_extra["pattern"] = NON_BLANK_PATTERN
    if pattern is not None:
        schema_extra["pattern"] = pattern
    if check is not None:
        metadata.append(AfterValidator(check))
    metadata.append(Field(description=description, json_schema_extra=schema_extra or None))
    return Annotated[(str, *metadata)]


class StrictModel(BaseModel):
    """Base class of request bodies: no type coercion (``true`` is not ``1``, ``"5"`` is not ``5``) and unknown
    fields rejected, so a typo in a field name is an error instead of a silently ignored option."""

    model_config = ConfigDict(strict=True, extra="forbid")
