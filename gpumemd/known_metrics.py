"""Every metric family gpumemd exports, declared once: name, type, labels, HELP, the collector
that renders it, and its origin (whether the agent publishes it to the node daemon).

The collectors render from these declarations (`gpumemd.sources.base.Family`, `metric`): none
passes its own HELP or type. Rules are validated against them (a typo in a metric name is a
rule that never fires, silently); the Prometheus export reads the label names to write joins
(`ignoring(...) group_left`); the spool's published set (`published()`), each source's names
(`collected_by()`) and the table in docs/metrics.md are derived from them. Adding a metric is
one `_declare` (or `_published`) here plus its golden (docs/development.md). Data only: the
lowest layer, so every other one may read it. Components that live outside this package
(plugins) may call `register()` at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeGuard

__all__ = [
    "AGENT",
    "AGENT_LOCAL",
    "ALLOCATED_CATEGORIES",
    "MAX_PID",
    "POD_LABELS",
    "MetricInfo",
    "MetricType",
    "collected_by",
    "declarations",
    "family",
    "is_pid",
    "lookup",
    "published",
    "register",
    "sample_names",
]

MetricType = Literal["gauge", "counter"]


@dataclass(frozen=True)
class MetricInfo:
    """One metric family gpumemd may export: what its collector renders, what rules are
    checked against and what the spool's validator accepts."""

    name: str  # the family name; counters are selected as `<name>_total`
    type: MetricType
    labels: tuple[str, ...]  # every label a series may carry (some are absent on some series)
    help: str  # the exposition's HELP
    # which component exports it: nvml, host, sampler, alerts, ...; AGENT: each rank's agent, and
    # published to the node daemon (published()); AGENT_LOCAL: the agent, on its own endpoint only
    origin: str
    collector: str = ""  # the source (its `name`) or component that renders it

    @property
    def sample_name(self) -> str:
        return self.name + "_total" if self.type == "counter" else self.name


# Label sets. `pod`, `namespace`, `container` are on every series with a `uuid` when the
# daemon's kubelet attribution is on (sources.kubelet.label_series; "" when unattributed).
# An agent series carries its rank identity: `rank` (or `pid` when no rank is known) and
# `job_id` when the scheduler set one (gpumemd/agent/identity.py).
_POD = ("pod", "namespace", "container")
POD_LABELS = _POD  # derived from `uuid` (the same on every series of a GPU): never a join key of their own
_GPU = ("gpu", "uuid", *_POD)
_ID = ("rank", "pid", "job_id")
_RANK = ("gpu", "uuid", *_ID, *_POD)
_INFO = ("pid", "rank", "local_rank", "world_size", "job_id")

MAX_PID = 1 << 22
"""The `pid` label's ceiling: the kernel's pid_max can be set no higher. NVML's answers and
the ranks' spool files are checked against it (is_pid)."""


def is_pid(value: object) -> TypeGuard[int]:
    """A process id a `pid` label may carry: an int (not a bool) from 1 to MAX_PID."""
    return type(value) is int and 0 < value <= MAX_PID


AGENT = "agent"
"""The origin of the families each rank's agent exports and publishes to the node daemon: the
one list of what the spool carries (published())."""
AGENT_LOCAL = "agent_local"
"""The origin of what the agent exports on its own endpoint only: device-level figures the
node daemon exports itself under the same name (a rank's copy would collide with it)."""

# gpumemd_allocator_category_bytes's `category` values: the agent exports them (agent/categories.py,
# the first six counted at an optimizer step's end, the first four in its deduplication order;
# `unsharded_parameters`: FSDP2's all-gathered parameters still held then; `comm_buckets`: DDP's
# gradient buckets when the grads are not views of them; `activations` is that step peak's
# transient rest, FSDP2's all-gathers freed within the step included), explain reads them back
ALLOCATED_CATEGORIES = ("parameters", "buffers", "gradients", "optimizer_state", "unsharded_parameters",
                        "comm_buckets", "activations", "other")

