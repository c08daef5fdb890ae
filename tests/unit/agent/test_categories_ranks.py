"""Memory by category under DDP and FSDP2 on CPU: two gloo ranks under torchrun, each
counting at its optimizer steps' ends (`CategorySource.on_boundary`, as the agent's step
hook calls it) and comparing with its storage truth (bench/multigpu_train.py's
`storage_truth`, computed apart from the agent: DDP's buckets from the reducer's own copies
of them, FSDP2's unsharded parameters from the modules' attributes). A read in the middle of
the next forward (FSDP2 has all-gathered the root's parameters, the grads are gone) still
gives the last step end's figures. The GPU run of the same at 4 ranks is
tests/gpu/test_categories_ranks_gpu.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT, free_port

torch = pytest.importorskip("torch")

_RANK = """
import json, os, sys
import torch, torch.distributed as dist
sys.path.insert(0, {bench!r})
from multigpu_train import fsdp_storage, storage_truth
from gpumemd.agent.categories import CategorySource
from gpumemd.agent.categorypass import COUNTED

mode = sys.argv[1]
dist.init_process_group("gloo")
torch.manual_seed(0)
model = torch.nn.Sequential(*[torch.nn.Linear(64, 64) for _ in range(4)], torch.nn.LayerNorm(64))
last = model[-1]
if mode.startswith("ddp"):
    # several buckets, rebuilt after the first step (dynamo's DDP optimizer wants its default caps)
    caps = {{}} if mode == "ddp-compiled" else {{"bucket_cap_mb": 0.02}}
    model = torch.nn.parallel.DistributedDataParallel(
        model, gradient_as_bucket_view=mode == "ddp-view", **caps)
    if mode == "ddp-compiled":
        model = torch.compile(model, backend="aot_eager")  # dynamo and AOT autograd, no C++ compiler
else:
    from torch.distributed.fsdp import fully_shard
    for m in list(model)[:4]:
        fully_shard(m)
    fully_shard(model)
    if mode.startswith("fsdp-keep"):
        model.set_reshard_after_backward(False)  # the unsharded parameters outlive the step
    if mode == "fsdp-keep-legacy":
        # FAKE (a torch layout this torch cannot make): an FSDPState as torch kept it before
        # per-parameter meshes, its one group in the instance attribute `_fsdp_param_group`
        # and no `_fsdp_param_groups` list in its __dict__; FSDP2's own code reads the list
        # through a property, so training runs unchanged
        from torch.distributed.fsdp import FSDPModule
        from torch.distributed.fsdp._fully_shard._fsdp_state import FSDPState

        class LegacyState(FSDPState):
            _fsdp_param_group = None  # a plain class attribute: the instance's own value wins

            @property
            def _fsdp_param_groups(self):
                group = self.__dict__["_fsdp_param_group"]
                return [] if group is None else [group]

        for m in model.modules():
            state = m._get_fsdp_state() if isinstance(m, FSDPModule) else None
            if state is not None and type(state) is FSDPState:
                groups = state.__dict__.pop("_fsdp_param_groups")
                assert len(groups) <= 1, groups
                state.__dict__["_fsdp_param_group"] = groups[0] if groups else None
                state.__class__ = LegacyState
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
at_rest = list(model.parameters())  # FSDP2: the shards (fsdp-keep's modules hold the unsharded ones later)


class Step:  # the allocator's last closed step, as the agent's AllocatorSource gives it
    allocated_end_bytes = 1 << 30
    allocated_bytes = 2 << 30


class Reading:  # an allocator reading of "GPU 0" (this rank's CPU tensors stand in)
    device, uuid, allocated_bytes = 0, "GPU-x", 1 << 30
    step = Step()


if mode == "ddp":  # which threads read DDP's logger (it takes the reducer's lock)
    import threading
    Logger = type(model.logger)
    original, readers = Logger._get_ddp_logging_data, []

    def spied(self):
        readers.append(threading.current_thread().name)
        return original(self)

    Logger._get_ddp_logging_data = spied
src, now = (CategorySource({{}}, device_type=lambda: "cpu") for _ in range(2))
sampled = CategorySource({{}}, device_type=lambda: "cpu", at_boundaries=False)  # tick: thread
for s in (src, now, sampled):  # now: counts at the moment a forward is in, as a boundary would
    s.follow(lambda device: Step())
    s.budget = float("inf")  # a pass at every boundary (the budget spaces them in the agent)
    assert s.watch(model, opt)
rows, mid, live, on_sampler, held = [], [], [], [], None


def sample():  # the sampling thread's pass (tick: thread), on a thread of its own
    import threading
    box = []
    t = threading.Thread(target=lambda: box.append(sampled.read({{"allocator": (Reading(),)}})[0].end),
                         name="sampler")
    t.start()
    t.join()
    return box[0]


def during_forward(module, args):  # the sampling thread's view, mid-forward; and a count of the moment
    r = src.read({{"allocator": (Reading(),)}})
    if r:
        mid.append({{k: r[0].end[k] for k in COUNTED}})
    now.on_boundary(None)
    got = now.read({{"allocator": (Reading(),)}})[0].end
    truth = storage_truth(model, opt, torch.device("cpu"), at_rest)
    live.append({{"truth": truth, "got": {{k: got[k] for k in truth}}}})


