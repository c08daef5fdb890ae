"""The agent's `calibration` collector: the step peaks the allocator closed and the process's
non-PyTorch bytes, as medians keyed by the watched model's fingerprint (what preflight reads)."""

from __future__ import annotations

from typing import Any, NamedTuple

import torch

from gpumemd.agent.calibration import KEEP, CalibrationSource
from gpumemd.diagnosis.calibration import NON_PYTORCH, OVERHEAD, STEP_PEAK, fingerprint
from gpumemd.sources.process import DeviceView, ProcessReading
from gpumemd.sources.steppeak import StepPeakReading
from tests.unit.agent.test_step_peak import Ledger, MiB, agent

LABELS = {"rank": "0"}


class _Allocator(NamedTuple):  # the fields of AllocatorReading the collector reads
    device: int
    uuid: str
    step: StepPeakReading | None


def _step(peak: int, reserved: int, exact: bool = True) -> StepPeakReading:
    return StepPeakReading(peak, exact, reserved, exact, 1, peak // 2)


def _process(non_pytorch: int | None) -> ProcessReading:
    return ProcessReading((DeviceView(0, "GPU-x", 0, True, non_pytorch_bytes=non_pytorch),), None, None)


def _series(source: CalibrationSource, reading: Any) -> dict[str, list[tuple[dict[str, str], float]]]:
    out: dict[str, list[tuple[dict[str, str], float]]] = {}
    for fam in source.families(reading):
        for s in fam.samples:
            out.setdefault(s.name, []).append((dict(s.labels), s.value))
    return out


def test_medians_of_each_new_exact_step_and_reading_keyed_by_the_model() -> None:
    model = ["abcdef012345"]
    src = CalibrationSource(LABELS, lambda: model[0])
    peaks = [100, 300, 200, 900, 250]  # an evaluation's odd step (900) moves no median
    step = None
    for i, p in enumerate(peaks):
        step = _step(p * MiB, p * MiB + (10 + i) * MiB)
        got = src.read({"allocator": (_Allocator(0, "GPU-x", step),), "process": _process((700 + i) * MiB)})
    same = src.read({"allocator": (_Allocator(0, "GPU-x", step),), "process": None})  # the same step again
    assert got == same
    (r,) = got
    assert (r.model, r.step_peak, r.overhead) == ("abcdef012345", 250 * MiB, 12 * MiB)
    assert r.non_pytorch == 702 * MiB
    series = _series(src, got)
    assert series[STEP_PEAK] == [({"gpu": "0", "uuid": "GPU-x", "rank": "0", "model": "abcdef012345"},
                                  250 * MiB)]
    assert series[OVERHEAD][0][1] == 12 * MiB and series[NON_PYTORCH][0][1] == 702 * MiB


def test_a_bound_is_not_a_measurement_and_the_figures_are_forgotten_with_the_model() -> None:
    model: list[str | None] = [None]
    src = CalibrationSource(LABELS, lambda: model[0])
    assert src.read({"allocator": (_Allocator(0, "GPU-x", _step(MiB, 2 * MiB)),)}) == ()  # nothing watched
    model[0] = "000000000001"
    assert src.read({"allocator": (_Allocator(0, "GPU-x", _step(MiB, 2 * MiB, exact=False)),)}) == ()
    last = _step(4 * MiB, 6 * MiB)
    (r,) = src.read({"allocator": (_Allocator(0, "GPU-x", last),)})
    assert (r.step_peak, r.overhead, r.non_pytorch) == (4 * MiB, 2 * MiB, None)
    assert NON_PYTORCH not in {n for n, v in _series(src, (r,)).items() if v}
    model[0] = "000000000002"  # another model watched: its own figures only (the last step was the other's)
    assert src.read({"allocator": (_Allocator(0, "GPU-x", last),)}) == ()
    for i in range(KEEP + 3):  # bounded: the newest KEEP steps
        src.read({"allocator": (_Allocator(0, "GPU-x", _step((i + 1) * MiB, (i + 1) * MiB)),)})
    assert len(src._kept[0].peak) == KEEP


def test_the_agent_publishes_its_watched_models_step_peaks_under_its_fingerprint() -> None:
    # real CPU optimizer steps through the agent's hook; the allocator's counters moved by the loop
    ledger = Ledger()
    net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Linear(16, 4))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    a = agent(ledger)
    try:
        assert a.watch(net, opt)
        for i in range(4):
            opt.zero_grad()
            net(torch.ones(2, 8)).sum().backward()
            ledger.alloc((300 + i) * MiB)  # each step's activations, above the lifetime peak: exact
            ledger.free((300 + i) * MiB)
            opt.step()
        snap = a.sample_once()
        got = {(s.name, s.labels["model"]): s.value for f in snap.exposition.families for s in f.samples
               if s.name.startswith("gpumemd_training_calibration_")}
        model = fingerprint(net.parameters())
        assert got[(STEP_PEAK, model)] == 402 * MiB  # each step taken at its boundary: 401, 402, 403
        assert (OVERHEAD, model) in got
        assert a.errors.counts == {}
    finally:
        a.stop()


def test_an_optimizer_alone_is_the_model_and_an_unreadable_one_is_none() -> None:
    from gpumemd.agent.categories import CategorySource

    net = torch.nn.Linear(3, 5)
    src = CategorySource({}, device_type=lambda: "cpu")
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    assert src.watch(None, opt) and src.model == fingerprint(net.parameters())
    src.watch(net)
    assert src.model == fingerprint(net.parameters())

    class Odd:  # an optimizer-like object whose parameters have no shape
        param_groups = [{"params": [object()]}]

    other = CategorySource({}, device_type=lambda: "cpu")
    other.watch(None, Odd())
    assert other.model is None
