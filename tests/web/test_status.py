"""The edge's one error map: every library error answers with a status, a code and a Russian message."""

from __future__ import annotations

import pytest

from agentcore.agents.events import ErrorEvent, EventFactory
from agentcore.apps.rag.http import rag_api_error
from agentcore.llm import TokenBudgetExhausted
from agentcore.llm import errors as llm_errors
from agentcore.rag import errors as rag_errors
from agentcore.util.redact import redact_public
from agentcore.web.errors import upstream_error
from agentcore.web.status import (
    EDGE_STATUS,
    LIBRARY_FACES,
    ErrorFace,
    StatusMap,
    answer_for,
    answer_for_event,
    public_event,
    upstream_status,
)


def _subclasses(root: type[BaseException]) -> list[type[BaseException]]:
    found, todo = [], [root]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def _llm_instance(cls: type[BaseException]) -> BaseException:
    if issubclass(cls, llm_errors.LLMHTTPError):
        return cls(429 if cls is llm_errors.LLMRateLimitError else 500, "boom https://llm.example/v1", retry_after=7.2)
    if issubclass(cls, llm_errors.LLMCircuitOpenError):
        return cls("open", retry_after=12.5)
    if issubclass(cls, llm_errors.StructuredOutputError):
        return cls("bad", "raw", "field required", 3)
    return cls("сбой https://llm.example/v1")


LLM_ERRORS = [c for c in _subclasses(llm_errors.LLMError) if c.__module__ == llm_errors.__name__]

# The status each model error carried (``http_status``) before the map moved to the edge: the answers stay these.
LLM_STATUS_BEFORE = {
    "LLMError": 502,
    "LLMConfigError": 503,
    "LLMTransportError": 502,
    "LLMTimeoutError": 504,
    "LLMCircuitOpenError": 503,
    "LLMHTTPError": 502,
    "LLMAuthError": 502,
    "LLMRateLimitError": 503,
    "LLMResponseError": 502,
    "StructuredOutputError": 502,
    "NoOfflineHandlerError": 500,
}
RAG_ERRORS = [c for c in _subclasses(rag_errors.RetrievalError) if c.__module__ == rag_errors.__name__]


@pytest.mark.parametrize("cls", LLM_ERRORS, ids=lambda c: c.__name__)
def test_model_failures_answer_with_their_public_face(cls: type[BaseException]) -> None:
    error = _llm_instance(cls)
    answer = answer_for(error)
    # The status and code each model error was answered with before the map moved to the edge.
    assert (answer.status_code, answer.code) == (LLM_STATUS_BEFORE[cls.__name__], error.code)  # type: ignore[attr-defined]
    assert not hasattr(error, "http_status")  # the library's errors know nothing of HTTP
    assert answer.message == redact_public(error.public_message)  # type: ignore[attr-defined]
    assert "llm.example" not in answer.message
    expected_retry = answer.status_code == 503 and getattr(error, "retry_after", None) is not None
    assert ("Retry-After" in answer.headers) == expected_retry
    assert upstream_error(error).code == answer.code  # type: ignore[arg-type]


def test_every_model_error_is_in_the_table() -> None:
    assert {cls.__name__ for cls in LLM_ERRORS} == set(LLM_STATUS_BEFORE)


@pytest.mark.parametrize("cls", LLM_ERRORS, ids=lambda c: c.__name__)
def test_an_error_event_answers_like_the_error(cls: type[BaseException]) -> None:
    """A run a model failure ended carries the failure's code, no status: the edge maps the code back to the
    answer the error itself gets, and fills ``upstream.status`` of the event it sends out."""
    error = _llm_instance(cls)
    event = EventFactory("r1").llm_error(2, error)  # type: ignore[arg-type]
    assert event.upstream is not None and event.upstream.status is None
    direct, via_event = answer_for(error), answer_for_event(event)
    assert (via_event.status_code, via_event.code, via_event.headers) == (
        direct.status_code,
        direct.code,
        direct.headers,
    )
    sent = public_event(event)
    assert isinstance(sent, ErrorEvent) and sent.upstream is not None
    assert sent.upstream.status == direct.status_code == upstream_status(direct.code)
    assert sent.model_dump(exclude={"upstream"}) == event.model_dump(exclude={"upstream"})


