"""The orchestrator of seed 004: one turn = state + message → model → checked ACTION steps → new state + reply.

1. Load the session's ``agent_state`` (under the session lock: turns of one session never overlap).
2. Expire stale confirmation requests; run again approved requests a transient failure stopped (unless the user
   now says no); apply the user's own decision (their message, or an explicit decision from a channel) — an
   approved request runs now, exactly as stored; a denied one leaves the plan.  The whole turn — model and portal —
   answers within ``turn_deadline`` seconds; the portal sits behind a circuit breaker.
3. Build the messages (constitution, mode and methods, serialized state, the message) and ask the model.
   A model failure or a format violation gives the degradation reply: no ACTION runs.
4. Log the blocks; check each ACTION step against the mode (:mod:`~agentcore.apps.crm.policy`): forbidden steps are
   reported, shadow steps are planned, steps needing confirmation are queued (a ``confirmed: true`` the user did
   not give is refused), the rest run through :meth:`Orchestrator.call_bitrix`, in order.
5. Fold results into the state (:meth:`Orchestrator._update_state_from_action`), save it, write the JSONL record,
   and return the ASSISTANT text followed by what actually happened.
"""

from __future__ import annotations

import asyncio
import hmac
import inspect
import json
import re
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from agentcore.apps.crm import messages
from agentcore.apps.crm.batch_report import BatchReport, aggregate_batch
from agentcore.apps.crm.bitrix.auth import OAuthAuth
from agentcore.apps.crm.bitrix.client import BitrixClient
from agentcore.apps.crm.bitrix.errors import QUERY_LIMIT_EXCEEDED, BitrixError, BitrixTransportError
from agentcore.apps.crm.confirm_text import Describer, Detail
from agentcore.apps.crm.confirmations import (
    approved_in_turn,
    classify,
    detect_decision,
    expire_stale,
    find_pending,
    fingerprint,
    mark,
    request_confirmation,
    targets_of,
)
from agentcore.apps.crm.errors import InputError, ModelClientError
from agentcore.apps.crm.freshness import Watch, changed_fields, shown_before, snapshots, watches_of
from agentcore.apps.crm.interaction_log import InteractionLogger
from agentcore.apps.crm.model_client import ModelClient
from agentcore.apps.crm.models import (
    MAX_DONE,
    MAX_HISTORY,
    MAX_MESSAGE_CHARS,
    ActionStep,
    AgentState,
    Confirmation,
    DoneEntry,
    Mode,
    ModelReply,
    PlannedAction,
    StepReport,
    TurnResult,
)
from agentcore.apps.crm.policy import Verdict, check_step, is_write, method_class
from agentcore.apps.crm.prompt import build_messages
from agentcore.apps.crm.reads import Read
from agentcore.apps.crm.render import describe_error, describe_step, summarize
from agentcore.apps.crm.request_check import RequestChecker
from agentcore.apps.crm.resolve import follow_up, resolve_mentions
from agentcore.apps.crm.spoofing import model_words
from agentcore.apps.crm.stages import StageDirectory
from agentcore.apps.crm.state_store import StateStore
from agentcore.apps.crm.state_sync import update_state_from_action
from agentcore.llm import CircuitBreaker
from agentcore.llm.errors import LLMCircuitOpenError
from agentcore.trace.logs import step_logger
from agentcore.util.clock import from_iso, utc_now, utc_now_iso
from agentcore.util.truncate import truncate

__all__ = ["CALL_PURPOSE", "Orchestrator"]

# Why the current portal call is made: "" for an ACTION step, "confirmation" for the reads that put a request into
# words.  Lets a patched ``call_bitrix`` (tests, audits) tell the user's actions from look-ups.
CALL_PURPOSE: ContextVar[str] = ContextVar("crm_call_purpose", default="")
# The monotonic time by which the current turn must answer (model and portal together).
_DEADLINE: ContextVar[float | None] = ContextVar("crm_turn_deadline", default=None)
TURN_DEADLINE_CODE = "TURN_DEADLINE"
# Seconds at most spent reading the portal to put one confirmation request into words.
_SUMMARY_BUDGET = 5.0
PORTAL_DOWN_CODE = "PORTAL_UNAVAILABLE"
# Failures after which the call certainly did not run (safe to run again for any method).
_NOT_RUN = frozenset({QUERY_LIMIT_EXCEEDED, "OPERATION_TIME_LIMIT", "OVERLOAD_LIMIT", PORTAL_DOWN_CODE})
_IDEMPOTENT = (".update", ".delete", "event.unbind")


def _portal_down(error: BaseException) -> bool:
    """What counts against the portal in its circuit breaker: no usable answer, or the portal overloaded."""
    if isinstance(error, BitrixTransportError):
        return True
    return isinstance(error, BitrixError) and error.code in ("OVERLOAD_LIMIT", "INTERNAL_SERVER_ERROR")


def _transient(error: BitrixError, method: str) -> bool:
    """A failure worth running the same approved call again: it certainly did not run (rate limit, portal down), or
    it may have run but running it again changes nothing (an update or a delete after a timeout)."""
    if error.code in _NOT_RUN:
        return True
    ambiguous = isinstance(error, BitrixTransportError) or error.code == TURN_DEADLINE_CODE
    return ambiguous and method.strip().lower().endswith(_IDEMPOTENT)


# The methods a batch's ``done`` entry lists: «batch: a (crm.deal.update), b (crm.deal.get)».
_LISTED_METHOD = re.compile(r"\(([^()]*)\)")
# «отмени последнее действие», «откати», «верни как было»: a no that asks to undo what ran.
_UNDO = re.compile(r"\b(?:отмен|откат|верн|undo)\w*")
log = step_logger("crm", "agentcore.crm")
_HISTORY_CHARS = 600
# A model answer with more steps than this is cut: the rest is reported, never run.
MAX_STEPS_PER_TURN = 20
_MAX_PLANNED = 20

CallBitrix = Callable[..., Awaitable[dict[str, Any]] | dict[str, Any]]