_METRICS: dict[str, MetricInfo] = {}  # by sample name
_FAMILIES: dict[str, MetricInfo] = {}  # by family name, in declaration order
_published_names: frozenset[str] = frozenset()


def register(
    name: str,
    type: MetricType,
    labels: tuple[str, ...] | list[str],
    help: str,
    origin: str,
    collector: str = "",
) -> None:
    """Declare a metric family (its name without `_total`); `collector` defaults to `origin`."""
    family_name = name.removesuffix("_total") if type == "counter" else name
    if family_name in _FAMILIES:  # two declarations of one family: the second would win silently
        raise ValueError(f"{family_name} is declared twice")
    info = MetricInfo(family_name, type, tuple(labels), help, origin, collector or origin)
    global _published_names
    _METRICS[info.sample_name] = info
    _FAMILIES[info.name] = info
    _published_names = frozenset(i.name for i in _METRICS.values() if i.origin == AGENT)


def family(name: str) -> MetricInfo | None:
    """The metric of a family name (a counter's without `_total`), or None: not one of gpumemd's."""
    return _FAMILIES.get(name)


def declarations() -> tuple[MetricInfo, ...]:
    """Every declared family, in declaration order (grouped by collector)."""
    return tuple(_FAMILIES.values())


def collected_by(collector: str) -> frozenset[str]:
    """The family names a collector renders (a source's `names`)."""
    return frozenset(i.name for i in _FAMILIES.values() if i.collector == collector)


def published() -> frozenset[str]:
    """The family names (without `_total`) an agent publishes to the node daemon: origin AGENT."""
    return _published_names


def lookup(sample_name: str) -> MetricInfo | None:
    """The metric a rule's selector names (`gpumemd_allocator_ooms_total`), or None."""
    return _METRICS.get(sample_name)


def sample_names() -> list[str]:
    return sorted(_METRICS)


def _declare(
    name: str, type: MetricType, labels: tuple[str, ...], collector: str, help: str, origin: str = ""
) -> None:
    register(name, type, labels, help, origin or collector, collector)


def _published(name: str, type: MetricType, labels: tuple[str, ...], collector: str, help: str) -> None:
    register(name, type, labels, help, AGENT, collector)


# The declarations, by collector. HELP is the exposition's: keep it one sentence or two, with
# what a reader of a dashboard needs (the unit is in the name).

# --- nvml (gpumemd/sources/nvml.py) ---
_declare("gpumemd_gpu_memory_total_bytes", "gauge", _GPU, "nvml",
    "GPU memory in total (NVML).")
_declare("gpumemd_gpu_memory_used_bytes", "gauge", _GPU, "nvml",
    "GPU memory used by processes (NVML v2; v1 includes driver-reserved).")
_declare("gpumemd_gpu_memory_free_bytes", "gauge", _GPU, "nvml",
    "GPU memory free (NVML).")
_declare("gpumemd_gpu_memory_reserved_bytes", "gauge", _GPU, "nvml",
    "GPU memory reserved by the driver (NVML v2 only).")
_declare("gpumemd_gpu_info", "gauge", (*_GPU, "name", "pci_bus_id", "driver_version"), "nvml",
    "GPU identity; value 1.")
_declare("gpumemd_process_gpu_memory_used_bytes", "gauge", (*_GPU, "pid"), "nvml",
    "GPU memory a process holds on a GPU, as NVML sees it (CUDA context included).")
_declare("gpumemd_gpu_processes", "gauge", _GPU, "nvml",
    "Compute processes NVML sees on a GPU.")
_declare("gpumemd_gpu_utilization_ratio", "gauge", _GPU, "nvml",
    "Time a kernel ran in the last sample period (0-1).")
_declare("gpumemd_gpu_memory_bandwidth_utilization_ratio", "gauge", _GPU, "nvml",
    "Time device memory was read or written in the last sample period (0-1).")
_declare("gpumemd_gpus", "gauge", (), "nvml",
    "GPUs NVML sees.")
_declare("gpumemd_nvml_available", "gauge", (), "nvml",
    "1: the NVML library is here (an NVIDIA driver); 0: none, a node without GPUs to read.")
