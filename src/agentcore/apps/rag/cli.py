"""``agentcore rag``: index documents, search a collection, serve the RAG HTTP service.

    agentcore rag index PATH [--collection NAME] [--replace]
    agentcore rag search "вопрос" [--collection NAME] [--top-k N] [--mode bm25|dense|hybrid] [--first-stage] [--json]
    agentcore rag collections
    agentcore rag use NAME
    agentcore rag remove DOC_ID... [--collection NAME]
    agentcore rag serve [--host H] [--port P]

Bad input (missing path, unknown collection, bad ``--mode``/``--top-k``) prints a Russian message to stderr and
exits with 1 (or 2 for bad options), without a traceback.  Heavy modules load inside the commands.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from agentcore.terminal.common import valid_port

if TYPE_CHECKING:
    from rich.console import Console

    from agentcore.rag.engine import RagEngine
    from agentcore.rag.indexer import IndexProgress

rag_app = typer.Typer(
    name="rag",
    help="База знаний: индексация документов, поиск и сервис RAG.",
    no_args_is_help=True,
    add_completion=False,
)

_MODES = ("bm25", "dense", "hybrid")
_STAGES = {"chunk": ("Разбиение документов", "док."), "embed": ("Эмбеддинги чанков", "чанков")}


def escape(text: str) -> str:
    """Rich markup escaped (rich loads when a command prints, not when ``agentcore --help`` registers the group)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def _stderr() -> Console:
    from rich.console import Console

    return Console(stderr=True)


def _fail(message: str, code: int = 1) -> NoReturn:
    from agentcore.terminal.common import fail

    fail(message, code)


def make_engine() -> RagEngine:
    """The engine the commands use (tests replace this function)."""
    from agentcore.rag.engine import RagEngine
    from agentcore.terminal.common import init_logging, load_settings

    settings = load_settings("rag")
    # the library's log lines go to <log dir>/rag.log: on the terminal «ingest // Skipped …» stood beside the
    # Russian «Пропущен …» the command prints itself
    init_logging(settings, "rag.log")
    return RagEngine(settings)


@contextmanager
def _progress() -> Iterator[IndexProgress]:
    """A rich progress bar per indexing stage: done/total, items per second and the time left."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """``12.3 чанков/с`` — the task's current speed in its own unit."""

        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            unit = task.fields.get("unit", "")
            return Text(f"{speed:.1f} {unit}/с" if speed else f"… {unit}/с", style="progress.data.speed")

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("осталось"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=_stderr(), transient=True) as progress:
        tasks: dict[str, Any] = {}

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                description, unit = _STAGES.get(stage, (stage, ""))
                tasks[stage] = progress.add_task(description, total=total, unit=unit)
            progress.update(tasks[stage], completed=done, total=total)
            _DONE[stage] = done

        yield update


_DONE: dict[str, int] = {}  # the last progress of each stage (for the message after Ctrl-C)


def _exit_code(exc: Exception) -> int:
    from agentcore.rag.errors import InvalidCollectionNameError, InvalidQueryError

    return 2 if isinstance(exc, InvalidQueryError | InvalidCollectionNameError) else 1


