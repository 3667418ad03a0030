from __future__ import annotations

import logging
from pathlib import Path

import pytest

from agentcore.rag.errors import IngestError
from agentcore.rag.loaders import decode_bytes, html_to_markdown, load_file, load_path
from agentcore.rag.models import SkippedFile, SourceDocument


def test_markdown_title_from_first_heading(tmp_path: Path) -> None:
    path = tmp_path / "guide.md"
    path.write_text("Вступление\n\n# Руководство\n\nТекст.", encoding="utf-8")
    doc = load_file(path)
    assert isinstance(doc, SourceDocument)
    assert (doc.doc_id, doc.title, doc.format) == ("guide", "Руководство", "markdown")


def test_text_title_from_first_short_line(tmp_path: Path) -> None:
    path = tmp_path / "note.txt"
    path.write_text("Памятка\nПервый абзац.\n", encoding="utf-8")
    doc = load_file(path)
    assert isinstance(doc, SourceDocument)
    assert doc.title == "Памятка"


def test_html_converted_to_markdown_headings() -> None:
    html = (
        "<html><head><title>T</title><style>p{}</style></head><body><h1>Доступ к VPN</h1>"
        "<p>Установите клиент.</p><script>alert(1)</script><h2>Проблемы</h2><ul><li>Раз</li><li>Два</li></ul>"
        "</body></html>"
    )
    text, title = html_to_markdown(html)
    assert title == "T"
    assert text.startswith("# Доступ к VPN")
    assert "## Проблемы" in text
    assert "- Раз" in text
    assert "alert" not in text and "p{}" not in text


def test_cp1251_decoded(tmp_path: Path) -> None:
    path = tmp_path / "old.txt"
    path.write_bytes("Старый документ в кодировке Windows".encode("cp1251"))
    doc = load_file(path)
    assert isinstance(doc, SourceDocument)
    assert "кодировке" in doc.text


def test_utf8_bom_stripped() -> None:
    text, encoding = decode_bytes("\ufeffПривет".encode())
    assert (text, encoding) == ("Привет", "utf-8")


def test_binary_file_skipped_with_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "image.md"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with caplog.at_level(logging.WARNING, logger="agentcore.rag"):
        result = load_file(path)
    assert isinstance(result, SkippedFile)
    assert result.reason == "двоичный файл"
    assert "image.md" in caplog.text


def test_mojibake_skipped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # Cyrillic UTF-8 with broken multi-byte sequences everywhere: neither UTF-8 nor sensible cp1251.
    data = "Привет, мир! Это документ.".encode()
    broken = bytes(b for i, b in enumerate(data) if i % 3 != 1)
    path = tmp_path / "broken.md"
    path.write_bytes(broken * 5)
    with caplog.at_level(logging.WARNING, logger="agentcore.rag"):
        result = load_file(path)
    assert isinstance(result, SkippedFile)
    assert "кодировка" in result.reason
    assert "broken.md" in caplog.text


def test_single_stray_byte_replaced(tmp_path: Path) -> None:
    path = tmp_path / "almost.md"
    path.write_bytes("# Заголовок\n\n".encode() + "Длинный нормальный текст. ".encode() * 50 + b"\xff")
    doc = load_file(path)
    assert isinstance(doc, SourceDocument)
    assert doc.text.endswith("\ufffd")


def test_folder_doc_ids_relative_and_unsupported_skipped(tmp_path: Path) -> None:
    (tmp_path / "hr").mkdir()
    (tmp_path / "hr" / "vacation.md").write_text("# Отпуск\n\nТекст.", encoding="utf-8")
    (tmp_path / "top.txt").write_text("Верх\nТекст", encoding="utf-8")
    (tmp_path / "data.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "secret.md").write_text("# Секрет", encoding="utf-8")
    (tmp_path / "empty.md").write_text("   \n", encoding="utf-8")
    result = load_path(tmp_path)
    assert [d.doc_id for d in result.documents] == ["hr/vacation", "top"]
    assert {Path(s.path).name for s in result.skipped} == {"data.pdf", "empty.md"}


def test_missing_path_raises(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="путь не найден"):
        load_path(tmp_path / "nope")


def test_same_name_different_suffix_keeps_both(tmp_path: Path) -> None:
    from agentcore.rag.loaders import load_path

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.md").write_text("# Один\n\nтекст md", encoding="utf-8")
    (tmp_path / "a" / "x.txt").write_text("текст txt", encoding="utf-8")
    ids = sorted(doc.doc_id for doc in load_path(tmp_path).documents)
    assert ids == ["a/x", "a/x.txt"]


def test_bundled_kb_page_names_the_id_the_loader_gives(tmp_path: Path) -> None:
    """The shipped page on agentcore RAG said a document id is «имя файла без расширения» — wrong for a file in a
    subfolder (tryout31 #6).  It now names the id the loader gives such a file, the path without the extension."""
    from agentcore.rag.default_kb import bundled_kb_path

    (tmp_path / "отдел").mkdir()
    (tmp_path / "отдел" / "кофе.md").write_text("# Кофе\n\nКофемашина на кухне.", encoding="utf-8")
    (document,) = load_path(tmp_path).documents
    page = (bundled_kb_path() / "agentcore-rag.md").read_text(encoding="utf-8")
    assert f"`{document.doc_id}`" in page and "имя файла без расширения" not in page
