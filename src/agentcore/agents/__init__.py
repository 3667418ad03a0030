"""Agent loops (SGR, ReAct), the one step-event stream, served agents and their run stores, client tools, shaping.

The public names are this package's ``__all__``; they load on first use (PEP 562), so ``import agentcore.agents``
loads no other module but :mod:`agentcore.lazy`.  Modules named ``_x`` are implementation (see docs/architecture.md).
"""

from agentcore.lazy import lazy_exports

# Not ``typing.TYPE_CHECKING``: importing this package loads only agentcore.lazy (mypy reads any ``TYPE_CHECKING``).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from agentcore.agents._run_relay import RedisRunStore
    from agentcore.agents._runlog import REQUEST_ID_RE, RunLog, run_owner
    from agentcore.agents._shaped_check import ShapedCheck, check_shaped
    from agentcore.agents._shaping import AnswerShaper, tool_choice_schema
    from agentcore.agents.client_tools import ClientTools
    from agentcore.agents.errors import AgentError
    from agentcore.agents.events import ErrorEvent, EventFactory, FinalEvent, parse_event
    from agentcore.agents.react import ReActAgent
    from agentcore.agents.served import AgentInput, RunHandle, RunStore, ServedAgent, drive
    from agentcore.agents.sgr import ReasoningStep, SGRTool, SystemSGRAgent, ToolCall

_EXPORTS = {
    "RedisRunStore": "agentcore.agents._run_relay",
    "REQUEST_ID_RE": "agentcore.agents._runlog",
    "RunLog": "agentcore.agents._runlog",
    "run_owner": "agentcore.agents._runlog",
    "ShapedCheck": "agentcore.agents._shaped_check",
    "check_shaped": "agentcore.agents._shaped_check",
    "AnswerShaper": "agentcore.agents._shaping",
    "tool_choice_schema": "agentcore.agents._shaping",
    "ClientTools": "agentcore.agents.client_tools",
    "AgentError": "agentcore.agents.errors",
    "EventFactory": "agentcore.agents.events",
    "FinalEvent": "agentcore.agents.events",
    "ErrorEvent": "agentcore.agents.events",
    "parse_event": "agentcore.agents.events",
    "ReActAgent": "agentcore.agents.react",
    "AgentInput": "agentcore.agents.served",
    "RunHandle": "agentcore.agents.served",
    "RunStore": "agentcore.agents.served",
    "ServedAgent": "agentcore.agents.served",
    "drive": "agentcore.agents.served",
    "ReasoningStep": "agentcore.agents.sgr",
    "SGRTool": "agentcore.agents.sgr",
    "SystemSGRAgent": "agentcore.agents.sgr",
    "ToolCall": "agentcore.agents.sgr",
}

__all__ = [
    "REQUEST_ID_RE",
    "AgentError",
    "AgentInput",
    "AnswerShaper",
    "ClientTools",
    "ErrorEvent",
    "EventFactory",
    "FinalEvent",
    "ReActAgent",
    "ReasoningStep",
    "RedisRunStore",
    "RunHandle",
    "RunLog",
    "RunStore",
    "SGRTool",
    "ServedAgent",
    "ShapedCheck",
    "SystemSGRAgent",
    "ToolCall",
    "check_shaped",
    "drive",
    "parse_event",
    "run_owner",
    "tool_choice_schema",
]


__getattr__ = lazy_exports(__name__, _EXPORTS)
