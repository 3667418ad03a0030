"""A question written as a message — a greeting, the asker's situation, then the question — through the research agent
(``agentcore ask``, ``POST /research``, ``/v1``), offline over the knowledge base that ships: the answer is read from
the sentences that ask (:mod:`agentcore.text.message`)."""

from __future__ import annotations

from tests.apps.research.conftest import OfflineAsk as Ask


def test_the_askers_situation_does_not_decline_the_answer(ask: Ask) -> None:
    """Read whole, the greeting and «работаю второй месяц, сижу в офисе на Ленина» were terms the answer had to hold:
    the 28 days were declined."""
    answered, answer = ask(
        "Добрый день! Я работаю у вас второй месяц, сижу в офисе на Ленина. Сколько дней ежегодного отпуска мне "
        "положено? Спасибо!"
    )
    assert answered and "28 календарных дней" in answer, answer
    assert "Ленина" not in answer, answer  # no «В документах не нашлось: …» naming the asker's situation


def test_an_english_message_is_read_from_its_question(ask: Ask) -> None:
    answered, answer = ask(
        "Hi! I'm new in the team and my laptop is a bit slow. How many days of annual leave do I get?"
    )
    assert answered and "28 календарных дней" in answer, answer
