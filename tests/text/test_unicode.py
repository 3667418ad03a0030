"""Unicode clean-up before tokenising and embedding."""

from __future__ import annotations

import unicodedata

import numpy as np

from agentcore.rag import Analyzer, chunk_document
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.models import SourceDocument
from agentcore.text import normalize_text

STRESSED = "информа\u0301ция"
DECOMPOSED_Y = unicodedata.normalize("NFD", "зимний")  # й = и + U+0306
DECOMPOSED_YO = unicodedata.normalize("NFD", "ёлка")  # ё = е + U+0308


def test_normalize_text() -> None:
    assert normalize_text(STRESSED) == "информация"
    assert normalize_text(DECOMPOSED_Y) == "зимний" and len(normalize_text(DECOMPOSED_Y)) == 6
    assert normalize_text(DECOMPOSED_YO) == "ёлка"
    assert normalize_text("ё\u0308\u0301лка".replace("ё\u0308", "е\u0308")) == "ёлка"  # stress on ё
    assert normalize_text("пере\u00adнос от\u200bпуска\ufeff") == "перенос отпуска"
    assert normalize_text("café") == "café"  # a Latin accent is a letter, kept
    assert normalize_text("plain ascii") == "plain ascii"


def test_tokens_survive_stress_marks_and_decomposed_letters() -> None:
    analyzer = Analyzer()
    assert analyzer.terms(STRESSED) == analyzer.terms("информация")
    assert analyzer.terms(f"{DECOMPOSED_Y} {DECOMPOSED_YO}") == analyzer.terms("зимний ёлка")
    assert analyzer.terms("пере\u00adнос") == analyzer.terms("перенос")


def test_embeddings_and_cache_keys_ignore_invisible_differences() -> None:
    embedder = HashingEmbedder()
    assert np.allclose(embedder.embed_query(STRESSED), embedder.embed_query("информация"))
    plain = SourceDocument("d", "Д", "# Д\n\nинформация о сотрудниках", "d.md", "markdown")
    marked = SourceDocument("d", "Д", f"# Д\n\n{STRESSED} о сотрудниках", "d.md", "markdown")
    assert chunk_document(plain)[0].hash == chunk_document(marked)[0].hash
