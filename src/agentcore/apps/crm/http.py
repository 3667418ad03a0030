"""The HTTP adapter of seed 004: ``POST /chat`` (FastAPI in place of the seed's ``http.server``, same contract).

* ``X-API-Key`` must be one of ``HTTP_API_TOKENS`` (constant-time comparison), checked before the body is read:
  otherwise ``401 {"error": "...", "code": "unauthorized"}``.
* The body ``{"user_id", "message"}`` with optional ``mode``, ``session_id``, ``state_dir``, ``log_dir`` and
  ``confirmation`` (``{"id": "c1", "decision": "approve" | "deny"}``, an explicit decision bound to one request).
  Malformed JSON, missing or invalid fields → ``400`` with a message (the seed's status, the project's body).
* ``mode`` may only tighten the server's mode (``full`` → ``canary`` → ``shadow``): a looser one → ``403
  mode_forbidden`` (nothing runs) unless the request carries an admin token (``Authorization: Bearer`` or
  ``X-Admin-Token``, one of ``AGENTCORE_ADMIN_TOKENS``) or ``AGENTCORE_CRM_ALLOW_MODE_OVERRIDE`` is on
  (:mod:`~agentcore.apps.crm.mode_ceiling`).  The same holds for ``mode`` of ``/chat/confirmations/decide``.
* The key decides whose sessions a request touches (:mod:`~agentcore.apps.crm.principals`): with
  ``AGENTCORE_CRM_KEY_USERS`` a key acts only as its users (another ``user_id`` → ``403 forbidden_user``); an unlisted
  key's sessions and pending confirmations are its own (the same ``user_id`` under another key is another session).
* ``state_dir`` / ``log_dir`` resolve relative to the CRM's folder ``<data>/crm/`` and must stay inside it after
  symlinks are followed (no ``..``, no absolute path elsewhere, no symlink out), with names the file system accepts
  → else 400 (:mod:`~agentcore.apps.crm.paths`): no request can change a file of another system.
* Success → ``200 {"assistant", "pending_confirmations", "session_id", "mode", "degraded"}``; anything unexpected →
  ``500 {"error": "внутренняя ошибка сервера", "code": "internal_error"}`` with the detail only in the log.
* Each pending confirmation carries its ``summary`` (words), ``details`` (per record: its name, each field before →
  after) and ``fingerprint`` (SHA-256 of the exact method, params and verb).  A decision that sends the fingerprint
  back is bound to that exact action: if the stored request differs, nothing runs.

The inbox (the web console's, and anyone's with ``curl``), behind the same key:

* ``GET /chat/confirmations?user_id=u`` → ``{"confirmations": [...]}``: every pending request of every session of
  that user (under this key), oldest first, each with its ``session_id`` and ``state_dir`` — ``null`` for the default
  store, else the per-request directory its session lives in: every ``state_dir`` that user's ``POST /chat`` has used
  is remembered (:mod:`~agentcore.apps.crm.state_dirs`, the 64 most recent); ``&state_dir=d`` lists that directory
  only;
* ``POST /chat/confirmations/decide`` ``{"user_id", "session_id", "id", "fingerprint", "decision"}`` (and the
  item's ``state_dir`` when it has one) → the decision
  applied without asking the model; ``409 confirmation_changed`` when the fingerprint is not the stored request's
  (a forged or stale page: nothing runs), ``409 confirmation_not_pending`` when the request is gone (decided,
  expired, unknown), ``409 shadow_mode`` when the session's mode runs nothing.

The orchestrator is built once by ``build_orchestrator`` when the server starts and reused by every request.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, Header, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field, ValidationError

from agentcore.appkit.plugin import EdgeContext, Mount
from agentcore.apps.crm import messages
from agentcore.apps.crm.errors import InputError
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.main_entrypoint import PortalConfigError
from agentcore.apps.crm.mode_ceiling import ModeAboveCeilingError, mode_within
from agentcore.apps.crm.models import MAX_MESSAGE_CHARS, AgentState, Mode, TurnResult
from agentcore.apps.crm.orchestrator import Orchestrator
from agentcore.apps.crm.paths import crm_root, resolve_inside
from agentcore.apps.crm.principals import KeyUsers, NotAllowedError
from agentcore.apps.crm.settings import CrmSettings
from agentcore.apps.crm.state_dirs import StateDirIndex
from agentcore.apps.crm.state_store import FileStateStore, StateStore, StateStoreError
from agentcore.config import Settings, get_settings
from agentcore.trace.logs import step_logger
from agentcore.util.clock import from_iso, utc_now
from agentcore.util.owners import owner_key
from agentcore.web.auth import presents_one_of, tokens_match
from agentcore.web.errors import ApiError, error_responses, validation_message
from agentcore.web.models import NON_BLANK_PATTERN, SPACE_CLASS, StrictModel, Text
from agentcore.web.status import ErrorFace, StatusMap

__all__ = [
    "ChatRequest",
    "ChatResponse",
    "DecisionRequest",
    "DecisionResponse",
    "InboxResponse",
    "create_app",
    "create_router",
    "decision_outcome",
    "error_faces",
    "mount",
    "pending_of",
]

_MAX_OVERRIDES = 64
_ADOPT_RECHECK = 300.0  # seconds before a key's earlier owner id is looked for again (an old worker of a rollout)
_ADOPT_MEMORY = 4096  # earlier owner ids whose last look is remembered
FINGERPRINT_PATTERN = r"^[0-9a-fA-F]{64}$"
log = step_logger("crm", "agentcore.crm")


class ConfirmationDecision(StrictModel):
    """An explicit decision on one pending confirmation request."""

    id: Text = Field(min_length=1, max_length=32, description="идентификатор запроса, например c1")
    decision: Literal["approve", "deny"] = Field(description="approve — выполнить, deny — отменить")
    fingerprint: str | None = Field(
        None,
        pattern=FINGERPRINT_PATTERN,
        description="отпечаток запроса из pending_confirmations: решение относится только к этому действию",
    )


# What ``paths.resolve_inside`` accepts, as a schema pattern (checked there, answered with the seed's 400): a relative
# path (surrounding spaces ignored) with no ".." component and no NUL, not blank.  An absolute path inside the data
# root is accepted too, which a pattern cannot say.
DIR_PATTERN = (
    rf"^(?![{SPACE_CLASS}]*/)(?!(?:.*/|[{SPACE_CLASS}]*)\.\.(?:/|[{SPACE_CLASS}]*$))"
    rf"[^\x00]*[^\x00{SPACE_CLASS}][^\x00]*$"
)


def _dir_field(description: str) -> Any:
    """An optional directory inside ``<data>/crm/`` (``DIR_PATTERN`` documents it; ``resolve_inside`` checks it)."""
    extra: dict[str, Any] = {"pattern": DIR_PATTERN}
    return Field(None, min_length=1, max_length=1024, description=description, json_schema_extra=extra)


class ChatRequest(StrictModel):
    """Body of ``POST /chat``."""

    user_id: Text = Field(min_length=1, max_length=128, description="идентификатор пользователя (логи — по нему)")
    message: Text = Field(
        min_length=1,
        max_length=MAX_MESSAGE_CHARS,
        description="сообщение пользователя",
        json_schema_extra={"pattern": NON_BLANK_PATTERN},  # checked by the orchestrator (the seed's 400)
    )
    mode: Literal["shadow", "canary", "full"] | None = Field(None, description="режим безопасности этого запроса")
    session_id: Text | None = Field(None, min_length=1, max_length=128, description="сессия (по умолчанию default)")
    state_dir: Text | None = _dir_field("каталог состояния внутри каталога CRM (<data>/crm/)")
    log_dir: Text | None = _dir_field("каталог логов внутри каталога CRM (<data>/crm/)")
    confirmation: ConfirmationDecision | None = Field(None, description="явное решение по ожидающему запросу")


class PendingConfirmation(BaseModel):
    """A step waiting for the user's decision."""

    id: str
    method: str
    params: dict[str, Any]
    comment: str
    reason: str
    summary: str = Field("", description="что будет сделано, словами (названия полей, значения до → после)")
    details: list[dict[str, Any]] = Field(
        default_factory=list,
        description="по (под)команде: action, entity, target (название записи), changes [{field, before, after}]",
    )
    fingerprint: str = Field("", description="SHA-256 метода, параметров и HTTP-глагола: привязка решения")
    requested_at: str
    expires_at: str