@rag_app.command("index")
def index(
    path: Path = typer.Argument(..., help="Файл или папка с документами (.md, .txt, .html)."),
    collection: str | None = typer.Option(None, "--collection", "-c", help="Коллекция (по умолчанию активная)."),
    replace: bool = typer.Option(False, "--replace", help="Удалить из коллекции документы, которых нет в PATH."),
) -> None:
    """Проиндексировать документы (добавить новые, обновить изменённые)."""
    from agentcore.rag.default_kb import DEFAULT_COLLECTION
    from agentcore.rag.errors import RetrievalError

    if not path.exists():
        _fail(f"путь не найден: {path}")
    indexer = make_engine().indexer
    _DONE.clear()
    try:
        with _progress() as progress:
            if (collection or indexer.catalog.active) == DEFAULT_COLLECTION:
                indexer.ensure_default(progress=progress)
            report = indexer.index_path(path, collection, replace=replace, progress=progress)
    except RetrievalError as exc:
        _fail(str(exc), _exit_code(exc))
    except KeyboardInterrupt:
        _fail(
            f"индексация прервана; посчитанные эмбеддинги ({_DONE.get('embed', 0)}) сохранены и будут взяты из кэша "
            "при следующем запуске той же команды",
            130,
        )
    console = _stderr()
    for skipped in report.skipped:
        console.print(
            f"[yellow]Пропущен[/yellow] {escape(str(skipped.path))}: {escape(skipped.reason)}", highlight=False
        )
    rate = f" ({report.embed_rate:.1f} чанков/с)" if report.embed_rate else ""
    typer.echo(
        f"Коллекция {report.collection}: добавлено {len(report.added)}, обновлено {len(report.updated)}, "
        f"без изменений {len(report.unchanged)}, удалено {len(report.removed)}; документов {report.documents}, "
        f"чанков {report.chunks}; эмбеддингов посчитано {report.embedded}{rate}, взято из кэша "
        f"{report.reused_embeddings}; {report.seconds:.1f} с."
    )


@rag_app.command("search")
def search(
    question: str = typer.Argument(..., help="Вопрос."),
    collection: str | None = typer.Option(None, "--collection", "-c", help="Коллекция (по умолчанию активная)."),
    top_k: int | None = typer.Option(None, "--top-k", "-k", help="Сколько фрагментов вернуть."),
    mode: str | None = typer.Option(None, "--mode", "-m", help="bm25, dense или hybrid (по умолчанию решает роутер)."),
    first_stage: bool = typer.Option(
        False, "--first-stage", help="Только первый этап поиска, без переранжирования и проверки ответа."
    ),
    as_json: bool = typer.Option(False, "--json", help="Вывести результаты в JSON."),
) -> None:
    """Найти фрагменты базы знаний по вопросу."""
    from agentcore.rag.default_kb import DEFAULT_COLLECTION
    from agentcore.rag.errors import RetrievalError

    if mode is not None and mode not in _MODES:
        _fail(f"неизвестный режим {mode!r}: допустимы bm25, dense, hybrid", 2)
    engine = make_engine()
    searcher = engine.searcher
    try:
        if (collection or searcher.active) == DEFAULT_COLLECTION:
            with _progress() as progress:
                engine.indexer.ensure_default(progress=progress)
        result = searcher.retrieve(
            question,
            top_k,
            mode=mode,  # type: ignore[arg-type]
            collection=collection,
            rerank=not first_stage,
        )
    except RetrievalError as exc:
        _fail(str(exc), _exit_code(exc))
    import asyncio

    from agentcore.rag.trust import answer_search

    checked = asyncio.run(answer_search(question, result))  # the claim-checked answer POST /search gives offline
    answer = checked.text
    if as_json:
        hits = [
            {"id": h.id, "title": h.title, "score": h.score, "text": h.text, "doc_id": h.doc_id, "source": h.source}
            for h in result.hits
        ]
        payload = {
            "collection": result.collection,
            "mode": result.mode,
            "reason": result.reason,
            "answer": answer,
            "answer_source": checked.source,
            "answerable": result.answerable,
            "confidence": result.confidence,
            **checked.metadata(),
            "hits": hits,
        }
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    _print_hits(result, answer)


def _print_hits(result: Any, answer: str) -> None:
    from rich.console import Console
    from rich.panel import Panel
    from rich.text import Text

    console = Console()
    collection, reason = escape(result.collection), escape(result.reason)
    console.print(f"Коллекция [bold]{collection}[/bold], режим [bold]{result.mode}[/bold] ({reason})", style="dim")
    console.print(Text(f"Ответ: {answer}", style="bold"))
    if not result.hits:
        console.print("Ничего не найдено.")
    for hit in result.hits:
        text = hit.text if len(hit.text) <= 600 else hit.text[:600] + "…"
        title = f"{hit.rank}. {escape(hit.title)}  [dim]{escape(hit.id)} · {hit.score:.4f}[/dim]"
        console.print(Panel(Text(text), title=title, title_align="left"), highlight=False)


