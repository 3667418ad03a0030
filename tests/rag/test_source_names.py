"""A passage's ``source`` is its document name relative to the indexed folder, never a server filesystem path
(every surface — /rag/search, /research, SSE, /v1 metadata, MCP, the console — shows ``Hit.source``)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from agentcore.rag.engine import RagEngine
from agentcore.rag.loaders import load_file, load_path
from agentcore.rag.models import Chunk, SourceDocument, public_source


def test_a_folder_gives_relative_names_and_a_single_file_its_name(tmp_path: Path) -> None:
    (tmp_path / "guides").mkdir()
    (tmp_path / "guides" / "vacation.md").write_text("# Отпуск\n\nТекст.", encoding="utf-8")
    (tmp_path / "top.txt").write_text("Заголовок\nТекст.", encoding="utf-8")
    loaded = load_path(tmp_path)
    assert sorted(d.source for d in loaded.documents) == ["guides/vacation.md", "top.txt"]
    single = load_file(tmp_path / "guides" / "vacation.md")
    assert isinstance(single, SourceDocument) and single.source == "vacation.md"


@pytest.mark.parametrize(
    ("stored", "doc_id", "shown"),
    [
        ("/srv/app/src/agentcore/rag/kb/default/vacation-policy.md", "vacation-policy", "vacation-policy.md"),
        ("/home/u/docs/guides/vpn.md", "guides/vpn", "guides/vpn.md"),
        ("/home/u/docs/x.txt", "x.txt", "x.txt"),  # an id that kept its suffix
        ("C:\\Users\\u\\docs\\a.md", "a", "a.md"),
        ("guides/vpn.md", "guides/vpn", "guides/vpn.md"),  # already relative: unchanged
        ("api:policy", "policy", "api:policy"),  # documents posted over HTTP
    ],
)
def test_a_stored_absolute_path_is_read_as_the_relative_name(stored: str, doc_id: str, shown: str) -> None:
    assert public_source(stored, doc_id) == shown
    chunk = Chunk(id=f"{doc_id}#0", doc_id=doc_id, title="T", text="x", source=stored, start=0, end=1, doc_title="T")
    assert Chunk.from_json(chunk.to_json()).source == shown


def test_search_and_fetch_show_no_server_path(indexed: RagEngine, kb_dir: Path) -> None:
    from agentcore.apps.rag.http import create_app
    from agentcore.config import Settings
    from agentcore.serving import BackgroundServer

    hits = indexed.searcher.search("Как подключиться к OpenVPN?", 3)
    assert hits and all(not h.source.startswith("/") and str(kb_dir) not in h.source for h in hits)
    assert hits[0].source == "vpn.md"
    server = BackgroundServer(create_app(Settings(), engine=indexed)).start()
    try:
        body = httpx.post(server.url + "/fetch_docs", json={"ids": ["vpn#0", "vpn"], "collection": "test"}, timeout=30)
    finally:
        server.stop()
    assert [item["source"] for item in body.json()["items"]] == ["vpn.md", "vpn.md"]