_declare("gpumemd_process_series_dropped", "counter", (), "nvml",
    "Per-process series left out because a GPU had more than max_processes processes.")
_declare("gpumemd_nvml_invalid_answers", "counter", ("field",), "nvml",
    "NVML answers of the wrong type or out of range, left out, by field.")
_declare("gpumemd_process_info", "gauge", ("pid", "executable"), "nvml",
    "Executable name of a GPU process; value 1.")

# --- mps (gpumemd/sources/mps.py) ---
_declare("gpumemd_gpu_mps_memory_limit_bytes", "gauge", _GPU, "mps",
    "Device memory a client of the GPU's MPS server may allocate at most, as its control daemon "
    "answers (get_device_pinned_mem_limit; without a server, the default a new one gets); absent "
    "without MPS or a limit.")
_declare("gpumemd_gpu_mps_active_thread_percentage", "gauge", _GPU, "mps",
    "Share of the GPU's threads a client of its MPS server may use, 0-100, as its control daemon answers "
    "(get_active_thread_percentage).")
_declare("gpumemd_mps_control_failures", "counter", ("reason",), "mps",
    "MPS limits not read, by reason: a process unreadable, a pipe directory untrusted, a control call "
    "timed out or failed, an answer not a value.")

# --- breakdown (gpumemd/sources/breakdown.py) ---
_declare("gpumemd_gpu_memory_breakdown_bytes", "gauge", (*_GPU, "category"), "breakdown",
    "Every byte of the GPU in one category; the categories sum to the GPU's total.")
_declare("gpumemd_gpu_memory_unattributed_info", "gauge", (*_GPU, "reason"), "breakdown",
    "Why some used memory belongs to no listed process; value 1.")
_declare("gpumemd_gpu_agent_processes", "gauge", _GPU, "breakdown",
    "Processes on the GPU whose agent publishes into the spool (joined to NVML on pid).")
_declare("gpumemd_gpu_memory_breakdown_dropped", "counter", (), "breakdown",
    "Samples in which a rank's allocator bytes on a GPU were left out of the breakdown (not a byte "
    "count).")

# --- process (gpumemd/sources/process.py) ---
_published("gpumemd_process_memory_breakdown_bytes", "gauge", (*_RANK, "category"), "process",
    "What NVML charges this process on the GPU, by category (PyTorch allocated, fragmented, cached; "
    "non-PyTorch); the categories sum to gpumemd_process_nvml_used_bytes.")
_published("gpumemd_process_nvml_visible", "gauge", _RANK, "process",
    "1 when NVML lists this process on the GPU; 0 when it cannot see this PID (containers) or the device "
    "(not NVIDIA).")
_published("gpumemd_process_nvml_used_bytes", "gauge", _RANK, "process",
    "GPU memory NVML attributes to this process (CUDA context included).")
_published("gpumemd_process_non_pytorch_bytes", "gauge", _RANK, "process",
    "NVML process memory minus PyTorch reserved: CUDA context, cuBLAS, NCCL, other allocators.")
_declare("gpumemd_gpu_unattributed_bytes", "gauge", _RANK, "process",
    "Device used memory (NVML v2) that no process accounts for.", origin=AGENT_LOCAL)
_published("gpumemd_process_device_used_bytes", "gauge", _RANK, "process",
    "Device memory in use by all processes, total - free from CUDA (when NVML cannot see us).")
_published("gpumemd_process_host_resident_bytes", "gauge", _ID, "process",
    "Resident host memory of this process (RSS).")
_published("gpumemd_process_host_resident_peak_bytes", "gauge", _ID, "process",
    "Peak resident host memory of this process (ru_maxrss).")
_published("gpumemd_host_pinned_memory_allocated_bytes", "gauge", _ID, "process",
    "Pinned host memory in use from PyTorch's caching host allocator (torch.cuda.host_memory_stats).")
_published("gpumemd_host_pinned_memory_reserved_bytes", "gauge", _ID, "process",
    "Pinned host memory PyTorch's caching host allocator holds (in use + cached).")

