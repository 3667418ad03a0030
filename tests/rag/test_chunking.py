from __future__ import annotations

from agentcore.rag import chunk_document
from agentcore.rag.models import SourceDocument


def _doc(text: str, fmt: str = "markdown") -> SourceDocument:
    return SourceDocument(doc_id="doc", title="Документ", text=text, source="/x/doc.md", format=fmt)  # type: ignore[arg-type]


MD = """# Документ

Введение к документу.

## Раздел А

Текст раздела А.

### Подраздел

Текст подраздела.

```
# не заголовок
```

## Раздел Б

Текст раздела Б.
"""


def test_sections_become_chunks_with_heading_titles() -> None:
    chunks = chunk_document(_doc(MD))
    assert [c.id for c in chunks] == ["doc#0", "doc#1", "doc#2", "doc#3"]
    assert [c.title for c in chunks] == [
        "Документ",
        "Документ — Раздел А",
        "Документ — Раздел А / Подраздел",
        "Документ — Раздел Б",
    ]
    assert "# не заголовок" in chunks[2].text  # headings inside code fences are text


def test_offsets_point_into_the_source_text() -> None:
    doc = _doc(MD)
    for chunk in chunk_document(doc):
        assert doc.text[chunk.start : chunk.end] == chunk.text
        assert chunk.source == "/x/doc.md" and chunk.doc_id == "doc"


def test_long_sections_split_at_paragraphs_and_sentences() -> None:
    paragraph = " ".join(f"Предложение номер {i} про отпуск." for i in range(30))
    doc = _doc("# Документ\n\n" + "\n\n".join([paragraph] * 3))
    chunks = chunk_document(doc, max_chars=300)
    assert len(chunks) > 3
    assert all(len(c.text) <= 300 for c in chunks)
    assert all(doc.text[c.start : c.end] == c.text for c in chunks)
    assert all(c.text.endswith(".") for c in chunks)  # cuts fall between sentences


def test_ids_and_hashes_are_stable() -> None:
    first, second = chunk_document(_doc(MD)), chunk_document(_doc(MD))
    assert [(c.id, c.hash) for c in first] == [(c.id, c.hash) for c in second]
    changed = chunk_document(_doc(MD.replace("Текст раздела Б.", "Новый текст раздела Б.")))
    assert [c.hash for c in changed][:3] == [c.hash for c in first][:3]
    assert changed[3].hash != first[3].hash


def test_plain_text_is_one_section_and_heading_only_doc_has_no_chunks() -> None:
    assert [c.title for c in chunk_document(_doc("# не заголовок\n\nтекст", "text"))] == ["Документ"]
    assert chunk_document(_doc("# Документ\n\n## Пусто\n")) == []
