"""The public API, pinned: what `import gpumemd` and `from gpumemd.profiler import ...` offer,
with the signatures they had before the package layout changed (issue 15: no behaviour
change), and `import gpumemd` staying lazy."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gpumemd

ROOT = Path(__file__).resolve().parents[2]
_SENTINEL = re.compile(r"<object object at 0x[0-9a-f]+>")

SIGNATURES = {
    "start": "(config: 'Config | str | None' = None, *, listen_address: 'str | None' = <sentinel>, "
             "on_alert: 'AlertCallback | Sequence[AlertCallback] | None' = None, "
             "identity: 'identity_mod.Identity | None' = None, **overrides: 'Any') -> 'Agent'",
    "stop": "() -> 'None'",
    "Agent": "(config: 'Config | str | None' = None, *, listen_address: 'str | None' = <sentinel>, "
             "identity: 'identity_mod.Identity | None' = None, apis: 'Mapping[str, Any] | None' = None, "
             "on_alert: 'AlertCallback | Sequence[AlertCallback] | None' = None, **overrides: 'Any') -> 'None'",
    "GPUMemoryProfiler": "(device: 'Any' = None, track_tensors: 'bool | None' = None, track_cpu_memory: 'bool' = True, "
                         "collect_stack_traces: 'bool' = False, *, max_snapshots: 'int' = 10000, "
                         "max_results: 'int' = 10000, peak_sampling_interval: 'float | None' = None, "
                         "synchronize: 'bool' = True, publish_sections: 'bool' = True, "
                         "leak_threshold_bytes: 'int | None' = None, leak_min_calls: 'int' = 3, "
                         "leak_window: 'int' = 32, cuda_api: 'TorchCudaApi | None' = None, "
                         "host_api: 'HostApi | None' = None) -> 'None'",
    "ProfileResult": "(function_name: 'str', execution_time: 'float', memory_before: 'MemorySnapshot', "
                     "memory_after: 'MemorySnapshot', memory_peak: 'MemorySnapshot', memory_allocated: 'int', "
                     "memory_freed: 'int', tensors_created: 'int', tensors_deleted: 'int', call_count: 'int' = 1, "
                     "peak_exact: 'bool' = True, peak_lower_bound: 'int' = -1, peak_upper_bound: 'int' = -1, "
                     "tensors_tracked: 'bool' = True, allocations: 'int | None' = None, frees: 'int | None' = None, "
                     "error: 'str | None' = None, qualified_name: 'str | None' = None, "
                     "tensor_counts: 'str | None' = 'tensors') -> None",
    "MemorySnapshot": "(timestamp: 'float', allocated_memory: 'int', reserved_memory: 'int', "
                      "max_memory_allocated: 'int', max_memory_reserved: 'int', active_memory: 'int', "
                      "inactive_memory: 'int', cpu_memory: 'int', device_id: 'int' = 0, operation: 'str | None' = None, "
                      "stack_trace: 'str | None' = None, cached_free_memory: 'int' = 0, "
                      "cpu_memory_tracked: 'bool' = True) -> None",
    "profile_function": "(func: 'Callable[P, T] | None' = None, *, name: 'str | None' = None, device: 'Any' = None, "
                        "profiler: 'FunctionProfiler | None' = None) -> 'Any'",
    "profile_context": "(name: 'str' = 'context', device: 'Any' = None, profiler: 'ContextProfiler | None' = None) "
                       "-> 'Iterator[Any]'",
    "dump_snapshot": "(reason: 'str' = 'manual') -> 'str | None'",
    "arm_memory_history": "() -> 'bool'",
    "find_leak": "(*, every: 'int' = 25, snapshots: 'int' = 3) -> 'bool'",
    "set_step": "(step: 'int', tokens: 'int | None' = None) -> 'None'",
    "watch": "(model: 'Any' = None, optimizer: 'Any' = None) -> 'bool'",
    "preflight": "(factory: 'Callable[..., Any] | str | None' = None, "
                 "shapes: 'Sequence[tuple[int, int]]' = ((1, 512),), *, script: 'str | None' = None, "
                 "argv: 'Sequence[str]' = (), device: 'Device | str | None' = None, "
                 "overheads: 'Overheads | None' = None, world: 'int' = 1, search: 'str | None' = None, "
                 "steps: 'int' = 2, remap: 'bool | None' = None, alloc_conf: 'str' = '', "
                 "compiled: 'bool' = False, calibration: 'Sequence[Measurement]' = (), lookup: 'Lookup | None' = None, "
                 "pads: 'Decisions | None' = None) -> 'Report'",
}

PROFILER_NAMES = ["BoundedList", "DEVICE_FORMS", "Device", "GPUMemoryProfiler", "MemorySnapshot", "MiB",
                  "ProfileHandle", "ProfileResult", "get_global_profiler", "profile_context", "profile_function",
                  "set_global_profiler"]


def test_all_names_the_public_api() -> None:
    assert sorted(gpumemd.__all__) == sorted([*SIGNATURES, "__version__"])
    assert isinstance(gpumemd.__version__, str) and gpumemd.__version__


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_each_public_name_keeps_its_signature(name: str) -> None:
    assert _SENTINEL.sub("<sentinel>", str(inspect.signature(getattr(gpumemd, name)))) == SIGNATURES[name]


def test_the_profiler_package_exports_what_the_profiler_module_did() -> None:
    import gpumemd.profiler as profiler
    from gpumemd.profiler import conveniences, probes, results

    for name in PROFILER_NAMES:
        defined = [m for m in (profiler.profiler, conveniences, results, probes) if name in vars(m)]
        assert defined and getattr(profiler, name) is getattr(defined[0], name), name
    for name in ("GPUMemoryProfiler", "MemorySnapshot", "ProfileResult", "profile_context", "profile_function"):
        assert getattr(gpumemd, name) is getattr(profiler, name)
    with pytest.raises(AttributeError):
        profiler.no_such_name  # noqa: B018


def test_the_agent_package_offers_start_stop_current() -> None:
    import gpumemd.agent as agent

    assert agent.start is gpumemd.start and agent.stop is gpumemd.stop and agent.Agent is gpumemd.Agent
    assert callable(agent.current)
    with pytest.raises(AttributeError):
        gpumemd.no_such_name  # noqa: B018


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True).stdout


def test_import_gpumemd_is_lazy() -> None:
    out = _fresh("import sys, gpumemd; print(sorted(m for m in sys.modules if m == 'torch' or "
                 "m.startswith(('gpumemd.agent', 'gpumemd.profiler', 'torch.'))))")
    assert out.strip() == "[]"


def test_the_agent_can_read_sections_without_loading_the_profiler() -> None:
    out = _fresh("import sys; from gpumemd.profiler import sections; "
                 "print('gpumemd.profiler.profiler' in sys.modules, 'torch' in sys.modules)")
    assert out.split() == ["False", "False"]


def test_python_dash_m_gpumemd_answers() -> None:
    r = subprocess.run([sys.executable, "-m", "gpumemd", "--version"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and gpumemd.__version__ in r.stdout + r.stderr, (r.stdout, r.stderr)


def test_the_documented_step_marker_keeps_its_name_and_loads_no_agent() -> None:
    out = _fresh("import sys, gpumemd.steptrace as s, gpumemd.agent.steptrace as a; "
                 "print(s.step is a.step, 'gpumemd.agent.agent' in sys.modules, 'torch' in sys.modules)")
    assert out.split() == ["True", "False", "False"]
