"""Tool calls from OpenAI-compatible servers that send no id get a generated one, so results match their calls."""

from __future__ import annotations

from agentcore.llm.openai_compat import response_from_openai


def _body(*ids: str | None) -> dict[str, object]:
    calls = []
    for i, call_id in enumerate(ids):
        call: dict[str, object] = {"type": "function", "function": {"name": "f", "arguments": f'{{"n": {i}}}'}}
        if call_id is not None:
            call["id"] = call_id
        calls.append(call)
    return {"choices": [{"message": {"role": "assistant", "content": None, "tool_calls": calls}}]}


def test_missing_or_empty_ids_are_generated_and_distinct() -> None:
    response = response_from_openai(_body(None, "", "call_server"))
    ids = [call.id for call in response.tool_calls]
    assert ids[2] == "call_server"
    assert all(ids) and len(set(ids)) == 3 and ids[0].startswith("call_")
