"""What the apps' terminal commands share: Russian error exits, settings and logging set-up, Ctrl-C
(:mod:`~agentcore.terminal.common`), live rendering of an agent's step events (:mod:`~agentcore.terminal.steps`) and
the tools of ``AGENTCORE_MCP_SERVERS`` for an agent run (:mod:`~agentcore.terminal.mcp_tools`).

A layer below the apps and above the library: every app's ``cli.py`` may import it; it imports no app, no command
line root (:mod:`agentcore.cli`), no server and no web edge (import-linter contracts in ``pyproject.toml``).  Its
modules import only typer at the top; rich and the library load when a helper runs, so ``agentcore --help`` stays
fast.
"""