# --- host (gpumemd/sources/host.py) ---
_declare("gpumemd_host_memory_total_bytes", "gauge", (), "host",
    "Host memory in total.")
_declare("gpumemd_host_memory_available_bytes", "gauge", (), "host",
    "Host memory available to new processes.")
_declare("gpumemd_host_memory_used_bytes", "gauge", (), "host",
    "Host memory used.")
_declare("gpumemd_host_swap_total_bytes", "gauge", (), "host",
    "Swap in total.")
_declare("gpumemd_host_swap_used_bytes", "gauge", (), "host",
    "Swap used.")
_declare("gpumemd_process_resident_memory_bytes", "gauge", ("pid",), "host",
    "Resident host memory of a GPU process.")

# --- sampler (gpumemd/sampling/families.py) ---
_declare("gpumemd_collector_success", "gauge", ("collector",), "sampler",
    "Whether a collector succeeded in the last sample.")
_declare("gpumemd_collector_duration_seconds", "gauge", ("collector",), "sampler",
    "How long a collector took in the last sample.")
_declare("gpumemd_last_sample_timestamp_seconds", "gauge", (), "sampler",
    "When the last sample was taken (Unix time).")
_declare("gpumemd_sample_duration_seconds", "gauge", (), "sampler",
    "How long the last sample took, all collectors.")
_declare("gpumemd_samples", "counter", (), "sampler",
    "Samples taken since start.")
_declare("gpumemd_sampler_busy_seconds", "counter", (), "sampler",
    "Time spent in ticks and samples, on the sampling thread or the caller's (in the agent: holding the "
    "training process's GIL).")
_declare("gpumemd_build_info", "gauge", ("version",), "sampler",
    "gpumemd's version; value 1.")

# --- daemon (gpumemd/runtime.py) ---
_declare("gpumemd_config_last_reload_successful", "gauge", (), "daemon",
    "Whether the last configuration reload attempt was successful.")
_declare("gpumemd_config_last_reload_success_timestamp_seconds", "gauge", (), "daemon",
    "Timestamp of the last successful configuration reload (the start counts as one).")
_declare("gpumemd_http_auth_refused", "counter", ("code",), "daemon",
    "Requests basic auth refused: a wrong or missing password (401), or a client over its budget of "
    "password verifications (429, answered without a bcrypt).")

# --- allocator (gpumemd/sources/allocator.py) ---
_published("gpumemd_allocator_allocated_bytes", "gauge", _RANK, "allocator",
    "Memory in tensors, as the caching allocator counts it.")
_published("gpumemd_allocator_reserved_bytes", "gauge", _RANK, "allocator",
    "Memory the caching allocator holds from CUDA (allocated + cached).")
_published("gpumemd_allocator_active_bytes", "gauge", _RANK, "allocator",
    "Memory in active blocks (allocated, or freed but still in use by a stream).")
_published("gpumemd_allocator_inactive_split_bytes", "gauge", _RANK, "allocator",
    "Cached memory in split blocks that cannot serve a large request (fragmentation).")
_published("gpumemd_allocator_requested_bytes", "gauge", _RANK, "allocator",
    "Memory the program asked for, before the allocator's rounding.")
_published("gpumemd_allocator_allocated_peak_bytes", "gauge", _RANK, "allocator",
    "Highest allocated_bytes since the process started or the user reset peaks.")
_published("gpumemd_allocator_reserved_peak_bytes", "gauge", _RANK, "allocator",
    "Highest reserved_bytes since the process started or the user reset peaks.")
_published("gpumemd_allocator_active_peak_bytes", "gauge", _RANK, "allocator",
    "Highest active_bytes since the process started or the user reset peaks.")
_published("gpumemd_allocator_allocations", "gauge", _RANK, "allocator",
    "Allocations currently live.")
_published("gpumemd_allocator_segments", "gauge", _RANK, "allocator",
    "Segments (cudaMalloc'd blocks) the allocator holds.")
_published("gpumemd_allocator_inactive_splits", "gauge", _RANK, "allocator",
    "Inactive split blocks (fragmentation, as a count).")
