"""GPU tests: run only where NVML and a CUDA device are present (the device machine)."""

from __future__ import annotations

import faulthandler
import os
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def _has_gpu() -> bool:
    if shutil.which("nvidia-smi") is None:
        return False
    try:
        import pynvml

        pynvml.nvmlInit()
        count = pynvml.nvmlDeviceGetCount()
        pynvml.nvmlShutdown()
        return bool(count)
    except Exception:
        return False


HAS_GPU = _has_gpu()


DEFAULT_TIMEOUT_S = 60

# --- the fast tier ----------------------------------------------------------------------------
# `make gpu-fast` runs `-m "gpu and not slow"`: a minute and a half on an H100, for while you
# work; `make gpu` runs all of tests/gpu, before a GPU issue is resolved (docs/development.md).
# FAST_TIER is the fast tier: for every GPU-facing module, the tests that exercise it on the
# device. tests/test_gpu_tier.py holds it against the tree: a module that imports torch,
# pynvml, cupy or a GPU backend (or is named in EXTRA_GPU_FACING) must be a key, each test named
# must run in the fast tier, and every test the fast tier runs must be named here; everything
# else in tests/gpu is marked `slow`.
OOM = ("test_oom_diagnosis_gpu.py::"
       "test_each_scripted_oom_is_diagnosed_right_and_its_fix_works[graph_pools-once]")
LEAK = "test_leak_finder_gpu.py::test_the_leak_finder_names_the_seeded_line[accumulate-once]"
HF = "test_integrations_gpu.py::test_huggingface_train_with_the_callback"
# serve + NVML, two ranks through `gpumemd run` merged from the spool, CuPy, explain, capture
EXPLAIN = "test_explain_gpu.py::test_breakdown_and_explain_match_the_processes"
PROBE = "test_shape_probe_gpu.py::test_probed_peaks_equal_the_counters_of_the_same_step"
STEPTRACE = "test_steptrace_gpu.py::test_an_armed_trace_records_the_next_cuda_steps_memory"
PROFILER = tuple(f"test_profiler_gpu.py::{name}" for name in (
    "test_execution_time_includes_the_gpu_work",
    "test_profiler_exact_for_known_sizes", "test_profiler_leaves_max_memory_allocated_unchanged",
    "test_a_synchronize_moves_no_allocator_counter",
    "test_profiler_default_counts_allocations_without_walking_the_heap",
    "test_profiler_module_decorator_through_the_public_method_on_cuda"))
PREFLIGHT = "test_preflight_gpu.py::test_predicted_peak_and_verdict_hold_on_the_gpu"
# the agent under backend:cudaMallocAsync: step ends, the forecast's leak, the OOM diagnosis's
ASYNC = ("test_async_steps_gpu.py::"
         "test_under_cudamallocasync_the_forecast_and_the_oom_diagnosis_get_exact_step_ends")
