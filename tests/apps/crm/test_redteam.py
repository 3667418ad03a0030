"""The red-team suite (tests/apps/crm/redteam.py) on every CI run: no forbidden, unconfirmed or non-owner write, no
crash, no leak, no spoofed prompt — the portal's database compared before and after every turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.apps.crm.redteam import CASES, run_case, table

pytestmark = pytest.mark.e2e


def test_the_suite_is_large_and_covers_every_family() -> None:
    assert len(CASES) >= 120
    families = {case.family for case in CASES}
    assert len(families) >= 13
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
async def test_case_holds(case: object, tmp_path: Path) -> None:
    outcome = await run_case(case, tmp_path)  # type: ignore[arg-type]
    assert outcome.ok, f"{outcome.counts}: {outcome.notes}\n{table([outcome])}"