class InboxConfirmation(PendingConfirmation):
    """A pending confirmation in the inbox, with the session it belongs to."""

    session_id: str
    state_dir: str | None = Field(
        None, description="каталог состояния сессии (state_dir запроса, относительно каталога CRM); null — общий"
    )


class InboxResponse(BaseModel):
    """Answer of ``GET /chat/confirmations``."""

    confirmations: list[InboxConfirmation] = Field(description="ожидающие подтверждения, старые первыми")


class DecisionRequest(StrictModel):
    """Body of ``POST /chat/confirmations/decide``: a decision bound to one exact pending action."""

    user_id: Text = Field(min_length=1, max_length=128, description="идентификатор пользователя")
    session_id: Text = Field("default", min_length=1, max_length=128, description="сессия запроса")
    id: Text = Field(min_length=1, max_length=32, description="идентификатор запроса, например c1")
    fingerprint: str = Field(pattern=FINGERPRINT_PATTERN, description="отпечаток запроса из списка ожидающих")
    decision: Literal["approve", "deny"] = Field(description="approve — выполнить, deny — отменить")
    # Every mode /chat takes (a decision in shadow: approving runs nothing — 409 shadow_mode —, denying denies).
    mode: Literal["shadow", "canary", "full"] | None = Field(
        None, description="режим безопасности (по умолчанию — сервера); shadow: подтверждение ничего не выполняет"
    )
    state_dir: Text | None = _dir_field("каталог состояния сессии из списка ожидающих (state_dir), если он указан")


