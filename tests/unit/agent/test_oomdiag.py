"""The agent's OOM diagnoser: what the samples saw before the OOM (step history, the lowest
non-PyTorch figure) joins what it reads at the OOM. Fakes stand for torch and NVML (an OOM's
inner state cannot be caused on a CPU); the GPU run is tests/gpu/test_oom_diagnosis_gpu.py."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gpumemd.agent.oomdiag import OomDiagnoser
from gpumemd.sources.steppeak import StepPeakReading

GIB, MIB = 1 << 30, 1 << 20
UUID = "GPU-0000"


class FakeTorchAtOom:
    """The allocator's answers at an OOM (a fake: named so)."""

    def __init__(self, allocated: int, reserved: int, segments: list[dict[str, Any]] | None = None,
                 stream: int | None = 0) -> None:
        self.allocated, self.reserved, self.segments = allocated, reserved, segments or []
        self.stream = stream  # the allocating thread's current stream

    def current_stream(self, device: int) -> int | None:
        return self.stream

    def memory_stats(self, device: int) -> dict[str, Any]:
        return {"allocated_bytes": {"all": {"current": self.allocated}},
                "reserved_bytes": {"all": {"current": self.reserved}}}

    def total_memory(self, device: int) -> int:
        return 80 * GIB

    def pool_segments(self) -> list[dict[str, Any]]:
        return self.segments

    def allocator_backend(self) -> str:
        return "native"

    def device_uuid(self, device: int) -> str:
        return UUID


class FakeNvml:
    def __init__(self, procs: list[dict[str, Any]]) -> None:
        self.procs = procs

    def init(self) -> None:
        pass

    def device_count(self) -> int:
        return 1

    def uuid(self, index: int) -> str:
        return UUID

    def processes(self, index: int) -> list[dict[str, Any]]:
        return self.procs


def sample(optimizer_steps: int, allocated: int, non_pytorch: int | None = None) -> Any:
    reading = SimpleNamespace(device=0, allocated_bytes=allocated,
                              step=StepPeakReading(allocated + GIB, True, allocated + GIB, True, 1))
    process = SimpleNamespace(devices=(SimpleNamespace(device=0, non_pytorch_bytes=non_pytorch),))
    return SimpleNamespace(
        readings={"allocator": (reading,), "process": process, "training": (None, optimizer_steps)}
    )


class StepEnds:
    """The allocator source's last closed step peak (a stand-in: its allocated at the step's end)."""

    def __init__(self) -> None:
        self.end = 0

    def last_step_peak(self, device: int) -> StepPeakReading:
        return StepPeakReading(self.end + GIB, True, self.end + GIB, True, 1, self.end)


def test_a_leak_is_per_optimizer_step_from_the_step_boundaries() -> None:
    """Boundaries every 10 optimizer steps (the budget spaces them), 16 MiB kept a step, samples
    far rarer than boundaries: the growth is 16 MiB per optimizer step, exactly."""
    diag = OomDiagnoser(
        FakeTorchAtOom(70 * GIB, 70 * GIB), FakeNvml([{"pid": 7, "used_bytes": 70 * GIB + 512 * MIB}]), pid=7,
        env={},
    )
    ends = StepEnds()
    diag.follow_steps(ends.last_step_peak, lambda: (0,))
    for steps in range(10, 210, 10):
        ends.end = 40 * GIB + steps * 16 * MIB
        diag.on_boundary(steps)
        diag.on_boundary(steps)  # a boundary told twice at one count: one entry
        if steps % 50 == 0:
            diag.observe(sample(steps, ends.end + 3 * GIB))  # a sample mid-step sees activations too
    d = diag.diagnose(0, 3 * GIB, 80 * GIB, GIB)
    assert d.cause == "leak" and d.numbers["bytes_per_step"] == 16 * MIB
    assert d.accounting is not None and len(d.accounting.step_ends) == 20


