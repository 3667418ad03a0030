"""The offline provider's tool selection (rules; no model)."""

from __future__ import annotations

import pytest

from agentcore.apps.assistant.offline import extract_theme, select
from agentcore.llm.models import LLMMessage


def _select(text: str) -> tuple[str | None, dict[str, object]]:
    choice = select([LLMMessage(role="user", content=text)])
    return choice.tool_name, choice.parameters


@pytest.mark.parametrize(
    ("line", "question"),
    [
        ("Привет! Как мне взять отпуск в августе?", "Как мне взять отпуск в августе?"),
        ("Добрый день! У меня вопрос: где взять ноутбук?", "Где взять ноутбук?"),
        ("Здравствуйте, бот! Хотел спросить, как подключиться к VPN?", "Как подключиться к VPN?"),
        ("Привет, бот. Заболел, что делать? Заранее спасибо!", "Заболел, что делать?"),
    ],
)
def test_rag_question_without_courtesy(line: str, question: str) -> None:
    assert _select(line) == ("rag_search", {"question": question})


@pytest.mark.parametrize(
    ("line", "theme"),
    [
        ("Напиши хайку про зиму, если можно", "зима"),
        ("Привет! Сочини хайку про кота, пожалуйста, очень прошу", "кот"),
        ("Бот, напиши мне хайку о весне в городе, плиз", "весна в городе"),
        ("хайку про осенний лес, спасибо заранее", "осенний лес"),
    ],
)
def test_haiku_theme_without_courtesy(line: str, theme: str) -> None:
    assert extract_theme(line) == theme
    assert _select(line) == ("generate_haiku", {"theme": theme})


@pytest.mark.parametrize(
    "answer",
    [
        "Хайку: Вот и кошка ждёт | Осень всю ночь уходит | Вдали — тихий лес\n#слогов построчно: 5-7-5",
        'Выбран инструмент generate_haiku с параметрами {"theme": "осень"}',
    ],
)
def test_a_haiku_follow_up_reads_the_earlier_turn_as_a_v1_client_sends_it(answer: str) -> None:
    """Tryout 28 D2: over ``/v1`` (the console's Chat page) the earlier turns are the answers only — «а про зиму?»
    after «Хайку: …» was «Запрос не связан с функционалом агента.», while the terminal (which keeps the «Выбран
    инструмент» line) wrote a haiku about winter."""
    from agentcore.apps.assistant.offline import classify

    history = [
        LLMMessage(role="user", content="Напиши хайку про осень"),
        LLMMessage(role="assistant", content=answer),
        LLMMessage(role="user", content="а про зиму?"),
    ]
    assert classify(history).relevant
    choice = select(history)
    assert (choice.tool_name, choice.parameters) == ("generate_haiku", {"theme": "зима"})


def test_a_follow_up_after_a_knowledge_base_answer_is_not_a_haiku() -> None:
    history = [
        LLMMessage(role="user", content="Как оформить отпуск?"),
        LLMMessage(role="assistant", content="Ответ RAG: Как оформить отпуск: …"),
        LLMMessage(role="user", content="а про больничный?"),
    ]
    assert select(history).tool_name == "rag_search"


_HAIKU_ANSWER = "Хайку: Вот и кошка ждёт | Осень всю ночь уходит | Вдали — тихий лес\n#слогов построчно: 5-7-5"
_RAG_ANSWER = "Ответ RAG: Заявление на отпуск подаётся в HR-портале за две недели."


def _dialog(*turns: str) -> list[LLMMessage]:
    return [LLMMessage(role="user" if i % 2 == 0 else "assistant", content=t) for i, t in enumerate(turns)]


@pytest.mark.parametrize(
    ("turns", "theme"),
    [
        # «ещё хайку» had no theme («Не совсем понял вопрос…»), «ещё одно» went to the knowledge base
        (("Напиши хайку про осень", _HAIKU_ANSWER, "ещё хайку"), "осень"),
        (("Напиши хайку про осень", _HAIKU_ANSWER, "ещё одно"), "осень"),
        (("Напиши хайку про осень", _HAIKU_ANSWER, "Давай ещё!"), "осень"),
        (("Напиши хайку", 'Выбран инструмент generate_haiku с параметрами {"theme": "море"}', "ещё"), "море"),
        (("Напиши хайку про осень", _HAIKU_ANSWER, "Как оформить отпуск?", _RAG_ANSWER, "ещё хайку"), "осень"),
        # a theme follow-up after a knowledge-base turn, a haiku earlier («Запрос не связан с функционалом агента.»)
        (("Напиши хайку про осень", _HAIKU_ANSWER, "Как оформить отпуск?", _RAG_ANSWER, "а теперь про лето"), "лето"),
        (("Напиши хайку про осень", _HAIKU_ANSWER, "ещё хайку про зиму"), "зима"),
    ],
)
def test_haiku_follow_ups_tryout28_d18(turns: tuple[str, ...], theme: str) -> None:
    from agentcore.apps.assistant.offline import classify

    history = _dialog(*turns)
    assert classify(history).relevant
    choice = select(history)
    assert (choice.tool_name, choice.parameters) == ("generate_haiku", {"theme": theme})


