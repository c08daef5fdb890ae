"""A job's first steps on fake tensors (gpumemd/preflight/fakerun.py) on real CPU-torch models:
the categories against the storage sums of the same model built for real, scripts that touch
CUDA, data loaders and randomness, and the jobs that cannot run, each with its reason."""

from __future__ import annotations

import gc
import sys
import textwrap
import time
from pathlib import Path

import pytest
import torch

from gpumemd.preflight import NotRunnable, fakerun
from tests.unit.preflight import models


def _storage_bytes(tensors: list[torch.Tensor]) -> int:
    seen, total = set(), 0
    for t in tensors:
        st = t.untyped_storage()
        if st.data_ptr() not in seen:
            seen.add(st.data_ptr())
            total += -(-st.nbytes() // 512) * 512
    return total


def _real_step(job: fakerun.Job, batch: int, seq: int) -> None:
    data = torch.randint(0, 1000, (batch, seq))
    job.model(data).backward()
    job.optimizer.step()


def test_categories_equal_the_storage_sums_of_the_real_model() -> None:
    torch.manual_seed(0)
    real = models.tiny()
    _real_step(real, 1, 8)
    params = _storage_bytes(list(real.model.parameters()))
    grads = _storage_bytes([p.grad for p in real.model.parameters()])
    moments = _storage_bytes([v for s in real.optimizer.state.values() for k, v in s.items() if k != "step"])
    steps = len(real.optimizer.state)  # AdamW's step counters: on the CPU on a GPU too (one block here)
    stream = fakerun.run(models.tiny, 1, 8)
    assert stream.phase_at_peak == "optimizer"  # a short batch: AdamW's foreach update is the peak
    at = stream.at_peak
    assert at["parameters"] == params
    assert at["gradients"] == grads
    assert moments <= at["optimizer_state"] <= moments + 512 * steps
    assert at["temporaries"] >= moments // 2  # the foreach update's copy of the second moment
    assert sum(at.values()) == stream.peak


def test_the_blocks_are_the_repeated_layers_parameter_bytes() -> None:
    real = models.tiny().model
    expected = tuple(sum(p.numel() * 4 for p in b.parameters()) for b in real.blocks)  # type: ignore[union-attr]
    assert len(expected) == 2 and fakerun.run(models.tiny, 1, 8).blocks == expected
    assert fakerun.blocks(real) == expected
    assert fakerun.blocks(torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 4))) == ()


def test_a_longer_batch_moves_the_peak_into_backward_and_grows_activations() -> None:
    short, long = fakerun.run(models.tiny_sgd, 1, 8), fakerun.run(models.tiny_sgd, 8, 512)
    assert long.peak > short.peak
    assert long.at_peak["activations"] > 10 * max(short.at_peak["activations"], 1)


def test_the_plain_tuple_form_and_module_cuda_run() -> None:
    stream = fakerun.run(models.tuple_job, 2, 16)
    assert stream.at_peak["parameters"] > 0 and stream.steps == 2


def test_bf16_autocast_halves_the_matmul_activations() -> None:
    fp32 = fakerun.run(models.small_bf16, 4, 128)
    job = models.small_bf16()
    assert job.autocast is torch.bfloat16

    def no_autocast() -> fakerun.Job:
        j = models.small_bf16()
        j.autocast = None
        return j

    plain = fakerun.run(no_autocast, 4, 128)
    assert fp32.at_peak["activations"] < plain.at_peak["activations"]


class _NoName:
    """A sys.modules entry that is no module and has no __name__ (a Cython object did this on
    the GPU machine, after MemTracker's imports: every later preflight failed)."""

    __slots__ = ()


def test_an_object_in_sys_modules_without_a_name_does_not_stop_the_run(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "zz_gpumemd_test_no_name", _NoName())
    monkeypatch.setitem(sys.modules, "torch.optim.zz_gpumemd_test_no_name", _NoName())
    stream = fakerun.run(models.tiny_sgd, 1, 8)
    assert stream.peak > 0


def test_the_patches_are_put_back() -> None:
    def patched() -> tuple[object, ...]:
        return (torch.Tensor.cuda, torch.Tensor.to, torch.Tensor.uniform_, torch.nn.Module._apply,
                torch.cuda.is_available, torch.tensor, torch.nn.functional.scaled_dot_product_attention,
                torch.amp.GradScaler._maybe_opt_step, torch.compile, torch.nn.Module.compile,
                torch.cuda.get_rng_state)

    before = patched()
    fakerun.run(models.tiny, 1, 8)
    assert patched() == before
    assert torch.cuda.is_available() is False


