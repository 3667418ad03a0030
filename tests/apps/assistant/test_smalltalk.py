"""What counts as small talk (answered with the help text, never searched) and what is a question."""

from __future__ import annotations

import pytest

from agentcore.apps.assistant.smalltalk import is_smalltalk


@pytest.mark.parametrize(
    "text",
    [
        "hi there",
        "Hello there!",
        "what's up?",
        "How are you doing today?",
        "Good evening, everyone",
        "hey bot",
        "Thank you so much!",
        "cheers",
        "как дела",
        "Как ты?",
        "Привет! Как у тебя дела?",
    ],
)
def test_greetings_and_how_are_you_are_small_talk(text: str) -> None:
    assert is_smalltalk(text)


@pytest.mark.parametrize(
    "text",
    [
        "how are you paid for on-call?",
        "what is up with the VPN?",
        "Hi, how do I reset my password?",
        "как дела с моим отпуском?",
        "как ты оформляешь отпуск",
        "cool down period",
        "good morning meeting time",
    ],
)
def test_a_question_after_small_talk_words_is_no_small_talk(text: str) -> None:
    assert not is_smalltalk(text)
