"""What the agent's spool publish costs, on any machine: the real collectors over replayed
H200 answers (bench/sample_cost.py), publishing into a temporary spool directory.

    python3 bench/spool_cost.py [--n 2000] [--seconds 20] [--dir DIR] [--json]

Reported:

- `publish_changed_us`: one due publish of a fresh sample whose readings changed (the
  allocator's figures move every sample), after `sample_once()` (not included);
- `publish_unchanged_us`: one due publish of a fresh sample whose readings did not change
  (an idle rank: a heartbeat, if the writer skips the rewrite);
- `tick_cpu_us`: the sampler thread's CPU time per tick at 10 Hz (its wait included), spool on
  and off, next to an idle main thread, interleaved in `--rounds` blocks of `--seconds` / 2
  each; the spool arm publishes once a second as the agent does.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from sample_cost import Memo  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402
from gpumemd.agent.identity import Identity  # noqa: E402
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer  # noqa: E402
from tests.fakes import FakeTorch, capture  # noqa: E402


def agent(spool: str | None, pid: int, moving: bool) -> Agent:
    nvml = load_capture(ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json")
    torch_api: Any = Memo(torch_replayer(capture("after_256MiB_and_4000B")))
    if moving:
        torch_api = _moving(torch_api)
    return Agent(
        listen_address=None, spool_dir=spool if spool is not None else "", interval=0.1,
        identity=Identity(pid=pid, rank=0, local_rank=0, world_size=2, job_id="4242"),
        apis={"torch": torch_api, "nvml": Memo(nvml_replayer(nvml)),
              "oom": FakeTorch(), "rss": lambda: 2_000_000_000, "peak_rss": lambda: 2_500_000_000},
    )


def _moving(api: Any) -> Any:
    """Make `allocated_bytes.all.current` differ every sample (a training step's figures
    change between samples; a replay's would not)."""
    inner = api.memory_stats
    counter = [0]

    def memory_stats(device: int) -> Any:
        stats = inner(device)
        counter[0] += 512
        ab = dict(stats["allocated_bytes"])
        ab["all"] = {**ab["all"], "current": ab["all"]["current"] + counter[0]}
        return {**stats, "allocated_bytes": ab}

    api.memory_stats = memory_stats
    return api


def publish_cost(spool: str, n: int, moving: bool) -> dict[str, float]:
    a = agent(spool, 451 if moving else 452, moving)
    sampler = a.build().sampler
    assert a.spool is not None
    runs = []
    for i in range(n + 200):
        snap = sampler.sample_once()
        a.spool._next = 0.0  # due now (not request(): that forces a rewrite)
        t = time.perf_counter()
        a.spool(snap)
        if i >= 200:
            runs.append(time.perf_counter() - t)
    a.spool.remove()
    return {"median_us": statistics.median(runs) * 1e6, "p99_us": statistics.quantiles(runs, n=100)[98] * 1e6}


class ThreadCpu:
    """A sampler listener: the sampler thread's CPU time and voluntary switches per tick."""

    def __init__(self) -> None:
        self.on = False
        self.last: tuple[float, int] | None = None
        self.ticks, self.cpu, self.vol = 0, 0.0, 0

    def __call__(self, snapshot: Any) -> None:
        ru = resource.getrusage(getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF))
        now = (time.thread_time(), ru.ru_nvcsw)
        last, self.last = self.last, now
        if self.on and last is not None:
            self.ticks += 1
            self.cpu += now[0] - last[0]
            self.vol += now[1] - last[1]


def tick_cpu(spool: str, seconds: float, rounds: int) -> dict[str, Any]:
    arms = {}
    for name, directory, pid in (("spool_on", spool, 453), ("spool_off", None, 454)):
        a = agent(directory, pid, moving=True).start()
        assert a.runtime is not None
        stats = ThreadCpu()
        a.runtime.sampler.cycle.listeners.append(stats)  # after the spool writer: its cost counts
        a.runtime.sampler.pause()
        arms[name] = (a, stats)
    per_block: dict[str, list[float]] = {k: [] for k in arms}
    for r in range(rounds):
        for name in (list(arms) if r % 2 == 0 else list(arms)[::-1]):
            a, stats = arms[name]
            assert a.runtime is not None
            cpu0, ticks0 = stats.cpu, stats.ticks
            stats.last = None
            a.runtime.sampler.resume()
            time.sleep(0.3)
            stats.on = True
            time.sleep(seconds / rounds)
            stats.on = False
            a.runtime.sampler.pause()
            if stats.ticks > ticks0:
                per_block[name].append((stats.cpu - cpu0) / (stats.ticks - ticks0) * 1e6)
    out: dict[str, Any] = {}
    for name, (a, stats) in arms.items():
        a.stop()
        out[name] = {"ticks": stats.ticks, "cpu_us_per_tick": stats.cpu / max(stats.ticks, 1) * 1e6,
                     "block_medians_us": statistics.median(per_block[name]) if per_block[name] else None,
                     "voluntary_switches_per_tick": stats.vol / max(stats.ticks, 1)}
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=2000)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--dir", help="where to make the spool directory (default /dev/shm, else the temp dir)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    # Where agents publish by default (/dev/shm); a disk-backed /tmp costs ~10x per write.
    spool = tempfile.mkdtemp(
        prefix="gpumemd-spool-cost-", dir=a.dir or ("/dev/shm" if os.path.isdir("/dev/shm") else None)
    )
    out: dict[str, Any] = {
        "publish_changed_us": publish_cost(spool, a.n, moving=True),
        "publish_unchanged_us": publish_cost(spool, a.n, moving=False),
        "tick_cpu_10hz": tick_cpu(spool, a.seconds, a.rounds),
    }
    shutil.rmtree(spool, ignore_errors=True)
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            print(k, json.dumps(v))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