def test_the_collector_is_paused_during_the_run_and_put_back_whatever_it_raised(tmp_path: Path) -> None:
    """Python's automatic collections are off while the fake run runs (dynamo.garbage_held: the
    compile's garbage held as a job's first steps hold it) and as they were after it: on after a
    run and after a script that raised, still off where the caller had turned them off."""
    seen: list[bool] = []

    def job() -> fakerun.Job:
        seen.append(gc.isenabled())
        return models.tiny()

    assert gc.isenabled()
    fakerun.run(job, 1, 8)
    assert seen and not any(seen) and gc.isenabled()
    script = tmp_path / "raises.py"
    script.write_text("import gc\nassert not gc.isenabled()\nraise RuntimeError('its own failure')\n")
    with pytest.raises(NotRunnable, match="its own failure"):
        fakerun.run_script(str(script))
    assert gc.isenabled()
    gc.disable()
    try:
        fakerun.run(models.tiny, 1, 8)
        assert not gc.isenabled()
    finally:
        gc.enable()


SCRIPT = """
import random
import torch
from torch.utils.data import DataLoader, TensorDataset

random.seed(0)
torch.manual_seed(0)
torch.cuda.manual_seed_all(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
assert device == "cuda", "preflight's fake GPU is available"
model = torch.nn.Sequential(torch.nn.Linear(32, 256), torch.nn.ReLU(), torch.nn.Linear(256, 4)).cuda()
opt = torch.optim.Adam(model.parameters())
data = TensorDataset(torch.randn(64, 32), torch.randint(0, 4, (64,)))
loader = DataLoader(data, batch_size=16, shuffle=True, num_workers=2, pin_memory=True)
for epoch in range(100):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.cuda()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        torch.cuda.synchronize()
raise SystemExit("preflight should have stopped the script at its second step")
"""


def test_a_script_that_touches_cuda_loaders_and_randomness_runs_without_a_gpu(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    stream = fakerun.run_script(str(script), steps=2)
    params = (32 * 256 + 256 + 256 * 4 + 4) * 4
    assert stream.at_peak["parameters"] >= params
    assert stream.at_peak["optimizer_state"] >= 2 * params


SCALED = """
import os
import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

np.random.seed(0)
torch.cuda.manual_seed(0)
torch.backends.cudnn.benchmark = True
torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", 0)))
device = torch.device("cuda", torch.cuda.current_device())
assert torch.cuda.get_device_name(device)
model = torch.nn.Sequential(torch.nn.Linear(32, 256), torch.nn.GELU(), torch.nn.Linear(256, 4)).to(device)
opt = torch.optim.AdamW(model.parameters())
scaler = torch.amp.GradScaler("cuda")
data = TensorDataset(torch.randn(64, 32), torch.randint(0, 4, (64,)))
loader = DataLoader(data, batch_size=16, pin_memory=True)
torch.cuda.reset_peak_memory_stats()
for x, y in loader:
    x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
    assert x.to(device, copy=True) is not x and x.to(device, torch.float32, False, True) is not x
    with torch.autocast("cuda", dtype=torch.float16):
        loss = torch.nn.functional.cross_entropy(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    opt.zero_grad(set_to_none=True)
    print(torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated())
    torch.cuda.empty_cache()
"""


def test_a_grad_scaled_script_with_the_usual_cuda_calls_runs_without_a_gpu(tmp_path: Path) -> None:
    """GradScaler passes Tensor.to's `copy` (which torch's Module.to parser refuses) and steps
    only after reading its inf check's value (which a fake tensor has not): both once stopped
    a plain fp16 script."""
    script = tmp_path / "scaled.py"
    script.write_text(SCALED)
    stream = fakerun.run_script(str(script), steps=2)
    params = (32 * 256 + 256 + 256 * 4 + 4) * 4
    assert stream.at_peak["parameters"] >= params
    assert stream.at_peak["optimizer_state"] >= 2 * params  # the scaler stepped AdamW


_CPU_ONLY = pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU's torch.cuda classes are real")


@pytest.mark.parametrize("body, reason", [
    ("x = torch.randn(4, device='cuda'); s = torch.cuda.Stream()", "CUDA streams, events and generators"),
    # a CPU-only torch's dummy classes say nothing of CUDA: a timing event, a graph (with a GPU
    # they are real, and the script ends after no step)
    pytest.param("s = torch.cuda.Event(enable_timing=True)", "CUDA streams, events and generators",
                 marks=_CPU_ONLY),
    pytest.param("g = torch.cuda.CUDAGraph()", "CUDA streams, events and generators", marks=_CPU_ONLY),
    ("print('no training'); raise SystemExit(0)", "exited (0) after 0 optimizer step(s)"),
])
def test_a_script_that_cannot_run_says_why(tmp_path: Path, body: str, reason: str) -> None:
    script = tmp_path / "bad.py"
    script.write_text(textwrap.dedent(f"import torch\n{body}\n"))
    with pytest.raises(NotRunnable, match=reason.replace("(", r"\(").replace(")", r"\)")):
        fakerun.run_script(str(script))


def test_a_one_billion_parameter_model_runs_in_ten_seconds() -> None:
    started = time.perf_counter()
    stream = fakerun.run(models.one_billion, 1, 2048)
    took = time.perf_counter() - started
    assert stream.at_peak["parameters"] > 3.5e9  # ~0.95 B fp32 parameters
    assert took <= 10.0, f"{took:.1f} s"
