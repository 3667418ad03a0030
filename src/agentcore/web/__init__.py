"""The one set of HTTP rules every route of every system follows.

* :mod:`agentcore.web.errors` — the error body ``{"error": "<Russian message>", "code": "<machine code>"}``,
  :class:`ApiError` to raise from routes, the exception handlers that turn every failure into that body;
* :mod:`agentcore.web.models` — :class:`StrictModel` for request bodies and the :data:`Text` string type;
* :mod:`agentcore.web.limits` — the request-body size limit (413);
* :mod:`agentcore.web.auth` — constant-time token checks and the admin-token dependency;
* :mod:`agentcore.web.app` — :func:`create_base_app`: FastAPI with offline docs, the handlers and the limit.

Each system contributes an ``APIRouter``; :mod:`agentcore.server` includes them all into one app.
"""

from agentcore.lazy import lazy_exports

# Lazy (PEP 562): a module that needs only agentcore.web.models (pydantic), such as the Scrum backend's models, or
# the command line's `ask`, must not import FastAPI through this package's root.
_EXPORTS = {
    name: "agentcore.web.errors"
    for name in ("ApiError", "ErrorBody", "error_response", "error_responses", "install_error_handlers")
}
__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
