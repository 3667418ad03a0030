"""The run record's redaction of removed claims (agents/_redaction): a claim is redacted only where it stands as a
claim, never inside the system prompt, the user's question, tool results or the answer shown (review rv2 F11)."""

from __future__ import annotations

from typing import Any

from agentcore.agents._redaction import REDACTED, redact_removed_claims

SYSTEM = "Отвечай да или нет. Отпуск и больничный — темы базы."
QUESTION = "Отпуск?"
PASSAGES = "Observation: Найдено фрагментов: 1\n[1] Отпуск (vacation#0)\nДа.\nОтпуск можно делить на части."
CONTROL = "Observation: Контроль: покрытие 0.50 (без подтверждения: Да.; Отпуск). Новый контекст:\n[1] Отпуск\nДа."
SHOWN = "Отпуск оформляется через портал [1]."


def _record() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    events: list[dict[str, Any]] = [
        {"type": "thought", "text": "Ищу: да, отпуск оформляется за 14 дней"},
        {"type": "tool_invoked", "arguments": {"query": QUESTION}},
        {"type": "observation", "preview": "Да.\nОтпуск"},
        {"type": "thought", "text": "FinalAnswer: Да. Отпуск [2]. " + SHOWN},
        {"type": "final", "answer": SHOWN, "metadata": {"removed_claims": [{"claim": "Да."}, {"claim": "Отпуск"}]}},
    ]
    messages = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": QUESTION},
        {"role": "user", "content": PASSAGES},
        {"role": "assistant", "content": "FinalAnswer: Да. Отпуск [2]. " + SHOWN},
        {"role": "user", "content": CONTROL},
    ]
    calls: list[dict[str, Any]] = [{"messages": messages, "reply": "FinalAnswer:\n- Да.\n- Отпуск [2]\n" + SHOWN}]
    return events, calls


def test_short_removed_claims_are_redacted_only_where_they_stand_as_claims() -> None:
    events, calls = _record()
    redact_removed_claims(events, calls, QUESTION)
    messages = calls[0]["messages"]
    assert isinstance(messages, list)
    # left as sent: the system prompt, the question, the passages, the shown answer, a thought's mid-sentence words
    assert [m["content"] for m in messages[:3]] == [SYSTEM, QUESTION, PASSAGES]
    assert events[0]["text"] == "Ищу: да, отпуск оформляется за 14 дней"
    assert events[1] == {"type": "tool_invoked", "arguments": {"query": QUESTION}}
    assert events[2]["preview"] == "Да.\nОтпуск"  # a tool result
    assert events[4]["answer"] == SHOWN and events[4]["metadata"]["removed_claims"][0]["claim"] == "Да."
    # redacted: the model's own claims and the control's quote of them (its passages after the first line stay)
    shown_after = f"FinalAnswer: {REDACTED}. {REDACTED} [2]. {SHOWN}"
    assert messages[3]["content"] == shown_after and events[3]["text"] == shown_after
    assert calls[0]["reply"] == f"FinalAnswer:\n- {REDACTED}.\n- {REDACTED} [2]\n{SHOWN}"
    assert messages[4]["content"] == (
        f"Observation: Контроль: покрытие 0.50 (без подтверждения: {REDACTED}.; {REDACTED}). Новый контекст:\n"
        "[1] Отпуск\nДа."
    )


CLAIM = "Заявление на отпуск подаётся не позднее чем за 5 дней до начала отпуска [1]."


def test_a_claim_held_inside_a_sentence_redacts_that_sentence() -> None:
    """Review rv3 F3: a removed claim restated inside a sentence («Думаю, что …», after «Ответ:»), in other case, with
    «е» for «ё», other spacing or markers, is redacted — the sentence holding it; the sentences around it stay."""
    from agentcore.agents._redaction import redact_claims

    thought = (
        "Думаю, что заявление на отпуск  подается не позднее чем за 5 дней [2] до начала отпуска, судя по [1]. Итак."
    )
    assert redact_claims(thought, [CLAIM]) == f"{REDACTED}. Итак."
    assert redact_claims(
        "Ответ: ЗАЯВЛЕНИЕ на отпуск подаётся не позднее чем за 5 дней до начала отпуска!", [CLAIM]
    ) == (f"Ответ: {REDACTED}!")
    assert redact_claims("Срок 5.2 дня, и з" + CLAIM[1:], [CLAIM]) == REDACTED + "."  # «5.2» ends no sentence
    # a short claim only where it stands whole; another sentence's words in another order stay
    assert redact_claims("Да будет так. Да.", ["Да."]) == f"Да будет так. {REDACTED}."
    kept = "За 5 дней до начала отпуска заявление подаётся."
    assert redact_claims(kept, [CLAIM]) == kept
