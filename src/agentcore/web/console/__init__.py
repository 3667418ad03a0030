"""The web console at ``/`` of ``agentcore serve``: server-rendered pages (Jinja2) over the HTTP API.

The console owns the layout, the nav, the shared client script (auth, JSON calls, SSE over POST, the step view) and
the Trace page; every app adds its own page from its folder (:class:`~agentcore.web.console.pages.ConsolePage`,
``LazyApp(pages=...)``).  See docs/console.md.
"""

from agentcore.web.console.pages import ConsolePage
from agentcore.web.console.router import core_pages, create_console_router

__all__ = ["ConsolePage", "core_pages", "create_console_router"]
