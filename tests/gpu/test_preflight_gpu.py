"""`gpumemd preflight` against the GPU it predicts: the fake run's allocated step peak beside
the real one on the same steps, and a verdict under a memory fraction that the real run keeps
(a batch predicted to fit runs; the first predicted not to fit is no smaller than the real
boundary). The wide sweep (three families, MemTracker beside it, the boundary searches) is
bench/preflight_accuracy.py; its figures are in bench/results/2026-11-28-h100-preflight."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from tests.gpu.conftest import HAS_GPU

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not HAS_GPU, reason="needs a CUDA GPU and NVML")]

GiB = 1 << 30


def _factory(vocab: int = 32000) -> Any:
    import torch
    from torch import nn

    from gpumemd.preflight import Job

    class Decoder(nn.Module):
        def __init__(self, d: int = 768, layers: int = 6, vocab: int = 32000) -> None:
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.blocks = nn.ModuleList(
                nn.TransformerEncoderLayer(d, 12, 4 * d, batch_first=True, norm_first=True)
                for _ in range(layers))
            self.head = nn.Linear(d, vocab, bias=False)

        def forward(self, ids: Any) -> Any:
            x = self.emb(ids)
            for block in self.blocks:
                x = block(x)
            return nn.functional.cross_entropy(self.head(x).flatten(0, 1).float(), ids.flatten())

    model = Decoder(vocab=vocab)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    return Job(model, opt, lambda b, s: torch.randint(0, vocab, (b, s), device="cuda"),
               autocast=torch.bfloat16)


def _two_steps(job: Any, batch: int, seq: int) -> None:
    """The job's first two training steps on the GPU, as preflight runs them on fake tensors."""
    import torch

    for _ in range(2):
        data = job.batch(batch, seq)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = job.model(data)
        loss.backward()
        del loss, data
        job.optimizer.step()
        job.optimizer.zero_grad(set_to_none=True)


def _real(batch: int, seq: int) -> int | None:
    """The same two steps on the GPU: allocated peak, or None on OOM."""
    import torch

    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    job = None
    try:
        with torch.device("cuda"):
            job = _factory()
        _two_steps(job, batch, seq)
        torch.cuda.synchronize()
        return torch.cuda.max_memory_allocated()
    except torch.OutOfMemoryError:
        return None
    finally:
        del job
        gc.collect()
        torch.cuda.empty_cache()


def _real_compiled(factory: Any, batch: int, seq: int) -> int:
    """The job's two steps torch.compile'd on the GPU (the compile's own step first): its
    allocated peak."""
    import torch

    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    with torch.device("cuda"):
        job = factory()
    job.model = torch.compile(job.model)
    try:
        _two_steps(job, batch, seq)
        torch.cuda.synchronize()
        return torch.cuda.max_memory_allocated()
    finally:
        del job
        gc.collect()
        torch.cuda.empty_cache()
        torch._dynamo.reset()


@pytest.mark.timeout_s(180)
def test_predicted_peak_and_verdict_hold_on_the_gpu() -> None:
    import torch

    from gpumemd.preflight import fakerun
    from gpumemd.preflight.verdict import DEFAULT_OVERHEADS, Device, Overheads, figures, judge

    _real(1, 64)  # cuBLAS's workspaces, allocated once per thread, are then in place
    workspaces = torch.cuda.memory_allocated()
    over = Overheads(0, 0, workspaces, 0, DEFAULT_OVERHEADS.error, "measured")
    for batch, seq in ((4, 256), (8, 512)):
        st = fakerun.run(_factory, batch, seq, remap=False)
        fig = figures(st.events, st.at_peak, st.peak, batch=batch, seq=seq, overheads=over)
        real = _real(batch, seq)
        assert real is not None
        assert abs(fig.allocated_peak - real) / real < 0.05, (batch, seq, fig.allocated_peak, real)
    cap = 4 * GiB  # a smaller GPU: a fraction of this one
    total = torch.cuda.get_device_properties(0).total_memory
    torch.cuda.set_per_process_memory_fraction(cap / total)
    try:
        device = Device("4 GiB", total, fraction_limit=cap)
        verdicts = {}
        for batch in (2, 4, 8, 16, 32):
            st = fakerun.run(_factory, batch, 512, remap=False)
            fig = figures(st.events, st.at_peak, st.peak, batch=batch, seq=512, overheads=over)
            verdicts[batch] = judge(st.events, fig, device, over).fits
        assert any(verdicts.values()) and not all(verdicts.values()), verdicts
        for batch, fits in verdicts.items():
            if fits:
                assert _real(batch, 512) is not None, f"predicted to fit, OOMed: batch {batch}"
    finally:
        torch.cuda.set_per_process_memory_fraction(1.0)


