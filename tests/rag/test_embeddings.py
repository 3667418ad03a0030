from __future__ import annotations

import numpy as np

from agentcore.config import Settings
from agentcore.llm import ScriptedProvider
from agentcore.llm.gateway import SimpleLLMGateway
from agentcore.rag.embeddings import E5Embedder, HashingEmbedder, ProviderEmbedder, create_embedder


def test_hashing_embedder_is_deterministic_and_normalised() -> None:
    embedder = HashingEmbedder(dim=64)
    first = embedder.embed_passages(["отпуск сотрудника", "больничный лист"])
    second = HashingEmbedder(dim=64).embed_passages(["отпуск сотрудника", "больничный лист"])
    assert first.shape == (2, 64) and first.dtype == np.float32
    assert np.allclose(first, second)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0)
    query = embedder.embed_query("отпуска")
    assert float(first[0] @ query) > float(first[1] @ query)


def test_e5_ranks_russian_passages() -> None:
    """The real local model, once, on a handful of texts."""
    embedder = E5Embedder()
    passages = embedder.embed_passages(
        [
            "Ежегодный оплачиваемый отпуск составляет 28 календарных дней.",
            "Для подключения к корпоративной сети установите клиент OpenVPN.",
            "Зарплата выплачивается два раза в месяц.",
        ]
    )
    assert passages.shape == (3, 384)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-3)
    scores = passages @ embedder.embed_query("сколько дней отдыха положено в году")
    assert int(np.argmax(scores)) == 0
    scores = passages @ embedder.embed_query("как зайти в сеть компании из дома")
    assert int(np.argmax(scores)) == 1


def test_provider_embedder_uses_the_gateway(data_dir: object) -> None:
    provider = ScriptedProvider(embedding_dim=8)
    settings = Settings(provider="openai", openai_api_key="sk-test", openai_embedding_model="text-embedding-3-small")
    embedder = ProviderEmbedder(settings.llm, gateway=SimpleLLMGateway(provider))
    matrix = embedder.embed_passages(["a", "b", "c"])
    assert matrix.shape == (3, 8)
    assert embedder.embed_query("a").shape == (8,)
    assert embedder.name == "provider-openai-text-embedding-3-small"
    assert provider.embed_calls[0] == ["a", "b", "c"]


def test_create_embedder_follows_settings(data_dir: object) -> None:
    assert create_embedder(Settings(rag_embedder="none").rag) is None
    assert isinstance(create_embedder(Settings(rag_embedder="local").rag), E5Embedder)
    assert isinstance(create_embedder(Settings(rag_embedder="provider").rag), ProviderEmbedder)