def test_an_oom_before_the_first_sample_reads_nvml_at_the_oom() -> None:
    """CuPy's 48 GiB in this process, no sample yet: this process's bytes come from NVML at the
    OOM, and the cause is non_pytorch (issue 35: it was capacity)."""
    reserved = 28 * GIB
    diag = OomDiagnoser(FakeTorchAtOom(reserved, reserved),
                        FakeNvml([{"pid": 7, "used_bytes": reserved + 48 * GIB + 512 * MIB}]), pid=7, env={})
    d = diag.diagnose(0, 20 * GIB, 80 * GIB, 3 * GIB + 512 * MIB)
    assert d.cause == "non_pytorch" and d.remedy["kind"] == "free_non_pytorch"
    assert d.accounting is not None and d.accounting.process_used == reserved + 48 * GIB + 512 * MIB


def test_other_processes_come_from_nvml_at_the_oom_and_this_pid_is_not_one() -> None:
    nvml = FakeNvml(
        [
            {"pid": 7, "used_bytes": 31 * GIB},
            {"pid": 99, "used_bytes": 40 * GIB},
            {"pid": "x", "used_bytes": 1},
        ]
    )
    diag = OomDiagnoser(FakeTorchAtOom(30 * GIB, 30 * GIB), nvml, pid=7, env={})
    d = diag.diagnose(0, 16 * GIB, 80 * GIB, 9 * GIB)
    assert d.cause == "other_processes" and "pid 99" in d.fix
    acc = d.accounting
    assert acc is not None and acc.process_used == 31 * GIB and acc.non_pytorch == 1 * GIB


def test_without_nvml_the_diagnosis_says_what_it_lacked() -> None:
    d = OomDiagnoser(FakeTorchAtOom(30 * GIB, 30 * GIB), None, pid=7, env={}).diagnose(
        0, 60 * GIB, 80 * GIB, 49 * GIB
    )
    assert d.cause == "capacity" and "others (NVML)" in d.missing


def test_a_limit_below_the_device_is_the_limit_cause() -> None:
    diag = OomDiagnoser(FakeTorchAtOom(14 * GIB, 14 * GIB), None, pid=7, env={})
    d = diag.diagnose(0, 10 * GIB, 20 * GIB, 60 * GIB)
    assert d.cause == "limit" and d.numbers["fraction"] == 0.3


def test_the_last_step_peaks_categories_reach_the_diagnosis() -> None:
    from gpumemd.agent.categories import CategoryReading

    diag = OomDiagnoser(FakeTorchAtOom(70 * GIB, 70 * GIB), FakeNvml([{"pid": 7, "used_bytes": 71 * GIB}]),
                        pid=7, env={})
    snap = sample(1, 20 * GIB)
    peak = {"parameters": 5 * GIB, "gradients": 5 * GIB, "optimizer_state": 10 * GIB, "activations": 50 * GIB}
    snap.readings["categories"] = (CategoryReading(0, UUID, {"parameters": 5 * GIB}, peak),)
    diag.observe(snap)
    d = diag.diagnose(0, 16 * GIB, 80 * GIB, 1 * GIB)
    assert d.accounting is not None and dict(d.accounting.categories) == peak
    assert d.cause == "capacity" and "activations are 71 % of the step peak" in d.fix
    # a later step whose peak is unknown (cudaMallocAsync): the older step's split is not its
    snap.readings["categories"] = (CategoryReading(0, UUID, {"parameters": 5 * GIB}, None),)
    diag.observe(snap)
    d = diag.diagnose(0, 16 * GIB, 80 * GIB, 1 * GIB)
    assert d.accounting is not None and d.accounting.categories == ()
    assert "activations are" not in d.fix


def test_a_fraction_set_in_the_allocator_conf_is_named_as_set_there() -> None:
    diag = OomDiagnoser(FakeTorchAtOom(14 * GIB, 14 * GIB), None, pid=7,
                        env={"PYTORCH_CUDA_ALLOC_CONF": "per_process_memory_fraction:0.25"})
    d = diag.diagnose(0, 10 * GIB, 20 * GIB, 60 * GIB)
    assert d.cause == "limit" and d.remedy == {"kind": "lift_limit", "fraction": 0.3}
    assert d.fix.startswith("PYTORCH_CUDA_ALLOC_CONF=per_process_memory_fraction:0.30")
    plain = OomDiagnoser(FakeTorchAtOom(14 * GIB, 14 * GIB), None, pid=7, env={})
    plain_d = plain.diagnose(0, 10 * GIB, 20 * GIB, 60 * GIB)
    assert plain_d.fix.startswith("torch.cuda.set_per_process_memory_fraction(0.30)")


