"""A fake Telegram Bot API server on a real socket (aiohttp), for the real aiogram client.

It reads the form fields aiogram sends — ``application/x-www-form-urlencoded`` or ``multipart/form-data`` (JSON
values such as ``reply_markup`` arrive as JSON strings) — records every call, keeps the sent messages, serves
``getUpdates`` with ``offset`` and ``timeout`` (answering at once when an update is queued), and injects ``429``
(``retry_after``) and ``403`` (bot blocked) on demand.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 123456
TOKEN = f"{BOT_ID}:TEST-token-for-the-fake-server"
BOT_USERNAME = "scrum_test_bot"


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    content_type: str


@dataclass
class FakeBotApi:
    """The server's state; start with :meth:`start`, stop with :meth:`stop`."""

    calls: list[Call] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)
    blocked: set[int] = field(default_factory=set)
    retry_after: dict[int, list[int]] = field(default_factory=dict)
    next_update_id: int = 1000
    next_message_id: int = 1
    url: str = ""
    token: str = TOKEN
    """The one token it accepts; the bot id is its number (a test may use its own bot)."""

    def __post_init__(self) -> None:
        self._changed = asyncio.Condition()
        self._closing = False
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------------ test side
    async def start(self) -> str:
        app = web.Application()
        app.router.add_post("/bot{token}/{method}", self._handle)
        app.router.add_get("/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        # a bot's long poll would hold the server's shutdown for its whole timeout: answer it now, as Telegram does
        self._closing = True
        await self._notify()
        if self._runner is not None:
            await self._runner.cleanup()

    def push(self, update: dict[str, Any]) -> dict[str, Any]:
        """Queue an update (an ``update_id`` is given) for ``getUpdates``."""
        update = {"update_id": self.next_update_id, **update}
        self.next_update_id += 1
        self.updates.append(update)
        asyncio.get_running_loop().create_task(self._notify())
        return update

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def sent(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        """``sendMessage`` calls that succeeded (their params), optionally to one chat."""
        return [
            c.params
            for c in self.calls
            if c.method == "sendMessage"
            and c.params.get("_ok")
            and (chat_id is None or int(c.params["chat_id"]) == chat_id)
        ]

    def of(self, method: str) -> list[dict[str, Any]]:
        return [c.params for c in self.calls if c.method == method]

    async def wait_for(self, predicate: Any, timeout: float = 20.0) -> None:
        """Wait (on the server's own events, no polling sleep) until ``predicate()`` holds."""

        async def until() -> None:
            async with self._changed:
                await self._changed.wait_for(predicate)

        await asyncio.wait_for(until(), timeout)

    # ------------------------------------------------------------------ server side
    async def _params(self, request: web.Request) -> tuple[dict[str, Any], str]:
        content_type = request.content_type
        params: dict[str, Any] = {}
        if content_type == "application/json":
            params = await request.json()
        elif request.can_read_body:
            form = await request.post()  # urlencoded and multipart alike
            for key, value in form.items():
                text = value if isinstance(value, str) else value.file.read().decode()  # type: ignore[union-attr]
                try:
                    params[key] = json.loads(text) if text[:1] in "[{" else text
                except ValueError:
                    params[key] = text
        params.update({k: v for k, v in request.query.items() if k not in params})
        return params, content_type

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params, content_type = await self._params(request)
        call = Call(method, params, content_type)
        self.calls.append(call)
        if request.match_info["token"] != self.token:
            return web.json_response({"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401)
        try:
            result = await self._answer(method, params)
        except _Refusal as refusal:
            await self._notify()
            return web.json_response(refusal.body, status=refusal.body["error_code"])
        params["_ok"] = True
        params["_at"] = time.perf_counter()
        await self._notify()
        return web.json_response({"ok": True, "result": result})

    async def _answer(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            bot_id = int(self.token.split(":")[0])
            return {"id": bot_id, "is_bot": True, "first_name": "Scrum", "username": BOT_USERNAME}
        if method == "getUpdates":
            offset = int(params.get("offset") or 0)
            timeout = float(params.get("timeout") or 0)
            self.updates = [u for u in self.updates if u["update_id"] >= offset]

            async def ready() -> None:
                async with self._changed:
                    await self._changed.wait_for(lambda: bool(self.updates) or self._closing)

            if not self.updates and timeout:
                try:
                    await asyncio.wait_for(ready(), timeout)
                except TimeoutError:
                    return []
            return list(self.updates)
        if method == "sendMessage":
            chat_id = int(params["chat_id"])
            if chat_id in self.blocked:
                raise _Refusal(
                    {"ok": False, "error_code": 403, "description": "Forbidden: bot was blocked by the user"}
                )
            pending = self.retry_after.get(chat_id)
            if pending:
                seconds = pending.pop(0)
                raise _Refusal(
                    {
                        "ok": False,
                        "error_code": 429,
                        "description": f"Too Many Requests: retry after {seconds}",
                        "parameters": {"retry_after": seconds},
                    }
                )
            if len(str(params.get("text", ""))) > 4096:
                raise _Refusal({"ok": False, "error_code": 400, "description": "Bad Request: message is too long"})
            message_id = self.next_message_id
            self.next_message_id += 1
            chat_type = "private" if chat_id > 0 else "supergroup"
            return {
                "message_id": message_id,
                "date": 0,
                "chat": {"id": chat_id, "type": chat_type},
                "text": params.get("text", ""),
            }
        if method in ("editMessageText", "editMessageReplyMarkup"):
            return {
                "message_id": int(params["message_id"]),
                "date": 0,
                "chat": {"id": int(params["chat_id"]), "type": "private"},
                "text": params.get("text", ""),
            }
        if method in ("answerCallbackQuery", "setMyCommands", "setWebhook", "deleteWebhook"):
            return True
        raise _Refusal({"ok": False, "error_code": 400, "description": f"Bad Request: unknown method {method}"})


class _Refusal(Exception):
    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body


class ThreadedFake:
    """The fake server on its own event loop in a thread — for synchronous tests (``TestClient`` blocks the test's
    loop)."""

    def __init__(self, token: str = TOKEN) -> None:
        import threading

        self.token = token
        self.api: FakeBotApi | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def __enter__(self) -> FakeBotApi:
        self._thread.start()

        async def make() -> FakeBotApi:
            api = FakeBotApi(token=self.token)
            await api.start()
            return api

        self.api = asyncio.run_coroutine_threadsafe(make(), self._loop).result(10)
        return self.api

    def __exit__(self, *_exc: object) -> None:
        if self.api is not None:
            asyncio.run_coroutine_threadsafe(self.api.stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
