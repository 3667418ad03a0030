"""One aggregated report of an executed ``batch`` (seed 004): key, method and status per sub-command, a summary
line, what each successful command found or did, and what each failed one answered."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agentcore.apps.crm import messages
from agentcore.apps.crm.batch_commands import SubCommand
from agentcore.apps.crm.bitrix.errors import WRONG_AUTH_TYPE
from agentcore.apps.crm.render import summarize

__all__ = ["BatchReport", "aggregate_batch"]


@dataclass
class BatchReport:
    """``sub_commands``: ``{"key", "method", "status": ok|error|skipped, "error"?, "error_description"?}``."""

    sub_commands: list[dict[str, Any]] = field(default_factory=list)
    summary: str = ""
    lines: list[str] = field(default_factory=list)

    @property
    def ok(self) -> list[dict[str, Any]]:
        """The sub-commands that succeeded."""
        return [s for s in self.sub_commands if s["status"] == "ok"]


def _as_map(value: Any) -> dict[str, Any]:
    """Bitrix24 (PHP) writes an empty map as ``[]`` and a map with keys 0..n-1 as a list."""
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    return value if isinstance(value, dict) else {}


def aggregate_batch(commands: list[SubCommand], envelope: dict[str, Any]) -> BatchReport:
    """Fold a batch answer into a :class:`BatchReport` (commands in the order they were sent)."""
    body = _as_map(envelope.get("result"))
    results, errors, totals = (_as_map(body.get(k)) for k in ("result", "result_error", "result_total"))
    report = BatchReport()
    wrong_auth = False
    for command in commands:
        entry: dict[str, Any] = {"key": command.key, "method": command.method}
        if command.key in errors:
            error = errors[command.key] if isinstance(errors[command.key], dict) else {}
            code = str(error.get("error") or "")
            reason = messages.ERROR_HINTS.get(code) or error.get("error_description") or code or "?"
            if code == WRONG_AUTH_TYPE:
                reason, wrong_auth = "метод доступен только приложению (WRONG_AUTH_TYPE)", True
            entry.update(
                status="error", error=error.get("error", ""), error_description=error.get("error_description", "")
            )
            report.lines.append(f"  • {command.key} ({command.method}): ошибка — {reason}")
        elif command.key in results:
            entry["status"] = "ok"
            sub_envelope = {"result": results[command.key], "total": totals.get(command.key)}
            text = summarize(command.method, command.params, sub_envelope)
            report.lines.append(f"  • {command.key}: " + text.replace("\n", "\n    "))
        else:
            entry["status"] = "skipped"  # after a failed command with halt=1
        report.sub_commands.append(entry)
    if wrong_auth:
        report.lines.append(messages.WRONG_AUTH_TYPE)
    listed = ", ".join(f"{s['key']} ({s['method']})" for s in report.ok)
    report.summary = f"Пакет batch: выполнено {len(report.ok)} из {len(commands)}" + (f": {listed}." if listed else ".")
    return report
