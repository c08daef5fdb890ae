"""What one agent sample costs in *our* code, on any machine: the real collectors over
replayed H200 answers (torch 2.11 allocator, NVML), no GPU needed.

    python3 bench/sample_cost.py [--n 5000] [--json]

The replayed calls answer from a dict (well under a microsecond), so the figures are the
agent's own Python: add the raw library calls for a real GPU (`torch._C._cuda_memoryStats`
~8 µs on an H200, NVML's process list ~19 µs per GPU every `nvml_interval`). Reported:

- `sample`: `sampler.sample_once()`, NVML at its default 1 s interval (what every tick pays),
  with the agent's observers (the alert engine evaluates its rules every sample and so
  builds the sources' families every sample; sections);
- `sample_collectors_only`: the same without observers (what the 2026-11-21 H200 figure of
  139 µs measured: allocator, process, oom and agent collectors);
- `sample_nvml_every`: NVML read on every sample (the worst case);
- `sample_families`: a sample whose metric families are built too (what a scrape, the spool
  writer at 1 Hz, or an observer that reads families costs on top);
- `render_text`: the first scrape's text rendering of one sample.

The node daemon's sample, on the machine it runs on (a GPU host: the real NVML, /proc):

    python3 bench/sample_cost.py --daemon [--baseline-tree DIR] [--samples 300] [--out FILE]
                                 [--fake-gpus N]

- `nvml_call_cost`: each NVML call the daemon makes, on the raw pynvml module, over every GPU:
  wall and CPU microseconds a call (median of the rounds);
- per tree (this one, and `--baseline-tree`, an older gpumemd package, each in a process of
  its own): `daemon.build_runtime` as `gpumemd serve` builds it (default configuration, an
  empty spool), then `sampler.sample_once()`: wall and CPU (the thread's clock) per sample,
  the idle CPU that makes at the default 1 s interval, the NVML calls of one sample by name
  (a counting wrapper around the pynvml module the daemon imports) and the files it opens
  (an audit hook; pids written N), after a first sample as `serve` takes one before it serves.

`--fake-gpus N` (no GPU here): tests/fake_pynvml.py's FAKE pynvml with N GPUs answers instead, so
the counts are real and the costs are only our Python's.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if "--daemon-tree" in sys.argv:  # a tree's own process (see daemon_cost): its gpumemd first
    sys.path[:0] = [sys.argv[sys.argv.index("--daemon-tree") + 1], str(ROOT)]
else:
    sys.path.insert(0, str(ROOT))


class Memo:
    """Answers a replayed API's calls from a per-(method, args) cache: the replayer's own
    key formatting would otherwise be a large part of what we measure."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, method: str) -> Any:
        fn = getattr(self._inner, method)
        cache: dict[tuple[Any, ...], Any] = {}

        def call(*args: Any) -> Any:
            try:
                return cache[args]
            except KeyError:
                value = cache[args] = fn(*args)
                return value

        setattr(self, method, call)
        return call


