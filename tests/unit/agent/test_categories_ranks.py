"""Memory by category under DDP and FSDP2 on CPU: two gloo ranks under torchrun, each
counting at its optimizer steps' ends (`CategorySource.on_boundary`, as the agent's step
hook calls it) and comparing with its storage truth (bench/multigpu_train.py's
`storage_truth`, computed apart from the agent). A read in the middle of the next forward
(FSDP2 has all-gathered the root's parameters, the grads are gone) still gives the last
step end's figures. The GPU run of the same at 4 ranks is tests/gpu/test_categories_ranks_gpu.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT, free_port

torch = pytest.importorskip("torch")

_RANK = """
import json, sys
import torch, torch.distributed as dist
sys.path.insert(0, {bench!r})
from multigpu_train import storage_truth
from gpumemd.agent.categories import CategorySource

mode = sys.argv[1]
dist.init_process_group("gloo")
torch.manual_seed(0)
model = torch.nn.Sequential(*[torch.nn.Linear(64, 64) for _ in range(4)], torch.nn.LayerNorm(64))
last = model[-1]
if mode == "ddp":
    model = torch.nn.parallel.DistributedDataParallel(model)
else:
    from torch.distributed.fsdp import fully_shard
    for m in list(model)[:4]:
        fully_shard(m)
    fully_shard(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)


class Step:  # the allocator's last closed step, as the agent's AllocatorSource gives it
    allocated_end_bytes = 1 << 30
    allocated_bytes = 2 << 30


class Reading:  # an allocator reading of "GPU 0" (this rank's CPU tensors stand in)
    device, uuid, allocated_bytes = 0, "GPU-x", 1 << 30


src = CategorySource({{}}, device_type=lambda: "cpu")
src.follow(lambda device: Step())
src.budget = float("inf")  # a pass at every boundary (the budget spaces them in the agent)
assert src.watch(model, opt)
rows = []
mid = []


def during_forward(module, args):  # the sampling thread's view, mid-forward
    r = src.read({{"allocator": (Reading(),)}})
    if r:
        mid.append({{k: r[0].end[k] for k in ("parameters", "buffers", "gradients", "optimizer_state")}})


last.register_forward_pre_hook(during_forward)
for i in range(4):
    model(torch.ones(8, 64)).sum().backward()
    opt.step()
    src.on_boundary(i + 1)
    truth = storage_truth(model, opt, torch.device("cpu"))
    got = src.read({{"allocator": (Reading(),)}})[0].end
    rows.append({{"truth": truth, "got": {{k: got[k] for k in truth}}}})
    opt.zero_grad(set_to_none=True)
with open(f"{{sys.argv[2]}}/rank-{{dist.get_rank()}}.json", "w") as f:  # torchrun interleaves stdout
    json.dump({{"rank": dist.get_rank(), "rows": rows, "mid": mid}}, f)
dist.destroy_process_group()
"""


@pytest.mark.parametrize("mode", ["ddp", "fsdp"])
def test_two_gloo_ranks_count_their_step_ends_exactly(mode: str, tmp_path: Path) -> None:
    if not torch.distributed.is_available():
        pytest.skip("torch.distributed unavailable")
    script = tmp_path / "rank.py"
    script.write_text(_RANK.format(bench=str(ROOT / "bench")))
    proc = subprocess.run(
        [sys.executable, "-m", "torch.distributed.run", "--nproc-per-node", "2",
         "--master-port", str(free_port()), str(script), mode, str(tmp_path)],
        capture_output=True, text=True, timeout=240, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    ranks = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("rank-*.json"))]
    assert sorted(r["rank"] for r in ranks) == [0, 1]
    for r in ranks:
        for row in r["rows"]:
            assert row["got"] == row["truth"], (mode, r["rank"], row)
            assert row["truth"]["gradients"] > 0 and row["truth"]["optimizer_state"] > 0
        # mid-forward of steps 2..4: the previous step end's figures, not the moment's
        assert r["mid"][-3:] == [row["truth"] for row in r["rows"][:3]], (mode, r)
    if mode == "fsdp":  # each rank holds its shard: half the parameters of the DDP model
        assert ranks[0]["rows"][-1]["truth"]["parameters"] < 64 * 64 * 4 * 4
