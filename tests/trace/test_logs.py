import logging
import logging.handlers
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from agentcore.trace.logs import (
    CONTINUATION,
    RedactingFilter,
    UTCFormatter,
    default_step,
    setup_logging,
    step_logger,
)
from agentcore.util.redact import MASK, Redactor, register_secret

TS = r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z"


@pytest.fixture
def logger_name(request: pytest.FixtureRequest) -> Iterator[str]:
    name = f"agentcore.test_logs.{request.node.name}"
    yield name
    setup_logging(None, logger_name=name)  # removes the handlers the test installed


def owned_handlers(name: str) -> list[logging.Handler]:
    return [h for h in logging.getLogger(name).handlers if getattr(h, "_agentcore_owned", False)]


def flush(name: str) -> None:
    for handler in logging.getLogger(name).handlers:
        handler.flush()


# --- step_logger ------------------------------------------------------------------------------------


def test_step_logger_prefixes_message_and_sets_step(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="agentcore")
    step_logger("main").debug("AgentStart")
    record = caplog.records[-1]
    assert record.getMessage() == "[main] AgentStart"
    assert record.step == "main"  # type: ignore[attr-defined]
    assert record.name == "agentcore"
    assert record.levelno == logging.DEBUG


def test_step_logger_formats_arguments_and_merges_extra(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="agentcore.sub")
    log = step_logger("[cls]", name="agentcore.sub")
    log.warning("classify_intent // %s: %d", "Irrelevant query", 3, extra={"user": "u1", "step": "other"})
    record = caplog.records[-1]
    assert record.getMessage() == "[cls] classify_intent // Irrelevant query: 3"
    assert record.user == "u1"  # type: ignore[attr-defined]
    assert record.step == "cls"  # type: ignore[attr-defined]
    assert record.name == "agentcore.sub"


def test_step_logger_drops_percent_signs(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="agentcore")
    step_logger("50%").info("value %s", "x")
    assert caplog.records[-1].getMessage() == "[50] value x"


def test_child_logger_keeps_the_underlying_logger(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="agentcore")
    step_logger("main").child("exec").error("boom")
    assert caplog.records[-1].getMessage() == "[exec] boom"


# --- setup_logging ----------------------------------------------------------------------------------


def test_file_log_is_detailed_utc_and_creates_the_directory(tmp_path: Path, logger_name: str) -> None:
    log_file = tmp_path / "deep" / "dir" / "agent.log"
    setup_logging(log_file, logger_name=logger_name)
    step_logger("main", name=logger_name).debug("AgentStart")
    flush(logger_name)
    line = log_file.read_text(encoding="utf-8").strip()
    assert re.fullmatch(rf"{TS} DEBUG +{re.escape(logger_name)} \[\d+\]: \[main\] AgentStart", line), line


@pytest.mark.parametrize(
    ("name", "step"),
    [
        ("agentcore.rag.catalog", "rag"),
        ("agentcore.haiku", "haiku"),
        ("agentcore.apps.assistant.offline", "assistant"),
        ("agentcore", "main"),
        ("uvicorn.error", "uvicorn"),
    ],
)
def test_default_step_from_the_logger_name(name: str, step: str) -> None:
    assert default_step(name) == step


def test_every_line_has_a_step_prefix(tmp_path: Path, logger_name: str) -> None:
    log_file = tmp_path / "agent.log"
    setup_logging(log_file, logger_name=logger_name)
    logging.getLogger(f"{logger_name}.sub").info("collection // Loaded default")  # no step given
    step_logger("exec", name=logger_name).info("answer_question // ok")
    flush(logger_name)
    first, second = log_file.read_text(encoding="utf-8").splitlines()
    assert first.endswith(": [test_logs] collection // Loaded default")
    assert second.endswith(": [exec] answer_question // ok") and "[test_logs]" not in second


