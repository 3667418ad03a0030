"""The learned answer selector's vote in the offline ``ask`` (:mod:`agentcore.rag._selector`): a draft the focus
rules decline is answered when a sentence of the context clearly answers, and the claim guard still decides what is
shown; an answer the rules give is declined when no sentence of the context looks like an answer; a question the
documents only come near is still declined.

A small synthetic knowledge base, searched with the local e5 (the selector reads e5 cosines; the hashing embedder
of the other tests finds too little evidence for a draft).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.apps.research.conftest import ServiceFactory

from agentcore.apps.research import AgentRequest
from agentcore.config import Settings
from agentcore.rag.answer import NO_ANSWER
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.engine import RagEngine

KB: dict[str, str] = {
    "onboarding.md": """# Онбординг

## Welcome-встреча

Каждую первую среду месяца генеральный директор проводит welcome-встречу для всех новичков, вышедших за последний
месяц: рассказывает об истории компании и отвечает на вопросы.

## Наставник

В первый рабочий день за новичком закрепляют наставника из его команды.
""",
    "office.md": """# Офис

## Парковка

У бизнес-центра для сотрудников выделено 10 парковочных мест, их бронируют в портале накануне.

## Кухня

Фрукты привозят по понедельникам и четвергам.
""",
    "payroll.md": """# Зарплата

## Смена реквизитов

Зарплата перечисляется на карту любого российского банка по вашему выбору. Чтобы сменить реквизиты, загрузите
новую справку с реквизитами в портал до 20-го числа.
""",
    "vacation.md": """# Отпуск

Ежегодный оплачиваемый отпуск составляет 28 календарных дней. Отпуск можно делить на части.
""",
}

RESCUE = "Отбор ответа: предложение контекста похоже на ответ"
VETO = "Отбор ответа: ни одно предложение контекста не похоже на ответ"


@pytest.fixture
def engine(settings: Settings, kb_dir: Path) -> RagEngine:
    engine = RagEngine(settings, embedder=E5Embedder(), backend=None)
    engine.indexer.index_path(kb_dir, "test")
    return engine


async def _events(make_service: ServiceFactory, question: str) -> list:  # type: ignore[type-arg]
    service = make_service()
    return [e async for e in service.stream_agent_response(AgentRequest(question=question))]


async def test_a_draft_the_rules_decline_is_answered_from_the_sentence_the_selector_finds(
    make_service: ServiceFactory,
) -> None:
    # «гендир» is in no passage (the rules read a focus the documents lack); the sentence gives the day asked.
    events = await _events(make_service, "когда гендир встречается с новенькими")
    done = events[-1]
    assert any(e.type == "thought" and e.text.startswith(RESCUE) for e in events)
    assert done.metadata["answered"] is True and "Каждую первую среду месяца" in done.answer
    assert [c.doc_id for c in done.citations] == ["onboarding"] and "[1]" in done.answer
    # the claim guard still decides: every claim shown is supported by the passage it cites
    assert done.metadata["grounded"] is True
    assert {c["status"] for c in done.metadata["claims"]} == {"supported"}


async def test_a_near_miss_the_documents_do_not_answer_is_still_declined(make_service: ServiceFactory) -> None:
    # The knowledge base has the parking places, not their price.
    events = await _events(make_service, "сколько стоит платная парковка у бц")
    done = events[-1]
    assert done.answer.startswith(NO_ANSWER) and done.metadata["answered"] is False
    assert not any(e.type == "thought" and e.text.startswith(RESCUE) for e in events)


async def test_an_answer_no_sentence_of_the_context_resembles_is_declined(make_service: ServiceFactory) -> None:
    # The rules quote «Зарплата перечисляется на карту …» for «как поменять карту» (not how to change it) and name
    # the dollars part missing; the selector scores every sentence below its veto threshold.
    events = await _events(make_service, "как поменять карту для зарплаты и можно ли часть зп получать в долларах")
    done = events[-1]
    assert any(e.type == "thought" and e.text.startswith(VETO) for e in events)
    assert done.answer.startswith(NO_ANSWER) and done.metadata["answered"] is False
    assert {c["decided_by"] for c in done.metadata["claims"] if c["status"] == "unsupported"} >= {"selector"}
