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