_published("gpumemd_allocator_limit_bytes", "gauge", _RANK, "allocator",
    "Per-process limit set with torch.cuda.set_per_process_memory_fraction.")
_published("gpumemd_allocator_interval_peak_bytes", "gauge", _RANK, "allocator",
    "Highest allocated_bytes within the last sampling interval (an upper bound unless exact).")
_published("gpumemd_allocator_interval_peak_exact", "gauge", _RANK, "allocator",
    "1 when the interval peak is exact, 0 when it is an upper bound (busy interval).")
_published("gpumemd_allocator_window_peak_bytes", "gauge", _RANK, "allocator",
    "Highest interval peak over the agent's peak_window (spikes shorter than a scrape).")
_published("gpumemd_allocator_step_peak_bytes", "gauge", _RANK, "allocator",
    "Highest allocated_bytes within the last optimizer step (or the last step_peak_steps steps); an upper"
    " bound unless exact; absent where unknown (cudaMallocAsync: a step under the pool's high-water mark).")
_published("gpumemd_allocator_step_peak_exact", "gauge", _RANK, "allocator",
    "1 when the step peak is exact, 0 when it is an upper bound.")
_published("gpumemd_allocator_step_reserved_peak_bytes", "gauge", _RANK, "allocator",
    "Highest reserved_bytes within the last optimizer step (or steps); an upper bound unless exact; absent"
    " where unknown (cudaMallocAsync).")
_published("gpumemd_allocator_step_reserved_peak_exact", "gauge", _RANK, "allocator",
    "1 when the step's reserved peak is exact, 0 when it is an upper bound.")
_published("gpumemd_allocator_step_peak_steps", "gauge", _RANK, "allocator",
    "Optimizer steps the step peak covers: 1, unless the agent spaced its step reads out for its budget.")
_published("gpumemd_allocator_config_info", "gauge", (
    *_RANK, "backend", "expandable_segments", "garbage_collection_threshold", "max_split_size",
    "memory_fraction",
), "allocator",
    "The allocator's configuration (backend, PYTORCH_ALLOC_CONF, per-process fraction); value 1.")
_published("gpumemd_allocator_stats_valid", "gauge", _RANK, "allocator",
    "1 when the caching allocator's statistics are kept (native); 0 under cudaMallocAsync.")
_published("gpumemd_allocator_device_used_bytes", "gauge", _RANK, "allocator",
    "Device memory in use by all processes (torch.cuda.device_memory_used), where the allocator's "
    "statistics are not valid (cudaMallocAsync).")
_published("gpumemd_allocator_alloc_retries", "counter", _RANK, "allocator",
    "Allocations that failed, freed the cache and retried (thrashing before an OOM).")
_published("gpumemd_allocator_ooms", "counter", _RANK, "allocator",
    "torch's own count of the out-of-memory errors the allocator raised (memory_stats num_ooms), as "
    "torch reads it; gpumemd's count is gpumemd_oom_events_total.")
_published("gpumemd_allocator_device_allocs", "counter", _RANK, "allocator",
    "cudaMalloc calls made by the allocator.")
_published("gpumemd_allocator_device_frees", "counter", _RANK, "allocator",
    "cudaFree calls made by the allocator.")
_published("gpumemd_allocator_bytes_allocated", "counter", _RANK, "allocator",
    "Bytes the allocator handed out, cumulative (rate = allocation churn).")
_published("gpumemd_allocator_bytes_freed", "counter", _RANK, "allocator",
    "Bytes returned to the allocator, cumulative.")

# --- categories (gpumemd/agent/categories.py) ---
_published("gpumemd_allocator_category_bytes", "gauge", (*_RANK, "category", "at"), "categories",
    "Allocated bytes by category (parameters, buffers, gradients, optimizer_state, unsharded_parameters,"
    " comm_buckets, activations, other) at the step's peak (at=\"peak\") and end (at=\"end\").")

