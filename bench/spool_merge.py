"""What merging the ranks' spool costs `gpumemd serve`: per sample, and in resident memory.

    python3 bench/spool_merge.py [--out FILE] [--seconds 65] [--samples 60]

For 8 and 64 ranks x 30 and 1,000 series each (and an empty spool):

- `merge_cached_us`: one `SpoolSource.read` + `families()` (what a sample does) when no
  file changed since the last sample (each rank only heartbeat-touched: nothing re-parsed);
- `merge_rewritten_us`: the same when every rank rewrote its file since the last sample
  (what a sample costs while every rank's readings move);
- `rss_*`: a real `gpumemd serve --replay` (history 300, interval 100 ms: the history is
  full after 30 s) for `--seconds` while this process rewrites every rank's file once a
  second, as agents do: resident set (VmRSS) at start, every ~10 s, and at the end with its
  peak (VmHWM), against the same daemon with an empty spool.

Ranks are files named for live processes of ours (sleeping children), so each sample also
verifies every rank's owner through /proc, as on a node. All ranks are one user's: the per-uid
budgets are raised to the totals (`SINGLE_TENANT`, a single-tenant node's settings), so the
largest shape is served whole.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from prometheus_client.core import Metric  # noqa: E402

from gpumemd.config import SpoolSourceConfig  # noqa: E402
from gpumemd.sources.spool import SpoolSource  # noqa: E402
from gpumemd.spool.encoder import Encoder  # noqa: E402
from tests.helpers import free_port, wait_until_ready  # noqa: E402

REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
# sources.spool for a node whose ranks are all one user's (docs/deploy.md, The spool)
SINGLE_TENANT = {"max_uid_series": 65_536, "max_uid_bytes": 128 << 20, "max_uid_new_series": 65_536,
                 "max_uid_files": 1024}
SHAPES = [(8, 30), (8, 1000), (64, 30), (64, 1000)]


def rank_bytes(pid: int, rank: int, series: int, written: float, step: int) -> bytes:
    fam = Metric("gpumemd_allocator_bench_bytes", "A bench series.", "gauge")
    for i in range(series):
        fam.add_sample("gpumemd_allocator_bench_bytes", {"rank": str(rank), "series": str(i)},
                       float(1_000_000 + i + step))
    # everything=True: a family of the bench's own, which no agent publishes, written as given
    identity = {"rank": str(rank), "local_rank": str(rank % 8), "world_size": "64", "job_id": "bench"}
    return Encoder(pid=pid, interval=1.0, identity=identity, everything=True).encode([fam], written)


def write_all(spool: Path, pids: list[int], series: int, step: int) -> None:
    now = time.time()
    for rank, pid in enumerate(pids):
        tmp = spool / f".agent-{pid}.json.tmp"
        tmp.write_bytes(rank_bytes(pid, rank, series, now, step))
        os.rename(tmp, spool / f"agent-{pid}.json")


def merge_cost(spool: Path, pids: list[int], series: int, samples: int) -> dict[str, float]:
    src = SpoolSource(spool, settings=SpoolSourceConfig(**SINGLE_TENANT))
    write_all(spool, pids, series, 0)

    def one() -> float:
        t = time.perf_counter()
        reading = src.read({})
        n = sum(len(f.samples) for f in src.families(reading))
        took = time.perf_counter() - t
        assert len(reading.ranks) == len(pids) and n >= len(pids) * series, (len(reading.ranks), n)
        return took

    for _ in range(20):  # a scan reads new files for max_scan_seconds: the first few serve them all
        if len(src.read({}).ranks) == len(pids):
            break
    one()
    cached = []
    for _ in range(samples):
        for pid in pids:  # the heartbeat of an unchanged rank
            os.utime(spool / f"agent-{pid}.json")
        cached.append(one())
    rewritten = []
    for step in range(1, samples + 1):
        write_all(spool, pids, series, step)
        rewritten.append(one())
    return {
        "merge_cached_us": round(statistics.median(cached) * 1e6, 1),
        "merge_rewritten_us": round(statistics.median(rewritten) * 1e6, 1),
        "merge_rewritten_p90_us": round(sorted(rewritten)[int(len(rewritten) * 0.9)] * 1e6, 1),
    }


def status_kib(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def daemon_rss(spool: Path, pids: list[int], series: int, seconds: float) -> dict[str, Any]:
    cfg = spool.parent / "gpumemd.yaml"
    cfg.write_text(
        f"sampler: {{interval: 100ms, history: 300}}\nagent: {{spool_dir: {spool}}}\nlog: {{level: warn}}\n"
        f"sources: {{spool: {json.dumps(SINGLE_TENANT)}}}\n"
    )
    port = free_port()
    cmd = [
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
    ]
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_ready(url, proc)
        start = status_kib(proc.pid)
        began = time.monotonic()
        end_at = began + seconds
        step = 0
        trace = []
        while time.monotonic() < end_at:
            step += 1
            if pids:
                write_all(spool, pids, series, step)
            if step % 10 == 0:  # RSS every ~10 s: a plateau, or growth with the history
                trace.append([round(time.monotonic() - began), status_kib(proc.pid)["VmRSS"]])
            time.sleep(max(0.0, 1.0 - (time.monotonic() % 1.0)))  # agents publish once a second
        with urllib.request.urlopen(url + "/metrics", timeout=10) as resp:
            body = resp.read().decode()
        end = status_kib(proc.pid)
        served = sum(1 for line in body.splitlines() if line.startswith("gpumemd_allocator_bench_bytes{"))
        return {
            "rss_start_kib": start["VmRSS"],
            "rss_end_kib": end["VmRSS"],
            "rss_peak_kib": end["VmHWM"],
            "series_served": served,
            "publishes": step,
            "rss_trace_s_kib": trace,
        }
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--seconds", type=float, default=65.0)
    ap.add_argument("--samples", type=int, default=60)
    args = ap.parse_args()
    kids = [
        subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
        for _ in range(max(r for r, _ in SHAPES))
    ]
    results: list[dict[str, Any]] = []
    base = Path(tempfile.mkdtemp(prefix="gpumemd-spool-merge-"))
    try:
        for ranks, series in [(0, 0), *SHAPES]:
            spool = base / f"spool-{ranks}x{series}"
            spool.mkdir()
            pids = [k.pid for k in kids[:ranks]]
            row: dict[str, Any] = {"ranks": ranks, "series_per_rank": series}
            if ranks:
                row.update(merge_cost(spool, pids, series, args.samples))
                row["file_bytes"] = len(rank_bytes(pids[0], 0, series, time.time(), 0))
            row.update(daemon_rss(spool, pids, series, args.seconds))
            print(json.dumps(row), flush=True)
            results.append(row)
    finally:
        for k in kids:
            k.communicate(b"", timeout=10)
        shutil.rmtree(base, ignore_errors=True)
    empty = results[0]["rss_end_kib"]
    for row in results:
        row["rss_over_empty_kib"] = row["rss_end_kib"] - empty
    doc = {
        "bench": "spool_merge",
        "date": time.strftime("%Y-%m-%d"),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "history": 300,
        "interval_s": 0.1,
        "seconds": args.seconds,
        "results": results,
    }
    text = json.dumps(doc, indent=1)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
