"""The app protocol: a LazyApp imports nothing of its app until a part is asked for."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest
import typer
from fastapi import APIRouter

from agentcore.appkit.plugin import AppPlugin, EdgeContext, LazyApp, Mount, resolve
from agentcore.config import Settings
from agentcore.web.status import ErrorFace

MODULE = "tests_fake_app_parts"


class FakeAppError(Exception):
    pass


@pytest.fixture
def fake_module() -> Iterator[types.ModuleType]:
    module = types.ModuleType(MODULE)
    calls: list[str] = []

    def mount(ctx: EdgeContext) -> Mount:
        calls.append("mount")
        router = APIRouter()

        @router.get("/ping")
        def ping() -> dict[str, str]:
            return {"pong": ctx.settings.provider}

        ctx.shared["fake.router"] = router
        return Mount(router, prefix="/fake", guarded=True)

    def register(cli: typer.Typer) -> None:
        @cli.command("fake")
        def fake() -> None:
            """Тестовая команда."""

    module.mount = mount  # type: ignore[attr-defined]
    module.register = register  # type: ignore[attr-defined]
    module.agents = lambda ctx: [ctx.shared["fake.router"]]  # type: ignore[attr-defined]
    module.FACES = {FakeAppError: ErrorFace(409, "fake_conflict")}  # type: ignore[attr-defined]
    module.faces = lambda: module.FACES  # type: ignore[attr-defined]
    module.calls = calls  # type: ignore[attr-defined]
    sys.modules[MODULE] = module
    yield module
    del sys.modules[MODULE]


def test_a_lazy_app_is_an_app_plugin() -> None:
    assert isinstance(LazyApp("x", "тест"), AppPlugin)


def test_parts_are_resolved_only_when_used(fake_module: types.ModuleType, settings: Settings) -> None:
    app = LazyApp(
        "fake",
        "Тестовое приложение",
        settings_section="core",
        http=f"{MODULE}:mount",
        agents=f"{MODULE}:agents",
        cli=f"{MODULE}:register",
        errors=f"{MODULE}:FACES",
    )
    assert fake_module.calls == []  # type: ignore[attr-defined]
    ctx = EdgeContext(settings)
    mount = app.mount(ctx)
    assert mount is not None and mount.prefix == "/fake" and mount.guarded
    assert fake_module.calls == ["mount"]  # type: ignore[attr-defined]
    assert app.served_agents(ctx) == [mount.router]
    cli = typer.Typer()
    app.register_cli(cli)
    assert [c.name for c in cli.registered_commands] == ["fake"]
    assert app.error_faces()[FakeAppError].status == 409


def test_errors_may_be_a_factory(fake_module: types.ModuleType) -> None:
    assert LazyApp("fake", "т", errors=f"{MODULE}:faces").error_faces()[FakeAppError].code == "fake_conflict"


def test_an_app_without_parts_contributes_nothing(settings: Settings) -> None:
    app = LazyApp("bare", "Пустое")
    ctx = EdgeContext(settings)
    assert app.mount(ctx) is None and app.served_agents(ctx) == [] and app.error_faces() == {}
    cli = typer.Typer()
    app.register_cli(cli)
    assert cli.registered_commands == []


def test_a_malformed_reference_is_refused() -> None:
    with pytest.raises(ValueError):
        resolve("agentcore.appkit.plugin")
    assert resolve("agentcore.appkit.plugin:LazyApp") is LazyApp
