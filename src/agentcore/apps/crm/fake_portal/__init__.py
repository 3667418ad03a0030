"""A local Bitrix24 REST portal (SQLite-backed) for demos and tests; see :mod:`.app` for what it covers."""

from agentcore.apps.crm.fake_portal.app import FakePortal, FakePortalServer, create_fake_portal, serve_fake_portal
from agentcore.apps.crm.fake_portal.demo import seed_demo

__all__ = ["FakePortal", "FakePortalServer", "create_fake_portal", "seed_demo", "serve_fake_portal"]
