"""Delivery of escalations (seed 8: «backend решает куда и как»): pluggable notifiers.

* :class:`LogNotifier` — a warning line in the log (always on);
* :class:`WebhookNotifier` — ``POST`` of the escalation as JSON to a URL (``AGENTCORE_SCRUM_WEBHOOK_URL``: a chat
  bot, an alerting system).  Delivery never fails the daily it came from: an error is logged (URL redacted) and
  reported as ``False``.

A notifier is anything with ``notify(escalation) -> bool``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from agentcore.trace.logs import step_logger
from agentcore.trace.redact import redact

if TYPE_CHECKING:
    import httpx

    from agentcore.config import Settings

log = step_logger("scrum", "agentcore.scrum.notify")


class Notifier(Protocol):
    """Delivers one escalation payload; returns whether it was delivered."""

    def notify(self, escalation: dict[str, Any]) -> bool: ...


class LogNotifier:
    """Writes each escalation to the log."""

    def notify(self, escalation: dict[str, Any]) -> bool:
        log.warning(
            "notify_teamlead // Escalation: %s, task %s, team %s, author %s: %s",
            escalation.get("severity"),
            escalation.get("task_id"),
            escalation.get("team"),
            escalation.get("author_id"),
            escalation.get("text"),
        )
        return True


class WebhookNotifier:
    """POSTs each escalation as JSON to ``url`` with the given client (its timeout applies)."""

    def __init__(self, url: str, client: httpx.Client) -> None:
        self._url = url
        self._client = client

    def notify(self, escalation: dict[str, Any]) -> bool:
        import httpx

        try:
            response = self._client.post(self._url, json=escalation)
            response.raise_for_status()
        except httpx.HTTPError as exc:
            log.error("notify_teamlead // Webhook delivery failed: %s", redact(f"{type(exc).__name__}: {exc}"))
            return False
        return True


class CompositeNotifier:
    """Hands each escalation to every notifier; delivered when all of them delivered it."""

    def __init__(self, *notifiers: Notifier) -> None:
        self.notifiers = list(notifiers)

    def notify(self, escalation: dict[str, Any]) -> bool:
        results = [notifier.notify(escalation) for notifier in self.notifiers]
        return all(results)


def notifier_from_settings(settings: Settings, client: httpx.Client) -> Notifier:
    """The log notifier, plus the webhook one when ``AGENTCORE_SCRUM_WEBHOOK_URL`` is set."""
    notifiers: list[Notifier] = [LogNotifier()]
    if settings.scrum_webhook_url is not None and settings.scrum_webhook_url.get_secret_value():
        notifiers.append(WebhookNotifier(settings.scrum_webhook_url.get_secret_value(), client))
    return CompositeNotifier(*notifiers)
