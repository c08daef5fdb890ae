"""What the agent's background threads cost a dispatch-bound loop, on CPU: GIL contention.

    python3 bench/gil_cost.py [--seconds 120] [--out FILE]

The loop is pure Python + torch CPU ops (24 x Linear 64x64, GELU, LayerNorm, AdamW
foreach=False, one intra-op thread): like the GPU bench's loop it spends its time in
the interpreter and in op dispatch, holding the GIL, so any other Python thread that
wakes up takes the GIL from it. Every arm is long-lived and switched by pausing, never
started or stopped inside a round; blocks are interleaved and rotated as in
bench/agent_overhead.py, and overhead is taken against the `off` block of the same round.

Arms:
- `wake_10hz`, `wake_100hz`: a sampler with no sources: the bare cost of a thread waking;
- `agent_10hz`, `agent_100hz`: the agent's real collectors over replayed H200 answers
  (bench/sample_cost.py), spool on (1 Hz), HTTP on, nobody scraping;
- `agent_10hz_families`: the same, building the metric families every sample (what every
  sample cost before families were built lazily, and what an observer that reads them pays);
- `startstop_10hz`: a fresh agent started before and stopped after each block (the old
  bench/agent_overhead.py method), start-up outside the timed block.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import torch  # noqa: E402
from agent_overhead import summarize  # noqa: E402
from sample_cost import Memo  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402
from gpumemd.agent.identity import Identity  # noqa: E402
from gpumemd.backends.replay import load_capture, nvml_replayer, torch_replayer  # noqa: E402
from gpumemd.sampling.sampler import Sampler  # noqa: E402
from tests.fakes import FakeTorch, capture  # noqa: E402

ARMS = (
    "off",
    "wake_10hz",
    "wake_100hz",
    "agent_10hz",
    "agent_100hz",
    "agent_10hz_families",
    "startstop_10hz",
)


def model() -> tuple[Any, ...]:
    torch.manual_seed(0)
    layers: list[torch.nn.Module] = []
    for _ in range(24):
        layers += [torch.nn.Linear(64, 64), torch.nn.GELU(), torch.nn.LayerNorm(64)]
    net = torch.nn.Sequential(*layers)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4, foreach=False)
    return net, opt, torch.randn(8, 64), torch.randn(8, 64)


def step(net: Any, opt: Any, x: Any, y: Any) -> None:
    opt.zero_grad(set_to_none=True)
    torch.nn.functional.mse_loss(net(x), y).backward()
    opt.step()


def block(work: tuple[Any, ...], steps: int) -> float:
    t = time.perf_counter()
    for _ in range(steps):
        step(*work)
    return (time.perf_counter() - t) / steps


_pids = iter(range(450, 10**6))  # one spool file per agent: they share the directory


def replay_agent(spool: str, families_every_sample: bool = False) -> Agent:
    nvml = load_capture(ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json")
    agent = Agent(
        listen_address="127.0.0.1:0",
        spool_dir=spool,
        interval=0.1,
        identity=Identity(pid=next(_pids), rank=0, local_rank=0, world_size=2, job_id="4242"),
        apis={
            "torch": Memo(torch_replayer(capture("after_256MiB_and_4000B"))),
            "nvml": Memo(nvml_replayer(nvml)),
            "oom": FakeTorch(),
            "rss": lambda: 2_000_000_000,
            "peak_rss": lambda: 2_500_000_000,
        },
    ).start()
    assert agent.runtime is not None
    if families_every_sample:
        agent.runtime.sampler.cycle.listeners.append(lambda snap: snap.exposition.families)
    return agent


class Arms:
    """Long-lived threads for every arm, all paused but the one a block measures."""

    def __init__(self, spool: str) -> None:
        self.spool = spool
        self.samplers: dict[str, Sampler] = {}
        self.agents: list[Agent] = []
        for hz in (10, 100):
            s = Sampler([], interval=1.0 / hz)
            s.pause()
            s.start()
            self.samplers[f"wake_{hz}hz"] = s
        for name, families in (("agent", False), ("agent_families", True)):
            agent = replay_agent(spool, families)
            assert agent.runtime is not None
            agent.runtime.sampler.pause()
            self.agents.append(agent)
            if name == "agent":
                self.samplers["agent_10hz"] = self.samplers["agent_100hz"] = agent.runtime.sampler
            else:
                self.samplers["agent_10hz_families"] = agent.runtime.sampler
        self.fresh: Agent | None = None

    def on(self, arm: str) -> None:
        if arm == "startstop_10hz":
            self.fresh = replay_agent(self.spool)
            time.sleep(0.05)
            return
        s = self.samplers.get(arm)
        if s is not None:
            s.replace(interval=0.01 if arm.endswith("100hz") else 0.1)
            s.resume()

    def off(self, arm: str) -> None:
        if self.fresh is not None:
            self.fresh.stop()
            self.fresh = None
        s = self.samplers.get(arm)
        if s is not None:
            s.pause()

    def close(self) -> None:
        for s in self.samplers.values():
            s.stop()
        for a in self.agents:
            a.stop()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=120)
    p.add_argument("--block-seconds", type=float, default=0.25)
    p.add_argument("--arms", default=",".join(ARMS))
    p.add_argument("--out")
    a = p.parse_args()
    torch.set_num_threads(1)
    arms = tuple(x for x in a.arms.split(",") if x)
    assert arms[0] == "off"
    work = model()
    for _ in range(30):
        step(*work)
    steps = max(10, int(a.block_seconds / block(work, 50)))
    spool = tempfile.mkdtemp(prefix="gpumemd-gil-spool-")
    state = Arms(spool)
    times: dict[str, list[float]] = {x: [] for x in arms}
    overhead: dict[str, list[float]] = {x: [] for x in arms if x != "off"}
    end, rounds = time.monotonic() + a.seconds, 0
    try:
        while rounds < 6 or time.monotonic() < end:
            order = arms[rounds % len(arms) :] + arms[: rounds % len(arms)]
            got = {}
            for arm in order:
                state.on(arm)
                block(work, max(3, steps // 10))  # warm after the switch
                got[arm] = block(work, steps)
                state.off(arm)
            for arm, t in got.items():
                times[arm].append(t)
                if arm != "off":
                    overhead[arm].append((t / got["off"] - 1) * 100)
            rounds += 1
    finally:
        state.close()
    result = {
        "rounds": rounds,
        "steps_per_block": steps,
        "torch": torch.__version__,
        "step_seconds": {k: summarize(v) for k, v in times.items()},
        "overhead_percent": {k: summarize(v) for k, v in overhead.items()},
    }
    for k, v in result["overhead_percent"].items():  # type: ignore[union-attr]
        print(
            f"{k:22s} median {v['median']:+6.2f} %  mean {v['mean']:+6.2f} %  "
            f"95% CI {v['ci95_low']:+.2f} .. {v['ci95_high']:+.2f}  IQR {v['p25']:+.2f} .. {v['p75']:+.2f}"
        )
    if a.out:
        Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
