"""How long the readers of untrusted JSON take on large real-shaped documents (no tracemalloc:
`parser_budget.py` measures memory, its times are tracemalloc's), best of 5: a spool file of
10,000 series (real shape, and tiny: one short label each, in version 2's rows and version
1's families), a Prometheus answer of 20,000 ranks
and an alerts answer of 5,000 alerts, read through the spool's `parse` and the commands' `query`
and `read_daemon` against a local HTTP server; each spool file also as `validate(json.loads(data))`,
the reference its time is compared with. Runs on any tree, so the same command times main and a branch:

    PYTHONPATH=<tree> python bench/parser_speed.py --out <dir>/<tree>-speed.json
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# the sibling module (this file's directory leads sys.path), gpumemd from PYTHONPATH's tree: the
# same documents timed on main and on a branch
from parser_budget import _real_spool, answers, tiny_series  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    from gpumemd.spool.format import parse, validate  # noqa: PLC0415

    prometheus, alerts = answers()
    ranks = [{"metric": {"__name__": "gpumemd_process_rank_info", "job_id": "j", "rank": str(i),
                         "instance": f"node{i // 8}:9967"}, "value": [1.7e9, "1"]} for i in range(20_000)]
    firing = [{"labels": {"alertname": "GpuMemoryLeak", "rank": str(i), "job_id": "j", "severity": "warning"},
               "annotations": {"summary": f"rank {i} grows 120 MiB an hour", "runbook": "docs/alerts.md"},
               "state": "firing", "activeAt": "2026-11-28T09:00:00Z", "value": "1.2e+08"}
              for i in range(5_000)]
    compact = (",", ":")
    cases: list[tuple[str, Callable[[bytes], Any], bytes]] = [
        ("spool file, 10,000 series", lambda d: parse(d, name_pid=834, max_series=10_000),
         _real_spool(ROOT, 10_000)),
        ("spool file, 10,000 series: validate(json.loads), the reference",
         lambda d: validate(json.loads(d), name_pid=834, max_series=10_000), _real_spool(ROOT, 10_000)),
        ("spool file, 10,000 tiny series", lambda d: parse(d, name_pid=834, max_series=10_000),
         tiny_series(10_000)),
        ("spool file, 10,000 tiny series: validate(json.loads), the reference",
         lambda d: validate(json.loads(d), name_pid=834, max_series=10_000), tiny_series(10_000)),
        ("spool file, 10,000 tiny series, version 1", lambda d: parse(d, name_pid=834, max_series=10_000),
         tiny_series(10_000, 1)),
        ("spool file, 10,000 tiny series, version 1: validate(json.loads), the reference",
         lambda d: validate(json.loads(d), name_pid=834, max_series=10_000), tiny_series(10_000, 1)),
        ("prometheus answer, 20,000 ranks", prometheus, json.dumps(
            {"status": "success", "data": {"resultType": "vector", "result": ranks}},
            separators=compact).encode()),
        ("alerts answer, 5,000 alerts", alerts, json.dumps(
            {"status": "success", "data": {"alerts": firing}}, separators=compact).encode()),
    ]
    out = {}
    for name, read, data in cases:
        best = float("inf")
        for _ in range(5):
            started = time.process_time()
            read(data)
            best = min(best, time.process_time() - started)
        out[name] = round(best, 3)
        print(f"{name:70} {len(data):>9} B  best of 5 {best:.3f} s of CPU")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
