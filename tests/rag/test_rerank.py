from __future__ import annotations

from agentcore.llm import ScriptedProvider
from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.rag import arerank
from agentcore.rag.models import Hit


def _hit(i: int, title: str, text: str) -> Hit:
    return Hit(id=f"d{i}#0", doc_id=f"d{i}", title=title, text=text, score=1.0, source="s", rank=i)


HITS = [
    _hit(1, "Зарплата", "Аванс выплачивается 25 числа."),
    _hit(2, "Отпуск — Перенос", "Перенос отпуска согласуют с руководителем."),
    _hit(3, "Отпуск", "Отпуск составляет 28 дней."),
]


async def test_llm_rerank_uses_structured_scores() -> None:
    provider = ScriptedProvider([{"scores": [{"index": 1, "score": 9}, {"index": 3, "score": 5}]}])
    ranked = await arerank("когда аванс", HITS, SimpleLLMGateway(provider))
    assert [h.doc_id for h in ranked] == ["d1", "d3", "d2"]
    assert ranked[0].score == 9
    request = provider.requests[0]
    assert request.step == "rag.rerank"
    assert "когда аванс" in (request.messages[-1].content or "")


async def test_llm_failure_keeps_the_local_order() -> None:
    provider = ScriptedProvider([RuntimeError("boom")])
    ranked = await arerank("перенос отпуска", HITS, SimpleLLMGateway(provider), top_k=2)
    assert [h.doc_id for h in ranked] == ["d1", "d2"]


async def test_offline_or_no_gateway_keeps_the_local_order() -> None:
    class Offline:
        class provider:  # mimics gateway.provider.name
            name = "offline"

    assert (await arerank("перенос отпуска", HITS, Offline())) == HITS
    assert [h.doc_id for h in await arerank("перенос отпуска", HITS, top_k=1)] == ["d1"]
