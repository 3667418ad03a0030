"""The research agent shows only supported claims: a scripted model citing a true sentence and a false number."""

from __future__ import annotations

from tests.apps.research.conftest import ServiceFactory
from tests.apps.research.test_service import BASE_FLOW, final, last_final, run

from agentcore.rag.answer import NO_ANSWER

TRUE = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
FALSE = "Заявление на отпуск подаётся не позднее чем за 5 дней до начала отпуска [1]."


async def test_the_false_number_never_reaches_the_user(make_service: ServiceFactory) -> None:
    answer = f"{TRUE} {FALSE}"
    done = last_final(await run(make_service([*BASE_FLOW, final(answer), final(answer)])))
    assert done.metadata["answered"] is True and done.metadata["grounded"] is True
    assert "28 календарных дней [1]" in done.answer
    assert "5 дней" not in done.answer
    statuses = {c["claim"]: c["status"] for c in done.metadata["claims"]}
    assert statuses[TRUE.replace(" [1]", "")] == "supported"
    assert statuses[FALSE.replace(" [1]", "")] in ("contradicted", "unsupported")
    assert done.metadata["removed_claims"] and "5 дней" in done.metadata["removed_claims"][0]["claim"]
    # the question (how long the vacation is) is answered: no closing line, the removed claim is in metadata only
    assert "В документах не нашлось" not in done.answer
    assert [c.index for c in done.citations] == [1]


async def test_citations_are_renumbered_by_first_use(make_service: ServiceFactory) -> None:
    # The model cites [2] for a sentence of passage 1: the citation is re-pointed and numbered 1.
    answer = "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [Источник 2]."
    done = last_final(await run(make_service([*BASE_FLOW, final(answer), final(answer)])))
    assert done.answer == "Ежегодный оплачиваемый отпуск составляет 28 календарных дней [1]."
    assert [c.index for c in done.citations] == [1] and done.citations[0].doc_id == "vacation"


async def test_no_claim_survives_no_answer(make_service: ServiceFactory) -> None:
    answer = "Ежегодный отпуск составляет 45 календарных дней [1]."
    done = last_final(await run(make_service([*BASE_FLOW, final(answer), final(answer)])))
    assert done.answer.startswith(NO_ANSWER) and done.metadata["answered"] is False
    assert done.citations == []


async def test_offline_answers_report_claims(make_service: ServiceFactory) -> None:
    done = last_final(await run(make_service()))
    assert done.metadata["answered"] is True
    assert done.metadata["claims"] and all(c["status"] == "supported" for c in done.metadata["claims"])
    assert all(c["citations"] for c in done.metadata["claims"])


async def test_refinement_searches_the_unsupported_claims_missing_words_never_a_sent_query(
    make_service: ServiceFactory,
) -> None:
    from tests.apps.research.test_service import QUESTION

    answer = f"{TRUE} Премия выплачивается мешками золота [1]."
    events = await run(make_service([*BASE_FLOW, final(answer), final(TRUE)]))
    searches = [e.arguments["query"] for e in events if e.type == "tool_invoked" and e.tool == "search"]
    assert len(searches) == 2 and searches[0] == QUESTION
    refined = searches[1]
    assert refined != QUESTION and "мешками" in refined and "золота" in refined
    assert "28" not in refined  # the supported claim adds nothing to the query
    done = last_final(events)
    assert done.metadata["refinements"] == 1 and done.metadata["refinement_helped"] is False


async def test_a_refinement_that_would_repeat_a_sent_query_is_skipped(make_service: ServiceFactory) -> None:
    # Every word of the unsupported claim is already in the passages (only its number is wrong) and the question
    # was searched as is: the query made of the missing words is new — the number itself.
    answer = "Ежегодный оплачиваемый отпуск составляет 45 календарных дней [1]."
    events = await run(make_service([*BASE_FLOW, final(answer), final(answer)]))
    searches = [e.arguments["query"] for e in events if e.type == "tool_invoked" and e.tool == "search"]
    assert len(searches) == len({" ".join(q.casefold().split()) for q in searches})
