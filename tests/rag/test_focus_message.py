"""A message with context: the focus check, the composer and the RAG service's answer read the question from the
sentences that ask (:mod:`agentcore.text.message`), never the asker's situation as subject terms."""

from __future__ import annotations

import asyncio

from tests.rag.focus_probe import far_embed

from agentcore.rag import check_focus
from agentcore.rag.citations import cited_extractive_answer, compose_context
from agentcore.rag.models import Hit, SearchResult
from agentcore.rag.trust import answer_search

VACATION = (
    "В ООО «Ромашка Софт» ежегодный оплачиваемый отпуск составляет 28 календарных дней. Отпуск можно делить на части, "
    "но одна из частей должна быть не короче 14 календарных дней подряд — так требует Трудовой кодекс."
)
FIRST = "В ООО «Ромашка Софт» ежегодный оплачиваемый отпуск составляет 28 календарных дней."
MESSAGE = (
    "Добрый день! Я работаю у вас второй месяц, сижу в офисе на Ленина. Сколько дней ежегодного отпуска мне "
    "положено? Спасибо!"
)


def test_the_situation_is_no_subject_term_of_the_question() -> None:
    """Read whole, «работать», «месяц», «офис», «Ленина» were terms the sentence had to hold: a right answer was
    declined."""
    check = check_focus(MESSAGE, [FIRST], [VACATION], headings=["Отпуск: правила и оформление"], embed=far_embed)
    assert [p.text for p in check.parts] == ["Сколько дней ежегодного отпуска мне положено"]
    assert check.answered == (True,)


def test_a_pronoun_takes_the_noun_the_context_names() -> None:
    """«Как его настроить?» lost its subject: «его» is the VPN of the sentence before."""
    steps = [
        "Установите клиент WireGuard: на корпоративных ноутбуках он уже стоит.",
        "Войдите в «Ромашка.Портал» → «Мой профиль» → «VPN» и нажмите «Создать конфигурацию».",
    ]
    check = check_focus(
        "Мне вчера выдали новый ноутбук, но на нём нет VPN. Как его настроить?",
        steps,
        steps,
        headings=["Настройка VPN — Установка"],
        embed=far_embed,
    )
    assert check.parts[0].terms == ("vpn", "настроить")
    assert check.answered == (True,)


def test_a_question_pointing_at_the_situation_keeps_it_as_a_condition() -> None:
    """«тогда» asks the rule of the case the context tells: the two-week sprint's rule does not answer it."""
    shown = ["Ретроспектива проходит в конце спринта: пятница второй недели, 16:30, продолжительность — 1 час."]
    message = "У нас в команде пилот: спринт длится месяц, а не две недели. Сколько тогда должна длиться ретроспектива?"
    check = check_focus(message, shown, shown, embed=far_embed)
    assert "месяц" in check.parts[0].terms
    assert check.decline


def test_the_composer_and_the_search_answer_read_the_asking_sentences() -> None:
    """The RAG service's answer (``POST /search``, the assistant's ``rag_search``) goes through the same reading."""
    hits = [Hit("vac#0", "vacation-policy", "Отпуск: правила и оформление", VACATION, 1.0, "", 1)]
    draft = cited_extractive_answer(MESSAGE, compose_context(hits, 1), trust_order=True)
    assert draft is not None and "28 календарных дней" in draft
    result = SearchResult(hits, "hybrid", "test", "default", answerable=True, possible=True)
    answer = asyncio.run(answer_search(MESSAGE, result))
    assert "28 календарных дней" in answer.text, answer.text


def test_a_greeting_before_a_question_without_context_is_no_part_of_it() -> None:
    """Read as typed, «Добрый день!» made «добрый» and «день» terms of the part."""
    check = check_focus(
        "Добрый день! Сколько дней ежегодного отпуска положено?",
        [FIRST],
        [VACATION],
        headings=["Отпуск: правила и оформление"],
        embed=far_embed,
    )
    assert [p.text for p in check.parts] == ["Сколько дней ежегодного отпуска положено"]
    assert "добрый" not in check.parts[0].terms
