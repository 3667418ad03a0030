from __future__ import annotations

from agentcore.text.sentences import split_sentences


def test_sentences_are_razdels() -> None:
    assert split_sentences("Отпуск длится 28 дней. Его можно делить на части.") == [
        "Отпуск длится 28 дней.",
        "Его можно делить на части.",
    ]
    assert split_sentences("") == []


def test_a_quotation_is_never_cut() -> None:
    text = "Ассистент отвечает «Вопрос слишком длинный. Просьба сформулировать короче.». Тема — до 20 символов."
    assert split_sentences(text) == [
        "Ассистент отвечает «Вопрос слишком длинный. Просьба сформулировать короче.».",
        "Тема — до 20 символов.",
    ]
    assert split_sentences("Незакрытая «цитата. Так и остаётся.") == ["Незакрытая «цитата. Так и остаётся."]