class DecisionResponse(BaseModel):
    """Answer of ``POST /chat/confirmations/decide``."""

    outcome: Literal["executed", "failed", "denied", "forbidden", "stale"] = Field(
        description="executed — выполнено, failed — ошибка портала, denied — отменено, forbidden — запрещено режимом, "
        "stale — запись изменилась после запроса: ничего не записано, то же изменение показано заново"
    )
    assistant: str = Field(description="что произошло, словами")
    pending_confirmations: list[PendingConfirmation] = Field(description="что ещё ждёт подтверждения в этой сессии")
    session_id: str
    mode: str


class ChatResponse(BaseModel):
    """Answer of ``POST /chat``."""

    assistant: str = Field(description="ответ ассистента")
    pending_confirmations: list[PendingConfirmation] = Field(description="действия, ждущие подтверждения")
    session_id: str
    mode: str
    degraded: bool = Field(description="модель недоступна: автоматические действия не выполнялись")


def _fixed(message: str) -> Callable[[BaseException], str]:
    return lambda _error: message


def error_faces() -> dict[type[BaseException], ErrorFace]:
    """The CRM's errors as HTTP answers of ``POST /chat``: the user's input and a refused user speak for themselves,
    an unusable state store or portal setting is told without detail (the log has it)."""
    return {
        InputError: ErrorFace(400, "invalid_input", str),
        NotAllowedError: ErrorFace(403, "forbidden_user", str),
        StateStoreError: ErrorFace(503, "state_unavailable", _fixed("хранилище состояния недоступно, повторите позже")),
        PortalConfigError: ErrorFace(
            503, "crm_unavailable", _fixed("портал Bitrix24 настроен неверно, обратитесь к администратору")
        ),
    }


_FACES = StatusMap(error_faces())


def _answer(error: BaseException) -> ApiError:
    """The answer for one of :func:`error_faces`' errors, its message as is (no ``Retry-After``)."""
    face = _FACES.face_of(error)
    assert face is not None, type(error)
    return ApiError(face.status, face.message(error), face.code)


