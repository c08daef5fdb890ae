"""What the agent costs a training process, measured side by side on one GPU.

    python3 bench/agent_overhead.py --out bench/results/agent-overhead-<date>.json [--seconds 200]
    python3 bench/agent_overhead.py --workload gpt2 --out g.json --arms off,step_10hz,agent_10hz,step_100hz \
        --colocated-seconds 0 --history-seconds 0 --no-sample-cost
    python3 bench/agent_overhead.py --workload gpt2 --out l.json --arms off,armed_history,armed --leak-costs \
        --colocated-seconds 0 --history-seconds 0 --no-sample-cost   # the leak finder while armed

`--workload mlp` (default) trains the dispatch-bound loop below; `--workload gpt2` a
GPT-2-sized model from `transformers` (GPT2Config() defaults, 124M, random init, bf16
autocast, AdamW with its default implementation, 8 x 1024 random tokens): a real model whose
step is GPU-bound, what most users run. The main phase stops early once every arm's 95 %
interval is within ±`--ci-target` % after its minimum rounds, else at `--seconds`.

1. Step time of a dispatch-bound training loop (many small layers: the worst case for a
   Python thread competing for the GIL), blocks interleaved A/B/A/B: no sampling, the agent
   at 10 Hz (default) and at 100 Hz, with HTTP and spool on (nobody scrapes), the agent
   with `tick: step`, and two floors (a thread that wakes and does nothing; one that only
   reads the allocator) — see `Arm`. Overhead is taken per round against the `off` block
   of the same round; we report its median, IQR and a 95 % interval of the mean, and for
   every sampler arm the time its ticks took in place (the GIL it held), its CPU and its
   context switches per tick. The arms compare steady
   states: one agent is started before the phase and kept running; `off` pauses its
   sampler (the thread parks with no timeout, the idle HTTP thread blocks in select with
   none), the agent arms resume it at their interval. Starting and stopping an agent per
   block (as this bench did up to 2026-11-21) put thread start-up, NVML init/shutdown and
   the first samples next to the timed blocks; `startup` reports that cost on its own.
2. The interval-peak alternatives and the OOM opt-in, the same way: allocation history
   with no stacks (what an exact trace-based interval peak would need) and with Python
   stacks (what `memory_history: on` costs), plus what reading that trace costs.
3. One full sample (allocator + NVML + host for one GPU), median and p99, NVML read on
   every sample (worst case) and at the default nvml_interval; the collectors alone; a
   tick between samples back to back.
`--colocated-seconds` adds a phase with the sampler pinned to the training thread's CPU.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from gpumemd.agent.agent import STEP_PEAK_BUDGET, Agent  # noqa: E402
from gpumemd.agent.leakfind import EVERY, HISTORY_ENTRIES, MAX_SNAPSHOTS, LeakFinder  # noqa: E402
from gpumemd.backends.torch_oom import TorchOom  # noqa: E402
from gpumemd.sampling.sampler import Sampler  # noqa: E402
from gpumemd.sources.base import Source  # noqa: E402

ARMS_MAIN = (
    "off",
    "wake_10hz",
    "stats_10hz",
    "agent_10hz",
    "step_10hz",
    "wake_100hz",
    "stats_100hz",
    "agent_100hz",
    "step_100hz",
)
ARMS_EXTRA = ("tickonly_10hz", "tickonly_100hz", "armed_history", "armed", "watch_10hz",
              "forecast_10hz")  # by --arms only
ARMS_COLOCATED = ("off", "agent_100hz", "agent_100hz_colocated", "wake_100hz_colocated")
ARMS_HISTORY = ("off", "history_no_stacks", "history_python_stacks")


def model() -> tuple[torch.nn.Module, torch.optim.Optimizer, torch.Tensor, torch.Tensor]:
    torch.manual_seed(0)
    layers: list[torch.nn.Module] = []
    for _ in range(24):
        layers += [torch.nn.Linear(256, 256), torch.nn.GELU(), torch.nn.LayerNorm(256)]
    net = torch.nn.Sequential(*layers).cuda()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4, foreach=False)  # many small kernels
    return net, opt, torch.randn(32, 256, device="cuda"), torch.randn(32, 256, device="cuda")


def step(net: torch.nn.Module, opt: torch.optim.Optimizer, x: torch.Tensor, y: torch.Tensor) -> None:
    opt.zero_grad(set_to_none=True)
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    opt.step()


Work = Callable[[], None]  # one training step


def mlp_workload() -> Work:
    work = model()

    def mlp_step() -> None:
        step(*work)

    mlp_step.watched = work[:2]  # type: ignore[attr-defined]  # (model, optimizer) for the watch arm
    return mlp_step


def gpt2_workload(batch: int, sequence: int) -> tuple[Work, dict[str, Any]]:
    """GPT-2 small from `transformers`, random init, bf16 autocast, AdamW: one step and what
    it is (versions, sizes) for the result file."""
    import transformers
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    config = GPT2Config()
    net = GPT2LMHeadModel(config).cuda()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    ids = torch.randint(0, config.vocab_size, (batch, sequence), device="cuda")

    def gpt2_step() -> None:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = net(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()

    gpt2_step.watched = (net, opt)  # type: ignore[attr-defined]  # for the watch arm
    gpt2_step.tokens = batch * sequence  # type: ignore[attr-defined]  # for the forecast arm
    return gpt2_step, {
        "transformers": transformers.__version__,
        "parameters": sum(p.numel() for p in net.parameters()),
        "attention": str(getattr(net.config, "_attn_implementation", None)),  # getattr: private, per version
        "loop": f"GPT2LMHeadModel(GPT2Config()), random init, batch {batch} x {sequence} random tokens, "
        "bf16 autocast, AdamW (default implementation)",
    }


def block(work: Work, steps: int) -> float:
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(steps):
        work()
    torch.cuda.synchronize()
    return (time.perf_counter() - t) / steps


def thread_counters(thread: Any) -> tuple[float, int, int]:
    """A thread's CPU seconds and voluntary/involuntary context switches so far, read from
    outside it (so the bench adds nothing to the ticks it measures)."""
    cpu = time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    with open(f"/proc/self/task/{thread.native_id}/status") as f:
        fields = dict(line.split(":", 1) for line in f if "ctxt_switches" in line)
    return cpu, int(fields["voluntary_ctxt_switches"]), int(fields["nonvoluntary_ctxt_switches"])


class Arm:
    """Turns one configuration on for a block and off after it. Samplers are long-lived: an
    arm resumes one at its interval and pauses it again.

    - `agent_<hz>hz`: the agent with `tick: thread` (HTTP, spool, NVML, alert rules:
      everything on), its thread ticking every interval;
    - `agent_<hz>hz_colocated`: the same with its sampler thread pinned to the CPU the
      training thread is pinned to (the `colocated` phase pins it);
    - `step_<hz>hz`: the agent with `tick: step` (the default): the allocator ticks on this
      (the training) thread after optimizer steps, its thread waking once a second; each
      step's end is a step-peak boundary (one more read) within `STEP_PEAK_BUDGET`;
    - `tickonly_<hz>hz`: the same with `step_peak_budget` 0: reads at the ticks only (the
      step peak then covers the steps between ticks), so `step_*` against `tickonly_*` is
      what the per-step boundaries cost;
    - `watch_<hz>hz`: `step_<hz>hz` with the workload's model and optimizer watched
      (`gpumemd.watch`: memory by category, counted in the optimizer-step hook); `watch_*`
      against `step_*` (`watch_vs_step_percent`) is what the categories cost;
    - `forecast_<hz>hz`: `step_<hz>hz` with the batch's tokens given before each step
      (`set_step(tokens=)`: the OOM forecast's pairing and the shape probe, which measures the
      workload's one shape once); `forecast_*` against `step_*` (`forecast_vs_step_percent`)
      is what the forecast costs a step;
    - `wake_<hz>hz`: a sampler with no sources: the floor of a Python thread waking up;
    - `stats_<hz>hz`: a sampler whose one source is `torch._C._cuda_memoryStats(0)`: the
      floor of reading the allocator at all;
    - `history_*`: allocation-history recording, no agent;
    - `armed_history`: the leak finder's recording alone (`enabled="state"`, Python stacks);
    - `armed`: the leak finder armed as it runs: one step of every `EVERY` recorded and a
      snapshot at its end (blocks are whole windows; the workload calls `FINDER.on_step()`
      after each step, in every arm: unarmed, that is the one attribute check the agent's
      step hook makes)."""

    def __init__(
        self,
        name: str,
        agent: Agent | None,
        floors: dict[str, Sampler],
        busy: dict[str, list[float]],
        main_cpus: set[int] | None = None,
        step_agent: Agent | None = None,
        watched: tuple[Any, Any] | None = None,
    ) -> None:
        self.name, self.agent, self.floors, self.busy, self.main_cpus = name, agent, floors, busy, main_cpus
        self.step_agent = step_agent
        self.watched = watched
        self.sampler: Sampler | None = None
        self.counters: tuple[float, int, int] = (0.0, 0, 0)

    def __enter__(self) -> Arm:
        # Every arm, `off` too, pauses 10 ms before its warm-up block (a resumed thread needs
        # it to wake): up to 2026-11-23 only the sampler arms did, and the pause itself (the
        # GPU queue drains, the CPU idles) cost their next block ~1.5 % — the `wake` arms,
        # whose threads do nothing, showed it.
        global TOKENS
        kind, _, rest = self.name.partition("_")
        if kind == "forecast":  # the step arm, with each batch's tokens given to the agent
            TOKENS = self.step_agent
            kind = "step"
        if kind == "watch":  # the step arm, with the model and optimizer watched
            assert self.step_agent is not None and self.watched is not None
            self.step_agent.watch(*self.watched)
            kind = "step"
        if kind in ("agent", "wake", "stats", "step", "tickonly"):
            hz = int(rest.split("_")[0].removesuffix("hz"))
            if kind in ("agent", "step", "tickonly"):
                agent = self.agent if kind == "agent" else self.step_agent
                assert agent is not None and agent.runtime is not None
                self.sampler = agent.runtime.sampler
            else:
                self.sampler = self.floors[kind]
            if kind in ("step", "tickonly"):
                assert self.step_agent is not None
                self.step_agent.steps.tick_interval = 1.0 / hz  # the thread sleeps while steps tick
                self.step_agent.steps.peak_budget = STEP_PEAK_BUDGET if kind == "step" else 0.0
                self.step_agent._install_step_tick()  # hooked in its own blocks only: `off` pays no hook call
            self.sampler.replace(interval=1.0 / hz)
            self.sampler.resume()
        elif self.name == "armed_history":
            torch.cuda.memory._record_memory_history(
                enabled="state", context="alloc", stacks="python", max_entries=HISTORY_ENTRIES
            )
        elif self.name == "armed":
            assert FINDER is not None and FINDER.arm(every=EVERY, snapshots=MAX_SNAPSHOTS, reason="bench")
        elif self.name == "history_no_stacks":
            torch.cuda.memory._record_memory_history(
                enabled="all", context=None, stacks="python", max_entries=4096
            )
        elif self.name == "history_python_stacks":
            torch.cuda.memory._record_memory_history(
                enabled="all", context="alloc", stacks="python", max_entries=20000
            )
        time.sleep(0.01)
        if self.sampler is not None:
            thread = self.sampler._thread  # awake now: pin it (or not), then count its ticks
            if thread is not None and thread.native_id is not None and self.main_cpus is not None:
                os.sched_setaffinity(
                    thread.native_id, self.main_cpus if self.name.endswith("_colocated") else ALL_CPUS
                )
            self.start = list(self.sampler.busy)
            self.counters = thread_counters(thread)
        return self

    def __exit__(self, *exc: object) -> None:
        global TOKENS
        if self.sampler is not None:
            counters = thread_counters(self.sampler._thread)  # before it parks: a wake-up of its own
            self.sampler.pause()
            ticks, seconds = (now - then for now, then in zip(self.sampler.busy, self.start, strict=True))
            got = self.busy.setdefault(self.name, [0, 0.0, 0.0, 0, 0])
            got[0] += ticks
            got[1] += seconds
            for i, (now, then) in enumerate(zip(counters, self.counters, strict=True)):
                got[2 + i] += now - then
        if self.name.startswith("forecast_"):
            TOKENS = None
        if self.name.startswith("watch_") and self.step_agent is not None:  # unwatched for the other arms
            self.step_agent.categories.clear()
        if (
            self.name.startswith(("step_", "tickonly_", "watch_", "forecast_"))
            and self.step_agent is not None
            and self.step_agent.steps.handle is not None
        ):
            self.step_agent.steps.handle.remove()
            self.step_agent.steps.handle = None
        if self.name.startswith("history_") or self.name == "armed_history":
            torch.cuda.memory._record_memory_history(enabled=None)
        if self.name == "armed" and FINDER is not None:
            FINDER._stop()  # the block's snapshots are dropped: no analysis
            FINDER._snapshots.clear()


FINDER: LeakFinder | None = None  # the armed arms' finder (main() makes it when they run)
TOKENS: Agent | None = None  # the forecast arms' agent: the workload gives it each batch's tokens


def with_finder(work: Work) -> Work:
    """The workload with the leak finder's step call after each step (what the agent's hook does)."""
    global FINDER
    FINDER = finder = LeakFinder(TorchOom(), out_dir=None, labels={}, say=lambda line: None)

    tokens = getattr(work, "tokens", 1)  # getattr: the workload's batch x sequence, where it has one

    def step_and_check() -> None:
        if TOKENS is not None:
            TOKENS.set_tokens(tokens)
        work()
        finder.on_step()

    step_and_check.watched = getattr(work, "watched", None)  # type: ignore[attr-defined]  # the watch arm's
    return step_and_check


def leak_costs(work: Work) -> dict[str, Any]:
    """From arming to the answer with a seeded leak (8 MiB kept per step in a list), on the
    workload: the steps it took, the seconds, and the report's costs (each snapshot's hold on
    this thread, the diff, the retainer search and its longest GIL hold)."""
    said: list[str] = []
    finder = LeakFinder(TorchOom(), out_dir=None, labels={}, say=said.append)
    kept: list[torch.Tensor] = []
    t0 = time.perf_counter()
    assert finder.arm(reason="bench")
    n = 0
    while not finder.done.is_set() and n < 40 * EVERY:
        work()
        kept.append(torch.empty(8 << 20, dtype=torch.uint8, device="cuda"))  # the seeded leak
        finder.on_step()
        n += 1
    finder.done.wait(60)
    report = finder.report
    top = report.sites[0] if report is not None and report.sites else None
    return {
        "steps": n,
        "seconds_to_answer": time.perf_counter() - t0,
        "said": said[-1:],
        "costs": dict(report.costs) if report is not None else None,
        "top_site": f"{top.file.rsplit('/', 1)[-1]}:{top.line}" if top else None,
        "retained_by": top.retained_by.to_json() if top and top.retained_by else None,
    }


ALL_CPUS = os.sched_getaffinity(0)


def current_cpu() -> int:
    """The CPU this thread runs on (os.sched_getcpu is Python 3.13+)."""
    with open("/proc/thread-self/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[36])  # field 39, "processor"


class AllocatorStats(Source[Any]):
    """The floor source: one raw allocator read, nothing else."""

    name = "stats"

    def __init__(self) -> None:
        self._read = torch._C._cuda_memoryStats

    def read(self, cycle: Any) -> Any:
        return self._read(0)

    def families(self, reading: Any) -> list[Any]:
        return []


def summarize(values: list[float]) -> dict[str, float]:
    q = (
        statistics.quantiles(values, n=4)
        if len(values) >= 4
        else [min(values), statistics.median(values), max(values)]
    )
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return {
        "median": statistics.median(values),
        "p25": q[0],
        "p75": q[2],
        "mean": mean,
        "ci95_low": mean - half,
        "ci95_high": mean + half,
        "n": len(values),
    }


def ci_half_width(values: list[float]) -> float:
    """Half the 95 % interval of the mean (normal approximation, as `summarize`)."""
    return 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")


def interleaved(
    work: Work,
    arms: tuple[str, ...],
    steps: int,
    seconds: float,
    spool: str,
    min_rounds: int,
    pin_main: bool = False,
    ci_target: float = 0.0,
) -> dict[str, Any]:
    """A/B/A/B blocks of `arms`, rotated each round; with `pin_main`, the training thread is
    pinned to the CPU it runs on for the whole phase (the `_colocated` arms pin the sampler
    there too). With `ci_target` > 0 the phase ends once every arm's overhead is known within
    ±`ci_target` % (95 %) after `min_rounds`, else at `seconds`."""
    times: dict[str, list[float]] = {a: [] for a in arms}
    overhead: dict[str, list[float]] = {a: [] for a in arms if a != "off"}
    watch_vs_step: list[float] = []  # per round: a watch arm's block against its step arm's
    forecast_vs_step: list[float] = []  # likewise for a forecast arm
    agent = None
    main_cpus = {current_cpu()} if pin_main else None
    if main_cpus is not None:
        os.sched_setaffinity(0, main_cpus)
    if any(a.startswith("agent_") for a in arms):  # one agent for the phase, paused between its blocks
        agent = Agent(listen_address="127.0.0.1:0", interval=0.1, spool_dir=spool, tick="thread").start()
        assert agent.runtime is not None
        agent.runtime.sampler.pause()
    step_agent = None
    if any(
        a.startswith(("step_", "tickonly_", "watch_", "forecast_")) for a in arms
    ):  # its own spool (a private one): one file per pid
        step_agent = Agent(listen_address="127.0.0.1:0", interval=0.1, tick="step", spool_dir="").start()
        assert step_agent.runtime is not None
        step_agent.runtime.sampler.pause()
        if step_agent.steps.handle is not None:  # the step arms hook it for their blocks
            step_agent.steps.handle.remove()
            step_agent.steps.handle = None
    floors = {
        "wake": Sampler([], interval=0.1, eager_render=False),
        "stats": Sampler([AllocatorStats()], interval=0.1, eager_render=False),
    }
    for floor in floors.values():
        floor.pause()
        floor.start()
    busy: dict[str, list[float]] = {}
    end, rounds, resolved = time.monotonic() + seconds, 0, False
    try:
        while rounds < min_rounds or time.monotonic() < end:
            order = arms[rounds % len(arms) :] + arms[: rounds % len(arms)]  # rotate: no arm always first
            got = {}
            for arm in order:
                with Arm(arm, agent, floors, busy, main_cpus, step_agent, getattr(work, "watched", None)):
                    block(work, max(3, steps // 10))  # warm after the switch
                    got[arm] = block(work, steps)
            for arm, t in got.items():
                times[arm].append(t)
                if arm != "off":
                    overhead[arm].append((t / got["off"] - 1) * 100)
                if arm.startswith("watch_") and "step_" + arm.split("_", 1)[1] in got:
                    watch_vs_step.append((t / got["step_" + arm.split("_", 1)[1]] - 1) * 100)
                if arm.startswith("forecast_") and "step_" + arm.split("_", 1)[1] in got:
                    forecast_vs_step.append((t / got["step_" + arm.split("_", 1)[1]] - 1) * 100)
            rounds += 1
            if (
                ci_target > 0
                and rounds >= min_rounds
                and all(ci_half_width(v) <= ci_target for v in overhead.values())
            ):
                resolved = True
                break
    finally:
        for started in (agent, step_agent):
            if started is not None:
                started.stop()
        for floor in floors.values():
            floor.stop()
        if main_cpus is not None:
            os.sched_setaffinity(0, ALL_CPUS)
    return {
        "rounds": rounds,
        "steps_per_block": steps,
        "ci_target_percent": ci_target or None,
        "resolved_early": resolved,  # every arm within ±ci_target before `seconds` ran out
        "ci95_half_width_percent": {a: ci_half_width(v) for a, v in overhead.items()},
        # the thread's CPU time and context switches per tick, read at each block's ends; a
        # voluntary switch beyond the one of its timed wait is a wait for the GIL
        "sampler_thread": {
            a: {
                "ticks": n,
                "cpu_us_per_tick": cpu / n * 1e6,
                "voluntary_switches_per_tick": v / n,
                "involuntary_switches_per_tick": iv / n,
            }
            for a, (n, _, cpu, v, iv) in busy.items()
            if n
        },
        # the time a tick held the thread, from its wake-up to its next wait (in place: cold
        # caches, GIL waits inside the tick included), per arm
        "tick_in_place_us": {a: secs / n * 1e6 for a, (n, secs, *_) in busy.items() if n},
        "main_cpus": sorted(main_cpus) if main_cpus else None,
        "step_seconds": {a: summarize(v) for a, v in times.items()},
        "overhead_percent": {a: summarize(v) for a, v in overhead.items()},
        "watch_vs_step_percent": summarize(watch_vs_step) if watch_vs_step else None,
        "forecast_vs_step_percent": summarize(forecast_vs_step) if forecast_vs_step else None,
        "forecast_probes": dict(step_agent.forecast._probes)
        if step_agent is not None and step_agent.forecast is not None
        else None,
        "categories_walks": step_agent.categories.walks if step_agent is not None else None,
        "categories_walk_seconds": step_agent.categories.last_walk_seconds
        if step_agent is not None
        else None,
    }


def sample_costs(spool: str) -> dict[str, Any]:
    keep = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")  # noqa: F841
    out: dict[str, Any] = {}
    for label, nvml_interval in (("nvml_every_sample", 1e-9), ("nvml_interval_default", 1.0)):
        agent = Agent(listen_address=None, interval=3600.0, spool_dir="", nvml_interval=nvml_interval).start()
        assert agent.runtime is not None
        sampler = agent.runtime.sampler
        for _ in range(50):
            sampler.sample_once()
        full, with_families, per_source = [], [], {}
        for _ in range(2000):
            t = time.perf_counter()
            sampler.sample_once()
            full.append(time.perf_counter() - t)
        # The collectors alone (allocator + process: NVML and host; OOM; the agent's own), no
        # rules: what the issue's "one full sample" names, read back to back.
        collectors = Sampler(sampler._sources, interval=3600.0, eager_render=False)
        bare = []
        for _ in range(2050):
            t = time.perf_counter()
            collectors.sample_once()
            bare.append(time.perf_counter() - t)
        # A tick between samples, as the thread or an optimizer step takes it (the allocator's
        # interval peak only).
        ticks = []
        for _ in range(2050):
            t = time.perf_counter()
            sampler.tick_now()
            ticks.append(time.perf_counter() - t)
        for _ in range(1000):  # families are built lazily: what a scrape, the spool or an observer adds
            t = time.perf_counter()
            sampler.sample_once().exposition.families  # noqa: B018
            with_families.append(time.perf_counter() - t)
        for source in sampler._sources:  # read + families, each alone
            runs, reads = [], []
            readings: dict[str, Any] = {}
            for _ in range(1000):
                t = time.perf_counter()
                readings[source.name] = r = source.read(readings)
                t1 = time.perf_counter()
                list(source.families(r))
                runs.append(time.perf_counter() - t)
                reads.append(t1 - t)
            per_source[source.name] = {
                "median_us": statistics.median(runs) * 1e6,
                "p99_us": statistics.quantiles(runs, n=100)[98] * 1e6,
                "read_median_us": statistics.median(reads) * 1e6,
            }
        text = []
        snap = sampler.latest
        for _ in range(200):  # what the first scrape of a sample pays (rendered lazily, once)
            t = time.perf_counter()
            type(snap.exposition)(snap.exposition.families).body()  # type: ignore[union-attr]
            text.append(time.perf_counter() - t)
        agent.stop()
        out[label] = {
            "sample_median_us": statistics.median(full) * 1e6,
            "collectors_only_median_us": statistics.median(bare[50:]) * 1e6,
            "tick_median_us": statistics.median(ticks[50:]) * 1e6,
            "sample_p99_us": statistics.quantiles(full, n=100)[98] * 1e6,
            "sample_with_families_median_us": statistics.median(with_families) * 1e6,
            "per_source": per_source,
            "render_text_median_us": statistics.median(text) * 1e6,
        }
    # Starting and stopping an agent (HTTP, spool, NVML): what the old bench put next to each block.
    starts, stops = [], []
    for _ in range(5):
        t = time.perf_counter()
        agent = Agent(listen_address="127.0.0.1:0", interval=0.1, spool_dir=spool).start()
        t1 = time.perf_counter()
        agent.stop()
        starts.append(t1 - t)
        stops.append(time.perf_counter() - t1)
    out["startup"] = {
        "start_median_ms": statistics.median(starts) * 1e3,
        "stop_median_ms": statistics.median(stops) * 1e3,
    }
    # Reading the allocation trace, as a trace-based interval peak would every sample.
    torch.cuda.memory._record_memory_history(enabled="all", context=None, stacks="python", max_entries=4096)
    work = model()
    for _ in range(20):
        step(*work)
    runs = []
    for _ in range(20):
        t = time.perf_counter()
        torch.cuda.memory._snapshot()
        runs.append(time.perf_counter() - t)
    torch.cuda.memory._record_memory_history(enabled=None)
    out["trace_snapshot_read_median_us"] = statistics.median(runs) * 1e6
    return out


def report(phase: str, r: dict[str, Any]) -> None:
    """One line per arm: overhead median [95 % interval of the mean], the tick in place, the
    sampler thread's CPU and voluntary switches per tick."""
    resolved = f", every arm within ±{r['ci_target_percent']} % early" if r.get("resolved_early") else ""
    print(f"{phase}: {r['rounds']} rounds of {r['steps_per_block']} steps{resolved}", flush=True)
    for arm, o in r["overhead_percent"].items():
        thread = r["sampler_thread"].get(arm, {})
        print(
            f"  {arm:24s} {o['median']:+6.2f} % [{o['ci95_low']:+.2f}, {o['ci95_high']:+.2f}]"
            f"  tick {r['tick_in_place_us'].get(arm, float('nan')):7.1f} us"
            f"  cpu {thread.get('cpu_us_per_tick', float('nan')):7.1f} us"
            f"  vcsw {thread.get('voluntary_switches_per_tick', float('nan')):.2f}",
            flush=True,
        )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--seconds", type=float, default=150, help="time for the main A/B/A/B phase")
    p.add_argument("--colocated-seconds", type=float, default=60, help="the colocated phase; 0: skip it")
    p.add_argument("--history-seconds", type=float, default=30, help="0: skip the history phase")
    p.add_argument("--no-sample-cost", action="store_true", help="skip the one-sample micro-benchmarks")
    p.add_argument("--block-seconds", type=float, default=0.25)
    p.add_argument(
        "--arms",
        default=",".join(ARMS_MAIN),
        help="the main phase's arms, comma-separated (fewer arms: more rounds each)",
    )
    p.add_argument(
        "--workload",
        choices=("mlp", "gpt2"),
        default="mlp",
        help="mlp: the dispatch-bound loop; gpt2: GPT-2 small from transformers (see above)",
    )
    p.add_argument("--batch", type=int, default=8, help="gpt2: sequences per step")
    p.add_argument("--sequence", type=int, default=1024, help="gpt2: tokens per sequence (at most 1024)")
    p.add_argument(
        "--ci-target",
        type=float,
        default=0.5,
        help="end the main phase once every arm's 95 %% interval is within ± this (percent); 0: never",
    )
    p.add_argument("--min-rounds", type=int, default=20, help="the main phase's rounds, at least")
    p.add_argument(
        "--leak-costs",
        action="store_true",
        help="also time the leak finder from arming to its answer on a seeded leak",
    )
    a = p.parse_args()
    arms = tuple(a.arms.split(","))
    if "off" not in arms or not set(arms) <= set(ARMS_MAIN + ARMS_EXTRA):
        p.error(f"--arms: 'off' and any of {', '.join(ARMS_MAIN + ARMS_EXTRA)}")
    if not torch.cuda.is_available():
        print("no CUDA device: this benchmark runs on a GPU machine", file=sys.stderr)
        return 2
    started = time.monotonic()
    described: dict[str, Any] = {
        "loop": "24 x (Linear 256x256, GELU, LayerNorm), batch 32, AdamW foreach=False"
    }
    if a.workload == "gpt2":
        work, described = gpt2_workload(a.batch, a.sequence)
    else:
        work = mlp_workload()
    for _ in range(10 if a.workload == "gpt2" else 50):
        work()
    if any(arm.startswith(("armed", "forecast")) for arm in arms):
        work = with_finder(work)
    per_step = block(work, 20 if a.workload == "gpt2" else 100)
    steps = max(20, int(a.block_seconds / per_step))
    if "armed" in arms:  # whole windows per block: each holds its share of recorded steps and snapshots
        steps = max(2, round(steps / EVERY)) * EVERY
    # /dev/shm, where the agent keeps its spool by default (a disk costs ~10x a write)
    spool = tempfile.mkdtemp(
        prefix="gpumemd-bench-spool-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None
    )
    result: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "workload": a.workload,
        **described,
        "calibration_step_seconds": per_step,
    }
    try:
        import pynvml

        pynvml.nvmlInit()
        result["driver"] = pynvml.nvmlSystemGetDriverVersion()
    except Exception:
        pass
    result["main"] = interleaved(
        work, arms, steps, a.seconds, spool, min_rounds=a.min_rounds, ci_target=a.ci_target
    )
    report("main", result["main"])
    if result["main"].get("watch_vs_step_percent"):
        w = result["main"]["watch_vs_step_percent"]
        print(
            f"  watch vs step: {w['mean']:+.3f} % [{w['ci95_low']:+.3f}, {w['ci95_high']:+.3f}] (95 %), "
            f"walk {result['main']['categories_walk_seconds'] * 1e3:.2f} ms, "
            f"{result['main']['categories_walks']} walks"
        )
    if a.colocated_seconds:
        result["colocated"] = interleaved(
            work, ARMS_COLOCATED, steps, a.colocated_seconds, spool, min_rounds=10, pin_main=True
        )
        report("colocated", result["colocated"])
    if a.history_seconds:
        result["history"] = interleaved(work, ARMS_HISTORY, steps, a.history_seconds, spool, min_rounds=6)
    if a.leak_costs:
        result["leak_costs"] = leak_costs(work)
        print(json.dumps({"leak_costs": result["leak_costs"]}), flush=True)
    if not a.no_sample_cost:
        result["sample_cost"] = sample_costs(spool)
    result["wall_seconds"] = time.monotonic() - started
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps({k: result.get(k) for k in ("device", "sample_cost")}, indent=1))
    print(f"wrote {a.out} in {result['wall_seconds']:.0f}s")
    os.rmdir(spool) if not os.listdir(spool) else None
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