def test_under_cudamallocasync_no_segment_is_read_and_the_limit_counts_live_allocations() -> None:
    """The backend tracks no blocks (its snapshot() raises, or is empty in newer torch): the
    diagnoser does not ask, says so, and the fraction counts allocated, not the driver pool."""

    class AsyncAtOom(FakeTorchAtOom):
        def pool_segments(self) -> list[dict[str, Any]]:
            raise AssertionError("not asked under cudaMallocAsync")

        def allocator_backend(self) -> str:
            return "cudaMallocAsync"

    diag = OomDiagnoser(AsyncAtOom(28 * GIB, 30 * GIB), None, pid=1, env={})
    d = diag.diagnose(0, 8 * GIB, 32 * GIB, 40 * GIB)
    assert "segments (backend:cudaMallocAsync tracks no blocks)" in d.missing
    assert d.fits["fragmentation"] is None and d.cause == "limit" and d.remedy["fraction"] == 0.45


def test_the_raise_watch_is_released_by_stop_and_in_a_forked_child() -> None:
    """Under cudaMallocAsync (the refused observer: tests.unit.sources.test_oom.AsyncTorch, a
    fake) the agent claims a sys.monitoring tool id; a forked child inherits the registration
    and drops it as it drops the rest of the parent's agent, and stop() releases it."""
    import os
    import sys

    import pytest

    if sys.version_info < (3, 12):
        pytest.skip("sys.monitoring is Python 3.12's; 3.11 has none (nothing is claimed)")
    from gpumemd.agent.agent import Agent
    from tests.unit.agent.test_allocator_config import FakeTorchCudaApi
    from tests.unit.sources.test_oom import AsyncTorch

    a = Agent(listen_address=None, spool_dir="", nvml=False,
              apis={"torch": FakeTorchCudaApi(), "oom": AsyncTorch(), "env": {}})
    a.build()
    assert a.oom is not None and a.oom.install() is False
    watch = a.oom._raise_watch
    assert watch is not None and watch.tool_id is not None
    tool = watch.tool_id
    try:
        pid = os.fork()
        if pid == 0:  # the child: as process.py's after-fork hook does
            code = 1
            try:
                a.abandon_in_child()
                code = 0 if sys.monitoring.get_tool(tool) is None else 2
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        assert sys.monitoring.get_tool(tool) == "gpumemd"  # the parent's is its own
    finally:
        a.oom.remove_excepthooks()  # what stop() calls
    assert sys.monitoring.get_tool(tool) is None


def test_stop_turns_off_the_history_the_agent_started_and_only_that() -> None:
    """Allocation history costs the training loop (docs/agent.md): what `arm_memory_history()`
    or `memory_history: on` started ends with the agent's `stop()`; history the program records
    itself is left on."""
    from gpumemd.agent.agent import Agent
    from tests.fakes import FakeTorch
    from tests.unit.agent.test_allocator_config import FakeTorchCudaApi

    def started(oom: FakeTorch, **settings: Any) -> Agent:
        agent = Agent(listen_address=None, spool_dir="", nvml=False, interval=60,
                      apis={"torch": FakeTorchCudaApi(), "oom": oom, "env": {}}, **settings)
        return agent.start()

    armed = FakeTorch()
    a = started(armed, memory_history="armed")
    assert a.arm_memory_history() is True and armed.history
    a.stop()
    assert armed.history == []

    users = FakeTorch()
    users.record_history(1000, "python")  # the program's own recording
    b = started(users, memory_history="armed")
    assert b.arm_memory_history() is True  # recorded: by someone else
    b.stop()
    assert users.history == [(1000, "python")]
