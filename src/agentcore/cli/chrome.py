"""Typer's own words in Russian: the help's panels and usage line, and the messages of usage errors.

typer 0.29 carries its own copy of click (``typer._click``) whose messages are plain English strings, not gettext
calls, so no message catalogue can translate them; the rich help reads module constants of ``typer.rich_utils``.
:func:`russian_chrome` therefore

* sets those constants («Параметры», «Команды», «Ошибка», «Подробнее: 'agentcore --help'», «[по умолчанию: …]»);
* writes the usage line as «Использование: agentcore [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...» and the ``--help`` option's
  help as «Показать эту справку и выйти.»;
* translates the message of every usage error where it is made (``format_message`` of click's exception classes):
  the frame by the few templates click and typer use («Invalid value for '--port': …», «No such option: …»,
  «Missing argument 'question'.»), and a value typer rejected through pydantic by the error's type, with
  :func:`agentcore.settings.problems.problem_text` — the one translation of pydantic errors the settings, the HTTP
  API and MCP use.

A message that matches no template stays as it is (our own ``typer.BadParameter`` texts are Russian already);
``tests/cli/test_chrome.py`` runs help and bad input through the real command line and fails on any English left.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

__all__ = ["HELP_OPTION_HELP", "USAGE_PREFIX", "russian_chrome", "russian_usage_error"]

USAGE_PREFIX = "Использование: "
HELP_OPTION_HELP = "Показать эту справку и выйти."

_PANELS = {
    "ARGUMENTS_PANEL_TITLE": "Аргументы",
    "OPTIONS_PANEL_TITLE": "Параметры",
    "COMMANDS_PANEL_TITLE": "Команды",
    "ERRORS_PANEL_TITLE": "Ошибка",
    "ABORTED_TEXT": "Прервано.",
    "RICH_HELP": "Подробнее: [blue]'{command_path} {help_option}'[/]",
    "DEFAULT_STRING": "[по умолчанию: {}]",
    "ENVVAR_STRING": "[переменная окружения: {}]",
    "REQUIRED_LONG_STRING": "[обязательный]",
    "DEPRECATED_STRING": "(устарело) ",
}
"""``typer.rich_utils`` constants → Russian (read by the help and error renderers each time they run)."""

_USAGE_PIECES = {"[OPTIONS]": "[ПАРАМЕТРЫ]", "COMMAND [ARGS]...": "КОМАНДА [АРГУМЕНТЫ]..."}

_KIND = {"argument": "аргумент", "option": "параметр", "parameter": "параметр"}

# The frame of a usage error: click's and typer's templates, whole message, in the order tried.
_FRAMES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (
        re.compile(r"Missing (argument|option|parameter)(?: (.+?))?\.(?: (.*))?", re.S),
        lambda m: f"Не указан {_KIND[m[1]]}{' ' + m[2] if m[2] else ''}." + (f" {_problem(m[3])}" if m[3] else ""),
    ),
    (re.compile(r"Invalid value for (.+?): (.*)", re.S), lambda m: f"Недопустимое значение {m[1]}: {_problem(m[2])}"),
    (re.compile(r"Invalid value: (.*)", re.S), lambda m: f"Недопустимое значение: {_problem(m[1])}"),
    (
        re.compile(r"No such option: (.+?)(?: \(Possible options: (.*)\))?", re.S),
        lambda m: f"Нет такого параметра: {m[1]}" + (f" (возможно, вы имели в виду: {m[2]})" if m[2] else ""),
    ),
    (re.compile(r"Option (.+) requires an argument\."), lambda m: f"Параметру {m[1]} нужно значение."),
    (re.compile(r"Option (.+) requires (\d+) arguments\."), lambda m: f"Параметру {m[1]} нужно значений: {m[2]}."),
    (re.compile(r"Option (.+) does not take a value\."), lambda m: f"Параметр {m[1]} не принимает значения."),
    (re.compile(r"Argument (.+) takes (\d+) values\."), lambda m: f"Аргументу {m[1]} нужно значений: {m[2]}."),
    (re.compile(r"Got unexpected extra argument\(s\) \((.*)\)", re.S), lambda m: f"Лишние аргументы: {m[1]}"),
    (
        re.compile(r"No such command (.+?)\.(?: Did you mean (.+)\?)?", re.S),
        lambda m: f"Нет такой команды: {m[1]}." + (f" Возможно, вы имели в виду {m[2]}?" if m[2] else ""),
    ),
    (re.compile(r"Missing command\."), lambda m: "Не указана команда."),
]

_PATH: dict[str, str] = {"File": "файл", "Directory": "папка", "Path": "путь"}

# The problem inside «Invalid value for …: <problem>» when it is click's or typer's own text.
_PROBLEMS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (
        re.compile(r"(?:Value error, )?(.+) is not one of (.+)\.", re.S),
        lambda m: f"{m[1]} — допустимые значения: {m[2]}",
    ),
    (re.compile(r"Value must be an iterable\."), lambda m: "ожидается список значений"),
    (re.compile(r"Value (.+) is not a valid (.+)\."), lambda m: f"{m[1]} — недопустимое значение"),
    (re.compile(r"(File|Directory|Path) (.+) does not exist\.", re.S), lambda m: f"{_PATH[m[1]]} {m[2]} не существует"),
    (re.compile(r"(File|Directory|Path) (.+) is a file\.", re.S), lambda m: f"{_PATH[m[1]]} {m[2]} — файл"),
    (re.compile(r"(File|Directory|Path) (.+) is a directory\.", re.S), lambda m: f"{_PATH[m[1]]} {m[2]} — папка"),
    (
        re.compile(r"(File|Directory|Path) (.+) is not readable\.", re.S),
        lambda m: f"{_PATH[m[1]]} {m[2]}: нет прав на чтение",
    ),
    (
        re.compile(r"(File|Directory|Path) (.+) is not writable\.", re.S),
        lambda m: f"{_PATH[m[1]]} {m[2]}: нет прав на запись",
    ),
    (re.compile(r"Choose from:(.*)", re.S), lambda m: f"Допустимые значения:{m[1]}"),
]


def _translate(text: str, table: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]]) -> str | None:
    for pattern, render in table:
        match = pattern.fullmatch(text)
        if match is not None:
            return render(match)
    return None


def _problem(text: str) -> str:
    translated = _translate(text, _PROBLEMS)
    return (translated if translated is not None else text).replace("(env var: ", "(переменная окружения: ")


def russian_usage_error(exc: Any, english: str) -> str:
    """The Russian text of a usage error whose English ``format_message()`` is ``english``.

    A value typer rejected through pydantic (the exception's ``__cause__`` is a ``ValidationError``) is described
    by the error's type («ожидается целое число»), not by pydantic's sentence.
    """
    from pydantic import ValidationError

    cause = getattr(exc, "__cause__", None)
    if isinstance(cause, ValidationError) and cause.errors():
        from agentcore.settings.problems import problem_text

        message = getattr(exc, "message", "")
        if message and message in english:
            english = english.replace(message, problem_text(cause.errors()[0], fallback=message), 1)
    translated = _translate(english, _FRAMES)
    return translated if translated is not None else english


def _wrap_format_message(cls: type) -> None:
    original = cls.__dict__["format_message"]

    def format_message(self: Any) -> str:
        return russian_usage_error(self, original(self))

    cls.format_message = format_message  # type: ignore[attr-defined]


def _russian_panels(rich_utils: ModuleType) -> None:
    """Set the rich help's words in ``typer.rich_utils`` (its functions read them when they run)."""
    for name, text in _PANELS.items():
        setattr(rich_utils, name, text)
    rich_utils.OptionHighlighter.highlights = [
        *rich_utils.OptionHighlighter.highlights,
        rf"(?P<usage>{USAGE_PREFIX})",
    ]


class _AfterImport:
    """A meta path finder and loader that runs ``then(module)`` right after module ``name`` is first executed
    (one-shot; no ``importlib.abc`` base, which would import ``importlib.resources`` and ``tempfile``).

    ``typer.rich_utils`` pulls in rich's Markdown, Traceback and pygments (about 170 modules, 0.3 s): typer imports
    it only to render help or an error, and so do we — a command that runs normally never loads it.
    """

    def __init__(self, name: str, then: Callable[[ModuleType], None]) -> None:
        self.name, self.then = name, then
        self.loader: Any = None

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)  # the real spec, from the finders after this one
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        self.loader, spec.loader = spec.loader, self  # type: ignore[assignment]  # a loader by protocol
        return spec

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        module: ModuleType | None = self.loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__.loader = module.__loader__ = self.loader  # type: ignore[union-attr]
        self.loader.exec_module(module)
        self.then(module)


