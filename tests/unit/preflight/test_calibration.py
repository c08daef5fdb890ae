"""Preflight calibrated by what agents measured: the job's model fingerprint from its fake run is the
agent's for the same model, and each shape takes the measured overheads of its model nearest it,
saying where each came from."""

from __future__ import annotations

import pytest

import gpumemd
from gpumemd.diagnosis.calibration import Measurement, fingerprint
from gpumemd.preflight import DEFAULT_OVERHEADS, Device, fakerun
from gpumemd.preflight.verdict import MODELLED
from tests.unit.preflight import models

MiB = 1 << 20


def test_the_fake_runs_model_is_the_real_models_fingerprint() -> None:
    real = fingerprint(models.Decoder(64, 2, 1000, 172, 4).parameters())  # as an agent's watch() hashes it
    assert fakerun.run(models.tiny, 1, 8).model == real
    assert fakerun.run(models.tuple_job, 1, 8).model == real  # .cuda()'d, the optimizer's the same tensors
    assert fakerun.run(models.small_bf16, 1, 8).model != real


@pytest.fixture(scope="module")
def plain() -> gpumemd.preflight.Report:
    return gpumemd.preflight(models.tiny, [(2, 16)], device="H100-80GB")


def test_measured_this_shape_raises_reserved_and_replaces_the_non_pytorch_bytes(
        plain: gpumemd.preflight.Report) -> None:
    fig = plain.shapes[0].figures
    model = plain.shapes[0].model
    assert model is not None
    modelled = fig.reserved_peak - fig.allocated_peak
    measured = [Measurement(model, fig.allocated_peak + i * MiB, modelled + 64 * MiB, (900 + i) * MiB,
                            "node-7") for i in range(3)]
    cal = gpumemd.preflight(models.tiny, [(2, 16)], device="H100-80GB", calibration=measured)
    s = cal.shapes[0]
    assert s.figures.allocator_extra == 64 * MiB  # the median overhead less the replay's
    assert s.figures.reserved_peak == fig.reserved_peak + s.figures.allocator_extra
    assert s.figures.non_pytorch == 901 * MiB and s.overheads is not None
    src = s.overheads.sources()
    assert src["allocator"].startswith("measured: 3 processes of this model at this shape")
    assert src["non_pytorch"].startswith("measured: 3 processes of this model on node-7")
    assert src["workspaces"] == DEFAULT_OVERHEADS.source
    assert s.verdict is not None and plain.shapes[0].verdict is not None
    assert s.verdict.headroom < plain.shapes[0].verdict.headroom
    doc = s.to_json()
    assert doc["model"] == model and doc["overheads"]["sources"] == src


def test_the_measured_overhead_decides_at_the_edge(plain: gpumemd.preflight.Report) -> None:
    fig, over = plain.shapes[0].figures, plain.shapes[0].overheads
    assert over is not None
    # a device on which the replay fits with 32 MiB to spare at the interval's top
    total = fig.reserved_peak + over.non_pytorch + over.non_pytorch_spread + fig.error_bytes + 32 * MiB
    device = Device("edge", total)
    assert gpumemd.preflight(models.tiny, [(2, 16)], device=device).fits
    model = plain.shapes[0].model
    assert model is not None
    overhead = fig.reserved_peak - fig.allocated_peak + 64 * MiB
    measured = [Measurement(model, fig.allocated_peak, overhead, None, "node-7")]
    assert not gpumemd.preflight(models.tiny, [(2, 16)], device=device, calibration=measured).fits


def test_another_models_measurements_leave_the_given_overheads(plain: gpumemd.preflight.Report) -> None:
    fig = plain.shapes[0].figures
    other = [Measurement("ffffffffffff", fig.allocated_peak, 1 << 30, 1 << 30, "node-7")]
    node = DEFAULT_OVERHEADS.calibrated([800 * MiB], "node-7")
    report = gpumemd.preflight(models.tiny, [(2, 16)], device="H100-80GB", overheads=node, calibration=other)
    s = report.shapes[0]
    assert s.overheads is not None and s.figures.allocator_extra == 0
    assert s.overheads.sources()["allocator"] == MODELLED
    assert s.overheads.sources()["non_pytorch"].startswith("this node's processes: 1 process(es) at node-7")
    assert s.figures.non_pytorch == 800 * MiB
    assert any("holds no run of this job's model (fingerprint " in n for n in report.notes)


def test_a_ranks_measured_bytes_hold_nccls_and_a_lookup_is_asked_once_per_model(
        plain: gpumemd.preflight.Report) -> None:
    fig, model = plain.shapes[0].figures, plain.shapes[0].model
    assert model is not None
    asked: list[str] = []

    def lookup(fingerprint: str) -> list[Measurement]:
        asked.append(fingerprint)
        return [Measurement(fingerprint, fig.allocated_peak, 0, (1500 + i) * MiB, "prom", 2)
                for i in range(3)]

    report = gpumemd.preflight(models.tiny, [(2, 16), (1, 16)], device="H100-80GB", world=2, lookup=lookup,
                               search="batch")
    assert asked == [model]  # every shape and the search's probes: one lookup
    s = report.shapes[0]
    assert s.figures.nccl == 0 and s.figures.non_pytorch == 1501 * MiB
    assert s.per_rank["ddp"]["total"] == s.per_rank["ddp"]["reserved"] + 1501 * MiB  # NCCL's not added again
    assert s.overheads is not None
    assert s.overheads.sources()["nccl"].startswith("measured: in the non-PyTorch")
    single = gpumemd.preflight(models.tiny, [(2, 16)], device="H100-80GB", world=4, lookup=lookup)
    assert single.shapes[0].figures.nccl == DEFAULT_OVERHEADS.nccl  # ranks of 2 never stand for 4
    over = single.shapes[0].overheads
    assert over is not None and over.sources()["non_pytorch"] == DEFAULT_OVERHEADS.source
    assert over.sources()["allocator"].startswith("measured")  # the allocator's overhead: any world
