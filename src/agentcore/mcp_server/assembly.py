"""The MCP server: our tools, each backed by the code the HTTP routes run, and the two transports.

=================== ========================================== ==================================================
tool                backed by                                  annotations (readOnly / destructive / idempotent /
                                                               openWorld)
=================== ========================================== ==================================================
``rag_search``      ``POST /rag/search``                       yes / no / yes / no
``fetch_docs``      ``POST /rag/fetch_docs``                   yes / no / yes / no
``research_ask``    the research agent (as ``POST /research``) yes / no / yes / no — progress per step
``scrum_daily``     ``POST /scrum/teams/{team}/daily``         no / no / no / no (stores the daily; openWorld
                                                               yes when AGENTCORE_SCRUM_WEBHOOK_URL is set)
``scrum_analytics`` ``POST /scrum/teams/{team}/analytics``     yes / no / yes / no
``scrum_faq``       ``POST /scrum/faq``                        yes / no / yes / no
``crm_get``         the CRM orchestrator's portal (read only)  yes / no / yes / yes (the Bitrix24 portal)
``crm_list``        the CRM orchestrator's portal (read only)  yes / no / yes / yes
``crm_request_      the CRM orchestrator's                     no / no / yes / yes — it only adds a pending
change``            ``request_change``                         confirmation to the user's session (the same
                                                               request twice: the same id); the change runs
                                                               after that user's own «да» in ``POST /chat`` or
                                                               the CLI, never from MCP
=================== ========================================== ==================================================

Request/response tools go through the app itself (an in-process ASGI call: same validation, same errors, same
auth), so there is no second implementation; ``research_ask`` runs the agent through the same ``ResearchHTTP`` as
``POST /research`` because it reports every step as an MCP progress notification while the run goes on — and, like
``POST /research``, records the run in the run trace (``GET /trace/runs``) as the caller's: the owner id of the read
or admin token of the MCP request over HTTP, of the stdio token over stdio (none while read tokens are unset).

Auth: over HTTP ``/mcp`` needs a read token when ``AGENTCORE_READ_TOKENS`` is set (checked before the MCP layer),
and the caller's ``Authorization``/``X-API-Token`` go on to the routes; CRM tools need one of ``HTTP_API_TOKENS`` in
``X-API-Key`` (as ``POST /chat``).  Over stdio the local user is trusted with the process's own settings: the first
read token, and ``AGENTCORE_MCP_CRM_KEY`` as the CRM key.  A change requested with ``crm_request_change`` belongs to
the key's principal over HTTP (as in ``POST /chat``) and to the local user over stdio (as in ``agentcore crm``).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

import httpx
from fastapi import APIRouter, FastAPI
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import ToolAnnotations
from pydantic import Field, SecretStr
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from agentcore.config import Settings
from agentcore.settings import HttpSettings
from agentcore.settings._base import Section, env
from agentcore.web.auth import tokens_match
from agentcore.web.errors import FIELD_NAMES

if TYPE_CHECKING:
    from agentcore.apps.research.http import ResearchHTTP

__all__ = ["APPEND", "READ", "READ_PORTAL", "REQUEST", "Backend", "create_mcp_router", "create_mcp_server", "run_stdio"]

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
READ_PORTAL = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=True)
APPEND = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False)
REQUEST = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=True)
"""``crm_request_change``: writes only a pending request (additive, deduplicated); the portal is read for its words."""

_FORWARDED = ("authorization", "x-api-token")
CrmEntity = Literal["deal", "contact", "company"]
CrmOperation = Literal["add", "update", "delete"]
_FILTER_HELP = 'фильтр Bitrix24, например {">OPPORTUNITY": 1000, "STAGE_ID": "NEW"}'


@dataclass
class Backend:
    """What the tools call: the served app (in process), the research service and the CRM's ``/chat`` service.

    ``stdio_headers`` are sent with every in-process call when there is no HTTP request (stdio); ``crm_key`` is the
    CRM key used then.
    """

    settings: Settings
    app: FastAPI | None = None
    research: ResearchHTTP | None = None
    crm: Any = None
    stdio_headers: dict[str, str] = field(default_factory=dict)
    crm_key: str | None = None

    def headers(self, ctx: Context | None) -> dict[str, str]:
        """The caller's credentials to pass on: the MCP HTTP request's, else the stdio ones."""
        incoming = _request_headers(ctx)
        if incoming is None:
            return dict(self.stdio_headers)
        return {name: value for name, value in incoming.items() if name.lower() in _FORWARDED}

    def owner(self, ctx: Context | None) -> str | None:
        """The owner id of what this call starts (its run trace): the caller's read or admin token's, as for an HTTP
        request (:func:`agentcore.web.auth.principal`) — the MCP request's over HTTP, the stdio one otherwise;
        ``None`` while read tokens are unset."""
        from agentcore.web.auth import principals_of, token_in

        ids = principals_of(self.settings, token_in(self.headers(ctx), "X-API-Token"))
        return ids[0] if ids else None

    def crm_key_of(self, ctx: Context | None) -> str:
        """The CRM key of this call (``X-API-Key`` over HTTP, ``AGENTCORE_MCP_CRM_KEY`` over stdio), checked.

        Raises:
            ToolError: no valid key.
        """
        incoming = _request_headers(ctx)
        from agentcore.apps.crm.settings import CrmSettings

        key = incoming.get("x-api-key") if incoming is not None else self.crm_key
        if not tokens_match(key, CrmSettings.of(self.settings).api_token_list):
            if incoming is not None:  # `agentcore serve` without HTTP_API_TOKENS made one key and printed it
                raise ToolError(
                    "инструменты CRM требуют ключ в заголовке X-API-Key: один из HTTP_API_TOKENS или, если он не "
                    "задан, одноразовый ключ из адреса консоли, напечатанного agentcore serve (после #key=)"
                )
            raise ToolError("инструменты CRM требуют ключ из HTTP_API_TOKENS (AGENTCORE_MCP_CRM_KEY)")
        return key or ""

    async def call(
        self, ctx: Context | None, method: str, path: str, body: Any = None, renamed: dict[str, str] | None = None
    ) -> Any:
        """One request to the app's own route, in process; a 4xx/5xx answer becomes a tool error with its message.

        ``renamed`` — the route's body fields the tool names otherwise (``{"question": "query"}``): the route's
        validation error names the tool's argument, the one the caller sent (given to the route in the request's
        scope, :data:`agentcore.web.errors.FIELD_NAMES`).

        Raises:
            ToolError: the route refused or failed (its Russian ``error`` message).
        """
        if self.app is None:
            raise ToolError("сервер MCP не подключён к приложению")
        transport = httpx.ASGITransport(app=_naming_fields(self.app, renamed) if renamed else self.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://agentcore.local", timeout=None) as client:
            response = await client.request(method, path, json=body, headers=self.headers(ctx))
        try:
            payload = response.json()
        except ValueError:
            payload = {"error": response.text[:300]}
        if response.status_code >= 400:
            message = payload.get("error") if isinstance(payload, dict) else None
            code = payload.get("code") if isinstance(payload, dict) else None
            raise ToolError(f"{message or 'ошибка'} (HTTP {response.status_code}{', ' + code if code else ''})")
        return payload


def _naming_fields(app: FastAPI, names: dict[str, str]) -> ASGIApp:
    """``app`` with ``names`` (route's field → tool's argument) in every request's scope, for its validation errors."""

    async def named(scope: Scope, receive: Receive, send: Send) -> None:
        await app({**scope, FIELD_NAMES: names}, receive, send)

    return named


