"""Resident memory of a real `gpumemd serve` merging 40 ranks x 120 series whose every series
carries 30 labels of 1,000 characters (147 MB of spool files, 7 % of max_total_series): the
case a series-only bound let past the DaemonSet's 256 Mi limit.

    python3 bench/spool_long_labels.py [CHECKOUT]

Ranks are files named for 40 sleeping children of ours (owners verified through /proc);
prints the series served and the daemon's VmRSS/VmHWM after 8 s of sampling (one JSON line).
CHECKOUT (default: this one) lets the same run measure another tree, e.g. an older commit's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from prometheus_client.core import Metric  # noqa: E402

from gpumemd.spool.encoder import encode  # noqa: E402
from tests.helpers import free_port, scrape, wait_until_ready  # noqa: E402

REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"


def main() -> None:
    base = Path(tempfile.mkdtemp())
    spool = base / "spool"
    spool.mkdir(mode=0o700)
    kids = [subprocess.Popen(["sleep", "600"]) for _ in range(40)]
    now = time.time() + 3600
    for rank, kid in enumerate(kids):
        fam = Metric("gpumemd_allocator_allocated_bytes", "x", "gauge")
        for i in range(120):
            labels = {f"l{k}": f"{rank}-{i}-{k}-" + "v" * 1000 for k in range(30)}
            fam.add_sample("gpumemd_allocator_allocated_bytes", {"series": str(i), **labels}, 1.0)
        (spool / f"agent-{kid.pid}.json").write_bytes(
            encode([fam], pid=kid.pid, written=now, interval=1.0, identity={"rank": str(rank)}))
    cfg = base / "gpumemd.yaml"
    cfg.write_text(f"sampler: {{interval: 1s}}\nagent: {{spool_dir: {spool}}}\n")
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "serve",
            "--web.listen-address",
            f"127.0.0.1:{port}",
            "--config.file",
            str(cfg),
            "--replay",
            str(REPLAY),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until_ready(f"http://127.0.0.1:{port}", proc, timeout=120)
        time.sleep(8)  # a few samples: every rank read, the refused ones parked
        body = scrape(f"http://127.0.0.1:{port}/metrics", timeout=60)
        served = sum(1 for line in body.splitlines() if line.startswith("gpumemd_allocator_allocated_bytes{"))
        status = dict(
            line.split(":", 1)
            for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines()
            if ":" in line
        )
        print(
            json.dumps(
                {
                    "checkout": str(ROOT),
                    "series_served": served,
                    "vm_rss": status["VmRSS"].strip(),
                    "vm_hwm": status["VmHWM"].strip(),
                    "spool_mb": round(sum(f.stat().st_size for f in spool.iterdir()) / 1e6, 1),
                }
            )
        )
    finally:
        proc.terminate()
        proc.wait(10)
        for kid in kids:
            kid.kill()
            kid.wait()
        for f in spool.iterdir():
            f.unlink()


if __name__ == "__main__":
    main()
