"""The Bitrix24 REST client: webhook and OAuth auth, retries on the portal's rate limit, token refresh."""

from agentcore.apps.crm.bitrix.auth import BitrixAuth, OAuthAuth, OAuthTokens, WebhookAuth
from agentcore.apps.crm.bitrix.client import BitrixClient
from agentcore.apps.crm.bitrix.errors import (
    EXPIRED_TOKEN,
    QUERY_LIMIT_EXCEEDED,
    WRONG_AUTH_TYPE,
    BitrixError,
    BitrixTransportError,
)

__all__ = [
    "EXPIRED_TOKEN",
    "QUERY_LIMIT_EXCEEDED",
    "WRONG_AUTH_TYPE",
    "BitrixAuth",
    "BitrixClient",
    "BitrixError",
    "BitrixTransportError",
    "OAuthAuth",
    "OAuthTokens",
    "WebhookAuth",
]