@contextlib.contextmanager
def _own_root_logging() -> Iterator[None]:
    """Keep the process's root logger as it was across ``MCPServer(...)``: the SDK's constructor calls
    ``logging.basicConfig`` with a rich handler at INFO, which put its English «StreamableHTTP session manager
    started» (and every INFO record that reaches the root) on the terminal of ``agentcore serve``."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        for handler in list(root.handlers):
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)


def _request_headers(ctx: Context | None) -> Mapping[str, str] | None:
    if ctx is None:
        return None
    try:
        return ctx.headers
    except ValueError:  # outside of a request
        return None


class _RussianErrors(MCPServer):
    """The SDK's server, its tool errors in Russian: arguments that fail the tool's schema are named with
    :func:`agentcore.web.errors.validation_message` (the HTTP routes' words: «id: ожидается целое число»), not
    pydantic's «Input should be a valid integer»; the SDK's English «Error executing tool <name>: » before our own
    messages is dropped, and an unknown tool or a crash is said in Russian.  The cause stays the SDK's (its log
    names the rejected fields only)."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError as exc:
            raise UnexpectedToolError(f"инструмент {name} завершился с внутренней ошибкой") from exc.__cause__
        except ToolError as exc:
            raise ToolError(_tool_error_text(name, exc)) from exc.__cause__


