"""The daemon's scrape latency tail while ranks train: p50/p99/max of /metrics, on CPU.

    python3 bench/scrape_tail.py [--baseline-tree DIR] [--tree NAME=DIR ...] [--rounds 3] [--seconds 20]
                                 [--ranks 4] [--families 8] [--series 7] [--cost-publish all|one]
                                 [--hog-switch 0.002] [--out FILE]

A real `gpumemd serve --replay` (the 8-GPU synthetic capture, interval 1 s) merges a spool
that `--ranks` ranks rewrite once a second with CHANGING values (each rank a `SpoolWriter`
of a live child process of ours, as an agent publishes), so every sample re-renders the
allocator families, as while a job trains. One client scrapes /metrics back to back over a
keep-alive connection (every `--gap` seconds; `--fresh`: a new connection each, as
bench/multigpu.py scrapes) and times each answer to its last byte.
On a shared box the tail is also the OS's (a thread not scheduled): each scrape is placed in
the sampler's cycle by the sample it was served, and those starting within 30 ms of a
sample's start (`during_*`, where the sampler thread holds the GIL) are told apart from the
others (`apart_*`, the box's own noise). First, each tree's text cache alone renders the
ranks' families (as the daemon merges them) with every value moved, in-process: the render's
cost without the box's scheduling; a scrape's GIL hand-offs beside a thread that holds the GIL
(`scrape_*_switch_intervals`: each drop of the GIL by the HTTP thread costs it about one switch
interval); and each tree's sample in-process, the sampling thread's CPU per phase
(`phase_cpu_us_median`), with a thread beside it that wants the GIL every 0.1 ms (`gil_wait_*`:
how long a sample keeps the GIL from the HTTP thread, under the switch interval the tree's
daemon sets).

With `--baseline-tree` (a `git archive` of an older gpumemd package), the two trees run in
alternating rounds (baseline, each --tree, current, baseline, ...): the figures of a loaded 2-CPU box
drift, so each round's pair is measured minutes apart at most. One JSON line per round.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from prometheus_client.core import Metric  # noqa: E402

from gpumemd.config.loader import parse_duration  # noqa: E402
from gpumemd.spool.writer import SpoolWriter  # noqa: E402
from tests.helpers import free_port, wait_until_ready  # noqa: E402

REPLAY = ROOT / "tests/fixtures/captures/synthetic__8xh200__8-ranks.json"
FIXTURE = ROOT / "tests/fixtures/spool/h100__580.159.04__two-ranks-cupy/agent-813.json"  # a real agent's file
STAMP = re.compile(rb"^gpumemd_last_sample_timestamp_seconds (\S+)$", re.M)
WORLD = "4"  # the ranks' world_size label (bench/multigpu.py's job)
WINDOW = 0.030  # a scrape that starts this soon after a sample began meets the sampler's work


def rank_families(rank: int, families: int, series: int, step: int, pid: int = 0) -> list[Metric]:
    """A rank's families: a real agent's (the H100 spool fixture's, byte counts moved) and
    allocator-shaped ones; every value of a byte count moves each step (training). Each series
    carries the rank's identity labels, as an agent's do (agent/identity.py)."""
    ident = {"rank": str(rank), "job_id": "bench"}
    fixture = json.loads(FIXTURE.read_text())
    out = [Metric(name, help_, typ) for name, typ, help_ in fixture["types"]]
    for index, name, labels, value in fixture["samples"]:
        labels = {**labels, **ident, **({"gpu": str(rank)} if "gpu" in labels else {})}
        if "pid" in labels:  # gpumemd_agent_info: the whole identity, the writer's pid
            labels.update(pid=str(pid), local_rank=str(rank), world_size=WORLD)
        out[index].add_sample(name, labels, float(value + 4096 * step if value > 4096 else value))
    for f in range(families):
        fam = Metric(f"gpumemd_allocator_bench{f}_bytes", "A bench series.", "gauge")
        for s in range(series):
            fam.add_sample(fam.name, {"pool": str(s), "stat": "current", **ident},
                           float(1_000_000 * (rank + 1) + 4096 * step + 17 * s + f))
        out.append(fam)
    return out


class Publisher(threading.Thread):
    """Every rank publishes once a second into the spool, values changed each time."""

    def __init__(self, spool: Path, pids: list[int], families: int, series: int) -> None:
        super().__init__(daemon=True)
        self.stop = threading.Event()
        self.shape, self.pids = (families, series), pids
        identity = {"world_size": WORLD, "job_id": "bench"}
        self.writers = [
            SpoolWriter(spool, identity={**identity, "rank": str(r), "local_rank": str(r)}, interval=1.0,
                        pid=pid, everything=True)
            for r, pid in enumerate(pids)
        ]

    def run(self) -> None:
        step = 0
        while not self.stop.is_set():
            step += 1
            for rank, writer in enumerate(self.writers):
                writer.publish(rank_families(rank, *self.shape, step, self.pids[rank]))
            self.stop.wait(1.0 - time.time() % 1.0)


RENDER_COST = """
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from prometheus_client.core import Metric
from gpumemd.sampling.exposition import TextCache
ranks, families, series = map(int, sys.argv[2:5])
def sample(step):
    out = []
    for f in range(families):
        fam = Metric(f"gpumemd_allocator_bench{f}_bytes", "A bench series.", "gauge")
        for r in range(ranks):
            for s in range(series):
                labels = {"gpu": str(r), "job_id": "bench", "local_rank": str(r), "pool": str(s),
                          "rank": str(r), "stat": "current", "world_size": str(ranks)}
                fam.add_sample(fam.name, labels,
                               float(1_000_000 * (r + 1) + 4096 * step + 17 * s + f))
        out.append(fam)
    return out
cache, took = TextCache(), []
for step in range(300):
    fams = sample(step)
    t = time.perf_counter()
    cache.render(fams)
    took.append(time.perf_counter() - t)
print(json.dumps(round(statistics.median(took[20:]) * 1e6, 1)))
"""


SAMPLE_COST = """
import gc, json, statistics, subprocess, sys, tempfile, threading, time
from pathlib import Path
tree, root, ranks, families, series, samples = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:7])
publishing = sys.argv[7]  # "all": every rank's file rewritten before each sample; "one": one rank's, in turn
sys.path[:0] = [tree, root]
import functools
import gpumemd  # the tree's
from gpumemd.sampling import exposition
from gpumemd.sources import spool as spool_source
from gpumemd.spool import reader as spool_reader
# The sampling thread's CPU time per phase of a sample (functions both trees have): the spool's
# read (stat, verify, parse) and its parse alone, the merge (the spool source's families), the
# render (the text cache); each collector's read and the alert engine as the sampler times them.
phase = {}
def timed(key, fn, drain=False):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        t = time.thread_time()
        try:
            return list(fn(*a, **k)) if drain else fn(*a, **k)
        finally:
            phase[key] = phase.get(key, 0.0) + time.thread_time() - t
    return wrapper
