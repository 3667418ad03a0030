"""Configuration: the root :class:`Settings`, composed of one section per library layer and per app.

=================== ============================================ ==========================================
section             where                                        what
=================== ============================================ ==========================================
``core``            :mod:`agentcore.settings.core`               data/log directories, Redis, database, terminal words
``llm``             :mod:`agentcore.settings.llm`                provider, transport limits, GigaChat, OpenAI
``rag``             :mod:`agentcore.settings.rag`                collections, hybrid retrieval, Qdrant
``http``            :mod:`agentcore.settings.http`               body limit, admin and read tokens
``services``        :mod:`agentcore.settings.services`           RAG/Haiku service URLs, the Haiku's theme limit
``<app>``           ``agentcore/apps/<app>/settings.py``         the app's own (built on first use)
=================== ============================================ ==========================================

Every field is read from ``AGENTCORE_<NAME>`` and from the name a seed or an SDK gives it; ``.env`` too.  An app's
settings are given by section (``Settings(crm=CrmSettings(mode="full"))``) and read by it (``CrmSettings.of(s)``).
"""

from agentcore.settings._base import Section, env, token_list
from agentcore.settings._root import APP_SECTIONS, LIBRARY_SECTIONS, Settings, get_settings, iter_flat_names
from agentcore.settings.core import CoreSettings
from agentcore.settings.http import HttpSettings
from agentcore.settings.llm import LLMSettings, ProviderName, StructuredMode
from agentcore.settings.rag import RagSettings
from agentcore.settings.services import ServicesSettings

__all__ = [
    "APP_SECTIONS",
    "LIBRARY_SECTIONS",
    "CoreSettings",
    "HttpSettings",
    "LLMSettings",
    "ProviderName",
    "RagSettings",
    "Section",
    "ServicesSettings",
    "Settings",
    "StructuredMode",
    "env",
    "get_settings",
    "iter_flat_names",
    "token_list",
]
