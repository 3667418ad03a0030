"""The OpenAPI fuzzer's report: a failure is reported with the exceptions it groups (a Hypothesis FlakyFailure — a
case that did not fail again when replayed — says why only through them), and every status, a 5xx included, is
counted before the checks run."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from agentcore.testing.fuzz import fuzz_openapi


class Body(BaseModel):
    n: int


def test_a_server_error_is_reported_with_its_findings_and_counted() -> None:
    app = FastAPI()

    @app.post("/x", responses={400: {"description": "bad"}})
    def x(body: Body) -> JSONResponse:
        return JSONResponse({"error": "boom", "code": "boom"}, status_code=500)

    report = fuzz_openapi(app, max_examples=5)
    message = report.failures["POST /x positive"]
    assert "\n  - " in message and "Server error" in message  # the grouped findings, one per line
    assert report.server_errors > 0  # counted although the checks failed the case


def test_a_base_exception_in_a_flaky_failure_is_named_with_its_place() -> None:
    from hypothesis.errors import FlakyFailure

    from agentcore.testing.fuzz import _describe

    class Interrupted(BaseException):
        """Not an Exception, as a cancellation or pytest's Failed are not."""

    try:
        raise Interrupted("interrupted once")
    except Interrupted as exc:
        seen = exc
    # Hypothesis wraps a BaseException in an empty _WrappedBaseException; the report names the real one and where.
    message = _describe(FlakyFailure("Failed on the first call but did not on a subsequent one", [seen]))
    assert "Interrupted: interrupted once" in message and "test_fuzz.py" in message