# --- calibration (gpumemd/agent/calibration.py): what preflight reads per model and shape ---
# model: a fingerprint of the watched (or stepped) parameters' shapes and dtypes; world_size: the
# job's ranks, where the launcher said (a rank's non-PyTorch bytes then hold NCCL's buffers)
_CALIBRATED = (*_RANK, "model", "world_size")
_published("gpumemd_training_calibration_step_peak_bytes", "gauge", _CALIBRATED, "calibration",
    "The step peak (allocated) this process's calibration was measured at, the median of its last exact "
    "step peaks: the shape's proxy gpumemd preflight matches; model is a hash of the watched (else the "
    "stepped optimizers') parameters' shapes and dtypes, world_size the job's ranks.")
_published("gpumemd_training_calibration_allocator_overhead_bytes", "gauge", _CALIBRATED, "calibration",
    "Reserved less allocated at the step's peaks (segment rounding, cached blocks), the median of the last"
    " exact steps: the allocator's overhead gpumemd preflight calibrates by.")
_published("gpumemd_training_calibration_non_pytorch_bytes", "gauge", _CALIBRATED, "calibration",
    "This process's bytes outside PyTorch (NVML less reserved; NCCL's buffers among them in a job of "
    "world_size ranks), the median of its last readings, by model.")

# --- pools (gpumemd/sources/pools.py) ---
_published("gpumemd_allocator_pool_reserved_bytes", "gauge", (*_RANK, "kind"), "pools",
    "Memory the caching allocator holds from CUDA, by pool kind (default, graph, user); adds up to "
    "reserved_bytes.")
_published("gpumemd_allocator_pool_allocated_bytes", "gauge", (*_RANK, "kind"), "pools",
    "Memory in tensors, by pool kind (a CUDA graph's pool stays allocated between replays).")
_published("gpumemd_allocator_pools", "gauge", (*_RANK, "kind"), "pools",
    "Memory pools holding segments, by kind.")
_published("gpumemd_allocator_private_pool_reserved_bytes", "gauge", (*_RANK, "pool"), "pools",
    "Reserved memory of the biggest private pools (kind:id), the rest summed as pool=\"other\".")
_published("gpumemd_allocator_largest_free_block_bytes", "gauge", _RANK, "pools",
    "The largest free block in PyTorch's own pool: the largest request the cache can serve.")
_published("gpumemd_allocator_reference_request_bytes", "gauge", _RANK, "pools",
    "The largest tensor seen live at a pool read and freed by the next, over the last 5 minutes: the "
    "request fragmentation is measured against.")
_published("gpumemd_allocator_stranded_free_bytes", "gauge", _RANK, "pools",
    "Free bytes between live tensors (empty_cache cannot return them), in blocks smaller than the "
    "reference request.")
_published("gpumemd_allocator_fragmentation_risk", "gauge", _RANK, "pools",
    "1 when the reference request fits in no free block nor in the device's free memory, but would in the"
    " stranded bytes: the next such request OOMs from fragmentation.")

# --- training (gpumemd/sources/training.py) ---
_published("gpumemd_training_global_step", "gauge", _ID, "training",
    "The training loop's global step (optimizer steps), as its framework counts them.")
_published("gpumemd_training_optimizer_steps", "counter", _ID, "training",
    "torch.optim optimizer steps the agent's step hook saw (micro-batches of one step count once; steps "
    "traced by torch.compile are not seen).")

# --- forecast (gpumemd/sources/forecast.py) ---
_published("gpumemd_training_tokens", "gauge", _ID, "forecast",
    "Tokens of the latest batch given to the agent (set_step(tokens=...) or a framework callback).")
_published("gpumemd_headroom_limit_bytes", "gauge", _RANK, "forecast",
    "Bytes PyTorch may hold on this rank's GPU: the device less other processes and this process's "
    "non-PyTorch memory, capped by the allocator's memory fraction.")
_published("gpumemd_headroom_bytes", "gauge", _RANK, "forecast",
    "Bytes left at the last step peak: the limit less the step peak's allocated bytes and the cached "
    "bytes a large request cannot reuse (free pieces of split blocks). Negative: over.")
_published("gpumemd_forecast_tokens", "gauge", _RANK, "forecast",
    "The batch shape (tokens) the forecast is for: agent.max_tokens, else the largest seen.")
