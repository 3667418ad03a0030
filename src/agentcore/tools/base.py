"""The one tool protocol every system uses: a name, a description, a JSON Schema of parameters, ``execute``.

Three ways to define a tool:

- subclass :class:`Tool` and write ``parameters_schema`` by hand (validated with JSON Schema Draft 2020-12);
- subclass :class:`ModelTool` and describe the parameters with a pydantic model (``args_model``);
- wrap a plain (sync or async) function with :class:`FunctionTool`: the schema comes from its signature and
  the description from its docstring.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import inspect
import json
import re
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, Field, ValidationError, create_model
from pydantic.fields import FieldInfo

from agentcore.llm.models import LLMTool

if TYPE_CHECKING:  # jsonschema (≈100 modules) loads with the first hand-written schema to check, not at import
    from jsonschema import Draft202012Validator, FormatChecker
from agentcore.tools.errors import ToolArgumentsError, ToolError, ToolNotFoundError, ToolTimeoutError

__all__ = [
    "EMPTY_SCHEMA",
    "FunctionTool",
    "ModelTool",
    "Tool",
    "ToolArgumentsError",
    "ToolError",
    "ToolNotFoundError",
    "ToolTimeoutError",
    "check_tool_name",
    "model_schema",
    "parse_docstring",
]

EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}

# What OpenAI and GigaChat accept as a function name.
_NAME_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_INPUT_PREVIEW = 60


def check_tool_name(name: str) -> str:
    """Return ``name`` if providers accept it as a function name (``[A-Za-z0-9_-]{1,64}``).

    Raises:
        ValueError: the name is empty, too long or has other characters.
    """
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise ValueError(f"invalid tool name {name!r}: use 1-64 characters from [A-Za-z0-9_-]")
    return name


@functools.lru_cache(maxsize=256)
def _cached_model_schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def model_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema of a pydantic model (``$defs`` inline at the top level); a fresh copy each call."""
    return copy.deepcopy(_cached_model_schema(model))


def _short_repr(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _INPUT_PREVIEW else text[: _INPUT_PREVIEW - 1] + "…"


def _pydantic_problems(error: ValidationError) -> list[str]:
    problems = []
    for item in error.errors(include_url=False):
        loc = ".".join(str(part) for part in item["loc"])
        text = f"{loc}: {item['msg']}" if loc else item["msg"]
        if item["type"] != "missing" and loc:
            text += f" (got {_short_repr(item.get('input'))})"
        problems.append(text)
    return problems


def _rfc3339_datetime(value: object) -> bool:
    if not isinstance(value, str):
        return True
    return datetime.fromisoformat(value).tzinfo is not None


@functools.cache
def _format_checker() -> FormatChecker:
    from jsonschema import FormatChecker

    checker = FormatChecker()
    if "date-time" not in checker.checkers:
        # jsonschema checks date-time only with an optional package; the standard library is enough here.
        checker.checks("date-time", raises=ValueError)(_rfc3339_datetime)
    return checker


@functools.lru_cache(maxsize=256)
def _validator(schema_json: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_json)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=_format_checker())


def _schema_problems(schema: Mapping[str, Any], arguments: Mapping[str, Any]) -> list[str]:
    """Every way ``arguments`` break ``schema``, sorted by path.

    Raises:
        SchemaError: ``schema`` itself is not valid Draft 2020-12.
    """
    validator = _validator(json.dumps(schema, sort_keys=True, default=str))
    errors = sorted(validator.iter_errors(arguments), key=lambda e: ([str(p) for p in e.absolute_path], e.message))
    problems = []
    for err in errors:
        path = ".".join(str(part) for part in err.absolute_path)
        problems.append(f"{path}: {err.message}" if path else err.message)
    return problems


