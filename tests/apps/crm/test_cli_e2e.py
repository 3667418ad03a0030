"""End to end: `agentcore crm` in a pseudo-terminal on the offline provider, against a fake Bitrix24 portal."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from agentcore.serving import free_port

pytestmark = pytest.mark.e2e

AGENTCORE = str(Path(sys.executable).with_name("agentcore"))
PROMPT = "> "
CONFIRM = r"\[да/нет\] "


def _env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTCORE_", "GIGACHAT_", "OPENAI_", "BITRIX_"))}
    # rich sizes a dumb terminal 80x25 unless both COLUMNS and LINES are set.
    env.update(
        {"AGENTCORE_DATA_DIR": str(data_dir), "TERM": "dumb", "COLUMNS": "200", "LINES": "50", "LANG": "C.UTF-8"}
    )
    env.update(extra)
    return env


def _spawn(data_dir: Path, *args: str, **env: str) -> pexpect.spawn:
    return pexpect.spawn(
        AGENTCORE,
        ["crm", *args],
        env=_env(data_dir, **env),
        encoding="utf-8",
        codec_errors="replace",
        timeout=60,
        dimensions=(50, 200),
    )


@pytest.fixture
def crm(tmp_path: Path) -> Iterator[pexpect.spawn]:
    child = _spawn(tmp_path)
    child.expect_exact("CRM-агент Bitrix24")
    child.expect_exact("Режим: canary. Портал: локальный тестовый портал (демо-данные).")
    child.expect_exact("не LLM")
    child.expect_exact(PROMPT)
    yield child
    child.close(force=True)


def test_greeting_offers_only_what_the_local_portal_can_do(tmp_path: Path) -> None:
    """The local test portal is reached through a webhook, where Bitrix24 refuses event.*: no «Покажи подписки»."""
    child = _spawn(tmp_path)
    try:
        child.expect_exact("Примеры:")
        child.expect_exact(PROMPT)
        assert "«Покажи эту сделку»." in child.before and "подписки" not in child.before
    finally:
        child.close(force=True)


def test_dialog_with_bound_confirmations(crm: pexpect.spawn, tmp_path: Path) -> None:
    crm.sendline("Найди сделку «Ромашка»")
    crm.expect(r"→ crm\.deal\.list .*?\[выполнено\]")
    crm.expect_exact("Найдено сделок: 2")
    crm.expect_exact(PROMPT)

    crm.sendline("Создай сделку «Поставка фильтров» на 50 000 рублей для компании «Ромашка»")
    crm.expect(r"→ crm\.deal\.add .*?\[ждёт подтверждения c1\]")  # the amount of a new deal is critical too
    crm.expect_exact("Создать сделку «Поставка фильтров»: сумма 50 000 ₽, компания «ООО «Ромашка»» (#1).")
    crm.expect(CONFIRM)
    crm.sendline("да")
    crm.expect(r"→ crm\.deal\.add .*?\[выполнено\]")
    crm.expect_exact("Создана сделка #6.")
    crm.expect_exact(PROMPT)

    crm.sendline("Измени сумму этой сделки на 75 000")
    crm.expect(CONFIRM)
    shown = crm.before or ""
    assert re.search(r"→ crm\.deal\.update .*?\[ждёт подтверждения c2\]", shown, re.DOTALL)
    summary = "Требуется подтверждение c2: Изменить сумму сделки «Поставка фильтров» (#6): 50 000 ₽ → 75 000 ₽."
    assert summary in shown and shown.count("75 000 ₽") == 1  # in words, printed once
    assert "Мысль:" not in shown and "OPPORTUNITY" not in shown  # the model's reasoning only with --verbose
    crm.sendline("может быть")
    crm.expect_exact("Ответьте «да» или «нет».")
    crm.expect(CONFIRM)
    crm.sendline("да")
    crm.expect(r"→ crm\.deal\.update .*?\[выполнено\]")
    crm.expect_exact("Сделка #6 обновлена: сумма → 75 000 ₽.")
    crm.expect_exact(PROMPT)

    crm.sendline("Покажи эту сделку")
    crm.expect_exact("Сделка #6 «Поставка фильтров» — 75 000 ₽")
    crm.expect_exact(PROMPT)

    crm.sendline("Переведи сделку 6 на стадию выиграна")
    crm.expect(CONFIRM)
    crm.sendline("нет")
    crm.expect_exact("Отменено: c3 (crm.deal.update). В Bitrix24 ничего не отправлено.")
    crm.expect_exact(PROMPT)

    crm.sendline("Удали сделку 6")
    crm.expect(r"→ crm\.deal\.delete .*?\[запрещено\]")
    crm.expect_exact("запрещён в режиме canary")
    crm.expect_exact(PROMPT)

    crm.sendline("/q")
    crm.expect_exact("До свидания!")
    crm.expect(pexpect.EOF)
    crm.close()
    assert crm.exitstatus == 0
    assert "Traceback" not in (crm.before or "")

    from agentcore.apps.crm.fake_portal import FakePortal

    portal = FakePortal(tmp_path / "crm" / "fake_portal.sqlite3")
    code = portal.webhook_code()
    deal = portal.storage.get("deal", 6)
    portal.close()
    assert deal is not None and deal["OPPORTUNITY"] == "75000.00" and deal["STAGE_ID"] == "NEW"
    records = [json.loads(line) for line in (tmp_path / "logs" / "crm" / "cli.jsonl").read_text().splitlines()]
    assert [r["input"] for r in records if r["input"]][:2] == ["Найди сделку «Ромашка»", records[1]["input"]]
    assert any(r["confirmation"] == {"id": "c2", "approve": True} for r in records)
    for path in [tmp_path / "logs" / "crm.log", *(tmp_path / "logs").rglob("*.jsonl")]:
        assert code not in path.read_text(encoding="utf-8")
    assert "[crm] confirm // Approved by the user: c2 crm.deal.update" in (tmp_path / "logs" / "crm.log").read_text()


def test_bad_input_never_crashes(crm: pexpect.spawn) -> None:
    # One line at a time, each answered before the next (a «> » printed for an earlier line must not stand for a
    # later one's); the long line stays under the terminal's 4 KiB canonical-mode buffer, which cut a longer line and
    # now and then its newline with it, so the next line was read as part of it.
    for line in ("", "   "):
        crm.sendline(line)
        crm.expect_exact(PROMPT)
    os.write(crm.child_fd, b"\xff\xfe \xd0 bad bytes\n")
    crm.expect_exact(PROMPT)
    crm.sendline("я" * 2000)  # 4,000 bytes of UTF-8; whatever arrives must not break the dialog
    crm.expect_exact(PROMPT)
    crm.sendline("Измени сумму сделки 1 на 10")
    crm.expect(CONFIRM)
    crm.sendeof()  # leaves the request pending, the dialog goes on
    crm.expect_exact("Запрос c1 остаётся в ожидании.")
    crm.expect_exact(PROMPT)
    crm.sendintr()
    crm.expect_exact("До свидания!")
    crm.expect(pexpect.EOF)
    crm.close()
    assert crm.exitstatus == 0
    assert "Traceback" not in (crm.before or "")


def test_unknown_mode_is_a_russian_error(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--mode", "yolo")
    child.expect_exact("Неизвестный режим: yolo. Допустимо: shadow, canary, full.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_separate_fake_portal_process_and_shadow_mode(tmp_path: Path) -> None:
    port = free_port()
    portal = _spawn(tmp_path / "portal", "fake-portal", "--port", str(port), "--no-rate-limit")
    try:
        portal.expect(r"export BITRIX_WEBHOOK_URL=(\S+)")
        webhook = portal.match.group(1)
        assert re.fullmatch(rf"http://127\.0\.0\.1:{port}/rest/1/[0-9a-f]+/", webhook)
        child = _spawn(tmp_path / "agent", "--mode", "shadow", BITRIX_WEBHOOK_URL=webhook)
        child.expect_exact("Режим: shadow. Портал: входящий вебхук 127.0.0.1")
        child.expect_exact(PROMPT)
        child.sendline("Удали сделку 1")
        child.expect(r"→ crm\.deal\.delete .*?\[в плане \(shadow\)\]")
        child.expect_exact("Режим shadow: crm.deal.delete не выполняется, шаг сохранён в плане.")
        child.expect_exact(PROMPT)
        child.sendline("Покажи сделку 1")
        child.expect(r"\[в плане \(shadow\)\]")
        child.expect_exact(PROMPT)
        child.sendline("/q")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        secret = webhook.rstrip("/").rsplit("/", 1)[1]
        for path in (tmp_path / "agent" / "logs").rglob("*"):
            if path.is_file():
                assert secret not in path.read_text(encoding="utf-8", errors="replace")
        state = next((tmp_path / "agent" / "crm" / "state").rglob("*.json")).read_text(encoding="utf-8")
        assert '"method":"crm.deal.get"' in state and secret not in state
    finally:
        portal.sendintr()
        portal.close(force=True)


def test_serve_with_a_malformed_webhook_is_a_russian_error(tmp_path: Path) -> None:
    child = _spawn(
        tmp_path, "serve", "--port", str(free_port()), HTTP_API_TOKENS="k", BITRIX_WEBHOOK_URL="https://x.example/abc"
    )
    child.expect_exact("BITRIX_WEBHOOK_URL должен иметь вид")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "Traceback" not in (child.before or "") and "x.example" not in (child.before or "")


def test_fake_portal_prints_exports_that_survive_copying_from_a_narrow_terminal(tmp_path: Path) -> None:
    portal = pexpect.spawn(
        AGENTCORE,
        ["crm", "fake-portal", "--port", str(free_port())],
        env=_env(tmp_path, COLUMNS="80"),
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    try:
        portal.expect(r"export BITRIX_DOMAIN=([^\r\n]*)\r?\n")
        line = portal.match.group(1)
        for name in ("BITRIX_OAUTH_URL", "BITRIX_CLIENT_ID", "BITRIX_CLIENT_SECRET", "BITRIX_ACCESS_TOKEN"):
            assert f" {name}=" in line  # one shell line: nothing wrapped onto the next
        assert "BITRIX_REFRESH_TOKEN=" in line
    finally:
        portal.sendintr()
        portal.close(force=True)


def test_an_exit_command_at_the_yes_no_prompt_leaves_and_keeps_the_request(crm: pexpect.spawn, tmp_path: Path) -> None:
    crm.sendline("Измени сумму сделки 1 на 10")
    crm.expect(CONFIRM)
    crm.sendline("/q")
    crm.expect_exact("Запрос c1 остаётся в ожидании.")
    crm.expect_exact("До свидания!")
    crm.expect(pexpect.EOF)
    crm.close()
    assert crm.exitstatus == 0
    state = json.loads(next((tmp_path / "crm" / "state").rglob("*.json")).read_text(encoding="utf-8"))
    assert [(c["id"], c["status"]) for c in state["confirmations"]] == [("c1", "requested")]


def test_verbose_shows_the_thought(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--verbose")
    child.expect_exact(PROMPT)
    child.sendline("Найди сделку «Ромашка»")
    child.expect_exact("Мысль: Поиск сделок")
    child.expect_exact(PROMPT)
    child.sendline("/q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
