"""A yes/no's prepositional phrase worded otherwise by the rule (issue 18, branch ``yn40``): «без согласования с
руководителем» is answered by a rule «без одобрения руководителя» — the same preposition, another noun of the
phrase held, the rule's own noun in place of the missing one (:func:`agentcore.rag._focus.yesno.rewords_the_phrase`)."""

from __future__ import annotations

from tests.rag.focus_probe import answers

from agentcore.rag import question_parts
from agentcore.rag._focus.yesno import rewords_the_phrase

HEADING = "Командировки — Оформление"
QUESTION = "оформил командировку без согласования с руководителем, расходы возместят?"


def test_a_rule_wording_the_phrase_otherwise_answers_the_yes_no() -> None:
    rule = "Если командировка оформлена без одобрения руководителя, расходы не возмещаются."
    assert answers(QUESTION, rule, HEADING)
    (part,) = question_parts(QUESTION)
    assert rewords_the_phrase(part, "согласование", rule)


def test_a_phrase_sharing_no_noun_or_no_phrase_is_no_rewording() -> None:
    # another phrase of the same preposition (the receipts, not the manager) and no phrase at all
    assert not answers(QUESTION, "Расходы на командировку без чеков не возмещаются.", HEADING)
    assert not answers(QUESTION, "Расходы на командировку возмещаются в течение 5 рабочих дней.", HEADING)
    (part,) = question_parts(QUESTION)
    assert not rewords_the_phrase(part, "согласование", "Расходы на командировку без чеков не возмещаются.")
    # the subject is outside any prepositional phrase: it must be named
    assert not rewords_the_phrase(part, "расход", "Если командировка оформлена без одобрения руководителя.")
    # only a modifier of the phrase shared is no rewording («для рабочих доков» / «для рабочих встреч»)
    (docs,) = question_parts("можно ли хранить файлы для рабочих доков на флешке?")
    assert not rewords_the_phrase(docs, "док", "Флешки для рабочих встреч не выдаются.")
