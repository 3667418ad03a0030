"""``ExampleSGRAgent`` + ``GetTimeTool`` (seed 001 ``agents/example_agent.py``): the smallest end-to-end SGR agent."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from agentcore.agents.sgr import SGRTool, SystemSGRAgent
from agentcore.apps.example import offline as _offline  # noqa: F401 - registers the offline handler of its step

SYSTEM_PROMPT = (
    "Ты — демонстрационный агент. Если пользователь спрашивает о времени или дате, вызови инструмент get_time "
    "(часовой пояс IANA, например Europe/Moscow; по умолчанию UTC) и ответь по-русски кратко по его результату. "
    "На другие вопросы отвечай, что умеешь сообщать текущее время."
)


class GetTimeTool(SGRTool):
    """Current date and time in a time zone."""

    name = "get_time"
    description = "Возвращает текущие дату и время в заданном часовом поясе (IANA, например Europe/Moscow)."
    parameters_schema = {  # noqa: RUF012
        "type": "object",
        "properties": {
            "timezone": {
                "type": "string",
                "description": "Часовой пояс IANA, например Europe/Moscow или UTC",
                "default": "UTC",
            }
        },
        "additionalProperties": False,
    }

    def __init__(self, clock: Any = None) -> None:
        self._clock = clock or (lambda tz: datetime.now(tz))

    async def execute(self, **kwargs: Any) -> dict[str, str]:
        """``{"timezone", "iso", "time", "date"}`` for ``timezone`` (default UTC).

        Raises:
            ValueError: unknown time zone (goes back to the model as the tool result).
        """
        name = kwargs.get("timezone") or "UTC"
        try:
            zone = ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"неизвестный часовой пояс: {name}") from exc
        now = self._clock(zone)
        return {
            "timezone": name,
            "iso": now.isoformat(),
            "time": now.strftime("%H:%M"),
            "date": now.strftime("%d.%m.%Y"),
        }


class ExampleSGRAgent(SystemSGRAgent):
    """Answers questions about the current time with :class:`GetTimeTool`."""

    llm_step = "example.sgr"

    def __init__(self, llm_gateway: Any, model: str = "", log_dir: Any = None, **kwargs: Any) -> None:
        super().__init__(
            agent_id=kwargs.pop("agent_id", "example_agent"),
            llm_gateway=llm_gateway,
            model=model,
            system_prompt=kwargs.pop("system_prompt", SYSTEM_PROMPT),
            tools=kwargs.pop("tools", None) or [GetTimeTool()],
            log_dir=log_dir,
            **kwargs,
        )

    async def process(self, input_data: dict[str, Any]) -> dict[str, Any]:
        """``{"message": str, "context"?: dict}`` → ``{"answer": str, "steps": int, "tool_calls": [...]}``."""
        message = str(input_data.get("message", "")).strip()
        if not message:
            return {"answer": "Пустой запрос.", "steps": 0, "tool_calls": []}
        answer = await self.run(message, input_data.get("context"))
        return {
            "answer": answer,
            "steps": len(self.reasoning_trace),
            "tool_calls": [{"name": c.name, "parameters": c.parameters} for c in self.tool_calls],
        }
