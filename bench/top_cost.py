"""What `gpumemd top` costs the node: CPU and RSS at a 1 s refresh, 8 GPUs x 8 ranks
(the synthetic 8-GPU capture replayed, its ranks written through the real agent code).

Two arms, one after the other in one run: top sampling the node itself (no daemon), and
top reading a running `gpumemd serve` (whose own cost is the daemon's, not top's).

    python3 bench/top_cost.py [--seconds 30] [--out bench/results/<date>-cpu/top-cost.json]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import synth_capture  # noqa: E402

from gpumemd.backends.replay import load_capture  # noqa: E402
from tests.helpers import free_port, wait_until_ready  # noqa: E402

CAPTURE = ROOT / "tests/fixtures/captures/synthetic__8xh200__8-ranks.json"


def measure(cmd: list[str], seconds: float) -> dict[str, float]:
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    ps = psutil.Process(proc.pid)
    time.sleep(3)  # start-up (imports, the first read) is not the steady cost
    c0, t0 = ps.cpu_times(), time.monotonic()
    time.sleep(seconds)
    c1, t1 = ps.cpu_times(), time.monotonic()
    rss = ps.memory_info().rss
    proc.terminate()
    proc.wait(10)
    busy = (c1.user + c1.system) - (c0.user + c0.system)
    return {"cpu_percent_of_core": round(100 * busy / (t1 - t0), 3), "rss_mb": round(rss / 1e6, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument(
        "--out", default=str(ROOT / "bench/results" / f"{datetime.date.today()}-cpu" / "top-cost.json")
    )
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="gpumemd-top-"))
    synth_capture.write_spool(load_capture(CAPTURE), tmp / "spool", written=time.time())
    cfg = tmp / "gpumemd.yml"
    cfg.write_text(
        f"agent: {{spool_dir: {tmp / 'spool'}}}\nsources: {{spool: {{accept_unverified: true}}}}\n"
    )
    top = [sys.executable, "-m", "gpumemd", "top", "--interval", "1s"]
    result: dict[str, object] = {
        "date": datetime.date.today().isoformat(),
        "gpus": 8,
        "ranks": 8,
        "refresh_s": 1.0,
        "seconds": args.seconds,
        "cpus": os.cpu_count(),
    }
    result["top_sampling_here"] = measure(
        [*top, "--replay", str(CAPTURE), "--config.file", str(cfg)], args.seconds
    )
    port = free_port()
    serve = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "serve",
            "--replay",
            str(CAPTURE),
            "--config.file",
            str(cfg),
            "--web.listen-address",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        wait_until_ready(f"http://127.0.0.1:{port}", serve)
        result["top_reading_serve"] = measure([*top, "--url", f"http://127.0.0.1:{port}"], args.seconds)
    finally:
        serve.terminate()
        serve.wait(10)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
