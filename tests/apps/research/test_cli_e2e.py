"""End to end: `agentcore ask` and `agentcore sgr` in a pseudo-terminal, offline: live steps, answer, figures."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))


@pytest.fixture(scope="module")
def shared_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One data dir for the module: the default knowledge base is indexed once, then loaded from disk."""
    return tmp_path_factory.mktemp("ask-data")


def _spawn(data_dir: Path, *args: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_"))}
    env.update({"AGENTCORE_DATA_DIR": str(data_dir), "TERM": "dumb", "COLUMNS": "200", "LANG": "C.UTF-8"})
    return pexpect.spawn(
        AGENTCORE, list(args), env=env, encoding="utf-8", codec_errors="replace", timeout=90, dimensions=(50, 200)
    )


def _ask_json(data_dir: Path, question: str, *options: str) -> dict[str, Any]:
    """``agentcore ask QUESTION --json`` through a pseudo-terminal: its exit code 0 and the JSON it printed."""
    child = _spawn(data_dir, "ask", question, "--json", *options)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    output = child.before or ""
    result: dict[str, Any] = json.loads(output[output.index("{") :])
    return result


def test_ask_shows_steps_live_then_the_answer_with_citations_and_figures(shared_data_dir: Path) -> None:
    child = _spawn(shared_data_dir, "ask", "Как оформить отпуск?")
    child.expect_exact("не LLM")
    child.expect_exact("Шаг 1")
    child.expect_exact('→ router_select {"query": "Как оформить отпуск?"}')
    child.expect_exact("← Маршрут поиска:")
    child.expect_exact("→ query_plan")
    child.expect_exact("→ search")
    child.expect_exact("→ compose_context")
    child.expect_exact("Покрытие ответа цитатами")
    child.expect_exact("→ ⚙ verify")
    child.expect(r"Ромашка\.Портал[^\r\n]*\[1\]")
    child.expect_exact("Источники:")
    child.expect(r"\[1\] Отпуск[^\r\n]*\(vacation-policy#\d+\)")
    child.expect(r"покрытие цитатами 1\.00 · подтверждено в базе знаний \d+ из \d+ утверждений · уточнений 0 · шагов 5")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ask_says_plainly_when_the_knowledge_base_has_no_answer(shared_data_dir: Path) -> None:
    child = _spawn(shared_data_dir, "ask", "Есть ли у нас спортзал?")
    child.expect_exact("Достаточно для ответа: нет")
    child.expect_exact("В базе знаний нет ответа на этот вопрос. Ближе всего по теме: «")
    child.expect_exact("уточнений 1 · шагов 5")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    output = child.before or ""
    assert "Источники:" not in output and "покрытие цитатами" not in output


def test_ask_json_for_scripts(shared_data_dir: Path) -> None:
    result = _ask_json(shared_data_dir, "Сколько дней длится отпуск?", "--max-steps", "6")
    assert "28 календарных дней" in result["answer"] and result["citations"]
    assert result["metadata"]["max_steps"] == 6 and result["events"][-1]["type"] == "final"


def test_ask_answers_each_part_of_a_compound_question_from_its_own_passage(shared_data_dir: Path) -> None:
    # The fused search held five passages on the retrospective and none on the sprint's length, and the
    # retrospective's «продолжительность — 1 час» (in a sentence naming «второй недели спринта») passed for it.
    result = _ask_json(shared_data_dir, "Сколько длится спринт и кто проводит ретроспективу?")
    answer = result["answer"]
    assert "спринтами по 2 недели" in answer and "скрам-мастер" in answer, answer
    assert "scrum-sprint" in {c["doc_id"] for c in result["citations"]}


def test_ask_answers_the_parts_of_a_compound_question_in_its_order(shared_data_dir: Path) -> None:
    # A selection by the whole question's words used to start with a list item torn from its list («Подайте
    # заявление не позднее чем за 14 календарных дней …», sharing «дней» and «отпуска») and give the 28 days last.
    lines = _ask_json(shared_data_dir, "Сколько дней отпуска положено и как перенести отпуск?")["answer"].splitlines()
    assert "28 календарных дней" in lines[0] and "Перенести" in lines[1], lines
    assert not any(line.startswith("•") for line in lines), lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ask", ""], "вопрос пуст"),
        (["ask", "я" * 3000], "question"),
        (["ask", "отпуск", "--collection", "nope"], "не найдена"),
        (["ask", "отпуск", "--max-steps", "0"], "max_steps"),
    ],
)
def test_ask_bad_input_is_a_russian_error_without_traceback(
    shared_data_dir: Path, args: list[str], message: str
) -> None:
    child = _spawn(shared_data_dir, *args)
    child.expect_exact("Ошибка:")
    child.expect_exact(message)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and "Traceback" not in (child.before or "")


def test_sgr_shows_its_steps_live_the_same_way(shared_data_dir: Path) -> None:
    child = _spawn(shared_data_dir, "sgr", "Который час в Москве?")
    child.expect_exact("не LLM")
    child.expect_exact("Шаг 1")
    child.expect_exact('→ get_time {"timezone": "Europe/Moscow"}')
    child.expect_exact("← {")
    child.expect_exact("Шаг 2")
    child.expect(r"Сейчас \d\d:\d\d")
    child.expect_exact("шагов 2")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