class CountedModule:
    """A module's `nvml*` functions, each call counted by name (`counts`); every other name is
    the module's own (its NVMLError, its constants). Put in sys.modules as `pynvml`, it is what
    the daemon's `import pynvml` gets."""

    def __init__(self, module: Any) -> None:
        self._module = module
        self.counts: collections.Counter[str] = collections.Counter()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._module, name)  # getattr: stands in for any name of the module
        if not name.startswith("nvml") or isinstance(value, type) or not callable(value):
            return value
        counts = self.counts

        def counted(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return value(*args, **kwargs)

        setattr(self, name, counted)  # found once: later lookups skip __getattr__
        return counted


def build(nvml_interval: float) -> Any:
    from gpumemd.agent.agent import Agent
    from gpumemd.agent.identity import Identity
    from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer
    from tests.fakes import FakeTorch, capture

    nvml = load_capture(ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json")
    agent = Agent(
        listen_address=None,
        spool_dir="",
        interval=3600.0,
        nvml_interval=nvml_interval,
        identity=Identity(pid=450, rank=0, local_rank=0, world_size=2, job_id="4242"),
        apis={
            "torch": Memo(torch_replayer(capture("after_256MiB_and_4000B"))),
            "nvml": Memo(nvml_replayer(nvml)),
            "oom": FakeTorch(),
            "rss": lambda: 2_000_000_000,
            "peak_rss": lambda: 2_500_000_000,
        },
    )
    return agent.build().sampler


def timed(fn: Any, n: int) -> dict[str, float]:
    for _ in range(min(200, n)):
        fn()
    runs = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return {"median_us": statistics.median(runs) * 1e6, "p99_us": statistics.quantiles(runs, n=100)[98] * 1e6}


def families_of(snapshot: Any) -> Any:
    # `families` is the lazily built list where the sampler has one, else the exposition's.
    fams = getattr(snapshot, "families", None)
    return fams if fams is not None else snapshot.exposition.families


# --- the node daemon's sample (--daemon) ------------------------------------------------------

# The calls `gpumemd serve` makes (and utilization's, off by default): (label, extra arguments after
# the handle: "v2" asks memory info version 2, as the daemon does).
NVML_CALLS = (
    ("nvmlDeviceGetCount", ()), ("nvmlDeviceGetHandleByIndex", ()), ("nvmlDeviceGetUUID", ()),
    ("nvmlDeviceGetName", ()), ("nvmlDeviceGetPciInfo", ()), ("nvmlDeviceGetMemoryInfo", ()),
    ("nvmlDeviceGetMemoryInfo_v2", ("v2",)), ("nvmlDeviceGetComputeRunningProcesses", ()),
    ("nvmlDeviceGetUtilizationRates", ()), ("nvmlSystemGetDriverVersion", ()),
)


COST_LABEL = {"nvmlDeviceGetMemoryInfo": "nvmlDeviceGetMemoryInfo_v2"}  # the daemon asks version 2


def use_pynvml(fake_gpus: int) -> Any:
    """The pynvml module this process's daemon will import: the real one, or the FAKE."""
    if fake_gpus:  # by its file: a baseline tree's own tests/ (first on the path) may predate it
        import importlib.util

        spec = importlib.util.spec_from_file_location("fake_pynvml", ROOT / "tests/fake_pynvml.py")
        assert spec is not None and spec.loader is not None
        fake = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(fake)
        sys.modules["pynvml"] = fake.FakePynvml(gpus=fake_gpus)
    import pynvml

    return pynvml


def nvml_call_cost(nv: Any, rounds: int) -> dict[str, Any]:
    """Wall and CPU microseconds of one call of each kind (median over `rounds` rounds, each round
    calling it once per GPU); an unsupported call is named with its error."""
    nv.nvmlInit()
    try:
        handles = [nv.nvmlDeviceGetHandleByIndex(i) for i in range(nv.nvmlDeviceGetCount())]
        out: dict[str, Any] = {}
        for label, extra in NVML_CALLS:
            name = label.removesuffix("_v2")
            fn = getattr(nv, name)  # getattr: the call by its pynvml name
            if name == "nvmlDeviceGetCount" or name == "nvmlSystemGetDriverVersion":
                calls: list[tuple[Any, ...]] = [()]
            elif name == "nvmlDeviceGetHandleByIndex":
                calls = [(i,) for i in range(len(handles))]
            else:
                calls = [(h, nv.nvmlMemory_v2) if extra else (h,) for h in handles]
            try:
                for args in calls:
                    fn(*args)
            except nv.NVMLError as exc:
                out[label] = {"error": str(exc)}
                continue
            wall, cpu = [], []
            for _ in range(rounds):
                w, c = time.perf_counter(), time.thread_time()
                for args in calls:
                    fn(*args)
                cpu.append((time.thread_time() - c) / len(calls))
                wall.append((time.perf_counter() - w) / len(calls))
            out[label] = {"wall_us_median": round(statistics.median(wall) * 1e6, 2),
                          "cpu_us_median": round(statistics.median(cpu) * 1e6, 2)}
        return {"gpus": len(handles), "rounds": rounds, "calls": out}
    finally:
        nv.nvmlShutdown()


def tree_sample(fake_gpus: int, samples: int) -> dict[str, Any]:
    """In a tree's own process: its daemon's sample, timed, its NVML calls and opened files counted."""
    import gc

    counted = CountedModule(use_pynvml(fake_gpus))
    sys.modules["pynvml"] = counted  # type: ignore[assignment]
    import gpumemd
    from gpumemd import daemon
    from gpumemd.config import loader

    spool = Path(tempfile.mkdtemp()) / "spool"
    spool.mkdir(mode=0o700)
    runtime = daemon.build_runtime(loader.loads(f"agent: {{spool_dir: {spool}}}\nlog: {{level: warn}}\n"))
    sample = runtime.sampler.sample_once
    sample()  # `serve` takes one before it serves: the static answers are read there
    # getattr: as the tree's `serve` starts (an older tree may lack it)
    getattr(daemon, "freeze_heap", gc.collect)()
    for _ in range(20):
        sample()
    wall, cpu = [], []
    for _ in range(samples):
        w, c = time.perf_counter(), time.thread_time()
        sample()
        cpu.append(time.thread_time() - c)
        wall.append(time.perf_counter() - w)
    counted.counts.clear()
    opened: collections.Counter[str] = collections.Counter()
    counting = [True]

    def audit(event: str, args: tuple[Any, ...]) -> None:
        if counting[0] and event in ("open", "os.listdir", "os.scandir") and args and args[0] is not None:
            path = args[0] if isinstance(args[0], str) else os.fsdecode(args[0]) if isinstance(
                args[0], (bytes, os.PathLike)) else f"fd {args[0]}"
            opened[f"{event} {re.sub(r'/[0-9]+(?=/|$)', '/N', path.replace(str(spool), 'SPOOL'))}"] += 1

    counted_samples = 20
    sys.addaudithook(audit)  # after the timing: a hook costs every audited event
    for _ in range(counted_samples):
        sample()
    counting[0] = False
    cpu_mean = statistics.fmean(cpu)
    return {
        "tree": str(Path(gpumemd.__file__).parent.parent),
        "samples": samples,
        "sample_wall_us_median": round(statistics.median(wall) * 1e6, 1),
        "sample_wall_us_p99": round(statistics.quantiles(wall, n=100)[98] * 1e6, 1),
        "sample_cpu_us_median": round(statistics.median(cpu) * 1e6, 1),
        "sample_cpu_us_mean": round(cpu_mean * 1e6, 1),
        "idle_cpu_percent_of_core_from_samples_at_1s": round(100 * cpu_mean / 1.0, 4),
        "nvml_calls_per_sample": {k: v / counted_samples for k, v in sorted(counted.counts.items())},
        "nvml_calls_per_sample_total": sum(counted.counts.values()) / counted_samples,
        "files_opened_per_sample": {k: v / counted_samples for k, v in sorted(opened.items())},
    }


def daemon_cost(a: argparse.Namespace) -> dict[str, Any]:
    nv = use_pynvml(a.fake_gpus)
    gpus_desc = (f"FAKE pynvml (tests/fake_pynvml.py, {a.fake_gpus} GPUs): counts real, costs ours only"
                 if a.fake_gpus else f"real pynvml ({getattr(nv, '__file__', '?')})")
    out: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "host": f"{platform.node()} ({os.cpu_count()} CPUs)",
        "nvml": gpus_desc,
    }
    try:
        nv.nvmlInit()
    except nv.NVMLError as exc:
        raise SystemExit(f"no NVML here ({exc}): run it on the GPU host, or pass --fake-gpus N") from None
    out["driver"] = str(nv.nvmlSystemGetDriverVersion())
    out["device"] = str(nv.nvmlDeviceGetName(nv.nvmlDeviceGetHandleByIndex(0)))
    nv.nvmlShutdown()
    nv.nvmlInit()
    # other jobs' processes on the GPUs now: each one a /proc read a sample, and a longer process list
    handles = [nv.nvmlDeviceGetHandleByIndex(i) for i in range(nv.nvmlDeviceGetCount())]
    out["gpu_processes_now"] = [len(nv.nvmlDeviceGetComputeRunningProcesses(h)) for h in handles]
    nv.nvmlShutdown()
    out["nvml_call_cost"] = nvml_call_cost(nv, a.rounds)
    trees = {"current": ROOT} | ({"baseline": Path(a.baseline_tree).resolve()} if a.baseline_tree else {})
    out["trees"] = {}
    for name, tree in trees.items():  # each in a process of its own: its own modules, its own NVML
        cmd = [sys.executable, str(Path(__file__).resolve()), "--daemon-tree", str(tree),
               "--samples", str(a.samples), "--fake-gpus", str(a.fake_gpus)]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=60,
                             env={**os.environ, "PYTHONPATH": os.pathsep.join(
                                 [str(tree), *filter(None, [os.environ.get("PYTHONPATH")])])})
        out["trees"][name] = (json.loads(run.stdout) if run.returncode == 0
                              else {"failed": run.returncode, "stderr": run.stderr[-2000:]})
    costs = out["nvml_call_cost"]["calls"]
    for tree_out in out["trees"].values():  # the NVML calls a sample makes, priced by the raw calls above
        if "nvml_calls_per_sample" in tree_out:
            priced = [n * costs.get(COST_LABEL.get(call, call), {}).get("cpu_us_median", 0.0)
                      for call, n in tree_out["nvml_calls_per_sample"].items()]
            tree_out["nvml_cpu_us_per_sample_priced"] = round(sum(priced), 1)
    cur, base = out["trees"].get("current", {}), out["trees"].get("baseline", {})
    if "sample_cpu_us_mean" in cur and "sample_cpu_us_mean" in base:
        out["effect"] = {
            "sample_cpu_us_mean": [base["sample_cpu_us_mean"], cur["sample_cpu_us_mean"]],
            "nvml_calls_per_sample_total": [base["nvml_calls_per_sample_total"],
                                            cur["nvml_calls_per_sample_total"]],
            "nvml_cpu_us_per_sample_priced": [base["nvml_cpu_us_per_sample_priced"],
                                              cur["nvml_cpu_us_per_sample_priced"]],
            "idle_cpu_percent_of_core_from_samples_at_1s": [
                base["idle_cpu_percent_of_core_from_samples_at_1s"],
                cur["idle_cpu_percent_of_core_from_samples_at_1s"]],
            "read_as": "[baseline, current]",
        }
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=5000)
    p.add_argument("--json", action="store_true")
    p.add_argument("--daemon", action="store_true", help="the node daemon's sample (see above)")
    p.add_argument("--daemon-tree", help=argparse.SUPPRESS)  # one tree's process (daemon_cost)
    p.add_argument("--baseline-tree", help="with --daemon: an older gpumemd package, measured beside")
    p.add_argument("--samples", type=int, default=300)
    p.add_argument("--rounds", type=int, default=200, help="with --daemon: rounds of each NVML call")
    p.add_argument("--fake-gpus", type=int, default=0, help="with --daemon: the FAKE pynvml, N GPUs")
    p.add_argument("--out", help="with --daemon: also write the JSON here")
    a = p.parse_args()
    if a.daemon_tree:
        print(json.dumps(tree_sample(a.fake_gpus, a.samples)))
        return 0
    if a.daemon:
        result = daemon_cost(a)
        text = json.dumps(result, indent=1)
        print(text)
        if a.out:
            Path(a.out).parent.mkdir(parents=True, exist_ok=True)
            Path(a.out).write_text(text + "\n")
        return 0
    from gpumemd.sampling.exposition import Exposition

    out: dict[str, Any] = {}
    sampler = build(1.0)
    out["sample"] = timed(sampler.sample_once, a.n)
    out["sample_families"] = timed(lambda: families_of(sampler.sample_once()), a.n)
    snap = sampler.sample_once()
    out["render_text"] = timed(lambda: Exposition(list(families_of(snap))).body(), min(a.n, 1000))
    every = build(1e-9)
    out["sample_nvml_every"] = timed(every.sample_once, a.n)
    bare = build(1.0)  # the collectors alone: no alert rules, no sections (the 2026-11-21 baseline's scope)
    bare.replace(observers=[])
    out["sample_collectors_only"] = timed(bare.sample_once, a.n)
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            print(f"{k:20s} median {v['median_us']:7.1f} µs   p99 {v['p99_us']:7.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
