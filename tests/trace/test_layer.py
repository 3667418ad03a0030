"""`agentcore.trace` only traces and logs: it sits below the LLM layer."""

import subprocess
import sys


def test_trace_no_longer_needs_the_llm_layer() -> None:
    """``trace`` only traces and logs: importing it in a fresh process loads nothing of ``agentcore.llm``."""
    code = "import sys, agentcore.trace; print(sorted(m for m in sys.modules if m.startswith('agentcore.llm')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"
