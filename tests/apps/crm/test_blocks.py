"""THOUGHT / ACTION / ASSISTANT: what real models write is accepted, the rest is a ModelClientError."""

from __future__ import annotations

import pytest

from agentcore.apps.crm.blocks import parse_blocks
from agentcore.apps.crm.errors import ModelClientError


def test_plain_blocks() -> None:
    action = '[{"method": "crm.deal.list", "params": {"filter": {"%TITLE": "Ромашка"}}}]'
    text = f"THOUGHT: ищу\nACTION: {action}\nASSISTANT: Ищу."
    reply = parse_blocks(text)
    assert reply.thought == "ищу"
    assert reply.action[0].method == "crm.deal.list"
    assert reply.action[0].params == {"filter": {"%TITLE": "Ромашка"}}
    assert reply.assistant == "Ищу."


def test_fences_single_object_trailing_text_markdown_and_order() -> None:
    text = (
        "**ASSISTANT:** Создаю сделку.\n\n"
        "**THOUGHT:** нужна новая сделка\n"
        "**ACTION:**\n```json\n"
        '{"method": "CRM.Deal.Add", "params": {"fields": {"TITLE": "X"}}, "comment": "создать"}\n'
        "```\nЭто всё."
    )
    reply = parse_blocks(text)
    assert [s.method for s in reply.action] == ["crm.deal.add"]
    assert reply.assistant == "Создаю сделку."


def test_text_after_json_and_wrapped_list() -> None:
    reply = parse_blocks('THOUGHT: x\nACTION: {"actions": [{"method": "event.get"}]} — вот так\nASSISTANT: ok')
    assert reply.action[0].method == "event.get" and reply.action[0].params == {}


@pytest.mark.parametrize("empty", ["[]", "нет", "none", "", "```json\n[]\n```"])
def test_no_steps(empty: str) -> None:
    assert parse_blocks(f"THOUGHT: -\nACTION: {empty}\nASSISTANT: Привет!").action == []


def test_missing_action_block_means_no_steps() -> None:
    assert parse_blocks("ASSISTANT: Здравствуйте").action == []


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Просто текст без блоков",
        "THOUGHT: x\nACTION: []",  # no ASSISTANT
        "THOUGHT: x\nACTION: []\nASSISTANT:   ",
        "THOUGHT: x\nACTION: [oops]\nASSISTANT: a",
        "THOUGHT: x\nACTION: сначала найду сделку\nASSISTANT: a",
        'THOUGHT: x\nACTION: [{"params": {}}]\nASSISTANT: a',
        'THOUGHT: x\nACTION: [{"method": ""}]\nASSISTANT: a',
        'THOUGHT: x\nACTION: [{"method": "crm.deal.get", "params": [1]}]\nASSISTANT: a',
        'THOUGHT: x\nACTION: ["crm.deal.get"]\nASSISTANT: a',
        "THOUGHT: x\nACTION: 42\nASSISTANT: a",
        "THOUGHT: x\nASSISTANT: a\nASSISTANT: b",
        # NaN and Infinity are no JSON numbers: an amount of NaN was put to the user and sent to the portal.
        'THOUGHT: x\nACTION: [{"method": "crm.deal.update", "params": {"id": 1, "fields": {"OPPORTUNITY": NaN}}}]'
        "\nASSISTANT: a",
        'THOUGHT: x\nACTION: [{"method": "crm.deal.update", "params": {"id": 1, "fields": {"OPPORTUNITY": -Infinity}}}]'
        "\nASSISTANT: a",
    ],
)
def test_rejected(text: str) -> None:
    with pytest.raises(ModelClientError):
        parse_blocks(text)


def test_a_code_fence_inside_a_json_string_is_json() -> None:
    action = '[{"method": "crm.deal.update", "params": {"id": 1, "fields": {"COMMENTS": "см. ```код```"}}}]'
    reply = parse_blocks(f"THOUGHT: x\nACTION: {action}\nASSISTANT: ok")
    assert reply.action[0].params["fields"]["COMMENTS"] == "см. ```код```"


def test_lower_case_marker_words_inside_text_are_text() -> None:
    text = "THOUGHT: План.\nAction: найти сделку\nACTION: []\nASSISTANT: Готово.\nAction: сделка найдена"
    reply = parse_blocks(text)
    assert reply.thought == "План.\nAction: найти сделку"
    assert reply.assistant == "Готово.\nAction: сделка найдена"


def test_title_case_markers_are_read_when_there_are_no_upper_case_ones() -> None:
    reply = parse_blocks('Thought: x\nAction: [{"method": "event.get"}]\nAssistant: ok')
    assert reply.action[0].method == "event.get" and reply.assistant == "ok"
