"""Russian text for pydantic validation errors: of settings (a variable's bad value) and of request bodies.

pydantic says «Input should be 'offline', 'gigachat' or 'openai'»; a user of a Russian product reads
«AGENTCORE_PROVIDER: допустимые значения: 'offline', 'gigachat', 'openai'».  :func:`problem_text` translates one
error by its ``type`` and the limits in its ``ctx``; :func:`settings_message` is what every entry point prints when
the settings are invalid (the command line's ``load_settings``, the HTTP server's start).  Input values are never
quoted: a setting may hold a secret, a request field megabytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from agentcore.text.agreement import plural

__all__ = ["PROBLEMS", "describe_pattern", "problem_text", "settings_message"]

# How much of a limit or a path segment a message may quote.
ECHO_CHARS = 40

PROBLEMS: Mapping[str, str] = {
    "missing": "обязательное поле",
    "extra_forbidden": "неизвестное поле",
    "string_type": "ожидается строка",
    "int_type": "ожидается целое число",
    "int_parsing": "ожидается целое число",
    "int_from_float": "ожидается целое число",
    "float_type": "ожидается число",
    "float_parsing": "ожидается число",
    "bool_type": "ожидается true или false",
    "bool_parsing": "ожидается true или false (также 1/0, yes/no, on/off)",
    "list_type": "ожидается массив",
    "dict_type": "ожидается JSON-объект",
    "model_type": "ожидается JSON-объект",
    "model_attributes_type": "ожидается JSON-объект",
    "none_required": "ожидается null",
    "string_too_long": "не длиннее {max_length} символов",
    "too_short": "не меньше {min_length} элементов",
    "too_long": "не больше {max_length} элементов",
    "greater_than_equal": "не меньше {ge}",
    "greater_than": "больше {gt}",
    "less_than_equal": "не больше {le}",
    "less_than": "меньше {lt}",
    "multiple_of": "кратно {multiple_of}",
    "literal_error": "допустимые значения: {expected}",
    "enum": "допустимые значения: {expected}",
    "string_pattern_mismatch": "не соответствует шаблону {pattern}",
    "finite_number": "ожидается конечное число",
    "string_unicode": "текст содержит недопустимые символы",
    "url_parsing": "ожидается адрес (URL)",
    "url_scheme": "недопустимая схема адреса, допустимые: {expected_schemes}",
    "json_invalid": "ожидается корректный JSON",
    "json_type": "ожидается JSON",
    "path_type": "ожидается путь",
    "set_type": "ожидается список",
    "frozen_set_type": "ожидается список",
}
"""pydantic error ``type`` → Russian; ``{name}`` takes the error's ``ctx`` values (the limits the model declares)."""

UNKNOWN_PROBLEM = "недопустимое значение"

_PATTERN_WORDS: dict[str, str] = {}
"""A declared ``pattern`` → what a person reads instead of it (:func:`describe_pattern`)."""


def describe_pattern(pattern: str, words: str) -> str:
    """Have a validation message say what a value of ``pattern`` looks like — ``words``, Russian, e.g. «ожидается
    идентификатор запуска (как req_…): …» — instead of the regular expression («не соответствует шаблону
    ^[A-Za-z0-9_.:-]{1,80}$»), which a person using the API cannot be expected to read.  The schema keeps the
    pattern.  Returns ``pattern``, so a module registers it where it declares it."""
    _PATTERN_WORDS[pattern] = words
    return pattern


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…"


def _ctx_value(name: str, value: Any) -> str:
    text = _short(value)
    if name in ("expected", "expected_schemes"):  # pydantic joins choices as "'a', 'b' or 'c'"
        return str(value).replace(" or ", ", ")
    return text


_COUNTED: dict[str, tuple[str, str, str, str]] = {
    "string_too_long": ("не длиннее", "max_length", "символа", "символов"),
    "string_too_short": ("не короче", "min_length", "символа", "символов"),
    "too_short": ("не меньше", "min_length", "элемента", "элементов"),
    "too_long": ("не больше", "max_length", "элемента", "элементов"),
}
"""Error types whose limit is a count of characters or items: the words before it, the context key, and the noun
after it in the genitive singular (after 1, 21, 31…) and plural («не меньше 1 элементов» read wrong)."""


def problem_text(error: Mapping[str, Any], *, fallback: str | None = None) -> str:
    """The problem of one pydantic error in Russian (without the field's name).

    Args:
        error: one item of ``ValidationError.errors()``.
        fallback: the text for an error type not in :data:`PROBLEMS`; ``None``: «недопустимое значение».
    """
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind == "string_too_short" and ctx.get("min_length", 1) == 1:
        return "не может быть пустым"
    counted = _COUNTED.get(kind)
    if counted is not None:  # «не меньше 1 элемента», «не длиннее 21 символа», «не больше 5 элементов»
        words, key, one, many = counted
        number = ctx.get(key)
        if isinstance(number, int):
            return f"{words} {plural(number, one, many, many)}"
    if kind in ("value_error", "assertion_error"):
        # Our own validators raise ValueError with a Russian message; pydantic prefixes it.
        message = str(error.get("msg", UNKNOWN_PROBLEM))
        return message.split(", ", 1)[1] if message.startswith(("Value error, ", "Assertion failed, ")) else message
    if kind == "string_pattern_mismatch" and str(ctx.get("pattern", "")) in _PATTERN_WORDS:
        return _PATTERN_WORDS[str(ctx["pattern"])]
    template = PROBLEMS.get(kind)
    if template is not None:
        try:
            return template.format(**{name: _ctx_value(name, value) for name, value in ctx.items()})
        except (KeyError, IndexError, ValueError):
            pass
    return fallback if fallback is not None else UNKNOWN_PROBLEM


def settings_message(errors: Iterable[Mapping[str, Any]]) -> str:
    """One Russian line for invalid settings: ``неверные настройки: VARIABLE: problem; ...``.

    ``loc`` of a settings error is the variable it was read from (``AGENTCORE_PROVIDER``) or the field's name;
    an error pydantic reports without one still names what it can.
    """
    parts = []
    for error in errors:
        where = ".".join(_short(part) for part in error.get("loc", ())) or "настройки"
        parts.append(f"{_as_set(where)}: {problem_text(error)}")
    return "неверные настройки: " + "; ".join(parts)


def _as_set(variable: str) -> str:
    """The name the person set: pydantic may report ``AGENTCORE_GIGACHAT_VERIFY_SSL_CERTS`` for a value read from
    ``GIGACHAT_VERIFY_SSL_CERTS`` (the SDK's name, which the README tells them to use)."""
    import os

    bare = variable.removeprefix("AGENTCORE_")
    if bare != variable and variable not in os.environ and bare in os.environ:
        return bare
    return variable