def test_a_multi_line_record_stays_one_record(tmp_path: Path, logger_name: str) -> None:
    log_file = tmp_path / "agent.log"
    setup_logging(log_file, logger_name=logger_name)
    forged = "2030-01-01T00:00:00.000000Z CRITICAL agentcore [1]: [main] AgentEnd"
    step_logger("exec", name=logger_name).debug("rag_chunks_message:\n  [1] Отпуск\r\n%s", forged)
    try:
        raise RuntimeError("kaput")
    except RuntimeError:
        logging.getLogger(logger_name).error("failed", exc_info=True)
    flush(logger_name)
    lines = log_file.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if re.match(TS, line)]
    assert len(starts) == 2  # two records, whatever their messages hold
    assert all(line.startswith(CONTINUATION) for i, line in enumerate(lines) if i not in starts)
    assert lines[2] == CONTINUATION + forged  # the user's text is there, but cannot pass for a record
    assert lines[-1] == CONTINUATION + "RuntimeError: kaput"


def test_file_log_contains_stack_traces(tmp_path: Path, logger_name: str) -> None:
    log_file = tmp_path / "agent.log"
    setup_logging(log_file, logger_name=logger_name)
    try:
        raise RuntimeError("kaput")
    except RuntimeError:
        logging.getLogger(logger_name).critical("classify_intent // LLM Error", exc_info=True)
    flush(logger_name)
    text = log_file.read_text(encoding="utf-8")
    assert "CRITICAL" in text
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: kaput" in text


def test_file_log_never_contains_secrets(tmp_path: Path, logger_name: str) -> None:
    secret = "test-logs-secret-4f2a"
    register_secret(secret)
    log_file = tmp_path / "agent.log"
    setup_logging(log_file, logger_name=logger_name)
    log = logging.getLogger(logger_name)
    log.info("payload %s", {"headers": {"Authorization": "Bearer abcdefgh123"}, "key": secret})
    try:
        raise ValueError(f"bad key {secret}")
    except ValueError:
        log.exception("failed")
    log.info("stack", stack_info=True, extra={"note": secret})
    flush(logger_name)
    text = log_file.read_text(encoding="utf-8")
    assert secret not in text
    assert "abcdefgh123" not in text
    assert text.count(MASK) >= 3


def test_file_log_rotates_by_size(tmp_path: Path, logger_name: str) -> None:
    setup_logging(tmp_path / "agent.log", logger_name=logger_name)
    (handler,) = owned_handlers(logger_name)
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    assert handler.maxBytes == 5 * 1024 * 1024
    assert handler.backupCount == 5


def test_setup_logging_is_idempotent(tmp_path: Path, logger_name: str) -> None:
    log_file = tmp_path / "agent.log"
    setup_logging(log_file, console=True, logger_name=logger_name)
    setup_logging(log_file, console=True, logger_name=logger_name)
    assert len(owned_handlers(logger_name)) == 2
    logging.getLogger(logger_name).warning("once")
    flush(logger_name)
    assert log_file.read_text(encoding="utf-8").count("once") == 1


def test_second_call_switches_file_and_keeps_foreign_handlers(tmp_path: Path, logger_name: str) -> None:
    foreign = logging.NullHandler()
    logging.getLogger(logger_name).addHandler(foreign)
    try:
        setup_logging(tmp_path / "a.log", logger_name=logger_name)
        setup_logging(tmp_path / "b.log", logger_name=logger_name)
        logging.getLogger(logger_name).error("to b")
        flush(logger_name)
        assert "to b" not in (tmp_path / "a.log").read_text(encoding="utf-8")
        assert "to b" in (tmp_path / "b.log").read_text(encoding="utf-8")
        assert foreign in logging.getLogger(logger_name).handlers
    finally:
        logging.getLogger(logger_name).removeHandler(foreign)


def test_every_handler_has_a_redacting_filter(tmp_path: Path, logger_name: str) -> None:
    setup_logging(tmp_path / "agent.log", console=True, logger_name=logger_name)
    handlers = owned_handlers(logger_name)
    assert len(handlers) == 2
    for handler in handlers:
        assert any(isinstance(f, RedactingFilter) for f in handler.filters)