_published("gpumemd_forecast_peak_bytes", "gauge", _RANK, "forecast",
    "The step peak predicted at gpumemd_forecast_tokens by the fit of step peaks against tokens.")
_published("gpumemd_forecast_peak_error_bytes", "gauge", _RANK, "forecast",
    "Half a 95 % interval about the predicted peak: it widens with the distance from the shapes seen "
    "(prediction interval, the line's convex alternative, the fit's worst residual and held-out error).")
_published("gpumemd_forecast_headroom_bytes", "gauge", _RANK, "forecast",
    "Headroom at the top of the predicted peak's 95 % interval: the limit less the predicted peak, its "
    "error and the unreusable cache. Negative: the largest batch may not fit.")
_published("gpumemd_forecast_steps_to_oom", "gauge", _RANK, "forecast",
    "Optimizer steps until the leak's growth per step meets the limit; only while leaking (the leak "
    "verdict over exact step ends).")
_published("gpumemd_forecast_seconds_to_oom", "gauge", _RANK, "forecast",
    "Seconds until the leak's growth per step meets the limit, at the window's step rate.")
_published("gpumemd_forecast_leak_bytes_per_step", "gauge", _RANK, "forecast",
    "Growth of allocated bytes at the optimizer step's end, per optimizer step; only while the leak "
    "verdict says leaking (the PytorchMemoryLeak alert reads it).")
_published("gpumemd_forecast_leak_since_step", "gauge", _RANK, "forecast",
    "The optimizer step the leak's growth began at; only while the leak verdict says leaking.")
_published("gpumemd_forecast_probes", "counter", ("outcome", *_ID), "forecast",
    "Shape probes (a step's exact peak read from the allocator's trace) by outcome: exact, inexact (the "
    "trace missed events), taken_over, stale, stopped.")

# --- oom (gpumemd/sources/oom.py) ---
_published("gpumemd_oom_events", "counter", ("gpu", "cause", *_ID), "oom",
    "CUDA out-of-memory errors, each counted once when diagnosed, by cause (undiagnosed: none made). "
    "gpumemd's OOM count: the alerts read it.")
_published("gpumemd_oom_last_diagnosis_info", "gauge", ("gpu", "cause", "summary", "fix", *_ID), "oom",
    "The last OOM's diagnosis on a GPU; value 1.")
_published("gpumemd_oom_observer_installed", "gauge", _ID, "oom",
    "1 when the OOM observer is attached.")
_published("gpumemd_agent_snapshots", "counter", ("result", *_ID), "oom",
    "Allocator snapshot dumps, by result.")
_published("gpumemd_agent_memory_history_recording", "gauge", _ID, "oom",
    "1 while allocation history is recorded (allocations are slower).")
_published("gpumemd_agent_last_snapshot_timestamp_seconds", "gauge", _ID, "oom",
    "When the last snapshot was written.")
_published("gpumemd_agent_last_snapshot_info", "gauge", ("path", "reason", *_ID), "oom",
    "Path and reason of the last snapshot; value 1.")

# --- leak (gpumemd/agent/leakfind.py) ---
_published("gpumemd_leak_site_bytes", "gauge", ("site", *_ID), "leak",
    "Live bytes allocated at a growing site (the leak finder's top sites).")
_published("gpumemd_leak_site_bytes_per_step", "gauge", ("site", *_ID), "leak",
    "Growth per optimizer step at a growing site.")
_published("gpumemd_leak_last_report_info", "gauge", ("gpu", "site", "retained_by", "summary", *_ID), "leak",
    "The leak finder's last answer; value 1.")

# --- agent (gpumemd/sources/agent_self.py) ---
_published("gpumemd_agent_info", "gauge", _INFO, "agent",
    "The process a gpumemd agent runs in, and its rank; value 1.")
_published("gpumemd_agent_errors", "counter", ("where", *_ID), "agent",
    "Exceptions inside the agent, logged and never raised.")
_published("gpumemd_agent_write_errors", "counter", ("what", "reason", *_ID), "agent",
    "Files the agent could not write, by kind and reason (each logged once per state).")

