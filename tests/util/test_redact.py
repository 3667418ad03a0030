import importlib
from collections.abc import Callable

import pytest
from tests.cost import cpu_seconds

from agentcore.config import Settings
from agentcore.util.redact import (
    MASK,
    Redactor,
    default_redactor,
    redact,
    redact_data,
    register_secret,
    register_secrets,
    register_settings_secrets,
)

# ``agentcore.util.redact`` as an attribute is the re-exported function, so fetch the module itself.
redact_module = importlib.import_module("agentcore.util.redact")


def test_registered_secret_is_masked_everywhere() -> None:
    r = Redactor(["s3cr3t-value"])
    assert r.redact("key=s3cr3t-value and again s3cr3t-value.") == f"key={MASK} and again {MASK}."


def test_url_encoded_form_of_a_secret_is_masked() -> None:
    r = Redactor(["a/b+c=d e"])
    assert r.redact("https://x/?k=a%2Fb%2Bc%3Dd%20e") == f"https://x/?k={MASK}"


def test_short_and_empty_secrets_are_ignored() -> None:
    r = Redactor()
    assert r.add("abc") is False
    assert r.add("") is False
    assert r.add(None) is False
    assert r.add("   ab  ") is False
    assert len(r) == 0
    assert r.redact("abc abc") == "abc abc"


def test_longer_secret_wins_over_a_contained_one() -> None:
    r = Redactor(["token", "token-extended"])
    assert r.redact("x token-extended y") == f"x {MASK} y"


def test_clear_forgets_secrets() -> None:
    r = Redactor(["forget-me-please"])
    r.clear()
    assert r.redact("forget-me-please") == "forget-me-please"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Authorization: Bearer abc.def-ghi", f"Authorization: Bearer {MASK}"),
        ("authorization: basic QWxhZGRpbjpvcGVu", f"authorization: basic {MASK}"),
        ('{"Authorization": "Basic QWxhZGRpbjpvcGVu"}', f'{{"Authorization": "Basic {MASK}"}}'),
        ("{'Authorization': 'Bearer tok12345'}", f"{{'Authorization': 'Bearer {MASK}'}}"),
        ("sent Bearer eyJhbGciOiJIUzI1NiJ9.payload", f"sent Bearer {MASK}"),
    ],
)
def test_authorization_headers_are_masked(text: str, expected: str) -> None:
    assert Redactor().redact(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"access_token": "eyJabc", "expires_at": 1}', f'{{"access_token": "{MASK}", "expires_at": 1}}'),
        ('{"access_token":"with \\" quote"}', f'{{"access_token":"{MASK}"}}'),
        ("{'refresh_token': 'abc', 'x': 1}", f"{{'refresh_token': '{MASK}', 'x': 1}}"),
        ('client_secret = "zzz"', f'client_secret = "{MASK}"'),
        ("GET /x?access_token=abc&page=2&auth=zzz", f"GET /x?access_token={MASK}&page=2&auth={MASK}"),
    ],
)
def test_credential_values_are_masked(text: str, expected: str) -> None:
    assert Redactor().redact(text) == expected


def test_bitrix_webhook_keeps_host_and_user_but_not_token() -> None:
    text = "call https://b24-x1.bitrix24.ru/rest/1/abcd3fgh1jk2/crm.deal.list.json failed"
    out = Redactor().redact(text)
    assert out == f"call https://b24-x1.bitrix24.ru/rest/1/{MASK}/crm.deal.list.json failed"
    assert "abcd3fgh1jk2" not in out


def test_ordinary_text_is_untouched() -> None:
    text = "basic settings; total_tokens: 15; Токен не нужен; https://example.com/api/items"
    assert Redactor().redact(text) == text


def test_redact_data_walks_nested_structures() -> None:
    r = Redactor(["nested-secret"])
    data = {"a": ["x nested-secret", ("nested-secret",)], "nested-secret": {"k": 1}, 2: None}
    assert r.redact_data(data) == {"a": [f"x {MASK}", [MASK]], MASK: {"k": 1}, 2: None}
    assert data["a"][0] == "x nested-secret"  # the input is not modified


def test_module_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redact_module, "_default", Redactor())
    assert register_secret("module-level-secret") is True
    register_secrets(["second-secret", None, "ab"])
    assert redact("module-level-secret/second-secret/ab") == f"{MASK}/{MASK}/ab"
    assert redact_data({"k": "second-secret"}) == {"k": MASK}
    assert default_redactor() is redact_module._default