def test_a_spent_token_budget_is_a_429() -> None:
    error = TokenBudgetExhausted("budget")
    answer = answer_for(error)
    assert (answer.status_code, answer.code) == (429, "token_budget_exhausted")
    assert answer_for_event(EventFactory("r").llm_error(1, error)).status_code == 429


def test_upstream_codes_map_through_model_errors_only() -> None:
    """An app's error may reuse a model error's code with another status (Scrum's ``llm_unavailable`` is 502): the
    status of an event's upstream failure stays the model error's (an open circuit: 503)."""
    faces = StatusMap(LIBRARY_FACES)
    faces.register(type("ScrumLike", (Exception,), {}), ErrorFace(502, "llm_unavailable", str))
    assert faces.upstream_status("llm_unavailable") == 503
    assert faces.upstream_status("no_such_code") == 502


def test_other_events_leave_unchanged() -> None:
    events = EventFactory("r")
    for event in (events.error(1, "стоп", "max_steps"), events.final(1, "ответ")):
        assert public_event(event) is event


def test_a_prefix_gives_context_and_retry_after_survives() -> None:
    error = llm_errors.LLMRateLimitError(429, "slow down", retry_after=2.1)
    answer = answer_for(error, prefix="Ошибка LLM при генерации хайку")
    assert answer.status_code == 503
    assert answer.message.startswith("Ошибка LLM при генерации хайку: ")
    assert answer.headers == {"Retry-After": "3"}


# What the RAG service answered before the map moved to the edge (each error class carried its status then).
RAG_ANSWERS = {
    "RetrievalError": (400, "rag_error"),
    "InvalidQueryError": (422, "invalid_query"),
    "InvalidCollectionNameError": (422, "invalid_collection_name"),
    "UnknownCollectionError": (404, "unknown_collection"),
    "EmptyCollectionError": (409, "empty_collection"),
    "DenseUnavailableError": (400, "dense_unavailable"),
    "IngestError": (400, "ingest_error"),
    "EmbedderError": (503, "embedder_unavailable"),
    "SearchBackendError": (503, "search_backend_unavailable"),
}


def test_every_retrieval_error_is_in_the_table() -> None:
    assert {cls.__name__ for cls in RAG_ERRORS} == set(RAG_ANSWERS)


@pytest.mark.parametrize("cls", RAG_ERRORS, ids=lambda c: c.__name__)
def test_retrieval_errors_answer_as_the_rag_service_did(cls: type[BaseException]) -> None:
    error = cls("коллекция недоступна: http://qdrant.internal:6333")
    answer = answer_for(error)
    assert (answer.status_code, answer.code) == RAG_ANSWERS[cls.__name__]
    assert answer.message.startswith("коллекция недоступна: ") and "qdrant.internal" not in answer.message
    assert not hasattr(error, "status_code")  # the library's errors know nothing of HTTP
    assert rag_api_error(error).code == answer.code  # type: ignore[arg-type]


def test_every_library_error_has_a_face() -> None:
    for cls in [*LLM_ERRORS, *RAG_ERRORS]:
        assert EDGE_STATUS.face_of(_llm_instance(cls) if cls in LLM_ERRORS else cls("x")) is not None, cls


def test_an_unknown_error_is_a_500_without_detail() -> None:
    answer = answer_for(RuntimeError("secret detail"))
    assert (answer.status_code, answer.code, answer.message) == (500, "internal_error", "внутренняя ошибка сервера")


def test_an_app_registers_its_own_errors_and_the_most_specific_wins() -> None:
    class AppError(Exception):
        pass

    class AppNotFound(AppError):
        pass

    faces = StatusMap({AppError: ErrorFace(400, "app_error", str)})
    faces.update({AppNotFound: ErrorFace(404, "not_found", lambda e: f"нет такого: {e}")})
    assert faces.answer(AppNotFound("команда")).status_code == 404
    assert faces.answer(AppNotFound("команда")).message == "нет такого: команда"
    assert faces.answer(AppError("плохо")).code == "app_error"
    assert not faces.knows(ValueError())