@rag_app.command("collections")
def collections() -> None:
    """Показать коллекции."""
    from rich.console import Console
    from rich.table import Table

    infos = make_engine().searcher.collections()
    table = Table("", "Коллекция", "Документов", "Чанков", "Обновлена")
    for info in infos:
        table.add_row("*" if info.active else "", info.name, str(info.documents), str(info.chunks), info.updated_at)
    Console().print(table)


@rag_app.command("use")
def use(name: str = typer.Argument(..., help="Имя коллекции (см. agentcore rag collections).")) -> None:
    """Сделать коллекцию активной: её будут использовать agentcore chat, rag search и rag serve."""
    from agentcore.rag.errors import RetrievalError

    engine = make_engine()
    try:
        engine.catalog.remember_active(name)
    except RetrievalError as exc:
        _fail(str(exc), _exit_code(exc))
    typer.echo(f"Активная коллекция: {name}.")
    if engine.settings.model_fields_set & {"rag_collection"} and engine.settings.rag_collection != name:
        _stderr().print(
            f"[yellow]Внимание:[/yellow] переменная AGENTCORE_RAG_COLLECTION={escape(engine.settings.rag_collection)} "
            "задана в окружении и важнее выбора командой rag use.",
            highlight=False,
        )


@rag_app.command("remove")
def remove(
    doc_ids: list[str] = typer.Argument(
        ...,
        help="Идентификаторы документов: путь файла от проиндексированной папки без расширения (отдел/кофе); "
        "rag search показывает его перед «#».",
    ),
    collection: str | None = typer.Option(None, "--collection", "-c", help="Коллекция (по умолчанию активная)."),
) -> None:
    """Удалить документы из коллекции.

    A document it does not find is named with the likely id («отдел/кофе» for «кофе»); when none is removed the
    command ends with exit code 1 (the collection is as it was).
    """
    from agentcore.rag.errors import RetrievalError

    try:
        report = make_engine().indexer.remove_documents(doc_ids, collection)
    except RetrievalError as exc:
        _fail(str(exc), _exit_code(exc))
    for skipped in report.skipped:
        _stderr().print(
            f"[yellow]Не найден[/yellow] «{escape(str(skipped.path))}»: {escape(skipped.reason)}", highlight=False
        )
    typer.echo(f"Коллекция {report.collection}: удалено {len(report.removed)}; осталось документов {report.documents}.")
    if report.skipped and not report.removed:
        raise typer.Exit(1)


@rag_app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Адрес."),
    port: int = typer.Option(8001, "--port", callback=valid_port, help="Порт."),
) -> None:
    """Запустить HTTP-сервис RAG (/health, /search, /docs)."""
    import uvicorn

    from agentcore.apps.rag.http import create_app
    from agentcore.terminal.common import load_settings

    uvicorn.run(create_app(load_settings("rag")), host=host, port=port)


@rag_app.command("bundle-vectors", hidden=True)
def bundle_vectors() -> None:
    """Сохранить эмбеддинги поставляемой базы знаний рядом с ней (для сопровождающих пакета)."""
    from agentcore.rag.errors import RetrievalError

    indexer = make_engine().indexer
    try:
        with _progress() as progress:
            indexer.ensure_default(progress=progress)
        path = indexer.export_bundled_vectors()
    except RetrievalError as exc:
        _fail(str(exc), _exit_code(exc))
    typer.echo(f"Эмбеддинги сохранены: {path}")


def register(cli: typer.Typer) -> None:
    """Add the ``agentcore rag`` group to ``cli``."""
    cli.add_typer(rag_app, name="rag", help="База знаний: индексация, поиск, RAG-сервис.")
