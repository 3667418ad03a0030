"""The root settings and its sections: every variable name of before still works (environment, ``.env``), an app's
settings are given and read by section (no flat app names), secrets are found by type, an app's section loads only
when the app runs."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr, ValidationError

from agentcore.settings import APP_SECTIONS, LIBRARY_SECTIONS, Section, Settings
from agentcore.settings._root import _app_section_class, flat_names

# Every setting of the one flat Settings object of before: its env names, default, whether it is a secret.
GOLDEN: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "settings_flat_names.json").read_text(encoding="utf-8")
)


def _all_sections() -> list[tuple[str, type[Section]]]:
    return [*LIBRARY_SECTIONS.items(), *((n, _app_section_class(n)) for n in APP_SECTIONS)]


def _field_info(flat: str) -> tuple[str, str, Any]:
    """(section, field, field info) of the setting whose variable is ``GOLDEN[flat]["env"][0]``."""
    variable = GOLDEN[flat]["env"][0].lower()
    for section, cls in _all_sections():
        target = flat_names(section, cls).get(variable)
        if target is not None:
            return section, target[1], cls.model_fields[target[1]]
    raise AssertionError(f"no section reads {variable.upper()}")


def _read(settings: Settings, flat: str) -> Any:
    section, field, _ = _field_info(flat)
    return _plain(getattr(settings.section(section), field))


def _candidate(flat: str) -> tuple[str, Any]:
    """A valid value for ``flat`` other than its default: (text for the environment, expected value)."""
    _, _, info = _field_info(flat)
    default = info.get_default(call_default_factory=True)
    kind = info.annotation
    if typing.get_origin(kind) not in (typing.Literal, frozenset) and typing.get_args(kind):
        kind = next(a for a in typing.get_args(kind) if a is not type(None))
    if typing.get_origin(kind) is typing.Literal:
        choice = next(c for c in typing.get_args(kind) if c != default)
        return choice, choice
    if kind is bool:
        return ("false", False) if default else ("true", True)
    if kind is int:
        return str(default + 1), default + 1
    if kind is float:
        value = default / 2 if default else 0.3
        return str(value), value
    if kind is SecretStr:
        return "s3cr3t-value-for-tests", "s3cr3t-value-for-tests"
    if kind is Path:
        return "/tmp/agentcore-settings-test", Path("/tmp/agentcore-settings-test")
    if typing.get_origin(kind) is frozenset:
        return "один,Два", frozenset({"один", "два"})
    if isinstance(default, str) and default.startswith(("http://", "https://")):
        return "http://value-for-tests:8000/v1", "http://value-for-tests:8000/v1"  # an address is checked as one
    return "value-for-tests", "value-for-tests"


def _plain(value: Any) -> Any:
    return value.get_secret_value() if isinstance(value, SecretStr) else value


@pytest.mark.parametrize("flat", sorted(GOLDEN))
def test_every_setting_of_before_keeps_its_names(flat: str, monkeypatch: pytest.MonkeyPatch) -> None:
    names = GOLDEN[flat]["env"]
    text, expected = _candidate(flat)
    default = GOLDEN[flat]["default"]
    if default not in ("<factory>", "<secret>"):
        value = _read(Settings(), flat)
        assert (sorted(value) if isinstance(value, frozenset) else value) == default
    for name in names:
        monkeypatch.setenv(name, text)
        assert _read(Settings(), flat) == expected, name
        monkeypatch.delenv(name)
    section, field, _ = _field_info(flat)
    assert _read(Settings(**{section: {field: expected}}), flat) == expected


@pytest.mark.parametrize("flat", sorted(f for f in GOLDEN if GOLDEN[f]["secret"]))
def test_secrets_are_found_by_type(flat: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GOLDEN[flat]["env"][1], "first-secret-token,second-secret-token")
    settings = Settings()
    section, _, _ = _field_info(flat)
    settings.section(section)
    assert {"first-secret-token", "second-secret-token"} <= set(settings.secret_values())
    assert "first-secret-token" not in repr(settings)


# One variable of every section, seed and SDK names among them, as a user's .env holds them.
DOT_ENV = {
    "core": ("AGENTCORE_LOG_LEVEL", "WARNING", "log_level", "WARNING"),
    "llm": ("AGENTCORE_PROVIDER", "gigachat", "provider", "gigachat"),
    "rag": ("PARAM_RAG_TOP_K", "5", "top_k", 5),
    "http": ("AGENTCORE_MAX_BODY_BYTES", "4096", "max_body_bytes", 4096),
    "services": ("PARAM_THEME_MAXLEN", "12", "haiku_theme_maxlen", 12),
    "assistant": ("CONTEXT_HIST_LIMIT", "4", "context_hist_limit", 4),
    "research": ("AGENTCORE_RESEARCH_CACHE_TTL", "7.5", "cache_ttl", 7.5),
    "scrum": ("SCRUM_TEAM", "core-team", "team", "core-team"),
    "crm": ("CRM_MODE", "full", "mode", "full"),
}


def test_dot_env_file_is_read_for_every_section(data_dir: Path) -> None:
    assert set(DOT_ENV) == {*LIBRARY_SECTIONS, *APP_SECTIONS}
    lines = [f"{variable}={text}" for variable, text, _, _ in DOT_ENV.values()]
    (data_dir / ".env").write_text("\n".join(lines) + "\n", encoding="utf-8")
    settings = Settings()
    for section, (variable, _, field, expected) in DOT_ENV.items():
        assert getattr(settings.section(section), field) == expected, variable


def test_an_app_setting_has_no_flat_name() -> None:
    with pytest.raises(TypeError, match="crm_mode"):
        Settings(crm_mode="full")
    with pytest.raises(AttributeError):
        _ = Settings().crm_mode
    with pytest.raises(AttributeError):
        Settings().context_hist_limit = 4
    with pytest.raises(TypeError):
        Settings().model_copy(update={"research_cache_ttl": 0})


def test_no_flat_name_is_claimed_twice() -> None:
    seen: dict[str, tuple[str, str]] = {}
    for name, cls in _all_sections():
        for flat, target in flat_names(name, cls).items():
            assert flat not in seen, (flat, seen.get(flat), target)
            seen[flat] = target


def test_sections_are_typed_and_app_sections_built_once() -> None:
    from agentcore.apps.crm.settings import CrmSettings

    settings = Settings(crm=CrmSettings(mode="shadow"), provider="gigachat")
    assert settings.llm.provider == "gigachat"
    crm = CrmSettings.of(settings)
    assert crm.mode == "shadow" and CrmSettings.of(settings) is crm
    assert settings.section("crm") is crm
    with pytest.raises(KeyError):
        settings.section_of(Section)


def test_a_section_may_be_given_whole_or_as_a_dict() -> None:
    from agentcore.apps.crm.settings import CrmSettings
    from agentcore.settings import LLMSettings

    settings = Settings(llm=LLMSettings(provider="openai"), crm={"mode": "full"})
    assert settings.llm.provider == "openai" and CrmSettings.of(settings).mode == "full"


def test_flat_assignment_is_validated_and_goes_to_the_section() -> None:
    from agentcore.apps.assistant.settings import AssistantSettings

    settings = Settings()
    AssistantSettings.of(settings).context_hist_limit = 4
    settings.llm_timeout = 12.5
    assert settings.section("assistant").context_hist_limit == 4  # type: ignore[attr-defined]
    assert settings.llm.timeout == 12.5
    with pytest.raises(ValidationError):
        AssistantSettings.of(settings).context_hist_limit = 0
    with pytest.raises(ValidationError):
        settings.llm_timeout = -1


def test_unknown_names_are_refused() -> None:
    with pytest.raises(TypeError):
        Settings(no_such_setting=1)
    with pytest.raises(AttributeError):
        _ = Settings().no_such_setting


def test_invalid_values_are_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_LLM_TIMEOUT", "-3")
    with pytest.raises(ValidationError):
        Settings()
    monkeypatch.delenv("AGENTCORE_LLM_TIMEOUT")
    monkeypatch.setenv("CRM_MODE", "yolo")
    settings = Settings()  # an app's section is checked when the app reads it
    with pytest.raises(ValidationError):
        settings.section("crm")


def test_model_copy_gives_independent_sections() -> None:
    from agentcore.apps.assistant.settings import AssistantSettings
    from agentcore.apps.crm.settings import CrmSettings

    settings = Settings(assistant=AssistantSettings(param_question_maxlen=30))
    own = AssistantSettings.of(settings)
    copy = settings.model_copy(
        update={"assistant": AssistantSettings(param_question_maxlen=12), "admin_tokens": SecretStr("adm-token-1")}
    )
    assert (AssistantSettings.of(copy).param_question_maxlen, own.param_question_maxlen) == (12, 30)
    assert copy.admin_token_list == ["adm-token-1"] and settings.admin_token_list == []
    copy.llm_timeout = 3.0
    assert settings.llm_timeout == 30.0
    AssistantSettings.of(settings.model_copy()).param_question_maxlen = 5  # a built app section is copied too
    assert own.param_question_maxlen == 30
    lazy = Settings(crm={"mode": "full"}).model_copy()  # the app's section is not built yet
    assert CrmSettings.of(lazy).mode == "full"


def test_fields_set_lists_flat_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTCORE_RAG_COLLECTION", "hr")
    assert "rag_collection" in Settings().model_fields_set
    monkeypatch.delenv("AGENTCORE_RAG_COLLECTION")
    given = Settings(data_dir=Path("/tmp")).model_fields_set
    assert "data_dir" in given and "rag_collection" not in given


def test_app_secrets_reach_a_watcher_when_the_app_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BITRIX_WEBHOOK_URL", "https://portal.example/rest/1/hook-secret-123/")
    settings = Settings()
    seen: list[str] = []
    settings.watch_secrets(seen.extend)
    assert "https://portal.example/rest/1/hook-secret-123/" not in settings.secret_values()  # crm not loaded yet
    assert settings.section("crm").bitrix_webhook_url is not None  # type: ignore[attr-defined]
    assert "https://portal.example/rest/1/hook-secret-123/" in seen


def test_the_root_loads_no_app(tmp_path: Path) -> None:
    code = (
        "import sys; from agentcore.settings import Settings; s = Settings(); s.provider; s.log_dir;"
        "assert not [m for m in sys.modules if m.startswith('agentcore.apps')], 'app imported';"
        "s.section('crm'); assert 'agentcore.apps.crm' in sys.modules; print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.stdout.strip() == "ok", done.stderr
