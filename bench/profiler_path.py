"""The profiler's own path per call, on any machine (CPU, a stub CUDA backend), part by part.

    python3 bench/profiler_path.py [--read-us 27] [--gpu-us 100] [--pairs 3000] [--rounds 5]
                                   [--baseline-tree DIR] [--out FILE]

STUB, named as such: `StubCuda` answers the recorded H200 `memory_stats` dict (the same dict
every read) after spinning `--read-us` microseconds, standing in for the H100's
`torch._C._cuda_memoryStats` (27 us, bench/results/2026-11-25-h100-profiler/; 0 measures
gpumemd's own work alone), and stands in for the device's queue: `launch(s)` queues s seconds
of "GPU work" that runs meanwhile, and `synchronize` spins until it is done. Resident memory is
read for real (psutil, the profiler's default). Arms, each the median over all pairs of
(profiled - floor), the floor being the call followed by `synchronize`:

- `no_gpu_tail`: a function that queues nothing: the device is idle when the call returns,
  so nothing of the profiler's can overlap it;
- `gpu_tail`: a function that queues `--gpu-us` of work and returns (as bench/profiler_overhead.py's
  function does on the H100: ~0.1 ms of GPU work): what the profiler does while that work runs
  is hidden.

With `--baseline-tree` (a `git archive` of an older gpumemd package) that tree's profiler runs
the same arms in the same process, the trees taking turns round by round. `parts_us` times each
step of a call alone, for the current tree. The real device's figures: bench/profiler_overhead.py.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class StubCuda:
    """STUB TorchCudaApi: a recorded answer after a spin, and an emulated device queue."""

    def __init__(self, read_s: float) -> None:
        from tests.fakes import READINGS  # here: bench/profiler_overhead.py imports load_tree alone

        self.read_s = read_s
        self.stats = READINGS["after_256MiB_and_4000B"]["raw_memoryStats"]
        self.busy_until = 0.0

    def launch(self, seconds: float) -> None:
        self.busy_until = max(self.busy_until, time.perf_counter()) + seconds

    def synchronize(self, device: int) -> None:
        while time.perf_counter() < self.busy_until:
            pass

    def memory_stats(self, device: int) -> dict[str, Any]:
        end = time.perf_counter() + self.read_s
        while time.perf_counter() < end:
            pass
        return self.stats

    def is_initialized(self) -> bool:
        return True

    def device_count(self) -> int:
        return 1

    def device_uuid(self, device: int) -> str:
        return "GPU-stub"

    def memory_fraction(self, device: int) -> float | None:
        return None

    def total_memory(self, device: int) -> int:
        return 80 << 30


def load_tree(path: Path) -> Any:
    """The GPUMemoryProfiler class of the gpumemd package under `path`, imported beside the
    current one: the current modules are set aside while it imports, then put back (the
    baseline's classes keep their own modules alive)."""
    def ours() -> list[str]:
        return [n for n in sys.modules if n == "gpumemd" or n.startswith("gpumemd.")]

    saved = {n: sys.modules.pop(n) for n in ours()}
    sys.path.insert(0, str(path))
    try:
        return importlib.import_module("gpumemd.profiler.profiler").GPUMemoryProfiler
    finally:
        sys.path.remove(str(path))
        for n in ours():
            del sys.modules[n]
        sys.modules.update(saved)


def pairs(floor: Callable[[], None], profiled: Callable[[], None], n: int) -> list[float]:
    """(profiled - floor) in microseconds, n alternating pairs."""
    out = []
    clock = time.perf_counter
    for _ in range(n):
        t0 = clock()
        floor()
        t1 = clock()
        profiled()
        t2 = clock()
        out.append(((t2 - t1) - (t1 - t0)) * 1e6)
    return out


def parts(prof: Any, api: StubCuda) -> dict[str, float]:
    """Each step of one default call, timed alone (microseconds: the best of 200 blocks of 20
    calls, so a shared machine's stalls, a few ms every few ms, fall out)."""
    from gpumemd.backends.torch_cuda import AllocatorStats
    from gpumemd.profiler import sections

    def t(f: Callable[[], Any], n: int = 20) -> float:
        return min(timeit.repeat(f, number=n, repeat=200)) / n * 1e6

    raw = prof._probe.read()
    snap = prof._snapshot(raw, 1, "before_f")
    call = prof._begin("f", "m.f")
    result = prof._result(call, raw, snap, 0, 1e-3, None, None)
    return {
        "stub_read": t(lambda: api.memory_stats(0)),
        "allocator_parse": t(lambda: AllocatorStats.parse(api.stats)),
        "device_read": t(prof._probe.read),
        "process_rss": t(prof._cpu_probe.rss),
        "snapshot": t(lambda: prof._snapshot(raw, 1, "before_f")),
        "begin": t(lambda: prof._begin("f", "m.f")),
        "result": t(lambda: prof._result(call, raw, snap, 0, 1e-3, None, None)),
        "record": t(lambda: prof._record(result)),
        "sections_record": t(lambda: sections.record("f", "cuda:0", 1, 1)),
        "profile_function_noop": t(lambda: prof.profile_function(lambda: None)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--read-us", type=float, default=27.0, help="the stub read, spun (0: gpumemd alone)")
    ap.add_argument("--gpu-us", type=float, default=100.0, help="the gpu_tail arm's queued work")
    ap.add_argument("--pairs", type=int, default=3000, help="pairs per arm per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--baseline-tree", type=Path, help="a directory holding an older gpumemd package")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()

    from gpumemd.profiler import GPUMemoryProfiler

    trees: dict[str, Any] = {"current": GPUMemoryProfiler}
    if args.baseline_tree:
        trees = {"baseline": load_tree(args.baseline_tree.resolve()), **trees}
    api = StubCuda(args.read_us * 1e-6)
    gpu_s = args.gpu_us * 1e-6

    def tail() -> None:
        api.launch(gpu_s)

    def idle() -> None:
        pass

    arms = {"no_gpu_tail": idle, "gpu_tail": tail}
    profs = {name: cls("cuda:0", cuda_api=api, max_results=1000) for name, cls in trees.items()}
    diffs: dict[str, dict[str, list[float]]] = {t: {a: [] for a in arms} for t in trees}
    by_round: dict[str, dict[str, list[float]]] = {t: {a: [] for a in arms} for t in trees}
    for _ in range(args.rounds):
        for tree, prof in profs.items():
            for arm, fn in arms.items():
                def floor(fn: Callable[[], None] = fn) -> None:
                    fn()
                    api.synchronize(0)

                def profiled(fn: Callable[[], None] = fn, prof: Any = prof) -> None:
                    prof.profile_function(fn)

                pairs(floor, profiled, 100)  # warm-up
                d = pairs(floor, profiled, args.pairs)
                diffs[tree][arm].extend(d)
                by_round[tree][arm].append(round(statistics.median(d), 2))
    out: dict[str, Any] = {
        "python": platform.python_version(), "host": platform.node(), "stub_read_us": args.read_us,
        "gpu_tail_us": args.gpu_us, "pairs": args.pairs, "rounds": args.rounds,
        "overhead_us": {t: {a: round(statistics.median(v), 2) for a, v in by_arm.items()}
                        for t, by_arm in diffs.items()},
        "overhead_by_round_us": by_round,
        "parts_us": {k: round(v, 2) for k, v in parts(profs["current"], api).items()},
    }
    text = json.dumps(out, indent=1)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