@pytest.mark.parametrize(
    "turns",
    [
        # a question after a knowledge-base turn stays a question, a haiku earlier or not
        ("Напиши хайку про осень", _HAIKU_ANSWER, "Как оформить отпуск?", _RAG_ANSWER, "а про больничный?"),
        ("Напиши хайку про осень", _HAIKU_ANSWER, "Как оформить отпуск?", _RAG_ANSWER, "ещё одно"),
        ("Как оформить отпуск?", _RAG_ANSWER, "а теперь про лето"),
    ],
)
def test_no_haiku_without_one_just_written_or_asked(turns: tuple[str, ...]) -> None:
    assert select(_dialog(*turns)).tool_name != "generate_haiku"


@pytest.mark.parametrize(
    "line",
    [
        # aud gap 2: the issue's own colloquial examples and English questions were «Запрос не связан…»
        "заболел, что делать?",
        "можно взять за свой счёт?",
        "сменил телефон, а там был второй фактор",
        "Is two-factor authentication mandatory?",
        "What happens to unused vacation days?",
        "Can I work from another country?",
    ],
)
def test_help_desk_questions_in_colloquial_words_or_english_are_relevant(line: str) -> None:
    from agentcore.apps.assistant.offline import classify

    assert classify([LLMMessage(role="user", content=line)]).relevant


@pytest.mark.parametrize("line", ["sick leave?", "vacation days?", "how to reset password", "expense report?"])
def test_short_english_questions_about_the_documents_are_relevant(line: str) -> None:
    """Issue 18: an English question met the English off-topic examples in its own language and the Russian titles
    across languages — the route comparison evens the e5 cross-lingual gap."""
    from agentcore.apps.assistant.offline import classify

    assert classify([LLMMessage(role="user", content=line)]).relevant


@pytest.mark.parametrize(
    "line",
    [
        "What's the weather?",
        "Какая погода будет в выходные?",
        "Расскажи смешной анекдот про программистов",
        "Напиши функцию сортировки пузырьком на Python",
        "Tell me a joke",
        "What's the weather like in London today?",
        "Write a SQL query that joins two tables",
        "как накачать пресс за месяц",
    ],
)
def test_unrelated_requests_stay_irrelevant(line: str) -> None:
    from agentcore.apps.assistant.offline import classify

    assert not classify([LLMMessage(role="user", content=line)]).relevant


@pytest.mark.parametrize("line", ["how are you?", "good morning", "stock market today", "football score"])
def test_english_small_talk_is_irrelevant(line: str) -> None:
    """rv3 finding 6: the cross-lingual evening of the knowledge-base route let English small talk reach rag_search
    (the off-topic route had no English greetings, and a Russian question stays compared as it is)."""
    from agentcore.apps.assistant.offline import classify

    assert not classify([LLMMessage(role="user", content=line)]).relevant


def test_the_cross_lingual_gap_is_the_rag_packages_one() -> None:
    """One measured constant and one script detector, shared with the focus check."""
    from agentcore.apps.assistant import offline
    from agentcore.rag import CROSS_LINGUAL_GAP, writing_script

    assert not hasattr(offline, "CROSS_LINGUAL_GAP")
    assert CROSS_LINGUAL_GAP == 0.05
    assert (writing_script("sick leave?"), writing_script("больничный"), writing_script("42?")) == (
        "latin",
        "cyrillic",
        "",
    )


def test_the_examples_hold_every_section_of_the_knowledge_base() -> None:
    """A colloquial question lies near its section's heading, not near the document's title."""
    from agentcore.apps.assistant.offline import kb_titles

    titles = kb_titles()
    assert "Больничный и дни здоровья" in titles
    assert "Больничный и дни здоровья — Что сделать в первый день болезни" in titles


def test_in_kb_words_needs_every_term_known_and_two_of_them() -> None:
    from agentcore.apps.assistant.offline import in_kb_words

    assert in_kb_words("заболел, что делать?")
    assert not in_kb_words("как научиться играть на гитаре")  # «гитара» is no word of the documents
    assert not in_kb_words("Больничный?")  # one word says too little


def test_the_shipped_route_vectors_are_current() -> None:
    """``python scripts/route_vectors.py`` after editing the examples (else every new data dir embeds them again)."""
    from agentcore.apps.assistant.offline import _router

    assert _router.shipped_key() == _router.key()
