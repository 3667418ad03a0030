"""What an app hands the web console: :class:`ConsolePage`, one page of the console at ``/console/<slug>``.

An app adds its page from its own folder through the registry (``LazyApp(..., pages="agentcore.apps.x.pages:pages")``):
the named callable takes the :class:`~agentcore.appkit.plugin.EdgeContext` and returns a sequence of pages.  A page is
a Jinja2 template in the app's folder that extends ``console/base.html`` and fills its blocks, plus optional static
files (scripts, styles) served from the app's folder at ``/console/static/<slug>/<file>``.

The page is a client of the same HTTP API as ``curl``: its script calls the app's routes through ``Console.api`` /
``Console.stream`` (``static/core/console.js``), which add the token the user gave (see docs/console.md).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.requests import Request

__all__ = ["ConsolePage", "PageContext"]

PageContext = Callable[["Request"], "Mapping[str, Any] | Awaitable[Mapping[str, Any]]"]
"""Extra template variables of a page for one request (sync or async); never secrets, they end up in the HTML."""


@dataclass(frozen=True)
class ConsolePage:
    """One page of the console.

    Attributes:
        slug: the page's path segment and its static folder's name (``"crm"`` → ``/console/crm``); lower-case
            letters, digits and ``-``; unique across the console.
        title: the nav label and the ``<title>`` (Russian).
        templates: the folder holding the page's template(s); the console loads them as ``<slug>/<name>``.
        template: the page's template inside ``templates`` (it extends ``console/base.html``).
        order: the place in the nav (Ask 10, Chat 20, CRM 30, Scrum 40, Trace 90).
        static: the folder of the page's static files (served at ``/console/static/<slug>/``), or None.
        scripts: files in ``static`` the page loads (``<script defer>``, after ``console.js``).
        styles: files in ``static`` the page links as style sheets.
        context: extra template variables per request, or None.
        home: whether ``/`` shows this page (the Ask page); the first page by ``order`` when none is marked.
    """

    slug: str
    title: str
    templates: Path
    template: str = "page.html"
    order: int = 50
    static: Path | None = None
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    context: PageContext | None = field(default=None, compare=False)
    home: bool = False

    def __post_init__(self) -> None:
        if not self.slug or not all(c.isascii() and (c.isalnum() or c == "-") for c in self.slug):
            raise ValueError(f"console page slug must be ascii letters, digits or '-': {self.slug!r}")
        if self.slug != self.slug.lower() or self.slug == "core":
            raise ValueError(f"console page slug must be lower-case and not 'core': {self.slug!r}")
