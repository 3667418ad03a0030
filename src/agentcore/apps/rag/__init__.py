"""The RAG service (seed 000) as an app: its HTTP routes (``/rag``) and its commands (``agentcore rag``) over the
retrieval library :mod:`agentcore.rag`."""
