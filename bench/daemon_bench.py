"""Node daemon, side by side in one run: gpumemd serve vs nvitop-exporter vs a bare floor.

The floor is the least an exporter can do: a prometheus_client collector that reads NVML
(memory v2 + processes, one GPU) at scrape time, served by prometheus_client's own server.
All three are scraped round-robin over keep-alive connections, so they share the same
machine state; then each process's RSS and its idle CPU over the same window are read.

    python3 bench/daemon_bench.py --out results.json [--scrapes 3000] [--idle-seconds 30]
        [--baseline-tree DIR]   # also an older gpumemd (a `git archive` of its package in DIR),
                                # scraped in the same rounds: before/after in one run
        [--no-gpu]              # a machine without NVIDIA's driver: the floor imports pynvml
                                # and serves no NVML reads, gpumemd reads the host only, no nvitop

nvitop-exporter is optional (install its wheel or it is reported as missing).
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent

FLOOR = r'''
import sys, time, pynvml
from prometheus_client import start_http_server
from prometheus_client.core import GaugeMetricFamily, REGISTRY
from prometheus_client import registry
pynvml.nvmlInit()
class Floor:
    def collect(self):
        g = GaugeMetricFamily("floor_gpu_memory_used_bytes", "used", labels=["gpu"])
        p = GaugeMetricFamily("floor_process_gpu_memory_used_bytes", "proc", labels=["gpu", "pid"])
        for i in range(pynvml.nvmlDeviceGetCount()):
            h = pynvml.nvmlDeviceGetHandleByIndex(i)
            m = pynvml.nvmlDeviceGetMemoryInfo(h, pynvml.nvmlMemory_v2)
            g.add_metric([str(i)], m.used)
            for proc in pynvml.nvmlDeviceGetComputeRunningProcesses(h):
                p.add_metric([str(i), str(proc.pid)], proc.usedGpuMemory or 0)
        yield g
        yield p
REGISTRY.register(Floor())
start_http_server(int(sys.argv[1]), addr="127.0.0.1")
while True:
    time.sleep(3600)
'''


# Without a GPU: the floor's imports (prometheus_client, pynvml) and server, nothing to read.
FLOOR_NO_GPU = r'''
import sys, time, pynvml
try:
    pynvml.nvmlInit()
except pynvml.NVMLError:
    pass
from prometheus_client import start_http_server
start_http_server(int(sys.argv[1]), addr="127.0.0.1")
while True:
    time.sleep(3600)
'''


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Target:
    def __init__(self, name: str, cmd: list[str], port: int, env: dict[str, str] | None = None) -> None:
        self.name, self.port = name, port
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **(env or {})},
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.conn: http.client.HTTPConnection | None = None
        self.latencies: list[float] = []
        self.errors = 0
        self.bytes = 0

    def scrape(self) -> None:
        t0 = time.perf_counter()
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            self.conn.request("GET", "/metrics", headers={"Accept": "text/plain"})
            resp = self.conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise OSError(resp.status)
            if resp.will_close:
                self.conn.close()
                self.conn = None
        except (OSError, http.client.HTTPException):
            self.errors += 1
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            return
        self.latencies.append((time.perf_counter() - t0) * 1000)
        self.bytes = len(body)

    def wait_ready(self, timeout: float = 60) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    pass
                self.scrape()
                if self.latencies:
                    self.latencies.clear()
                    return True
            except OSError:
                pass
            time.sleep(0.2)
        return False


def _anon_mb(pid: int) -> float | None:
    """Private resident memory (RssAnon): what the process itself holds, not the shared
    libraries' pages the kernel may drop and map again (they make RSS noisy)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            kib = next(int(line.split()[1]) for line in f if line.startswith("RssAnon:"))
    except (OSError, StopIteration, ValueError):
        return None
    return round(kib * 1024 / 1e6, 1)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--scrapes", type=int, default=3000)
    ap.add_argument("--idle-seconds", type=float, default=30)
    ap.add_argument(
        "--baseline-tree", help="a directory holding an older gpumemd package, served as a fourth target"
    )
    ap.add_argument("--no-gpu", action="store_true", help="a machine without NVIDIA's driver (see above)")
    args = ap.parse_args()

    targets = []
    p = free_port()
    targets.append(
        Target(
            "gpumemd", [sys.executable, "-m", "gpumemd", "serve", "--web.listen-address", f"127.0.0.1:{p}"], p
        )
    )
    if not args.no_gpu:  # nvitop-exporter reads NVML
        p = free_port()
        targets.append(
            Target(
                "nvitop-exporter",
                [
                    sys.executable,
                    "-m",
                    "nvitop_exporter",
                    "--bind-address",
                    "127.0.0.1",
                    "--port",
                    str(p),
                    "--interval",
                    "1.0",
                ],
                p,
            )
        )
    p = free_port()
    targets.append(
        Target("bare-prometheus-client-floor", [sys.executable, "-c", FLOOR_NO_GPU if args.no_gpu else FLOOR,
                                                 str(p)], p)
    )
    if args.baseline_tree:
        p = free_port()
        base = str(Path(args.baseline_tree).resolve())
        targets.append(
            Target(
                "gpumemd-baseline",
                [
                    sys.executable,
                    "-c",
                    "import sys; sys.path.insert(0, sys.argv.pop(1)); "
                    "from gpumemd.cli import main; sys.exit(main(sys.argv[1:]))",
                    base,
                    "serve",
                    "--web.listen-address",
                    f"127.0.0.1:{p}",
                ],
                p,
            )
        )
    ready = [t for t in targets if t.wait_ready()]
    missing = {
        t.name: (
            t.proc.stderr.read().decode()[-500:]
            if t.proc.poll() is not None and t.proc.stderr
            else "not ready"
        )
        for t in targets
        if t not in ready
    }
    for _ in range(200):  # warm-up
        for t in ready:
            t.scrape()
    for t in ready:
        t.latencies.clear()
    for _ in range(args.scrapes):
        for t in ready:
            t.scrape()
    for t in ready:
        if t.conn is not None:
            t.conn.close()
            t.conn = None

    procs = {t.name: psutil.Process(t.proc.pid) for t in ready}
    cpu0 = {n: p.cpu_times() for n, p in procs.items()}
    time.sleep(args.idle_seconds)  # the idle window itself is what is measured
    cpu1 = {n: p.cpu_times() for n, p in procs.items()}

    if args.no_gpu:
        device = {"device": f"no GPU ({platform.processor() or platform.machine()}, {os.cpu_count()} CPUs)",
                  "driver": None, "gpus": 0}
    else:
        import pynvml

        pynvml.nvmlInit()
        h = pynvml.nvmlDeviceGetHandleByIndex(0)
        device = {"device": pynvml.nvmlDeviceGetName(h), "driver": pynvml.nvmlSystemGetDriverVersion(),
                  "gpus": pynvml.nvmlDeviceGetCount()}
    result = {
        "date": datetime.date.today().isoformat(),
        **device,
        "scrapes_each": args.scrapes,
        "idle_seconds": args.idle_seconds,
        "missing": missing,
        "targets": {},
    }
    for t in ready:
        name = t.name
        busy = (cpu1[name].user + cpu1[name].system) - (cpu0[name].user + cpu0[name].system)
        result["targets"][name] = {
            "scrape_p50_ms": round(pct(t.latencies, 0.50), 3),
            "scrape_p99_ms": round(pct(t.latencies, 0.99), 3),
            "scrape_mean_ms": round(statistics.fmean(t.latencies), 3),
            "errors": t.errors,
            "bytes_per_scrape": t.bytes,
            "rss_mb": round(procs[name].memory_info().rss / 1e6, 1),
            "rss_anon_mb": _anon_mb(procs[name].pid),
            "idle_cpu_percent_of_core": round(100 * busy / args.idle_seconds, 3),
        }
    floor = result["targets"].get("bare-prometheus-client-floor")
    if floor:
        for t in result["targets"].values():
            t["p50_vs_floor"] = round(t["scrape_p50_ms"] / floor["scrape_p50_ms"], 3)
            t["p99_vs_floor"] = round(t["scrape_p99_ms"] / floor["scrape_p99_ms"], 3)
    for t in targets:
        t.proc.terminate()
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
