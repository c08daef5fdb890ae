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
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpumemd.agent.agent import Agent  # noqa: E402
from gpumemd.agent.identity import Identity  # noqa: E402
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer  # noqa: E402
from gpumemd.sampling.exposition import Exposition  # noqa: E402
from tests.fakes import FakeTorch, capture  # noqa: E402


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


def build(nvml_interval: float) -> Any:
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


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=5000)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
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
