"""The tool protocol shared by every system: tools, a registry, and a runner that never crashes.

The public names are this package's ``__all__``; ``_runner`` is implementation (see docs/architecture.md).
"""

from agentcore.tools._runner import ToolResult, ToolRunner, to_content
from agentcore.tools.base import FunctionTool, ModelTool, Tool, check_tool_name, model_schema, parse_docstring
from agentcore.tools.errors import ToolArgumentsError, ToolError, ToolNotFoundError, ToolTimeoutError
from agentcore.tools.registry import ToolRegistry

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
