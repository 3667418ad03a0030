"""The example agent's ``/v1`` face under its former module name.

The same module object as :mod:`agentcore.apps.example.http` (so patching either patches both); new code imports that.
"""

import sys

from agentcore.apps.example.http import ExampleServing

sys.modules[__name__] = sys.modules["agentcore.apps.example.http"]

__all__ = ["ExampleServing"]