spool_reader.parse = timed("spool_parse", spool_reader.parse)
spool_reader.SpoolReader.read = timed("spool_read", spool_reader.SpoolReader.read)
spool_source.SpoolSource.families = timed("spool_merge", spool_source.SpoolSource.families, drain=True)
exposition.TextCache.render = timed("render", exposition.TextCache.render)
from bench.scrape_tail import REPLAY, WORLD, rank_families
from gpumemd import daemon
from gpumemd.backends.replay import load_capture
from gpumemd.config import loader
from gpumemd.spool.writer import SpoolWriter
kids = [subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
        for _ in range(ranks)]
spool = Path(tempfile.mkdtemp()) / "spool"
spool.mkdir(mode=0o700)
writers = [SpoolWriter(spool, identity={"world_size": WORLD, "job_id": "bench", "rank": str(r),
                                        "local_rank": str(r)}, interval=1.0, pid=k.pid, everything=True)
           for r, k in enumerate(kids)]
def publish(step):
    for r, w in enumerate(writers):
        if publishing == "all" or r == step % ranks:
            w.publish(rank_families(r, families, series, step, kids[r].pid))
publish(0)
runtime = daemon.build_runtime(loader.loads(f"agent: {{spool_dir: {spool}}}\\nlog: {{level: warn}}\\n"),
                               load_capture(str(REPLAY)))
