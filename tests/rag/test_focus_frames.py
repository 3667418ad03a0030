"""A condition of the question and a condition of the supplying sentence read by their syntax — the act and the
thing it happens to, the act and its actor (issue 18, branch ``hal3``: near misses whose words are all in the
sentence while its case is another; ``agentcore.rag._focus.frames``)."""

from __future__ import annotations

from tests.rag.focus_probe import answers, far_embed

from agentcore.rag import check_focus
from agentcore.rag._focus import frames
from agentcore.rag._focus.frames import frame_of, question_conditions, states_another_case
from agentcore.rag._focus.parts import Part

LOST_PASS = (
    "Если пропуск потерян, сообщите на ресепшен в тот же день: старый пропуск заблокируют, новый выдадут в течение "
    "одного рабочего дня."
)
BROKEN = "Если ноутбук сломался, создайте заявку в техподдержку или позвоните по внутреннему номеру 1111."
SPARE = "Подменный ноутбук выдаётся в тот же рабочий день."


def test_a_clause_is_read_as_its_act_its_actor_and_the_thing_the_act_happens_to() -> None:
    lost = frame_of("пропуск потерян")
    assert lost.acts == {"потерять"}  # a short participle is its verb
    assert lost.core == {"пропуск"}
    assert frame_of("потерял пропуск").core == {"пропуск"}  # the object, as the passive's subject
    sick = frame_of("ребёнок заболел во время моего отпуска")
    assert sick.subjects == {"ребенок"}
    assert "отпуск" not in sick.core  # governed by a preposition: a circumstance, not the thing
    assert frame_of("вы заболели").subjects == frame_of("я заболел").subjects == {"я"}
    assert frame_of("дежурный не подтвердил оповещение").subjects == {"дежурный"}


def test_an_unpunctuated_condition_ends_at_the_question_word() -> None:
    (condition,) = question_conditions("если дежурный не подтвердил p1 за 15 минут кому звонит бот")
    assert condition.acts == {"подтвердить"}
    assert "бот" not in condition.subjects


def test_another_act_on_the_same_thing_is_another_case() -> None:
    assert not answers("если пропуск сломался, через сколько выдадут новый", LOST_PASS)
    # the sentence's own act, in the question's words, and no condition at all
    assert answers("если потерял пропуск, через сколько выдадут новый", LOST_PASS)
    assert answers("через сколько выдадут новый пропуск", LOST_PASS)


def test_the_same_act_by_another_actor_is_another_case() -> None:
    # the supplier's case is the condition of the sentence before it in its paragraph
    passage = f"Оборудование — Поломка\n{BROKEN} {SPARE}"

    def answered(question: str) -> bool:
        check = check_focus(question, [SPARE], [passage], headings=["Оборудование — Поломка"], embed=far_embed)
        return not check.decline

    assert not answered("когда выдадут подменный телефон, если рабочий сломался")
    # the question names the sentence's actor and refers to it by an adjective
    assert answered("когда выдадут подменный ноутбук, если рабочий сломался")
    frames.CONDITION_FRAMES_MUST_AGREE = False
    try:
        assert answered("когда выдадут подменный телефон, если рабочий сломался")
    finally:
        frames.CONDITION_FRAMES_MUST_AGREE = True


def test_what_a_person_does_in_other_words_is_not_another_act() -> None:
    sentence = "Если дежурный не подтвердил оповещение P1 за 15 минут, бот звонит второму дежурному."
    part = Part("если дежурный не ответил на алерт P1 кому бот звонит", "person", ())
    assert not states_another_case(part, sentence)
    # nor a place or a circumstance the two acts share
    sentence = "Если вы обратились в клинику без направления пульта, услуга может не быть оплачена."
    went = Part("пошел в клинику по дмс без направления пульта, оплатят", "yesno", ())
    assert not states_another_case(went, sentence)
    # the same act by the asker, in any person
    sentence = "Если вы заболели во время ежегодного отпуска, отпуск продлевается на дни болезни."
    assert not states_another_case(Part("если я заболел во время отпуска, что с отпуском", "other", ()), sentence)
    assert states_another_case(Part("ребёнок заболел во время моего отпуска, отпуск продлят", "yesno", ()), sentence)
