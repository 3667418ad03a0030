"""The one set of HTTP rules: error format, strict bodies, body limit, admin tokens, offline docs."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import Depends, FastAPI
from fastapi.testclient import TestClient
from pydantic import Field, SecretStr, model_validator

from agentcore.config import Settings
from agentcore.serving import BackgroundServer
from agentcore.web.app import create_base_app
from agentcore.web.auth import require_admin, require_reader, tokens_match
from agentcore.web.errors import ApiError, error_responses, upstream_error, validation_message
from agentcore.web.models import StrictModel, Text


class Body(StrictModel):
    name: Text = Field(min_length=1, max_length=50)
    top_k: int = Field(2, ge=1, le=10)


def _app(settings: Settings) -> FastAPI:
    app = create_base_app(settings, title="test")

    @app.post("/echo", responses=error_responses(400, 415, 422))
    def echo(body: Body) -> dict[str, Any]:
        return body.model_dump()

    @app.get("/teapot")
    def teapot() -> None:
        raise ApiError(409, "коллекция пуста", "empty_collection", {"Retry-After": "3"})

    @app.get("/crash")
    def crash() -> None:
        raise RuntimeError("secret-detail sk-12345")

    @app.post("/admin", dependencies=[Depends(require_admin)])
    def admin() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/read", dependencies=[Depends(require_reader)])
    def read() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/upstream")
    def upstream() -> None:
        from agentcore.llm.errors import LLMCircuitOpenError

        raise upstream_error(LLMCircuitOpenError("openai (http://10.1.2.3/v1): open", retry_after=12.2), "Поиск")

    return app


@pytest.fixture
def client(data_dir: object) -> TestClient:
    settings = Settings(max_body_bytes=2048, admin_tokens=SecretStr("tok-a, tok-b"))
    return TestClient(_app(settings), raise_server_exceptions=False)


def _is_error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and body["code"] == code and body["error"]
    return body


def test_valid_body_passes(client: TestClient) -> None:
    assert client.post("/echo", json={"name": "x"}).json() == {"name": "x", "top_k": 2}


def test_invalid_json_is_400(client: TestClient) -> None:
    response = client.post("/echo", content=b'{"name": ', headers={"Content-Type": "application/json"})
    _is_error(response, 400, "invalid_json")


def test_deeply_nested_json_is_400_not_500(client: TestClient) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    response = TestClient(_app(Settings(max_body_bytes=10**6)), raise_server_exceptions=False).post(
        "/echo", content=deep, headers={"Content-Type": "application/json"}
    )
    assert response.status_code in (400, 422) and response.json()["code"] in ("invalid_json", "validation_error")


def test_body_without_json_content_type_is_415(client: TestClient) -> None:
    _is_error(client.post("/echo", content=b'{"name": "x"}'), 415, "unsupported_media_type")
    _is_error(
        client.post("/echo", content=b'{"name": "x"}', headers={"Content-Type": "text/plain"}),
        415,
        "unsupported_media_type",
    )


@pytest.mark.parametrize(
    "body",
    [{"name": "x", "top_k": True}, {"name": "x", "top_k": "3"}, {"name": "x", "extra": 1}, {"name": ""}, {}, []],
)
def test_strict_validation_is_422(client: TestClient, body: Any) -> None:
    _is_error(client.post("/echo", json=body), 422, "validation_error")


def test_long_input_is_not_echoed(client: TestClient) -> None:
    response = client.post("/echo", json={"name": "я" * 600})
    body = _is_error(response, 422, "validation_error")
    assert "яяяяяяяяяя" not in body["error"] and len(response.content) < 600


def test_lone_surrogate_is_422(client: TestClient) -> None:
    response = client.post("/echo", content=b'{"name": "\\ud800"}', headers={"Content-Type": "application/json"})
    _is_error(response, 422, "validation_error")


def test_api_error_keeps_status_code_and_headers(client: TestClient) -> None:
    response = client.get("/teapot")
    assert _is_error(response, 409, "empty_collection")["error"] == "коллекция пуста"
    assert response.headers["retry-after"] == "3"


def test_unexpected_error_is_500_without_detail(client: TestClient) -> None:
    response = client.get("/crash")
    _is_error(response, 500, "internal_error")
    assert "secret" not in response.text and "sk-" not in response.text


def test_unknown_route_and_wrong_method(client: TestClient) -> None:
    _is_error(client.get("/nope"), 404, "not_found")
    response = client.get("/echo")
    _is_error(response, 405, "method_not_allowed")
    assert response.headers["allow"] == "POST"


def test_declared_oversized_body_is_413(client: TestClient) -> None:
    _is_error(client.post("/echo", json={"name": "x" * 5000}), 413, "payload_too_large")


def test_streamed_oversized_body_is_413_over_a_real_socket(data_dir: object) -> None:
    settings = Settings(max_body_bytes=4096)

    def chunks() -> Any:
        for _ in range(100):
            yield b"x" * 1024

    with BackgroundServer(_app(settings)) as server:
        response = httpx.post(
            server.url + "/echo", content=chunks(), headers={"Content-Type": "application/json"}, timeout=30
        )
    _is_error(response, 413, "payload_too_large")


def test_admin_route_needs_a_token(client: TestClient) -> None:
    _is_error(client.post("/admin"), 401, "unauthorized")
    _is_error(client.post("/admin", headers={"Authorization": "Bearer nope"}), 401, "unauthorized")
    assert client.post("/admin", headers={"Authorization": "Bearer tok-b"}).json() == {"ok": True}
    assert client.post("/admin", headers={"X-Admin-Token": "tok-a"}).json() == {"ok": True}


def test_admin_route_is_closed_without_configured_tokens(data_dir: object) -> None:
    client = TestClient(_app(Settings()), raise_server_exceptions=False)
    _is_error(client.post("/admin", headers={"Authorization": "Bearer x"}), 403, "admin_disabled")


def test_tokens_match() -> None:
    assert tokens_match("a", ["b", "a"])
    assert not tokens_match("a", ["b"])
    assert not tokens_match("", [""])
    assert not tokens_match(None, ["a"])


def test_docs_are_served_without_a_cdn(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and "cdn" not in page.text.lower()
    assert client.get("/openapi.json").json()["paths"]["/echo"]["post"]["responses"]["422"]
    schema = client.get("/openapi.json").json()["components"]["schemas"]["Body"]
    assert schema["additionalProperties"] is False
    assert schema["properties"]["name"]["maxLength"] == 50


def test_read_routes_are_open_by_default(client: TestClient) -> None:
    assert client.get("/read").json() == {"ok": True}


def test_read_routes_close_with_read_tokens(data_dir: object) -> None:
    settings = Settings(read_tokens=SecretStr("r-1,r-2"), admin_tokens=SecretStr("a-1"))
    client = TestClient(_app(settings), raise_server_exceptions=False)
    _is_error(client.get("/read"), 401, "unauthorized")
    _is_error(client.get("/read", headers={"Authorization": "Bearer nope"}), 401, "unauthorized")
    for headers in ({"Authorization": "Bearer r-2"}, {"X-API-Token": "r-1"}, {"Authorization": "Bearer a-1"}):
        assert client.get("/read", headers=headers).json() == {"ok": True}, headers
    assert client.post("/admin", headers={"Authorization": "Bearer r-1"}).status_code == 401  # read is not admin


def test_upstream_error_shows_the_public_face_only(client: TestClient) -> None:
    response = client.get("/upstream")
    body = _is_error(response, 503, "llm_unavailable")
    assert body["error"] == "Поиск: языковая модель временно недоступна"
    assert response.headers["retry-after"] == "13" and "10.1.2.3" not in response.text


def test_every_operation_documents_the_error_body(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path, operations in spec["paths"].items():
        for operation in operations.values():
            assert operation["responses"]["default"]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/ErrorBody"
            }, path
    assert "HTTPValidationError" not in str(spec)


@pytest.mark.parametrize(
    ("error", "message"),
    [
        ({"type": "missing", "loc": ("body", "name")}, "name: обязательное поле"),
        ({"type": "missing", "loc": ("body",)}, "тело: пустое тело запроса, ожидается JSON-объект"),
        ({"type": "extra_forbidden", "loc": ("body", "nmae")}, "nmae: неизвестное поле"),
        ({"type": "string_too_long", "loc": ("body", "q"), "ctx": {"max_length": 30}}, "q: не длиннее 30 символов"),
        # the noun agrees with the number (tryout 28 D4: «messages: не меньше 1 элементов»)
        ({"type": "string_too_long", "loc": ("body", "q"), "ctx": {"max_length": 21}}, "q: не длиннее 21 символа"),
        (
            {"type": "too_short", "loc": ("body", "messages"), "ctx": {"min_length": 1}},
            "messages: не меньше 1 элемента",
        ),
        ({"type": "too_long", "loc": ("body", "stop"), "ctx": {"max_length": 4}}, "stop: не больше 4 элементов"),
        ({"type": "string_too_short", "loc": ("body", "q"), "ctx": {"min_length": 1}}, "q: не может быть пустым"),
        # after «не короче / не меньше / …» the noun is genitive: singular after 1, 21, 31 …, plural otherwise
        ({"type": "string_too_short", "loc": ("body", "q"), "ctx": {"min_length": 21}}, "q: не короче 21 символа"),
        ({"type": "string_too_short", "loc": ("body", "q"), "ctx": {"min_length": 2}}, "q: не короче 2 символов"),
        ({"type": "too_short", "loc": ("body", "m"), "ctx": {"min_length": 5}}, "m: не меньше 5 элементов"),
        ({"type": "too_long", "loc": ("body", "m"), "ctx": {"max_length": 11}}, "m: не больше 11 элементов"),
        ({"type": "too_long", "loc": ("body", "m"), "ctx": {"max_length": 21}}, "m: не больше 21 элемента"),
        ({"type": "less_than_equal", "loc": ("body", "top_k"), "ctx": {"le": 50}}, "top_k: не больше 50"),
        ({"type": "int_type", "loc": ("body", "top_k")}, "top_k: ожидается целое число"),
        ({"type": "value_error", "loc": ("body", "q"), "msg": "Value error, свой текст"}, "q: свой текст"),
        ({"type": "something_new", "loc": ("body", "q"), "msg": "Some message"}, "q: Some message"),
        # a field named like a request part is still named (only the first segment says where the value came from)
        ({"type": "missing", "loc": ("body", "query")}, "query: обязательное поле"),
        ({"type": "int_parsing", "loc": ("query", "path")}, "path: ожидается целое число"),
    ],
)
def test_validation_messages_are_russian(error: dict[str, Any], message: str) -> None:
    assert validation_message([error]) == "некорректный запрос: " + message


class Period(StrictModel):
    start: int
    end: int

    @model_validator(mode="after")
    def _ordered(self) -> Period:
        if self.end < self.start:
            raise ValueError("конец раньше начала")
        return self


def test_a_rule_between_fields_is_422_invalid_combination(data_dir: object) -> None:
    app = create_base_app(Settings(), title="t")

    @app.post("/period")
    def period(body: Period) -> dict[str, int]:
        return body.model_dump()

    client = TestClient(app)
    body = _is_error(client.post("/period", json={"start": 5, "end": 1}), 422, "invalid_combination")
    assert "конец раньше начала" in body["error"]
    _is_error(client.post("/period", json={"start": "5", "end": 1}), 422, "validation_error")


def test_a_caller_that_names_a_field_otherwise_sees_its_own_name() -> None:
    # an MCP tool's argument (rag_search's query) is the route's body field `question`: the error names the argument
    errors = [
        {"type": "missing", "loc": ("body", "question")},
        {"type": "int_parsing", "loc": ("body", "question", 0)},
        {"type": "int_parsing", "loc": ("body", "top_k")},
    ]
    assert validation_message(errors, names={"question": "query"}) == (
        "некорректный запрос: query: обязательное поле; query.0: ожидается целое число; top_k: ожидается целое число"
    )
