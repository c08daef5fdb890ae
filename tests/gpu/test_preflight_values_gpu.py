"""Reads of fake tensors' values on a real CUDA build (fake CUDA tensors, not the CPU path the
unit tests take): the training scripts of tests/fixtures/preflight/scripts give the plain loop's
memory, the same reads and the same refusals, a boolean mask at its bound, and the GPU's own
memory and values are untouched
by the fake run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gpu.conftest import HAS_GPU
from tests.helpers import ROOT

pytestmark = [pytest.mark.gpu, pytest.mark.slow,
              pytest.mark.skipif(not HAS_GPU, reason="needs a CUDA GPU and NVML")]

SCRIPTS = ROOT / "tests" / "fixtures" / "preflight" / "scripts"


def _runs() -> None:
    """Every script of the fixtures through the fake run on fake CUDA tensors, with its checks."""
    from gpumemd.preflight import NotRunnable, fakerun

    plain = fakerun.run_script(str(SCRIPTS / "plain.py"), remap=False)
    expected = {"logs_loss": (0, {"logs_loss.py:10": 2}),
                "reads_every_way": (0, {"reads_every_way.py:13": 2, "reads_every_way.py:17": 2,
                                        "reads_every_way.py:18": 2, "reads_every_way.py:20": 8}),
                "breaks_early": (1, {"breaks_early.py:13": 1})}
    for name, (stand_in, reads) in expected.items():
        stream = fakerun.run_script(str(SCRIPTS / f"{name}.py"), remap=False)
        assert (stream.peak, stream.at_peak) == (plain.peak, plain.at_peak), name
        assert stream.stand_in == stand_in, name
        assert {Path(site).name: n for site, n in stream.value_reads.items()} == reads, name
    with pytest.raises(NotRunnable, match="a value steers memory"):
        fakerun.run_script(str(SCRIPTS / "sized_by_value.py"), remap=False)
    masked = fakerun.run_script(str(SCRIPTS / "sized_by_values.py"), ["mask"], remap=False)  # at its bound
    every = fakerun.run_script(str(SCRIPTS / "sized_by_values.py"), ["mask", "all"], remap=False)
    assert masked.peak == every.peak and masked.bounded and masked.low_events is not None
    with pytest.raises(NotRunnable, match="DynamicOutputShapeException"):  # no bound from its input
        fakerun.run_script(str(SCRIPTS / "sized_by_values.py"), ["bincount"], remap=False)


@pytest.mark.timeout_s(240)
def test_value_reads_on_fake_cuda_tensors_match_the_plain_loop() -> None:
    import torch

    torch.cuda.init()
    real = torch.full((4,), 2.5, device="cuda")
    _runs()
    assert real.sum().item() == 10.0 and real.tolist() == [2.5] * 4 and bool((real > 2).all())


@pytest.mark.timeout_s(240)
def test_the_fake_runs_leave_the_gpus_own_memory_figures_untouched() -> None:
    import torch

    torch.cuda.init()
    real = torch.full((4,), 2.5, device="cuda")
    allocated, peak = torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated()
    _runs()
    torch.cuda.synchronize()
    assert (torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated()) == (allocated, peak)
    del real
