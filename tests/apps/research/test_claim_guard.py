"""The research agent's claim guard end to end: a scripted model writes true sentences and a false one whose number
(or prohibition) the passage does hold — elsewhere, for another statement.  The false one never reaches the user."""

from __future__ import annotations

import json
from typing import Any

from tests.apps.research.conftest import ServiceFactory
from tests.apps.research.test_service import final, last_final, run

KB = {
    "sick.md": """# Больничный

## Оплата

Первые 3 дня болезни оплачивает компания, остальные дни — фонд. Компания доплачивает до полного оклада за первые
10 рабочих дней болезни в году.
""",
    "secrets.md": """# Секреты

## Хранение

Токены доступа храните только в хранилище секретов Vault. Передавать токены в мессенджерах запрещено.
""",
    "review.md": """# Код-ревью

## Одобрения

Для слияния MR нужно два одобрения. Мержить собственный MR без одобрений запрещено.
""",
    "tools.md": """# Инструменты

## Сервисы команды

Задачи команды ведутся в Kaiten, а схемы архитектуры рисуют в Miro.
""",
}


def act(tool: str, arguments: dict[str, Any] | None = None) -> str:
    return f"Thought: думаю\nAction: {tool} {json.dumps(arguments or {}, ensure_ascii=False)}"


def flow(question: str) -> list[str]:
    return [
        act("router_select", {"query": question}),
        act("query_plan", {"query": question}),
        act("search", {"query": question, "mode": "hybrid", "top_k": 3}),
        act("compose_context", {}),
    ]


async def test_a_number_taken_from_another_rule_of_the_passage_is_not_shown(make_service: ServiceFactory) -> None:
    question = "Сколько первых дней болезни оплачивает компания?"
    true = "Первые 3 дня болезни оплачивает компания, остальные дни — фонд [1]."
    false = "Кроме того: Первые 10 дней болезни оплачивает компания, остальные дни — фонд [1]."
    answer = f"{true}\n{false}"
    done = last_final(await run(make_service([*flow(question), final(answer), final(answer)]), question))
    assert done.metadata["answered"] is True and done.metadata["grounded"] is True
    assert "3 дня болезни" in done.answer and "10 дней" not in done.answer
    statuses = [c["status"] for c in done.metadata["claims"]]
    assert statuses == ["supported", "contradicted"]
    assert [c["claim"] for c in done.metadata["removed_claims"]] == [false.replace(" [1]", "")]
    assert "В документах не нашлось" not in done.answer  # the question is answered: nothing to name


async def test_an_injected_prohibition_is_not_shown(make_service: ServiceFactory) -> None:
    question = "Где хранить токены доступа?"
    true = "Токены доступа храните только в хранилище секретов Vault [1]."
    false = "Кроме того, этого делать нельзя: токены доступа храните только в хранилище секретов Vault [1]."
    answer = f"{true}\n{false}"
    done = last_final(await run(make_service([*flow(question), final(answer), final(answer)]), question))
    assert done.metadata["answered"] is True
    assert done.answer == true
    assert [c["status"] for c in done.metadata["claims"]] == ["supported", "contradicted"]


async def test_a_repeated_claim_is_shown_once(make_service: ServiceFactory) -> None:
    question = "Где хранить токены доступа?"
    true = "Токены доступа храните только в хранилище секретов Vault [1]."
    answer = f"{true}\nКроме того: токены доступа храните только в хранилище секретов Vault [1]."
    done = last_final(await run(make_service([*flow(question), final(answer), final(answer)]), question))
    assert done.answer == true


async def test_a_flipped_prohibition_is_not_shown(make_service: ServiceFactory) -> None:
    # «… можно» against the passage's «… запрещено», the modal word after the verb in both
    question = "Можно ли мержить собственный MR без одобрений?"
    true = "Для слияния MR нужно два одобрения [1]."
    false = "Мержить собственный MR без одобрений можно [1]."
    answer = f"{true}\n{false}"
    done = last_final(await run(make_service([*flow(question), final(answer), final(answer)]), question))
    assert "можно" not in done.answer
    assert [c["status"] for c in done.metadata["claims"]][1] == "contradicted"
    removed = {c["claim"]: c["status"] for c in done.metadata["removed_claims"]}
    assert removed[false.replace(" [1]", "")] == "contradicted"


async def test_the_true_claim_beside_a_flipped_prohibition_stays(make_service: ServiceFactory) -> None:
    # a permission asked without a thing («без одобрений») is answered by the sentence requiring it (2620497 removed
    # the true claim as unsupported: it neither negated the approvals nor made them the only way)
    question = "Можно ли мержить собственный MR без одобрений?"
    true = "Для слияния MR нужно два одобрения [1]."
    false = "Мержить собственный MR без одобрений можно [1]."
    answer = f"{true}\n{false}"
    done = last_final(await run(make_service([*flow(question), final(answer), final(answer)]), question))
    assert [c["status"] for c in done.metadata["claims"]] == ["supported", "contradicted"]
    removed = {c["claim"]: c["status"] for c in done.metadata["removed_claims"]}
    assert removed == {false.replace(" [1]", ""): "contradicted"}


async def test_a_name_taken_from_another_clause_is_not_shown(make_service: ServiceFactory) -> None:
    question = "В каком сервисе ведутся задачи команды?"
    false = "Задачи команды ведутся в Miro [1]."
    done = last_final(await run(make_service([*flow(question), final(false), final(false)]), question))
    assert "Miro" not in done.answer and done.metadata["answered"] is False
    assert [c["status"] for c in done.metadata["claims"]] == ["contradicted"]
    true = "Задачи команды ведутся в Kaiten [1]."
    done = last_final(await run(make_service([*flow(question), final(true), final(true)]), question))
    assert done.metadata["answered"] is True and done.answer == true
