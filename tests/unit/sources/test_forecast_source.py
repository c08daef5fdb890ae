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