def _with_defaults(schema: Mapping[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """Fill in the top-level ``default`` values of properties the caller left out."""
    properties = schema.get("properties")
    if isinstance(properties, Mapping):
        for key, sub in properties.items():
            if key not in arguments and isinstance(sub, Mapping) and "default" in sub:
                arguments[key] = copy.deepcopy(sub["default"])
    return arguments


class Tool(ABC):
    """A function the model may call.

    Subclasses set ``name`` and ``description`` and implement :meth:`execute`; the parameters are either
    ``args_model`` (a pydantic model) or an overridden :attr:`parameters_schema`.
    """

    name: str = ""
    description: str = ""
    args_model: type[BaseModel] | None = None

    @property
    def parameters_schema(self) -> dict[str, Any]:
        """The JSON Schema (an ``object``) of the keyword arguments of :meth:`execute`."""
        if self.args_model is not None:
            return model_schema(self.args_model)
        return copy.deepcopy(EMPTY_SCHEMA)

    @abstractmethod
    async def execute(self, **kwargs: Any) -> Any:
        """Run the tool with validated arguments and return its result.

        Any exception propagates; :class:`~agentcore.tools.ToolRunner` turns it into an error result.
        Raise :class:`ToolError` for failures whose message is meant for the model.
        """

    def validate_arguments(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """Check ``arguments`` and return the cleaned keyword arguments for :meth:`execute`.

        With ``args_model`` the model validates (and coerces) them and ``model_dump()`` is returned; otherwise
        they are checked against :attr:`parameters_schema` (Draft 2020-12, with format checks) and returned
        with top-level defaults filled in.

        Raises:
            ToolArgumentsError: listing every problem found.
            ToolError: the tool's own schema is not valid JSON Schema.
        """
        if not isinstance(arguments, Mapping):
            raise ToolArgumentsError(self.name, [f"expected an object, got {type(arguments).__name__}"])
        if self.args_model is not None:
            try:
                model = self.args_model.model_validate(dict(arguments))
            except ValidationError as exc:
                raise ToolArgumentsError(self.name, _pydantic_problems(exc)) from None
            return self._dump_arguments(model)
        schema = self.parameters_schema
        from jsonschema.exceptions import SchemaError

        try:
            problems = _schema_problems(schema, arguments)
        except SchemaError as exc:
            raise ToolError(f"Tool '{self.name}' has an invalid parameters schema: {exc.message}") from None
        if problems:
            raise ToolArgumentsError(self.name, problems)
        return _with_defaults(schema, dict(arguments))

    def _dump_arguments(self, model: BaseModel) -> dict[str, Any]:
        """The keyword arguments for :meth:`execute` from a validated ``args_model`` instance."""
        return model.model_dump()

    def to_llm_tool(self) -> LLMTool:
        """The tool as the LLM layer sends it to a provider."""
        return LLMTool(name=self.name, description=self.description, parameters=self.parameters_schema)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class ModelTool(Tool):
    """A tool whose parameters are the pydantic model ``args_model``.

    :meth:`execute` receives ``args_model(...).model_dump()`` as keyword arguments; call
    ``self.args_model.model_validate(kwargs)`` inside it to get the typed object back.
    """

    args_model: type[BaseModel]

    @property
    def parameters_schema(self) -> dict[str, Any]:
        """The JSON Schema of ``args_model``.

        Raises:
            TypeError: the subclass did not set ``args_model``.
        """
        model = getattr(self, "args_model", None)
        if model is None:
            raise TypeError(f"{type(self).__name__} must set args_model to a pydantic model class")
        return model_schema(model)


# --- FunctionTool ---------------------------------------------------------------------------------

_SECTION_RE = re.compile(
    r"^(Args|Arguments|Parameters|Params|Keyword Args|Returns?|Yields?|Raises|Examples?|Notes?|"
    r"Attributes|See Also|Warnings?)\s*:\s*$",
    re.IGNORECASE,
)
_ARG_SECTIONS = {"args", "arguments", "parameters", "params", "keyword args"}
_ARG_LINE_RE = re.compile(r"^(\*{0,2}\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")
_SPHINX_PARAM_RE = re.compile(r"^:param\s+(?:[^:\s]+\s+)?(\w+)\s*:\s*(.*)$")


def parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """Split a Google- or Sphinx-style docstring into its description and per-parameter descriptions.

    Returns:
        ``(description, {param: description})``; the description is the text before the first section
        (``Args:``, ``Returns:``, ``:param ...:`` and so on).
    """
    lines = inspect.cleandoc(doc).splitlines() if doc else []
    summary: list[str] = []
    params: dict[str, str] = {}
    section: str | None = None
    current: str | None = None
    entry_indent: int | None = None
    for line in lines:
        stripped = line.strip()
        sphinx = _SPHINX_PARAM_RE.match(stripped)
        if sphinx:
            section, current = "sphinx", sphinx.group(1)
            params[current] = sphinx.group(2).strip()
            continue
        header = _SECTION_RE.match(stripped)
        if header and len(line) == len(line.lstrip()):
            section, current, entry_indent = header.group(1).lower(), None, None
            continue
        if section is None:
            summary.append(line)
            continue
        if section == "sphinx" and stripped.startswith(":"):
            current = None
            continue
        if section not in _ARG_SECTIONS and section != "sphinx":
            continue
        if not stripped:
            continue
        indent = len(line) - len(line.lstrip())
        match = _ARG_LINE_RE.match(stripped)
        if section != "sphinx" and match and (entry_indent is None or indent <= entry_indent):
            entry_indent = indent
            current = match.group(1).lstrip("*")
            params[current] = match.group(2).strip()
        elif current is not None:
            params[current] = f"{params[current]} {stripped}".strip()
    return "\n".join(summary).strip(), params


def _needs_alias(name: str) -> bool:
    # Pydantic refuses leading underscores and warns on names that shadow BaseModel attributes.
    return name.startswith("_") or name.startswith("model_") or hasattr(BaseModel, name)


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", name) if part) or "Tool"


def _resolved_hints(fn: Callable[..., Any]) -> dict[str, Any]:
    target = fn if inspect.isfunction(fn) or inspect.ismethod(fn) else getattr(fn, "__call__", fn)  # noqa: B004
    try:
        return typing.get_type_hints(target, include_extras=True)
    except Exception:
        return {}


def _signature_model(fn: Callable[..., Any], tool_name: str, param_docs: Mapping[str, str]) -> type[BaseModel]:
    """A pydantic model of ``fn``'s keyword parameters (unannotated ones are ``Any``)."""
    hints = _resolved_hints(fn)
    fields: dict[str, Any] = {}
    for index, (pname, param) in enumerate(inspect.signature(fn).parameters.items()):
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            continue
        if param.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.POSITIONAL_ONLY):
            raise TypeError(f"FunctionTool {tool_name!r}: parameter {pname!r} cannot be passed by keyword")
        annotation = hints.get(pname, param.annotation)
        if annotation is inspect.Parameter.empty or isinstance(annotation, str):
            annotation = Any
        default = ... if param.default is inspect.Parameter.empty else param.default
        extra: dict[str, Any] = {}
        has_description = isinstance(default, FieldInfo) and default.description is not None
        if param_docs.get(pname) and not has_description:
            extra["description"] = param_docs[pname]
        field_name = pname
        if _needs_alias(pname):
            field_name = f"param_{index}"
            extra["alias"] = pname
        if extra:
            # Annotated metadata merges with a ``Field(...)`` default, so both keep their settings.
            annotation = Annotated[annotation, Field(**extra)]
        fields[field_name] = (annotation, default)
    return create_model(f"{_camel(tool_name)}Args", **fields)


class FunctionTool(Tool):
    """A tool made from a plain function, sync or async.

    The parameters schema is a pydantic model built from the signature (type hints, defaults,
    ``Annotated[..., Field(...)]``); the description is the docstring's text before its ``Args:`` section,
    whose entries describe the parameters.  ``**kwargs`` parameters are left out of the schema.

    Args:
        fn: the function; it is called with keyword arguments only.
        name: the tool name (default: ``fn.__name__``).
        description: the tool description (default: from the docstring).
        run_in_thread: run a sync ``fn`` in a worker thread so it cannot block the event loop (a timed-out
            call keeps running in its thread until it returns).

    Raises:
        ValueError: the name is not a valid tool name.
        TypeError: ``fn`` has ``*args`` or positional-only parameters.
    """

    def __init__(
        self,
        fn: Callable[..., Any],
        name: str | None = None,
        description: str | None = None,
        *,
        run_in_thread: bool = True,
    ) -> None:
        self.fn = fn
        fn_name: str = getattr(fn, "__name__", None) or type(fn).__name__
        self.name = check_tool_name(name or fn_name)
        doc_summary, param_docs = parse_docstring(inspect.getdoc(fn) or "")
        self.description = description if description is not None else doc_summary
        self.args_model = _signature_model(fn, self.name, param_docs)
        self.run_in_thread = run_in_thread
        call = fn if inspect.isfunction(fn) or inspect.ismethod(fn) else getattr(fn, "__call__", fn)  # noqa: B004
        self._is_async = inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(call)

    def _dump_arguments(self, model: BaseModel) -> dict[str, Any]:
        # Keep the validated objects (datetimes, nested models) instead of dumping them to plain data.
        return {(info.alias or field): getattr(model, field) for field, info in type(model).model_fields.items()}

    async def execute(self, **kwargs: Any) -> Any:
        """Call the function with ``kwargs`` (awaiting it if it is async) and return its result."""
        if self._is_async or not self.run_in_thread:
            result = self.fn(**kwargs)
        else:
            result = await asyncio.to_thread(self.fn, **kwargs)
        if inspect.isawaitable(result):
            result = await result
        return result
