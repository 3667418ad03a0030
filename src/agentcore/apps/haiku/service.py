"""The Haiku service's HTTP module under its former name.

The same module object as :mod:`agentcore.apps.haiku.http` (so patching either patches both); new code imports that.
"""

import sys

from agentcore.apps.haiku.http import HaikuService, create_app, create_router

sys.modules[__name__] = sys.modules["agentcore.apps.haiku.http"]

__all__ = ["HaikuService", "create_app", "create_router"]
