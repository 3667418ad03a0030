"""Who owns a CRM session: the authenticated principal, never a ``user_id`` a client merely writes.

``POST /chat`` authenticates an API key (``X-API-Key``).  The key decides whose sessions, pending confirmations and
logs a request touches:

* With ``AGENTCORE_CRM_KEY_USERS`` (``<key>=<user>,<user>;<key>=*``) a listed key acts as the users it is mapped to
  (``*``: any user).  Their sessions are shared by every key allowed to act as that user (a web console and a bot
  acting for one manager).  A ``user_id`` the key is not allowed to act as is refused (HTTP 403).
* A key that is not listed — or every key, when the setting is empty — has its own space: its sessions are scoped
  per key, so the same ``user_id`` under another key is another session (another key's «да» approves nothing here).

The CLI is one local user and does not go through this.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field

from agentcore.apps.crm.errors import CrmError

__all__ = ["KeyUsers", "NotAllowedError"]

ANY_USER = "*"
# The owner ids of unmapped keys start with this; a mapped key may not act as such a user_id.
_UNMAPPED_PREFIX = "key-"


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
            key, sep, users = entry.partition("=")
            names = frozenset(u.strip() for u in users.split(",") if u.strip())
            if not sep or not key.strip() or not names:
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

    def owner(self, key: str, user_id: str) -> str:
        """The owner id of ``user_id``'s sessions under ``key`` (what the state store and logs are keyed by).

        A mapped key gets ``user_id`` itself; an unmapped key gets ``user_id`` scoped by a digest of the key.

        Raises:
            NotAllowedError: the key is mapped and may not act as ``user_id``.
        """
        users = self._users(key)
        if users is None:
            return f"{_UNMAPPED_PREFIX}{_digest(key)[:12]}.{user_id}"
        if user_id.lower().startswith(_UNMAPPED_PREFIX):  # reserved: it would name another key's space
            raise NotAllowedError(f"имя пользователя «{user_id[:64]}» зарезервировано")
        if ANY_USER in users or user_id in users:
            return user_id
        raise NotAllowedError(f"этот ключ API не может действовать от имени пользователя «{user_id[:64]}»")
