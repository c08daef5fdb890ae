"""A GPT-2 (124M) training loop with one seeded leak (bench/leak_catalogue.py, its GPU test).

    python3 tests/gpu/leak_scenario.py KIND OUTDIR [EVERY]

KIND: one of bench/leak_catalogue.py's KINDS. A seeded line carries a `LEAK:<name>` comment;
the catalogue finds its number. The loop runs inside `train()`, so `outputs`, `cache` and
`big` are locals of a running frame (what a training script has); `total`, `hooked`,
`history`, `kept_global`, `opt` and `model` module globals. `large_local`: a 256 MiB local of
`train()` the loop drops after the answer: it must be freed (the f_locals cache of 3.11/3.12
kept it). `hostile`: a lazy proxy in sys.modules and a `__class__` property that blocks on the
path: the answer arrives within the budget and neither runs. Prints one JSON line.
"""

from __future__ import annotations

import functools
import json
import sys
import time

kind, outdir = sys.argv[1], sys.argv[2]
every = int(sys.argv[3]) if len(sys.argv) > 3 else None

import gpumemd  # noqa: E402

agent = gpumemd.start(listen_address=None, oom_snapshot_dir=outdir)

import torch  # noqa: E402
from transformers import GPT2Config, GPT2LMHeadModel  # noqa: E402

torch.manual_seed(0)
model = GPT2LMHeadModel(GPT2Config()).cuda()
opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
ids = torch.randint(0, 50257, (4, 128), device="cuda")
total = torch.zeros((), device="cuda")
hooked: list = []
kept_global: list = []
history = torch.zeros((0, 50257), device="cuda")
model.kept = []  # a module attribute
RAN: list[str] = []  # user code the search must never run (hostile)


def hook(module, args, output):
    if kind == "hook_cache":
        hooked.append(output[0].detach().clone())  # LEAK:hook_cache


model.transformer.h[5].register_forward_hook(hook)


def make_recorder():
    seen: list = []

    def record(t):
        seen.append(t.detach().clone())  # LEAK:closure

    return record


recorder = make_recorder()


@functools.cache
def table(i: int) -> torch.Tensor:
    return torch.randn(1 << 19, device="cuda")  # LEAK:lru_cache


class Blocking:
    """Holds the leak; its `__class__` blocks (isinstance() would read it)."""

    def __init__(self) -> None:
        self.kept: list = []

    @property  # type: ignore[misc]
    def __class__(self):  # noqa: PLE0237
        RAN.append(sys._getframe(1).f_code.co_filename)  # who read it
        time.sleep(20)
        return Blocking


class LazyProxy:
    __slots__ = ("_kept",)

    def __init__(self) -> None:
        object.__setattr__(self, "_kept", [])

    def __getattr__(self, name):
        RAN.append(sys._getframe(1).f_code.co_filename)  # the factory would run here
        raise AttributeError(name)


blocking = Blocking()
if kind == "hostile":
    sys.modules["lazy_settings"] = LazyProxy()  # type: ignore[assignment]
t_step: list[float] = []


def train() -> dict:
    global total, history
    outputs: list = []  # locals of this running frame: what keeps the leak is named as one
    cache: dict = {}
    big = torch.empty(256 << 20, dtype=torch.uint8, device="cuda") if kind == "large_local" else None

    def step(i: int) -> None:
        global total, history
        t0 = time.perf_counter()
        out = model(ids, labels=ids)  # LEAK:model_call
        loss = out.loss
        if kind == "accumulate":  # an evaluation outside no_grad: each loss keeps its graph's activations
            val = model(ids[:1], labels=ids[:1]).loss  # LEAK:eval_call
            total = total + val  # LEAK:accumulate
        if kind == "outputs_list":
            outputs.append(out.logits)  # LEAK:outputs_list
        if kind == "dict_cache":
            cache[i] = out.logits[:, -8:].detach().clone()  # LEAK:dict_cache
        if kind in ("module_attr", "large_local"):
            model.kept.append(out.logits[:, -4:].detach().clone())  # LEAK:module_attr
        if kind == "closure":
            recorder(out.logits[:, -4:])
        if kind == "global_list":
            kept_global.append(out.logits[:, -4:].detach().clone())  # LEAK:global_list
        if kind == "growing_cat":
            history = torch.cat([history, out.logits[:, -2:].reshape(-1, 50257).detach()])  # LEAK:growing_cat
        if kind == "lru_cache":
            table(i)
        if kind == "hostile":
            blocking.kept.append(out.logits[:, -4:].detach().clone())  # LEAK:hostile
        if kind == "opt_state":  # a parameter added each step: the optimizer's state grows at opt.step()
            p = torch.nn.Parameter(torch.randn(1 << 20, device="cuda"))  # LEAK:new_param
            p.grad = torch.ones_like(p)
            opt.add_param_group({"params": [p]})
        loss.backward()
        opt.step()  # LEAK:opt_step
        opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        t_step.append(time.perf_counter() - t0)

    for i in range(4):  # warm-up: optimizer state, allocator cache
        step(i)
    peak_before = torch.cuda.max_memory_allocated()
    armed_at = 4
    assert gpumemd.find_leak(**({"every": every} if every else {}))
    i = 4
    while not agent.leak.done.is_set() and i < 300:
        step(i)
        i += 1
    t0 = time.monotonic()
    agent.leak.done.wait(60)
    waited = time.monotonic() - t0
    freed = None
    if big is not None:  # the loop drops its large local: every byte of it must come back
        torch.cuda.synchronize()
        before = torch.cuda.memory_allocated()
        del big
        torch.cuda.synchronize()
        freed = before - torch.cuda.memory_allocated()
    return {"steps_after_arm": i - armed_at, "peak_before": peak_before, "armed_at": armed_at, "steps": i,
            "freed": freed, "waited_s": waited}


got = train()
report = agent.leak.report
armed = t_step[got["armed_at"]:got["steps"]]
print(json.dumps({
    "kind": kind, "steps_after_arm": got["steps_after_arm"],
    "report": report.to_json() if report is not None else None,
    "report_path": agent.leak.report_path,
    "history_after": bool(torch._C._cuda_isHistoryEnabled()),
    "peak_before": got["peak_before"], "peak_after": torch.cuda.max_memory_allocated(),
    "freed": got["freed"], "waited_s": got["waited_s"], "ran": RAN,
    "step_s_unarmed": sorted(t_step[1:4])[1], "step_s_armed": sorted(armed)[len(armed) // 2],
}), flush=True)
gpumemd.stop()
