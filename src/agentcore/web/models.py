"""Building blocks for request bodies: strict models and text that can be encoded."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict

__all__ = ["StrictModel", "Text"]


def _encodable(value: str) -> str:
    """Reject text that cannot be UTF-8 (lone surrogates from a JSON ``\\ud800`` escape)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("текст содержит недопустимые символы (непарные суррогаты)") from None
    return value


Text = Annotated[str, AfterValidator(_encodable)]
"""A string that is valid Unicode text (no lone surrogates)."""


class StrictModel(BaseModel):
    """Base class of request bodies: no type coercion (``true`` is not ``1``, ``"5"`` is not ``5``) and unknown
    fields rejected, so a typo in a field name is an error instead of a silently ignored option."""

    model_config = ConfigDict(strict=True, extra="forbid")
