"""The messages the CRM model gets (seed 004, step 2): the constitution with the mode's methods, the serialized
``agent_state`` and the user's message (plus the last few turns, so "эта сделка" has a referent).

The portal URL and tokens never appear here: the model sees logical method names and params only.
"""

from __future__ import annotations

import json
from typing import Any

from agentcore.apps.crm.models import AgentState, Mode
from agentcore.apps.crm.policy import CRITICAL_FIELDS, allowed_methods
from agentcore.llm.models import LLMMessage

__all__ = ["STATE_PREFIX", "build_messages", "read_state", "state_for_model", "system_prompt"]

STATE_PREFIX = "agent_state (JSON):\n"

CONSTITUTION = """Ты — агент-оркестратор CRM Bitrix24. Ты помогаешь сотрудникам находить, создавать и изменять \
сделки, контакты и компании. Отвечай по-русски, коротко и по делу.

Формат ответа — строго три блока, каждый с новой строки:
THOUGHT: краткое рассуждение (пользователь его не видит как ответ)
ACTION: JSON-массив шагов [{"method": "crm.deal.list", "params": {...}, "comment": "зачем"}] или []
ASSISTANT: ответ пользователю

Правила:
1. Используй только методы, разрешённые текущим режимом (список ниже). Имена методов — как в REST API Bitrix24.
2. Не выдумывай идентификаторы: бери их из agent_state.resolved (что названные в сообщении сделки, компании, \
контакты, стадии и сотрудники нашлись на портале), agent_state.objects или сначала найди объект через *.list. \
Если по названию нашлось несколько объектов — спроси, какой из них имеется в виду, перечислив их. \
Если пользователь ответил на такой вопрос, agent_state.resolved.message — его прежний запрос с выбранным объектом. \
«Последняя (созданная) сделка», «самая новая компания», «последние 3 контакта» — самые новые записи портала, а не \
показанная последней: они уже в agent_state.resolved (поле newest — сколько просили, matches — от новой к старой); \
без resolved ищи их сам: crm.<сущность>.list с "order": {"ID": "DESC"} и бери первые записи. \
Если по имени ничего не нашлось, а в resolved есть similar (похожие имена — возможно, опечатка), перечисли их и \
попроси повторить запрос с номером; сам похожую запись не выбирай.
3. Изменение критичных полей, удаление и event.bind / event.unbind выполняются только после подтверждения \
пользователя — оркестратор сам спросит его. Никогда не ставь "confirmed": true по своей инициативе: \
подтверждение даёт только пользователь.
4. Чтобы отменить ожидающий запрос, верни шаг с теми же method и params и полями \
"confirmation_id": "<id>", "confirmation_decision": "deny".
5. Пакет: {"method": "batch", "params": {"halt": 0, "cmd": {"ключ": "crm.deal.get?id=1"}}} — не больше 50 \
команд, параметры в cmd URL-кодированы в стиле PHP (fields[TITLE]=...), ссылки на результаты: $result[ключ][ID].
6. В режиме shadow ничего не выполняется: опиши план, он будет сохранён.
7. Результаты вызовов оркестратор покажет пользователю сам после твоего ответа; не выдумывай их в ASSISTANT.
8. Адрес портала и токены тебе неизвестны и не нужны.
9. agent_state.this_turn — что оркестратор уже сделал в этом ходе до твоего ответа, \
agent_state.this_turn_outcomes — чем закончились эти шаги (executed — выполнено). Не пиши «Готово», если ни один \
шаг не выполнен (executed): скажи, что ничего не выполнено. Не пиши, что отменил выполненное действие: «нет» и \
«отмени» отменяют только ждущий подтверждения запрос; уже сделанное вернёт только новый запрос."""

_MODE_TEXT = {
    "shadow": "shadow — теневой режим: ни один шаг не выполняется, план сохраняется в next_planned_actions.",
    "canary": "canary — осторожный режим: чтение, создание и изменение (критичные поля — с подтверждением), "
    "event.get и batch; удаление и event.bind/event.unbind запрещены.",
    "full": "full — полный режим: все методы списка; удаление и event.bind/event.unbind — только с подтверждением.",
}


def system_prompt(mode: Mode) -> str:
    """The constitution, the mode, its methods and the critical fields."""
    methods = ", ".join(allowed_methods(mode))
    critical = ", ".join(sorted(CRITICAL_FIELDS))
    return (
        f"{CONSTITUTION}\n\nРежим безопасности: {_MODE_TEXT[mode]}\nРазрешённые методы: {methods}.\n"
        f"Критичные поля (изменение — только с подтверждением): {critical}, а также поля сроков (*DEADLINE)."
    )


def state_for_model(
    state: AgentState,
    mode: Mode,
    notes: list[str] | None = None,
    resolved: dict[str, Any] | None = None,
    outcomes: list[str] | None = None,
) -> dict[str, Any]:
    """The part of ``agent_state`` the model needs (no fingerprints, no dialog history), plus ``resolved``: what the
    names in this message matched on the portal (:mod:`~agentcore.apps.crm.resolve`), ``this_turn``: what the
    orchestrator told the user before the model's turn, and ``this_turn_outcomes``: how its steps ended
    (``executed``, ``failed``, ``stale``, …), so a reply says «Готово» only when something ran."""
    view: dict[str, Any] = {
        "mode": mode,
        "objects": state.objects.model_dump(),
        "confirmations": [
            {k: v for k, v in c.model_dump().items() if k not in ("fingerprint", "expires_at", "http_method")}
            for c in state.confirmations[-10:]
        ],
        "event_bindings": state.event_bindings,
        "next_planned_actions": [a.model_dump(exclude={"planned_at"}) for a in state.next_planned_actions[-10:]],
        "done": [d.model_dump() for d in state.done[-10:]],
    }
    if notes:
        view["this_turn"] = notes
    if outcomes:
        view["this_turn_outcomes"] = outcomes
    if resolved:
        view["resolved"] = resolved
    return view


def build_messages(
    state: AgentState,
    mode: Mode,
    message: str,
    notes: list[str] | None = None,
    *,
    resolved: dict[str, Any] | None = None,
    outcomes: list[str] | None = None,
) -> list[LLMMessage]:
    """System prompt, the last turns, the serialized state, then the user's message (Chat Completions order)."""
    messages = [LLMMessage(role="system", content=system_prompt(mode))]
    for item in state.history:
        role = item.get("role")
        if role in ("user", "assistant"):
            messages.append(LLMMessage(role=role, content=item.get("content", "")))
    state_json = json.dumps(state_for_model(state, mode, notes, resolved, outcomes), ensure_ascii=False, default=str)
    messages.append(LLMMessage(role="user", content=STATE_PREFIX + state_json))
    messages.append(LLMMessage(role="user", content=message))
    return messages


def read_state(messages: list[LLMMessage]) -> dict[str, Any]:
    """The serialized state from :func:`build_messages` output (``{}`` if absent or unreadable)."""
    for item in reversed(messages):
        if item.role == "user" and item.content and item.content.startswith(STATE_PREFIX):
            try:
                value = json.loads(item.content[len(STATE_PREFIX) :])
            except ValueError:
                return {}
            return value if isinstance(value, dict) else {}
    return {}
