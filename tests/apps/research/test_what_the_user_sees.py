"""What `agentcore ask` shows, read as a new user reads it (issue 18, «What the user sees»; session ux42): over the
knowledge base that ships, offline, through the research agent's public stream — the answer's layout (markers,
lists, tables) and the sentences chosen for a question of several parts."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.apps.research.conftest import OfflineFinal

Ask = Callable[[str], tuple[str, dict[str, Any]]]


@pytest.fixture(scope="module")
def ask(offline_final: OfflineFinal) -> Ask:
    """``ask(question) -> (answer, metadata)`` of the offline run."""

    def shown(question: str) -> tuple[str, dict[str, Any]]:
        final = offline_final(question)
        return final.answer, final.metadata

    return shown


def test_a_list_items_label_carries_no_marker_of_its_own(ask: Ask) -> None:
    """«• Суточные [1]. 700 ₽ …»: the label «Суточные.» states nothing, and the marker after it read as a citation of
    one word.  The label and its sentence are one claim, and one marker ends it."""
    answer, metadata = ask("Какие суточные за границей?")
    assert metadata["answered"] and "2500 ₽" in answer, answer
    assert "Суточные. 700 ₽" in answer, answer
    assert not re.search(r"(?m)^• [^\W\d_]+(?: [^\W\d_]+){0,2} \[\d+\]\.", answer), answer


def test_a_table_row_is_shown_as_a_table_row_under_its_header(ask: Ask) -> None:
    """The rows of «Приоритеты и сроки» were shown as «Приоритет | Когда | Реакция | Решение [1].» — the header read
    as a sentence with a marker, no pipes at the ends, no rule: not a table.  Now a Markdown table: the header row
    (no marker: it states nothing), the rule, the row with its marker in its last cell."""
    answer, metadata = ask("Какое время реакции на заявку с высоким приоритетом?")
    assert metadata["answered"], answer
    lines = answer.splitlines()
    header = lines.index("| Приоритет | Когда | Реакция | Решение |")
    assert lines[header + 1] == "| --- | --- | --- | --- |", answer
    assert re.fullmatch(r"\| Высокий \| .* \| 2 часа \| 1 рабочий день \[1\] \|", lines[header + 2]), answer
    assert all(c["claim"] != "Приоритет | Когда | Реакция | Решение" for c in metadata["claims"]), metadata["claims"]


def test_a_second_question_of_the_thing_named_before_is_answered(ask: Ask) -> None:
    """«Кто проводит ретроспективу и сколько она длится?» was read as one part asking a person: the duration went
    unasked, and the answer showed the planning's «не больше 2 часов» as if it were the retrospective's.  «сколько
    она длится» is a part of its own about the retrospective, answered by its «продолжительность — 1 час»."""
    answer, metadata = ask("Кто проводит ретроспективу и сколько она длится?")
    assert metadata["answered"] and "скрам-мастер" in answer, answer
    assert "продолжительность — 1 час" in answer and not metadata["missing_parts"], answer


def test_a_list_item_comes_with_the_lead_in_that_says_what_is_asked(ask: Ask) -> None:
    """«Когда выплачивается зарплата?» was answered with «25-го числа — аванс …» alone (and the quarterly bonus): the
    final payment on the 10th was left out.  The lead-in «Заработная плата … выплачивается два раза в месяц:» shares
    the question's words as much as the item does, so it comes with its whole list."""
    answer, metadata = ask("Когда выплачивается зарплата?")
    assert metadata["answered"], answer
    lines = answer.splitlines()
    assert lines[0].startswith("Заработная плата в ООО «Ромашка Софт» выплачивается два раза в месяц"), answer
    assert lines[1].startswith("• 25-го числа — аванс") and lines[2].startswith("• 10-го числа следующего месяца")


def test_a_list_item_that_continues_its_lead_in_is_not_shown_as_a_fragment(ask: Ask) -> None:
    """«Сколько одобрений нужно, чтобы смержить MR?» was answered by «• получено не менее 2 одобрений …» — an item
    in lower case, the rest of the sentence «MR вливается в main, когда:», shown without its start.  Now with it."""
    answer, metadata = ask("Сколько одобрений нужно, чтобы смержить MR?")
    assert metadata["answered"], answer
    lines = answer.splitlines()
    assert lines[0].startswith("MR вливается в main, когда"), answer
    assert lines[1].startswith("• получено не менее 2 одобрений"), answer