@pytest.mark.timeout_s(240)
def test_a_compiled_steps_predicted_peak_holds_on_the_gpu() -> None:
    """The compiled step's model (gpumemd/preflight/compiled.py) on fake CUDA tensors beside the
    same job torch.compile'd on the GPU: within COMPILED_ERROR, the interval it is given."""
    import torch

    from gpumemd.preflight import fakerun
    from gpumemd.preflight.verdict import COMPILED_ERROR, DEFAULT_OVERHEADS, Overheads, figures

    _real(1, 64)  # cuBLAS's workspaces in place, as above
    workspaces = torch.cuda.memory_allocated()
    over = Overheads(0, 0, workspaces, 0, COMPILED_ERROR, "measured")
    batch, seq = 4, 256
    st = fakerun.run(_factory, batch, seq, remap=False, compiled=True)
    assert st.compiled
    fig = figures(st.events, st.at_peak, st.peak, batch=batch, seq=seq, overheads=over)
    real = _real_compiled(_factory, batch, seq)
    eager = fakerun.run(_factory, batch, seq, remap=False)
    eager_fig = figures(eager.events, eager.at_peak, eager.peak, batch=batch, seq=seq,
                        overheads=DEFAULT_OVERHEADS)
    error = (fig.allocated_peak - real) / real
    assert abs(error) <= COMPILED_ERROR, (fig.allocated_peak, real, error, eager_fig.allocated_peak)


@pytest.mark.timeout_s(300)
def test_the_gpus_own_padding_decisions_are_read_back_and_taken(tmp_path: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """GPT-2's vocabulary (50,257: unaligned): the job compiled on the GPU first, into a fresh
    inductor cache, whose pad_mm timed its unaligned multiplies and kept the answers; the trace then
    finds every multiply it would have timed there by pad_mm's own key (padcache.py) and pads as
    the GPU decided: within COMPILED_ERROR of the real step, nothing left to the padded reading."""
    import functools

    import torch
    from torch._inductor.codecache import CacheBase

    from gpumemd.preflight import fakerun, padcache
    from gpumemd.preflight.verdict import COMPILED_ERROR, Overheads, figures

    factory = functools.partial(_factory, vocab=50257)
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path))
    CacheBase.get_local_cache_path.cache_clear()  # memoised: this test's directory from here on
    _real(1, 64)
    workspaces = torch.cuda.memory_allocated()
    batch, seq = 4, 256
    try:
        real = _real_compiled(factory, batch, seq)
    finally:
        CacheBase.get_local_cache_path.cache_clear()
    found = padcache.read_decisions()
    assert found.where == str(tmp_path) and found.by_key, found
    assert found.gpus == (torch.cuda.get_device_name(),)
    plain = fakerun.run(factory, batch, seq, remap=False, compiled=True)
    taken = fakerun.run(factory, batch, seq, remap=False, compiled=True, pads=dict(found.by_key))
    assert plain.unaligned >= 1 and plain.decided == 0
    assert (taken.decided, taken.unaligned) == (plain.unaligned, 0)  # every one found by its key
    over = Overheads(0, 0, workspaces, 0, COMPILED_ERROR, "measured")
    fig = figures(taken.events, taken.at_peak, taken.peak, batch=batch, seq=seq, overheads=over)
    error = (fig.allocated_peak - real) / real
    assert abs(error) <= COMPILED_ERROR, (fig.allocated_peak, real, error, sorted(found.by_key.values()))
    # the report reads the same cache by default, for this GPU by its name in the table (where it is)
    import gpumemd
    from gpumemd.preflight import GPUS

    named = next((k for k in GPUS if padcache._same_gpu(torch.cuda.get_device_name(), k)), None)
    report = gpumemd.preflight(factory, [(batch, seq)], device=named, compiled=True, remap=False)
    assert report.shapes[0].figures.tensors_peak == taken.peak
    assert report.shapes[0].figures.above_bytes == 0  # every multiply decided: no padded reading
    assert any(f"{taken.decided} unaligned matrix multipl" in n and "GPU's own timing" in n
               for n in report.notes), report.notes
