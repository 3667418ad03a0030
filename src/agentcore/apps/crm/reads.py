"""What a part of a turn reads the portal through: one awaitable REST read.

Entity resolution (:mod:`.resolve`), the stage directory (:mod:`.stages`), the request check (:mod:`.request_check`)
and the confirmation text (:mod:`.confirm_text`) never call Bitrix24 themselves: the orchestrator hands each a
:data:`Read` bound to the turn, so every read is checked, logged and counted as the turn's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["Read"]

Read = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
"""``await read(method, params)`` → the REST envelope (``{"result": …}``); a failed read raises the caller's error."""
