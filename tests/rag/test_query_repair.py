"""Query repair: layout slips, typos, Russian spellings of English terms, slang (``agentcore.rag._query_repair``)."""

from __future__ import annotations

import pytest

from agentcore.config import Settings
from agentcore.rag._query_repair import Vocabulary, repair_query
from agentcore.rag.engine import RagEngine

DOCS = [
    "Отпуск: правила и оформление. Как оформить отпуск через портал. Отпуск без сохранения зарплаты.",
    "Больничный и дни здоровья. Что сделать в первый день болезни. Оплата больничного.",
    "Настройка VPN. Если VPN не подключается, перезапустите клиент. Скрам-мастер помогает команде.",
    "Скорость команды (velocity) — сумма story points за спринт. Definition of Done (DoD).",
    "Зарплата выплачивается дважды в месяц. Ноутбук выдаётся в первый день. Дресс-код свободный.",
]


@pytest.fixture(scope="module")
def vocabulary() -> Vocabulary:
    return Vocabulary.of(DOCS)


@pytest.mark.parametrize(
    ("query", "repaired", "rule"),
    [
        ("ghbdtn как оформить отпуск", "привет как оформить отпуск", "layout"),
        ("rfr jajhvbnm jngecr", "как оформить отпуск", "layout"),
        ("jgkfnf ,jkmybxyjuj", "оплата больничного", "layout"),
        ("как настроить dgy", "как настроить впн vpn", "layout"),  # a short run the collection knows as «vpn»
        ("мзт не подключается", "vpn не подключается", "layout"),
        ("как оформить отпукс?", "как оформить отпуск?", "spelling"),
        ("первый день болезьни", "первый день болезни", "spelling"),
        ("кто такой скрам-мастр", "кто такой скрам-мастер", "spelling"),
        ("что такое велосити", "что такое велосити velocity", "transliteration"),
        ("что такое дод", "что такое дод dod", "transliteration"),
        ("когда зп", "когда зп зарплата", "slang"),
        ("ноут сломался", "ноут ноутбук сломался", "slang"),
        ("можно взять за свой счёт?", "можно взять за свой счёт без сохранения зарплаты?", "slang"),
    ],
)
def test_repairs(vocabulary: Vocabulary, query: str, repaired: str, rule: str) -> None:
    result = repair_query(query, vocabulary)
    assert result.text == repaired
    assert rule in {change[0] for change in result.changes}


@pytest.mark.parametrize(
    "query",
    [
        "Как оформить отпуск?",  # every word known
        "How do I set up the VPN?",  # English stays English («the» is not «еру»)
        "What is the Definition of Done?",
        "Какой дресс-код в офисе?",  # hyphenated words are not corrected part by part
        "Что-то сломалось",
        "ERR-104 TASK-12",
        "зарплатный проект",  # a dictionary word the collection lacks is left alone
    ],
)
def test_known_words_and_english_are_left_alone(vocabulary: Vocabulary, query: str) -> None:
    result = repair_query(query, vocabulary)
    assert result.text == query
    assert result.changes == ()


def test_searcher_finds_the_section_through_a_typo_and_a_layout_slip(settings: Settings, kb_dir: object) -> None:
    engine = RagEngine(settings, embedder=None, backend=None)
    engine.indexer.index_path(kb_dir, "test")  # type: ignore[arg-type]
    for query, doc in [
        ("отпукс", "vacation"),
        ("jngecr", "vacation"),
        ("больничнй", "sick-leave"),
        ("yjen,er", "laptops"),
    ]:
        result = engine.searcher.retrieve(query, 1, mode="bm25")
        assert result.hits and result.hits[0].doc_id == doc, query
        assert result.query != query
    off = RagEngine(settings.model_copy(update={"rag_query_repair": False}), embedder=None, backend=None)
    assert off.searcher.retrieve("jngecr", 1, mode="bm25").hits == []


def test_a_query_of_words_the_collection_uses_skips_the_lexicon_look_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: the look-up's pymorphy3 lemmas were most of a new query's cost, and it adds nothing then."""
    from agentcore.rag import _lexicon

    vocabulary = Vocabulary.of(["Руководитель согласует отпуск сотрудника на портале."])
    calls: list[str] = []
    real = _lexicon.matches

    def counted(text: str) -> list[_lexicon.Match]:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(_lexicon, "matches", counted)
    assert repair_query("Руководитель согласует отпуск?", vocabulary).text == "Руководитель согласует отпуск?"
    assert calls == []
    repaired = repair_query("шеф согласует отпуск?", vocabulary)  # «шеф» is not the collection's word
    assert calls == ["шеф согласует отпуск?"]
    assert repaired.text.startswith("шеф руководитель")
