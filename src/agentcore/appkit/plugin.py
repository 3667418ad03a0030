"""What an app offers the edge: the :class:`AppPlugin` protocol, and :class:`LazyApp`, which implements it from
dotted names so that nothing of an app is imported before one of its parts is used.

An app (``agentcore/apps/<name>/``) owns its settings section (``settings.py``), its router (``http.py``), its
commands (``cli.py``) and its domain modules.  The edge — ``server.py`` and the ``agentcore`` command — loops over
the registered apps and asks each for its parts:

================== ================================================================================================
member             meaning
================== ================================================================================================
``name``           the app's name: its CLI group, its settings section attribute, its key in ``/health``
``summary``        one Russian line (CLI group help)
``settings_section`` the attribute of the root :class:`~agentcore.config.Settings` the app reads, or None
``mount(ctx)``     its router and where it goes (:class:`Mount`), or None for an app without HTTP routes
``served_agents``  its agents served as models by ``/v1`` (OpenAI-compatible), after ``mount``
``register_cli``   adds its commands (a group or top-level ones) to the ``agentcore`` Typer app
``error_faces()``  its error types → HTTP answers (:class:`agentcore.web.status.ErrorFace`), merged into the edge map
``console_pages``  its pages of the web console at ``/`` (:class:`agentcore.web.console.pages.ConsolePage`)
``standalone_app`` the app served on its own (a FastAPI app over one settings object), or None: how another app
                   runs it without importing it (``agentcore chat`` starts the RAG and Haiku services in-process)
================== ================================================================================================

Later surfaces (MCP tools, the Telegram bot) are further members of the same protocol.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import typer
    from fastapi import APIRouter, FastAPI

    from agentcore.agents.served import ServedAgent
    from agentcore.config import Settings
    from agentcore.web.console.pages import ConsolePage
    from agentcore.web.status import ErrorFace

__all__ = ["AppPlugin", "EdgeContext", "LazyApp", "Mount", "resolve"]


@dataclass
class EdgeContext:
    """What the edge hands every app when it builds the server.

    Attributes:
        settings: the root settings (an app reads its own section of it).
        shared: objects one app offers the others through the edge, by name (``"rag.engine"``: the RAG engine
            factory the research agent searches with), so that apps never import each other.
        closers: what the server closes when it stops, for parts without a router of their own (an agent served
            only through ``/v1``).
    """

    settings: Settings
    shared: dict[str, Any] = field(default_factory=dict)
    closers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)


@dataclass(frozen=True)
class Mount:
    """An app's router and how the edge includes it.

    Attributes:
        router: the app's ``APIRouter`` (its lifespan closes its clients).
        prefix: the prefix the edge adds (``""`` when the router's paths carry their own, e.g. ``/chat``).
        guarded: whether the edge puts the read tokens (``AGENTCORE_READ_TOKENS``) in front of every route; False
            when the app guards its routes itself (or has its own key, as the CRM's ``X-API-Key``).
        label: how ``GET /health`` lists the app's routes (``/research``, ``/chat``); the prefix when empty.
    """

    router: APIRouter
    prefix: str = ""
    guarded: bool = False
    label: str = ""

    @property
    def system(self) -> str:
        """The label ``GET /health`` lists."""
        return self.label or self.prefix


@runtime_checkable
class AppPlugin(Protocol):
    """One app as the edge sees it (see the module docstring)."""

    @property
    def name(self) -> str:
        """The app's name (``"crm"``)."""
        ...

    @property
    def summary(self) -> str:
        """One Russian line describing the app."""
        ...

    @property
    def settings_section(self) -> str | None:
        """The root settings attribute the app reads, or None."""
        ...

    def mount(self, ctx: EdgeContext) -> Mount | None:
        """The app's router, or None."""
        ...

    def served_agents(self, ctx: EdgeContext) -> Sequence[ServedAgent]:
        """The app's agents for ``/v1`` (called after :meth:`mount`)."""
        ...

    def register_cli(self, cli: typer.Typer) -> None:
        """Add the app's commands to ``cli``."""
        ...

    def error_faces(self) -> Mapping[type[BaseException], ErrorFace]:
        """The app's error types and their HTTP answers."""
        ...

    def console_pages(self, ctx: EdgeContext) -> Sequence[ConsolePage]:
        """The app's pages of the web console (called after :meth:`mount`)."""
        ...

    def standalone_app(self, settings: Settings) -> FastAPI | None:
        """The app served on its own, or None."""
        ...


def resolve(reference: str) -> Any:
    """The object named ``"package.module:attribute"`` (imported now)."""
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"expected 'module:attribute', got {reference!r}")
    return getattr(importlib.import_module(module_name), attribute)


@dataclass(frozen=True)
class LazyApp:
    """An :class:`AppPlugin` whose parts are named ``"module:attribute"`` and imported on first use.

    Attributes:
        name, summary, settings_section: as in :class:`AppPlugin`.
        http: a callable ``(EdgeContext) -> Mount | None`` (``"agentcore.apps.crm.http:mount"``).
        agents: a callable ``(EdgeContext) -> Sequence[ServedAgent]``.
        cli: a callable ``(typer.Typer) -> None``.
        errors: a mapping error type → ``ErrorFace``, or a callable returning one.
        pages: a callable ``(EdgeContext) -> Sequence[ConsolePage]`` (``"agentcore.apps.crm.pages:pages"``): the
            app's pages of the web console, templates and static files in the app's own folder.
        standalone: a callable ``(Settings) -> FastAPI`` (``"agentcore.apps.rag.http:create_app"``).
    """

    name: str
    summary: str
    settings_section: str | None = None
    http: str | None = None
    agents: str | None = None
    cli: str | None = None
    errors: str | None = None
    pages: str | None = None
    standalone: str | None = None

    def mount(self, ctx: EdgeContext) -> Mount | None:
        """See :meth:`AppPlugin.mount`."""
        return resolve(self.http)(ctx) if self.http else None

    def served_agents(self, ctx: EdgeContext) -> Sequence[ServedAgent]:
        """See :meth:`AppPlugin.served_agents`."""
        return list(resolve(self.agents)(ctx)) if self.agents else []

    def register_cli(self, cli: typer.Typer) -> None:
        """See :meth:`AppPlugin.register_cli`."""
        if self.cli:
            resolve(self.cli)(cli)

    def standalone_app(self, settings: Settings) -> FastAPI | None:
        """See :meth:`AppPlugin.standalone_app`."""
        return resolve(self.standalone)(settings) if self.standalone else None

    def error_faces(self) -> Mapping[type[BaseException], ErrorFace]:
        """See :meth:`AppPlugin.error_faces`."""
        if not self.errors:
            return {}
        faces = resolve(self.errors)
        result: Mapping[type[BaseException], ErrorFace] = faces() if callable(faces) else faces
        return result

    def console_pages(self, ctx: EdgeContext) -> Sequence[ConsolePage]:
        """See :meth:`AppPlugin.console_pages`."""
        return list(resolve(self.pages)(ctx)) if self.pages else []