def _tool_error_text(name: str, exc: ToolError) -> str:
    """The Russian text of a tool call's :class:`ToolError` (see :class:`_RussianErrors`)."""
    from pydantic import ValidationError

    from agentcore.web.errors import validation_message

    if isinstance(exc.__cause__, ValidationError):
        # the tool's own arguments: no "body"/"query" source segment to drop (rag_search has a `query` argument)
        return validation_message(exc.__cause__.errors(), title=f"неверные аргументы инструмента {name}", sources=())
    text = str(exc)
    if text == f"Unknown tool: {name}":
        return f"неизвестный инструмент: {name}"
    return text.removeprefix(f"Error executing tool {name}: ")


def _for_the_model(search: dict[str, Any]) -> dict[str, Any]:
    """``POST /rag/search``'s body as an MCP client reads it: without ``removed_claims`` — the text of the claims the
    check refused (false or unsupported) goes to the HTTP response's metadata only, never into a model's context
    beside the answer, where nothing marks it as false.  Their number stays (``removed_claims_count``)."""
    shown = {key: value for key, value in search.items() if key != "removed_claims"}
    if "removed_claims" in search:
        shown["removed_claims_count"] = len(search["removed_claims"] or [])
    return shown


def create_mcp_server(backend: Backend) -> MCPServer:
    """The MCP server with our tools, bound to ``backend``."""
    with _own_root_logging():
        server = _RussianErrors(
            "agentcore",
            instructions="Инструменты agentcore: поиск по базе знаний, исследовательский агент, Scrum-бот, чтение CRM.",
        )

    @server.tool(annotations=READ)
    async def rag_search(
        query: Annotated[str, Field(description="вопрос или поисковый запрос")],
        ctx: Context,
        top_k: Annotated[int | None, Field(ge=1, description="сколько фрагментов вернуть")] = None,
        collection: Annotated[str | None, Field(description="коллекция (по умолчанию активная)")] = None,
    ) -> dict[str, Any]:
        """Поиск по базе знаний: ответ и лучшие фрагменты (заголовки, тексты, id, оценки)."""
        body = {"question": query, "top_k": top_k, "collection": collection}
        result: dict[str, Any] = await backend.call(
            ctx, "POST", "/rag/search", _drop_none(body), renamed={"question": "query"}
        )
        return _for_the_model(result)

    @server.tool(annotations=READ)
    async def fetch_docs(
        ids: Annotated[list[str], Field(min_length=1, description="id фрагментов (doc#n) или документов")],
        ctx: Context,
        collection: Annotated[str | None, Field(description="коллекция (по умолчанию активная)")] = None,
    ) -> dict[str, Any]:
        """Фрагменты или целые документы по id; ненайденные id — в ``missing``."""
        body = {"ids": ids, "collection": collection}
        result: dict[str, Any] = await backend.call(ctx, "POST", "/rag/fetch_docs", _drop_none(body))
        return result

    @server.tool(annotations=READ)
    async def research_ask(
        question: Annotated[str, Field(description="вопрос исследовательскому агенту")], ctx: Context
    ) -> dict[str, Any]:
        """Исследовательский агент: ответ с источниками; каждый шаг — уведомление о ходе выполнения."""
        return await _research(backend, question, ctx)

    # A daily with a high/critical blocker is also POSTed to AGENTCORE_SCRUM_WEBHOOK_URL when one is set.
    from agentcore.apps.scrum.settings import ScrumSettings

    escalates = bool(ScrumSettings.of(backend.settings).webhook_url)
    daily_hints = APPEND.model_copy(update={"open_world_hint": escalates})

    @server.tool(annotations=daily_hints)
    async def scrum_daily(
        team: Annotated[str, Field(description="ID команды")],
        member: Annotated[str, Field(description="ID участника")],
        message: Annotated[str, Field(description="текст daily или ответ на вопрос бота")],
        ctx: Context,
    ) -> dict[str, Any]:
        """Отправить daily участника (или ответ на уточняющий вопрос): бот разбирает и сохраняет его."""
        result: dict[str, Any] = await backend.call(
            ctx, "POST", f"/scrum/teams/{_segment(team)}/daily", {"member": member, "message": message}
        )
        return result

    @server.tool(annotations=READ)
    async def scrum_analytics(
        team: Annotated[str, Field(description="ID команды")],
        message: Annotated[str, Field(description="запрос тимлида словами")],
        ctx: Context,
    ) -> dict[str, Any]:
        """Аналитика команды по запросу тимлида: метрики из сохранённых данных и отчёт."""
        result: dict[str, Any] = await backend.call(
            ctx, "POST", f"/scrum/teams/{_segment(team)}/analytics", {"message": message}
        )
        return result

    @server.tool(annotations=READ)
    async def scrum_faq(
        question: Annotated[str, Field(description="вопрос о Scrum/Agile")], ctx: Context
    ) -> dict[str, Any]:
        """Ответ на вопрос об общих понятиях Scrum/Agile."""
        result: dict[str, Any] = await backend.call(
            ctx, "POST", "/scrum/faq", {"message": question}, renamed={"message": "question"}
        )
        return result

    @server.tool(annotations=READ_PORTAL)
    async def crm_get(
        entity: Annotated[CrmEntity, Field(description="deal, contact или company")],
        id: Annotated[int, Field(ge=1, description="ID записи")],
        ctx: Context,
    ) -> dict[str, Any]:
        """Одна запись CRM Bitrix24 по ID (только чтение; нужен ключ CRM)."""
        return await _crm_read(backend, ctx, f"crm.{entity}.get", {"id": id})

    @server.tool(annotations=READ_PORTAL)
    async def crm_list(
        entity: Annotated[CrmEntity, Field(description="deal, contact или company")],
        ctx: Context,
        filter: Annotated[dict[str, Any] | None, Field(description=_FILTER_HELP)] = None,
        select: Annotated[list[str] | None, Field(description="поля ответа")] = None,
        start: Annotated[int, Field(ge=0, description="смещение страницы (по 50)")] = 0,
        order: Annotated[
            dict[str, Literal["ASC", "DESC"]] | None,
            Field(description='порядок, например {"ID": "DESC"} — самые новые записи первыми («последняя сделка»)'),
        ] = None,
    ) -> dict[str, Any]:
        """Список записей CRM Bitrix24 (страница по 50; только чтение; нужен ключ CRM)."""
        params: dict[str, Any] = {"start": start}
        if filter:
            params["filter"] = filter
        if select:
            params["select"] = select
        if order:
            params["order"] = order
        return await _crm_read(backend, ctx, f"crm.{entity}.list", params)

    @server.tool(annotations=REQUEST)
    async def crm_request_change(
        user_id: Annotated[str, Field(min_length=1, max_length=128, description="чья сессия CRM (как в POST /chat)")],
        entity: Annotated[CrmEntity, Field(description="deal, contact или company")],
        operation: Annotated[CrmOperation, Field(description="add — создать, update — изменить, delete — удалить")],
        ctx: Context,
        id: Annotated[int | None, Field(ge=1, description="ID записи (для update и delete)")] = None,
        fields: Annotated[dict[str, Any] | None, Field(description="поля Bitrix24 (для add и update)")] = None,
        comment: Annotated[str, Field(max_length=500, description="зачем это изменение (увидит человек)")] = "",
        session_id: Annotated[
            str | None, Field(min_length=1, max_length=128, description="сессия (по умолчанию default)")
        ] = None,
    ) -> dict[str, Any]:
        """Запросить изменение в CRM Bitrix24: ничего не меняет, а ставит запрос на подтверждение в сессию
        пользователя. Выполнится, только когда сам пользователь ответит «да» в своём диалоге (POST /chat или CLI)."""
        return await _crm_request(
            backend, ctx, user_id, session_id, _change_step(entity, operation, id, fields, comment)
        )

    return server


