"""agentcore: five LLM agent systems on one shared core."""

__version__ = "0.1.0"