@dataclass
class _Turn:
    """What one turn collects for the reply, the result and the log record."""

    state: AgentState
    mode: Mode
    steps: list[StepReport] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    approved_now: list[Confirmation] = field(default_factory=list)
    new_confirmations: list[Confirmation] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    resolved: dict[str, Any] = field(default_factory=dict)
    requested: ActionStep | None = None


def _changed_portal(entry: DoneEntry) -> bool:
    """Whether a ``done`` entry ran a write (:func:`~.policy.is_write`; a batch: one of the methods it lists)."""
    methods = _LISTED_METHOD.findall(entry.summary) if entry.method == "batch" else [entry.method]
    return any(is_write(method) for method in methods)


def _clip(text: str, limit: int = _HISTORY_CHARS) -> str:
    return truncate(text, limit)


def _params_text(params: dict[str, Any]) -> str:
    return _clip(json.dumps(params, ensure_ascii=False, default=str), 300)


class Orchestrator:
    """Runs turns of CRM dialogs (see the module docstring).

    Args:
        model_client: the GPT client (:class:`ModelClient` or :class:`FakeModelClient`).
        bitrix: the portal client; None means no portal (every call fails with a clear message).
        state_store: where sessions live.
        interaction_logger: the per-user JSONL logs.
        mode: the default safety mode (a turn may ask for another).
        confirmation_ttl: seconds before a confirmation request goes stale.
        max_message_chars: longer messages are refused.
    """

    def __init__(
        self,
        model_client: ModelClient,
        bitrix: BitrixClient | None,
        state_store: StateStore,
        interaction_logger: InteractionLogger,
        *,
        mode: Mode = "canary",
        confirmation_ttl: float = 900.0,
        max_message_chars: int = MAX_MESSAGE_CHARS,
        turn_deadline: float = 20.0,
        portal_breaker: CircuitBreaker | None = None,
    ) -> None:
        self.model_client = model_client
        self.bitrix = bitrix
        self.state_store = state_store
        self.interaction_logger = interaction_logger
        self.mode: Mode = mode
        self.confirmation_ttl = confirmation_ttl
        self.max_message_chars = max_message_chars
        self.turn_deadline = turn_deadline
        self.portal_breaker = portal_breaker or CircuitBreaker(
            f"bitrix24 ({bitrix.describe() if bitrix is not None else '—'})",
            threshold=5,
            reset_after=30.0,
            counts=_portal_down,
        )
        self.portal_description = bitrix.describe() if bitrix is not None else "портал не настроен"
        self._closers: list[Callable[[], Awaitable[None] | None]] = []
        # One stage directory for resolution, the request check and the confirmation text: a turn reads a
        # pipeline's stages once.
        self.stages = StageDirectory()
        self.describer = Describer(self.stages)
        self.request_checker = RequestChecker(stages=self.stages)

    # --- seed faces ------------------------------------------------------------------------------

    async def call_bitrix(self, method: str, params: dict[str, Any], http_method: str | None = None) -> dict[str, Any]:
        """Call a Bitrix24 REST method; returns the success envelope (``result``, ``total``, ``next``, ``time``).

        Tests patch this (sync or async replacements both work).

        Raises:
            BitrixError: the portal's error, or no portal configured.
        """
        if self.bitrix is None:
            raise BitrixTransportError("портал Bitrix24 не настроен", method=method)
        envelope: dict[str, Any] = await self.bitrix.call(method, params, http_method)
        return envelope

    def _update_state_from_action(
        self, state: AgentState, method: str, params: dict[str, Any], envelope: dict[str, Any]
    ) -> None:
        """Sync ``agent_state`` with a successful call (:func:`~.state_sync.update_state_from_action`)."""
        update_state_from_action(state, method, params, envelope.get("result"))

    # --- turns -----------------------------------------------------------------------------------

    def _check_message(self, message: str) -> str:
        text = (message or "").strip()
        if not text:
            raise InputError("сообщение пустое")
        if len(text) > self.max_message_chars:
            raise InputError(f"сообщение длиннее {self.max_message_chars} символов")
        return text

    async def handle_message(
        self,
        user_id: str,
        message: str,
        *,
        session_id: str | None = None,
        mode: Mode | None = None,
        confirmation: tuple[str, bool] | None = None,
        state_store: StateStore | None = None,
        interaction_logger: InteractionLogger | None = None,
        fingerprint: str | None = None,
    ) -> TurnResult:
        """Run one turn of the dialog.

        Args:
            user_id: who writes (logs are per user; sessions are per user and session id).
            message: the user's text.
            session_id: the conversation (default ``"default"``).
            mode: this turn's safety mode (default: the orchestrator's).
            confirmation: an explicit decision ``(confirmation_id, approve)`` from a channel, applied first.
            state_store / interaction_logger: per-request overrides (the HTTP API's ``state_dir`` / ``log_dir``).
            fingerprint: binds ``confirmation`` to the exact request the user saw (``Confirmation.fingerprint``):
                a request whose method or params differ is refused, nothing runs (a ``refused`` step is reported).

        Raises:
            InputError: empty or too long message.
            StateStoreError: the state cannot be loaded, locked or saved (nothing ran if it could not be loaded).
        """
        text = self._check_message(message)
        return await self._turn(
            user_id,
            session_id,
            mode,
            state_store,
            interaction_logger,
            message=text,
            confirmation=confirmation,
            fingerprint=fingerprint,
        )

    async def decide(
        self,
        user_id: str,
        confirmation_id: str,
        approve: bool,
        *,
        session_id: str | None = None,
        mode: Mode | None = None,
        state_store: StateStore | None = None,
        interaction_logger: InteractionLogger | None = None,
        fingerprint: str | None = None,
    ) -> TurnResult:
        """Apply the user's explicit decision on one request (the CLI's yes/no prompt, the console's buttons)
        without asking the model; ``fingerprint`` binds it to the exact request shown (see :meth:`handle_message`).

        Raises:
            StateStoreError: as for :meth:`handle_message`.
        """
        return await self._turn(
            user_id,
            session_id,
            mode,
            state_store,
            interaction_logger,
            message=None,
            confirmation=(confirmation_id, approve),
            fingerprint=fingerprint,
        )

    async def request_change(
        self,
        user_id: str,
        step: ActionStep,
        *,
        session_id: str | None = None,
        mode: Mode | None = None,
        source: str = "mcp",
    ) -> TurnResult:
        """Queue a change another system asks for (the MCP tool ``crm_request_change``) as a pending confirmation of
        the user's session — it never writes, and neither the model nor the caller can approve it.

        The step is judged by the policy in this turn's mode, like a model's step: a read or a forbidden step is
        refused (``forbidden``), in ``shadow`` it is only planned, otherwise — whether the policy would run it or ask
        first — it becomes a ``requested`` confirmation (the same request twice gives the same id).  It runs only
        when the user approves it in their own dialog (``да`` / ``да c3``, the CLI's prompt, ``confirmation`` of
        ``POST /chat``), re-checked by the policy then.  Nothing else happens in this turn: approved requests
        waiting for a retry wait for the user's next message, and the model is not asked.

        Args:
            user_id: the session's owner (the HTTP/MCP principal, as ``POST /chat`` computes it).
            step: the method and params to run after approval; ``confirmed`` / ``confirmation_id`` /
                ``confirmation_decision`` are ignored.
            source: who asked (kept in the request's reason and the audit record).

        Raises:
            StateStoreError: as for :meth:`handle_message`.
        """
        clean = ActionStep(
            method=step.method.strip(), params=step.params, comment=step.comment, http_method=step.http_method
        )
        return await self._turn(
            user_id, session_id, mode, None, None, message=None, confirmation=None, requested=(clean, source)
        )

    async def _turn(
        self,
        user_id: str,
        session_id: str | None,
        mode: Mode | None,
        store: StateStore | None,
        logger: InteractionLogger | None,
        *,
        message: str | None,
        confirmation: tuple[str, bool] | None,
        requested: tuple[ActionStep, str] | None = None,
        fingerprint: str | None = None,
    ) -> TurnResult:
        session = (session_id or "default").strip() or "default"
        mode = mode or self.mode
        store = store or self.state_store
        logger = logger or self.interaction_logger
        async with store.lock(user_id, session):
            state = self._restore(await store.load(user_id, session), user_id, session)
            state.turn += 1
            turn = _Turn(state=state, mode=mode)
            # The deadline starts once the session is ours: a turn waiting for another turn of it does not lose time.
            # Model and portal get the deadline less a margin for saving the state and writing the audit record.
            margin = min(1.0, self.turn_deadline * 0.1)
            deadline_token = _DEADLINE.set(time.monotonic() + self.turn_deadline - margin)
            try:
                for expired in expire_stale(state):
                    self._drop_planned(state, expired.id)
                    turn.lines.append(messages.EXPIRED.format(id=expired.id, method=expired.method))
                if requested is not None:  # another system's request: queued, nothing runs in this turn
                    await self._queue_requested(turn, *requested)
                else:
                    await self._retry_approved(turn, message)
                refused = False
                if (
                    confirmation is not None
                    and confirmation[1]
                    and message is not None
                    and classify(message)
                    in (
                        "deny",
                        "conflict",
                    )
                ):  # «нет» typed with an approval: not a clear yes; the words decide (a refusal cancels, nothing runs)
                    turn.lines.append(messages.MIXED_APPROVAL.format(id=confirmation[0][:40]))
                elif confirmation is not None:
                    refused = not await self._apply_explicit(turn, *confirmation, fingerprint=fingerprint)
                reply: ModelReply | None = None
                model_error: str | None = None
                if message is not None:
                    if not refused:  # the words went with a decision on another action: they approve nothing either
                        await self._apply_message_decision(turn, message)
                    await self._resolve(turn, message)
                    reply, model_error = await self._ask_model(turn, message)
                    if reply is not None:
                        await self._run_steps(turn, reply)
                assistant = self._compose(turn, reply, degraded=message is not None and reply is None)
                if message is not None:
                    state.history.append({"role": "user", "content": _clip(message)})
                    state.history.append({"role": "assistant", "content": _clip(assistant)})
                    state.history = state.history[-MAX_HISTORY:]
                state.done = state.done[-MAX_DONE:]
                state.updated_at = utc_now_iso()
            except BaseException:
                _DEADLINE.reset(deadline_token)
                await self._save_after_failure(store, user_id, session, state)
                raise
            _DEADLINE.reset(deadline_token)
            await store.save(user_id, session, state.model_dump(mode="json"))
        result = TurnResult(
            assistant=assistant,
            pending_confirmations=state.pending_confirmations(),
            new_confirmations=turn.new_confirmations,
            thought=reply.thought if reply else "",
            steps=turn.steps,
            degraded=message is not None and reply is None,
            mode=mode,
            state=state,
        )
        await logger.alog(user_id, self._record(session, message, confirmation, turn, reply, model_error, result))
        return result

    @staticmethod
    async def _save_after_failure(store: StateStore, user_id: str, session: str, state: AgentState) -> None:
        """Keep what a failed turn did: a request it approved and ran is spent in ``state``; not saved, it would come
        back as pending and run again on the next «да».  Never raises (the turn's own error is the one to report)."""
        try:
            await store.save(user_id, session, state.model_dump(mode="json"))
        except Exception:
            log.exception("state // Turn of %s/%s failed and its state could not be saved", user_id, session)
        else:
            log.error(
                "state // Turn of %s/%s failed; its state is saved so that nothing it ran runs again", user_id, session
            )

    @staticmethod
    def _restore(raw: dict[str, Any] | None, user_id: str, session: str) -> AgentState:
        """The stored state, or a fresh one for a new session or a record this version cannot read (logged, like a
        corrupt record: the user goes on instead of meeting an error on every turn)."""
        if raw:
            try:
                return AgentState.model_validate(raw)
            except ValidationError as exc:
                log.error("state // Unreadable state of %s/%s replaced by a new one: %s", user_id, session, exc)
        return AgentState(session_id=session, user_id=user_id)

    # --- decisions -------------------------------------------------------------------------------

    async def _apply_explicit(
        self, turn: _Turn, confirmation_id: str, approve: bool, *, fingerprint: str | None = None
    ) -> bool:
        """Apply an explicit decision; False when it was refused because ``fingerprint`` names another action."""
        target = turn.state.confirmation(confirmation_id.strip())
        turn.decisions.append({"source": "explicit", "id": confirmation_id, "approve": approve})
        if target is None or not target.pending:
            turn.lines.append(messages.UNKNOWN_CONFIRMATION.format(id=confirmation_id[:40]))
            return True
        if fingerprint is not None and not hmac.compare_digest(
            fingerprint.strip().lower().encode(), target.fingerprint.encode()
        ):
            # The decision names another action than the one stored (altered on the way, or a stale page).
            turn.decisions[-1]["refused"] = "fingerprint"
            log.warning("confirm // Decision on %s refused: the action differs from the stored one", target.id)
            turn.lines.append(messages.ALTERED_DECISION.format(id=target.id))
            step = ActionStep(method=target.method, params=target.params, http_method=target.http_method)
            turn.steps.append(self._report(step, "refused", messages.ALTERED_DECISION.format(id=target.id), target.id))
            return False
        await self._decide(turn, target, approve)
        return True

    async def _apply_message_decision(self, turn: _Turn, message: str) -> None:
        decision = detect_decision(message, turn.state)
        if decision.unclear:
            pending = turn.state.pending_confirmations()
            try:
                judged = await asyncio.wait_for(self.model_client.judge_approval(message, pending), self._remaining())
            except TimeoutError:
                judged = False
            turn.decisions.append({"source": "message", "kind": "unclear", "model_says_approve": judged})
            if not judged:
                ids = ", ".join(c.id for c in pending)
                turn.lines.append(messages.NOT_AN_APPROVAL.format(ids=f"запрос {ids}"))
                return
            decision = targets_of(message, "approve", turn.state)
        if decision.conflicting:
            turn.decisions.append({"source": "message", "kind": "conflict"})
            pending = turn.state.pending_confirmations()  # the hint names a request that waits (c3, not c1)
            turn.lines.append(messages.CONFLICTING_DECISION.format(id=pending[0].id if pending else "c1"))
            return
        if decision.kind is None:
            return
        turn.decisions.append(
            {
                "source": "message",
                "kind": decision.kind,
                "ids": [c.id for c in decision.targets],
                "unknown_ids": decision.unknown_ids,
                "ambiguous": decision.ambiguous,
            }
        )
        if decision.kind == "deny" and not (decision.targets or decision.unknown_ids or turn.lines):
            self._nothing_to_cancel(turn, undo=bool(_UNDO.search(message.lower())))
        if decision.ambiguous:
            first = turn.state.pending_confirmations()[0].id.lstrip("c")
            turn.lines.append(messages.AMBIGUOUS_DECISION.format(first=first))
        for unknown in decision.unknown_ids:
            turn.lines.append(messages.UNKNOWN_CONFIRMATION.format(id=unknown))
        for target in decision.targets:
            await self._decide(turn, target, decision.kind == "approve")

    @staticmethod
    def _nothing_to_cancel(turn: _Turn, *, undo: bool) -> None:
        """A no with nothing waiting.  A plain «Хорошо» read as «отменено» after «отмени последнее действие» — but the
        change that already ran stays: the user is told so and, when they asked to undo (``undo``), which one it was."""
        turn.lines.append(messages.NOTHING_TO_CANCEL)
        if not undo:
            return
        last = next((d for d in reversed(turn.state.done) if d.ok and _changed_portal(d)), None)
        if last is not None:
            turn.lines.append(messages.NOT_UNDONE.format(done=last.summary.strip()))

    async def _decide(self, turn: _Turn, target: Confirmation, approve: bool) -> None:
        step = ActionStep(
            method=target.method, params=target.params, http_method=target.http_method, comment=target.comment
        )
        if not approve:
            self._deny(turn, target, by="user")
            return
        if turn.mode == "shadow":
            turn.lines.append(
                f"Режим shadow: {target.id} ({target.method}) не выполняется, запрос остаётся в ожидании."
            )
            return
        verdict = check_step(step.method, step.params, turn.mode, step.http_method)
        if verdict.decision == "forbid":
            mark(target, "denied", "system")
            self._drop_planned(turn.state, target.id)
            turn.lines.append(messages.FORBIDDEN.format(method=target.method, reason=verdict.reason))
            turn.steps.append(self._report(step, "forbidden", verdict.reason, target.id))
            return
        mark(target, "approved", "user")
        self._drop_planned(turn.state, target.id)
        log.info("confirm // Approved by the user: %s %s", target.id, target.method)
        if await self._run_approved(turn, target, step, verdict):
            turn.approved_now.append(target)

    async def _run_approved(self, turn: _Turn, target: Confirmation, step: ActionStep, verdict: Verdict) -> bool:
        """Run an approved request; a transient failure keeps it approved, to run again next turn (the user is told).

        Returns False when nothing was written because the record changed since the request (:meth:`_still_fresh`).
        """
        if not await self._still_fresh(turn, target, step):
            return False
        outcome = await self._execute(turn, step, verdict, confirmation=target)
        if outcome == "transient":
            target.outcome = "retry"
            reason = turn.steps[-1].detail if turn.steps else "временный сбой портала"
            turn.lines.append(messages.RETRY_LATER.format(id=target.id, reason=reason.rstrip(".")))
            return True
        target.executed_at = utc_now_iso()
        target.outcome = "ok" if outcome == "ok" else "error"
        return True

    async def _still_fresh(self, turn: _Turn, target: Confirmation, step: ActionStep) -> bool:
        """Before an approved update writes: are the record's values of the fields it changes still those the user
        was shown?  If not, nothing is written — the request is closed (``stale``) and the same change is asked again
        with the new «Было» (a new id), so a colleague's change is never overwritten unseen.  The one check for every
        way a request is approved (a message, a channel's decision, a retry), whatever worker or store ran the turn,
        and for every watched update a batch holds (:func:`~.freshness.watches_of`): one changed record stops the
        whole batch.  A read that fails leaves the decision to the write itself (its own error is reported)."""
        stale: list[str] = []
        for watch in watches_of(step.method, step.params):
            shown = shown_before(target.before, watch)
            if shown is not None:
                words = await self._changed_since(turn, target, watch, shown)
                if words is not None:
                    stale.append(words)
        if not stale:
            return True
        text = messages.STALE_REQUEST.format(id=target.id, changes="; ".join(stale))
        mark(target, "denied", "system")
        target.outcome = "stale"
        self._drop_planned(turn.state, target.id)
        turn.lines.append(text)
        turn.steps.append(self._report(step, "stale", text, target.id))
        request, created = request_confirmation(turn.state, step, target.reason, self.confirmation_ttl)
        if created:
            request.summary, details, request.before = await self._summary(turn, step)
            request.details = [d.as_dict() for d in details]
            turn.new_confirmations.append(request)
            self._plan(turn.state, step, Verdict("confirm", target.reason), request.id)
        turn.lines.append(messages.STALE_RESHOWN.format(id=request.id))
        return False

    async def _changed_since(
        self, turn: _Turn, target: Confirmation, watch: Watch, shown: dict[str, Any]
    ) -> str | None:
        """The record of ``watch`` read again: its fields that differ from ``shown``, in words («сделка #3 изменилась
        после запроса — сумма сейчас …»); None when none does or the record cannot be read."""
        token = CALL_PURPOSE.set("freshness")
        try:
            envelope = await self._invoke(ActionStep(method=watch.get_method, params={"id": watch.record_id}))
        except BitrixError as exc:
            log.warning("confirm // Cannot re-read %s #%s before %s: %s", watch.kind, watch.record_id, target.id, exc)
            return None
        finally:
            CALL_PURPOSE.reset(token)
        turn.calls.append({"method": watch.get_method, "params": {"id": watch.record_id}, "purpose": "freshness"})
        record = envelope.get("result")
        if not isinstance(record, dict):
            return None
        changed = changed_fields(shown, record)
        if not changed:
            return None
        now = {str(code).strip().upper(): value for code, value in record.items()}
        record_words, fields_words = self.describer.changed_since(
            watch.kind, watch.record_id, {code: shown.get(code) for code in changed}, now
        )
        log.warning(
            "confirm // %s not run: %s #%s changed since the request (%s)",
            target.id,
            watch.kind,
            watch.record_id,
            ", ".join(changed),
        )
        return messages.STALE_CHANGE.format(record=record_words, fields=fields_words)

    async def _retry_approved(self, turn: _Turn, message: str | None) -> None:
        """Run again the approved requests a transient failure stopped — unless the user now says no."""
        waiting = turn.state.awaiting_retry()
        if not waiting:
            return
        cancel = message is not None and classify(message) == "deny"
        for target in waiting:
            if cancel or from_iso(target.expires_at) <= utc_now():
                target.outcome = "error"
                target.decided_at = utc_now_iso()
                template = messages.RETRY_CANCELLED if cancel else messages.EXPIRED
                turn.lines.append(template.format(id=target.id, method=target.method))
                continue
            step = ActionStep(method=target.method, params=target.params, http_method=target.http_method)
            verdict = check_step(step.method, step.params, turn.mode, step.http_method)
            if verdict.decision == "forbid" or turn.mode == "shadow":
                continue  # stays waiting: a turn in another mode does not run it, nor drop it
            log.info("confirm // Retrying the approved %s %s", target.id, target.method)
            if await self._run_approved(turn, target, step, verdict) and target.outcome != "retry":
                turn.approved_now.append(target)

    def _deny(self, turn: _Turn, target: Confirmation, *, by: str) -> None:
        mark(target, "denied", "user" if by == "user" else "model")
        self._drop_planned(turn.state, target.id)
        log.info("confirm // Denied by the %s: %s %s", by, target.id, target.method)
        turn.lines.append(messages.DENIED.format(id=target.id, method=target.method))
        step = ActionStep(method=target.method, params=target.params, http_method=target.http_method)
        turn.steps.append(self._report(step, "denied", f"запрос {target.id} отклонён", target.id))

    @staticmethod
    def _drop_planned(state: AgentState, confirmation_id: str) -> None:
        state.next_planned_actions = [a for a in state.next_planned_actions if a.confirmation_id != confirmation_id]

    def _reader(
        self,
        turn: _Turn,
        purpose: str,
        *,
        call_purpose: str = "",
        on_result: Callable[[str, dict[str, Any], dict[str, Any]], None] | None = None,
    ) -> Read:
        """The :data:`~.reads.Read` a look-up of this turn reads the portal through: each read runs as the turn's
        own call (checked, rate-limited, under the turn's deadline), is recorded in ``turn.calls`` with ``purpose``
        and its duration, and is marked with ``call_purpose`` (:data:`CALL_PURPOSE`) while it runs.  ``on_result``
        sees every successful envelope; a failed read raises to the look-up, which decides what it means."""

        async def read(method: str, params: dict[str, Any]) -> dict[str, Any]:
            started = time.perf_counter()
            token = CALL_PURPOSE.set(call_purpose)
            try:
                envelope = await self._invoke(ActionStep(method=method, params=params))
            finally:
                CALL_PURPOSE.reset(token)
            elapsed = round((time.perf_counter() - started) * 1000, 1)
            call = {"method": method, "params": params, "purpose": purpose, "ok": True, "duration_ms": elapsed}
            turn.calls.append(call)
            if on_result is not None:
                on_result(method, params, envelope)
            return envelope

        return read

    # --- entity resolution (apps/crm/resolve.py) ---------------------------------------------------

    async def _resolve(self, turn: _Turn, message: str) -> None:
        """Look up the names the message gives (reads only; none in shadow mode, which runs nothing)."""
        if turn.mode == "shadow" or turn.decisions:
            return

        read = self._reader(turn, "resolve")
        completed = follow_up(message, turn.state.history)  # «3» answering «which one?» completes the request
        current = turn.state.objects.deals.get(turn.state.objects.deal_id or "", {})
        turn.resolved = await resolve_mentions(
            completed or message, read, category=current.get("CATEGORY_ID"), stages=self.stages
        )
        if completed:
            turn.resolved["message"] = completed

    # --- the model -------------------------------------------------------------------------------

    async def _ask_model(self, turn: _Turn, message: str) -> tuple[ModelReply | None, str | None]:
        prompt = build_messages(
            turn.state,
            turn.mode,
            message,
            list(turn.lines),
            resolved=turn.resolved,
            outcomes=[step.outcome for step in turn.steps],
        )
        remaining = self._remaining()
        try:
            if remaining is not None and remaining <= 0:
                raise TimeoutError
            reply = await asyncio.wait_for(self.model_client.plan(prompt), remaining)
        except TimeoutError:
            log.error("model_client // Degraded: no answer within the turn deadline (%g s)", self.turn_deadline)
            turn.lines.append(
                messages.TURN_DEADLINE.format(
                    seconds=self.turn_deadline, what="модель не ответила вовремя, ничего не выполнено"
                )
            )
            return None, f"turn deadline {self.turn_deadline:g} s"
        except ModelClientError as exc:
            log.error("model_client // Degraded: %s", exc)
            return None, str(exc)
        except Exception as exc:  # a broken client must not break the dialog either
            log.error("model_client // Degraded, unexpected error: %s", exc, exc_info=True)
            return None, f"{type(exc).__name__}: {exc}"
        log.info("model_client // THOUGHT: %s", _clip(reply.thought, 300))
        log.info(
            "model_client // ACTION: %s",
            _clip(json.dumps([s.model_dump() for s in reply.action], ensure_ascii=False), 600),
        )
        log.info("model_client // ASSISTANT: %s", _clip(reply.assistant, 300))
        return reply, None

    # --- ACTION steps ----------------------------------------------------------------------------

    async def _run_steps(self, turn: _Turn, reply: ModelReply) -> None:
        if turn.mode == "shadow":
            # The shadow plan is the latest one; requests waiting for the user stay.
            turn.state.next_planned_actions = [
                a for a in turn.state.next_planned_actions if a.confirmation_id is not None
            ]
        for index, step in enumerate(reply.action):
            if index >= MAX_STEPS_PER_TURN:
                reason = f"в одном ответе не больше {MAX_STEPS_PER_TURN} шагов"
                turn.steps.append(self._report(step, "forbidden", reason))
                continue
            await self._run_step(turn, step)
        if len(reply.action) > MAX_STEPS_PER_TURN:
            skipped = len(reply.action) - MAX_STEPS_PER_TURN
            turn.lines.append(f"Не выполнено: {skipped} шаг(ов) сверх предела {MAX_STEPS_PER_TURN} шагов за ответ.")

    async def _run_step(self, turn: _Turn, step: ActionStep) -> None:
        state = turn.state
        if step.confirmation_decision == "deny":
            target = find_pending(state, step)
            if target is None:
                turn.steps.append(self._report(step, "refused", "нет такого ожидающего запроса"))
                return
            self._deny(turn, target, by="model")
            return
        verdict = check_step(step.method, step.params, turn.mode, step.http_method)
        claims = step.confirmed or bool(step.confirmation_id) or step.confirmation_decision == "approve"
        if verdict.decision == "confirm":
            # The model often repeats the step the user has just approved (with or without a claim): it ran once.
            already = approved_in_turn(step, turn.approved_now)
            if already is not None:
                turn.steps.append(self._report(step, "duplicate", "уже выполнено", already.id))
                turn.lines.append(messages.DUPLICATE.format(method=step.method))
                return
            if claims:
                log.warning("confirm // Unconfirmed claim refused: %s %s", step.method, _params_text(step.params))
        if verdict.decision == "forbid":
            log.warning("policy // Forbidden in %s: %s (%s)", turn.mode, step.method, verdict.reason)
            turn.steps.append(self._report(step, "forbidden", verdict.reason))
            turn.lines.append(messages.FORBIDDEN.format(method=step.method, reason=verdict.reason))
            return
        if turn.mode == "shadow":
            self._plan(state, step, verdict)
            turn.steps.append(self._report(step, "planned", verdict.reason or "разрешено"))
            turn.lines.append(messages.PLANNED.format(method=step.method))
            return
        if verdict.decision == "confirm":
            if await self._not_requestable(turn, step):
                return
            request, created = request_confirmation(state, step, verdict.reason, self.confirmation_ttl)
            if created:
                request.summary, details, request.before = await self._summary(turn, step)
                request.details = [d.as_dict() for d in details]
                turn.new_confirmations.append(request)
                self._plan(state, step, verdict, request.id)
            outcome = "refused" if claims else "needs_confirmation"
            if claims:
                turn.lines.append(messages.FORGED.format(method=step.method))
            turn.steps.append(self._report(step, outcome, verdict.reason, request.id))
            return
        # A write the policy runs without asking gets the same check as one put up for a «да».
        if method_class(step.method) not in ("read", "event_read") and await self._not_requestable(
            turn, step, queued=False
        ):
            return
        await self._execute(turn, step, verdict)

    async def _queue_requested(self, turn: _Turn, step: ActionStep, source: str) -> None:
        """A requested change: refused (reads, forbidden), planned (shadow) or queued for the user's decision."""
        turn.requested = step
        kind = method_class(step.method)
        verdict = check_step(step.method, step.params, turn.mode, step.http_method)
        if kind in ("read", "event_read") and verdict.decision != "forbid":
            verdict = Verdict("forbid", "это чтение, а не изменение: для чтения есть свои инструменты")
        if verdict.decision == "forbid":
            log.warning("request // Refused in %s from %s: %s (%s)", turn.mode, source, step.method, verdict.reason)
            turn.steps.append(self._report(step, "forbidden", verdict.reason))
            turn.lines.append(messages.FORBIDDEN.format(method=step.method, reason=verdict.reason))
            return
        if turn.mode == "shadow":
            self._plan(turn.state, step, verdict)
            turn.steps.append(self._report(step, "planned", verdict.reason or "разрешено"))
            turn.lines.append(messages.PLANNED.format(method=step.method))
            return
        if await self._not_requestable(turn, step):
            return
        reason = f"запрошено извне ({source})" + (f": {verdict.reason}" if verdict.reason else "")
        request, created = request_confirmation(turn.state, step, reason, self.confirmation_ttl)
        if created:
            request.summary, details, request.before = await self._summary(turn, step)
            request.details = [d.as_dict() for d in details]
            turn.new_confirmations.append(request)
            self._plan(turn.state, step, Verdict("confirm", reason), request.id)
            log.info("request // Queued %s from %s: %s", request.id, source, step.method)
        turn.steps.append(self._report(step, "needs_confirmation", reason, request.id))

    async def _not_requestable(self, turn: _Turn, step: ActionStep, *, queued: bool = True) -> bool:
        """Refuse a change that cannot run — a field its entity does not have, a record that does not exist, in the
        step or in any sub-command of a batch (:mod:`.request_check`) — before it is put up for the user's «да»
        (``queued``) or run directly (reported as ``refused``; nothing queued or sent).  A request already pending
        is not checked again; shadow mode reads nothing."""
        if turn.mode == "shadow":
            return False
        digest = fingerprint(step.method, step.params, step.http_method)
        if any(c.fingerprint == digest for c in turn.state.pending_confirmations()):
            return False

        read = self._reader(turn, "request_check", call_purpose="confirmation")
        problem = await self.request_checker.problem(step.method, step.params, read, step.http_method)
        if problem is None:
            return False
        log.warning("request // Not requestable: %s (%s)", step.method, problem)
        turn.steps.append(self._report(step, "refused", problem))
        turn.lines.append((messages.NOT_REQUESTABLE if queued else messages.NOT_RUNNABLE).format(reason=problem))
        return True

    async def _summary(self, turn: _Turn, step: ActionStep) -> tuple[str, list[Detail], dict[str, Any] | None]:
        """The request in words, with the portal's field names and the values before the change (reads only; none
        in shadow mode, which runs nothing), and — for a watched update (:mod:`.freshness`) — the record's values of
        the fields it changes, as shown («Было»)."""
        watches = watches_of(step.method, step.params)
        wanted = {(w.get_method, w.record_id): w.kind for w in watches}
        seen: dict[tuple[str, str], dict[str, Any]] = {}

        def keep_watched(method: str, params: dict[str, Any], envelope: dict[str, Any]) -> None:
            kind = wanted.get((method, str(params.get("id"))))
            if kind is not None and isinstance(envelope.get("result"), dict):
                seen[(kind, str(params.get("id")))] = envelope["result"]

        read = self._reader(turn, "confirmation", call_purpose="confirmation", on_result=keep_watched)
        remaining = self._remaining()
        # The words are worth a few seconds, never the turn: past this budget the request is shown with codes.
        budget = _SUMMARY_BUDGET if remaining is None else min(_SUMMARY_BUDGET, remaining / 2)
        if turn.mode == "shadow" or budget <= 0.05:
            return (*await self.describer.describe_full(step.method, step.params, None), None)
        try:
            text, details = await asyncio.wait_for(self.describer.describe_full(step.method, step.params, read), budget)
        except TimeoutError:
            return (*await self.describer.describe_full(step.method, step.params, None), None)
        return text, details, snapshots(watches, seen) if watches else None

    def _plan(self, state: AgentState, step: ActionStep, verdict: Verdict, confirmation_id: str | None = None) -> None:
        state.next_planned_actions.append(
            PlannedAction(
                method=step.method,
                params=step.params,
                comment=step.comment,
                http_method=step.http_method,
                verdict={"allow": "allowed", "confirm": "needs_confirmation", "forbid": "forbidden"}[verdict.decision],
                reason=verdict.reason,
                planned_at=utc_now_iso(),
                confirmation_id=confirmation_id,
            )
        )
        state.next_planned_actions = state.next_planned_actions[-_MAX_PLANNED:]

    @staticmethod
    def _remaining() -> float | None:
        deadline = _DEADLINE.get()
        return None if deadline is None else deadline - time.monotonic()

    async def _invoke(self, step: ActionStep) -> dict[str, Any]:
        """One portal call through the breaker, bounded by what is left of the turn's deadline.

        Raises:
            BitrixError: the portal's error; ``TURN_DEADLINE`` when the turn's time ran out, ``PORTAL_UNAVAILABLE``
                while the portal's circuit is open.
        """
        remaining = self._remaining()
        if remaining is not None and remaining <= 0:
            raise BitrixError(TURN_DEADLINE_CODE, self._deadline_text(), method=step.method)
        try:
            async with self.portal_breaker.guard():
                outcome: Any = self.call_bitrix(step.method, step.params, step.http_method)
                if inspect.isawaitable(outcome):
                    outcome = await (asyncio.wait_for(outcome, remaining) if remaining is not None else outcome)
        except LLMCircuitOpenError as exc:
            wait = f", повторная проверка через {exc.retry_after:.0f} с" if exc.retry_after else ""
            text = f"портал Bitrix24 временно недоступен (несколько сбоев подряд{wait})"
            raise BitrixError(PORTAL_DOWN_CODE, text, method=step.method) from None
        except TimeoutError:
            raise BitrixError(TURN_DEADLINE_CODE, self._deadline_text(), method=step.method) from None
        if not isinstance(outcome, dict):
            raise BitrixTransportError("ответ портала не является объектом", method=step.method)
        return outcome

    def _deadline_text(self) -> str:
        return f"не уложился в отведённое на ход время ({self.turn_deadline:g} с)"

    async def _execute(
        self, turn: _Turn, step: ActionStep, verdict: Verdict, *, confirmation: Confirmation | None = None
    ) -> str:
        """Call the portal for one checked step and report it: ``ok``, ``error`` or ``transient`` (worth running
        again: see :func:`_transient`).  The result of an approved ``confirmation`` is worded as its stored request
        was (:func:`~.render.summarize`), whichever process made it."""
        confirmation_id = confirmation.id if confirmation is not None else None
        started = time.perf_counter()
        call: dict[str, Any] = {"method": step.method, "params": step.params, "http_method": step.http_method or "POST"}
        try:
            envelope = await self._invoke(step)
        except BitrixError as exc:
            error = exc if exc.method else BitrixError(exc.code, exc.description, status=exc.status, method=step.method)
            call.update(ok=False, error=error.as_dict(), duration_ms=round((time.perf_counter() - started) * 1000, 1))
            turn.calls.append(call)
            log.error("call_bitrix // %s failed: %s", step.method, error)
            text = describe_error(error, step.params)
            turn.lines.append(text)
            turn.steps.append(self._report(step, "failed", text, confirmation_id, error=error.code or "ERROR"))
            turn.state.done.append(DoneEntry(at=utc_now_iso(), method=step.method, summary=text, ok=False))
            return "transient" if _transient(error, step.method) else "error"
        except Exception as exc:
            call.update(
                ok=False,
                error={"error": type(exc).__name__},
                duration_ms=round((time.perf_counter() - started) * 1000, 1),
            )
            turn.calls.append(call)
            log.error("call_bitrix // %s failed unexpectedly: %s", step.method, exc, exc_info=True)
            text = messages.FAILED.format(method=step.method, error="внутренняя ошибка клиента")
            turn.lines.append(text)
            turn.steps.append(self._report(step, "failed", text, confirmation_id, error=type(exc).__name__))
            return "error"
        call.update(ok=True, response=envelope, duration_ms=round((time.perf_counter() - started) * 1000, 1))
        try:
            self._update_state_from_action(turn.state, step.method, step.params, envelope)
        except Exception:  # a strange result must not lose the turn; the call itself succeeded
            log.error("state // Cannot fold the result of %s into the state", step.method, exc_info=True)
        if step.method == "batch":
            report = aggregate_batch([command for command, _ in verdict.sub_commands], envelope)
            call["sub_commands"] = report.sub_commands
            turn.calls.append(call)
            self._record_done_batch(turn, report)
            turn.lines.append(report.summary)
            turn.lines.extend(report.lines)
            turn.steps.append(
                self._report(step, "executed", report.summary, confirmation_id, sub_commands=report.sub_commands)
            )
            return "ok"
        turn.calls.append(call)
        text = summarize(
            step.method, step.params, envelope, self.describer, confirmation.details if confirmation else None
        )
        log.info("call_bitrix // %s OK", step.method)
        turn.lines.append(text)
        turn.steps.append(self._report(step, "executed", text, confirmation_id))
        turn.state.done.append(DoneEntry(at=utc_now_iso(), method=step.method, summary=_clip(text, 200)))
        return "ok"

    def _record_done_batch(self, turn: _Turn, report: BatchReport) -> None:
        """Seed: a batch with successful commands adds one summary of their keys and methods to ``done``."""
        if report.ok:
            listed = ", ".join(f"{s['key']} ({s['method']})" for s in report.ok)
            turn.state.done.append(
                DoneEntry(
                    at=utc_now_iso(), method="batch", summary=f"batch: {listed}", keys=[s["key"] for s in report.ok]
                )
            )

    @staticmethod
    def _report(
        step: ActionStep,
        outcome: Any,
        detail: str,
        confirmation_id: str | None = None,
        *,
        error: str | None = None,
        sub_commands: list[dict[str, Any]] | None = None,
    ) -> StepReport:
        return StepReport(
            method=step.method,
            params=step.params,
            comment=step.comment,
            http_method=step.http_method,
            outcome=outcome,
            detail=detail,
            confirmation_id=confirmation_id,
            error=error,
            sub_commands=sub_commands,
        )

    # --- the reply and the record ----------------------------------------------------------------

    def _compose(self, turn: _Turn, reply: ModelReply | None, *, degraded: bool) -> str:
        parts: list[str] = []
        if degraded:
            parts.append(messages.DEGRADED)
        elif reply is not None:
            parts.append(model_words(reply.assistant.strip()))
        parts.extend(turn.lines)
        pending = turn.state.pending_confirmations()
        new = {c.id for c in turn.new_confirmations}
        asked: list[str] = []
        for request in pending:
            summary = request.summary or describe_step(request.method, request.params)
            template = messages.NEEDS_CONFIRMATION if request.id in new else messages.STILL_PENDING
            asked.append(template.format(id=request.id, summary=summary.rstrip(".:")))
        if len(asked) == 1 and "\n" not in asked[0]:
            parts.append(f"{asked[0]} {messages.CONFIRM_HINT}")
        elif asked:
            parts.extend(asked)
            parts.append(messages.CONFIRM_HINT if len(pending) == 1 else messages.CONFIRM_HINT_MANY)
        return "\n".join(p for p in parts if p).strip()

    def _record(
        self,
        session: str,
        message: str | None,
        confirmation: tuple[str, bool] | None,
        turn: _Turn,
        reply: ModelReply | None,
        model_error: str | None,
        result: TurnResult,
    ) -> dict[str, Any]:
        model: dict[str, Any] | None = None
        if reply is not None:
            model = {
                "thought": reply.thought,
                "action": [s.model_dump(exclude_defaults=True) for s in reply.action],
                "assistant": reply.assistant,
            }
        elif model_error is not None:
            model = {"error": model_error}
        return {
            "session_id": session,
            "mode": turn.mode,
            "turn": turn.state.turn,
            "input": message,
            "confirmation": {"id": confirmation[0], "approve": confirmation[1]} if confirmation else None,
            **({"requested": turn.requested.model_dump(exclude_defaults=True)} if turn.requested else {}),
            "decisions": turn.decisions,
            "model": model,
            "degraded": result.degraded,
            "bitrix": turn.calls,
            "steps": [s.model_dump(exclude_defaults=True) for s in turn.steps],
            "reply": result.assistant,
            "state": turn.state.model_dump(mode="json"),
        }

    # --- lifecycle -------------------------------------------------------------------------------

    @property
    def manages_events(self) -> bool:
        """True when the portal is reached as an OAuth application: Bitrix24 runs event.bind/get/unbind only in an
        application's context, so through an inbound webhook (the local test portal too) they always fail."""
        return isinstance(getattr(self.bitrix, "auth", None), OAuthAuth)

    def close_with(self, closer: Callable[[], Awaitable[None] | None]) -> None:
        """Run ``closer`` in :meth:`aclose` (e.g. stop an in-process fake portal)."""
        self._closers.append(closer)

    async def aclose(self) -> None:
        """Close the model client, the portal client, the state store and whatever was registered."""
        await self.model_client.aclose()
        if self.bitrix is not None:
            await self.bitrix.aclose()
        await self.state_store.aclose()
        for closer in reversed(self._closers):
            outcome = closer()
            if inspect.isawaitable(outcome):
                await outcome
