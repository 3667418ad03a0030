"""Review F18: a claim stating by «без X … нельзя» what the evidence states as the rule's only way «только после /
по X» restates it, and is no contradiction (``agentcore.rag._facts.as_only_way``); a claim permitting what the
absence forbids still conflicts."""

from __future__ import annotations

from agentcore.rag._facts import as_only_way, guard

ABROAD = (
    "Работать из-за границы можно не более 30 календарных дней в году и только после согласования с руководителем "
    "и отделом информационной безопасности."
)
MONITOR = "Монитор и другое оборудование выносится из офиса только по заявке на вынос, оформленной через техподдержку."


def test_the_absence_of_the_only_way_forbids_what_the_rule_permits() -> None:
    assert guard("Без согласования с руководителем работать из-за границы нельзя.", ABROAD).ok
    assert guard("Работать из-за границы без одобрения руководителя нельзя.", ABROAD).ok
    assert guard("Монитор не выносится из офиса без заявки на вынос.", MONITOR).ok
    assert guard("Без заявки выносить монитор из офиса нельзя.", MONITOR).ok


def test_a_claim_permitting_the_absent_case_still_conflicts() -> None:
    assert guard("Без согласования с руководителем работать из-за границы можно.", ABROAD).conflict
    assert guard("Без заявки монитор выносится из офиса.", MONITOR).conflict


def test_only_the_clause_of_the_absence_is_read_positively() -> None:
    # another thing's absence: the rule says nothing of a pass
    assert not guard("Ноутбук не выносится из офиса без пропуска.", MONITOR).ok
    # a bound keeps its «не» (and its number is checked as before)
    assert not guard("Без согласования с руководителем нельзя работать из-за границы больше 60 дней.", ABROAD).ok
    assert guard("Без согласования с руководителем нельзя работать из-за границы не более 30 дней.", ABROAD).ok
    # no only way in the evidence: unchanged
    claim = "Без заявки выносить ноутбук нельзя."
    assert as_only_way(claim, "Ноутбук можно свободно брать домой и в командировки.") == claim


TRANSFER = "Отпуск переносится только по заявлению сотрудника, компенсация при этом выплачивается."


def test_a_negation_of_another_coordinated_predicate_is_still_checked() -> None:
    # review rv2 (1): only the predicate «без» belongs to is read positively; «и компенсация не выплачивается»
    # is a claim of its own, contradicted by the evidence
    assert guard("Без заявления сотрудника отпуск не переносится и компенсация не выплачивается.", TRANSFER).conflict
    assert guard("Без заявления сотрудника отпуск переносится и компенсация не выплачивается.", TRANSFER).conflict
    # the same predicate still restates the only way, and a second predicate agreeing with the evidence passes
    assert guard("Без заявления сотрудника отпуск не переносится.", TRANSFER).ok
    assert guard("Без заявления сотрудника отпуск не переносится и компенсация выплачивается.", TRANSFER).ok


SERVER = "Доступ к серверу предоставляется не исключительно через VPN: из офиса он открыт напрямую."


def test_a_negated_only_way_is_no_rule_the_absence_forbids() -> None:
    # rv3 finding 1: 1ad2720 widened the guard to «лишь / исключительно»; «не исключительно через VPN» says the
    # access is not limited to the VPN, so «без VPN … не предоставляется» reverses it
    assert not guard("Без VPN доступ к серверу не предоставляется.", SERVER).ok
    assert not guard("Без заявки монитор не выносится.", "Монитор выносится не только по заявке на вынос.").ok
    claim = "Без VPN доступ к серверу не предоставляется."
    assert as_only_way(claim, SERVER) == claim
