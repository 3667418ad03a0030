"""``POST /telegram/webhook`` in ``agentcore serve``: the secret header checked (401 JSON, nothing handled), an
update handled through the real aiogram client against the fake Bot API server."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from pydantic import SecretStr
from tests.apps.scrum.telegram.conftest import text_update
from tests.apps.scrum.telegram.fake_bot_api import TOKEN, ThreadedFake

from agentcore.apps.scrum.settings import ScrumSettings
from agentcore.config import Settings
from agentcore.server import create_app

SECRET = "webhook-secret-1"


def _settings(api_base: str, secret: str | None = SECRET) -> Settings:
    return Settings(
        scrum=ScrumSettings(
            telegram_bot_token=SecretStr(TOKEN),
            telegram_api_base=api_base,
            telegram_webhook_secret=SecretStr(secret) if secret else None,
        ),
    )


def test_the_secret_header_is_checked(data_dir: Path) -> None:
    with ThreadedFake() as fake, TestClient(create_app(_settings(fake.url), mcp=False)) as client:
        update = {"update_id": 1, **text_update(501, "/start")}
        for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
            answer = client.post("/telegram/webhook", json=update, headers=headers)
            assert answer.status_code == 401
            assert answer.json()["code"] == "unauthorized" and "секрет" in answer.json()["error"]
        assert fake.sent() == []  # refused updates are not handled
        good = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
        answer = client.post("/telegram/webhook", json=update, headers=good)
        assert answer.status_code == 200 and answer.json() == {"ok": True}
        assert len(fake.sent(501)) == 1 and "/join" in fake.sent(501)[0]["text"]
        # handled before the answer; Telegram's retry of the same update is not handled again
        assert client.post("/telegram/webhook", json=update, headers=good).status_code == 200
        assert len(fake.sent(501)) == 1
        bad = client.post("/telegram/webhook", content=b"not json", headers=good)
        assert bad.status_code == 422 and bad.json()["code"] == "validation_error"
        bad = client.post("/telegram/webhook", json={"message": {}}, headers=good)
        assert bad.status_code == 422
        # the token never shows in what the server answers
        assert TOKEN not in client.get("/openapi.json").text


def test_without_a_token_the_webhook_is_absent(data_dir: Path) -> None:
    with TestClient(create_app(Settings(), mcp=False)) as client:
        answer = client.post("/telegram/webhook", json={"update_id": 1})
        assert answer.status_code == 404 and answer.json()["code"] == "telegram_disabled"


def test_a_bad_token_stops_the_bot_not_the_server(data_dir: Path) -> None:
    settings = Settings(scrum=ScrumSettings(telegram_bot_token=SecretStr("not-a-token")))
    with TestClient(create_app(settings, mcp=False)) as client:
        assert client.get("/health").status_code == 200
        answer = client.post("/telegram/webhook", json={"update_id": 1})
        assert answer.status_code == 404 and answer.json()["code"] == "telegram_disabled"


def test_the_server_answers_while_the_bot_is_still_starting(data_dir: Path) -> None:
    """The bot (aiogram's import is most of its start) starts beside the server, not before it: other routes answer
    while it is starting, and an update that arrives meanwhile waits for it and is handled."""
    import threading

    from fastapi import FastAPI

    from agentcore.apps.scrum.telegram.bot import TelegramBot
    from agentcore.apps.scrum.telegram.webhook import create_webhook_router

    served = threading.Event()
    seen: dict[str, bool] = {}
    with ThreadedFake() as fake:
        settings = _settings(fake.url, secret=None)

        def factory() -> TelegramBot:
            seen["served_first"] = served.wait(60)  # the old start blocked the server's start here
            return TelegramBot.from_settings(settings)

        app = FastAPI()
        app.include_router(create_webhook_router(settings, factory=factory, scheduler=False))
        app.add_api_route("/ping", lambda: {"ok": True})
        with TestClient(app) as client:
            assert client.get("/ping").json() == {"ok": True}
            served.set()
            answer = client.post("/telegram/webhook", json={"update_id": 7, **text_update(502, "/start")})
            assert answer.status_code == 200 and answer.json() == {"ok": True}
            assert len(fake.sent(502)) == 1
    assert seen == {"served_first": True}
