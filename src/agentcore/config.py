"""The settings of agentcore (kept at this path for the code and docs that import it from here).

The settings are composed of sections: see :mod:`agentcore.settings` (``settings.core``, ``.llm``, ``.rag``,
``.http``, ``.services`` and each app's, e.g. ``CrmSettings.of(settings)``).  Every variable name of before keeps
working; a library section's fields also have flat attribute names (``settings.rag_collection``), an app's do not.
"""

from __future__ import annotations

from agentcore.settings import ProviderName, Settings, StructuredMode, get_settings
from agentcore.settings.core import CommandSet

__all__ = ["CommandSet", "ProviderName", "Settings", "StructuredMode", "get_settings"]