runtime.sampler.sample_once()
getattr(daemon, "freeze_heap", lambda: None)()  # as the tree's `gpumemd serve` starts
daemon.release_memory()
sys.setswitchinterval(getattr(daemon, "GIL_SWITCH_INTERVAL", 0.005))  # as its `serve` sets it (or not)
# A thread that wants the GIL every 0.1 ms while a sample runs, as the HTTP thread does at each
# step of a scrape: how late it wakes is how long the sampler kept the GIL from it. Beside each
# wait, the CPU time the sampling thread ran meanwhile: a long wait it ran through is its own
# work (code); one it did not run through is the OS's (the thread holding the GIL not scheduled).
waits, ran, sampling, done = [], [], threading.Event(), threading.Event()
sampler_clock = time.pthread_getcpuclockid(threading.get_ident())
def waiter():
    while not done.is_set():
        t, c = time.perf_counter(), time.clock_gettime(sampler_clock)
        time.sleep(0.0001)
        if sampling.is_set():
            waits.append(time.perf_counter() - t)
            ran.append(time.clock_gettime(sampler_clock) - c)
threading.Thread(target=waiter, daemon=True).start()
took, full, cpu, phases = [], [], [], {}
started = [0.0]
def timed(phase, info):
    if info["generation"] == 2:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            full.append(time.perf_counter() - started[0])
gc.callbacks.append(timed)
for step in range(1, samples + 1):
    publish(step)
    time.sleep(0.002)  # the waiter runs between samples, as the HTTP thread does
    sampling.set()
    phase.clear()
    t, c = time.perf_counter(), time.thread_time()
    runtime.sampler.sample_once(due_only=True)
    took.append(time.perf_counter() - t)
    cpu.append(time.thread_time() - c)
    sampling.clear()
    reads = {"read_" + k: v for k, v in runtime.sampler.cycle.durations.items()}
    for name, seconds in {**phase, **reads}.items():
        phases.setdefault(name, []).append(seconds)
done.set()
for k in kids:
    k.communicate(b"")
