"""A GPT-2 (124M) training loop with one seeded leak (tests/gpu/test_leak_finder_gpu.py).

    python3 tests/gpu/leak_scenario.py KIND OUTDIR

KIND: steady | accumulate | outputs_list | hook_cache | dict_cache | module_attr. The seeded
line carries a `# LEAK:<kind>` comment; the test finds its number. The loop runs inside
`train()`, so `outputs` and `cache` are locals of a running frame (what a training script
has), `total`, `hooked` and `model` module globals. Prints one JSON line: the finder's
report, the steps it took, and the user's own peak before and after.
"""

from __future__ import annotations

import json
import sys
import time

kind, outdir = sys.argv[1], sys.argv[2]

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
model.kept = []  # a module attribute


def hook(module, args, output):
    if kind == "hook_cache":
        hooked.append(output[0].detach().clone())  # LEAK:hook_cache


model.transformer.h[5].register_forward_hook(hook)
t_step: list[float] = []


def train() -> dict:
    outputs: list = []  # locals of this running frame: what keeps the leak is named as one
    cache: dict = {}

    def step(i: int) -> None:
        global total
        t0 = time.perf_counter()
        out = model(ids, labels=ids)  # LEAK:model_call
        loss = out.loss
        if kind == "accumulate":  # an evaluation outside no_grad: each loss keeps its graph's activations
            total = total + model(ids[:1], labels=ids[:1]).loss  # LEAK:accumulate
        if kind == "outputs_list":
            outputs.append(out.logits)  # LEAK:outputs_list
        if kind == "dict_cache":
            cache[i] = out.logits[:, -8:].detach().clone()  # LEAK:dict_cache
        if kind == "module_attr":
            model.kept.append(out.logits[:, -4:].detach().clone())  # LEAK:module_attr
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        t_step.append(time.perf_counter() - t0)

    for i in range(4):  # warm-up: optimizer state, allocator cache
        step(i)
    peak_before = torch.cuda.max_memory_allocated()
    armed_at = 4
    assert gpumemd.find_leak()
    i = 4
    while not agent.leak.done.is_set() and i < 40:
        step(i)
        i += 1
    agent.leak.done.wait(30)
    return {"steps_after_arm": i - armed_at, "peak_before": peak_before, "armed_at": armed_at, "steps": i}


got = train()
report = agent.leak.report
armed = t_step[got["armed_at"]:got["steps"]]
print(json.dumps({
    "kind": kind, "steps_after_arm": got["steps_after_arm"],
    "report": report.to_json() if report is not None else None,
    "report_path": agent.leak.report_path,
    "history_after": bool(torch._C._cuda_isHistoryEnabled()),
    "peak_before": got["peak_before"], "peak_after": torch.cuda.max_memory_allocated(),
    "step_s_unarmed": sorted(t_step[1:4])[1], "step_s_armed": sorted(armed)[len(armed) // 2],
}), flush=True)
gpumemd.stop()
