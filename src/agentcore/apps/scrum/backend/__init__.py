"""The reference backend of seed 003: everything the contract leaves to the backend.

Flows of sections 4 (DAILY with clarification and retries), 5.4 (ANALYTICS) and DAILY → BLOCKERS
(:mod:`.flows`), metrics computed from stored data (:mod:`.metrics`), storage on SQLite or PostgreSQL
(:mod:`.db`, :mod:`.tables`, :mod:`.store`), escalation delivery (:mod:`.notifier`), the LLM connection the
backend owns (:mod:`.llm`), the demo team (:mod:`.demo`) and the HTTP routes (:mod:`.routes`).
"""
