"""The CRM red-team suite as a table (docs/crm.md): run from the repository root.

    .venv/bin/python benchmarks/crm_redteam.py            # the code of this checkout
    PYTHONPATH=<old checkout>/src:<old checkout> .venv/bin/python benchmarks/crm_redteam.py   # another commit

Each case runs on a fresh fake portal over HTTP; see tests/apps/crm/redteam.py for what is counted.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from tests.apps.crm.redteam import CASES, run_suite, table


def main() -> None:
    logging.disable(logging.CRITICAL)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as workdir:
        outcomes = asyncio.run(run_suite(Path(workdir)))
    elapsed = time.perf_counter() - started
    print(table(outcomes))
    print(f"\n{len(CASES)} cases in {elapsed:.1f} s")
    for outcome in outcomes:
        if not outcome.ok:
            print(f"- {outcome.case.name}: {outcome.counts} {'; '.join(outcome.notes)[:200]}")


if __name__ == "__main__":
    main()
