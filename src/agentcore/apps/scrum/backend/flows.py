"""The reference backend's flows around ``agent_process`` (seed 003 sections 4, 5.4, 8 and «полный флоу»).

* :meth:`ScrumBackend.process_daily` — section 4's pseudocode as written: technical retries (seed 4.B) with the
  fallback message, the clarifying question (4.A), the quality retries with «Слишком общо…»;
* :meth:`ScrumBackend.submit_daily` — the same flow for a stored member: the dialogue state (pending question,
  quality retries) is kept between messages, an accepted daily goes through DAILY → BLOCKERS (stored in one
  transaction, ``author_id`` attached) and its escalations to the notifier;
* :meth:`ScrumBackend.analytics` — section 5.4: intent → metrics computed from stored data → report;
* :meth:`ScrumBackend.faq`, :meth:`ScrumBackend.digest`, :meth:`ScrumBackend.blockers`.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from agentcore.apps.scrum.backend.dialogue import (
    amendment_words,
    combined_daily,
    declines_asked_task,
    dialogue_note,
    read_reply,
    split_reply,
)
from agentcore.apps.scrum.backend.errors import InvalidInputError, LLMUnavailableError
from agentcore.apps.scrum.backend.llm import call_agent
from agentcore.apps.scrum.backend.metrics import compute_metrics, digest_data
from agentcore.apps.scrum.backend.models import BlockerEventInfo, MemberInfo, plain_text, scrubbed
from agentcore.apps.scrum.schemas import MAX_MESSAGE_CHARS, WEAK_QUALITIES
from agentcore.apps.scrum.task_ids import team_prefixes
from agentcore.llm.errors import LLMAuthError, LLMError, is_retryable, retry_after_of
from agentcore.trace.logs import step_logger
from agentcore.util.redact import redact
from agentcore.util.retry import retry_sync

if TYPE_CHECKING:
    from agentcore.apps.scrum.backend.answers import OpenBlocker
    from agentcore.apps.scrum.backend.notifier import Notifier
    from agentcore.apps.scrum.backend.store import ScrumStore
    from agentcore.config import Settings
    from agentcore.llm import ChatConnection

log = step_logger("scrum", "agentcore.scrum.backend")

# Seed 4, the backend pseudocode (section 4.B words the first one slightly differently; see docs/decisions.md).
DAILY_FALLBACK = "Не смог разобрать daily. Переформулируй: вчера/сегодня/блокеры."
EMPTY_REQUEST = "Пустой запрос: напиши, что нужно."
"""What a blank request to the Scrum assistant gets (analytics, FAQ; a blank daily typed in the command line too)."""
TOO_GENERAL = "Слишком общо. Напиши: что сделал вчера, что планируешь сегодня, есть ли блокеры (желательно с ID задач)."
ANALYTICS_FALLBACK = (
    "Не смог разобрать запрос. Переформулируй: что показать — обзор спринта, риски, загрузку или блокеры релиза."
)
LLM_DOWN = "Языковая модель сейчас недоступна. Попробуй позже."
LLM_AUTH = "Языковая модель отклонила ключ доступа: проверь настройки провайдера."

DailyStatus = Literal["accepted", "clarification", "retry", "fallback"]


@dataclass(frozen=True)
class DailyOutcome:
    """What became of one message in the daily dialogue.

    ``accepted`` — stored (``daily``, ``events``, ``escalations``, ``daily_id``); ``clarification`` — ``message`` is
    the question to answer next; ``retry`` — ``message`` asks for a fuller daily; ``fallback`` — the model's
    output could not be parsed, ``message`` asks to rephrase.
    """

    status: DailyStatus
    message: str | None = None
    daily: dict[str, Any] | None = None
    daily_id: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    escalations: list[dict[str, Any]] = field(default_factory=list)
    quality_retries: int = 0
    clarifications: int = 0
    superseded: str | None = None
    """The clarifying question this message closed unanswered because it is a new daily of its own."""
    amended: str | None = None
    """What this message added to the pending daily without answering its question (the question stays open)."""

    @property
    def note(self) -> str | None:
        """The line a front-end says about the pending question besides :attr:`message` (superseded or still open
        after an amendment) — one wording for the CLI and Telegram (:func:`~.dialogue.dialogue_note`)."""
        return dialogue_note(self.superseded, self.amended)

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "message": self.message,
            "daily": self.daily,
            "daily_id": self.daily_id,
            "events": self.events,
            "escalations": self.escalations,
            "quality_retries": self.quality_retries,
            "clarifications": self.clarifications,
            "superseded": self.superseded,
            "amended": self.amended,
        }


@dataclass(frozen=True)
class AnalyticsOutcome:
    """Section 5.4's result: ``supported=False`` with the model's text, or the intent, metrics and report."""

    supported: bool
    text: str
    intent: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    metrics: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "supported": self.supported,
            "intent": self.intent,
            "params": self.params,
            "metrics": self.metrics,
            "report": self.text,
        }


def _checked_message(message: str, *, allow_blank: bool = False) -> str:
    """``message`` when it fits the contract; otherwise the Russian reason (the contract's own error is English).

    A blank daily is allowed: it is graded EMPTY and sent back with «Слишком общо».

    Raises:
        InvalidInputError: blank (unless allowed) or longer than :data:`MAX_MESSAGE_CHARS`.
    """
    if not allow_blank and not message.strip():
        raise InvalidInputError(EMPTY_REQUEST)
    if len(message) > MAX_MESSAGE_CHARS:
        raise InvalidInputError(
            f"Сообщение длиннее {MAX_MESSAGE_CHARS} символов ({len(message)}): сократи его и отправь снова."
        )
    try:
        return plain_text(message)
    except ValueError as exc:
        raise InvalidInputError(f"Сообщение не принято: {exc}.") from None


class _Fallback(Exception):
    """The model's output stayed invalid after the technical retries."""


class ScrumBackend:
    """The reference backend: storage, the LLM connection, escalation delivery and the flows.

    Args:
        store: where teams, tasks, dailies and blockers live.
        llm: the connection ``agent_process`` uses.
        notifier: where escalations go.
        retry_count: whole ``agent_process`` calls repeated after an invalid model output.  Default 0: seed 4.B's
            technical retry is the format repair inside ``agent_process`` (the model is shown its first reply and
            the validation error), so a message costs one model call, two when the reply needs repairing.
        quality_retries: how many times a weak daily is sent back (seed 4: 2).
        max_clarifications: clarifying questions per daily before it is accepted as it is.
        transport_retries / transport_retry_time: the core retry policy (:func:`agentcore.util.retry.retry_sync`) for
            transient model failures (timeouts, connection errors, 429, 5xx): extra attempts and the time after
            which none starts (``AGENTCORE_LLM_MAX_RETRIES``, ``AGENTCORE_LLM_DEADLINE``).
        backoff_initial / backoff_max: its exponential backoff with full jitter, seconds (``Retry-After`` wins).
    """

    def __init__(
        self,
        store: ScrumStore,
        llm: ChatConnection,
        notifier: Notifier,
        *,
        retry_count: int = 0,
        quality_retries: int = 2,
        max_clarifications: int = 3,
        transport_retries: int = 3,
        transport_retry_time: float = 25.0,
        backoff_initial: float = 0.5,
        backoff_max: float = 8.0,
    ) -> None:
        self.store = store
        self.llm = llm
        self.notifier = notifier
        self.retry_count = retry_count
        self.quality_retries = quality_retries
        self.max_clarifications = max_clarifications
        self.transport_retries = transport_retries
        self.transport_retry_time = transport_retry_time
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.demo_seeded = False
        """Whether :meth:`from_settings` seeded the demo team into an empty store just now."""

    @classmethod
    def from_settings(cls, settings: Settings) -> ScrumBackend:
        """Store at the configured database (migrated; the demo team seeded into an empty one when enabled), the
        configured LLM provider, log + webhook notifier."""
        from agentcore.apps.scrum.backend.demo import ensure_demo
        from agentcore.apps.scrum.backend.notifier import notifier_from_settings
        from agentcore.apps.scrum.backend.store import ScrumStore
        from agentcore.apps.scrum.settings import ScrumSettings
        from agentcore.llm.factory import chat_connection
        from agentcore.util.redact import register_settings_secrets

        register_settings_secrets(settings)  # the database URL's password, the webhook URL, the model's key
        llm = chat_connection(settings.llm)  # first: a provider without credentials fails before any I/O
        store = ScrumStore.open(settings.core)
        scrum = ScrumSettings.of(settings)
        seeded = ensure_demo(store) if scrum.demo else False
        backend = cls(
            store,
            llm,
            notifier_from_settings(scrum),
            retry_count=scrum.retry_count,
            quality_retries=scrum.quality_retries,
            max_clarifications=scrum.max_clarifications,
            transport_retries=settings.llm.max_retries,
            transport_retry_time=settings.llm.deadline,
        )
        backend.demo_seeded = seeded
        return backend

    def close(self) -> None:
        """Release the database pool and the HTTP clients."""
        from agentcore.apps.scrum.backend.notifier import close_notifier

        self.llm.close()
        close_notifier(self.notifier)
        self.store.close()

    # ------------------------------------------------------------------ calling the agent
    def _call(self, mode: str, payload: dict[str, Any], backend_context: dict[str, Any]) -> dict[str, Any]:
        """``agent_process`` with seed 4.B's technical retries of an invalid output; each attempt rides out
        transient transport failures with the core retry policy (:meth:`_send`).

        Raises:
            _Fallback: the output stayed invalid; LLMUnavailableError: the model did not answer.
            ValueError: bad input (from ``agent_process``).
        """
        attempts = 1 + self.retry_count
        for attempt in range(1, attempts + 1):
            try:
                return self._send(mode, payload, backend_context)
            except RuntimeError as exc:  # seed 4.B: «backend ловит ошибку (RuntimeError от daily handler)»
                log.warning("agent_call // Invalid output (%s), attempt %d of %d", mode, attempt, attempts)
                if attempt == attempts:
                    raise _Fallback(str(exc)) from exc
            except LLMError as exc:
                log.error("agent_call // LLM failed (%s): %s", mode, redact(str(exc)))
                message = LLM_AUTH if isinstance(exc, LLMAuthError) else LLM_DOWN
                raise LLMUnavailableError(message) from exc
        raise AssertionError("unreachable")

    def _send(self, mode: str, payload: dict[str, Any], backend_context: dict[str, Any]) -> dict[str, Any]:
        """One ``agent_process`` call, retried on transient model failures (backoff with jitter, ``Retry-After``)."""
        return retry_sync(
            lambda: call_agent(self.llm, mode, payload, backend_context),
            retryable=lambda exc: isinstance(exc, LLMError) and not isinstance(exc, LLMAuthError) and is_retryable(exc),
            max_retries=self.transport_retries,
            max_time=self.transport_retry_time,
            backoff_initial=self.backoff_initial,
            backoff_max=self.backoff_max,
            min_delay=lambda exc: retry_after_of(exc) if exc is not None else None,
            logger=log,
            what=f"agent_process {mode}",
        )

    # ------------------------------------------------------------------ DAILY (seed 4)
    def process_daily(
        self, message: str, role: str, daily_state: dict[str, Any], backend_context: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Seed 4's ``process_daily``: the valid DAILY response, or ``{"type": "text", "data": <what to say>}``.

        ``daily_state["quality_retries"]`` is incremented when a weak daily is sent back (as in the seed).
        """
        payload = {"message": message, "role": role, "daily_state": daily_state}
        try:
            resp = self._call("DAILY", payload, backend_context or {})
        except _Fallback:
            return {"type": "text", "data": DAILY_FALLBACK}
        data = resp["data"]
        if data["clarification"]["needs_clarification"]:
            return {"type": "text", "data": data["clarification"]["question"]}
        question = str((backend_context or {}).get("question") or "")
        answered = daily_state.get("mode") == "CLARIFICATION" and declines_asked_task(question, message)
        if _too_general(data["daily"]["quality"], answered) and daily_state["quality_retries"] < self.quality_retries:
            daily_state["quality_retries"] += 1
            return {"type": "text", "data": TOO_GENERAL}
        return resp

    def submit_daily(self, team: str, member_slug: str, message: str) -> DailyOutcome:
        """One message of a member's daily dialogue (a new daily, or the answer to the pending question).

        Raises:
            NotFoundError: no such team/member; InvalidInputError: a message that is too long;
            LLMUnavailableError: the model did not answer; ConflictError: the dialogue this message was read
            against was closed, changed or opened by another message of the member meanwhile (the same answer sent
            twice at once; two new dailies at the same instant on two workers): nothing stored, the other message's
            dialogue stays as it saved it.
        """
        _checked_message(message, allow_blank=True)
        member = self.store.member(team, member_slug)
        # The one place a team's tracker prefixes enter the reading of a daily: the new-daily check here, and the
        # parser or the model (with the check of its answer) through backend_context — on every path (CLI, HTTP,
        # Telegram all submit here), so one daily of one team gets the same ids and verdict.
        prefixes = self.store.task_prefixes(team)
        live, answering = self.store.open_dialogue(member)  # stored once: a copy answering this state is refused
        state = live or _carried_over(self.store.session_state(member, left=True))
        superseded: str | None = None
        reply = "answer"
        if state["mode"] == "CLARIFICATION":
            with team_prefixes(prefixes):
                reply = read_reply(message, str(state.get("question") or ""), state.get("previous_daily"))
        if reply == "amendment":
            return self._amend(member, message, state, answering, prefixes)
        answer_text, added_text = message, ""
        if reply == "answer" and state["mode"] == "CLARIFICATION":
            # «TASK-6. Ещё блокер: нет ключа API по TASK-3»: the answer part answers, the rest is an amendment
            with team_prefixes(prefixes):
                answer_text, added_text = split_reply(
                    message, str(state.get("question") or ""), state.get("previous_daily")
                )
        if reply == "new_daily":
            # A daily of its own closes the pending question; merged, its ids would land on the old blockers.
            # The pending daily is not dropped: it stays a draft of the new one.
            superseded = state["question"]
            log.info("submit_daily // Pending clarification of %s/%s superseded by a new daily", team, member_slug)
            draft = _draft("\n".join(state["messages"]), "superseded", self.store.clock(), question=state["question"])
            state = {**_new_state(), "drafts": [*state.get("drafts", []), draft]}
        clarifying = state["mode"] == "CLARIFICATION"
        context: dict[str, Any] = (
            {"previous_daily": state["previous_daily"], "question": state["question"]} if clarifying else {}
        )
        if prefixes:
            context["known_prefixes"] = prefixes
        daily_state = {"mode": state["mode"], "quality_retries": state["quality_retries"]}
        payload = {"message": answer_text if added_text else message, "role": member.role, "daily_state": daily_state}
        try:
            resp = self._call("DAILY", payload, context)
            added = self._read_alone(member, added_text, prefixes) if added_text else None
        except _Fallback:
            log.warning("submit_daily // Fallback message for %s/%s", team, member_slug)
            if superseded is not None:  # the pending question is closed; the drafts stay
                self.store.save_session_state(
                    member, {**_new_state(), "drafts": state.get("drafts", [])}, replacing=answering
                )
            return DailyOutcome(
                "fallback",
                DAILY_FALLBACK,
                quality_retries=state["quality_retries"],
                clarifications=state["rounds"],
                superseded=superseded,
            )
        data = scrubbed(resp["data"])  # the model's words are stored: no NUL may reach PostgreSQL
        daily, clarification = data["daily"], data["clarification"]
        if added is not None:  # the amendment's own items and blockers, each as its own reading judged it
            daily = self._with_addition(daily, added, prefixes)
            if not clarification["needs_clarification"]:  # a new blocker without a task is asked about
                from agentcore.apps.scrum.daily_parser.quality import clarification_for

                with team_prefixes(prefixes):
                    clarification = clarification_for(added, "DETAIL_OK", ask_missing=False)
        messages = [*state["messages"], message]
        if clarification["needs_clarification"] and state["rounds"] < self.max_clarifications:
            state.update(
                mode="CLARIFICATION",
                previous_daily=daily,
                question=clarification["question"],
                rounds=state["rounds"] + 1,
                messages=messages,
            )
            self.store.save_session_state(member, state, replacing=answering)
            log.info("submit_daily // Clarification asked of %s/%s", team, member_slug)
            return DailyOutcome(
                "clarification",
                clarification["question"],
                daily=daily,
                quality_retries=state["quality_retries"],
                clarifications=state["rounds"],
                superseded=superseded,
            )
        answered = clarifying and declines_asked_task(str(state.get("question") or ""), message)
        if _too_general(daily["quality"], answered) and state["quality_retries"] < self.quality_retries:
            retries = state["quality_retries"] + 1
            # A weak attempt is kept as a draft (stored, so it survives a restart or another worker), not dropped.
            draft = _draft("\n".join(messages), "weak", self.store.clock(), quality=daily["quality"])
            drafts = [*state.get("drafts", []), draft]
            self.store.save_session_state(
                member, {**_new_state(), "quality_retries": retries, "drafts": drafts}, replacing=answering
            )
            log.info(
                "submit_daily // Quality %s, retry %d asked of %s/%s", daily["quality"], retries, team, member_slug
            )
            return DailyOutcome(
                "retry",
                TOO_GENERAL,
                daily=daily,
                quality_retries=retries,
                clarifications=state["rounds"],
                superseded=superseded,
            )
        return self._accept(member, "\n".join(messages), daily, state, superseded, answering)

    def _amend(
        self, member: MemberInfo, message: str, state: dict[str, Any], answering: str | None, prefixes: list[str]
    ) -> DailyOutcome:
        """A message that adds to the pending daily without answering its question (:func:`~.dialogue.read_reply`):
        read on its own in INITIAL mode (one model call, as any message), its items and blockers added to the
        pending daily as they were read (:func:`~.dialogue.combined_daily`), and the question kept — asked again
        with the shared rule over the whole daily, so a new blocker without a task is asked about too.  Past
        :attr:`max_clarifications` rounds the daily is accepted as it is, like any dialogue."""
        try:
            added = self._read_alone(member, message, prefixes)
        except _Fallback:  # nothing read: the pending question stays as it was
            log.warning("submit_daily // Fallback message for an amendment of %s/%s", member.team, member.slug)
            return DailyOutcome(
                "fallback", DAILY_FALLBACK, quality_retries=state["quality_retries"], clarifications=state["rounds"]
            )
        pending = state["previous_daily"] or {"role": member.role, "yesterday": [], "today": [], "blockers": []}
        daily = self._with_addition(pending, added, prefixes)
        from agentcore.apps.scrum.daily_parser.quality import daily_verdict

        with team_prefixes(prefixes):
            _, clarification = daily_verdict(daily)
        question = clarification["question"] if clarification["needs_clarification"] else str(state["question"])
        words = amendment_words(added)
        messages = [*state["messages"], message]
        log.info("submit_daily // Amendment of %s/%s added to the pending daily", member.team, member.slug)
        if state["rounds"] < self.max_clarifications:
            state.update(previous_daily=daily, question=question, rounds=state["rounds"] + 1, messages=messages)
            self.store.save_session_state(member, state, replacing=answering)
            return DailyOutcome(
                "clarification",
                question,
                daily=daily,
                quality_retries=state["quality_retries"],
                clarifications=state["rounds"],
                amended=words,
            )
        return self._accept(member, "\n".join(messages), daily, state, None, answering, amended=words)

    def _read_alone(self, member: MemberInfo, message: str, prefixes: list[str]) -> dict[str, Any]:
        """An amendment's own reading: one call in INITIAL mode with the amendment alone (no pending daily to merge
        into), so its blockers keep their own task and criticality.  Raises :class:`_Fallback` like any call."""
        context: dict[str, Any] = {"known_prefixes": prefixes} if prefixes else {}
        payload = {"message": message, "role": member.role, "daily_state": {"mode": "INITIAL", "quality_retries": 0}}
        return dict(scrubbed(self._call("DAILY", payload, context)["data"])["daily"])

    @staticmethod
    def _with_addition(pending: dict[str, Any], added: dict[str, Any], prefixes: list[str]) -> dict[str, Any]:
        """``pending`` with an amendment's reading added (:func:`~.dialogue.combined_daily`), its quality the
        better of the pending one and the combined daily's verdict."""
        from agentcore.apps.scrum.daily_parser.quality import QUALITY_ORDER, daily_verdict

        daily = combined_daily({"quality": "EMPTY", **pending}, added)
        with team_prefixes(prefixes):
            quality, _ = daily_verdict(daily)
        daily["quality"] = max(str(pending.get("quality") or "EMPTY"), quality, key=QUALITY_ORDER.index)
        return daily

    def _accept(
        self,
        member: MemberInfo,
        message: str,
        daily: dict[str, Any],
        state: dict[str, Any],
        superseded: str | None = None,
        answering: str | None = None,
        amended: str | None = None,
    ) -> DailyOutcome:
        """DAILY → BLOCKERS: store the daily and its blocker events, then deliver the escalations."""
        recorded = self.store.record_daily(
            member,
            message,
            daily,
            clarifications=state["rounds"],
            quality_retries=state["quality_retries"],
            drafts=state.get("drafts", []),
            answering=answering,
        )
        from agentcore.apps.scrum.backend.notifier import for_people

        escalations = [for_people(e, member.name) for e in recorded.escalations]
        for escalation in escalations:
            self.notifier.notify({**escalation, "team": member.team, "daily_id": recorded.daily_id})
        log.info(
            "submit_daily // Accepted daily %d of %s/%s: quality %s, %d blocker(s), %d escalation(s)",
            recorded.daily_id,
            member.team,
            member.slug,
            daily["quality"],
            len(recorded.events),
            len(recorded.escalations),
        )
        return DailyOutcome(
            "accepted",
            daily=daily,
            daily_id=recorded.daily_id,
            events=recorded.events,
            escalations=escalations,
            quality_retries=state["quality_retries"],
            clarifications=state["rounds"],
            superseded=superseded,
            amended=amended,
        )

    def cancel_daily(self, team: str, member_slug: str) -> None:
        """Drop the member's open dialogue (a pending question or quality retries)."""
        self.store.clear_session(self.store.member(team, member_slug))

    # ------------------------------------------------------------------ ANALYTICS (seed 5.4)
    def analytics(self, team: str, leader_message: str) -> AnalyticsOutcome:
        """Intent → metrics from stored data → report.

        Raises:
            NotFoundError: no such team; InvalidInputError: a blank or too long request; LLMUnavailableError.
        """
        _checked_message(leader_message)
        own = self._own_answer(team, leader_message)
        if own is not None:
            return own
        try:
            intent_resp = self._call("ANALYTICS", {"message": leader_message}, {})
        except _Fallback:
            return AnalyticsOutcome(False, ANALYTICS_FALLBACK)
        if intent_resp["type"] == "text":
            return AnalyticsOutcome(False, intent_resp["data"])
        intent, params = intent_resp["data"]["intent"], intent_resp["data"]["params"]
        metrics = compute_metrics(self.store, team, intent, params)
        try:
            report = self._call("ANALYTICS", {"metrics": metrics, "leader_message": leader_message}, {})
        except _Fallback:  # text modes fall back inside agent_process; kept for custom handlers
            from agentcore.apps.scrum.templates import render_report

            report = {"type": "text", "data": render_report(metrics)}
        log.info("analytics // %s %s for team %s", intent, params, team)
        return AnalyticsOutcome(True, report["data"], intent, params, metrics)

    def _own_answer(self, team: str, leader_message: str) -> AnalyticsOutcome | None:
        """A named task, a named member, a forecast or who has no daily today: recognised without the model's intent
        step (:mod:`agentcore.apps.scrum.backend.questions`), computed from stored data (:mod:`.answers`) and handed,
        with the text written from that data, to the report step like every other analytics answer; ``None`` for
        the seed's intents.

        Raises:
            NotFoundError: no such team.
        """
        from agentcore.apps.scrum.backend import answers
        from agentcore.apps.scrum.backend.metrics import snapshot
        from agentcore.apps.scrum.backend.questions import recognise

        s = snapshot(self.store, team)
        question = recognise(leader_message, s.members, s.today, s.team.sprint_end)
        if question is None:
            return None
        params: dict[str, Any]
        if question.kind == "TASK_STATUS":
            params = {"task_ids": list(question.task_ids)}
            metrics, text = answers.task_status(s, question.task_ids)
        elif question.kind == "MEMBER_STATUS":
            assert question.member is not None
            params = {"member": question.member.slug}
            metrics, text = answers.member_status(s, question.member)
        elif question.kind == "DAILY_STATUS":
            params = {"date": s.today.isoformat()}
            metrics, text = answers.daily_status(s)
        else:
            params = {"deadline": question.deadline.isoformat() if question.deadline else None}
            metrics, text = answers.forecast(s, question.deadline, question.deadline_words)
        metrics = {**metrics, "params": params}
        log.info("analytics // %s %s for team %s, answered from stored data", question.kind, params, team)
        # The one answer path: the report step words it (a model may rephrase, its numbers checked against these
        # metrics; offline the backend's own text is the report).
        report = {"intent": question.kind, **metrics, "answer": text}
        with contextlib.suppress(_Fallback):  # text modes fall back inside agent_process; kept for custom handlers
            text = str(self._call("ANALYTICS", {"metrics": report, "leader_message": leader_message}, {})["data"])
        return AnalyticsOutcome(True, text, question.kind, params, metrics)

    # ------------------------------------------------------------------ FAQ, DIGEST, history
    def faq(self, question: str) -> str:
        """Seed 6: a general answer about Scrum/Agile.

        Raises:
            InvalidInputError: a blank or too long question; LLMUnavailableError.
        """
        _checked_message(question)
        try:
            return str(self._call("FAQ", {"message": question}, {})["data"])
        except _Fallback:
            from agentcore.apps.scrum.glossary import get_glossary

            return get_glossary().answer(question)

    def digest(self, team: str, member_slug: str) -> tuple[dict[str, Any], str]:
        """Seed 7: the member's digest data (from stored data) and its text."""
        data = digest_data(self.store, team, member_slug)
        try:
            return data, str(self._call("DIGEST", {"data": data}, {})["data"])
        except _Fallback:
            from agentcore.apps.scrum.schemas import DigestData
            from agentcore.apps.scrum.templates import render_digest

            return data, render_digest(DigestData.model_validate(data))

    def open_blockers(self, team: str, member_slug: str | None = None) -> list[OpenBlocker]:
        """The team's open blockers (optionally one member's), oldest first — the one rule of the dashboard,
        TEAM_RISKS, the digest and the Telegram bot's follow-ups (:func:`~agentcore.apps.scrum.backend.answers.
        open_blockers`).

        Raises:
            NotFoundError: no such team or member.
        """
        from agentcore.apps.scrum.backend.answers import open_blockers
        from agentcore.apps.scrum.backend.metrics import snapshot

        if member_slug is not None:
            self.store.member(team, member_slug)
        return open_blockers(snapshot(self.store, team), member_slug)

    def lift_blocker(self, team: str, member_slug: str, text: str) -> int:
        """The member marks their blocker ``text`` lifted («снят»): it is no longer open anywhere, although their
        latest daily still reports it (the same blocker in a later daily is open again).  Returns how many of its
        reports were lifted (0: no such blocker was standing; nothing changes).

        Raises:
            NotFoundError: no such team or member.
        """
        member = self.store.member(team, member_slug)
        lifted = self.store.lift_blocker(member, text)
        log.info("blockers // Member %s of team %s lifted a blocker (%d report(s))", member_slug, team, lifted)
        return lifted

    def blockers(self, team: str, member_slug: str | None = None, limit: int = 50) -> list[BlockerEventInfo]:
        """The team's blocker history, newest first."""
        if member_slug is not None:
            self.store.member(team, member_slug)
        return self.store.blocker_events(team, member_slug=member_slug, limit=limit)


def _too_general(quality: str, declined_task: bool) -> bool:
    """Seed 4's «Слишком общо» check: a weak quality — except NO_TASKS_MENTIONED when the member has just answered
    the bot's own «к какой задаче …?» that there is none (:func:`~.dialogue.declines_asked_task`): asking again for
    «ID задач» would send back a valid answer to our own question (docs/scrum.md, «Seed ambiguity»).  EMPTY and
    TOO_SHORT still get the retry."""
    if declined_task and quality == "NO_TASKS_MENTIONED":
        return False
    return quality in WEAK_QUALITIES


def _new_state() -> dict[str, Any]:
    return {
        "mode": "INITIAL",
        "quality_retries": 0,
        "rounds": 0,
        "previous_daily": None,
        "question": None,
        "messages": [],
        "drafts": [],
    }


def _carried_over(left: dict[str, Any] | None) -> dict[str, Any]:
    """A new dialogue; a dialogue left unfinished on an earlier day hands it its drafts and its pending text
    (``why="left"``), so nothing the member wrote is lost."""
    state = _new_state()
    if left:
        drafts = list(left.get("drafts") or [])
        if left.get("messages"):
            text = "\n".join(left["messages"])
            drafts.append({"text": text, "why": "left", "at": None, "question": left.get("question")})
        state["drafts"] = drafts
    return state


def _draft(text: str, why: str, at: Any, **extra: Any) -> dict[str, Any]:
    """One attempt kept with the dialogue: its text, why it was not accepted (``weak`` / ``superseded``), when."""
    return {"text": text, "why": why, "at": at.isoformat() if hasattr(at, "isoformat") else str(at), **extra}
