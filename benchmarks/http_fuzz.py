"""The long OpenAPI fuzzing run (issue 12): every operation of the one app, many examples, several seeds.

The CI test (``tests/test_server_openapi.py``) sends ~30 derandomised examples per operation and mode; this run
sends ``--examples`` per operation, mode and seed, with the same checks (schemathesis's: no 5xx, status
documented, body and headers conform to the schema, valid data accepted, invalid rejected, auth not ignored; ours:
every 4xx is ``{"error", "code"}``).  Admin routes are fuzzed past their token check.  The reference measured in the
same run is the request rate of the health route alone under the same ASGI transport.

    .venv/bin/python benchmarks/http_fuzz.py [--examples 300] [--seeds 1 2 3]

Goal: 0 server errors, 0 failures.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from pydantic import SecretStr

from agentcore.apps.crm.settings import CrmSettings

ADMIN = "bench-admin-token"
API_KEY = "bench-api-key"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=300, help="examples per operation, mode and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()

    import agentcore.rag.engine as engine
    from agentcore.config import Settings
    from agentcore.rag.embeddings import HashingEmbedder
    from agentcore.server import create_app
    from agentcore.testing.fuzz import FuzzReport, fuzz_openapi

    with tempfile.TemporaryDirectory(prefix="agentcore-fuzz-") as tmp:
        kb = Path(tmp) / "kb"
        kb.mkdir()
        (kb / "vacation.md").write_text("# Отпуск\n\nОтпуск длится 28 календарных дней.", encoding="utf-8")
        (kb / "vpn.md").write_text("# VPN\n\nУстановите клиент OpenVPN.", encoding="utf-8")
        # A cheap embedder: the run exercises the HTTP surface, not the model (its speed is rag_eval's business).
        engine.bundled_kb_path = lambda: kb  # type: ignore[assignment]
        engine.create_embedder = lambda *args, **kwargs: HashingEmbedder()  # type: ignore[assignment]
        settings = Settings(
            provider="offline",
            data_dir=Path(tmp) / "data",
            admin_tokens=SecretStr(ADMIN),
            crm=CrmSettings(http_api_tokens=SecretStr(API_KEY)),
        )
        app = create_app(settings)
        headers = {"Authorization": f"Bearer {ADMIN}", "X-API-Key": API_KEY}  # every route past its auth check

        from fastapi.testclient import TestClient

        total = FuzzReport()
        with TestClient(app) as client:  # runs the routers' lifespans (the CRM builds its orchestrator)
            started = time.perf_counter()  # reference: the cheapest route through the same in-process transport
            for _ in range(300):
                client.get("/health")
            reference_rps = 300 / (time.perf_counter() - started)
            for seed in args.seeds:
                report = fuzz_openapi(app, max_examples=args.examples, seed=seed, headers=headers)
                print(f"seed {seed}: {report.summary()}", flush=True)
                total.cases.update(report.cases)
                total.statuses.update(report.statuses)
                total.failures.update({f"seed {seed} {k}": v for k, v in report.failures.items()})
                total.seconds += report.seconds

    operations = sorted({key.rsplit(" ", 1)[0] for key in total.cases})
    print()
    print(f"total: {total.summary()}")
    print(f"fuzzed {total.total / total.seconds:.0f} requests/s; reference GET /health {reference_rps:.0f} requests/s")
    for operation in operations:
        counts = {mode: total.cases[f"{operation} {mode}"] for mode in ("positive", "negative")}
        print(f"  {operation}: {counts['positive']} valid, {counts['negative']} invalid requests")
    ok = total.server_errors == 0 and not total.failures
    print("PASS" if ok else "FAIL", "(0 server errors, 0 failed checks)")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
