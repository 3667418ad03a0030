"""English words of a query in the documents' Russian words (``agentcore.rag._translation``, issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentcore.config import Settings
from agentcore.rag._translation import lexicon_translations, translations, unindexed_english
from agentcore.rag.embeddings import E5Embedder
from agentcore.rag.engine import RagEngine

pytestmark = pytest.mark.timeout(600)  # the local e5 model loads once


def test_only_english_words_the_collection_does_not_index_are_translated() -> None:
    indexed = {"vpn"}.__contains__
    assert unindexed_english("How do I renew the VPN token on my laptop?", indexed) == ["renew", "token", "laptop"]
    assert unindexed_english("как продлить отпуск", indexed) == []  # a Russian query has no English word
    assert unindexed_english("what is it?", indexed) == []  # question and function words name no subject


def test_an_english_phrase_of_the_lexicon_gets_its_words_and_the_rest_is_left_to_e5() -> None:
    added, rest = lexicon_translations("is a business trip paid?", ["business", "trip", "paid"])
    assert added == ["командировка"]
    assert rest == ["paid"]


def test_an_english_word_gets_the_passages_russian_word_for_it() -> None:
    texts = ["Перенести отпуск можно по согласованию с руководителем.", "Ноутбук выдают в первый день."]
    found = translations("vacation transfer", ["vacation"], texts)
    assert "отпуск" in found
    assert "ноутбук" not in found
    assert translations("dog", ["dog"], texts) == []  # no passage word translates it


def test_the_search_adds_the_documents_words_for_an_english_query(data_dir: Path, kb_dir: Path) -> None:
    """Before, BM25 found no term of an English query and the fusion followed e5 alone."""
    settings = Settings(data_dir=data_dir, provider="offline", rag_collection="test", rag_embedder="local")
    engine = RagEngine(settings, embedder=E5Embedder(), backend=None)
    engine.indexer.index_path(kb_dir, "test")
    result = engine.searcher.retrieve("postpone my vacation", 1)
    assert "отпуск" in result.query.split()
    assert result.hits[0].doc_id == "vacation"
    russian = engine.searcher.retrieve("как перенести отпуск", 1)
    assert russian.query == "как перенести отпуск"  # a Russian query is left as it is
