"""Read Markdown, plain-text and HTML files (or folders of them) into :class:`SourceDocument` objects.

Bytes are decoded as UTF-8 (with or without BOM), then cp1251; files that look binary or whose text is
mojibake are skipped with a warning, never indexed as garbage.  HTML is converted to Markdown-like text (``h1``–
``h6`` become ``#`` headings, block elements become paragraphs, scripts and styles are dropped); chunk offsets of
HTML documents refer to that converted text.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from agentcore.rag.errors import IngestError
from agentcore.rag.models import SkippedFile, SourceDocument, SourceFormat, display_path

logger = logging.getLogger("agentcore.rag.ingest")

SUFFIXES: dict[str, SourceFormat] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
    ".html": "html",
    ".htm": "html",
}
MAX_FILE_BYTES = 20 * 1024 * 1024

# cp1251 bytes 0x80-0xBF that real Russian text uses; the rest of that block shows up mostly in mojibake
# (UTF-8 Cyrillic read as cp1251 gives "Рџ", "СЃ", ...).
_CP1251_COMMON = set("«»—–…№ёЁ„“”‘’•·°§©®±\xa0")
_CP1251_UPPER_BLOCK = set(bytes(range(0x80, 0xC0)).decode("cp1251", errors="ignore"))


@dataclass
class LoadResult:
    """Documents read from a path, and the files left out."""

    documents: list[SourceDocument] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)

    def add(self, item: SourceDocument | SkippedFile) -> None:
        """Keep what :func:`load_file` returned: a document, or a file left out."""
        if isinstance(item, SkippedFile):
            self.skipped.append(item)
        else:
            self.documents.append(item)


def _looks_binary(data: bytes) -> bool:
    head = data[:8192]
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    return controls > max(2, len(head) // 100)


def _looks_like_mojibake(text: str) -> bool:
    non_ascii = [c for c in text if ord(c) > 127]
    if not non_ascii:
        return False
    odd = sum(1 for c in non_ascii if c in _CP1251_UPPER_BLOCK and c not in _CP1251_COMMON)
    return odd > 0.1 * len(non_ascii)


def decode_bytes(data: bytes) -> tuple[str | None, str]:
    """Decode file content.

    Returns:
        ``(text, encoding)`` on success, or ``(None, reason)`` when the bytes are binary or badly encoded.
    """
    if _looks_binary(data):
        return None, "двоичный файл"
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError as exc:
        utf8_error = exc
    try:
        text = data.decode("cp1251")
    except UnicodeDecodeError:
        text = None
    if text is not None and not _looks_like_mojibake(text):
        return text, "cp1251"
    # A handful of stray bytes in an otherwise valid UTF-8 file: keep the text, replace the bad bytes.
    replaced = data.decode("utf-8-sig", errors="replace")
    if replaced.count("\ufffd") <= max(1, len(data) // 1000):
        logger.warning("ingest // Invalid UTF-8 bytes replaced at offset %d", utf8_error.start)
        return replaced, "utf-8 (replaced)"
    return None, "неизвестная кодировка (не utf-8 и не cp1251)"


class _HTMLToMarkdown(HTMLParser):
    _BLOCKS = frozenset(
        """
        p div br li ul ol table tr section article header footer main aside nav blockquote pre dd dt dl
        figure figcaption hr
        """.split()  # noqa: SIM905 - a tag list reads better as text
    )
    _SKIP = frozenset({"script", "style", "noscript", "template", "head"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title = ""
        self._skip_depth = 0
        self._in_title = False
        self._heading: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        elif tag in self._SKIP:
            self._skip_depth += 1
        elif len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self._heading = int(tag[1])
            self.parts.append("\n\n" + "#" * self._heading + " ")
        elif tag in self._BLOCKS:
            self.parts.append("\n\n" if tag != "li" else "\n- ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in self._SKIP:
            self._skip_depth = max(0, self._skip_depth - 1)
        elif len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self._heading = None
            self.parts.append("\n\n")
        elif tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif self._skip_depth == 0:
            # Inside a heading the text must stay on the heading's line.
            self.parts.append(re.sub(r"\s+", " ", data) if self._heading else data)


def html_to_markdown(html: str) -> tuple[str, str]:
    """Convert HTML to Markdown-like text.

    Returns:
        ``(text, title)``: the text with ``#`` headings and blank-line paragraphs, and the ``<title>`` (or "").
    """
    parser = _HTMLToMarkdown()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return text, parser.title.strip()


def _first_heading(text: str) -> str | None:
    in_fence = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        if not in_fence:
            match = re.match(r"^#\s+(.+?)\s*#*\s*$", line)
            if match:
                return match.group(1).strip()
    return None


def _text_title(text: str) -> str | None:
    lines = [line.strip() for line in text.strip().splitlines()]
    if len(lines) > 1 and lines[0] and len(lines[0]) <= 120:
        return lines[0]
    return None


def load_file(path: Path, doc_id: str | None = None, name: str | None = None) -> SourceDocument | SkippedFile:
    """Read one file; the document's ``source`` is ``name`` (its path relative to the indexed folder), by default
    the file name — never the absolute path, which would show the server's filesystem to every reader.

    Returns:
        the document, or a :class:`SkippedFile` (logged as a warning) for unsupported, binary, undecodable,
        oversized or empty files.
    """
    fmt = SUFFIXES.get(path.suffix.lower())
    shown = display_path(path)

    def skip(reason: str) -> SkippedFile:
        logger.warning("ingest // Skipped %s: %s", shown, reason)
        return SkippedFile(path=shown, reason=reason)

    if fmt is None:
        return skip(f"неподдерживаемый тип файла {path.suffix or '(без расширения)'}")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return skip(f"файл больше {MAX_FILE_BYTES // (1024 * 1024)} МБ")
        data = path.read_bytes()
    except OSError as exc:
        return skip(f"не удалось прочитать файл: {exc.strerror or exc}")
    text, how = decode_bytes(data)
    if text is None:
        return skip(how)
    document = document_from_text(text, fmt, doc_id or path.stem, source=name or path.name, fallback_title=path.stem)
    return document if document is not None else skip("пустой файл")


def document_from_text(
    text: str,
    fmt: SourceFormat,
    doc_id: str,
    *,
    source: str,
    title: str | None = None,
    fallback_title: str | None = None,
) -> SourceDocument | None:
    """A document from decoded text, as a file of format ``fmt`` would give: HTML converted; the title is ``title``,
    else the first heading, the first line of plain text or the ``<title>``, else ``fallback_title`` or ``doc_id``.

    Returns:
        ``None`` when there is no text (after the HTML conversion).
    """
    html_title = ""
    if fmt == "html":
        text, html_title = html_to_markdown(text)
    if not text.strip():
        return None
    heading = _text_title(text) if fmt == "text" else _first_heading(text) or html_title
    title = title or heading or fallback_title or doc_id
    return SourceDocument(doc_id=doc_id, title=title, text=text, source=source, format=fmt)


def load_path(path: Path) -> LoadResult:
    """Read a file or every supported file under a folder (recursively, hidden entries ignored, sorted).

    Doc ids are the file path relative to ``path`` without its suffix (``guides/vacation`` for
    ``<path>/guides/vacation.md``; a second file with the same id keeps its suffix); for a single file, its
    stem (indexing another file of the same name into the same collection replaces it).

    Raises:
        IngestError: ``path`` does not exist.
    """
    result = LoadResult()
    if not path.exists():
        raise IngestError(f"путь не найден: {path}")
    if path.is_file():
        result.add(load_file(path))
        return result
    seen: set[str] = set()
    for file in sorted(p for p in path.rglob("*") if p.is_file()):
        relative = file.relative_to(path)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if file.suffix.lower() not in SUFFIXES:
            logger.info("ingest // Skipped %s: unsupported file type", display_path(file))
            result.skipped.append(SkippedFile(display_path(file), "неподдерживаемый тип файла"))
            continue
        doc_id = relative.with_suffix("").as_posix()
        if doc_id in seen:  # ``x.md`` and ``x.txt`` side by side: the later one keeps its suffix
            logger.info("ingest // %s: id %r is taken, using %r", display_path(file), doc_id, relative.as_posix())
            doc_id = relative.as_posix()
        seen.add(doc_id)
        result.add(load_file(file, doc_id=doc_id, name=relative.as_posix()))
    return result