def _change_step(
    entity: str, operation: str, record_id: int | None, fields: dict[str, Any] | None, comment: str
) -> Any:
    """The ``ActionStep`` of a requested change.

    Raises:
        ToolError: ``id`` / ``fields`` missing or superfluous for the operation.
    """
    from agentcore.apps.crm.models import ActionStep

    if operation == "add" and record_id is not None:
        raise ToolError("для add не указывают id: запись ещё не существует")
    if operation in ("update", "delete") and record_id is None:
        raise ToolError(f"для {operation} нужен id записи")
    if operation in ("add", "update") and not fields:
        raise ToolError(f"для {operation} нужны поля (fields)")
    if operation == "delete" and fields:
        raise ToolError("для delete поля (fields) не указывают")
    params: dict[str, Any] = {}
    if record_id is not None:
        params["id"] = record_id
    if fields:
        params["fields"] = fields
    return ActionStep(method=f"crm.{entity}.{operation}", params=params, comment=comment)


async def _crm_request(
    backend: Backend, ctx: Context, user_id: str, session_id: str | None, step: Any
) -> dict[str, Any]:
    """Queue ``step`` as a pending confirmation of the key's principal's session (see the module docstring)."""
    from agentcore.apps.crm.main_entrypoint import PortalConfigError
    from agentcore.apps.crm.state_store import StateStoreError
    from agentcore.web.errors import ApiError

    key = backend.crm_key_of(ctx)
    if backend.crm is None:
        raise ToolError("CRM недоступна")
    try:
        # Over HTTP the key's principal owns the session (as in POST /chat); over stdio the local user does, as in
        # `agentcore crm --user <user_id>` (one local user, like the CLI), so that dialog sees the request.
        owner = user_id if _request_headers(ctx) is None else backend.crm.owner(key, user_id)
        if _request_headers(ctx) is not None:
            await backend.crm.adopt(key, user_id, owner, None)
        orchestrator = await backend.crm.get()
        result = await orchestrator.request_change(owner, step, session_id=session_id, source="MCP")
    except ApiError as exc:
        raise ToolError(exc.message) from None
    except PortalConfigError:
        raise ToolError("портал Bitrix24 настроен неверно, обратитесь к администратору") from None
    except StateStoreError:
        raise ToolError("хранилище состояния недоступно, повторите позже") from None
    report = result.steps[-1]
    if report.outcome == "forbidden":
        raise ToolError(f"запрос отклонён политикой CRM: {report.detail}")
    if report.outcome == "refused":  # an unknown field or a missing record (apps/crm/request_check.py)
        raise ToolError(f"запрос не принят: {report.detail}")
    request = next((c for c in result.pending_confirmations if c.id == report.confirmation_id), None)
    return {
        "status": "pending" if request is not None else report.outcome,
        "confirmation": request.public() if request is not None else None,
        "session_id": result.state.session_id,
        "mode": result.mode,
        "message": result.assistant,
        "how_to_approve": (
            f"Изменение выполнится, только если пользователь {user_id} сам ответит «да {request.id}» в своём диалоге "
            f"с CRM (POST /chat с тем же ключом, user_id и session_id {result.state.session_id}, "
            f"или agentcore crm --user {user_id} --session {result.state.session_id})."
            if request is not None
            else "Режим shadow: изменение только сохранено в плане и не будет выполнено."
        ),
    }