us = sorted(x * 1e6 for x in took)
wait_us = sorted(x * 1e6 for x in waits) or [0.0]
long_ran = [r / w for w, r in zip(waits, ran) if w > 0.002]
print(json.dumps({"publishing": publishing, "sample_us_median": round(statistics.median(us), 1),
                  "sample_cpu_us_median": round(statistics.median(cpu) * 1e6, 1),
                  "phase_cpu_us_median": {k: round(statistics.median(v) * 1e6, 1)
                                          for k, v in sorted(phases.items())},
                  "sample_us_p90": round(us[int(0.9 * len(us))], 1), "sample_us_max": round(us[-1], 1),
                  "full_collections": len(full),
                  "full_collection_us_max": round(max(full, default=0.0) * 1e6, 1),
                  "switch_interval_us": round(sys.getswitchinterval() * 1e6, 1), "gil_waits": len(waits),
                  "gil_wait_us_p50": round(wait_us[len(wait_us) // 2], 1),
                  "gil_wait_us_p99": round(wait_us[int(0.99 * len(wait_us))], 1),
                  "gil_wait_us_max": round(wait_us[-1], 1),
                  "gil_waits_over_1ms": sum(1 for w in wait_us if w > 1000),
                  "gil_waits_over_2ms": sum(1 for w in wait_us if w > 2000),
                  "gil_waits_over_2ms_sampler_ran": sum(1 for f in long_ran if f >= 0.8)}))
"""


def sample_cost(tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    """One sample of `tree`'s daemon (the capture replayed, the ranks' files all rewritten
    before each), in a process of its own, `--cost-samples` times: the time the sampler thread
    holds the GIL a sample, without the box's scheduling of threads; its full collections; and
    how late a thread wanting the GIL every 0.1 ms during the samples woke (`gil_wait_*`, under
    the switch interval the tree's `serve` sets), and of its waits over 2 ms, those the sampling
    thread ran through (at least 80 % of the wait on its CPU clock: its own work, not the OS's)."""
    out = subprocess.run([sys.executable, "-c", SAMPLE_COST, str(tree), str(ROOT), str(args.ranks),
                          str(args.families), str(args.series), str(args.cost_samples), args.cost_publish],
                         capture_output=True, check=True, timeout=300)
    return dict(json.loads(out.stdout))


HANDOFF_CLIENT = """
import http.client, json, statistics, sys, time
out = {}
for fresh in (True, False):
    conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
    took = []
    for _ in range(100):
        t = time.perf_counter()
        if fresh:
            conn.close()
        conn.request("GET", "/metrics")
        conn.getresponse().read()
        took.append(time.perf_counter() - t)
    out["new_connection" if fresh else "keep_alive"] = statistics.median(took)
print(json.dumps(out))
"""

HANDOFFS = """
import json, subprocess, sys, threading
tree, root, switch, client = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
sys.path[:0] = [tree, root]
import gpumemd  # the tree's, before bench.scrape_tail puts this checkout first
from bench.scrape_tail import REPLAY
from gpumemd import daemon
from gpumemd.backends.replay import load_capture
from gpumemd.config import loader
from tests.helpers import free_port
port = free_port()
config = loader.loads(f"web: {{listen_address: '127.0.0.1:{port}'}}\\nlog: {{level: warn}}\\n")
runtime = daemon.build_runtime(config, load_capture(str(REPLAY)))
runtime.start()
sys.setswitchinterval(switch)
stop = threading.Event()
def hog():  # a thread that never drops the GIL on its own: only the switch interval takes it
    n = 0
    while not stop.is_set():
        for i in range(1000):
            n += i
threading.Thread(target=hog, daemon=True).start()
got = json.loads(subprocess.run([sys.executable, "-c", client, str(port)], capture_output=True, text=True,
                                check=True, timeout=120).stdout)
stop.set()
runtime.stop()
print(json.dumps({f"scrape_{k}_switch_intervals": round(v / switch, 2) for k, v in got.items()}))
"""


def handoffs(tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    """A scrape's GIL hand-offs: `tree`'s daemon (the capture replayed, no spool) beside a thread
    that holds the GIL but for the switch interval (`--hog-switch`), scraped 100 times on a new
    connection each and 100 times over one kept alive, by a client process of its own; each
    median in switch intervals (each time the server's I/O thread dropped the GIL, the other
    thread took it: about one interval a hand-off)."""
    out = subprocess.run([sys.executable, "-c", HANDOFFS, str(tree), str(ROOT), str(args.hog_switch),
                          HANDOFF_CLIENT], capture_output=True, check=True, timeout=300)
    return dict(json.loads(out.stdout))


def render_cost(tree: Path, args: argparse.Namespace) -> float:
    """Microseconds the text cache takes to render the ranks' families when every value
    moved (median of 280 samples), in a process of `tree`'s own."""
    out = subprocess.run([sys.executable, "-c", RENDER_COST, str(tree), str(args.ranks), str(args.families),
                          str(args.series)], capture_output=True, check=True, timeout=120)
    return float(out.stdout)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def serve_cmd(tree: Path | None, port: int, cfg: Path) -> list[str]:
    args = ["serve", "--web.listen-address", f"127.0.0.1:{port}", "--config.file", str(cfg),
            "--replay", str(REPLAY)]
    if tree is None:
        return [sys.executable, "-m", "gpumemd", *args]
    return [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv.pop(1)); "
            "from gpumemd.cli import main; sys.exit(main(sys.argv[1:]))", str(tree), *args]


def one_round(name: str, tree: Path | None, work: Path, pids: list[int],
              args: argparse.Namespace) -> dict[str, Any]:
    spool = work / f"spool-{name}"
    shutil.rmtree(spool, ignore_errors=True)
    spool.mkdir(mode=0o700)
    cfg = work / f"{name}.yaml"
    cfg.write_text(f"sampler: {{interval: {args.interval}}}\nagent: {{spool_dir: {spool}}}\n"
                   "log: {level: warn}\n")
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tree or ROOT)}
    proc = subprocess.Popen(serve_cmd(tree, port, cfg), cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    pub = Publisher(spool, pids, args.families, args.series)
    pub.start()
    try:
        wait_until_ready(f"http://127.0.0.1:{port}", proc)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

        def scrape() -> tuple[float, bytes]:
            t = time.perf_counter()
            if args.fresh:  # connect, ask, read, close: each step a wait for the daemon's GIL
                conn.close()
            conn.request("GET", "/metrics")
            body = conn.getresponse().read()
            return time.perf_counter() - t, body

        # Phase of each scrape in the sampler's cycle: from the start of the sample it was
        # served (mod the interval: a scrape during a sample is served the one before).
        period = parse_duration(args.interval)
        phase: list[float] = []

        deadline = time.monotonic() + 30
        while b'rank="%d"' % (len(pids) - 1) not in scrape()[1]:  # every rank merged
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name}: ranks never merged")
            time.sleep(0.2)
        took: list[float] = []
        series = 0
        end = time.monotonic() + args.seconds
        while time.monotonic() < end:
            began = time.time()
            t, body = scrape()
            took.append(t)
            stamp = STAMP.search(body)
            phase.append((began - float(stamp.group(1))) % period if stamp else period)
            series = sum(1 for line in body.splitlines() if line and not line.startswith(b"#"))
            time.sleep(args.gap)
        conn.close()
    finally:
        pub.stop.set()
        pub.join(5)
        proc.terminate()
        proc.wait(10)
    ms = [t * 1e3 for t in took]
    meets = [m for m, p in zip(ms, phase, strict=True) if p < WINDOW]
    apart = [m for m, p in zip(ms, phase, strict=True) if p >= WINDOW]
    return {"tree": name, "scrapes": len(ms), "series": series, "p50_ms": round(statistics.median(ms), 3),
            "p90_ms": round(pct(ms, 0.90), 3), "p99_ms": round(pct(ms, 0.99), 3),
            "max_ms": round(max(ms), 3), "over_2ms": sum(1 for m in ms if m > 2.0),
            "during_sample": len(meets), "during_p99_ms": round(pct(meets, 0.99), 3) if meets else None,
            "during_p90_ms": round(pct(meets, 0.90), 3) if meets else None,
            "during_over_2ms": sum(1 for m in meets if m > 2.0),
            "apart_p99_ms": round(pct(apart, 0.99), 3), "apart_over_2ms": sum(1 for m in apart if m > 2.0),
            "load1": round(os.getloadavg()[0], 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline-tree", type=Path, help="a directory holding an older gpumemd package")
    ap.add_argument("--tree", action="append", default=[], metavar="NAME=DIR",
                    help="another tree to alternate with (repeatable)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--gap", type=float, default=0.005, help="seconds between two scrapes")
    ap.add_argument("--fresh", action="store_true",
                    help="a new connection each scrape (as bench/multigpu.py's urllib)")
    ap.add_argument("--ranks", type=int, default=4)
    ap.add_argument("--interval", default="1s",
                    help="the daemon's sampler interval (bench/multigpu.py's: 200ms)")
    ap.add_argument("--families", type=int, default=8)
    ap.add_argument("--series", type=int, default=7)
    ap.add_argument("--cost-samples", type=int, default=300, help="samples timed in-process per tree")
    ap.add_argument("--cost-publish", choices=("all", "one"), default="all",
                    help="before each sample in-process: every rank's file rewritten, or one rank's in "
                         "turn (ranks publishing once a second each, the daemon sampling at 200 ms)")
    ap.add_argument("--hog-switch", type=float, default=0.002,
                    help="the switch interval (s) of the hand-off count (longer than the noise)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    kids = [subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
            for _ in range(args.ranks)]
    pids = [k.pid for k in kids]
    trees: list[tuple[str, Path | None]] = [("current", None)]
    if args.baseline_tree:
        trees.insert(0, ("baseline", args.baseline_tree.resolve()))
    for spec in args.tree:
        name, _, where = spec.partition("=")
        trees.insert(-1, (name, Path(where).resolve()))
    rows: list[dict[str, Any]] = []
    for name, tree in trees:
        row = {"tree": name, "render_us_all_values_moved": render_cost(tree or ROOT, args),
               **handoffs(tree or ROOT, args), **sample_cost(tree or ROOT, args)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    work = Path(tempfile.mkdtemp(prefix="gpumemd-scrape-tail-"))
    try:
        for r in range(args.rounds):
            for name, tree in trees:
                row = {"round": r, **one_round(name, tree, work, pids, args)}
                print(json.dumps(row), flush=True)
                rows.append(row)
    finally:
        for k in kids:
            k.communicate(b"", timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    keys = ("scrape_new_connection_switch_intervals", "scrape_keep_alive_switch_intervals",
            "render_us_all_values_moved", "sample_cpu_us_median", "sample_us_median", "sample_us_p90",
            "sample_us_max",
            "full_collections", "full_collection_us_max", "switch_interval_us", "gil_wait_us_p50",
            "gil_wait_us_p99", "gil_wait_us_max", "gil_waits_over_1ms", "gil_waits_over_2ms",
            "gil_waits_over_2ms_sampler_ran",
            "p50_ms", "p99_ms", "max_ms", "over_2ms",
            "during_p90_ms", "during_p99_ms", "apart_p99_ms")
    summary = {name: {k: [row[k] for row in rows if row["tree"] == name and k in row] for k in keys}
               for name, _ in trees}
    print(json.dumps({"summary": summary}), flush=True)
    if args.out:
        args.out.write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "rounds": rows,
                                        "summary": summary}, indent=1) + "\n")


if __name__ == "__main__":
    main()
