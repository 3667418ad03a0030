"""Verification of an answer's claims against the knowledge base."""

from __future__ import annotations

from agentcore.rag.citations import LexicalJudge
from agentcore.rag.models import Hit
from agentcore.rag.verify import verify_answer

KB = [
    Hit("vacation#0", "vacation", "Отпуск", "Ежегодный отпуск составляет 28 календарных дней.", 1.0, "s", 1),
    Hit("payroll#0", "payroll", "Зарплата", "Зарплату платят 10 и 25 числа.", 1.0, "s", 1),
]


async def search(claim: str) -> list[Hit]:
    return list(KB)  # both chunks as evidence for every claim


async def test_each_claim_is_checked_and_confidence_is_the_mean_score() -> None:
    report = await verify_answer(
        "Отпуск составляет 28 календарных дней [1]. Зарплату платят 10 и 25 числа. Премию дают слитками.",
        search,
        LexicalJudge(),
    )
    assert [c.supported for c in report.claims] == [True, True, False]
    assert [c.evidence_id for c in report.claims[:2]] == ["vacation#0", "payroll#0"]
    assert abs(report.confidence - (1.0 + 1.0 + report.claims[2].score) / 3) < 1e-9
    data = report.to_dict()
    assert data["supported"] == 2 and data["claims"][0]["claim"] == "Отпуск составляет 28 календарных дней."


async def test_no_claims_no_confidence() -> None:
    assert (await verify_answer("", search, LexicalJudge())).confidence == 0.0


async def test_claims_without_evidence_are_unsupported() -> None:
    async def nothing(claim: str) -> list[Hit]:
        return []

    report = await verify_answer("Отпуск 28 дней.", nothing, LexicalJudge())
    assert report.claims[0].supported is False and report.confidence == 0.0


async def test_at_most_max_claims_are_checked() -> None:
    answer = " ".join(f"Утверждение номер {i}." for i in range(20))
    report = await verify_answer(answer, search, LexicalJudge(), max_claims=3)
    assert len(report.claims) == 3