def _drop_none(body: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in body.items() if value is not None}


def _segment(value: str) -> str:
    """A path segment; the route's own pattern then refuses anything that is not a slug."""
    from urllib.parse import quote

    return quote(value, safe="")


CLAIM_FIELDS = ("grounded", "missing_parts", "claims", "removed_claims")
"""The claim check's fields of a research answer ``research_ask`` returns, as ``rag_search`` does (``claims`` of a
removed claim carry no text; ``removed_claims`` leaves as its count only, see :func:`_for_the_model`)."""


async def _research(backend: Backend, question: str, ctx: Context) -> dict[str, Any]:
    """Run the research agent as ``POST /research`` does — traced in the run log as the caller's run
    (``GET /trace/runs``) — reporting each step as progress; the answer comes with the claim check's fields
    (``grounded``, ``missing_parts``, ``claims``, ``removed_claims_count``)."""
    from pydantic import ValidationError

    from agentcore.agents import run_owner
    from agentcore.apps.research.models import AgentRequest
    from agentcore.web.errors import ApiError, validation_message

    if backend.research is None:
        raise ToolError("исследовательский агент недоступен")
    try:
        request = AgentRequest(question=question)
        service = await backend.research.checked(request)
    except ApiError as exc:
        raise ToolError(exc.message) from None
    except ValidationError as exc:  # the request model's own validation, in the routes' words
        raise ToolError(validation_message(exc.errors(), title="некорректный вопрос", sources=())) from None
    steps = 0
    with run_owner(backend.owner(ctx)):  # the owner is taken when the run is traced, here
        run = backend.research.traced(service.stream_agent_response(request), request.question)
    async with contextlib.aclosing(run) as stream:
        async for event in stream:
            if event.type == "final":
                claims = {key: event.metadata[key] for key in CLAIM_FIELDS if key in event.metadata}
                answer = {
                    "answer": event.answer,
                    "sources": [citation.model_dump(mode="json") for citation in event.citations],
                    "request_id": event.request_id,
                    "steps": steps,
                    **claims,
                }
                return _for_the_model(answer)
            if event.type == "error":
                raise ToolError(event.message)
            steps += 1
            await ctx.report_progress(steps, None, _progress_text(event))
    raise ToolError("агент завершился без ответа")


