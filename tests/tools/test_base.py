import asyncio
import threading
from datetime import UTC, datetime
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, Field

from agentcore.llm.models import LLMTool
from agentcore.tools.base import (
    FunctionTool,
    ModelTool,
    Tool,
    ToolArgumentsError,
    ToolError,
    check_tool_name,
    model_schema,
    parse_docstring,
)

# --- hand-written schema -----------------------------------------------------------------------------


class SearchTool(Tool):
    name = "rag_search"
    description = "Поиск по базе знаний"

    @property
    def parameters_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "question": {"type": "string", "minLength": 1, "maxLength": 30},
                "top_k": {"type": "integer", "minimum": 1, "default": 2},
                "when": {"type": "string", "format": "date-time"},
            },
            "required": ["question"],
            "additionalProperties": False,
        }

    async def execute(self, **kwargs: Any) -> Any:
        return kwargs


def test_schema_tool_returns_arguments_with_defaults() -> None:
    assert SearchTool().validate_arguments({"question": "Что такое RAG?"}) == {
        "question": "Что такое RAG?",
        "top_k": 2,
    }


def test_schema_tool_lists_every_problem() -> None:
    with pytest.raises(ToolArgumentsError) as info:
        SearchTool().validate_arguments({"top_k": 0, "extra": 1, "when": "yesterday"})
    error = info.value
    assert error.tool_name == "rag_search"
    assert len(error.problems) == 4
    text = str(error)
    assert text.startswith("Invalid arguments for tool 'rag_search': ")
    assert "'question' is a required property" in text
    assert "top_k: 0 is less than the minimum of 1" in text
    assert "'extra' was unexpected" in text
    assert "when: 'yesterday' is not a 'date-time'" in text


def test_schema_tool_checks_lengths() -> None:
    with pytest.raises(ToolArgumentsError, match="question: ''"):
        SearchTool().validate_arguments({"question": ""})
    with pytest.raises(ToolArgumentsError, match="is too long"):
        SearchTool().validate_arguments({"question": "x" * 31})


def test_non_mapping_arguments_are_rejected() -> None:
    with pytest.raises(ToolArgumentsError, match="expected an object, got list"):
        SearchTool().validate_arguments([1, 2])  # type: ignore[arg-type]


def test_invalid_schema_is_a_tool_error() -> None:
    class Broken(SearchTool):
        @property
        def parameters_schema(self) -> dict[str, Any]:
            return {"type": "object", "properties": {"a": {"type": "no-such-type"}}}

    with pytest.raises(ToolError, match="invalid parameters schema") as info:
        Broken().validate_arguments({"a": 1})
    assert not isinstance(info.value, ToolArgumentsError)


def test_to_llm_tool() -> None:
    llm_tool = SearchTool().to_llm_tool()
    assert isinstance(llm_tool, LLMTool)
    assert llm_tool.name == "rag_search"
    assert llm_tool.description == "Поиск по базе знаний"
    assert llm_tool.parameters["required"] == ["question"]


def test_default_schema_is_an_empty_object() -> None:
    class NoArgs(Tool):
        name = "ping"

        async def execute(self, **kwargs: Any) -> Any:
            return "pong"

    tool = NoArgs()
    assert tool.parameters_schema == {"type": "object", "properties": {}}
    assert tool.validate_arguments({}) == {}
    assert repr(tool) == "NoArgs(name='ping')"


def test_tool_is_abstract() -> None:
    with pytest.raises(TypeError):
        Tool()  # type: ignore[abstract]


# --- pydantic model ----------------------------------------------------------------------------------


class HaikuArgs(BaseModel):
    theme: str = Field(min_length=1, max_length=20, description="тема хайку")
    lines: int = 3


class HaikuTool(ModelTool):
    name = "generate_haiku"
    description = "Сочинить хайку"
    args_model = HaikuArgs

    async def execute(self, **kwargs: Any) -> Any:
        args = self.args_model.model_validate(kwargs)
        return f"{args.theme}/{kwargs['lines']}"


def test_model_tool_schema_comes_from_the_model() -> None:
    schema = HaikuTool().parameters_schema
    assert schema["properties"]["theme"]["description"] == "тема хайку"
    assert schema["required"] == ["theme"]
    schema["properties"].clear()  # callers get a copy
    assert HaikuTool().parameters_schema["properties"]


def test_model_tool_validates_and_coerces() -> None:
    assert HaikuTool().validate_arguments({"theme": "осень", "lines": "5"}) == {"theme": "осень", "lines": 5}


def test_model_tool_lists_every_problem() -> None:
    with pytest.raises(ToolArgumentsError) as info:
        HaikuTool().validate_arguments({"lines": "many"})
    assert info.value.problems == [
        "theme: Field required",
        "lines: Input should be a valid integer, unable to parse string as an integer (got 'many')",
    ]


def test_model_tool_problem_input_is_shortened() -> None:
    with pytest.raises(ToolArgumentsError) as info:
        HaikuTool().validate_arguments({"theme": "x" * 500})
    assert len(str(info.value)) < 200


async def test_model_tool_executes() -> None:
    tool = HaikuTool()
    assert await tool.execute(**tool.validate_arguments({"theme": "луна"})) == "луна/3"


def test_model_tool_without_model_fails_clearly() -> None:
    class NoModel(ModelTool):
        name = "x"

        async def execute(self, **kwargs: Any) -> Any:
            return None

    with pytest.raises(TypeError, match="must set args_model"):
        _ = NoModel().parameters_schema


