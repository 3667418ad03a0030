"""The root :class:`Settings`: the library's sections, and each app's section built when the app first reads it.

============= ==================================================== =======================================
section       class                                                built
============= ==================================================== =======================================
``core``      :class:`~agentcore.settings.core.CoreSettings`        with the root
``llm``       :class:`~agentcore.settings.llm.LLMSettings`          with the root
``rag``       :class:`~agentcore.settings.rag.RagSettings`          with the root
``http``      :class:`~agentcore.settings.http.HttpSettings`        with the root
each app      ``agentcore/apps/<name>/settings.py``                 on first use (``XSettings.of(settings)``):
              (:data:`APP_SECTIONS`)                                an app's package loads only when it runs
============= ==================================================== =======================================

Flat names.  Every field also has a *flat name*: its variable name without ``AGENTCORE_``, lower-cased
(``crm_mode`` for ``CRM_MODE`` → ``settings.crm.mode``).  ``Settings(crm_mode="full")``, ``settings.crm_mode``,
``settings.crm_mode = ...`` and ``settings.model_copy(update={"crm_mode": ...})`` keep working for code written
against the one flat settings object of before; new code takes the section it needs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import AliasChoices

from agentcore.settings._base import Section, token_list
from agentcore.settings.core import CoreSettings
from agentcore.settings.http import HttpSettings
from agentcore.settings.llm import LLMSettings
from agentcore.settings.rag import RagSettings

__all__ = ["APP_SECTIONS", "LIBRARY_SECTIONS", "Settings", "flat_names", "get_settings"]

S = TypeVar("S", bound=Section)

LIBRARY_SECTIONS: Mapping[str, type[Section]] = {
    "core": CoreSettings,
    "llm": LLMSettings,
    "rag": RagSettings,
    "http": HttpSettings,
}

APP_SECTIONS: Mapping[str, str] = {
    "assistant": "agentcore.apps.assistant.settings:AssistantSettings",
    "haiku": "agentcore.apps.haiku.settings:HaikuSettings",
    "research": "agentcore.apps.research.settings:ResearchSettings",
    "scrum": "agentcore.apps.scrum.settings:ScrumSettings",
    "crm": "agentcore.apps.crm.settings:CrmSettings",
}
"""App name → its section class (``module:class``), imported on first use."""

# Flat name → field of each app section, so a flat name routes without importing the app
# (tests/test_settings.py checks this table against the section classes).
_APP_FLAT: Mapping[str, tuple[str, str]] = {
    "context_hist_limit": ("assistant", "context_hist_limit"),
    "message_max_chars": ("assistant", "message_max_chars"),
    "param_question_maxlen": ("assistant", "param_question_maxlen"),
    "rag_service_url": ("assistant", "rag_service_url"),
    "service_timeout": ("assistant", "service_timeout"),
    "chat_verbose": ("assistant", "chat_verbose"),
    "param_theme_maxlen": ("haiku", "theme_maxlen"),
    "haiku_service_url": ("haiku", "service_url"),
    "agent_max_steps": ("research", "agent_max_steps"),
    "agent_default_steps": ("research", "agent_default_steps"),
    "agent_token_budget": ("research", "agent_token_budget"),
    "agent_max_tokens": ("research", "agent_max_tokens"),
    "agent_tool_timeout": ("research", "agent_tool_timeout"),
    "agent_run_deadline": ("research", "agent_run_deadline"),
    "coverage_threshold": ("research", "coverage_threshold"),
    "max_refinements": ("research", "max_refinements"),
    "enable_verify_step": ("research", "enable_verify_step"),
    "verify_min_confidence": ("research", "verify_min_confidence"),
    "research_cache_ttl": ("research", "cache_ttl"),
    "research_cache_size": ("research", "cache_size"),
    "scrum_webhook_url": ("scrum", "webhook_url"),
    "scrum_retry_count": ("scrum", "retry_count"),
    "scrum_quality_retries": ("scrum", "quality_retries"),
    "scrum_max_clarifications": ("scrum", "max_clarifications"),
    "scrum_demo": ("scrum", "demo"),
    "scrum_team": ("scrum", "team"),
    "telegram_bot_token": ("scrum", "telegram_bot_token"),
    "telegram_api_base": ("scrum", "telegram_api_base"),
    "telegram_webhook_secret": ("scrum", "telegram_webhook_secret"),
    "bitrix_webhook_url": ("crm", "bitrix_webhook_url"),
    "bitrix_domain": ("crm", "bitrix_domain"),
    "bitrix_access_token": ("crm", "bitrix_access_token"),
    "bitrix_refresh_token": ("crm", "bitrix_refresh_token"),
    "bitrix_client_id": ("crm", "bitrix_client_id"),
    "bitrix_client_secret": ("crm", "bitrix_client_secret"),
    "bitrix_oauth_url": ("crm", "bitrix_oauth_url"),
    "bitrix_timeout": ("crm", "bitrix_timeout"),
    "bitrix_max_retries": ("crm", "bitrix_max_retries"),
    "bitrix_retry_max_time": ("crm", "bitrix_retry_max_time"),
    "crm_mode": ("crm", "mode"),
    "crm_model": ("crm", "model"),
    "crm_confirmation_ttl": ("crm", "confirmation_ttl"),
    "crm_log_max_bytes": ("crm", "log_max_bytes"),
    "crm_log_keep": ("crm", "log_keep"),
    "crm_session_ttl": ("crm", "session_ttl"),
    "http_api_tokens": ("crm", "http_api_tokens"),
    "crm_key_users": ("crm", "key_users"),
    "crm_turn_deadline": ("crm", "turn_deadline"),
}


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

_OWN = frozenset({*LIBRARY_SECTIONS, "_apps", "_app_values", "_secret_sinks"})


def _target(name: str) -> tuple[str, str] | None:
    key = name.lower()
    return _LIBRARY_FLAT.get(key) or _APP_FLAT.get(key)


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
    """All configuration: ``settings.core``, ``.llm``, ``.rag``, ``.http``, and each app's section
    (:meth:`section`).  Read from the environment and ``.env``; keyword arguments win (flat names or sections)."""

    core: CoreSettings
    llm: LLMSettings
    rag: RagSettings
    http: HttpSettings

    def __init__(self, **values: Any) -> None:
        """Keyword arguments: a section by name (instance or dict of its fields) or any flat name; a name that is
        neither is ignored, as the flat settings of before ignored it.

        Raises:
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
                continue
            routed.setdefault(target[0], {})[target[1]] = value
        for name, cls in LIBRARY_SECTIONS.items():
            object.__setattr__(self, name, _section_of(cls, given.get(name), routed.get(name, {})))
        app_values = {name: (given.get(name), routed.get(name, {})) for name in APP_SECTIONS}
        object.__setattr__(self, "_app_values", app_values)
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
            given, values = self.__dict__["_app_values"][name]
            built = _section_of(_app_section_class(name), given, values)
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
        """A flat name (``settings.crm_mode``) reads its section's field."""
        if name.startswith("__") or name in _OWN:
            raise AttributeError(name)
        target = _target(name)
        if target is None:
            raise AttributeError(f"'Settings' object has no attribute {name!r}")
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
            raise AttributeError(f"'Settings' object has no setting {name!r}")
        setattr(self.section(target[0]), target[1], value)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Settings:
        """A copy with its own sections; ``update`` (flat names or sections) is applied without validation, as
        pydantic's ``model_copy`` does."""
        copy = object.__new__(Settings)
        for name in LIBRARY_SECTIONS:
            object.__setattr__(copy, name, getattr(self, name).model_copy(deep=deep))
        object.__setattr__(copy, "_apps", {n: s.model_copy(deep=deep) for n, s in self.__dict__["_apps"].items()})
        object.__setattr__(copy, "_app_values", {n: (g, dict(v)) for n, (g, v) in self.__dict__["_app_values"].items()})
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
            raise TypeError(f"Settings has no setting {key!r}")
        section, field = target
        if section in LIBRARY_SECTIONS or section in self.__dict__["_apps"]:
            current = self.section(section)
            updated = current.model_copy(update={field: value})
            self._update(section, updated)
        else:
            self.__dict__["_app_values"][section][1][field] = value

    @property
    def model_fields_set(self) -> set[str]:
        """Flat names of the settings given explicitly (arguments, environment, ``.env``) in the built sections."""
        names: set[str] = set()
        for section_name, section in self.loaded_sections().items():
            for field in section.model_fields_set:
                names.update(
                    flat
                    for flat, target in {**_LIBRARY_FLAT, **_APP_FLAT}.items()
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

    @property
    def api_token_list(self) -> list[str]:
        """The ``X-API-Key`` values ``POST /chat`` accepts (``HTTP_API_TOKENS``, comma-separated)."""
        return token_list(self.http_api_tokens)

    def __repr__(self) -> str:
        sections = ", ".join(f"{name}={section!r}" for name, section in self.loaded_sections().items())
        return f"Settings({sections})"


def iter_flat_names() -> Iterable[str]:
    """Every flat name (without the ``agentcore_`` spellings)."""
    return sorted(n for n in {**_LIBRARY_FLAT, **_APP_FLAT} if not n.startswith("agentcore_"))


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once from the environment.

    Tests that change the environment call ``get_settings.cache_clear()`` (or pass a ``Settings`` explicitly).
    """
    return Settings()
