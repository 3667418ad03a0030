"""Review finding 13: one reading of a rule's only way for the claim guard and the focus check
(``agentcore.rag._only_way``)."""

from __future__ import annotations

from agentcore.rag._only_way import OnlyWay, only_ways


def test_the_only_way_is_read_with_its_preposition_and_words() -> None:
    assert only_ways("Монитор выносится только по заявке на вынос, оформленной через техподдержку.") == [
        OnlyWay("по", ("заявке", "на", "вынос"))
    ]
    assert only_ways("Работать можно только после согласования с руководителем") == [
        OnlyWay("после", ("согласования", "с", "руководителем"))
    ]
    assert only_ways("Доступ — лишь через VPN.") == [OnlyWay("через", ("VPN",))]
    # no preposition, or nothing after the word: still an only way (the focus check reads any)
    assert only_ways("Брать можно только элементы, отвечающие Definition of Ready.") == [OnlyWay("", ("элементы",))]
    assert only_ways("И только.") == [OnlyWay("", ())]
    assert only_ways("Отпуск делится на части.") == []


def test_a_negated_exclusive_word_states_no_only_way() -> None:
    # rv3 finding 1: «не только / не лишь / не исключительно» widen the way — the thing is one way among others
    assert only_ways("Доступ к серверу предоставляется не исключительно через VPN: из офиса он открыт напрямую.") == []
    assert only_ways("Монитор выносится не только по заявке на вынос.") == []
    assert only_ways("Доступ — не лишь через VPN.") == []
    # «не» elsewhere in the sentence does not widen the way
    assert only_ways("Монитор не выносится иначе, только по заявке.") == [OnlyWay("по", ("заявке",))]
    assert only_ways("Нечасто, только через VPN.") == [OnlyWay("через", ("VPN",))]
