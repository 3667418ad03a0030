"""Logging with a per-step prefix (seed 000), redaction of secrets and a size cap on every handler.

``step_logger("main").debug("AgentStart")`` emits ``[main] AgentStart`` with ``record.step == "main"``.
:func:`setup_logging` installs a detailed, size-rotated UTC log file and an optional short console log on
stderr (stdout stays clean for the messages a user reads).

Both handlers format with :class:`StepFormatter`, so that **every line carries a step prefix** and **every
record stays one record**:

* a record logged without a step (a plain ``logging.getLogger("agentcore.rag.catalog")``) gets one from its
  logger's name — the part after ``agentcore`` (``[rag]``, ``[haiku]``, ``[llm]``), see :func:`default_step`;
* the lines after the first of a multi-line record (a message with line breaks, a traceback) are indented with
  ``"    | "``, so only a record's first line starts at column 0 with a timestamp: a reader or a log shipper can
  tell where records begin, and text from a user cannot forge a record by containing a line break.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import MutableMapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from agentcore.util.clock import to_iso
from agentcore.util.redact import Redactor, default_redactor

__all__ = [
    "CONTINUATION",
    "LOG_BACKUP_COUNT",
    "LOG_MAX_BYTES",
    "LOG_RECORD_MAX_CHARS",
    "RedactingFilter",
    "StepFormatter",
    "StepLoggerAdapter",
    "UTCFormatter",
    "default_step",
    "redact_loggers",
    "setup_logging",
    "step_logger",
]

LOG_MAX_BYTES = 5 * 1024 * 1024
LOG_BACKUP_COUNT = 5
# One record's message (and, separately, its traceback) is cut to this many characters: a client that sends a
# 10 MB value must not get a 10 MB log line, nor rotate every earlier line out of the log.
LOG_RECORD_MAX_CHARS = 16_384

FILE_FORMAT = "%(asctime)s %(levelname)-8s %(name)s [%(process)d]: %(message)s"
CONSOLE_FORMAT = "%(levelname)s: %(message)s"

# Marks the handlers setup_logging owns, so a second call replaces them instead of adding more.
_OWNED_ATTR = "_agentcore_owned"


class StepLoggerAdapter(logging.LoggerAdapter):
    """Prefixes every message with ``[<step>] `` and sets ``record.step``.

    Extra fields passed per call are merged with the adapter's own (``step`` always wins).
    """

    def __init__(self, logger: logging.Logger, step: str) -> None:
        super().__init__(logger, {"step": step})
        self.step = step
        self.prefix = f"[{step}]"

    def process(self, msg: Any, kwargs: MutableMapping[str, Any]) -> tuple[Any, MutableMapping[str, Any]]:
        """Add the prefix to ``msg`` and ``step`` to ``extra``."""
        extra = dict(kwargs.get("extra") or {})
        extra["step"] = self.step
        kwargs["extra"] = extra
        return f"{self.prefix} {msg}", kwargs

    def child(self, step: str) -> StepLoggerAdapter:
        """An adapter on the same logger for another step."""
        return StepLoggerAdapter(self.logger, step)


def step_logger(prefix: str, name: str = "agentcore") -> StepLoggerAdapter:
    """A logger whose every message starts with ``[prefix]``.

    Args:
        prefix: the step name, with or without brackets (``"main"`` and ``"[main]"`` give ``[main]``).
        name: the underlying logger's name.

    ``%`` characters are dropped from the step: they would break %-formatting of the message arguments.
    """
    step = prefix.strip()
    if step.startswith("[") and step.endswith("]"):
        step = step[1:-1]
    return StepLoggerAdapter(logging.getLogger(name), step.replace("%", ""))


def _capped(text: str, limit: int, redactor: Redactor) -> str:
    """``text`` redacted and cut to ``limit`` characters with a note of how much was cut.

    Cut to twice the limit before redacting (redacting 10 MB costs more than the log line is worth); a secret
    straddling that first cut lies past the final one.
    """
    if len(text) <= limit:
        return redactor.redact(text)
    clean = redactor.redact(text[: 2 * limit])
    return f"{clean[:limit]}… [cut {len(text) - limit} chars]" if len(clean) > limit else clean


class RedactingFilter(logging.Filter):
    """Redacts the formatted message, the traceback and the stack of every record it passes, and caps each of them
    at ``max_chars`` characters.

    The record is rewritten in place (``msg`` becomes the redacted message and ``args`` is emptied), so any
    handler that sees the record afterwards gets the redacted text too.  Never drops a record.
    """

    def __init__(self, redactor: Redactor | None = None, max_chars: int = LOG_RECORD_MAX_CHARS) -> None:
        super().__init__()
        self._redactor = redactor
        self.max_chars = max_chars

    @property
    def redactor(self) -> Redactor:
        """The redactor in use (the process-wide one unless another was given)."""
        return self._redactor or default_redactor()

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record`` in place; always returns ``True``."""
        if getattr(record, "_agentcore_redacted", False):  # another handler's filter did it already
            return True
        redactor = self.redactor
        try:
            message = record.getMessage()
        except Exception:
            # A broken format string: let the handler report it through handleError as usual.
            return True
        record.msg = _capped(message, self.max_chars, redactor)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = _capped(record.exc_text, self.max_chars, redactor)
        if record.stack_info:
            record.stack_info = _capped(record.stack_info, self.max_chars, redactor)
        setattr(record, "_agentcore_redacted", True)  # noqa: B010 - not a declared attribute of LogRecord
        return True


