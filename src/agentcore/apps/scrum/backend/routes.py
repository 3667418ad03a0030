"""The Scrum routes under their former module name.

The same module object as :mod:`agentcore.apps.scrum.http` (so patching either patches both); new code imports that.
"""

import sys

from agentcore.apps.scrum.http import create_router

sys.modules[__name__] = sys.modules["agentcore.apps.scrum.http"]

__all__ = ["create_router"]
