"""Fuzz an ASGI app against its own OpenAPI document with schemathesis (tests and ``benchmarks/http_fuzz.py``).

Every operation gets positive (schema-valid) and negative (schema-invalid) requests, sent in-process over the ASGI
transport; each response goes through schemathesis's checks — no 5xx, status documented, body and headers conform,
valid data accepted, invalid data rejected — and :func:`error_body_on_4xx`.  Needs the dev dependency
``schemathesis`` (imported here, never by the package itself).

    report = fuzz_openapi(app, max_examples=30, seed=12)
    assert not report.failures, report.summary()
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FuzzReport", "error_body_on_4xx", "fuzz_openapi", "valid_data_accepted"]


# Statuses that may answer a schema-valid request (schemathesis's own list, plus 413 for a body over the limit).
_ACCEPTABLE_FOR_VALID = {401, 403, 404, 409, 413, 429}
REQUEST_TIMEOUT = 120.0
"""Seconds one fuzzed request may take (the ASGI transport's default is 10 s)."""

# 422 codes that say "well-formed, but its content cannot be served" — what no JSON schema can declare: a rule
# between fields, a haiku theme no word of the lexicon can carry.
CONTENT_CODES = frozenset({"invalid_combination", "theme_not_usable"})


def valid_data_accepted(response: Any) -> None:
    """A schema-valid request is not refused as invalid: 4xx only for auth, absence, conflicts, size and rate — or a
    422 whose code is one of :data:`CONTENT_CODES` (a rule between fields, e.g. an end before a start; content the
    service cannot use) — what JSON Schema cannot declare.

    Replaces schemathesis's ``positive_data_acceptance``, which cannot tell those 422s from the others.
    """
    status = response.status_code
    if 400 <= status < 500 and status not in _ACCEPTABLE_FOR_VALID:
        body = response.json()
        code = body.get("code") if isinstance(body, dict) else None
        assert status == 422 and code in CONTENT_CODES, (
            f"schema-valid request rejected with {status}: {response.text[:300]}"
        )


def error_body_on_4xx(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schemathesis check: every 4xx answer is JSON ``{"error": <non-empty str>, "code": <non-empty str>}`` — on the
    OpenAI-compatible ``/v1`` routes ``error`` is OpenAI's object ``{"message", "type", "param", "code"}``."""
    if 400 <= response.status_code < 500:
        body = response.json()
        assert isinstance(body, dict), f"4xx body is not an object: {body!r}"
        error = body.get("error")
        if isinstance(error, dict) and str(getattr(case, "path", "") or "").startswith("/v1"):
            error = error.get("message")
        assert isinstance(error, str) and error, f"4xx without 'error': {body!r}"
        assert isinstance(body.get("code"), str) and body["code"], f"4xx without 'code': {body!r}"
    return None


@dataclass
class FuzzReport:
    """What a fuzzing run did: cases per operation and mode, statuses seen, failures (operation → message)."""

    cases: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        """Requests sent."""
        return sum(self.cases.values())

    @property
    def server_errors(self) -> int:
        """5xx answers seen."""
        return sum(n for status, n in self.statuses.items() if status >= 500)

    def summary(self) -> str:
        """A few lines for a report or an assertion message."""
        statuses = ", ".join(f"{status}: {n}" for status, n in sorted(self.statuses.items()))
        lines = [
            f"{self.total} requests to {len({key.rsplit(' ', 1)[0] for key in self.cases})} operations "
            f"in {self.seconds:.1f} s; statuses {statuses}; 5xx: {self.server_errors}; failures: {len(self.failures)}"
        ]
        lines += [f"FAILED {operation}: {message[:2000]}" for operation, message in self.failures.items()]
        return "\n".join(lines)


def _runner(report: FuzzReport, key: str, headers: Mapping[str, str] | None, positive: bool) -> Any:
    def run(case: Any) -> None:
        report.cases[key] += 1
        # A first request may load a model (the Scrum and assistant routers embed their examples once): on a busy
        # machine that takes longer than the transport's default 10 s, and a timeout there is no finding.
        sent = dict(headers or {})
        response = case.call(headers=sent, timeout=REQUEST_TIMEOUT)
        # Counted before the checks: a 5xx stays in the figures even when its failure cannot be replayed.
        report.statuses[response.status_code] += 1
        case.validate_response(response, headers=sent, additional_checks=[error_body_on_4xx])
        if positive:
            valid_data_accepted(response)

    return run


def fuzz_openapi(
    app: Any,
    *,
    max_examples: int = 30,
    seed: int | None = None,
    headers: Mapping[str, str] | None = None,
    openapi_path: str = "/openapi.json",
) -> FuzzReport:
    """Fuzz every operation of ``app``'s OpenAPI document.

    Args:
        app: the ASGI app (its lifespan is not run: use apps that initialise lazily, as ours do).
        max_examples: examples per operation and generation mode (positive, negative).
        seed: a Hypothesis seed; ``None`` = derandomised (the same cases on every run).
        headers: sent with every request (e.g. an admin token, so admin routes are fuzzed past the auth check).
        openapi_path: where the app serves its document.
    """
    import schemathesis
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis.errors import Unsatisfiable
    from schemathesis.config._checks import NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES
    from schemathesis.generation.modes import GenerationMode

    # 413 (a body over AGENTCORE_MAX_BODY_BYTES) is a proper rejection of invalid data too.
    rejected = [*NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES, "413"]
    config = schemathesis.config.SchemathesisConfig.from_dict(
        {
            "checks": {
                "negative_data_rejection": {"expected-statuses": rejected},
                "positive_data_acceptance": {"enabled": False},  # valid_data_accepted instead
            }
        }
    )
    schema = schemathesis.openapi.from_asgi(openapi_path, app, config=config)
    report = FuzzReport()
    started = time.monotonic()
    from schemathesis.core.result import Err

    for result in schema.get_all_operations():
        if isinstance(result, Err):  # a broken operation schema is itself a failure
            report.failures[f"schema {len(report.failures)}"] = f"invalid operation schema: {result.err()}"
            continue
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            key = f"{operation.label} {mode.value}"
            test = given(case=operation.as_strategy(generation_mode=mode))(
                _runner(report, key, headers, positive=mode is GenerationMode.POSITIVE)
            )
            test = settings(
                max_examples=max_examples,
                derandomize=seed is None,
                database=None,
                deadline=None,
                suppress_health_check=list(HealthCheck),
                phases=[Phase.explicit, Phase.generate, Phase.shrink],
            )(test)
            if seed is not None:
                test = hypothesis_seed(seed)(test)
            try:
                test()
            except Unsatisfiable:
                if mode is GenerationMode.POSITIVE:
                    report.failures[key] = "no valid request can be generated from the schema"
                # else: nothing in the request can be invalid (no parameters, no body)
            except (Exception, BaseExceptionGroup) as exc:  # one operation's failure must not hide the others'
                report.failures[key] = _describe(exc)
    report.seconds = time.monotonic() - started
    return report


def _describe(exc: BaseException) -> str:
    """An exception for the report: its type and message, and those of each exception it groups (a Hypothesis
    FlakyFailure — a case that did not fail again when replayed — holds the failures it saw: they say why)."""
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, BaseExceptionGroup):
        for sub in exc.exceptions:
            # Hypothesis wraps a BaseException (a cancellation, pytest's Failed) in an empty Exception: name the cause.
            shown = sub.__cause__ if type(sub).__name__ == "_WrappedBaseException" and sub.__cause__ else sub
            trace = "".join(traceback.format_exception(shown)[-6:])
            text += f"\n  - {type(shown).__name__}: {str(shown)[:500]}\n{trace}"
    return text
