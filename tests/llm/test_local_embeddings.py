"""The local embedder's OpenMP wait policy (``agentcore.llm._local_embeddings``), in fresh processes: libgomp reads
``OMP_WAIT_POLICY`` once, when it loads, so the test process (which may have loaded it already) cannot show it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

_PROBE = r"""
import json, os
from pathlib import Path

def gomp_loaded():
    return "libgomp" in Path("/proc/self/maps").read_text()

from agentcore.llm._local_embeddings import embed_local_array
before = gomp_loaded()
vectors = embed_local_array(["когда перечисляют отпускные"], "query")
print(json.dumps({"before": before, "after": gomp_loaded(), "policy": os.environ.get("OMP_WAIT_POLICY"),
                  "shape": list(vectors.shape)}))
"""

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="reads /proc/self/maps (Linux)")


def _run(policy: str | None) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if policy is not None:
        env["OMP_WAIT_POLICY"] = policy
    out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_engine_loads_with_a_passive_wait_policy() -> None:
    result = _run(None)
    # the policy is set before libgomp loads (it is not loaded by the import, only by the first embedding)
    assert result == {"before": False, "after": True, "policy": "PASSIVE", "shape": [1, 384]}


def test_a_wait_policy_the_user_set_is_kept() -> None:
    assert _run("ACTIVE")["policy"] == "ACTIVE"
