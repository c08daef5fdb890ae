"""Memory by category (gpumemd/agent/categories.py) on real CPU-torch models and optimizers.
The expected figures are computed here from the tensors' shapes and dtypes (numel x element
size over the tensors the test knows are distinct), never through the storage API the code
reads."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import weakref
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.agent.agent import Agent
from gpumemd.agent.categories import CategorySource, _split, account
from gpumemd.agent.identity import Identity
from tests.fakes import FakeTorch, TorchSequence, stats
from tests.helpers import ROOT

torch = pytest.importorskip("torch")
CPU = ("cpu", 0)


def nbytes(*tensors: Any) -> int:
    return sum(t.numel() * t.element_size() for t in tensors)


def train(model: Any, opt: Any, steps: int = 1, width: int = 8) -> None:
    for _ in range(steps):
        opt.zero_grad()
        model(torch.ones(2, width)).sum().backward()
        opt.step()


def mlp(width: int = 8) -> Any:
    return torch.nn.Sequential(torch.nn.Linear(width, 16), torch.nn.ReLU(), torch.nn.Linear(16, width))


@pytest.mark.parametrize("make, per_param", [
    (lambda p: torch.optim.Adam(p, lr=1e-3), 2),  # exp_avg, exp_avg_sq (step: a CPU scalar, counted too here)
    (lambda p: torch.optim.AdamW(p, lr=1e-3), 2),
    (lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9), 1),  # momentum_buffer
])
def test_each_optimizer_state_counted_beside_parameters_and_gradients(make: Any, per_param: int) -> None:
    model = mlp()
    opt = make(model.parameters())
    train(model, opt)
    params = list(model.parameters())
    walk = account([model], [opt], device_type="cpu")
    got = walk.bytes[CPU]
    assert got["parameters"] == nbytes(*params)
    assert got["gradients"] == nbytes(*params)  # fp32 grads, one per parameter
    scalars = sum(nbytes(v) for s in opt.state.values() for k, v in s.items() if k == "step")
    assert got["optimizer_state"] == per_param * nbytes(*params) + scalars
    assert got["buffers"] == 0


def test_tied_weights_and_a_parameter_shared_by_two_modules_count_once() -> None:
    emb = torch.nn.Embedding(50, 8)
    head = torch.nn.Linear(8, 50, bias=False)
    head.weight = emb.weight  # tied, as GPT-2's lm_head
    shared = torch.nn.Linear(8, 8)
    model = torch.nn.ModuleDict({"emb": emb, "head": head, "a": shared,
                                 "b": torch.nn.Sequential(shared)})  # one module in two places
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    opt.zero_grad()
    (head(emb(torch.tensor([1, 2]))).sum() + shared(torch.ones(1, 8)).sum()).backward()
    opt.step()
    distinct = [emb.weight, shared.weight, shared.bias]
    got = account([model], [opt], device_type="cpu").bytes[CPU]
    assert got["parameters"] == nbytes(*distinct)
    assert got["gradients"] == nbytes(*distinct)
    # the same model and optimizer watched twice change nothing
    assert account([model, model], [opt, opt], device_type="cpu").bytes[CPU] == got


def test_a_frozen_submodule_has_parameters_but_no_gradients_nor_state() -> None:
    model = mlp()
    for p in model[0].parameters():
        p.requires_grad_(False)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    train(model, opt)
    trained = list(model[2].parameters())
    got = account([model], [opt], device_type="cpu").bytes[CPU]
    assert got["parameters"] == nbytes(*model.parameters())
    assert got["gradients"] == nbytes(*trained)
    scalars = sum(nbytes(s["step"]) for s in opt.state.values())
    assert got["optimizer_state"] == 2 * nbytes(*trained) + scalars


def test_buffers_and_views_count_their_storage_once() -> None:
    bn = torch.nn.BatchNorm1d(8)
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), bn)
    got = account([model], [], device_type="cpu").bytes[CPU]
    assert got["buffers"] == nbytes(bn.running_mean, bn.running_var, bn.num_batches_tracked)
    # a parameter that is a view of a bigger buffer: the whole storage, in the first category that claims it
    flat = torch.zeros(100)
    m = torch.nn.Linear(4, 4)
    m.weight = torch.nn.Parameter(flat[:16].view(4, 4))
    m.bias = torch.nn.Parameter(flat[16:20])
    got = account([m], [], device_type="cpu").bytes[CPU]
    assert got["parameters"] == nbytes(flat)


def test_master_weights_of_a_mixed_precision_setup_are_optimizer_state() -> None:
    model = mlp().to(torch.bfloat16)
    # fp32 copies, as apex and ZeRO keep them
    master = [p.detach().float().requires_grad_() for p in model.parameters()]
    opt = torch.optim.Adam(master, lr=1e-3)
    for m in master:
        m.grad = torch.zeros_like(m)
    opt.step()
    params = list(model.parameters())
    got = account([model], [opt], device_type="cpu").bytes[CPU]
    assert got["parameters"] == nbytes(*params)
    assert got["gradients"] == nbytes(*master)  # the master grads (the bf16 model has none)
    scalars = sum(nbytes(s["step"]) for s in opt.state.values())
    assert got["optimizer_state"] == nbytes(*master) + 2 * nbytes(*master) + scalars
    # without a model, the optimizer's parameters are the parameters
    alone = account([], [opt], device_type="cpu").bytes[CPU]
    assert alone["parameters"] == nbytes(*master)
    assert alone["optimizer_state"] == 2 * nbytes(*master) + scalars


def test_only_tensors_on_the_asked_device_type_count() -> None:
    model = mlp()
    assert account([model], [], device_type="cuda").bytes == {}
    meta = torch.nn.Linear(4, 4, device="meta")
    assert account([meta], [], device_type=None).bytes == {}


def test_an_fsdp2_dtensor_counts_its_local_shard() -> None:
    # DTensor needs a process group: a one-rank gloo group on this host, torn down after
    dist = pytest.importorskip("torch.distributed")
    from torch.distributed.tensor import Shard, distribute_tensor, init_device_mesh

    if not dist.is_available():
        pytest.skip("torch.distributed unavailable")
    import os

    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", str(29500 + os.getpid() % 1000))
    dist.init_process_group("gloo", rank=0, world_size=1)
    try:
        mesh = init_device_mesh("cpu", (1,))
        full = torch.zeros(32, 8)
        dt = torch.nn.Parameter(distribute_tensor(full, mesh, [Shard(0)]))
        holder = torch.nn.Module()
        holder.w = dt
        got = account([holder], [], device_type="cpu").bytes[CPU]
        assert got["parameters"] == nbytes(dt.to_local())
    finally:
        dist.destroy_process_group()


@settings(max_examples=25, deadline=None)
@given(widths=st.lists(st.integers(1, 24), min_size=1, max_size=5), tie=st.booleans(),
       momentum=st.booleans())
def test_random_stacks_match_the_sum_over_distinct_tensors(widths: list[int], tie: bool,
                                                           momentum: bool) -> None:
    layers = [torch.nn.Linear(w, w) for w in widths]
    if tie and len(layers) > 1 and widths[0] == widths[-1]:
        layers[-1].weight = layers[0].weight
    model = torch.nn.ModuleList(layers)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9 if momentum else 0.0)
    opt.zero_grad()
    sum(layer(torch.ones(1, layer.in_features)).sum() for layer in layers).backward()
    opt.step()
    distinct = list({id(p): p for layer in layers for p in layer.parameters()}.values())
    got = account([model], [opt], device_type="cpu").bytes[CPU]
    assert got["parameters"] == nbytes(*distinct) == got["gradients"]
    assert got["optimizer_state"] == (nbytes(*distinct) if momentum else 0)


@given(params=st.integers(0, 1 << 40), grads=st.integers(0, 1 << 40), end=st.integers(0, 1 << 42),
       peak=st.one_of(st.none(), st.integers(0, 1 << 42)))
def test_split_never_negative_and_the_peak_adds_up(params: int, grads: int, end: int,
                                                   peak: int | None) -> None:
    persistent = {"parameters": params, "buffers": 0, "gradients": grads, "optimizer_state": 0}
    at_end, at_peak = _split(persistent, end, peak)
    assert all(v >= 0 for v in at_end.values())
    assert sum(at_end.values()) == max(end, params + grads)
    if peak is None:
        assert at_peak is None
    else:
        assert at_peak is not None and all(v >= 0 for v in at_peak.values())
        assert sum(at_peak.values()) == max(peak, sum(at_end.values()))


def test_watch_holds_weak_references_only() -> None:
    source = CategorySource({"rank": "0"}, device_type=lambda: "cpu")
    model = mlp()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    assert source.watch(model, [opt])
    assert source.watching
    ref = weakref.ref(model)
    del model, opt
    gc.collect()
    assert ref() is None  # the agent kept nothing alive
    assert not source.watching
    assert source.watch(None, None) is False
    assert source.watch(object(), None) is False  # not weak-referenceable: refused, no exception


class _Readings(TorchSequence):
    """A replayed CUDA allocator at a fixed figure (the device is the CPU's tensors here)."""

    def __init__(self, current: int) -> None:
        super().__init__([])
        self.current = current

    def memory_stats(self, device: int) -> dict[str, Any]:
        return stats(self.current, self.current, self.current, 0)


def test_the_agent_exports_one_family_with_category_and_at() -> None:
    model = mlp()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    train(model, opt)
    persistent = account([model], [opt], device_type="cpu").bytes[CPU]
    allocated = sum(persistent.values()) + 4096  # 4 KiB nobody claims: "other"
    a = Agent(listen_address=None, identity=Identity(pid=452, rank=0, local_rank=0, world_size=1),
              apis={"torch": _Readings(allocated), "oom": FakeTorch(), "rss": lambda: 1,
                    "peak_rss": lambda: 1},
              spool_dir="", nvml=False, interval=3600, evaluation_interval=3600, nvml_interval=3600)
    a.build()
    a.categories._device_type = lambda: "cpu"  # the replayed "GPU 0" holds the CPU tensors
    a.runtime = a.build()
    assert a.watch(model, opt)
    snap = a.runtime.sampler.sample_once()
    got = {(s.labels["category"], s.labels["at"]): s.value for f in snap.exposition.families
           for s in f.samples if s.name == "gpumemd_allocator_category_bytes"}
    assert got[("parameters", "end")] == persistent["parameters"]
    assert got[("optimizer_state", "end")] == persistent["optimizer_state"]
    assert got[("other", "end")] == 4096
    assert ("activations", "peak") not in got  # no optimizer step closed yet: no peak
    assert sum(v for (_, at), v in got.items() if at == "end") == allocated


_WALK = """
import json, sys, time
import torch
from gpumemd.agent.categories import account


class Flat:  # a model as the walk sees one, without nn.Module's per-parameter registration cost
    def __init__(self, params):
        self._params = params

    def parameters(self):
        return self._params

    def buffers(self):
        return []


n = 100_000
params = [torch.nn.Parameter(t) for t in torch.zeros(n, 2).unbind()]
for p, g in zip(params, torch.zeros(n, 2).unbind()):
    p.grad = g
opt = torch.optim.Adam(params, lr=1e-3)
moments = torch.zeros(2, n, 2)
for p, m, v in zip(params, moments[0].unbind(), moments[1].unbind()):
    opt.state[p] = {"exp_avg": m, "exp_avg_sq": v}
start = time.perf_counter()
walk = account([Flat(params)], [opt], device_type="cpu")
took = time.perf_counter() - start
print(json.dumps({"took": took, "tensors": walk.tensors, "bytes": walk.bytes[("cpu", 0)]}))
"""


def test_a_walk_of_a_hundred_thousand_parameters_is_bounded() -> None:
    # 10^5 small parameters, each with a gradient and two Adam moments: 4 x 10^5 tensors. In a
    # process of its own: half a million small objects freed leave glibc's heap holding memory
    # that later tests measuring RSS (the profiler's) would read as not moving.
    proc = subprocess.run([sys.executable, "-c", _WALK], capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    n = 100_000
    assert out["tensors"] >= 4 * n
    # views of three storages: each counted once, in its category
    assert out["bytes"] == {"parameters": 8 * n, "buffers": 0, "gradients": 8 * n, "optimizer_state": 16 * n,
                            "unsharded_parameters": 0, "comm_buckets": 0}
    assert out["took"] < 5.0, out  # ~1.5 s on the CI host (docs/categories.md)


class _Step(NamedTuple):  # what the allocator's last closed step says (StepPeakReading's fields read here)
    allocated_end_bytes: int
    allocated_bytes: int


class _Reading(NamedTuple):  # an allocator reading, as the cycle hands it
    device: int
    uuid: str
    allocated_bytes: int
    step: Any = None  # no optimizer step closed


def _source(clock: Any = None) -> tuple[CategorySource, dict[int, _Step]]:
    steps: dict[int, _Step] = {}
    source = CategorySource({}, device_type=lambda: "cpu", **({"clock": clock} if clock else {}))
    source.follow(steps.get)
    return source, steps


def test_the_figures_are_the_step_ends_not_the_moment_a_sample_reads() -> None:
    # The state at the optimizer step's end, paired with that step's end and peak, whatever
    # the loop does when the sampling thread reads: zero_grad(set_to_none) has freed the
    # grads, a backward has made half of them, an FSDP2-like forward has swapped in bigger
    # (all-gathered) parameters.
    model = mlp()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    source, steps = _source()
    source.budget = float("inf")  # a pass at every boundary (PassBudget's spacing: its own tests)
    assert source.watch(model, opt)
    at_rest = source.read({"allocator": (_Reading(0, "GPU-x", 1 << 20),)})[0]
    assert at_rest.end["parameters"] == nbytes(*model.parameters()) and at_rest.end["gradients"] == 0
    assert at_rest.peak is None and at_rest.end["other"] == (1 << 20) - nbytes(*model.parameters())
    train(model, opt)
    params = list(model.parameters())
    truth = {"parameters": nbytes(*params), "gradients": nbytes(*params),
             "optimizer_state": 2 * nbytes(*params) + sum(nbytes(s["step"]) for s in opt.state.values())}
    held = sum(truth.values())
    steps[0] = _Step(held + 4096, held + 10_000)
    source.on_boundary(1)  # the optimizer step's end
    opt.zero_grad(set_to_none=True)  # the next step begins
    model[2].weight.grad = torch.zeros_like(model[2].weight)  # half a backward
    model[0].weight = torch.nn.Parameter(torch.zeros(16, 8 * 4))  # an all-gathered stand-in, bigger
    steps[0] = _Step(1, 2)  # not read: the pass names its own step
    got = source.read({"allocator": (_Reading(0, "GPU-x", 123),)})[0]
    assert {k: got.end[k] for k in truth} == truth
    assert got.end["other"] == 4096 and got.peak is not None
    assert got.peak["activations"] == 10_000 - 4096 and sum(got.peak.values()) == held + 10_000


def test_a_replaced_parameter_is_found_again_at_the_next_boundary() -> None:
    # fully_shard after watch() replaces every parameter: the dead references say so
    model = mlp()
    source, steps = _source()
    source.budget = float("inf")  # a pass at every boundary
    source.watch(model)
    steps[0] = _Step(0, 0)
    model[0].weight = torch.nn.Parameter(torch.zeros(16, 2))  # the old weight is gone
    gc.collect()
    source.on_boundary(None)  # this pass sees the loss and finds the tensors again for the next
    source.on_boundary(None)
    got = source.read({"allocator": (_Reading(0, "GPU-x", 1 << 20),)})[0]
    assert got.end["parameters"] == nbytes(*model.parameters())


def test_the_agent_counts_in_its_step_hook() -> None:
    # real CPU optimizer steps through the agent's hook; the allocator replayed
    model = mlp()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    a = Agent(listen_address=None, identity=Identity(pid=454, rank=0, local_rank=0, world_size=1),
              apis={"torch": _Readings(1 << 30), "oom": FakeTorch(), "rss": lambda: 1, "peak_rss": lambda: 1},
              spool_dir="", nvml=False, interval=3600, evaluation_interval=3600, nvml_interval=3600,
              tick="step")
    a.start()  # its first sample hooks the optimizer steps (torch is imported)
    a.steps.peak_budget = float("inf")  # a step boundary after every step
    a.categories.budget = float("inf")  # and a pass at each
    a.categories._device_type = lambda: "cpu"  # the replayed GPU 0 holds this test's CPU tensors
    try:
        assert a.watch(model, opt)
        train(model, opt, steps=2)
        opt.zero_grad(set_to_none=True)
        snap = a.sample_once()
        got = {(s.labels["category"], s.labels["at"]): s.value for f in snap.exposition.families
               for s in f.samples if s.name == "gpumemd_allocator_category_bytes"}
        assert got[("gradients", "end")] == nbytes(*model.parameters())  # the step's end held them
        assert ("activations", "peak") in got
        assert a.categories.walks >= 2
    finally:
        a.stop()


def test_without_a_step_hook_the_sampling_thread_counts_spaced_by_the_budget() -> None:
    # agent.tick: thread installs no optimizer-step hook: a pass at a sample's moment instead
    now = [0.0]
    source = CategorySource({}, device_type=lambda: "cpu", clock=lambda: now[0], at_boundaries=False)
    model = mlp()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    source.watch(model, opt)
    reading = _Reading(0, "GPU-x", 1 << 20)
    assert source.read({"allocator": (reading,)})[0].end["gradients"] == 0
    train(model, opt)
    got = source.read({"allocator": (reading,)})[0]  # the budget: a pass that took 0 s allows the next
    assert got.end["gradients"] == nbytes(*model.parameters()) and source.walks == 3


def _ends(source: CategorySource) -> dict[str, int]:
    source.on_boundary(None)
    return source.read({"allocator": (_Reading(0, "GPU-x", 1 << 30, _Step(1 << 30, 2 << 30)),)})[0].end


def test_every_pass_follows_the_storages_as_they_change_between_passes() -> None:
    # nothing is kept from one pass to the next but the tensors watch() found: grads set to None
    # and made again, the optimizer's state made at its first step, a parameter's storage
    # replaced (`.data =`), freed and grown again in place (FSDP2's reshard), a parameter group added
    model = mlp()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    source, steps = _source()
    source.budget = float("inf")
    assert source.watch(model, opt)
    params = list(model.parameters())
    got = _ends(source)
    assert (got["parameters"], got["gradients"], got["optimizer_state"]) == (nbytes(*params), 0, 0)
    train(model, opt)
    state = sum(nbytes(*s.values()) for s in opt.state.values())
    assert state == 2 * nbytes(*params) + 4 * len(params)  # two moments and a float32 step each
    got = _ends(source)
    assert (got["gradients"], got["optimizer_state"]) == (nbytes(*params), state)
    opt.zero_grad(set_to_none=True)
    assert _ends(source)["gradients"] == 0
    w = model[0].weight
    w.data = torch.zeros(16, 8 * 3)  # a new, bigger storage under the same parameter
    assert _ends(source)["parameters"] == nbytes(*params)
    w.untyped_storage().resize_(0)  # freed in place, as FSDP2 frees its unsharded parameters
    assert _ends(source)["parameters"] == nbytes(*params) - nbytes(w)
    w.untyped_storage().resize_(nbytes(w))
    assert _ends(source)["parameters"] == nbytes(*params)
    extra = torch.nn.Parameter(torch.zeros(5))
    opt.add_param_group({"params": [extra]})  # not a watched model's: the optimizer's own copy
    assert _ends(source)["optimizer_state"] == state + nbytes(extra)


def test_a_tensor_that_cannot_be_read_is_skipped_alone() -> None:
    # a sparse tensor in the optimizer's state: its type's reads raise, so that type is read a
    # tensor at a time; the dense ones beside it still count
    model = mlp()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    train(model, opt)
    dense = sum(nbytes(*s.values()) for s in opt.state.values())
    opt.state[model[0].weight]["sparse"] = torch.zeros(4, 4).to_sparse()
    walk = account([model], [opt], device_type="cpu")
    assert walk.bytes[CPU]["optimizer_state"] == dense and walk.skipped == 1
    assert walk.tensors == 3 * len(list(model.parameters())) + 1  # parameters, grads, momenta, the sparse one
