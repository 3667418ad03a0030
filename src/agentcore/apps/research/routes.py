"""The research routes under their former module name.

The same module object as :mod:`agentcore.apps.research.http` (so patching either patches both); new code imports that.
"""

import sys

from agentcore.apps.research.http import ResearchHTTP, create_router

sys.modules[__name__] = sys.modules["agentcore.apps.research.http"]

__all__ = ["ResearchHTTP", "create_router"]