def redact_loggers(*names: str) -> None:
    """Put a :class:`RedactingFilter` on the named loggers themselves (once each).

    For libraries that log secrets in their own messages — httpx logs every request URL at INFO, and a Bitrix24
    webhook URL or an ``?auth=`` query carries a token — so the text is masked before any handler sees it, whoever
    configured the handlers.
    """
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactingFilter) for f in logger.filters):
            logger.addFilter(RedactingFilter())


class UTCFormatter(logging.Formatter):
    """A formatter whose ``%(asctime)s`` is UTC ISO 8601 with ``Z`` (``2026-11-23T09:17:10.123456Z``)."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        """The record's creation time as UTC ISO 8601 with ``Z`` (``datefmt`` applies strftime instead)."""
        created = datetime.fromtimestamp(record.created, tz=UTC)
        if datefmt:
            return created.strftime(datefmt)
        return to_iso(created)


CONTINUATION = "    | "
"""Prefix of every line after the first of one log record."""


def default_step(logger_name: str) -> str:
    """The step of a record logged without one: the first part of the logger's name after ``agentcore``
    (``agentcore.rag.catalog`` → ``rag``, ``agentcore.apps.haiku`` → ``haiku``, ``agentcore`` → ``main``),
    or the first part of a foreign logger's name (``uvicorn.error`` → ``uvicorn``)."""
    parts = logger_name.split(".")
    if parts[0] != "agentcore":
        return parts[0] or "main"
    rest = [part for part in parts[1:] if part != "apps"]
    return rest[0] if rest else "main"


class StepFormatter(UTCFormatter):
    """A :class:`UTCFormatter` that adds the :func:`default_step` prefix to records without a step and indents
    every line after the first with :data:`CONTINUATION` (see the module docstring)."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        """The message with a step prefix (records from :func:`step_logger` already have theirs)."""
        if not getattr(record, "step", None):
            record.message = f"[{default_step(record.name)}] {record.message}"
        return super().formatMessage(record)

    def format(self, record: logging.LogRecord) -> str:
        """The whole record (message, traceback, stack) as one first line plus indented continuation lines."""
        text = super().format(record)
        return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\n" + CONTINUATION)


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is at emit time (so redirection and test capture keep working)."""

    def __init__(self, level: int) -> None:
        logging.Handler.__init__(self, level)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        """Ignored: the stream is always the current ``sys.stderr``."""


def _remove_owned_handlers(logger: logging.Logger) -> None:
    for handler in list(logger.handlers):
        if getattr(handler, _OWNED_ATTR, False):
            logger.removeHandler(handler)
            handler.close()


def _own(handler: logging.Handler, formatter: logging.Formatter, level: int) -> logging.Handler:
    handler.setLevel(level)
    handler.setFormatter(formatter)
    handler.addFilter(RedactingFilter())
    setattr(handler, _OWNED_ATTR, True)
    return handler


def setup_logging(
    log_file: Path | None,
    *,
    console: bool = False,
    console_level: int = logging.WARNING,
    file_level: int = logging.DEBUG,
    logger_name: str = "agentcore",
) -> None:
    """Configure the ``logger_name`` logger: a detailed rotating file and, optionally, a short stderr log.

    The file (``log_file``; its directory is created) gets every record at ``file_level`` or above as
    ``<UTC ISO Z> LEVEL logger [pid]: [step] message`` plus tracebacks, and rotates at 5 MB keeping 5 backups.
    The console handler writes ``LEVEL: [step] message`` to stderr.  Both redact secrets, and both keep a
    multi-line record one record (:class:`StepFormatter`).

    Idempotent: a second call replaces the handlers of the first one (other handlers are left alone).
    Records still propagate to ancestor loggers.  If the log file cannot be opened, a warning is logged and
    setup continues without the file; this function never raises ``OSError``.

    Args:
        log_file: the log file, or ``None`` for no file log.
        console: also log to stderr.
        console_level: minimum level for the console.
        file_level: minimum level for the file.
        logger_name: the logger to configure (``"agentcore"`` covers the whole package).
    """
    logger = logging.getLogger(logger_name)
    _remove_owned_handlers(logger)
    levels: list[int] = []
    problem: str | None = None
    if log_file is not None:
        try:
            log_file.parent.mkdir(parents=True, exist_ok=True)
            file_handler = logging.handlers.RotatingFileHandler(
                log_file, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUP_COUNT, encoding="utf-8"
            )
        except OSError as exc:
            problem = f"setup_logging // Cannot open log file {log_file}: {exc}"
        else:
            logger.addHandler(_own(file_handler, StepFormatter(FILE_FORMAT), file_level))
            levels.append(file_level)
    if console:
        logger.addHandler(_own(_StderrHandler(console_level), StepFormatter(CONSOLE_FORMAT), console_level))
        levels.append(console_level)
    if levels:
        logger.setLevel(min(levels))
    if problem:
        logger.warning(problem)
