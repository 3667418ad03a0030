"""Delivery of escalations (seed 8: «backend решает куда и как»): pluggable notifiers.

* :class:`LogNotifier` — a warning line in the log (always on);
* :class:`WebhookNotifier` — ``POST`` of the escalation as JSON to a URL (``AGENTCORE_SCRUM_WEBHOOK_URL``: a chat
  bot, an alerting system) over its own client: the system CAs, TLS verification always on and a short timeout
  (:data:`WEBHOOK_TIMEOUT`) — never the LLM client, which may trust only GigaChat's CA or verify nothing and waits
  for a slow model.  Delivery never fails the daily it came from: a failure is logged by its status or error type
  (never the URL: webhook URLs carry their token) and reported as ``False``.

A notifier is anything with ``notify(escalation) -> bool`` (and optionally ``close()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from agentcore.trace.logs import step_logger

if TYPE_CHECKING:
    import httpx

    from agentcore.apps.scrum.settings import ScrumSettings

log = step_logger("scrum", "agentcore.scrum.notify")

WEBHOOK_TIMEOUT = 10.0
"""Seconds a webhook may take: delivery runs before the daily's answer is returned."""


NO_TASK_ID = "NO_TASK_ID"
SEVERITY_RU = {"low": "низкая", "medium": "средняя", "high": "высокая", "critical": "критическая"}


REASON_LINE = "Причина: {reason}."
"""Why the blocker is escalated, one line in every message a person reads (the webhook's ``summary``, the Telegram
message to the lead) — issue 19: «Each escalation says why in one line»."""


def reason_line(escalation: dict[str, Any]) -> str | None:
    """:data:`REASON_LINE` for ``escalation`` (its ``reason``), or ``None`` when it carries none."""
    reason = str(escalation.get("reason") or "").strip().rstrip(".")
    return REASON_LINE.format(reason=reason) if reason else None


def for_people(escalation: dict[str, Any], author_name: str | None = None) -> dict[str, Any]:
    """The escalation as it leaves the backend (webhook, log, the daily's answer): seed 8's payload, except that a
    blocker without a task has ``task_id: null`` — the seed's ``NO_TASK_ID`` placeholder is a storage marker, never
    text a person reads — plus ``author_name`` and ``summary``, one Russian line to show as it is («Блокер
    (высокая важность): «нет стенда» — Анна, без задачи. Причина: участник не может продолжать работу.»)."""
    task_id = escalation.get("task_id")
    task = None if not task_id or task_id == NO_TASK_ID else str(task_id)
    who = author_name or escalation.get("author_id")
    severity = SEVERITY_RU.get(str(escalation.get("severity")), str(escalation.get("severity")))
    summary = f"Блокер ({severity} важность): «{escalation.get('text')}»"
    summary += f" — {who}" if who else ""
    summary += f", задача {task}." if task else ", без задачи."
    if why := reason_line(escalation):
        summary += f" {why}"
    out = {**escalation, "task_id": task, "summary": summary}
    if author_name:
        out["author_name"] = author_name
    return out


class Notifier(Protocol):
    """Delivers one escalation payload; returns whether it was delivered."""

    def notify(self, escalation: dict[str, Any]) -> bool: ...


class LogNotifier:
    """Writes each escalation to the log."""

    def notify(self, escalation: dict[str, Any]) -> bool:
        task = escalation.get("task_id")
        log.warning(
            "notify_teamlead // Escalation: %s, %s, team %s, author %s: %s",
            escalation.get("severity"),
            f"task {task}" if task and task != NO_TASK_ID else "no task",
            escalation.get("team"),
            escalation.get("author_id"),
            escalation.get("text"),
        )
        return True


class WebhookNotifier:
    """POSTs each escalation as JSON to ``url`` with ``client`` (its timeout and TLS settings apply)."""

    def __init__(self, url: str, client: httpx.Client) -> None:
        self._url = url
        self.client = client

    def notify(self, escalation: dict[str, Any]) -> bool:
        import httpx

        try:
            response = self.client.post(self._url, json=escalation)
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            # Not str(exc): httpx quotes the URL in some messages, normalised so a registered secret may not match.
            log.error("notify_teamlead // Webhook delivery failed: %s", type(exc).__name__)
            return False
        if not response.is_success:
            log.error("notify_teamlead // Webhook delivery failed: HTTP %d", response.status_code)
            return False
        return True

    def close(self) -> None:
        """Close the client."""
        self.client.close()


class CompositeNotifier:
    """Hands each escalation to every notifier; delivered when all of them delivered it."""

    def __init__(self, *notifiers: Notifier) -> None:
        self.notifiers = list(notifiers)

    def notify(self, escalation: dict[str, Any]) -> bool:
        results = [notifier.notify(escalation) for notifier in self.notifiers]
        return all(results)

    def close(self) -> None:
        """Close the notifiers that hold resources."""
        close_notifier(*self.notifiers)


def close_notifier(*notifiers: Notifier) -> None:
    """Call ``close()`` on each notifier that has one."""
    for notifier in notifiers:
        close = getattr(notifier, "close", None)
        if callable(close):
            close()


def notifier_from_settings(scrum: ScrumSettings) -> Notifier:
    """The log notifier, plus the webhook one (with its own HTTP client) when ``AGENTCORE_SCRUM_WEBHOOK_URL`` is
    set."""
    notifiers: list[Notifier] = [LogNotifier()]
    if scrum.webhook_url is not None and scrum.webhook_url.get_secret_value():
        import httpx

        client = httpx.Client(timeout=WEBHOOK_TIMEOUT)
        notifiers.append(WebhookNotifier(scrum.webhook_url.get_secret_value(), client))
    return CompositeNotifier(*notifiers)
