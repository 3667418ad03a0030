"""A question's qualifier that the supplying sentence replaces by another is a neighbouring case the documents cover,
not the one asked about (issue 18, branch ``hallu31``: near-miss questions)."""

from __future__ import annotations

from tests.rag.focus_probe import answers


def test_another_qualifier_of_the_same_noun_does_not_answer() -> None:
    heading = "Удалённая и гибридная работа — Компенсации"
    sentence = "Полностью удалённым сотрудникам компания компенсирует интернет — 1000 ₽ в месяц."
    assert not answers("гибридным сотрудникам компенсируют интернет? сколько", sentence, heading)
    # the qualifier the sentence states, or none at all, is answered
    assert answers("удаленным сотрудникам сколько компенсируют за интернет", sentence, heading)
    assert answers("сколько компенсируют за интернет сотрудникам", sentence, heading)


def test_a_kind_of_leave_the_sentence_does_not_state_is_not_its_length() -> None:
    heading = "Отпуск: правила и оформление"
    sentence = "В ООО «Ромашка Софт» ежегодный оплачиваемый отпуск составляет 28 календарных дней."
    assert not answers("учебный отпуск скока дней дают", sentence, heading)
    assert answers("ежегодный отпуск скока дней дают", sentence, heading)
    assert answers("отпуск скока дней дают", sentence, heading)