def test_console_goes_to_stderr_with_its_own_level(
    tmp_path: Path, logger_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    log_file = tmp_path / "agent.log"
    setup_logging(log_file, console=True, console_level=logging.WARNING, logger_name=logger_name)
    log = step_logger("select", name=logger_name)
    log.debug("select_tool_call // Selection OK")
    log.warning("select_tool_call // Selection Fail")
    flush(logger_name)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "WARNING: [select] select_tool_call // Selection Fail\n"
    assert "Selection OK" in log_file.read_text(encoding="utf-8")  # the file gets DEBUG


def test_logger_level_is_the_lowest_handler_level(logger_name: str) -> None:
    setup_logging(None, console=True, console_level=logging.INFO, logger_name=logger_name)
    assert logging.getLogger(logger_name).level == logging.INFO


def test_unwritable_log_file_does_not_raise(
    tmp_path: Path, logger_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    setup_logging(blocker / "agent.log", console=True, logger_name=logger_name)
    assert len(owned_handlers(logger_name)) == 1  # only the console
    assert "Cannot open log file" in capsys.readouterr().err


# --- filter and formatter ---------------------------------------------------------------------------


def make_record(msg: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord("agentcore", logging.INFO, __file__, 1, msg, args, None)


def test_redacting_filter_rewrites_the_record() -> None:
    record = make_record("token %s", "filter-secret-value")
    assert RedactingFilter(Redactor(["filter-secret-value"])).filter(record) is True
    assert record.getMessage() == f"token {MASK}"
    assert record.args is None


def test_redacting_filter_survives_a_broken_format_string() -> None:
    record = make_record("%d items", "not a number")
    assert RedactingFilter(Redactor()).filter(record) is True
    assert record.msg == "%d items"


def test_utc_formatter_honours_datefmt() -> None:
    record = make_record("x")
    record.created = 0.0
    assert UTCFormatter("%(asctime)s").format(record) == "1970-01-01T00:00:00.000000Z"
    assert UTCFormatter("%(asctime)s", datefmt="%Y").format(record) == "1970"


def test_redact_loggers_masks_library_messages_before_any_handler(caplog: pytest.LogCaptureFixture) -> None:
    from agentcore.trace.logs import redact_loggers

    redact_loggers("agentcore-test.lib")
    redact_loggers("agentcore-test.lib")  # idempotent
    library = logging.getLogger("agentcore-test.lib")
    assert sum(isinstance(f, RedactingFilter) for f in library.filters) == 1
    with caplog.at_level(logging.INFO, logger="agentcore-test.lib"):
        library.info(
            'HTTP Request: POST %s "200"', "https://example.bitrix24.ru/rest/1/fake-token-123/crm.deal.get.json"
        )
    assert "fake-token-123" not in caplog.text
    assert "https://example.bitrix24.ru/rest/1/***" in caplog.text


# --- issue 12: one record cannot flood the log --------------------------------------------------------


def test_huge_records_are_capped(tmp_path: Path, logger_name: str) -> None:
    from agentcore.trace.logs import LOG_RECORD_MAX_CHARS

    log_file = tmp_path / "big.log"
    setup_logging(log_file, logger_name=logger_name)
    logger = logging.getLogger(logger_name)
    for _ in range(6):  # six 10 MB values used to rotate every earlier line out of a 5 MB x 5 log
        logger.warning("invalid collection name %r", "x" * 10_000_000)
    try:
        raise ValueError("y" * 1_000_000)
    except ValueError:
        logger.exception("failed")
    flush(logger_name)
    text = log_file.read_text(encoding="utf-8")
    assert len(text) < 8 * (LOG_RECORD_MAX_CHARS + 200)
    assert text.count("invalid collection name") == 6 and "[cut " in text
    assert not list(tmp_path.glob("big.log.*"))  # nothing rotated away


def test_a_secret_at_the_cut_is_still_masked(logger_name: str, caplog: pytest.LogCaptureFixture) -> None:
    from agentcore.trace.logs import LOG_RECORD_MAX_CHARS

    register_secret("cut-secret-0123456789")
    record = logging.LogRecord(
        "x", logging.INFO, __file__, 1, "%s", ("a" * (LOG_RECORD_MAX_CHARS - 5) + "cut-secret-0123456789",), None
    )
    RedactingFilter().filter(record)
    assert "cut-sec" not in record.getMessage()
    assert RedactingFilter().filter(record) and record.getMessage().count("[cut ") <= 1  # idempotent
