#!/usr/bin/env python3
"""Rewrite the route vectors that ship with the package (:meth:`agentcore.llm.routing.SemanticRouter.write_shipped`):
the assistant's (``apps/assistant/routes.npz``) and the Scrum intents' (``apps/scrum/intent_routes.npz``).

Run it after editing a router's example phrases (or the titles of the bundled knowledge base, which are the
assistant's examples too); the tests that compare each shipped file's key with its router's say when.

    python scripts/route_vectors.py
"""

from __future__ import annotations

import os

# The assistant's examples include the titles of the active collection when it is a user's own: the shipped vectors
# are the default knowledge base's only, whatever collection this machine uses.
os.environ["AGENTCORE_RAG_COLLECTION"] = "default"

from agentcore.apps.assistant.offline import _router as assistant_router
from agentcore.apps.scrum.intents import _router as scrum_router


def main() -> None:
    for router in (assistant_router, scrum_router):
        print(router.write_shipped())


if __name__ == "__main__":
    main()
