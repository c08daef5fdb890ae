"""DDP's second gradient copy on a CPU: why ranks of one DDP job peak one gradient's worth apart.

    python3 bench/ddp_second_copy.py [--world 2] [--out FILE]

DDP allocates its gradient buckets at construction; after the first iteration it rebuilds them in
the order the gradients became ready, at the second step's forward, and lets the first ones go.
They are freed then only if nothing else holds them: under NCCL the first step's finished
all-reduces (their work objects keep the bucket tensors) stay in the process group's record until
its watchdog thread sweeps it, a race with the second step. This runs the same job with the first
step's work objects let go before the second step ("released") and kept until after it ("held"),
`--world` gloo ranks each (one process a rank), and follows every CPU allocation with the
profiler's memory events from before DDP's construction to the end of the third step: each step's
bytes before, peak and after, relative to the start.

FAKE (a fault a CPU process group cannot cause): a gloo group keeps no record of finished work;
the comm hook's list `kept` stands in for ProcessGroupNCCL's (DDP's default all-reduce, divided
by the world size first, as DDP's own hook does). Prints one JSON document (`--out`: written too).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

MODES = ("released", "held")
STEPS = 3


def _rank(rank: int, world: int, mode: str) -> dict[str, Any]:
    import torch
    import torch.distributed as dist
    from torch.profiler import ProfilerActivity, profile, record_function

    dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.manual_seed(0)
    model = torch.nn.Sequential(*[torch.nn.Linear(256, 256) for _ in range(4)], torch.nn.LayerNorm(256))
    x = torch.randn(64, 256)
    kept: list[Any] = []  # FAKE: NCCL's record of finished work (the module's docstring)

    def hook(state, bucket):  # type: ignore[no-untyped-def]  # DDP reads the names, refuses other annotations
        t = bucket.buffer().div_(world)
        work = dist.all_reduce(t, async_op=True)
        kept.append(work)
        return work.get_future().then(lambda f: f.value()[0])

    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        ddp = torch.nn.parallel.DistributedDataParallel(model, bucket_cap_mb=0.25)  # several buckets
        ddp.register_comm_hook(None, hook)
        opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
        for step in range(STEPS):
            # "held": the first step's work outlives the second step (the watchdog swept after it)
            if mode == "released" or step == 2:
                kept.clear()
            with record_function(f"step {step + 1}"):
                ddp(x).square().sum().backward()
                opt.step()
                opt.zero_grad()  # the gradients freed: a step's peak holds them
        buckets = sum(b.buffer().nbytes for b in ddp.reducer._get_zeros_like_grad_buckets())
    events = prof.events()
    spans = {e.name: (e.time_range.start, e.time_range.end) for e in events if e.name.startswith("step ")}
    # an op's own allocations (less its own frees) at its start; a free outside any op at its time
    stream = sorted((e.time_range.start,
                     e.cpu_memory_usage if e.name == "[memory]" else e.self_cpu_memory_usage) for e in events)
    steps: dict[str, dict[str, int]] = {}
    live = 0
    for at, size in stream:
        inside = [k for k, (a, b) in spans.items() if a <= at <= b]
        for k in inside:
            steps.setdefault(k, {"before": live, "peak": live, "after": live})
        live += size
        for k in inside:
            steps[k]["peak"] = max(steps[k]["peak"], live)
            steps[k]["after"] = live
    dist.destroy_process_group()
    return {"rank": rank, "mode": mode, "params": sum(p.nbytes for p in model.parameters()),
            "buckets": buckets, "steps": [steps[f"step {i + 1}"] for i in range(STEPS)]}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(world: int, timeout: float = 240.0) -> dict[str, Any]:
    """Both modes, `world` ranks each: {mode: [each rank's figures]}."""
    out: dict[str, Any] = {"world": world}
    for mode in MODES:
        env = {**os.environ, "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(_port())}
        cmd = [sys.executable, __file__, "--world", str(world), "--mode", mode, "--rank"]
        procs = [subprocess.Popen([*cmd, str(r)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True) for r in range(world)]
        ranks = []
        for p in procs:
            stdout, stderr = p.communicate(timeout=timeout)
            if p.returncode:
                raise RuntimeError(f"{mode}: a rank ended {p.returncode}: {stderr[-2000:]}")
            ranks.append(json.loads(stdout.strip().splitlines()[-1]))
        out[mode] = sorted(ranks, key=lambda r: r["rank"])
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--world", type=int, default=2)
    ap.add_argument("--out")
    ap.add_argument("--rank", type=int, help=argparse.SUPPRESS)  # one rank (run() starts them)
    ap.add_argument("--mode", choices=MODES, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.rank is not None:
        print(json.dumps(_rank(args.rank, args.world, args.mode)), flush=True)
        sys.stderr.flush()
        # past C++'s static destructors: a gloo rank now and then aborts at the interpreter's exit
        # (bench/preflight_ranks.py's ranks leave the same way)
        os._exit(0)
    doc = json.dumps(run(args.world), indent=1)
    if args.out:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from gpumemd.fs.safe import write_user_file

        write_user_file(args.out, doc.encode())
    print(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
