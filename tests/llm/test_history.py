import pytest
from pydantic import ValidationError

from agentcore.llm.history import MessageHistory
from agentcore.llm.models import LLMMessage, LLMToolCall
from agentcore.util.truncate import ELLIPSIS, truncate


def test_add_and_all_keep_the_whole_dialog() -> None:
    history = MessageHistory(limit=2, max_chars=100)
    stored = history.add("user", "Привет")
    history.add("assistant", "Здравствуйте!")
    history.add("user", "Как дела?")
    assert isinstance(stored, LLMMessage)
    assert [m.content for m in history.all()] == ["Привет", "Здравствуйте!", "Как дела?"]
    assert len(history) == 3
    assert list(history) == history.all()
    assert history.last() == LLMMessage(role="user", content="Как дела?")


def test_all_returns_a_copy() -> None:
    history = MessageHistory(limit=5, max_chars=100)
    history.add("user", "a")
    history.all().clear()
    assert len(history) == 1


def test_context_is_the_last_limit_messages() -> None:
    history = MessageHistory(limit=3, max_chars=100)
    for n in range(5):
        history.add("user", str(n))
    assert [m.content for m in history.context()] == ["2", "3", "4"]


def test_context_with_fewer_messages_than_the_limit() -> None:
    history = MessageHistory(limit=10, max_chars=100)
    history.add("system", "sys")
    assert [m.content for m in history.context()] == ["sys"]
    assert MessageHistory(limit=1, max_chars=10).context() == []


def test_context_drops_tool_results_whose_call_fell_out_of_the_window() -> None:
    history = MessageHistory(limit=3, max_chars=100)
    call = LLMToolCall(name="get_time", arguments="{}", id="call_1")
    history.add("user", "Который час?")
    history.add("assistant", None, tool_calls=[call])
    history.add("tool", "12:00", tool_call_id="call_1", name="get_time")
    history.add("assistant", "Сейчас 12:00")
    history.add("user", "Спасибо")
    assert [m.role for m in history.context()] == ["assistant", "user"]


def test_long_content_is_truncated_with_an_ellipsis() -> None:
    history = MessageHistory(limit=5, max_chars=10)
    stored = history.add("user", "абвгдеёжзийк")
    assert stored.content == "абвгдеёжз" + ELLIPSIS
    assert len(stored.content) == 10
    assert history.add("user", "ровно10сим").content == "ровно10сим"


def test_add_message_truncates_without_modifying_the_original() -> None:
    history = MessageHistory(limit=5, max_chars=5)
    original = LLMMessage(role="tool", content="0123456789", tool_call_id="c1", name="t")
    stored = history.add_message(original)
    assert stored.content == "0123…"
    assert stored.tool_call_id == "c1"
    assert original.content == "0123456789"


def test_add_message_accepts_dicts_and_validates_them() -> None:
    history = MessageHistory(limit=5, max_chars=50)
    history.add_message({"role": "user", "content": "hi"})
    history.extend([{"role": "assistant", "content": "hello"}, LLMMessage(role="user", content="bye")])
    assert [m.role for m in history.all()] == ["user", "assistant", "user"]
    with pytest.raises(ValidationError):
        history.add_message({"role": "robot", "content": "x"})
    with pytest.raises(ValidationError):
        history.add("robot", "x")  # type: ignore[arg-type]
    assert len(history) == 3


def test_clear() -> None:
    history = MessageHistory(limit=5, max_chars=50)
    history.add("user", "x")
    history.clear()
    assert len(history) == 0
    assert history.all() == []
    assert history.last() is None


def test_invalid_sizes_are_rejected() -> None:
    with pytest.raises(ValueError):
        MessageHistory(limit=0, max_chars=10)
    with pytest.raises(ValueError):
        MessageHistory(limit=1, max_chars=0)


def test_truncate_helper() -> None:
    assert truncate("abc", 3) == "abc"
    assert truncate("abcd", 3) == "ab…"
    assert truncate("abcd", 1) == "…"
