"""Seed 004's name for the CRM's HTTP module (``POST /chat``).

The same module object as :mod:`agentcore.apps.crm.http` (so patching either patches both); new code imports that.
"""

import sys

from agentcore.apps.crm.http import create_app, create_router

sys.modules[__name__] = sys.modules["agentcore.apps.crm.http"]

__all__ = ["create_app", "create_router"]
