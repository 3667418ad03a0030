"""The offline parser's cost is bounded: it reads at most ``MAX_PARSED_CHARS`` characters, and within them no rule
costs more than linear time (asserted by how the cost grows, not by a wall-clock limit)."""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Any

import pytest

from agentcore.apps.scrum.daily_parser import MAX_PARSED_CHARS, no_blockers_stated, parse, parse_daily, reading
from agentcore.apps.scrum.daily_parser.clauses import _Clause
from agentcore.apps.scrum.schemas import MAX_MESSAGE_CHARS
from agentcore.text import reading_memo

# Pasted texts that once cost more than linear time or that stress one rule each: a list of ids (the postfix-status
# rule scanned the rest of the list from every id), section words, blocker words, clauses, sentences.
ADVERSARIAL = ["PAY-1, ", "PAY-1 и ", "сделал работу, ", "блокер жду ", "сегодня ", "Вчера закрыл PAY-1. ", "(a, "]


def test_the_cap_is_the_message_limit_every_path_enforces() -> None:
    assert MAX_PARSED_CHARS == MAX_MESSAGE_CHARS


@pytest.mark.parametrize("token", ADVERSARIAL)
def test_a_50_kb_text_is_read_only_up_to_the_cap(token: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 50 KB text costs what its first ``MAX_PARSED_CHARS`` characters cost: the rest is never read."""
    text = token * (50_000 // len(token) + 1)
    seen: list[int] = []
    split = reading._split_clauses

    def recording(message: str) -> list[_Clause]:
        seen.append(len(message))
        return split(message)

    monkeypatch.setattr(reading, "_split_clauses", recording)
    assert asdict(parse(text)) == asdict(parse(text[:MAX_PARSED_CHARS]))
    assert seen and max(seen) <= MAX_PARSED_CHARS
    assert parse_daily(text, "DEV") == parse_daily(text[:MAX_PARSED_CHARS], "DEV")
    assert no_blockers_stated(text) == no_blockers_stated(text[:MAX_PARSED_CHARS])


def _cpu_costs(*texts: str) -> list[float]:
    """Per text, the least CPU time of a few parses (load only ever slows a run down).  The texts are parsed in
    turn, round after round, so a burst of load on a shared machine slows all of them alike rather than one."""
    best = [float("inf")] * len(texts)
    for _ in range(7):
        for i, text in enumerate(texts):
            started = time.process_time()
            parse(text)
            best[i] = min(best[i], time.process_time() - started)
    return best


@pytest.mark.parametrize("token", ADVERSARIAL)
def test_the_cost_grows_linearly_up_to_the_cap(token: str) -> None:
    """Four times the text costs about four times as much (a quadratic rule costs 16×; a list of 4,000 characters
    of ids cost over 10× before the list rule was bounded).  A ratio of CPU times, so a loaded machine slows both."""
    text = token * (MAX_PARSED_CHARS // len(token) + 1)
    quarter, whole = _cpu_costs(text[: MAX_PARSED_CHARS // 4], text[:MAX_PARSED_CHARS])
    assert whole / max(quarter, 1e-6) < 7.0


def test_one_boundary_keeps_what_matches() -> None:
    """``EFFECT`` is its parts under one shared word boundary: the same texts match as with the plain alternation."""
    import re

    from agentcore.apps.scrum import blocker_reading as br

    parts = (br._PROD_DOWN.pattern, br._OTHERS_STOPPED, br._OTHERS_BLOCKED, br._RELEASE.pattern, br._STOP_CUES)
    plain = re.compile("|".join(f"(?:{p})" for p in parts), re.IGNORECASE)
    assert br._alternatives(r"a|(b|c)|[|]|\||d") == ["a", "(b|c)", "[|]", r"\|", "d"]
    texts = [
        "прод лежит",
        "вся команда стоит без стенда",
        "релиз под угрозой",
        "сижу без задач",
        "тестировать нечего",
        "the whole QA team is idle",
        "вчера закрыл PAY-1, сегодня PAY-2",
        "все тесты зелёные",
        "блокирует фронт и QA",
    ]
    assert [bool(br.EFFECT.search(t)) for t in texts] == [bool(plain.search(t)) for t in texts]


@pytest.mark.parametrize("space", [" ", "\t", "\u00a0"])
def test_a_run_of_spaces_costs_what_one_space_costs(space: str) -> None:
    """A pasted run of spaces inside a line is read as one space: 2,000 of them cost what one costs.  Before, the
    clause split (``\\s+`` followed by a look-ahead, tried from every space of the run) made a daily padded to the
    4,000-character cap cost 26 s to parse, 39 s per HTTP request (the ``ADVERSARIAL`` tokens hold no long run)."""
    daily = "Вчера закрыл PAY-1, починил сборку, провёл ревью PAY-7. Блокеров нет. " * 10 + "Сегодня делаю PAY-2"
    padded, plain = f"{daily}{space * 2000}и PAY-3", f"{daily} и PAY-3"
    padded_cost, plain_cost = _cpu_costs(padded, plain)
    assert padded_cost < 3 * plain_cost
    assert asdict(parse(padded)) == asdict(parse(plain))


def test_text_shape_survives_the_memo_cleared_by_another_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """``text_shape`` reads the shape of its own parse: when another thread's parse clears the bounded memo between
    this thread's parse and its read (every ``_STATED_MAX`` texts), it used to raise KeyError (a 500 on the model
    path's verdict)."""
    text = "Вчера закрыл PAY-1. Сегодня делаю PAY-2 и созвон с дизайнером"
    expected = reading.text_shape(text)
    reading._SHAPES.clear()
    parse_alone = reading.parse

    def parse_then_cleared(message: str) -> Any:
        parsed = parse_alone(message)
        reading._SHAPES.clear()  # what a parse in another thread does at the memo's bound
        return parsed

    monkeypatch.setattr(reading, "parse", parse_then_cleared)
    assert reading.text_shape(text) == expected


def test_no_memo_outlives_the_daily_it_was_made_for() -> None:
    """The memos of one reading (:mod:`agentcore.text.reading_memo`) are emptied when the next daily is read: nothing
    of one daily is kept for another (a benchmark that repeats texts gets no answer from an earlier round)."""
    parse_daily("Вчера закрыл PAY-1, зебра. Сегодня PAY-2 — жду ревью зебры, блокер: стенд лежит", "DEV")
    assert any(reading_memo._MEMOS)
    parse_daily("Сегодня PAY-3", "DEV")
    assert not [key for memo in reading_memo._MEMOS for key in memo if "зебр" in repr(key)]
