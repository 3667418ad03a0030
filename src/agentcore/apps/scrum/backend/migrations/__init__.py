"""Alembic migrations of the Scrum backend's schema (run by :func:`agentcore.apps.scrum.backend.db.migrate`)."""
