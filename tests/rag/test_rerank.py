from __future__ import annotations

from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.llm.scripted import ScriptedProvider
from agentcore.rag.models import Hit
from agentcore.rag.rerank import arerank, rerank


def _hit(i: int, title: str, text: str) -> Hit:
    return Hit(id=f"d{i}#0", doc_id=f"d{i}", title=title, text=text, score=1.0, source="s", rank=i)


HITS = [
    _hit(1, "Зарплата", "Аванс выплачивается 25 числа."),
    _hit(2, "Отпуск — Перенос", "Перенос отпуска согласуют с руководителем."),
    _hit(3, "Отпуск", "Отпуск составляет 28 дней."),
]


def test_local_rerank_prefers_term_and_title_matches() -> None:
    ranked = rerank("перенос отпуска", HITS)
    assert [h.doc_id for h in ranked] == ["d2", "d1", "d3"]  # clear evidence lifts d2; the prior keeps the rest
    assert [h.rank for h in ranked] == [1, 2, 3]
    assert all(h.retriever == "rerank" for h in ranked)
    assert ranked[0].score > ranked[1].score > ranked[2].score
    assert rerank("перенос отпуска", HITS, top_k=1)[0].doc_id == "d2"


def test_empty_query_terms_keep_original_order() -> None:
    assert [h.doc_id for h in rerank("и в на", HITS)] == ["d1", "d2", "d3"]


async def test_llm_rerank_uses_structured_scores() -> None:
    provider = ScriptedProvider([{"scores": [{"index": 1, "score": 9}, {"index": 3, "score": 5}]}])
    ranked = await arerank("когда аванс", HITS, SimpleLLMGateway(provider))
    assert [h.doc_id for h in ranked] == ["d1", "d3", "d2"]
    assert ranked[0].score == 9
    request = provider.requests[0]
    assert request.step == "rag.rerank"
    assert "когда аванс" in (request.messages[-1].content or "")


async def test_llm_failure_falls_back_to_local_signal() -> None:
    provider = ScriptedProvider([RuntimeError("boom")])
    ranked = await arerank("перенос отпуска", HITS, SimpleLLMGateway(provider))
    assert [h.doc_id for h in ranked] == ["d2", "d1", "d3"]


async def test_offline_or_no_gateway_uses_local_signal() -> None:
    class Offline:
        class provider:  # mimics gateway.provider.name
            name = "offline"

    assert (await arerank("перенос отпуска", HITS, Offline()))[0].doc_id == "d2"
    assert (await arerank("перенос отпуска", HITS))[0].doc_id == "d2"
