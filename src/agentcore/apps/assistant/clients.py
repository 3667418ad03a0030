"""HTTP clients of the RAG and Haiku services (seed 000, step 5). Each call has a timeout."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import httpx

from agentcore.llm import CALLS_HEADER, shared


class ServiceError(Exception):
    """The service answered with an ``error`` field (the seed's "Search error" / "Generation error").

    ``code`` is the body's machine-readable ``code`` field when it has one (e.g. ``theme_not_usable``).
    """

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class ServiceClient:
    """``GET /health`` and ``POST`` JSON to a service under ``base_url``.

    Transport problems, non-JSON bodies and error statuses without an ``error`` field raise ``httpx.HTTPError``
    or ``ValueError``; a JSON body with an ``error`` field raises :class:`ServiceError`.
    """

    def __init__(
        self,
        base_url: str,
        timeout: float = 30.0,
        client: httpx.Client | None = None,
        own_origins: Iterable[str] = (),
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.own_origins = tuple(own_origins)
        self._client = client or httpx.Client(timeout=timeout)

    def health(self) -> dict[str, Any]:
        """The ``/health`` JSON object.

        A non-2xx answer that still carries a JSON ``status`` (our RAG service says ``503 {"status": "error"}``)
        is returned as is, so the caller sees the reported status; other failures raise.
        """
        response = self._client.get(f"{self.base_url}/health")
        try:
            body = response.json()
        except ValueError:
            response.raise_for_status()
            raise
        if not response.is_success and not (isinstance(body, dict) and "status" in body):
            response.raise_for_status()
        if not isinstance(body, dict):
            raise ValueError(f"/health returned {type(body).__name__}, not an object")
        return body

    def post(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        """POST ``payload``; the JSON object of the answer.

        Inside a run's model-call trace (:func:`agentcore.llm._calls.recording`) a request to this deployment's own
        address (loopback, or ``own_origins``: ``AGENTCORE_CALLS_ORIGINS``) carries the trace's token, so a service
        of this process records its model calls into the run; a request to any other host never carries it.

        Raises:
            ServiceError: the body carries an ``error`` field (whatever the status).
            httpx.HTTPError / ValueError: transport failure, error status without ``error``, non-JSON body.
        """
        url = f"{self.base_url}{path}"
        with shared(url, self.own_origins) as token:
            headers = {CALLS_HEADER: token} if token else None
            response = self._client.post(url, json=payload, headers=headers)
        try:
            body = response.json()
        except ValueError:
            response.raise_for_status()
            raise ValueError(f"{path} returned a non-JSON body") from None
        if isinstance(body, dict) and body.get("error"):
            code = body.get("code")
            raise ServiceError(str(body["error"]), str(code) if code else None)
        response.raise_for_status()
        if not isinstance(body, dict):
            raise ValueError(f"{path} returned {type(body).__name__}, not an object")
        return body

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()
