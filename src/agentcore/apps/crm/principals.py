"""Who owns a CRM session: the authenticated principal, never a ``user_id`` a client merely writes.

``POST /chat`` authenticates an API key (``X-API-Key``).  The key decides whose sessions, pending confirmations and
logs a request touches:

* With ``AGENTCORE_CRM_KEY_USERS`` (``<key>=<user>,<user>;<key>=*``) a listed key acts as the users it is mapped to
  (``*``: any user).  Their sessions are shared by every key allowed to act as that user (a web console and a bot
  acting for one manager).  A ``user_id`` the key is not allowed to act as is refused (HTTP 403).
* A key that is not listed — or every key, when the setting is empty — has its own space: its sessions are scoped
  per key, so the same ``user_id`` under another key is another session (another key's «да» approves nothing here).
  The scope is ``key-`` + 16 hex digits of HMAC-SHA256 of the key under the deployment's owner key
  (:func:`agentcore.util.owners.keyed_digest`, domain ``agentcore-crm-key``): it names the key in session files,
  Redis keys and log names, and without the owner key nobody who reads them can test guessed keys against it.
  Earlier builds used 12 hex digits of an unkeyed SHA-256 (:meth:`KeyUsers.legacy_owner`); the HTTP service moves
  such sessions to the keyed owner on the key's next request
  (:meth:`~agentcore.apps.crm.state_store.StateStore.adopt`).

The CLI is one local user and does not go through this.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass, field

from agentcore.apps.crm.errors import CrmError
from agentcore.util.owners import keyed_digest

__all__ = ["KeyUsers", "NotAllowedError"]

ANY_USER = "*"
# The owner ids of unmapped keys start with this; a mapped key may not act as such a user_id.
_UNMAPPED_PREFIX = "key-"
_DOMAIN = "agentcore-crm-key"
_ENTRY = re.compile(r"([^=]*=*)=(.*)", re.DOTALL)


class NotAllowedError(CrmError, PermissionError):
    """The key may not act as this user (the message is Russian and names no key)."""


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class KeyUsers:
    """The key → users mapping (keys kept only as SHA-256 digests, compared in constant time)."""

    users_by_digest: dict[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str | None) -> KeyUsers:
        """Read ``<key>=<user>,<user>;<key>=*`` (spaces around names ignored, empty entries skipped).

        Raises:
            ValueError: an entry without ``=``, an empty key or no users (the message never quotes a key).
        """
        mapping: dict[str, frozenset[str]] = {}
        for number, entry in enumerate((text or "").split(";"), start=1):
            if not entry.strip():
                continue
            # The separator is the last «=» of the first run of them: a base64 key keeps its padding
            # («Zm9v==» + «=u1»; split at the first «=», the mapping named another key and the real one went
            # unmapped), a user name may still hold «=» («k1=a=b» maps k1 to «a=b»).
            split = _ENTRY.fullmatch(entry)
            key, users = split.groups() if split else ("", "")
            names = frozenset(u.strip() for u in users.split(",") if u.strip())
            if not key.strip() or not names:
                raise ValueError(f"AGENTCORE_CRM_KEY_USERS: запись {number} не вида <ключ>=<пользователь>,…")
            digest = _digest(key.strip())
            mapping[digest] = mapping.get(digest, frozenset()) | names
        return cls(mapping)

    def _users(self, key: str) -> frozenset[str] | None:
        digest = _digest(key)
        found = None
        for known, users in self.users_by_digest.items():
            if hmac.compare_digest(known, digest):
                found = users
        return found

    def owner(self, key: str, user_id: str, owner_key: bytes) -> str:
        """The owner id of ``user_id``'s sessions under ``key`` (what the state store and logs are keyed by).

        A mapped key gets ``user_id`` itself; an unmapped key gets ``user_id`` scoped by the keyed digest of the key
        under ``owner_key`` (:func:`agentcore.util.owners.owner_key`; see the module docstring).

        Raises:
            NotAllowedError: the key is mapped and may not act as ``user_id``.
        """
        users = self._users(key)
        if users is None:
            return f"{_UNMAPPED_PREFIX}{keyed_digest(owner_key, _DOMAIN, key)[:16]}.{user_id}"
        if user_id.lower().startswith(_UNMAPPED_PREFIX):  # reserved: it would name another key's space
            raise NotAllowedError(f"имя пользователя «{user_id[:64]}» зарезервировано")
        if ANY_USER in users or user_id in users:
            return user_id
        raise NotAllowedError(f"этот ключ API не может действовать от имени пользователя «{user_id[:64]}»")

    def legacy_owner(self, key: str, user_id: str) -> str | None:
        """The owner id earlier builds gave ``user_id``'s sessions under an unmapped ``key`` (12 hex digits of an
        unkeyed SHA-256), read only to move them to :meth:`owner`; ``None`` for a mapped key (its owner is
        ``user_id`` itself, unchanged)."""
        if self._users(key) is not None:
            return None
        return f"{_UNMAPPED_PREFIX}{_digest(key)[:12]}.{user_id}"