PREFLIGHT_COMPILED = "test_preflight_gpu.py::test_a_compiled_steps_predicted_peak_holds_on_the_gpu"
PREFLIGHT_PADS = "test_preflight_gpu.py::test_the_gpus_own_padding_decisions_are_read_back_and_taken"
AGENT = (OOM, LEAK, HF)  # each scenario runs the agent: gpumemd.start, its sources, its thread
FAST_TIER: dict[str, tuple[str, ...]] = {
    "gpumemd.backends.nvml": (EXPLAIN, OOM),
    "gpumemd.backends.torch_cuda": (*AGENT, *PROFILER),
    "gpumemd.backends.torch_accel": AGENT,
    "gpumemd.backends.torch_oom": (OOM, LEAK, PROBE),
    "gpumemd.backends.replay": (EXPLAIN,),  # `gpumemd capture` records real NVML through it
    "gpumemd.sources.allocator": (HF, EXPLAIN, ASYNC),  # the agent's series equal torch's own readings
    "gpumemd.sources.steppeak": (HF, ASYNC),  # each step's peak and end, native and cudaMallocAsync
    "gpumemd.sources.pools": (OOM, EXPLAIN),
    "gpumemd.sources.process": (EXPLAIN, OOM),
    "gpumemd.sources.nvml": (EXPLAIN,),
    "gpumemd.sources.breakdown": (EXPLAIN,),
    "gpumemd.sources.node": (EXPLAIN,),  # the node daemon's sources, wired in one place
    "gpumemd.sources.oom": (OOM,),
    "gpumemd.agent.agent": AGENT,
    "gpumemd.agent.wiring": AGENT,
    "gpumemd.agent.stephook": (
        LEAK,
        HF,
    ),  # the optimizer-step hook: the leak finder's snapshots, a trainer's steps
    "gpumemd.agent.oomdiag": (OOM, ASYNC),
    "gpumemd.agent.leakfind": (LEAK,),
    "gpumemd.agent.steptrace": (STEPTRACE,),
    "gpumemd.agent.shapeprobe": (PROBE,),
    "gpumemd.daemon": (EXPLAIN,),
    "gpumemd.commands.capture": (EXPLAIN,),
    "gpumemd.commands.explain": (EXPLAIN,),
    "gpumemd.integrations": (HF,),
    "gpumemd.profiler.profiler": PROFILER,
    "gpumemd.profiler.probes": PROFILER,
    "gpumemd.profiler.results": PROFILER,  # peak_bounds: span_peak on the device's counters
    "gpumemd.preflight.fakerun": (PREFLIGHT,),  # fake CUDA tensors on a real CUDA build
    "gpumemd.preflight.stephooks": (PREFLIGHT,),  # the job's optimizer hooks in that run
    # every op of the fake run passes its table; the bounded outputs themselves: the slow tier's
    # test_preflight_values_gpu.py
    "gpumemd.preflight.bounds": (PREFLIGHT,),
    "gpumemd.preflight.compiled": (PREFLIGHT_COMPILED,),  # AOTAutograd's trace on fake CUDA tensors
    "gpumemd.preflight.dynamo": (PREFLIGHT_COMPILED,),  # dynamo's probe of the cut on fake CUDA tensors
    "gpumemd.preflight.buffers": (PREFLIGHT_COMPILED,),  # the buffer plan of the compiled graphs walked there
    "gpumemd.preflight.memorder": (PREFLIGHT_COMPILED, PREFLIGHT_PADS),  # the kernels' order of those graphs
    "gpumemd.preflight.padding": (PREFLIGHT_COMPILED, PREFLIGHT_PADS),  # pad_mm asked in the fake CUDA trace
    "gpumemd.preflight.padcache": (PREFLIGHT_PADS,),  # the decisions a real compile on the GPU cached
    "gpumemd.preflight.standins": (PREFLIGHT_COMPILED,),  # torch.compile and the RNG met on fake CUDA
}
# GPU-facing though they import no GPU library themselves: they reach the GPU through others.
EXTRA_GPU_FACING = frozenset(
    {"gpumemd.sources.breakdown", "gpumemd.commands.explain", "gpumemd.integrations"}
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "timeout_s(n): fail a GPU test after n seconds (default 60), stacks dumped"
    )


class GpuTestTimeout(Exception):
    """A GPU test ran past its limit (tests/gpu/conftest.py)."""


@pytest.fixture(autouse=True)
def _bounded(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each GPU test gets a limit: at the limit every thread's stack goes to stderr
    (faulthandler) and the test fails with GpuTestTimeout, so a hung test names itself and
    the rest of the run goes on (device time is the scarcest budget this project has)."""
    marker = request.node.get_closest_marker("timeout_s")
    limit = int(marker.args[0]) if marker else DEFAULT_TIMEOUT_S

    def expire(signum: int, frame: object) -> None:
        raise GpuTestTimeout(f"{request.node.nodeid} ran past {limit} s (stacks above)")

    previous = signal.signal(signal.SIGALRM, expire)
    faulthandler.dump_traceback_later(limit, file=sys.stderr)
    signal.alarm(limit + 1)
    try:
        yield
    finally:
        signal.alarm(0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, previous)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.gpu)
            if not HAS_GPU:
                item.add_marker(pytest.mark.skip(reason="needs a CUDA GPU and NVML"))


@pytest.fixture
def results_dir() -> Path:
    """Where GPU tests leave their figures ($GPUMEMD_RESULTS, else a temp dir)."""
    path = Path(os.environ.get("GPUMEMD_RESULTS", "/tmp/gpumemd-results"))
    path.mkdir(parents=True, exist_ok=True)
    return path
