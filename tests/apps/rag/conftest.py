"""The retrieval fixtures (a small knowledge base, an engine over it) for the RAG app's tests."""

from tests.rag.conftest import engine, indexed, kb_dir, settings  # noqa: F401 - fixtures