def test_model_schema_inlines_defs() -> None:
    class Inner(BaseModel):
        x: int

    class Outer(BaseModel):
        inner: Inner

    schema = model_schema(Outer)
    assert "Inner" in schema["$defs"]
    assert schema["properties"]["inner"] == {"$ref": "#/$defs/Inner"}


# --- functions ---------------------------------------------------------------------------------------


class Item(BaseModel):
    sku: str


def lookup(
    question: str,
    top_k: int = 2,
    when: datetime | None = None,
    item: Item | None = None,
    depth: Annotated[int, Field(ge=0)] = 0,
    mode: str = Field("fast", description="fast or slow"),
    **ignored: Any,
) -> dict[str, Any]:
    """Find documents.

    Looks in the knowledge base.

    Args:
        question: what to look for,
            in Russian.
        top_k (int): how many documents.
        depth: how deep.
        mode: overridden by the Field description.

    Returns:
        the documents.
    """
    return {"question": question, "top_k": top_k, "when": when, "item": item, "depth": depth, "mode": mode}


def test_function_tool_schema_from_signature_and_docstring() -> None:
    tool = FunctionTool(lookup)
    assert tool.name == "lookup"
    assert tool.description == "Find documents.\n\nLooks in the knowledge base."
    props = tool.parameters_schema["properties"]
    assert set(props) == {"question", "top_k", "when", "item", "depth", "mode"}
    assert tool.parameters_schema["required"] == ["question"]
    assert props["question"]["description"] == "what to look for, in Russian."
    assert props["top_k"] == {"default": 2, "description": "how many documents.", "title": "Top K", "type": "integer"}
    assert props["depth"]["minimum"] == 0
    assert props["depth"]["description"] == "how deep."
    assert props["mode"]["description"] == "fast or slow"


async def test_function_tool_passes_validated_objects() -> None:
    tool = FunctionTool(lookup)
    kwargs = tool.validate_arguments({"question": "q", "when": "2026-01-01T00:00:00Z", "item": {"sku": "A1"}})
    result = await tool.execute(**kwargs)
    assert result["when"] == datetime(2026, 1, 1, tzinfo=UTC)
    assert result["item"] == Item(sku="A1")
    assert result["top_k"] == 2


def test_function_tool_reports_problems() -> None:
    with pytest.raises(ToolArgumentsError) as info:
        FunctionTool(lookup).validate_arguments({"depth": -1})
    assert info.value.problems[0] == "question: Field required"
    assert info.value.problems[1].startswith("depth: Input should be greater than or equal to 0")


def test_function_tool_overrides_and_unannotated_parameters() -> None:
    def f(a, b=1):  # type: ignore[no-untyped-def]
        return a

    tool = FunctionTool(f, name="custom", description="Custom tool")
    assert (tool.name, tool.description) == ("custom", "Custom tool")
    assert tool.validate_arguments({"a": [1]}) == {"a": [1], "b": 1}
    assert FunctionTool(f).description == ""


def test_function_tool_awkward_parameter_names_keep_their_names() -> None:
    def f(json: str, _private: int = 1, model_name: str = "m") -> tuple[str, int, str]:
        return json, _private, model_name

    tool = FunctionTool(f)
    assert set(tool.parameters_schema["properties"]) == {"json", "_private", "model_name"}
    kwargs = tool.validate_arguments({"json": "j", "_private": 2, "model_name": "x"})
    assert kwargs == {"json": "j", "_private": 2, "model_name": "x"}
    assert asyncio.run(tool.execute(**kwargs)) == ("j", 2, "x")


async def test_function_tool_async_function() -> None:
    async def add(a: int, b: int) -> int:
        """Add two numbers."""
        await asyncio.sleep(0)
        return a + b

    tool = FunctionTool(add)
    assert tool.description == "Add two numbers."
    assert await tool.execute(**tool.validate_arguments({"a": "2", "b": 3})) == 5


async def test_sync_function_runs_in_a_worker_thread_by_default() -> None:
    def where() -> str:
        return threading.current_thread().name

    main = threading.current_thread().name
    assert await FunctionTool(where).execute() != main
    assert await FunctionTool(where, run_in_thread=False).execute() == main


async def test_callable_object_with_async_call() -> None:
    class Greeter:
        async def __call__(self, name: str) -> str:
            return f"Привет, {name}"

    tool = FunctionTool(Greeter(), name="greet")
    assert tool.parameters_schema["required"] == ["name"]
    assert await tool.execute(name="Аня") == "Привет, Аня"


def test_function_tool_rejects_what_it_cannot_call() -> None:
    def positional(a: int, /) -> int:
        return a

    def star(*args: int) -> int:
        return 0

    with pytest.raises(TypeError, match="cannot be passed by keyword"):
        FunctionTool(positional)
    with pytest.raises(TypeError):
        FunctionTool(star)
    with pytest.raises(ValueError, match="invalid tool name"):
        FunctionTool(lambda: None)


@pytest.mark.parametrize("name", ["get_time", "rag-search", "A1", "x" * 64])
def test_valid_tool_names(name: str) -> None:
    assert check_tool_name(name) == name


@pytest.mark.parametrize("name", ["", "has space", "точка", "x" * 65, "a.b"])
def test_invalid_tool_names(name: str) -> None:
    with pytest.raises(ValueError):
        check_tool_name(name)


def test_parse_docstring_sphinx_style() -> None:
    description, params = parse_docstring(
        """Do it.

        :param a: first
            continued
        :param int b: second
        :returns: nothing
        """
    )
    assert description == "Do it."
    assert params == {"a": "first continued", "b": "second"}


def test_parse_docstring_without_sections() -> None:
    assert parse_docstring("Just text.\n\nMore.") == ("Just text.\n\nMore.", {})
    assert parse_docstring("") == ("", {})
