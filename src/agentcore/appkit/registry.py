"""The registered apps, by name: what ``agentcore serve`` and the ``agentcore`` command loop over.

Entries name their parts as ``"module:attribute"`` (:class:`~agentcore.appkit.plugin.LazyApp`), so reading this
registry imports no app; a part is imported when the server is built or a command runs.  Adding an app is one
folder under ``agentcore/apps/`` and one entry here; its page of the web console is its ``pages=`` (a callable
``(EdgeContext) -> [ConsolePage]`` in the app's folder, see :mod:`agentcore.web.console.pages`).

The order is the order of the commands in ``agentcore --help`` and of the routers in ``agentcore serve`` (and of
``systems`` in ``GET /health``); the RAG app comes first because the research agent searches through its engine
(``EdgeContext.shared["rag.engine"]``).
"""

from __future__ import annotations

from agentcore.appkit.plugin import LazyApp

__all__ = ["APPS", "app_names", "get_app"]

APPS: tuple[LazyApp, ...] = (
    LazyApp(
        "rag",
        "База знаний: индексация, поиск, RAG-сервис.",
        settings_section="rag",
        http="agentcore.apps.rag.http:mount",
        standalone="agentcore.apps.rag.http:create_app",
        cli="agentcore.apps.rag.cli:register",
    ),
    LazyApp(
        "haiku",
        "Сервис хайку: три строки 5-7-5 на заданную тему.",
        settings_section="services",
        http="agentcore.apps.haiku.http:mount",
        standalone="agentcore.apps.haiku.http:create_app",
    ),
    LazyApp(
        "assistant",
        "Диалог с ассистентом: вопросы по базе знаний (RAG) и хайку на заданную тему.",
        settings_section="assistant",
        agents="agentcore.apps.assistant.served:served_agents",
        cli="agentcore.apps.assistant.cli:register",
    ),
    LazyApp(
        "research",
        "Исследовательский агент: ответы по базе знаний с цитатами.",
        settings_section="research",
        http="agentcore.apps.research.http:mount",
        agents="agentcore.apps.research.http:served_agents",
        cli="agentcore.apps.research.cli:register",
        pages="agentcore.apps.research.pages:pages",
    ),
    LazyApp(
        "example",
        "Пример SGR-агента (ExampleSGRAgent + GetTimeTool).",
        agents="agentcore.apps.example.http:served_agents",
        cli="agentcore.apps.example.cli:register",
    ),
    LazyApp(
        "crm",
        "CRM-агент Bitrix24: диалог, HTTP API (/chat), локальный тестовый портал.",
        settings_section="crm",
        http="agentcore.apps.crm.http:mount",
        cli="agentcore.apps.crm.cli:register",
        errors="agentcore.apps.crm.http:error_faces",
        pages="agentcore.apps.crm.pages:pages",
    ),
    LazyApp(
        "scrum",
        "Scrum-ассистент: daily, аналитика, FAQ, дайджест, блокеры.",
        settings_section="scrum",
        http="agentcore.apps.scrum.http:mount",
        cli="agentcore.apps.scrum.cli:register",
        pages="agentcore.apps.scrum.pages:pages",
        errors="agentcore.apps.scrum.http:error_faces",
    ),
)


def app_names() -> list[str]:
    """The names of the registered apps, in order."""
    return [app.name for app in APPS]


def get_app(name: str) -> LazyApp:
    """The app called ``name``.

    Raises:
        KeyError: no app has this name.
    """
    for app in APPS:
        if app.name == name:
            return app
    raise KeyError(name)
