"""Secret redaction for logs, traces, terminals and HTTP answers — the one place that does it.

A :class:`Redactor` replaces with ``***``:

- every registered secret string (and its URL-encoded form);
- credentials in ``Authorization: Basic/Bearer <x>`` headers, any ``Bearer <x>`` token and any ``Basic <base64>``
  credential (some providers echo the header of a refused request in their error body);
- OpenAI-style API keys (``sk-…``) and the password of ``scheme://user:password@host`` URLs;
- values of credential keys in JSON / dict text (``"access_token": "..."``, ``'client_secret': '...'``)
  and in query strings (``?access_token=...``, ``&auth=...``);
- the token of Bitrix24 inbound webhook URLs ``https://<host>/rest/<user_id>/<token>/`` (host and user id kept).

The module-level registry (:func:`register_secret`, :func:`redact`) is what the logging filter, the JSONL store, the
CLI and the LLM errors use, so a secret registered once (the provider factory and the web app register the
settings' secrets) never reaches a log file, a trace or a terminal.  :func:`redact_public` is for text an HTTP
client sees: redacted, URLs hidden, length capped.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from agentcore.config import Settings

__all__ = [
    "MASK",
    "MIN_SECRET_LENGTH",
    "Redactor",
    "default_redactor",
    "redact",
    "redact_data",
    "redact_public",
    "register_secret",
    "register_secrets",
    "register_settings_secrets",
]

MASK = "***"
# Shorter values would mask ordinary words and numbers all over the logs.
MIN_SECRET_LENGTH = 4

_CREDENTIAL_KEYS = r"access_token|refresh_token|id_token|client_secret|api_key|apikey|x-api-key|password|webhook_url"

# (pattern, replacement) pairs applied after the registered secrets.
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Authorization: Basic xxx / "Authorization": "Bearer xxx" / 'authorization': 'Basic xxx'
    (
        re.compile(r"""(?i)(authorization["']?\s*[:=]\s*+(?:["']\s*+)?(?:basic|bearer)\s+)[^\s"',;]+"""),
        r"\1" + MASK,
    ),
    # A bearer token anywhere else (``Bearer eyJ...``).
    (re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9\-._~+/]{8,}=*"), r"\1" + MASK),
    # Basic credentials anywhere else: base64 of 16+ characters with a digit, '+', '/' or '=' in it
    # ("Basic configuration" stays as it is).
    (re.compile(r"(?i)\b(basic\s+)(?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{16,}={0,2}"), r"\1" + MASK),
    # OpenAI-style keys: sk-..., sk-proj-...
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{16,}"), "sk-" + MASK),
    # scheme://user:password@host -> scheme://user:***@host.  Found from its "://" (a scheme character before it):
    # a pattern starting at the scheme read the rest of every word from each of its starts (quadratic in a text
    # like "a.a.a.…").
    (re.compile(r"(?i)(?<=[a-z0-9+.\-])(://[^\s/:@\"']+:)[^\s/@\"']+@"), r"\1" + MASK + "@"),
    # "access_token": "value"  /  'client_secret': 'value'  /  access_token = "value".  A backslash only ever starts
    # an escape pair (a lone one may close the value: ``"abc\"``); when either alternative could take it, a run of
    # backslashes with no closing quote was split every possible way (exponential: 32 of them cost 0.5 s of CPU,
    # each two more 2.6x that).
    (
        re.compile(rf"""(?i)(["']?\b(?:{_CREDENTIAL_KEYS})["']?\s*[:=]\s*)(["'])(?:\\.|(?!\2)[^\\\n])*\\?\2"""),
        r"\1\2" + MASK + r"\2",
    ),
    # ?access_token=value&auth=value
    (re.compile(rf"(?i)([?&](?:{_CREDENTIAL_KEYS}|auth)=)[^&#\s\"']+"), r"\1" + MASK),
    # Bitrix24 inbound webhook: https://portal.bitrix24.ru/rest/1/abcdef123/ -> .../rest/1/***/
    (re.compile(r"(?i)\b(https?://[^\s/\"']+/rest/\d+/)[A-Za-z0-9_\-]+"), r"\1" + MASK),
)

# Every pattern above needs one of these words; a string without any of them is left alone (a fast path: records
# of thousands of strings are redacted on every JSONL append).
_TRIGGER = re.compile(
    r"(?i)authorization|bearer|basic\s|sk-|://[^\s/]*@|token|secret|api[_-]?key|password|webhook_url|auth=|/rest/"
)


class Redactor:
    """Replaces registered secrets and well-known credential patterns with :data:`MASK`.

    Thread-safe: secrets may be registered while other threads redact.
    """

    def __init__(self, secrets: Iterable[str | None] = ()) -> None:
        self._lock = threading.Lock()
        self._secrets: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        for secret in secrets:
            self.add(secret)

    def add(self, secret: str | None) -> bool:
        """Register one secret value (surrounding whitespace is stripped).

        Returns:
            ``True`` if the value was registered; ``False`` for ``None``, empty values and values shorter than
            :data:`MIN_SECRET_LENGTH` characters, which are ignored.
        """
        if not secret:
            return False
        value = secret.strip()
        if len(value) < MIN_SECRET_LENGTH:
            return False
        variants = {value, quote(value, safe="")}
        with self._lock:
            self._secrets |= variants
            # Longest first, so a secret that contains another is masked whole.
            ordered = sorted(self._secrets, key=len, reverse=True)
            self._pattern = re.compile("|".join(re.escape(s) for s in ordered))
        return True

    def clear(self) -> None:
        """Forget every registered secret (the built-in patterns stay)."""
        with self._lock:
            self._secrets.clear()
            self._pattern = None

    def __len__(self) -> int:
        """How many secret strings (including encoded variants) are registered."""
        return len(self._secrets)

    def redact(self, text: str) -> str:
        """``text`` with every secret and credential pattern replaced by :data:`MASK`."""
        if not text:
            return text
        pattern = self._pattern
        if pattern is not None:
            text = pattern.sub(MASK, text)
        if _TRIGGER.search(text) is None:  # most strings hold none of the words the patterns need: skip them
            return text
        for regex, replacement in _PATTERNS:
            text = regex.sub(replacement, text)
        return text

    def redact_data(self, data: Any) -> Any:
        """A copy of ``data`` with every string inside (mapping keys and values, list items) redacted.

        Mappings become dicts (non-string keys stay as they are), lists and tuples become lists; other
        objects are returned unchanged.
        """
        if isinstance(data, str):
            return self.redact(data)
        if isinstance(data, Mapping):
            return {(self.redact(k) if isinstance(k, str) else k): self.redact_data(v) for k, v in data.items()}
        if isinstance(data, list | tuple):
            return [self.redact_data(item) for item in data]
        return data


_default = Redactor()


def default_redactor() -> Redactor:
    """The process-wide redactor used by logging and the JSONL store."""
    return _default


def register_secret(value: str | None) -> bool:
    """Register a secret with the process-wide redactor (see :meth:`Redactor.add`)."""
    return _default.add(value)


def register_secrets(values: Iterable[str | None]) -> None:
    """Register several secrets with the process-wide redactor."""
    for value in values:
        _default.add(value)


def register_settings_secrets(settings: Settings) -> None:
    """Register every secret of ``settings`` (the sections built so far, and each app's when it is built)."""
    register_secrets(settings.secret_values())
    settings.watch_secrets(register_secrets)  # an app's section, built later, brings its secrets then


def redact(text: str) -> str:
    """``text`` redacted by the process-wide redactor."""
    return _default.redact(text)


def redact_data(data: Any) -> Any:
    """``data`` redacted by the process-wide redactor (see :meth:`Redactor.redact_data`)."""
    return _default.redact_data(data)


_URL = re.compile(r"(?i)\b(?:https?|wss?)://[^\s\"'<>]+")
URL_MASK = "<адрес скрыт>"
PUBLIC_MAX_CHARS = 300


def redact_public(text: str, max_chars: int = PUBLIC_MAX_CHARS) -> str:
    """``text`` for an HTTP client: redacted, every URL replaced by :data:`URL_MASK` (clients never learn upstream
    addresses), and cut to ``max_chars`` characters with an ellipsis (never an echo of a huge input)."""
    clean = _URL.sub(URL_MASK, _default.redact(text[: max_chars * 20]))
    return clean if len(clean) <= max_chars else clean[: max_chars - 1] + "…"
