"""Fixtures of the retrieval tests: a small Russian knowledge base and engines with a cheap embedder."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentcore.config import Settings
from agentcore.rag.embeddings import HashingEmbedder
from agentcore.rag.engine import RagEngine

KB: dict[str, str] = {
    "vacation.md": """# Отпуск

Ежегодный оплачиваемый отпуск составляет 28 календарных дней. Отпуск можно делить на части.

## Оформление

Заявление на отпуск подаётся через портал не позднее чем за две недели. Автоматизацию описывает задача TASK-12.

## Перенос отпуска

Перенести отпуск можно по согласованию с руководителем и отделом кадров.
""",
    "sick-leave.md": """# Больничный

При болезни сотрудник сообщает руководителю и оформляет электронный листок нетрудоспособности.

## Ошибки интеграции

Код ERR_42 означает сбой обмена данными с Социальным фондом. Повторите отправку через час.
""",
    "vpn.md": """# Удалённый доступ

Для подключения к корпоративной сети установите клиент OpenVPN и загрузите профиль с портала.

## Если соединение не работает

Проверьте интернет, перезапустите клиент и обратитесь в службу поддержки по номеру 1234.
""",
    "payroll.md": """# Зарплата

Заработная плата выплачивается два раза в месяц: аванс 25 числа и остаток 10 числа следующего месяца.
Расчётный листок приходит на электронную почту.
""",
    "laptops.md": """# Ноутбуки

Новым сотрудникам выдают ноутбук в первый рабочий день. Замена техники происходит раз в три года.
""",
}


@pytest.fixture
def kb_dir(tmp_path: Path) -> Path:
    """A folder with the small knowledge base."""
    folder = tmp_path / "kb"
    folder.mkdir()
    for name, text in KB.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    """Offline settings with this test's data dir and the test collection active."""
    return Settings(data_dir=data_dir, provider="offline", rag_collection="test", rag_embedder="none")


@pytest.fixture
def engine(settings: Settings) -> RagEngine:
    """An engine with the hashing embedder (dense and hybrid work, no model loads)."""
    return RagEngine(settings, embedder=HashingEmbedder(), backend=None)


@pytest.fixture
def indexed(engine: RagEngine, kb_dir: Path) -> RagEngine:
    """``engine`` with the small knowledge base indexed into ``test``."""
    engine.indexer.index_path(kb_dir, "test")
    return engine
