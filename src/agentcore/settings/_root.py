"""The root :class:`Settings`: the library's sections, and each app's section built when the app first reads it.

============= ==================================================== =======================================
section       class                                                built
============= ==================================================== =======================================
``core``      :class:`~agentcore.settings.core.CoreSettings`        with the root
``llm``       :class:`~agentcore.settings.llm.LLMSettings`          with the root
``rag``       :class:`~agentcore.settings.rag.RagSettings`          with the root
``http``      :class:`~agentcore.settings.http.HttpSettings`        with the root
``services``  :class:`~agentcore.settings.services.ServicesSettings` with the root
each app      ``agentcore/apps/<name>/settings.py``                 on first use (``XSettings.of(settings)``):
              (:data:`APP_SECTIONS`)                                an app's package loads only when it runs
============= ==================================================== =======================================

An app's settings are given by section: ``Settings(crm=CrmSettings(mode="full"))`` (or ``crm={"mode": "full"}``)
and read as ``CrmSettings.of(settings).mode``; every variable name (``CRM_MODE``, ``AGENTCORE_CRM_MODE``) and
``.env`` keep working, since the section reads them itself.

Flat names.  A field of a library section also has a *flat name*: its variable name without ``AGENTCORE_``,
lower-cased (``rag_collection`` for ``AGENTCORE_RAG_COLLECTION`` → ``settings.rag.collection``).
``Settings(rag_collection="hr")``, ``settings.rag_collection`` and ``settings.model_copy(update={...})`` accept them;
an app's fields have none (the root would have to know every app's fields), and new code takes the section it needs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import AliasChoices

from agentcore.settings._base import Section
from agentcore.settings.core import CoreSettings
from agentcore.settings.http import HttpSettings
from agentcore.settings.llm import LLMSettings
from agentcore.settings.rag import RagSettings
from agentcore.settings.services import ServicesSettings

__all__ = ["APP_SECTIONS", "LIBRARY_SECTIONS", "Settings", "flat_names", "get_settings"]

S = TypeVar("S", bound=Section)

LIBRARY_SECTIONS: Mapping[str, type[Section]] = {
    "core": CoreSettings,
    "llm": LLMSettings,
    "rag": RagSettings,
    "http": HttpSettings,
    "services": ServicesSettings,
}

APP_SECTIONS: Mapping[str, str] = {
    "assistant": "agentcore.apps.assistant.settings:AssistantSettings",
    "research": "agentcore.apps.research.settings:ResearchSettings",
    "scrum": "agentcore.apps.scrum.settings:ScrumSettings",
    "crm": "agentcore.apps.crm.settings:CrmSettings",
}
"""App name → its section class (``module:class``), imported on first use."""


def flat_names(section: str, cls: type[Section]) -> dict[str, tuple[str, str]]:
    """Flat name → ``(section, field)`` for every field of ``cls``: each of its variable names lower-cased
    (``agentcore_crm_mode``, ``crm_mode``), and the field's own name when it is not another field's flat name."""
    names: dict[str, tuple[str, str]] = {}
    for field_name, info in cls.model_fields.items():
        alias = info.validation_alias
        choices = alias.choices if isinstance(alias, AliasChoices) else [alias or field_name]
        for choice in choices:
            if isinstance(choice, str):
                names[choice.lower()] = (section, field_name)
    return names


_LIBRARY_FLAT: dict[str, tuple[str, str]] = {}
for _name, _cls in LIBRARY_SECTIONS.items():
    _LIBRARY_FLAT.update(flat_names(_name, _cls))
_LIBRARY_FLAT["log_dir_override"] = ("core", "log_dir_override")  # the flat field's own name, used by tests

_OWN = frozenset({*LIBRARY_SECTIONS, "_apps", "_app_given", "_secret_sinks"})


def _target(name: str) -> tuple[str, str] | None:
    return _LIBRARY_FLAT.get(name.lower())


def _unknown(name: str) -> str:
    return (
        f"Settings has no setting {name!r}: an app's setting is given and read by its section "
        f"(Settings(crm=CrmSettings(mode=...)), CrmSettings.of(settings).mode)"
    )


def _section_of(cls: type[S], given: Any, values: Mapping[str, Any]) -> S:
    """Build a section: ``given`` is an instance, a dict of field values or None; ``values`` (by field name) win."""
    if isinstance(given, cls) and not values:
        return given
    base: dict[str, Any] = {}
    if isinstance(given, Section):
        base = {name: getattr(given, name) for name in given.model_fields_set}
    elif isinstance(given, Mapping):
        base = dict(given)
    elif given is not None:
        raise TypeError(f"section {cls.__name__} expects {cls.__name__} or a dict, got {type(given).__name__}")
    return cls(**{**base, **values})


def _app_section_class(name: str) -> type[Section]:
    module, _, attribute = APP_SECTIONS[name].partition(":")
    cls: type[Section] = getattr(importlib.import_module(module), attribute)
    return cls


class Settings:
    """All configuration: ``settings.core``, ``.llm``, ``.rag``, ``.http``, ``.services``, and each app's section
    (:meth:`section`, ``XSettings.of(settings)``).  Read from the environment and ``.env``; keyword arguments win
    (sections, or a library section's flat names)."""

    core: CoreSettings
    llm: LLMSettings
    rag: RagSettings
    http: HttpSettings
    services: ServicesSettings

    def __init__(self, **values: Any) -> None:
        """Keyword arguments: a section by name (instance or dict of its fields) or a library section's flat name.

        Raises:
            TypeError: a name that is neither (an app's setting goes in its section: ``crm=CrmSettings(mode=...)``).
            pydantic.ValidationError: a value (given or from the environment) is invalid.
        """
        given: dict[str, Any] = {}
        routed: dict[str, dict[str, Any]] = {}
        for key, value in values.items():
            if key in LIBRARY_SECTIONS or key in APP_SECTIONS:
                given[key] = value
                continue
            target = _target(key)
            if target is None:
                raise TypeError(_unknown(key))
            routed.setdefault(target[0], {})[target[1]] = value
        for name, cls in LIBRARY_SECTIONS.items():
            object.__setattr__(self, name, _section_of(cls, given.get(name), routed.get(name, {})))
        # An app's section as given (instance, dict or None), built on first use.
        object.__setattr__(self, "_app_given", {name: given.get(name) for name in APP_SECTIONS})
        object.__setattr__(self, "_apps", {})
        object.__setattr__(self, "_secret_sinks", [])

    # --- sections ----------------------------------------------------------------------------------------------

    def section(self, name: str) -> Section:
        """The section called ``name`` (an app's is built on first use, from the environment and the arguments).

        Raises:
            KeyError: no such section.
            pydantic.ValidationError: the app's section has an invalid value.
        """
        if name in LIBRARY_SECTIONS:
            section: Section = getattr(self, name)
            return section
        apps: dict[str, Section] = self.__dict__["_apps"]
        built = apps.get(name)
        if built is None:
            built = _section_of(_app_section_class(name), self.__dict__["_app_given"][name], {})
            apps[name] = built
            for sink in self.__dict__["_secret_sinks"]:
                sink(built.secret_values())
        return built

    def section_of(self, cls: type[S]) -> S:
        """The section of type ``cls`` (typed access for an app: ``CrmSettings.of(settings)`` calls this)."""
        name = next((n for n, c in LIBRARY_SECTIONS.items() if c is cls), None)
        if name is None:
            name = next((n for n, ref in APP_SECTIONS.items() if ref.endswith(f":{cls.__name__}")), None)
        if name is None:
            raise KeyError(f"{cls.__name__} is not a section of Settings")
        section = self.section(name)
        if not isinstance(section, cls):
            raise TypeError(f"section {name!r} is {type(section).__name__}, not {cls.__name__}")
        return section

    def loaded_sections(self) -> dict[str, Section]:
        """The sections built so far (the library's always, an app's once used)."""
        return {**{name: getattr(self, name) for name in LIBRARY_SECTIONS}, **self.__dict__["_apps"]}

    # --- secrets -----------------------------------------------------------------------------------------------

    def secret_values(self) -> list[str]:
        """Every configured secret of the sections built so far, in plain text, for log and trace redaction.

        An app's section registers its secrets when it is built (see :meth:`watch_secrets`), before any of its code
        reads them.
        """
        return [value for section in self.loaded_sections().values() for value in section.secret_values()]

    def watch_secrets(self, sink: Callable[[list[str]], None]) -> None:
        """Call ``sink`` with the secrets of every app section built from now on (once per sink)."""
        sinks: list[Callable[[list[str]], None]] = self.__dict__["_secret_sinks"]
        if sink not in sinks:
            sinks.append(sink)

    # --- the flat names of before ------------------------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        """A library section's flat name (``settings.rag_collection``) reads its section's field."""
        if name.startswith("__") or name in _OWN:
            raise AttributeError(name)
        target = _target(name)
        if target is None:
            raise AttributeError(_unknown(name))
        return getattr(self.section(target[0]), target[1])

    def __setattr__(self, name: str, value: Any) -> None:
        """A flat name sets its section's field (validated); a section is replaced whole."""
        if name in LIBRARY_SECTIONS:
            if not isinstance(value, LIBRARY_SECTIONS[name]):
                raise TypeError(f"{name} must be {LIBRARY_SECTIONS[name].__name__}")
            object.__setattr__(self, name, value)
            return
        target = _target(name)
        if target is None:
            raise AttributeError(_unknown(name))
        setattr(self.section(target[0]), target[1], value)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Settings:
        """A copy with its own sections; ``update`` (flat names or sections) is applied without validation, as
        pydantic's ``model_copy`` does."""
        copy = object.__new__(Settings)
        for name in LIBRARY_SECTIONS:
            object.__setattr__(copy, name, getattr(self, name).model_copy(deep=deep))
        object.__setattr__(copy, "_apps", {n: s.model_copy(deep=deep) for n, s in self.__dict__["_apps"].items()})
        object.__setattr__(copy, "_app_given", dict(self.__dict__["_app_given"]))
        object.__setattr__(copy, "_secret_sinks", list(self.__dict__["_secret_sinks"]))
        for key, value in (update or {}).items():
            copy._update(key, value)
        return copy

    def _update(self, key: str, value: Any) -> None:
        if key in LIBRARY_SECTIONS:
            object.__setattr__(self, key, value)
            return
        if key in APP_SECTIONS:
            self.__dict__["_apps"][key] = value
            return
        target = _target(key)
        if target is None:
            raise TypeError(_unknown(key))
        section, field = target
        self._update(section, self.section(section).model_copy(update={field: value}))

    @property
    def model_fields_set(self) -> set[str]:
        """Flat names of the settings given explicitly (arguments, environment, ``.env``) in the built sections."""
        names: set[str] = set()
        for section_name, section in self.loaded_sections().items():
            for field in section.model_fields_set:
                names.update(
                    flat
                    for flat, target in _LIBRARY_FLAT.items()
                    if target == (section_name, field) and not flat.startswith("agentcore_")
                )
        return names

    # --- derived values ----------------------------------------------------------------------------------------

    @property
    def log_dir(self) -> Path:
        """Directory for log files and traces (``AGENTCORE_LOG_DIR`` or ``<data_dir>/logs``)."""
        return self.core.log_dir

    @property
    def chat_model(self) -> str:
        """The chat model the configured provider should use when a request names none."""
        return self.llm.chat_model

    @property
    def embedding_model(self) -> str:
        """The embedding model the configured provider should use when a request names none."""
        return self.llm.embedding_model

    @property
    def admin_token_list(self) -> list[str]:
        """The admin tokens (``AGENTCORE_ADMIN_TOKENS``, comma-separated), empty when unset."""
        return self.http.admin_token_list

    @property
    def read_token_list(self) -> list[str]:
        """The read tokens (``AGENTCORE_READ_TOKENS``, comma-separated), empty when unset (read routes open)."""
        return self.http.read_token_list

    def __repr__(self) -> str:
        sections = ", ".join(f"{name}={section!r}" for name, section in self.loaded_sections().items())
        return f"Settings({sections})"


def iter_flat_names() -> Iterable[str]:
    """Every flat name (without the ``agentcore_`` spellings)."""
    return sorted(n for n in _LIBRARY_FLAT if not n.startswith("agentcore_"))


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once from the environment.

    Tests that change the environment call ``get_settings.cache_clear()`` (or pass a ``Settings`` explicitly).
    """
    return Settings()
