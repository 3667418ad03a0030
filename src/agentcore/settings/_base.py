"""What every settings section shares: where values come from, how secrets are found.

A section is a :class:`pydantic_settings.BaseSettings`: each field is read from the environment — first
``AGENTCORE_<NAME>``, then the name a seed or an official SDK gives it (``EXIT_COMMANDS``, ``GIGACHAT_CREDENTIALS``,
``OPENAI_API_BASE``, ...) — or from a ``.env`` file in the working directory; keyword arguments win over both.
Secrets are :class:`pydantic.SecretStr` fields: they print as ``**********`` and :meth:`Section.secret_values` finds
them by their type, so a new secret needs no list to be kept.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from pydantic import AliasChoices, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Section", "env", "token_list"]

S = TypeVar("S", bound="Section")


class _Root(Protocol):
    def section_of(self, cls: type[S]) -> S: ...


def env(name: str, *aliases: str) -> Any:
    """The names a field is read from: ``AGENTCORE_<NAME>`` first, then ``<NAME>`` (the seed's or SDK's) and
    ``aliases``.  ``<NAME>`` lower-cased is also the field's flat name on the root settings (library sections only)."""
    return AliasChoices(f"AGENTCORE_{name}", name, *aliases)


def token_list(value: SecretStr | None) -> list[str]:
    """The comma-separated items of a secret (tokens), empty when unset."""
    if value is None:
        return []
    return [t.strip() for t in value.get_secret_value().split(",") if t.strip()]


class Section(BaseSettings):
    """Base of every settings section (see the module docstring)."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
        validate_default=True,
        validate_assignment=True,
    )

    @classmethod
    def of(cls: type[S], settings: _Root) -> S:
        """This section of the root ``settings`` (``CrmSettings.of(settings)``)."""
        return settings.section_of(cls)

    def secret_values(self) -> list[str]:
        """Every configured secret of this section in plain text (each ``SecretStr`` field: the whole value and its
        comma-separated items), for log and trace redaction."""
        values: list[str] = []
        for name in type(self).model_fields:
            value = getattr(self, name)
            if isinstance(value, SecretStr) and value.get_secret_value():
                whole = value.get_secret_value()
                values.append(whole)
                values.extend(item for item in token_list(value) if item != whole)
        return values
