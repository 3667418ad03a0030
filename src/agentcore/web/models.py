"""Building blocks for request bodies: strict models and text types whose constraints show in the schema."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints

__all__ = [
    "NON_BLANK_PATTERN",
    "SPACE_CLASS",
    "Integer",
    "NonBlankText",
    "StrictModel",
    "Text",
    "encodable",
    "integer_type",
    "text_type",
]

SPACE_CLASS = r"\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
r"""The characters Python's ``str.strip()`` removes, for a regex character class.

Patterns spell them out instead of using ``\s``: ``\s`` means different sets in Python, ECMAScript (JSON Schema
tools) and Rust (pydantic), and a pattern must mean the same to a client, to the schema and to the check."""

NON_BLANK_PATTERN = f"[^{SPACE_CLASS}]"
"""JSON Schema ``pattern`` of non-blank text (unanchored: at least one character ``strip()`` keeps)."""


def encodable(value: str) -> str:
    """Reject text that cannot be UTF-8 (lone surrogates from a JSON ``\\ud800`` escape); the check of :data:`Text`,
    for an ``Annotated`` chain that sets its own limits first."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("текст содержит недопустимые символы (непарные суррогаты)") from None
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("не может быть пустым или состоять из одних пробелов")
    return value


def _integral(value: object) -> object:
    # JSON Schema counts 14.0 as an integer; strict validation alone would refuse it.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Integer = Annotated[int, BeforeValidator(_integral)]
"""A strict integer (``true`` and ``"5"`` refused) that also takes ``14.0``, as JSON Schema's ``integer`` does."""


def integer_type(*, ge: int | None = None, le: int | None = None) -> Any:
    """:data:`Integer` with bounds checked and declared (``minimum``/``maximum``) — bounds from settings."""
    return Annotated[int, Field(ge=ge, le=le), BeforeValidator(_integral)]


Text = Annotated[str, AfterValidator(encodable)]
"""A string that is valid Unicode text (no lone surrogates)."""

NonBlankText = Annotated[
    str, AfterValidator(encodable), AfterValidator(_not_blank), Field(json_schema_extra={"pattern": NON_BLANK_PATTERN})
]
""":data:`Text` with at least one non-space character (declared as :data:`NON_BLANK_PATTERN`; the check answers
in Russian instead of with a regex mismatch)."""


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
        non_blank: at least one non-space character (schema ``pattern`` :data:`NON_BLANK_PATTERN`).
        pattern: a JSON Schema ``pattern`` to declare; ``check`` (a function ``str -> str`` raising ``ValueError``
            with a Russian message) enforces it, so the message stays readable.
        check: an extra validator run last.
        description: the field's description in the schema.
    """
    metadata: list[Any] = [StringConstraints(min_length=min_length, max_length=max_length), AfterValidator(encodable)]
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
