"""The forecast collector's limit from recorded H200 answers: NVML's other processes and this
process's non-PyTorch bytes come off the device's total (the process source's view), the
memory fraction caps it, and an NVML answer that is not a byte count leaves `others` unknown."""

from __future__ import annotations

import copy
from typing import Any

from gpumemd.backends.replay import nvml_replayer
from gpumemd.sources.forecast import ForecastSource
from gpumemd.sources.process import ProcessSource
from tests.unit.sources.test_process import HOLDING, PID, cycle

GiB = 1 << 30


def with_other(used: Any) -> dict:
    """The one-process capture with a second process on the GPU."""
    capture = copy.deepcopy(HOLDING)
    capture["nvml"]["processes(0)"]["ok"].append({"pid": 9999, "used_bytes": used})
    return capture


def limit_of(capture: dict) -> tuple[Any, Any]:
    c, torch = cycle()
    process = ProcessSource(nvml=nvml_replayer(capture), torch_api=torch, labels={}, pid=PID)
    c["process"] = process.read(c)
    source = ForecastSource(labels={}, step_peak=lambda d: None, devices=lambda: (),
                            total_memory=torch.total_memory)
    (reading,) = source.read(c)
    return c["process"].devices[0], reading


def test_other_processes_and_non_pytorch_bytes_come_off_the_total() -> None:
    view, reading = limit_of(with_other(5 * GiB))
    assert view.others_bytes == 5 * GiB
    c, torch = cycle()
    total = torch.total_memory(0)
    assert reading.limit == total - 5 * GiB - view.non_pytorch_bytes
    alone_view, alone = limit_of(HOLDING)
    assert alone_view.others_bytes == 0 and alone.limit == total - alone_view.non_pytorch_bytes
    # headroom: the limit less the allocated bytes (no step yet) and the unreusable cache
    r = c["allocator"][0]
    assert alone.headroom == alone.limit - r.allocated_bytes - r.inactive_split_bytes


def test_an_nvml_answer_that_is_not_a_byte_count_leaves_others_unknown() -> None:
    for bad in (None, -1, "5", 1.5):
        view, reading = limit_of(with_other(bad))
        assert view.others_bytes is None  # not summed as 0: unknown
        assert reading.limit is not None  # the total less what is known (documented: unknown counts 0)


# --- the shape probe's points and the step ends (the training thread's side) ---

from gpumemd.sources.forecast import HISTORY, WARMUP  # noqa: E402
from gpumemd.sources.steppeak import StepPeakReading  # noqa: E402


class Steps:
    """The allocator's last closed step, as the test sets it."""

    def __init__(self) -> None:
        self.reading: StepPeakReading | None = None

    def set(self, peak: int, *, exact: bool, end: int = GiB) -> None:
        self.reading = StepPeakReading(peak, exact, peak, exact, 1, end)


def source() -> tuple[ForecastSource, Steps]:
    steps = Steps()
    return ForecastSource(labels={}, step_peak=lambda d: steps.reading, devices=lambda: (0,),
                          total_memory=lambda d: 80 * GiB), steps


def boundary(f: ForecastSource, steps: Steps, tokens: int | None, peak: int, *, exact: bool,
             end: int = GiB, n: int = 0) -> None:
    if tokens is not None:
        f.set_tokens(tokens)
    steps.set(peak, exact=exact, end=end)
    f.on_boundary(n)


def test_the_probe_is_wanted_after_the_warm_up_for_shapes_with_no_exact_peak() -> None:
    f, steps = source()
    for i in range(WARMUP):
        assert not f.probe_wanted(100)
        boundary(f, steps, 100, 2 * GiB, exact=True, n=i)
    assert f.probe_wanted(100)
    boundary(f, steps, 100, 2 * GiB, exact=True)  # a step that set a new high: exact
    assert not f.probe_wanted(100) and f.probe_wanted(200)
    f.add_probe(0, 200, 3 * GiB)
    assert not f.probe_wanted(200)


def test_an_exact_step_replaces_the_probe_of_the_same_step() -> None:
    f, steps = source()
    for i in range(WARMUP):
        boundary(f, steps, 100, GiB, exact=False, n=i)
    f.set_tokens(300)
    f.add_probe(0, 300, 5 * GiB - 512)  # the probe's lower bound
    boundary(f, steps, None, 5 * GiB, exact=True)  # the same step raised the lifetime peak
    assert [(p.tokens, p.peak, p.probe) for p in f._history[0]] == [(300, 5 * GiB, False)]
    f.set_tokens(100)
    f.add_probe(0, 100, 2 * GiB)
    boundary(f, steps, None, 6 * GiB, exact=False)  # not a new high: the probe stays
    assert [(p.tokens, p.probe) for p in f._history[0]] == [(300, False), (100, True)]


def test_shapes_are_forgotten_as_their_points_leave_the_window() -> None:
    f, steps = source()
    for i in range(WARMUP):
        boundary(f, steps, 1, GiB, exact=False, n=i)
    f.add_probe(0, 7, GiB)
    for i in range(HISTORY):
        f.add_probe(0, 1000 + i, GiB)
    assert f.probe_wanted(7)  # its point left the window: measured again if it comes back
    assert not f.probe_wanted(1000 + HISTORY - 1)
    assert sum(f._shapes.values()) == HISTORY


def test_growing_shapes_are_not_a_leak_a_growing_step_end_is() -> None:
    f, steps = source()
    # 40 steps, each longer than all before: every one sets a new high (a rising staircase of
    # exact peaks), while the bytes at each step's end stay put: no leak
    for i in range(40):
        boundary(f, steps, 100 + i, GiB + i * 64 * 1024 * 1024, exact=True, end=GiB, n=i + 1)
    c, _ = cycle()
    (reading,) = f.read(c)
    assert reading.steps_to_oom is None
    # now the end grows by 8 MiB a step (a leak) at one shape
    for i in range(40, 110):
        boundary(f, steps, 100, 2 * GiB + i * 8 * MiB, exact=False, end=GiB + i * 8 * MiB, n=i + 1)
    (reading,) = f.read(c)
    assert reading.steps_to_oom is not None and reading.steps_to_oom > 0


MiB = 1 << 20


def test_a_step_whose_peak_is_unknown_keeps_its_end_and_nothing_else() -> None:
    """cudaMallocAsync's steps under the pool's high-water mark (sources/allocator.py,
    DriverPoolStepPeak): the end enters the leak verdict; the peak enters no fit, and the
    headroom and the time to OOM, which need it, are unknown rather than computed from 0."""
    f, steps = source()
    for i in range(30):
        steps.reading = StepPeakReading(None, False, None, False, 1, GiB + i * 8 * MiB)
        f.set_tokens(100)
        f.on_boundary(i + 1)
    assert not f._history.get(0)  # no point for the shape fit
    c, _ = cycle()
    c["allocator"] = (c["allocator"][0]._replace(step=steps.reading),)
    (reading,) = f.read(c)
    assert reading.leak_bytes_per_step == 8 * MiB and reading.leak_since_step == WARMUP + 1
    assert reading.steps_to_oom is None and reading.seconds_to_oom is None
    assert reading.headroom is None and reading.limit is not None