def russian_chrome() -> None:
    """Make typer's help and usage errors Russian (see the module docstring).  Idempotent; call before the
    command line runs."""
    from typer import _click, exceptions

    command = _click.core.Command
    if getattr(command, "_agentcore_russian", False):
        return
    if "typer.rich_utils" in sys.modules:
        _russian_panels(sys.modules["typer.rich_utils"])
    else:
        sys.meta_path.insert(0, _AfterImport("typer.rich_utils", _russian_panels))

    def format_usage(self: Any, ctx: Any, formatter: Any) -> None:
        pieces = [_USAGE_PIECES.get(piece, piece) for piece in self.collect_usage_pieces(ctx)]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=USAGE_PREFIX)

    command.format_usage = format_usage  # type: ignore[method-assign]

    original_help_option = command.get_help_option

    def get_help_option(self: Any, ctx: Any) -> Any:
        option = original_help_option(self, ctx)
        if option is not None:
            option.help = HELP_OPTION_HELP
        return option

    command.get_help_option = get_help_option  # type: ignore[method-assign]

    # every class that writes its own message (UsageError and ctx.fail() use TyperException's)
    click_errors = _click.exceptions
    for cls in (
        exceptions.TyperException,
        click_errors.BadParameter,
        click_errors.MissingParameter,
        click_errors.NoSuchOption,
    ):
        _wrap_format_message(cls)
    command._agentcore_russian = True  # type: ignore[attr-defined]