def _progress_text(event: Any) -> str:
    """One line per step event, as the CLI shows it."""
    if event.type == "tool_invoked":
        return f"шаг {event.step}: {event.tool} {json.dumps(event.arguments, ensure_ascii=False)[:200]}"
    if event.type == "observation":
        status = "ok" if event.ok else f"ошибка: {event.error}"
        return f"шаг {event.step}: результат {event.tool} ({status})"
    if event.type == "thought":
        return f"шаг {event.step}: {event.text[:200]}"
    if event.type == "step_started":
        limit = getattr(event, "max_steps", None)
        return f"шаг {event.step}" + (f" из {limit}" if limit else "") + ": начат"
    if event.type == "client_tool":
        return f"шаг {event.step}: ждёт результат инструмента клиента {event.tool}"
    return f"шаг {event.step}"


async def _crm_read(backend: Backend, ctx: Context, method: str, params: dict[str, Any]) -> dict[str, Any]:
    """A read of the CRM portal through the orchestrator ``POST /chat`` uses, under the CRM key."""
    from agentcore.apps.crm.policy import method_class

    backend.crm_key_of(ctx)
    if method_class(method) != "read":  # never reached with the entity enum; the policy stays the one judge
        raise ToolError(f"метод {method} не является чтением")
    if backend.crm is None:
        raise ToolError("CRM недоступна")
    from agentcore.apps.crm.bitrix.errors import BitrixError
    from agentcore.apps.crm.main_entrypoint import PortalConfigError
    from agentcore.apps.crm.render import describe_error

    try:
        orchestrator = await backend.crm.get()
        envelope: dict[str, Any] = await orchestrator.call_bitrix(method, params)
    except PortalConfigError:
        raise ToolError("портал Bitrix24 настроен неверно, обратитесь к администратору") from None
    except BitrixError as exc:  # as the CRM dialog says it: «Сделка #99 не найдена в Bitrix24 — …»
        raise ToolError(describe_error(exc, params)) from None
    return {"result": envelope.get("result"), "total": envelope.get("total"), "next": envelope.get("next")}