def _bad_request(request: Request, exc: RequestValidationError) -> ApiError:
    """The seed answers 400 (not 422) to malformed JSON and missing or invalid fields."""
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return ApiError(400, "тело запроса не является корректным JSON", "invalid_json")
    content_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if content_type and content_type != "application/json" and not content_type.endswith("+json"):
        return ApiError(400, "ожидается тело в формате JSON (Content-Type: application/json)", "invalid_json")
    return ApiError(400, validation_message(errors), "validation_error")


def _api_key_route(crm: CrmSettings) -> type[APIRoute]:
    class ChatRoute(APIRoute):
        """Checks ``X-API-Key`` before anything else and maps validation errors to the seed's 400."""

        def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
            handler = super().get_route_handler()

            async def checked(request: Request) -> Response:
                if not tokens_match(request.headers.get("x-api-key"), crm.api_token_list):
                    raise ApiError(401, "требуется действительный заголовок X-API-Key", "unauthorized")
                try:
                    return await handler(request)
                except RequestValidationError as exc:
                    raise _bad_request(request, exc) from None

            return checked

    return ChatRoute


class _Service:
    """The orchestrator built once (at start-up, or on the first request) and the per-path overrides."""

    def __init__(self, settings: Settings, orchestrator: Orchestrator | None = None) -> None:
        self.settings = settings
        self.crm = CrmSettings.of(settings)
        self.orchestrator = orchestrator
        self._lock = asyncio.Lock()
        self._stores: dict[Path, FileStateStore] = {}
        self._loggers: dict[Path, InteractionLogger] = {}
        self.state_dirs = StateDirIndex(crm_root(settings.core.data_dir))
        self.key_users: KeyUsers | None = None
        self._adopted: dict[tuple[str, Path | None], float] = {}
        try:
            raw = self.crm.key_users.get_secret_value() if self.crm.key_users else None
            self.key_users = KeyUsers.parse(raw)
        except ValueError as exc:  # the other systems keep running; /chat says 503 until the setting is fixed
            log.error("serve // %s: POST /chat answers 503", exc)

    def owner(self, key: str | None, user_id: str) -> str:
        """Whose sessions this request touches (see :mod:`~agentcore.apps.crm.principals`).

        Raises:
            ApiError: 403 when the key may not act as ``user_id``; 503 when the mapping setting is unreadable.
        """
        if self.key_users is None:
            raise ApiError(503, "AGENTCORE_CRM_KEY_USERS задан неверно, обратитесь к администратору", "crm_unavailable")
        try:
            return self.key_users.owner(key or "", user_id, owner_key(self.settings))
        except NotAllowedError as exc:
            raise _answer(exc) from None

    async def adopt(self, key: str | None, user_id: str, owner: str, store: FileStateStore | None) -> None:
        """Move the sessions an earlier build kept under an unmapped key's unkeyed owner id to ``owner`` (its keyed
        id): in the default store, the state directories the inbox remembers for it and ``store`` (the request's
        ``state_dir``).  Looked for at most every :data:`_ADOPT_RECHECK` seconds per store in this process.

        Raises:
            StateStoreError: a store failed (what moved stays moved).
            PortalConfigError: the orchestrator (the default store's owner) cannot be built.
        """
        legacy = self.key_users.legacy_owner(key or "", user_id) if self.key_users is not None else None
        if legacy is None:
            return
        now = time.monotonic()
        due = [
            where
            for where in (None, store.root if store is not None else None)
            if now - self._adopted.get((legacy, where), -_ADOPT_RECHECK) >= _ADOPT_RECHECK
        ]
        if not due:
            return
        stores: list[StateStore] = []
        if None in due:
            stores.append((await self.get()).state_store)
            if not self.settings.core.redis_url:
                await self.state_dirs.adopt(legacy, owner)
                stores += [self.file_store(value) for value in await self.state_dirs.dirs(owner)]
        if store is not None and store.root in due:
            stores.append(store)
        moved = 0
        for each in dict.fromkeys(stores):  # the default store may also be a remembered directory's
            moved += await each.adopt(legacy, owner)
        for where in due:
            self._adopted[(legacy, where)] = now
        while len(self._adopted) > _ADOPT_MEMORY:
            self._adopted.pop(next(iter(self._adopted)))
        if moved:
            log.info("principal // Moved %d session(s) of an API key to its keyed owner id", moved)

    async def get(self) -> Orchestrator:
        """The orchestrator, built on first use.

        Raises:
            PortalConfigError: the portal settings are unusable (told to the client as 503, never fatal).
        """
        if self.orchestrator is None:
            async with self._lock:
                if self.orchestrator is None:
                    from agentcore.apps.crm.main_entrypoint import build_orchestrator

                    self.orchestrator = await asyncio.to_thread(build_orchestrator, self.settings)
        return self.orchestrator

    def mode_for(self, request: Request, requested: Mode | None, ceiling: Mode) -> Mode:
        """The mode a request runs in: the server's ``ceiling`` unless it asks for a stricter one; a looser one only
        with an admin token (one of ``AGENTCORE_ADMIN_TOKENS`` in any token header: ``Authorization: Bearer``,
        ``X-Admin-Token``, ``X-API-Token``) or
        ``AGENTCORE_CRM_ALLOW_MODE_OVERRIDE`` (:mod:`~agentcore.apps.crm.mode_ceiling`).

        Raises:
            ApiError: 403 ``mode_forbidden`` for a loosening the caller may not make (nothing runs).
        """
        may_loosen = self.crm.allow_mode_override or presents_one_of(request, self.settings.admin_token_list)
        try:
            return mode_within(requested, ceiling, may_loosen=may_loosen)
        except ModeAboveCeilingError as exc:
            log.warning("policy // Refused a request's mode %s above the server's %s", exc.requested, exc.ceiling)
            raise ApiError(403, str(exc), "mode_forbidden") from None

    def state_store(self, value: str | None) -> FileStateStore | None:
        return None if value is None else self.file_store(value)

    def file_store(self, value: str) -> FileStateStore:
        if self.settings.core.redis_url:
            raise InputError("state_dir: состояние хранится в Redis (AGENTCORE_REDIS_URL), каталог не применяется")
        path = resolve_inside(crm_root(self.settings.core.data_dir), value, "state_dir")
        self.state_dirs.refuse_inside(path, "state_dir")
        if path not in self._stores and len(self._stores) >= _MAX_OVERRIDES:
            self._stores.pop(next(iter(self._stores)))
        return self._stores.setdefault(path, FileStateStore(path))

    def interaction_logger(self, value: str | None) -> InteractionLogger | None:
        if value is None:
            return None
        path = resolve_inside(crm_root(self.settings.core.data_dir), value, "log_dir")
        self.state_dirs.refuse_inside(path, "log_dir")
        if path not in self._loggers and len(self._loggers) >= _MAX_OVERRIDES:
            self._loggers.pop(next(iter(self._loggers)))
        return self._loggers.setdefault(
            path, InteractionLogger(path, max_bytes=self.crm.log_max_bytes, keep=self.crm.log_keep)
        )

    async def aclose(self) -> None:
        if self.orchestrator is not None:
            await self.orchestrator.aclose()
            self.orchestrator = None


