"""Unit tests of the scripting helpers: reply queues, schema-driven instances, hash embeddings."""

from __future__ import annotations

import math
from datetime import date, datetime
from enum import StrEnum
from typing import Literal

import jsonschema
import pytest
from pydantic import BaseModel, Field

from agentcore.testing.script import (
    FakeScript,
    RawReply,
    TextReply,
    ToolCall,
    ToolCallsReply,
    hash_embedding,
    minimal_instance,
)


def test_package_reexports() -> None:
    import agentcore.testing as testing

    assert {"create_fake_gigachat", "create_fake_openai", "FakeScript", "FaultPlan", "Fault"} <= set(testing.__all__)
    assert all(hasattr(testing, name) for name in testing.__all__)


# --- FakeScript ---------------------------------------------------------------------------------------


def test_replies_are_consumed_in_order_per_endpoint() -> None:
    script = FakeScript().text("один").tool_call("f", {"a": 1}).raw({"x": 1}, endpoint="embeddings")
    script.add("два")
    assert script.pending() == 3
    assert script.pending("embeddings") == 1
    assert script.next("chat", {}) == TextReply("один")
    assert script.next("chat", {}) == ToolCallsReply((ToolCall("f", {"a": 1}),))
    assert script.next("chat", {}) == TextReply("два")
    assert script.next("chat", {}) is None
    assert script.next("embeddings", {}) == RawReply({"x": 1})


def test_callables_get_the_request_and_may_defer_to_the_default() -> None:
    seen: list[object] = []

    def echo(request: dict[str, str]) -> str:
        seen.append(request)
        return request["q"].upper()

    script = FakeScript().dynamic(echo).dynamic(lambda request: None)
    assert script.next("chat", {"q": "ok"}) == TextReply("OK")
    assert script.next("chat", {}) is None
    assert seen == [{"q": "ok"}]


def test_json_and_parallel_calls_helpers() -> None:
    script = FakeScript().json({"ответ": 1}).tool_calls(("a", {}), ToolCall("b", {"x": 2}, id="call_1"))
    assert script.next("chat", {}) == TextReply('{"ответ": 1}')
    reply = script.next("chat", {})
    assert isinstance(reply, ToolCallsReply)
    assert [c.name for c in reply.calls] == ["a", "b"]
    assert reply.calls[1].id == "call_1"


def test_bad_entries_are_rejected() -> None:
    with pytest.raises(TypeError):
        FakeScript().add({"not": "a reply"})
    with pytest.raises(ValueError):
        FakeScript().tool_calls()
    script = FakeScript().dynamic(lambda request: 42)
    with pytest.raises(TypeError):
        script.next("chat", {})


def test_clear() -> None:
    script = FakeScript().text("a").text("b", endpoint="x")
    script.clear()
    assert script.pending() == 0
    assert script.pending("x") == 0


# --- minimal_instance -----------------------------------------------------------------------------------


def test_primitives_and_required_only() -> None:
    schema = {
        "type": "object",
        "properties": {
            "s": {"type": "string"},
            "i": {"type": "integer"},
            "n": {"type": "number"},
            "b": {"type": "boolean"},
            "e": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "c": {"const": "fixed"},
            "optional": {"type": "string"},
        },
        "required": ["s", "i", "n", "b", "e", "c"],
    }
    assert minimal_instance(schema) == {"s": "x", "i": 0, "n": 0, "b": False, "e": "celsius", "c": "fixed"}


def test_nested_arrays_refs_any_of_all_of() -> None:
    schema = {
        "$defs": {
            "Item": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]},
        },
        "type": "object",
        "properties": {
            "items": {"type": "array", "items": {"$ref": "#/$defs/Item"}, "minItems": 2},
            "empty": {"type": "array", "items": {"type": "string"}},
            "maybe": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/Item"}]},
            "nullable": {"type": ["null", "string"]},
            "merged": {
                "allOf": [{"$ref": "#/$defs/Item"}, {"properties": {"t": {"type": "string"}}, "required": ["t"]}]
            },
        },
        "required": ["items", "empty", "maybe", "nullable", "merged"],
    }
    value = minimal_instance(schema)
    assert value == {
        "items": [{"id": 0}, {"id": 0}],
        "empty": [],
        "maybe": {"id": 0},
        "nullable": "x",
        "merged": {"id": 0, "t": "x"},
    }
    jsonschema.validate(value, schema)


def test_bounds_and_formats() -> None:
    schema = {
        "type": "object",
        "properties": {
            "age": {"type": "integer", "minimum": 18},
            "neg": {"type": "integer", "maximum": -3},
            "pos": {"type": "number", "exclusiveMinimum": 0},
            "code": {"type": "string", "minLength": 3},
            "when": {"type": "string", "format": "date-time"},
            "mail": {"type": "string", "format": "email"},
        },
        "required": ["age", "neg", "pos", "code", "when", "mail"],
    }
    value = minimal_instance(schema)
    assert value["age"] == 18
    assert value["neg"] == -3
    assert value["pos"] > 0
    assert value["code"] == "xxx"
    jsonschema.validate(value, schema, format_checker=jsonschema.FormatChecker())


def test_recursive_schema_terminates() -> None:
    schema = {
        "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}, "required": ["next"]}},
        "$ref": "#/$defs/Node",
    }
    value = minimal_instance(schema)
    depth = 0
    while isinstance(value, dict):
        value = value["next"]
        depth += 1
    assert value is None
    assert depth > 3


class Colour(StrEnum):
    RED = "red"
    GREEN = "green"


class Address(BaseModel):
    city: str
    zip_code: str = Field(min_length=6, max_length=6)


class Order(BaseModel):
    id: int = Field(ge=1)
    colour: Colour
    kind: Literal["a", "b"]
    address: Address
    history: list[Address]
    note: str | None
    created: datetime
    due: date
    optional: int = 5


def test_pydantic_models_validate() -> None:
    value = minimal_instance(Order.model_json_schema())
    order = Order.model_validate(value)
    assert order.id == 1
    assert order.colour is Colour.RED
    assert order.address.zip_code == "xxxxxx"
    assert "optional" not in value


# --- hash_embedding -------------------------------------------------------------------------------------


def _cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True)) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


def test_embeddings_are_deterministic_and_sized() -> None:
    first = hash_embedding("Договор поставки", 64, normalize=True)
    assert first == hash_embedding("договор поставки", 64, normalize=True)
    assert len(first) == 64
    assert math.isclose(math.sqrt(sum(v * v for v in first)), 1.0, rel_tol=1e-5)
    assert len(hash_embedding("", 16, normalize=False)) == 16


def test_shared_words_make_vectors_similar() -> None:
    query = hash_embedding("срок поставки товара", 256, normalize=True)
    related = hash_embedding("поставки товара по договору", 256, normalize=True)
    unrelated = hash_embedding("погода в Москве", 256, normalize=True)
    assert _cosine(query, related) > 0.4
    assert abs(_cosine(query, unrelated)) < 0.3