class _Guarded:
    """The Streamable HTTP endpoint behind the read-token check of the other read routes (the ``http`` section's
    read and admin tokens)."""

    def __init__(self, inner: Any, http: HttpSettings) -> None:
        self.inner = inner
        self.http = http

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.requests import Request

        allowed = list(self.http.read_token_list)
        if allowed:
            from agentcore.web.auth import bearer_token

            presented = bearer_token(Request(scope), "X-API-Token")
            if not tokens_match(presented, allowed + list(self.http.admin_token_list)):
                from starlette.responses import JSONResponse

                body = {"error": "требуется токен доступа", "code": "unauthorized"}
                await JSONResponse(body, 401, headers={"WWW-Authenticate": "Bearer"})(scope, receive, send)
                return
        if self.inner is None:  # the app's lifespan has not started the session manager
            from starlette.responses import JSONResponse

            body = {"error": "сервер MCP не запущен", "code": "mcp_unavailable"}
            await JSONResponse(body, 503)(scope, receive, send)
            return
        await self.inner(scope, receive, send)


def create_mcp_router(backend: Backend) -> APIRouter:
    """``/mcp`` (Streamable HTTP, stateless) as a router whose lifespan runs the SDK's session manager; bind
    ``backend.app`` to the app it is included in."""
    from mcp.server.streamable_http_manager import StreamableHTTPASGIApp

    server = create_mcp_server(backend)
    endpoint = _Guarded(None, backend.settings.http)

    def fresh_manager() -> Any:
        # A session manager runs once; an app whose lifespan runs again (tests, reloads) gets a new one.
        # Host checks are the deployment's (the other routes have none either); the read token guards the data.
        server.streamable_http_app(
            stateless_http=True, transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False)
        )
        manager = server.session_manager
        endpoint.inner = StreamableHTTPASGIApp(manager)
        return manager

    @contextlib.asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        async with fresh_manager().run():
            yield

    router = APIRouter(lifespan=lifespan)
    router.routes.append(Route("/mcp", endpoint=endpoint, methods=["GET", "POST", "DELETE"], include_in_schema=False))
    router.mcp_server = server  # type: ignore[attr-defined]
    return router


class McpServerSettings(Section):
    """``agentcore mcp``'s own setting: the CRM key its CRM tools act under (no HTTP header on stdio)."""

    mcp_crm_key: SecretStr | None = Field(None, validation_alias=env("MCP_CRM_KEY"))


async def run_stdio(settings: Settings) -> None:
    """``agentcore mcp``: the whole app in this process, its lifespan running, the MCP server on stdin/stdout."""
    from agentcore.server import create_app

    own = McpServerSettings()

    app = create_app(settings, mcp=False)
    backend = Backend(
        settings,
        app=app,
        research=app.state.research,
        crm=getattr(app.state.routers.get("/chat"), "crm_service", None),
        stdio_headers=({"Authorization": f"Bearer {settings.read_token_list[0]}"} if settings.read_token_list else {}),
        crm_key=own.mcp_crm_key.get_secret_value() if own.mcp_crm_key else None,
    )
    server = create_mcp_server(backend)
    async with app.router.lifespan_context(app):
        await server.run_stdio_async()