def create_router(settings: Settings, *, orchestrator: Orchestrator | None = None) -> APIRouter:
    """The ``/chat`` router; its lifespan builds the orchestrator at start-up and closes it at shutdown.

    Args:
        settings: the configuration (the server's or :func:`create_app`'s).
        orchestrator: use this one instead of building it (tests).
    """
    service = _Service(settings, orchestrator)

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        if service.crm.api_token_list:  # without tokens /chat refuses every request: nothing to build
            try:
                await service.get()
            except PortalConfigError as exc:  # the other systems of `agentcore serve` keep running; /chat says 503
                log.error("serve // CRM portal settings are unusable, POST /chat answers 503: %s", exc)
        try:
            yield
        finally:
            await service.aclose()

    router = APIRouter(tags=["crm"], route_class=_api_key_route(service.crm), lifespan=lifespan)
    router.crm_service = service  # type: ignore[attr-defined]  # the MCP server's CRM tools use the same service

    @router.post(
        "/chat",
        response_model=ChatResponse,
        # 403: user or mode not allowed; 503: state store down, or CRM misconfigured
        responses=error_responses(400, 401, 403, 413, 500, 503),
        summary="Сообщение CRM-агенту Bitrix24",
    )
    async def chat(
        body: ChatRequest,
        request: Request,
        x_api_key: str | None = Header(None, alias="X-API-Key", description="один из токенов HTTP_API_TOKENS"),
    ) -> ChatResponse:
        """Один ход диалога: ответ ассистента и действия, ожидающие подтверждения (заголовок ``X-API-Key``)."""
        # The key was checked by the route class before the body was read; here it decides whose sessions these are.
        owner = service.owner(x_api_key, body.user_id)
        try:
            store = service.state_store(body.state_dir)
            logger = service.interaction_logger(body.log_dir)
            await service.adopt(x_api_key, body.user_id, owner, store)
            if store is not None:
                await service.state_dirs.remember(owner, store.root)
            orchestrator = await service.get()
            mode = service.mode_for(request, body.mode, orchestrator.mode)
            confirmation = (
                (body.confirmation.id, body.confirmation.decision == "approve") if body.confirmation else None
            )
            result = await orchestrator.handle_message(
                owner,
                body.message,
                session_id=body.session_id,
                mode=mode,
                confirmation=confirmation,
                state_store=store,
                interaction_logger=logger,
                fingerprint=body.confirmation.fingerprint if body.confirmation else None,
            )
        except (InputError, StateStoreError, PortalConfigError) as exc:
            raise _answer(exc) from None
        return ChatResponse(
            assistant=result.assistant,
            pending_confirmations=[PendingConfirmation(**c.public()) for c in result.pending_confirmations],
            session_id=result.state.session_id,
            mode=result.mode,
            degraded=result.degraded,
        )

    @router.get(
        "/chat/confirmations",
        response_model=InboxResponse,
        responses=error_responses(400, 401, 403, 500, 503),
        summary="Все действия CRM, ждущие подтверждения пользователя",
    )
    async def inbox(
        user_id: str = Query(min_length=1, max_length=128, description="идентификатор пользователя"),
        state_dir: str | None = Query(
            None,
            min_length=1,
            max_length=1024,
            description="только этот каталог состояния (state_dir)",
            json_schema_extra={"pattern": DIR_PATTERN},  # checked by resolve_inside (400 invalid_input)
        ),
        x_api_key: str | None = Header(None, alias="X-API-Key", description="один из токенов HTTP_API_TOKENS"),
    ) -> InboxResponse:
        """Ожидающие подтверждения во всех сессиях пользователя (под этим ключом), старые первыми: в общем
        хранилище и в каждом каталоге состояния (state_dir), которым пользовался этот пользователь."""
        owner = service.owner(x_api_key, user_id)
        try:
            await service.adopt(x_api_key, user_id, owner, service.state_store(state_dir))
            if state_dir is not None:
                stores: list[tuple[str | None, StateStore]] = [(state_dir, service.file_store(state_dir))]
            else:
                stores = [(None, (await service.get()).state_store)]
                stores += await _remembered(service, owner, stores[0][1])
            items = []
            for where, store in stores:
                items += [{**item, "state_dir": where} for item in await pending_of(store, owner)]
        except (InputError, StateStoreError, PortalConfigError) as exc:
            raise _answer(exc) from None
        items.sort(key=lambda item: (item["requested_at"], item["session_id"], item["id"]))
        return InboxResponse(confirmations=[InboxConfirmation(**item) for item in items])

    @router.post(
        "/chat/confirmations/decide",
        response_model=DecisionResponse,
        responses=error_responses(400, 401, 403, 409, 500, 503),
        summary="Подтвердить или отклонить одно действие CRM (привязано к отпечатку)",
    )
    async def decide(
        body: DecisionRequest,
        request: Request,
        x_api_key: str | None = Header(None, alias="X-API-Key", description="один из токенов HTTP_API_TOKENS"),
    ) -> DecisionResponse:
        """Решение по одному запросу без обращения к модели; запрос, отличающийся от отпечатка, не выполняется."""
        owner = service.owner(x_api_key, body.user_id)
        try:
            store = service.state_store(body.state_dir)
            await service.adopt(x_api_key, body.user_id, owner, store)
            orchestrator = await service.get()
            result = await orchestrator.decide(
                owner,
                body.id,
                body.decision == "approve",
                session_id=body.session_id,
                mode=service.mode_for(request, body.mode, orchestrator.mode),
                state_store=store,
                fingerprint=body.fingerprint,
            )
        except (InputError, StateStoreError, PortalConfigError) as exc:
            raise _answer(exc) from None
        outcome = decision_outcome(result, body.id)
        return DecisionResponse(
            outcome=outcome,
            assistant=result.assistant,
            pending_confirmations=[PendingConfirmation(**c.public()) for c in result.pending_confirmations],
            session_id=result.state.session_id,
            mode=result.mode,
        )

    return router


