"""The agent's OOM diagnoser: what the samples saw before the OOM (step history, the lowest
non-PyTorch figure) joins what it reads at the OOM. Fakes stand for torch and NVML (an OOM's
inner state cannot be caused on a CPU); the GPU run is tests/gpu/test_oom_diagnosis_gpu.py."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gpumemd.agent.oomdiag import OomDiagnoser
from gpumemd.sources.mps_limit import ENV_VAR
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
    """NVML's answers at an OOM (a fake: named so). `mps`: NVML's MPS client list (the pids an
    MPS server serves; empty: no MPS); `free`: NVML's free bytes of the whole GPU."""

    def __init__(self, procs: list[dict[str, Any]], mps: list[int] | None = None,
                 free: int | None = None) -> None:
        self.procs, self.mps, self.free = procs, mps or [], free
        self.free_asked = 0

    def init(self) -> None:
        pass

    def device_count(self) -> int:
        return 1

    def uuid(self, index: int) -> str:
        return UUID

    def processes(self, index: int) -> list[dict[str, Any]]:
        return self.procs

    def mps_processes(self, index: int) -> list[dict[str, Any]]:
        return [p for p in self.procs if p["pid"] in self.mps]

    def memory_info(self, index: int) -> dict[str, int]:
        self.free_asked += 1
        free = 80 * GIB if self.free is None else self.free
        return {"total": 80 * GIB, "free": free, "used": 80 * GIB - free}


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


# --- an MPS server's limit, set through its control daemon: not in the environment (issue 38) ---

# As measured under a real server (bench/results/2026-11-28-h200x2-s16/call6/mps-gpu.json, the
# client held 1 GiB by torch under `set_default_device_pinned_mem_limit 0 8G`): NVML's bytes of
# the client and CUDA's free under the limit add up to it; NVML's free is the whole GPU's.
HELD_NVML = 1_361_051_648
CUDA_FREE = 7_232_342_960
GPU_FREE = 70 * GIB  # NVML's free of the (fake 80 GiB) GPU: far more than CUDA's


def mps_client(mps: tuple[int, ...] = (7,), free: int | None = GPU_FREE,
               env: dict[str, str] | None = None, nvml: list[FakeNvml] | None = None) -> OomDiagnoser:
    """Pid 7 holding 1 GiB by torch, NVML's 1.27 GiB, the MPS server (pid 5) beside it; `mps`:
    the pids NVML lists as MPS clients; the fake NVML appended to `nvml` where given."""
    fake = FakeNvml([{"pid": 5, "used_bytes": 66 * MIB}, {"pid": 7, "used_bytes": HELD_NVML}],
                    mps=list(mps), free=free)
    if nvml is not None:
        nvml.append(fake)
    return OomDiagnoser(FakeTorchAtOom(GIB, GIB), fake, pid=7, env=env or {})