# --- sections (gpumemd/profiler/sections.py) ---
_published("gpumemd_section_peak_bytes", "gauge", ("section", "gpu", *_ID), "sections",
    "Peak memory of the last call of a profiled section (GPU: allocated bytes; CPU: resident).")
_published("gpumemd_section_net_bytes", "gauge", ("section", "gpu", *_ID), "sections",
    "Memory after minus memory before, in the last call of a profiled section.")
_published("gpumemd_section_calls", "counter", ("section", "gpu", *_ID), "sections",
    "Calls of a profiled section since the process started.")
_published("gpumemd_section_dropped", "counter", _ID, "sections",
    "Section records dropped because the cap on section names was reached.")

# --- spool (gpumemd/sources/spool.py) ---
_declare("gpumemd_process_rank_info", "gauge", _INFO, "spool",
    "A process that runs a gpumemd agent, with its rank; value 1 (join on pid).")
_declare("gpumemd_spool_rank_last_publish_timestamp_seconds", "gauge", ("pid", "rank", "job_id"), "spool",
    "When a rank last published into the spool.")
_declare("gpumemd_spool_ranks", "gauge", (), "spool",
    "Live agents merged from the spool directory.")
_declare("gpumemd_spool_expired", "counter", (), "spool",
    "Spool files left out because their agent is dead or silent.")
_declare("gpumemd_spool_errors", "counter", (), "spool",
    "Spool files rejected, any reason (deprecated: gpumemd_spool_rejected_total).")
_declare("gpumemd_spool_conflicts", "counter", (), "spool",
    "Spool files left out because a newer one claimed the same rank.")
_declare("gpumemd_spool_rejected", "counter", ("reason",), "spool",
    "Spool files (or the directory) refused, by reason.")
_declare("gpumemd_spool_dropped_series", "counter", ("reason",), "spool",
    "Series of a rank left out (the rest of its file served), by reason.")

# --- kubelet (gpumemd/sources/kubelet.py) ---
_declare("gpumemd_gpu_pod_info", "gauge", (
    "uuid", "pod", "namespace", "container", "resource", "claim",
), "kubelet",
    "A GPU allocated to a container (kubelet pod-resources); value 1. Join on uuid.")

# --- slurm (gpumemd/sources/slurm.py) ---
_declare("gpumemd_process_slurm_job_info", "gauge", ("pid", "job_id"), "slurm",
    "The Slurm job of a GPU process; value 1.")
_declare("gpumemd_gpu_slurm_job_info", "gauge", ("gpu", "uuid", "job_id", *_POD), "slurm",
    "A Slurm job with a process on a GPU; value 1.")

# --- alerts (gpumemd/alerts/observer.py, alerts/notify.py) ---
_declare("gpumemd_alerts", "gauge", ("alertname", "alertstate"), "alerts",
    "Pending and firing alerts (like Prometheus's ALERTS); value 1.")
_declare("gpumemd_notifications", "counter", ("notifier", "result"), "alerts",
    "Alerts sent to a notifier, by result (each failed attempt counts).")
_declare("gpumemd_notifications_dropped", "counter", ("notifier",), "alerts",
    "Alerts dropped because a notifier's queue was full.")
_declare("gpumemd_notification_queue_length", "gauge", ("notifier",), "alerts",
    "Alerts waiting to be sent.")
_declare("gpumemd_rule_evaluation_failures", "counter", ("alertname",), "alerts",
    "Rule evaluations that raised.")
_declare("gpumemd_rule_template_failures", "counter", ("alertname",), "alerts",
    "Renderings of a rule's labels or annotations with an action that could not render.")
_declare("gpumemd_rule_alerts_dropped", "counter", ("alertname",), "alerts",
    "New alerts of a rule not started: it had alerting.max_series_per_rule active.")
_declare("gpumemd_rule_series_dropped", "counter", ("alertname", "job_id", "rank", "pid"), "alerts",
    "Series a trend or increase rule did not track: their source (rank) tracked "
    "alerting.max_series_per_rule.")