async def _remembered(service: _Service, owner: str, default: StateStore) -> list[tuple[str | None, StateStore]]:
    """The stores of the state directories ``owner`` has used (not the default one again; none under Redis)."""
    if service.settings.core.redis_url:
        return []
    default_root = default.root.resolve() if isinstance(default, FileStateStore) else None
    stores: list[tuple[str | None, StateStore]] = []
    for value in await service.state_dirs.dirs(owner):
        store = service.file_store(value)
        if store.root != default_root:
            stores.append((value, store))
    return stores


async def pending_of(store: StateStore, owner: str) -> list[dict[str, Any]]:
    """Every pending, unexpired confirmation of ``owner``'s sessions (public fields and ``session_id``), oldest
    first.

    Raises:
        StateStoreError: the store failed.
    """
    now = utc_now()
    items: list[dict[str, Any]] = []
    for raw in await store.user_states(owner):
        try:
            state = AgentState.model_validate(raw)
        except ValidationError:
            continue  # a record this version cannot read: the next turn of that session replaces it (logged there)
        for confirmation in state.pending_confirmations():
            if from_iso(confirmation.expires_at) > now:
                items.append({**confirmation.public(), "session_id": state.session_id})
    items.sort(key=lambda item: (item["requested_at"], item["session_id"], item["id"]))
    return items


