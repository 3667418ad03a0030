"""Data of the CRM orchestrator (seed 004): ``agent_state`` and its parts, ACTION steps, turn results.

Everything that is persisted (:class:`AgentState`) is a pydantic model that round-trips through JSON, so the file
and Redis stores keep exactly what the model and the user saw.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Mode = Literal["shadow", "canary", "full"]
MODES: tuple[Mode, ...] = ("shadow", "canary", "full")
ConfirmationStatus = Literal["requested", "approved", "denied"]

# How a step of one turn ended (StepReport.outcome).
Outcome = Literal[
    "executed",  # called Bitrix24, success
    "failed",  # called Bitrix24, error answer or transport failure
    "planned",  # shadow mode: kept in next_planned_actions, not executed
    "needs_confirmation",  # queued in confirmations as "requested"
    "forbidden",  # not allowed in this mode / unknown method / malformed batch
    "refused",  # a confirmation claim that does not match an approved request (forged, stale, altered), or a change
    # that cannot run (an unknown field, a missing record: request_check.py), refused before it is queued
    "denied",  # the request was denied and removed from the plan
    "duplicate",  # the model repeated a step that already ran in this turn
    "stale",  # approved, but the record changed since the request: nothing written, the change asked again
]

# The longest user message a turn accepts (the HTTP schema declares the same bound).
MAX_MESSAGE_CHARS = 4000
# Bounds that keep the state (and so the prompt) small.
MAX_DONE = 30
MAX_HISTORY = 8
MAX_DECIDED_CONFIRMATIONS = 20
MAX_OBJECTS_PER_KIND = 30


class ActionStep(BaseModel):
    """One step of an ``ACTION`` block: ``{"method", "params", "comment", "http_method"?}``.

    ``confirmed`` / ``confirmation_id`` are the model's claim that the user approved the step (checked against the
    pending requests, never trusted); ``confirmation_decision: "deny"`` withdraws a pending request.
    """

    model_config = ConfigDict(extra="ignore")

    method: str
    params: dict[str, Any] = Field(default_factory=dict)
    comment: str = ""
    http_method: str | None = None
    confirmed: bool = False
    confirmation_id: str | None = None
    confirmation_decision: Literal["approve", "deny"] | None = None


class ModelReply(BaseModel):
    """The three blocks of a model answer."""

    thought: str = ""
    action: list[ActionStep] = Field(default_factory=list)
    assistant: str
    raw: str = ""


class Confirmation(BaseModel):
    """A step that waits for the user's decision (``agent_state.confirmations``).

    ``fingerprint`` binds the request to the exact method, params and HTTP verb the user was shown; only those run.
    """

    id: str
    method: str
    params: dict[str, Any] = Field(default_factory=dict)
    http_method: str | None = None
    comment: str = ""
    reason: str = ""
    # What the user is asked, in words (:mod:`~agentcore.apps.crm.confirm_text`), written once when requested.
    summary: str = ""
    # The same as data, one entry per (sub-)command (:class:`~agentcore.apps.crm.confirm_text.Detail`): what a
    # client draws as a card (record names, field, before → after).
    details: list[dict[str, Any]] = Field(default_factory=list)
    # An update's record values of the fields it changes, as read when the request was put into words (what the user
    # saw as «Было»; :mod:`~agentcore.apps.crm.freshness`).  None: not a watched update, or the record was not read.
    before: dict[str, Any] | None = None
    fingerprint: str
    status: ConfirmationStatus = "requested"
    requested_at: str
    expires_at: str
    decided_at: str | None = None
    decided_by: Literal["user", "model", "system"] | None = None
    executed_at: str | None = None
    # "retry": approved, but the call failed for a transient reason (rate limit, deadline, portal down); it runs again
    # at the start of the next turn unless the user says no or it goes stale.
    # "stale": approved, but the record had changed since the request; nothing was written (the change was asked
    # again as a new request).
    outcome: Literal["ok", "error", "retry", "stale"] | None = None

    @property
    def pending(self) -> bool:
        """Requested and not decided yet."""
        return self.status == "requested"

    def public(self) -> dict[str, Any]:
        """What a client sees in ``pending_confirmations``."""
        return {
            "id": self.id,
            "method": self.method,
            "params": self.params,
            "comment": self.comment,
            "reason": self.reason,
            "summary": self.summary,
            "details": self.details,
            "fingerprint": self.fingerprint,
            "requested_at": self.requested_at,
            "expires_at": self.expires_at,
        }


class PlannedAction(BaseModel):
    """An entry of ``next_planned_actions``: a step that was planned but not run (shadow mode, waiting)."""

    method: str
    params: dict[str, Any] = Field(default_factory=dict)
    comment: str = ""
    http_method: str | None = None
    verdict: str
    reason: str = ""
    planned_at: str
    confirmation_id: str | None = None


class DoneEntry(BaseModel):
    """An entry of ``done``: what ran and how it ended (a batch adds one summary entry)."""

    at: str
    method: str
    summary: str
    ok: bool = True
    keys: list[str] | None = None


class CrmObjects(BaseModel):
    """``agent_state.objects``: the CRM entities of the conversation and the links between them.

    ``deal_id`` / ``contact_id`` / ``company_id`` are the ones the conversation is about now ("эта сделка").
    Snapshots keep Bitrix24 field names; links: a deal's ``COMPANY_ID``, ``CONTACT_ID`` (deprecated, first
    contact) and ``CONTACT_IDS``; a contact's ``COMPANY_ID`` and ``DEAL_IDS``; a company's ``CONTACT_IDS`` and
    ``DEAL_IDS``.
    """

    deal_id: str | None = None
    contact_id: str | None = None
    company_id: str | None = None
    deals: dict[str, dict[str, Any]] = Field(default_factory=dict)
    contacts: dict[str, dict[str, Any]] = Field(default_factory=dict)
    companies: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # The deals the last deal search found when it found several (none became «эта сделка»), in its order: what a
    # request about «этой сделки» is asked to pick from.
    deals_found: list[str] = Field(default_factory=list)


class AgentState(BaseModel):
    """``agent_state`` of one session (seed 004): persisted after every turn."""

    model_config = ConfigDict(extra="ignore")

    session_id: str
    user_id: str
    confirmations: list[Confirmation] = Field(default_factory=list)
    objects: CrmObjects = Field(default_factory=CrmObjects)
    event_bindings: list[dict[str, Any]] = Field(default_factory=list)
    next_planned_actions: list[PlannedAction] = Field(default_factory=list)
    done: list[DoneEntry] = Field(default_factory=list)
    history: list[dict[str, str]] = Field(default_factory=list)
    turn: int = 0
    # Confirmation ids are never reused in a session, so an old id can never point at a new request.
    next_confirmation: int = 1
    updated_at: str | None = None

    def pending_confirmations(self) -> list[Confirmation]:
        """Requests still waiting for the user, oldest first."""
        return [c for c in self.confirmations if c.pending]

    def awaiting_retry(self) -> list[Confirmation]:
        """Approved requests whose call failed for a transient reason and will be tried again."""
        return [c for c in self.confirmations if c.status == "approved" and c.outcome == "retry"]

    def confirmation(self, confirmation_id: str) -> Confirmation | None:
        """The request with this id (any status)."""
        return next((c for c in self.confirmations if c.id == confirmation_id), None)


class StepReport(BaseModel):
    """How one step of a turn ended, for the reply, the CLI and the log."""

    method: str
    params: dict[str, Any] = Field(default_factory=dict)
    comment: str = ""
    http_method: str | None = None
    outcome: Outcome
    detail: str = ""
    confirmation_id: str | None = None
    error: str | None = None
    sub_commands: list[dict[str, Any]] | None = None


class TurnResult(BaseModel):
    """What one turn gives back: the reply text and everything a channel (CLI, HTTP) may show."""

    assistant: str
    pending_confirmations: list[Confirmation] = Field(default_factory=list)
    new_confirmations: list[Confirmation] = Field(default_factory=list)
    thought: str = ""
    steps: list[StepReport] = Field(default_factory=list)
    degraded: bool = False
    mode: Mode
    state: AgentState