if mode != "ddp-compiled":  # dynamo would trace the hook into the graph
    last.register_forward_pre_hook(during_forward)
for i in range(4):
    model(torch.ones(8, 64)).sum().backward()
    opt.step()
    src.on_boundary(i + 1)
    truth = storage_truth(model, opt, torch.device("cpu"), at_rest)
    got = src.read({{"allocator": (Reading(),)}})[0].end
    rows.append({{"truth": truth, "got": {{k: got[k] for k in truth}}}})
    if mode.startswith("fsdp") and i == 3:
        held = fsdp_storage(model)  # the bench's record of what holds the unsharded bytes
    if mode == "ddp":
        on_sampler.append({{"truth": truth["comm_buckets"], "got": sample()["comm_buckets"]}})
    opt.zero_grad(set_to_none=True)
with open(f"{{sys.argv[2]}}/rank-{{dist.get_rank()}}.json", "w") as f:  # torchrun interleaves stdout
    json.dump({{"rank": dist.get_rank(), "rows": rows, "mid": mid, "live": live, "on_sampler": on_sampler,
               "held": held,
               "readers": sorted(set(readers)) if mode == "ddp" else None}}, f)
dist.destroy_process_group()
sys.stdout.flush()
os._exit(0)  # past C++'s static destructors: a gloo rank now and then aborts at exit (torchrun fails it)
"""


# the model's parameters in bytes (four 64x64 Linear layers with biases, a LayerNorm), fp32
FULL = (4 * (64 * 64 + 64) + 2 * 64) * 4


def run_ranks(mode: str, tmp_path: Path) -> list[dict[str, Any]]:
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
        assert mode == "ddp-compiled" or r["mid"][-3:] == [row["truth"] for row in r["rows"][:3]], (mode, r)
    return ranks


@pytest.mark.parametrize("mode", ["ddp", "ddp-view", "ddp-compiled"])
def test_ddp_buckets_are_comm_buckets_unless_the_grads_are_views_of_them(mode: str, tmp_path: Path) -> None:
    """The reducer's buckets hold every parameter's elements once: the model's bytes; with
    `gradient_as_bucket_view` they are the grads' storages (in `gradients`), not a second copy.
    A compiled DDP (torch.compile around it) is found through the compiled module's own. DDP's
    logger is read on the training thread only: a sampling thread's pass (`tick: thread`)
    reuses the sizes read at watch() (the same bytes)."""
    for r in run_ranks(mode, tmp_path):
        if mode == "ddp":
            assert r["readers"] == ["MainThread"], r["readers"]
            assert len(r["on_sampler"]) == 4 and all(x["got"] == x["truth"] == FULL for x in r["on_sampler"])
        for row in r["rows"]:
            assert row["truth"]["unsharded_parameters"] == 0
            if mode == "ddp-view":
                assert row["truth"]["comm_buckets"] == 0 and row["truth"]["gradients"] == FULL, row
            else:
                assert row["truth"]["comm_buckets"] == FULL and row["truth"]["gradients"] == FULL, row


@pytest.mark.parametrize("mode", ["fsdp", "fsdp-keep", "fsdp-keep-legacy"])
def test_fsdp2_unsharded_parameters_are_their_own_category(mode: str, tmp_path: Path) -> None:
    """FSDP2's all-gathered parameters: freed by the step's end under the default reshard (0,
    while the moment's count in the middle of a forward finds the root's gathered ones: equal
    to the modules' unsharded parameters then); kept under `set_reshard_after_backward(False)`:
    the whole model unsharded at each step's end, beside the shards in `parameters`.
    `fsdp-keep-legacy`: the same with each FSDP2 state in the layout of a torch before
    per-parameter meshes (one `_fsdp_param_group`, a fake: see the script), where the groups
    found only through `_fsdp_param_groups` read 0 (issue 37's GPU run)."""
    ranks = run_ranks(mode, tmp_path)
    for r in ranks:
        for row in r["rows"]:
            assert row["truth"]["comm_buckets"] == 0
            assert row["truth"]["parameters"] < FULL  # this rank's shard
            assert row["truth"]["unsharded_parameters"] == (FULL if mode.startswith("fsdp-keep") else 0), row
        for row in r["live"]:  # in the last layer's forward: the root (LayerNorm) is gathered
            assert row["got"] == row["truth"], row
            assert row["truth"]["unsharded_parameters"] >= 2 * 64 * 4, row
    assert sum(r["rows"][-1]["truth"]["parameters"] for r in ranks) == FULL  # two halves
    kept = FULL if mode.startswith("fsdp-keep") else 0
    for r in ranks:  # bench/multigpu_train.py's fsdp_storage at the last step's end
        held = r["held"]
        assert held["state_layout"] == (["_fsdp_param_group"] if mode == "fsdp-keep-legacy"
                                        else ["_fsdp_param_groups"]), held
        assert held["groups"] == 5 and held["fsdp_params"] == 10, held  # 4 Linear, the root's LayerNorm
        assert held["bytes"] == {"all_gather_outputs": kept, "_unsharded_inner_tensors": 0,
                                 "_sharded_post_forward_param_data": 0, "_unsharded_param": kept}, held
        assert held["unsharded_param_in_all_gather_outputs"] == (10 if kept else 0), held