def decision_outcome(
    result: TurnResult, confirmation_id: str
) -> Literal["executed", "failed", "denied", "forbidden", "stale"]:
    """What an explicit decision on ``confirmation_id`` did in ``result``'s turn.

    Raises:
        ApiError: 409 when it did nothing — the action differs from the stored one (``confirmation_changed``), the
            request is not pending (``confirmation_not_pending``) or the mode runs nothing (``shadow_mode``).
    """
    wanted = confirmation_id.strip()
    outcomes = [s.outcome for s in result.steps if s.confirmation_id == wanted]
    if "refused" in outcomes:
        raise ApiError(409, messages.ALTERED_DECISION.format(id=wanted[:40]), "confirmation_changed")
    for outcome in ("executed", "failed", "denied", "forbidden", "stale"):
        if outcome in outcomes:
            return outcome
    stored = result.state.confirmation(wanted)
    if stored is not None and stored.pending:
        raise ApiError(409, f"Режим shadow: {wanted[:40]} не выполняется, запрос остаётся в ожидании.", "shadow_mode")
    raise ApiError(409, messages.UNKNOWN_CONFIRMATION.format(id=wanted[:40]), "confirmation_not_pending")


def create_app(settings: Settings | None = None, *, orchestrator: Orchestrator | None = None) -> FastAPI:
    """The standalone server of ``agentcore crm serve``: the base app with the ``/chat`` router."""
    from agentcore.web.app import create_base_app

    settings = settings or get_settings()
    app = create_base_app(settings, title="agentcore CRM")
    app.include_router(create_router(settings, orchestrator=orchestrator))
    return app


def mount(ctx: EdgeContext) -> Mount:
    """The app's part of ``agentcore serve``: ``POST /chat`` at the root, behind the CRM's own ``X-API-Key``."""
    return Mount(create_router(ctx.settings), label="/chat")
