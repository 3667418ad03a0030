"""The sources of the research agent's answer: a section cited through two of its chunks is one source whose link
(``Citation.ids``) opens both chunks (audit gap 17)."""

from __future__ import annotations

from tests.apps.research.conftest import ServiceFactory
from tests.apps.research.test_claim_guard import act
from tests.apps.research.test_service import final, last_final, run

from agentcore.web.v1.common import final_text

_SUPPORT = "Ассистент поддержки отвечает сотрудникам на вопросы о портале и настройках рабочего места."
_CRM = "CRM-агент ведёт сделки и контакты клиентов в портале продаж по заявкам менеджеров."
KB = {
    "agents.md": "# Агенты\n\n## Пять систем\n\n"
    f"Ассистент поддержки запускается командой chat. {' '.join([_SUPPORT] * 7)}\n\n"
    f"CRM-агент работает со сделками и контактами портала. {' '.join([_CRM] * 7)}\n",
}
QUESTION = "Как запускается ассистент поддержки и с чем работает CRM-агент?"


async def test_a_section_cited_through_two_chunks_is_one_source_linking_both(make_service: ServiceFactory) -> None:
    answer = (
        "Ассистент поддержки запускается командой chat [1]. CRM-агент работает со сделками и контактами портала [2]."
    )
    script = [
        act("router_select", {"query": QUESTION}),
        act("query_plan", {"query": QUESTION}),
        act("search", {"query": QUESTION, "mode": "hybrid", "top_k": 5}),
        act("compose_context", {"hit_ids": ["agents#0", "agents#1"]}),
        final(answer),
        final(answer),
    ]
    done = last_final(await run(make_service(script), QUESTION))
    assert done.answer.count("[1]") == 2 and "[2]" not in done.answer
    [source] = done.citations
    assert source.id == "agents#0" and source.ids == ["agents#0", "agents#1"]  # (before: a link to agents#0 only)
    assert final_text(done).endswith("[1] Агенты — Пять систем (agents#0, agents#1)")  # /v1's sources line
