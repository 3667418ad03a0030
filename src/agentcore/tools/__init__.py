"""The tool protocol shared by every system: tools, a registry, and a runner that never crashes."""

from agentcore.tools.base import FunctionTool, ModelTool, Tool, check_tool_name, model_schema, parse_docstring
from agentcore.tools.errors import ToolArgumentsError, ToolError, ToolNotFoundError, ToolTimeoutError
from agentcore.tools.registry import ToolRegistry
from agentcore.tools.runner import ToolResult, ToolRunner, to_content

__all__ = [
    "FunctionTool",
    "ModelTool",
    "Tool",
    "ToolArgumentsError",
    "ToolError",
    "ToolNotFoundError",
    "ToolRegistry",
    "ToolResult",
    "ToolRunner",
    "ToolTimeoutError",
    "check_tool_name",
    "model_schema",
    "parse_docstring",
    "to_content",
]
