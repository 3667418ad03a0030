"""Owner ids: who a stored record belongs to, named by an HMAC-SHA256 of the credential (a bearer token, a CRM API
key) under the deployment's owner key — the one implementation the web edge and the apps share.

Owner ids are stored where others may read them: with each run trace (``runs.jsonl``), each parked ``/v1`` run or
kept response (in memory, or in Redis with ``AGENTCORE_REDIS_URL``), and in the CRM's session files, Redis keys and
log names.  An unkeyed hash of a credential can be reversed by whoever reads those stores if the credential is
guessable (try candidates, compare hashes); a keyed hash cannot be computed without the key, which is kept apart
from the stores:

* ``AGENTCORE_OWNER_KEY`` (a secret setting) — the key, as given.  Several hosts sharing Redis or a trace store must
  all set the same value, or each names the same credential differently and a conversation started on one host is
  someone else's on another;
* unset — the key kept in ``<data_dir>/owner.key`` (64 hex digits from :func:`secrets.token_bytes`, mode ``0600``),
  made by the first process that needs it under a file lock, then read by every later one: the workers of one host
  (``serve --workers N``) share the data directory and agree.  Copying the file's text into ``AGENTCORE_OWNER_KEY``
  on other hosts makes them agree too.

Each use names its own domain (:func:`keyed_digest`), so one credential used in two places gets unrelated ids.

The web edge's owner ids made before the key (``token:`` + 32 hex digits of an unkeyed SHA-256) stay readable by
their token: :func:`owner_ids` gives both forms and the rule (:func:`agentcore.web.runs.owned_by`) accepts either.
New runs are written with the keyed form only (``owner:`` + 32 hex digits).  The key is never logged or shown.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import os
import secrets
from pathlib import Path
from typing import Any

__all__ = ["KEY_FILE", "keyed_digest", "legacy_owner_id", "owner_id", "owner_ids", "owner_key"]

logger = logging.getLogger(__name__)

KEY_FILE = "owner.key"
_DOMAIN = "agentcore-principal"


def owner_key(settings: Any) -> bytes:
    """The owner key of ``settings``: ``AGENTCORE_OWNER_KEY`` when set, else the data directory's key file (made
    once; see the module docstring).

    Raises:
        OSError: the key file can neither be read nor made.
    """
    configured = getattr(settings, "owner_key", None)
    if configured is not None and configured.get_secret_value().strip():
        return bytes(configured.get_secret_value().strip().encode("utf-8", "surrogatepass"))
    shared = bool(getattr(settings, "redis_url", None))
    return _file_key(str(Path(settings.data_dir) / KEY_FILE), shared)


@functools.lru_cache(maxsize=16)
def _file_key(path: str, shared: bool) -> bytes:
    """The key in ``path``, made under a lock by the first process to need it (atomic: written to a private temporary
    file, then renamed into place, so no reader sees a half-written key)."""
    from filelock import FileLock

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(path + ".lock", timeout=60):
        text = target.read_text("ascii").strip() if target.exists() else ""
        if not text:
            text = secrets.token_bytes(32).hex()
            temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="ascii") as handle:
                handle.write(text + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, target)
            logger.info("owner_key // Created: %s (AGENTCORE_OWNER_KEY unset)", target)
    if shared:
        logger.warning(
            "owner_key // AGENTCORE_OWNER_KEY unset with a shared Redis: the key is this host's %s; "
            "workers on other hosts must set AGENTCORE_OWNER_KEY to the same value",
            target,
        )
    return text.encode("ascii")


def keyed_digest(key: bytes, domain: str, secret: str) -> str:
    """The 64 hex digits of HMAC-SHA256(``key``, ``domain`` NUL ``secret``): the keyed name of a credential
    (``secret``) for one use (``domain``, e.g. ``agentcore-principal``); neither the key nor the secret is kept."""
    message = domain.encode("utf-8") + b"\0" + secret.encode("utf-8", "surrogatepass")
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def owner_id(key: bytes, token: str) -> str:
    """The owner id of ``token`` under ``key``: ``owner:`` + 32 hex digits of HMAC-SHA256 (the token is never kept)."""
    return f"owner:{keyed_digest(key, _DOMAIN, token)[:32]}"


def legacy_owner_id(token: str) -> str:
    """The owner id earlier builds stored (an unkeyed SHA-256), read only to keep their runs their owners'."""
    digest = hashlib.sha256(_DOMAIN.encode("utf-8") + b"\0" + token.encode("utf-8", "surrogatepass")).hexdigest()
    return f"token:{digest[:32]}"


def owner_ids(key: bytes, token: str) -> tuple[str, str]:
    """Every owner id ``token`` may have been stored under: the keyed one (written now) and the legacy one."""
    return owner_id(key, token), legacy_owner_id(token)
