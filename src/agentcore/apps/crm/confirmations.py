"""Bound confirmations: a step that needs the user's consent runs only as the user saw it, once.

The rule (``docs/crm.md``):

1. A step that needs confirmation is stored in ``agent_state.confirmations`` as ``requested`` with a fresh id
   (never reused in the session), the exact method, params and HTTP verb, and their fingerprint.  The user sees it.
2. Only the user approves: their own message in the next turns (``да``, ``подтверждаю c3``, ``да, все``) or an
   explicit decision from a channel (the CLI's yes/no prompt, the ``confirmation`` field of ``POST /chat``).
   An approval is an explicit yes and nothing else: every word of the message is a word of assent, an id or
   «все».  A question («ok?», «Ок, а что именно будет удалено?»), a condition («Да, но сначала покажи сделку 2»),
   sarcasm («Ага, щас», «да ладно») or any other text after the yes is *unclear*: it approves nothing (a model, when
   a real one is configured, may judge it — offline it is never an approval) and the message is answered as any
   other while the request stays pending.  With several pending requests a bare ``да`` approves nothing: the user
   names the id or says ``все``.  A yes taken back or mixed with a no («да нет, не надо», «да ну», «да c1, нет c2»)
   decides nothing.  A message that starts with a no denies (denying is always safe).
3. An approved request runs the stored method and params — not whatever the model writes — exactly once, and is
   then spent.  A request older than ``crm_confirmation_ttl`` is stale: it can no longer be approved.
4. The model cannot approve.  A step carrying ``confirmed: true`` (or a ``confirmation_id``) that does not match a
   request the user approved in this very turn — a forged claim, a stale or spent id, altered params — is refused
   and queued as a new ``requested`` step for the user to see.
5. Denial is always possible: the user (``нет``) or the model (``confirmation_decision: "deny"``) marks the request
   ``denied`` and it leaves the plan; nothing is sent to Bitrix24.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Literal

from agentcore.apps.crm.models import (
    MAX_DECIDED_CONFIRMATIONS,
    ActionStep,
    AgentState,
    Confirmation,
)
from agentcore.util.clock import from_iso, to_iso, utc_now

__all__ = [
    "DecisionKind",
    "UserDecision",
    "approved_in_turn",
    "classify",
    "decision_kind",
    "detect_decision",
    "expire_stale",
    "find_pending",
    "fingerprint",
    "mark",
    "request_confirmation",
    "targets_of",
]

_APPROVE = frozenset(
    {
        "да",
        "ага",
        "ок",
        "окей",
        "ok",
        "okay",
        "yes",
        "y",
        "подтверждаю",
        "подтвердить",
        "подтверди",
        "подтверждено",
        "согласен",
        "согласна",
        "одобряю",
        "разрешаю",
        "выполняй",
        "выполни",
        "выполнить",
        "конечно",
    }
)
_DENY = frozenset({"нет", "no", "n", "отмена", "отмени", "отменить", "отменяю", "отклоняю", "отклонить", "стоп"})
# Words that may stand next to a yes in a plain approval («да, давай», «да, пожалуйста, выполняй», «да, все»).
_ASSENT_EXTRA = frozenset(
    {
        "давай",
        "давайте",
        "пожалуйста",
        "делай",
        "действуй",
        "запускай",
        "хорошо",
        "ладно",
        "верно",
        "точно",
        "можно",
        "sure",
        "go",
    }
)
# Pairs that read as a refusal or mockery although each word alone is a yes («ага, конечно», «да ладно»).
_SARCASM = (frozenset({"ага", "конечно"}), frozenset({"да", "ладно"}), frozenset({"ок", "ладно"}))
_NOT_WORDS = frozenset({"надо", "нужно", "делай", "выполняй", "подтверждаю", "согласен", "согласна", "разрешаю"})
_ALL = frozenset({"все", "всё", "all", "оба", "обе"})
_WORD = re.compile(r"[\wё]+", re.IGNORECASE)
# The id's letter typed on a Russian keyboard is the Cyrillic «с»: the same id (read as no id, «да с1» approved
# whatever single request was pending once a model judged it a yes).
_ID = re.compile(r"(?<![\w])[cс](\d{1,9})(?![\w])", re.IGNORECASE)


def fingerprint(method: str, params: dict[str, Any], http_method: str | None = None) -> str:
    """A digest of exactly what runs: the method, the params (canonical JSON) and the HTTP verb."""
    canonical = json.dumps(
        {"method": method.strip().lower(), "params": params, "http": (http_method or "POST").strip().upper()},
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )
    # surrogatepass: a lone surrogate in a model's params must not make the digest raise mid-turn.
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def _now_iso() -> str:
    return to_iso(utc_now())


def request_confirmation(
    state: AgentState, step: ActionStep, reason: str, ttl_seconds: float
) -> tuple[Confirmation, bool]:
    """Queue ``step`` as ``requested`` (or return the pending request for the same fingerprint).

    Returns:
        ``(request, created)``; ``created`` is False when an identical request was already pending.
    """
    digest = fingerprint(step.method, step.params, step.http_method)
    for existing in state.pending_confirmations():
        if existing.fingerprint == digest:
            return existing, False
    now = utc_now()
    confirmation = Confirmation(
        id=f"c{state.next_confirmation}",
        method=step.method,
        params=step.params,
        http_method=step.http_method,
        comment=step.comment,
        reason=reason,
        fingerprint=digest,
        requested_at=to_iso(now),
        expires_at=to_iso(now + timedelta(seconds=ttl_seconds)),
    )
    state.next_confirmation += 1
    state.confirmations.append(confirmation)
    _prune(state)
    return confirmation, True


def mark(
    confirmation: Confirmation, status: Literal["approved", "denied"], by: Literal["user", "model", "system"]
) -> None:
    """Record a decision on a pending request."""
    confirmation.status = status
    confirmation.decided_at = _now_iso()
    confirmation.decided_by = by


def expire_stale(state: AgentState) -> list[Confirmation]:
    """Deny (by the system) every pending request past its ``expires_at``; returns them."""
    now = utc_now()
    expired = [c for c in state.pending_confirmations() if from_iso(c.expires_at) <= now]
    for confirmation in expired:
        mark(confirmation, "denied", "system")
    return expired


def find_pending(state: AgentState, step: ActionStep) -> Confirmation | None:
    """The pending request a step refers to: by ``confirmation_id`` if given, else by fingerprint."""
    if step.confirmation_id:
        found = state.confirmation(step.confirmation_id.strip())
        return found if found is not None and found.pending else None
    digest = fingerprint(step.method, step.params, step.http_method)
    return next((c for c in state.pending_confirmations() if c.fingerprint == digest), None)


def approved_in_turn(step: ActionStep, approved: list[Confirmation]) -> Confirmation | None:
    """The request approved by the user in this turn that ``step`` repeats exactly (id if given, and fingerprint)."""
    digest = fingerprint(step.method, step.params, step.http_method)
    for confirmation in approved:
        if step.confirmation_id and step.confirmation_id.strip() != confirmation.id:
            continue
        if confirmation.fingerprint == digest:
            return confirmation
    return None


def _prune(state: AgentState) -> None:
    decided = [c for c in state.confirmations if not c.pending]
    excess = len(decided) - MAX_DECIDED_CONFIRMATIONS
    if excess > 0:
        drop = {id(c) for c in decided[:excess]}
        state.confirmations = [c for c in state.confirmations if id(c) not in drop]


DecisionKind = Literal["approve", "deny", "conflict", "unclear"]


@dataclass
class UserDecision:
    """What the user's message says about pending requests.

    Attributes:
        kind: ``approve``, ``deny`` or ``None`` (the message is not a decision).
        targets: the pending requests the decision applies to.
        unknown_ids: ids the user named that are not pending (stale, spent, denied or never existed).
        ambiguous: a bare yes/no while several requests are pending (nothing is decided).
        conflicting: a yes taken back or mixed with a no («да нет», «да c1, нет c2») while requests are pending
            (nothing is decided: the user answers again, one decision per message).
        unclear: a yes that is not a plain approval — a question, a condition, sarcasm, more text — while requests
            are pending (nothing is decided unless a model judges it an approval; the message is answered).
    """

    kind: Literal["approve", "deny"] | None = None
    targets: list[Confirmation] = field(default_factory=list)
    unknown_ids: list[str] = field(default_factory=list)
    ambiguous: bool = False
    conflicting: bool = False
    unclear: bool = False


def _negates(words: list[str], index: int) -> bool:
    """A no at ``words[index]``: a no-word, or «не» before «надо», «делай», «подтверждаю»…"""
    word = words[index]
    return word in _DENY or (word == "не" and index + 1 < len(words) and words[index + 1] in _NOT_WORDS)


def _words(message: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(message)]


def _plain_assent(message: str, words: list[str]) -> bool:
    """Every word is a yes, an id or «все»; no question, no trailing dots, no mockery."""
    if "?" in message or "…" in message or "..." in message:
        return False
    if any(pair <= set(words) for pair in _SARCASM):
        return False
    assent = _APPROVE | _ASSENT_EXTRA | _ALL
    return all(w in assent or _ID.fullmatch(w) for w in words)


def classify(message: str) -> DecisionKind | None:
    """How a message answers a pending request, without a model.

    ``approve``: a plain yes (see the module docstring); ``deny``: it starts with a no; ``conflict``: a yes taken
    back or mixed with a no; ``unclear``: it starts with a yes (or is a question about one) but is not a plain
    approval; None: it is not about a decision at all.
    """
    words = _words(message)
    if not words:
        return None
    first = words[0]
    if first in _APPROVE:
        # «да нет, не надо» and «да ну» are a no in Russian; «да c1, нет c2» mixes two answers: never a yes.
        if (len(words) > 1 and words[1] == "ну") or any(_negates(words, i) for i in range(1, len(words))):
            return "conflict"
        return "approve" if _plain_assent(message, words) else "unclear"
    if _negates(words, 0):
        return "deny"
    return None


def decision_kind(message: str) -> Literal["approve", "deny"] | None:
    """``approve`` for a plain yes, ``deny`` for a message that starts with a no, else None (unclear, mixed, other)."""
    kind = classify(message)
    return kind if kind in ("approve", "deny") else None


def targets_of(message: str, kind: Literal["approve", "deny"], state: AgentState) -> UserDecision:
    """The pending requests a decision names: ids (``c3``) anywhere, ``все`` for every one, else the single pending
    request (several make the decision ambiguous)."""
    words = _words(message)
    pending = state.pending_confirmations()
    named = [f"c{m.group(1)}" for m in _ID.finditer(message)]
    if named:
        by_id = {c.id: c for c in pending}
        targets = [by_id[i] for i in dict.fromkeys(named) if i in by_id]
        unknown = [i for i in dict.fromkeys(named) if i not in by_id]
        return UserDecision(kind, targets, unknown)
    if any(w in _ALL for w in words[1:]):
        return UserDecision(kind, list(pending))
    if len(pending) == 1:
        return UserDecision(kind, list(pending))
    if not pending:
        return UserDecision(kind)
    return UserDecision(kind, ambiguous=True)


def detect_decision(message: str, state: AgentState) -> UserDecision:
    """Read an approval or a denial from the user's own message (the model plays no part here).

    See :func:`classify`; an unclear or conflicting message decides nothing (``unclear`` / ``conflicting`` are set
    when requests are pending).
    """
    found = classify(message)
    pending = state.pending_confirmations()
    if found == "conflict":
        return UserDecision(conflicting=bool(pending))
    if found == "unclear":
        return UserDecision(unclear=bool(pending))
    if found is None:
        return UserDecision()
    return targets_of(message, found, state)