def test_register_settings_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redact_module, "_default", Redactor())
    settings = Settings(openai_api_key="sk-settings-secret", gigachat_credentials="Z2lnYWNoYXQ6c2VjcmV0")
    register_settings_secrets(settings)
    assert redact("sk-settings-secret Z2lnYWNoYXQ6c2VjcmV0") == f"{MASK} {MASK}"


# --- issue 12: providers that echo credentials; text for HTTP clients --------------------------------


@pytest.mark.parametrize(
    ("text", "hidden"),
    [
        ("Unauthorized: Basic Y2xpZW50OnNlY3JldDEyMw== was refused", "Y2xpZW50OnNlY3JldDEyMw=="),
        ('{"message": "Invalid API key sk-proj-Abc123Def456Ghi789Jkl012"}', "Abc123Def456Ghi789Jkl012"),
        ("proxy https://user:hunter2pass@proxy.local:3128 failed", "hunter2pass"),
        ("header was Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig", "eyJhbGciOiJIUzI1NiJ9"),
    ],
)
def test_unregistered_credentials_in_error_texts_are_masked(text: str, hidden: str) -> None:
    clean = Redactor().redact(text)
    assert hidden not in clean and MASK in clean


@pytest.mark.parametrize("text", ["Basic configuration of the server", "a task-scheduler ask-me", "sk-short"])
def test_ordinary_words_are_left_alone(text: str) -> None:
    assert Redactor().redact(text) == text


def test_redact_public_hides_urls_and_caps_length() -> None:
    from agentcore.util.redact import URL_MASK, redact_public

    text = "POST https://llm.internal:8443/v1/chat/completions failed: Bearer sk-proj-Abc123Def456Ghi789Jkl012"
    clean = redact_public(text)
    assert "llm.internal" not in clean and URL_MASK in clean and "Abc123Def456" not in clean
    long = redact_public("я" * 10_000, max_chars=50)
    assert len(long) == 50 and long.endswith("…")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('password="a\\"b" rest', f'password="{MASK}" rest'),
        ('password="a\\" rest', f'password="{MASK}" rest'),
        ('password="ab\\\\" rest', f'password="{MASK}" rest'),
    ],
)
def test_a_quoted_credential_with_backslashes_is_masked(text: str, expected: str) -> None:
    assert Redactor().redact(text) == expected


def test_a_run_of_backslashes_in_a_quoted_credential_costs_linear_time() -> None:
    """Any text a user sends (a CRM message, a /v1 turn) is redacted before it is logged.  Both ways of reading a
    backslash (an escape pair or a plain character) split a run of them with no closing quote every possible way:
    ~2.5x the CPU per two more backslashes, 40 of them ~25 s, holding the worker.  A ratio of CPU times."""
    redactor = Redactor()
    longer, shorter = (cpu_seconds(lambda n=n: redactor.redact('password="' + "\\" * n)) for n in (28, 20))
    assert longer / shorter < 4.0


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(lambda n: "token " + "a." * n, id="words that could start a URL scheme"),
        pytest.param(lambda n: "Authorization:" + " " * n, id="spaces after an Authorization header"),
    ],
)
def test_redacting_grows_linearly_with_the_text(text: Callable[[int], str]) -> None:
    """A /v1 message may hold 100,000 characters, and it is redacted before it reaches the run trace.  The URL
    password pattern read the rest of each word from every start a scheme could have («a.a.a.…»: 4.5 s for 40,000
    characters), the header pattern tried every split of a run of spaces between two ``\\s*`` (1.1 s for 16,000
    spaces) — both quadratic.  A ratio of CPU times for 4x the text."""
    redactor = Redactor()
    whole, quarter = (cpu_seconds(lambda n=n: redactor.redact(text(n))) for n in (8000, 2000))
    assert whole / quarter < 8.0


def test_a_url_password_is_masked_whatever_precedes_the_scheme() -> None:
    assert Redactor().redact("see my_http://bob:pa55@host/x") == f"see my_http://bob:{MASK}@host/x"
    assert Redactor().redact("(https://bob:pa55@host)") == f"(https://bob:{MASK}@host)"
