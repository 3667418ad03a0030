"""The Haiku service of seed 000 (``POST /generate_haiku``): 5-7-5 haiku on a theme, syllables counted exactly.

The package imports nothing on its own: everything loads on first use (``from agentcore.apps.haiku import
create_app`` imports FastAPI only then); :mod:`~agentcore.apps.haiku.llm_composer` registers the offline handler of
step ``haiku.compose``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "create_app": "agentcore.apps.haiku.http",
    "create_router": "agentcore.apps.haiku.http",
    "HaikuService": "agentcore.apps.haiku.http",
    "compose_offline": "agentcore.apps.haiku.composer",
    "compose_with_llm": "agentcore.apps.haiku.llm_composer",
    "Haiku": "agentcore.apps.haiku.models",
    "count_line_syllables": "agentcore.apps.haiku.syllables",
    "count_words": "agentcore.apps.haiku.syllables",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
