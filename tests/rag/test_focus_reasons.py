"""A part asking why is answered only by a shown sentence giving a reason (issue 18, branch ``hal5``: a «почему»
question answered by the rule it asks the reason of; ``agentcore.rag._focus.reasons``)."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag._focus import reasons
from agentcore.rag._focus.parts import question_parts

RENEWAL = "Ноутбуки обновляются раз в 3 года."
RENEWAL_HEADING = "Оборудование и ноутбуки — Замена и дополнительное оборудование"
SUMMER = (
    "Летом (с 1 июня по 31 августа) многие хотят отдыхать одновременно, поэтому действует ограничение: в этот период "
    "можно уйти в отпуск не более чем на 14 календарных дней подряд."
)
SUMMER_HEADING = "Отпуск: правила и оформление — Летний период"
REVIEW = "Ревью помогает находить ошибки, распространять знания о коде и поддерживать единый стиль."
REVIEW_HEADING = "Код-ревью"


def test_a_reason_is_asked_by_its_question_words() -> None:
    assert reasons.asks_a_reason(question_parts("почему ноутбуки обновляют раз в три года")[0])
    assert reasons.asks_a_reason(question_parts("зачем нужно код-ревью")[0])
    assert reasons.asks_a_reason(question_parts("для чего делают ревью")[0])
    assert not reasons.asks_a_reason(question_parts("как часто обновляют ноутбуки")[0])


def test_the_rule_alone_gives_no_reason() -> None:
    assert not answers("почему ноутбуки обновляют только раз в три года", RENEWAL, RENEWAL_HEADING)
    # the same rule answers what it states
    assert answers("как часто обновляют ноутбуки", RENEWAL, RENEWAL_HEADING)
    # a sentence giving the reason answers why
    assert answers("почему летом нельзя уйти в отпуск больше чем на 14 дней подряд", SUMMER, SUMMER_HEADING)
    assert answers("зачем нужно код-ревью", REVIEW, REVIEW_HEADING)


def test_the_rule_can_be_switched_off(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(reasons, "REASONS_MUST_BE_GIVEN", False)
    assert answers("почему ноутбуки обновляют только раз в три года", RENEWAL, RENEWAL_HEADING)


def test_a_reason_cue_is_a_whole_word_or_lemma() -> None:
    # «целиком» is no «цель»: the rule with it is still no reason
    assert not answers(
        "почему ноутбуки меняют раз в 3 года", "Ноутбуки обновляются раз в 3 года целиком, вместе с зарядкой."
    )
    assert not reasons.gives_a_reason("Ноутбуки обновляются раз в 3 года целиком, вместе с зарядкой.")
    # the inflected cue by its lemma
    assert reasons.gives_a_reason("Ноутбуки обновляют с целью снизить число поломок.")
    assert reasons.gives_a_reason("Ограничение введено по причинам безопасности.")
    assert reasons.gives_a_reason("Это связано с требованиями аудита.")


def test_the_purpose_of_a_thing_is_what_it_is_or_does() -> None:
    retro = (
        "Ретроспектива — последнее событие спринта, на котором команда обсуждает, как она работала, и что стоит "
        "изменить."
    )
    assert answers("Для чего нужна ретроспектива?", retro, "Скрам — Ретроспектива")
    assert answers("Для чего нужна Jira?", "Jira используется для учёта задач и планирования спринтов.")
    assert answers("Зачем нужен VPN?", "VPN обеспечивает защищённый доступ к внутренним системам компании из дома.")
    assert reasons.purpose_of_a_thing(question_parts("для чего нужна ретроспектива")[0]) == "ретроспектива"
    # an action or a rule asks a reason, not a thing's purpose: the bare rule still does not answer
    assert reasons.purpose_of_a_thing(question_parts("зачем нужно вести учёт времени")[0]) is None
    assert reasons.purpose_of_a_thing(question_parts("почему ноутбуки обновляются раз в 3 года")[0]) is None
    assert not answers("почему ноутбуки обновляются раз в 3 года", RENEWAL, RENEWAL_HEADING)


def test_a_rule_about_a_thing_is_not_its_purpose() -> None:
    # rv4 finding 2: any verb after the thing was taken for what it is for
    assert not answers("Для чего нужен отпуск?", "Ежегодный отпуск составляет 28 календарных дней.")
    assert not answers("Зачем нужен пропуск?", "Пропуск выдаётся на ресепшене в первый рабочий день.")
    assert not answers("Зачем нужен VPN?", "VPN подключается через приложение GlobalProtect.")
    # a dash followed by a time is no definition
    assert not answers("Для чего нужна ретроспектива?", "Ретроспектива — по пятницам в 16:00, длится один час.")
    # a verb of function, «нужен для», or a noun phrase after «— это» still says it
    assert answers("Зачем нужен пропуск?", "Пропуск даёт доступ в офис и на парковку.")
    assert answers("Зачем нужен пропуск?", "Пропуск нужен для входа в офис.")
    assert answers("Для чего нужна ретроспектива?", "Ретроспектива — это встреча команды об улучшении процесса.")
