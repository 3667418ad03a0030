"""The web console's routes: the pages (``GET /`` and ``GET /console/<slug>``) and their static files
(``GET /console/static/<owner>/<path>``), rendered with Jinja2 from the console's and the apps' template folders.

The pages hold no data of their own: their scripts call the HTTP API (so everything they show is also possible with
``curl``), and the routes here are open — the API routes they call are guarded as they always are.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse

from agentcore.web.console.pages import ConsolePage
from agentcore.web.errors import ApiError

__all__ = ["CONSOLE_STATIC", "CONSOLE_TEMPLATES", "CSP", "core_pages", "create_console_router"]

CONSOLE_DIR = Path(__file__).parent
CONSOLE_TEMPLATES = CONSOLE_DIR / "templates"
CONSOLE_STATIC = CONSOLE_DIR / "static" / "core"

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
"""The pages' Content-Security-Policy: nothing inline, nothing from elsewhere (the console works offline)."""

_CACHE = "public, max-age=31536000, immutable"  # asset URLs carry their content hash (?v=...)
_MEDIA = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}


def core_pages() -> list[ConsolePage]:
    """The console's own pages, over the edge's own routes: Chat (any agent served as a model by ``/v1``: the
    seed-000 assistant, the SGR example, the research agent) and Trace (``/trace/runs``: a run's events and model
    calls by request id)."""
    return [
        ConsolePage(
            slug="chat",
            title="Chat",
            templates=CONSOLE_TEMPLATES / "chat",
            template="chat.html",
            order=20,
            static=CONSOLE_STATIC.parent / "chat",
            scripts=("chat.js",),
        ),
        ConsolePage(
            slug="trace",
            title="Trace",
            templates=CONSOLE_TEMPLATES / "trace",
            template="trace.html",
            order=90,
            static=CONSOLE_STATIC.parent / "trace",
            scripts=("trace.js",),
            context=_trace_context,
        ),
    ]


def _trace_context(_request: object) -> dict[str, str]:
    """The Trace page checks an id as ``GET /trace/runs/{request_id}`` does (the run log's own pattern)."""
    from agentcore.agents import REQUEST_ID_RE

    return {"request_id_pattern": REQUEST_ID_RE.pattern}


@lru_cache(maxsize=512)
def _digest(path: Path, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def _safe_file(root: Path, relative: str) -> Path:
    """``root / relative`` when it is a file inside ``root`` (no ``..``, no symlink out).

    Raises:
        ApiError: 404 otherwise.
    """
    if not relative or "\\" in relative or relative.startswith("/") or ".." in relative.split("/"):
        raise ApiError(404, "файл не найден", "not_found")
    base = root.resolve()
    path = (base / relative).resolve()
    if not path.is_relative_to(base) or not path.is_file() or path.suffix not in _MEDIA:
        raise ApiError(404, "файл не найден", "not_found")
    return path


def create_console_router(pages: Sequence[ConsolePage], settings: Any) -> APIRouter:
    """The console's router over ``pages`` (the apps' and :func:`core_pages`).

    Raises:
        ValueError: two pages share a slug.
    """
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader, select_autoescape

    ordered = sorted(pages, key=lambda page: (page.order, page.slug))
    by_slug: dict[str, ConsolePage] = {}
    for page in ordered:
        if page.slug in by_slug:
            raise ValueError(f"two console pages are called {page.slug!r}")
        by_slug[page.slug] = page
    home = next((page for page in ordered if page.home), ordered[0] if ordered else None)
    roots: dict[str, Path] = {"core": CONSOLE_STATIC}
    roots.update({page.slug: page.static for page in ordered if page.static is not None})

    env = Environment(
        loader=ChoiceLoader(
            [
                FileSystemLoader(CONSOLE_TEMPLATES),
                PrefixLoader({page.slug: FileSystemLoader(page.templates) for page in ordered}),
            ]
        ),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )

    def asset(owner: str, name: str) -> str:
        """The URL of a static file, with its content hash (so it can be cached for good)."""
        path = _safe_file(roots[owner], name)
        return f"/console/static/{owner}/{name}?v={_digest(path, path.stat().st_mtime_ns)}"

    env.globals["asset"] = asset
    nav = [
        {"slug": page.slug, "title": page.title, "href": "/" if page is home else f"/console/{page.slug}"}
        for page in ordered
    ]
    tokens_required = bool(getattr(settings, "read_token_list", None))

    async def render(request: Request, page: ConsolePage) -> HTMLResponse:
        extra: Mapping[str, Any] = {}
        if page.context is not None:
            produced = page.context(request)
            extra = await produced if inspect.isawaitable(produced) else produced
        html = env.get_template(f"{page.slug}/{page.template}").render(
            page=page,
            nav=nav,
            tokens_required=tokens_required,
            scripts=[asset(page.slug, name) for name in page.scripts],
            styles=[asset(page.slug, name) for name in page.styles],
            **extra,
        )
        return HTMLResponse(
            html,
            headers={
                "Content-Security-Policy": CSP,
                "Cache-Control": "no-cache",
                "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "no-referrer",
            },
        )

    router = APIRouter(tags=["console"], include_in_schema=False)

    if home is not None:

        @router.get("/", response_class=HTMLResponse)
        async def console_home(request: Request) -> HTMLResponse:
            """The console's first page (Ask)."""
            return await render(request, home)

    @router.get("/console/{slug}", response_class=HTMLResponse)
    async def console_page(slug: str, request: Request) -> HTMLResponse:
        """One console page by its slug."""
        page = by_slug.get(slug)
        if page is None:
            raise ApiError(404, f"нет такой страницы консоли: {slug}", "not_found")
        return await render(request, page)

    @router.get("/console/static/{owner}/{path:path}")
    async def console_static(owner: str, path: str) -> FileResponse:
        """A static file of the console (``core``) or of a page (its slug)."""
        root = roots.get(owner)
        if root is None:
            raise ApiError(404, "файл не найден", "not_found")
        file = _safe_file(root, path)
        return FileResponse(
            file,
            media_type=_MEDIA[file.suffix],
            headers={"Cache-Control": _CACHE, "X-Content-Type-Options": "nosniff"},
        )

    return router