def test_an_mps_clients_server_limit_is_inferred_from_cudas_free_and_named_with_its_control_daemon() -> None:
    """No limit in the environment; CUDA's free is the server limit's less what the client holds:
    `limit`, the limit CUDA's free plus NVML's bytes, the fix through the control daemon (it was
    `capacity`, "use a larger GPU")."""
    d = mps_client().diagnose(0, 8 * GIB, 80 * GIB, CUDA_FREE)
    acc = d.accounting
    assert d.cause == "limit" and acc is not None and (acc.limit_by, acc.mps_limit_by) == ("mps", "node")
    assert acc.limit == CUDA_FREE + HELD_NVML == d.numbers["limit_bytes"]
    assert acc.gpu_free == GPU_FREE
    need = -(-(HELD_NVML + 8 * GIB) // MIB)
    assert d.remedy == {"kind": "lift_limit", "mps_limit_bytes": need * MIB}
    assert "set_device_pinned_mem_limit" in d.fix and "set_default_device_pinned_mem_limit" in d.fix
    assert f"at least {need}M" in d.fix and ENV_VAR not in d.fix
    assert "8.0 GiB" in d.summary and "MPS server" in d.summary
    assert not any(m.startswith("mps server limit") for m in d.missing)
    from gpumemd.diagnosis.oom import remedy_fits
    assert remedy_fits(acc, d.remedy)


def test_the_same_figures_for_a_process_nvml_does_not_list_as_an_mps_client_are_not_a_limit() -> None:
    """Not in NVML's MPS client list (no MPS, or only another process in it): no limit is
    inferred, and NVML's free memory is not even asked."""
    for mps in ((), (5,)):
        fakes: list[FakeNvml] = []
        d = mps_client(mps=mps, nvml=fakes).diagnose(0, 8 * GIB, 80 * GIB, CUDA_FREE)
        assert d.cause == "capacity" and d.accounting is not None and d.accounting.limit is None
        assert d.accounting.gpu_free is None and d.fits["limit"] is False
        assert fakes[0].free_asked == 0 and not any(m.startswith("mps server limit") for m in d.missing)


def test_an_mps_client_whose_cuda_free_is_the_gpus_has_no_inferred_limit() -> None:
    """CUDA's free within MPS_GAP of NVML's: no server limit below what the GPU has free (the GPU
    itself is full, or the two reads moved): the answer stays the model's without a limit."""
    from gpumemd.agent.oomdiag import MPS_GAP

    free = 6 * GIB
    close = mps_client(free=free + MPS_GAP).diagnose(0, 8 * GIB, 80 * GIB, free)
    assert close.accounting is not None and close.accounting.limit is None and close.cause == "capacity"
    past = mps_client(free=free + MPS_GAP + 1).diagnose(0, 8 * GIB, 80 * GIB, free)
    assert past.accounting is not None and past.accounting.limit == free + HELD_NVML
    assert past.cause == "limit"


def test_a_jobs_own_limit_below_the_inferred_one_is_the_one_named() -> None:
    """The job's CUDA_MPS_PINNED_DEVICE_MEM_LIMIT 4G under a server's 8G: CUDA's free is the
    job's (measured: 4G's free plus NVML's bytes came within a few MiB above 4 GiB), and so is
    the fix; a job's 16G above the server's 8G: the server's."""
    own_free = 2_937_375_664  # CUDA's free under its own 4G, as measured
    own = mps_client(env={ENV_VAR: "0=4G"}).diagnose(0, 4 * GIB, 80 * GIB, own_free)
    acc = own.accounting
    assert own.cause == "limit" and acc is not None and (acc.limit, acc.mps_limit_by) == (4 * GIB, "job")
    assert own.fix.startswith(ENV_VAR)
    high = mps_client(env={ENV_VAR: "0=16G"}).diagnose(0, 8 * GIB, 80 * GIB, CUDA_FREE)
    assert high.cause == "limit" and high.accounting is not None
    assert (high.accounting.limit, high.accounting.mps_limit_by) == (CUDA_FREE + HELD_NVML, "node")
    assert "control daemon" in high.fix and not high.fix.startswith(ENV_VAR)


def test_nvml_failing_gives_todays_answer_and_says_what_it_lacked() -> None:
    """No NVML, NVML's MPS list failing, or NVML's free failing: no limit inferred, the answer
    as without MPS, and the diagnosis names what it could not read."""
    from gpumemd.backends.nvml import NOT_SUPPORTED, NvmlError

    class NoMpsList(FakeNvml):
        def mps_processes(self, index: int) -> list[dict[str, Any]]:
            raise NvmlError(NOT_SUPPORTED)

    class NoFree(FakeNvml):
        def memory_info(self, index: int) -> dict[str, int]:
            raise NvmlError(NOT_SUPPORTED)

    procs = [{"pid": 7, "used_bytes": HELD_NVML}]
    cases = {
        "mps server limit (NVML's MPS client list)": NoMpsList(procs, mps=[7], free=GPU_FREE),
        "mps server limit (NVML's free memory of the GPU)": NoFree(procs, mps=[7], free=GPU_FREE),
    }
    plain = OomDiagnoser(FakeTorchAtOom(GIB, GIB), None, pid=7, env={}).diagnose(0, 8 * GIB, 80 * GIB,
                                                                                CUDA_FREE)
    assert plain.cause == "capacity" and "mps server limit (NVML's MPS client list)" in plain.missing
    for lacked, nvml in cases.items():
        d = OomDiagnoser(FakeTorchAtOom(GIB, GIB), nvml, pid=7, env={}).diagnose(0, 8 * GIB, 80 * GIB,
                                                                                  CUDA_FREE)
        assert d.cause == "capacity" and d.accounting is not None and d.accounting.limit is None
        assert lacked in d.missing
        assert d.accounting.process_used == HELD_NVML  # the process list itself still read
