"""The server's safety mode is a ceiling for what one request may ask (a deliberate reading of seed 004).

Seed 004 lets ``mode`` in a ``/chat`` body override the orchestrator's settings.  Read literally, any holder of an
``X-API-Key`` could send ``"mode": "full"`` and lift an operator's ``AGENTCORE_CRM_MODE=canary`` (a delete becomes a
confirmable request instead of «запрещён в режиме canary»).  Here a request's mode may only *tighten* the server's:
``full`` → ``canary`` → ``shadow`` runs less and less.  Loosening is allowed only to a caller presenting one of
``AGENTCORE_ADMIN_TOKENS``, or to everyone when the operator sets ``AGENTCORE_CRM_ALLOW_MODE_OVERRIDE=true`` (the
seed's literal contract); otherwise it is refused — never silently downgraded, so the caller learns its request was
not run as it asked.
"""

from __future__ import annotations

from agentcore.apps.crm.errors import CrmError
from agentcore.apps.crm.models import Mode

__all__ = ["RESTRICTIVENESS", "ModeAboveCeilingError", "is_looser", "mode_within"]

# Least restrictive first: a higher number runs less.
RESTRICTIVENESS: dict[Mode, int] = {"full": 0, "canary": 1, "shadow": 2}


class ModeAboveCeilingError(CrmError, PermissionError):
    """A request asked for a mode looser than the server's and may not lift it (the message is Russian)."""

    def __init__(self, requested: Mode, ceiling: Mode) -> None:
        self.requested = requested
        self.ceiling = ceiling
        super().__init__(
            f"режим «{requested}» мягче режима сервера «{ceiling}»: запрос может только ужесточить режим "
            f"(full → canary → shadow). Ослабить его может администратор (токен AGENTCORE_ADMIN_TOKENS) "
            f"или настройка AGENTCORE_CRM_ALLOW_MODE_OVERRIDE"
        )


def is_looser(requested: Mode, ceiling: Mode) -> bool:
    """Whether ``requested`` runs more than ``ceiling`` does."""
    return RESTRICTIVENESS[requested] < RESTRICTIVENESS[ceiling]


def mode_within(requested: Mode | None, ceiling: Mode, *, may_loosen: bool) -> Mode:
    """The mode a request runs in: ``requested`` when it is as strict as ``ceiling`` or stricter (or the caller
    ``may_loosen``), ``ceiling`` when it asks for none.

    Raises:
        ModeAboveCeilingError: ``requested`` is looser than ``ceiling`` and the caller may not loosen it.
    """
    if requested is None:
        return ceiling
    if is_looser(requested, ceiling) and not may_loosen:
        raise ModeAboveCeilingError(requested, ceiling)
    return requested
