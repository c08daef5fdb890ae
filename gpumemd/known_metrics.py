"""The canonical list of gpumemd's metric names: what rules may select, with their labels.

Rules are validated against this list (a typo in a metric name is a rule that never
fires, silently), and the Prometheus export reads the label names here to write joins
(`ignoring(...) group_left`). When you add a metric anywhere in gpumemd, add it here in
the same commit: `tests/unit/alerts/test_known_metrics.py` renders every source from the
recorded captures and fails on a name missing from this list. Components that live
outside this package (plugins, the agent's extras) may call `register()` at import time.
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
    """One metric family gpumemd may export (name, type, labels, help, component): what rules
    are checked against and what the spool's validator accepts."""

    name: str  # the family name; counters are selected as `<name>_total`
    type: MetricType
    labels: tuple[str, ...]
    help: str
    # which component exports it: nvml, host, sampler, alerts, ...; AGENT: each rank's agent, and
    # published to the node daemon (published()); AGENT_LOCAL: the agent, on its own endpoint only
    origin: str

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

_METRICS: dict[str, MetricInfo] = {}  # by sample name
_FAMILIES: dict[str, MetricInfo] = {}  # by family name
_published: frozenset[str] = frozenset()


def register(
    name: str, type: MetricType, labels: tuple[str, ...] | list[str], help: str, origin: str
) -> None:
    """Add a metric (family name, without `_total`) to the names rules may select."""
    info = MetricInfo(
        name.removesuffix("_total") if type == "counter" else name, type, tuple(labels), help, origin
    )
    global _published
    _METRICS[info.sample_name] = info
    _FAMILIES[info.name] = info
    _published = frozenset(i.name for i in _METRICS.values() if i.origin == AGENT)


def family(name: str) -> MetricInfo | None:
    """The metric of a family name (a counter's without `_total`), or None: not one of gpumemd's."""
    return _FAMILIES.get(name)


def published() -> frozenset[str]:
    """The family names (without `_total`) an agent publishes to the node daemon: origin AGENT."""
    return _published


def lookup(sample_name: str) -> MetricInfo | None:
    """The metric a rule's selector names (`gpumemd_allocator_ooms_total`), or None."""
    return _METRICS.get(sample_name)


def sample_names() -> list[str]:
    return sorted(_METRICS)


# --- NVML (gpumemd/sources/nvml.py) ---
for _key, _doc in (
    ("total", "GPU memory in total."),
    ("used", "GPU memory used by processes."),
    ("free", "GPU memory free."),
    ("reserved", "GPU memory reserved by the driver (NVML v2)."),
):
    register(f"gpumemd_gpu_memory_{_key}_bytes", "gauge", _GPU, _doc, "nvml")
register(
    "gpumemd_gpu_info", "gauge", (*_GPU, "name", "pci_bus_id", "driver_version"), "GPU identity.", "nvml"
)
register(
    "gpumemd_process_gpu_memory_used_bytes",
    "gauge",
    (*_GPU, "pid"),
    "GPU memory of a process (NVML).",
    "nvml",
)
register("gpumemd_gpu_processes", "gauge", _GPU, "Compute processes on a GPU.", "nvml")
register("gpumemd_gpu_utilization_ratio", "gauge", _GPU, "Kernel time ratio.", "nvml")
register(
    "gpumemd_gpu_memory_bandwidth_utilization_ratio", "gauge", _GPU, "Memory bandwidth time ratio.", "nvml"
)
register("gpumemd_gpus", "gauge", (), "GPUs NVML sees.", "nvml")
register(
    "gpumemd_nvml_available", "gauge", (), "1: the NVML library is here; 0: none (no GPUs to read).", "nvml"
)
register("gpumemd_process_series_dropped", "counter", (), "Per-process series left out.", "nvml")
register(
    "gpumemd_nvml_invalid_answers",
    "counter",
    ("field",),
    "NVML answers of the wrong type or out of range.",
    "nvml",
)
register("gpumemd_process_info", "gauge", ("pid", "executable"), "Executable name of a GPU process.", "nvml")
register(
    "gpumemd_gpu_memory_breakdown_bytes",
    "gauge",
    (*_GPU, "category"),
    "Every byte of the GPU in one category (the categories sum to the total).",
    "breakdown",
)
register(
    "gpumemd_gpu_memory_unattributed_info",
    "gauge",
    (*_GPU, "reason"),
    "Why some used memory belongs to no listed process.",
    "breakdown",
)
register(
    "gpumemd_gpu_agent_processes", "gauge", _GPU, "Processes on the GPU whose agent publishes.", "breakdown"
)
register(
    "gpumemd_gpu_memory_breakdown_dropped",
    "counter",
    (),
    "Rank figures left out of the breakdown (not a byte count).",
    "breakdown",
)
register(
    "gpumemd_process_memory_breakdown_bytes",
    "gauge",
    (*_RANK, "category"),
    "This process's NVML memory by category.",
    AGENT,
)

# --- host (gpumemd/sources/host.py) ---
for _key in ("memory_total", "memory_available", "memory_used", "swap_total", "swap_used"):
    register(f"gpumemd_host_{_key}_bytes", "gauge", (), f"Host {_key.replace('_', ' ')}.", "host")
register(
    "gpumemd_process_resident_memory_bytes",
    "gauge",
    ("pid",),
    "Resident host memory of a GPU process.",
    "host",
)

# --- the sampler's self-metrics (gpumemd/sampling/sampler.py) ---
register("gpumemd_collector_success", "gauge", ("collector",), "Whether a collector succeeded.", "sampler")
register("gpumemd_collector_duration_seconds", "gauge", ("collector",), "Collector duration.", "sampler")
register("gpumemd_last_sample_timestamp_seconds", "gauge", (), "When the last sample was taken.", "sampler")
register("gpumemd_sample_duration_seconds", "gauge", (), "Sample duration.", "sampler")
register("gpumemd_samples", "counter", (), "Samples taken.", "sampler")
register("gpumemd_sampler_busy_seconds", "counter", (), "Time spent in ticks and samples.", "sampler")
register("gpumemd_build_info", "gauge", ("version",), "Build information.", "sampler")

# --- the daemon's configuration reloads (gpumemd/runtime.py; the agent does not reload) ---
register("gpumemd_config_last_reload_successful", "gauge", (), "Whether the last reload succeeded.", "daemon")
register(
    "gpumemd_config_last_reload_success_timestamp_seconds",
    "gauge",
    (),
    "When the last reload succeeded.",
    "daemon",
)

# --- the HTTP endpoint's basic auth (gpumemd/runtime.py; only with basic_auth_users) ---
register(
    "gpumemd_http_auth_refused", "counter", ("code",), "Requests basic auth refused (401, 429).", "daemon"
)

# --- the in-process agent's allocator source (gpumemd/sources/allocator.py) ---
for _key, _doc in (
    ("allocated_bytes", "Memory in tensors (PyTorch caching allocator)."),
    ("reserved_bytes", "Memory the caching allocator holds from CUDA."),
    ("active_bytes", "Memory in active blocks."),
    ("inactive_split_bytes", "Cached memory in split blocks (fragmentation)."),
    ("requested_bytes", "Memory requested before the allocator's rounding."),
    ("allocated_peak_bytes", "Peak allocated_bytes (the user's peak statistics)."),
    ("reserved_peak_bytes", "Peak reserved_bytes."),
    ("active_peak_bytes", "Peak active_bytes."),
    ("allocations", "Allocations currently live."),
    ("segments", "Segments the allocator holds."),
    ("inactive_splits", "Inactive split blocks."),
    ("limit_bytes", "Per-process limit (set_per_process_memory_fraction)."),
    ("interval_peak_bytes", "Highest allocated_bytes within the last sampling interval."),
    ("interval_peak_exact", "1 when the interval peak is exact, 0 when an upper bound."),
    ("window_peak_bytes", "Highest interval peak over the agent's peak_window."),
    ("step_peak_bytes", "Highest allocated_bytes within the last optimizer step (or step_peak_steps steps)."),
    ("step_peak_exact", "1 when the step peak is exact, 0 when an upper bound."),
    ("step_reserved_peak_bytes", "Highest reserved_bytes within the last optimizer step (or steps)."),
    ("step_reserved_peak_exact", "1 when the step's reserved peak is exact, 0 when an upper bound."),
    ("step_peak_steps", "Optimizer steps the step peak covers (1 unless spaced out for the agent's budget)."),
):
    register(f"gpumemd_allocator_{_key}", "gauge", _RANK, _doc, AGENT)
# gpumemd_allocator_category_bytes's `category` values: the agent exports them (agent/categories.py,
# the first four in its deduplication order, counted at an optimizer step's end; `activations`
# is that step peak's transient rest, FSDP2's all-gathered parameters included), explain reads
# them back
ALLOCATED_CATEGORIES = ("parameters", "buffers", "gradients", "optimizer_state", "activations", "other")
register(
    "gpumemd_allocator_category_bytes",
    "gauge",
    (*_RANK, "category", "at"),
    "Allocated bytes by category (parameters, buffers, gradients, optimizer_state, activations, other) "
    "at an optimizer step's peak and end, counted at that step's end (gpumemd.watch; docs/categories.md).",
    AGENT,
)
register(
    "gpumemd_allocator_config_info",
    "gauge",
    (
        *_RANK,
        "backend",
        "expandable_segments",
        "garbage_collection_threshold",
        "max_split_size",
        "memory_fraction",
    ),
    "The allocator's configuration (backend, PYTORCH_ALLOC_CONF, per-process fraction); value 1.",
    AGENT,
)
register(
    "gpumemd_allocator_stats_valid",
    "gauge",
    _RANK,
    "1 when the caching allocator's statistics are kept; 0 under cudaMallocAsync.",
    AGENT,
)
register(
    "gpumemd_allocator_device_used_bytes",
    "gauge",
    _RANK,
    "Device memory in use (torch.cuda.device_memory_used) where the allocator's stats are not valid.",
    AGENT,
)
# --- the agent's private pools (gpumemd/sources/pools.py) ---
register(
    "gpumemd_allocator_pool_reserved_bytes",
    "gauge",
    (*_RANK, "kind"),
    "Reserved memory by pool kind (default, graph, user); adds up to reserved_bytes.",
    AGENT,
)
register(
    "gpumemd_allocator_pool_allocated_bytes",
    "gauge",
    (*_RANK, "kind"),
    "Allocated memory by pool kind (default, graph, user).",
    AGENT,
)
register(
    "gpumemd_allocator_pools", "gauge", (*_RANK, "kind"), "Memory pools holding segments, by kind.", AGENT
)
register(
    "gpumemd_allocator_private_pool_reserved_bytes",
    "gauge",
    (*_RANK, "pool"),
    'Reserved memory of the biggest private pools (kind:id), the rest as pool="other".',
    AGENT,
)
# the live fragmentation figures, from the same segment list (docs/agent.md, *Fragmentation*)
register(
    "gpumemd_allocator_largest_free_block_bytes",
    "gauge",
    _RANK,
    "The largest free block in PyTorch's own pool.",
    AGENT,
)
register(
    "gpumemd_allocator_reference_request_bytes",
    "gauge",
    _RANK,
    "The largest tensor seen live at a pool read and freed by the next, over 5 minutes.",
    AGENT,
)
register(
    "gpumemd_allocator_stranded_free_bytes",
    "gauge",
    _RANK,
    "Free bytes between live tensors, in blocks smaller than the reference request.",
    AGENT,
)
register(
    "gpumemd_allocator_fragmentation_risk",
    "gauge",
    _RANK,
    "1 when the reference request would fit only by joining stranded bytes.",
    AGENT,
)
for _key in ("alloc_retries", "ooms", "device_allocs", "device_frees", "bytes_allocated", "bytes_freed"):
    register(
        f"gpumemd_allocator_{_key}", "counter", _RANK, f"PyTorch allocator {_key.replace('_', ' ')}.", AGENT
    )

# --- the agent's process source (gpumemd/sources/process.py) ---
register(
    "gpumemd_process_nvml_visible", "gauge", _RANK, "1 when NVML lists this process on the GPU.", AGENT
)
register(
    "gpumemd_process_nvml_used_bytes", "gauge", _RANK, "GPU memory NVML attributes to this process.", AGENT
)
register(
    "gpumemd_process_non_pytorch_bytes",
    "gauge",
    _RANK,
    "NVML process memory minus PyTorch reserved (CUDA context, cuBLAS, NCCL).",
    AGENT,
)
register(
    "gpumemd_gpu_unattributed_bytes",
    "gauge",
    _RANK,
    "Device used memory no process accounts for.",
    AGENT_LOCAL,
)
register(
    "gpumemd_process_device_used_bytes", "gauge", _RANK, "Device memory in use, total - free (CUDA).", AGENT
)
register(
    "gpumemd_process_host_resident_bytes",
    "gauge",
    _ID,
    "Resident host memory of this process (RSS).",
    AGENT,
)
register(
    "gpumemd_process_host_resident_peak_bytes", "gauge", _ID, "Peak RSS of this process (ru_maxrss).", AGENT
)
register(
    "gpumemd_host_pinned_memory_allocated_bytes",
    "gauge",
    _ID,
    "Pinned host memory in use from PyTorch's caching host allocator.",
    AGENT,
)
register(
    "gpumemd_host_pinned_memory_reserved_bytes",
    "gauge",
    _ID,
    "Pinned host memory PyTorch's caching host allocator holds (in use + cached).",
    AGENT,
)
register(
    "gpumemd_training_global_step",
    "gauge",
    _ID,
    "The training loop's global step (optimizer steps).",
    AGENT,
)
register(
    "gpumemd_training_optimizer_steps",
    "counter",
    _ID,
    "torch.optim optimizer steps the agent's hook saw.",
    AGENT,
)
register("gpumemd_training_tokens", "gauge", _ID, "Tokens of the latest batch given to the agent.", AGENT)

# --- the agent's headroom and OOM forecast (gpumemd/sources/forecast.py; docs/forecast.md) ---
for _name, _doc in (
    ("gpumemd_headroom_limit_bytes", "Bytes PyTorch may hold on this rank's GPU (less others, capped)."),
    ("gpumemd_headroom_bytes", "Bytes left at the last step peak before the limit (negative: over)."),
    ("gpumemd_forecast_tokens", "The batch shape (tokens) the forecast is for."),
    ("gpumemd_forecast_peak_bytes", "Predicted step peak at gpumemd_forecast_tokens."),
    ("gpumemd_forecast_peak_error_bytes", "Half a 95 % interval about the predicted peak."),
    ("gpumemd_forecast_headroom_bytes", "Headroom at the predicted peak + error (<0: may not fit)."),
    ("gpumemd_forecast_steps_to_oom", "Optimizer steps until the step peak's upward trend meets the limit."),
    ("gpumemd_forecast_seconds_to_oom", "Seconds until the step peak's upward trend meets the limit."),
):
    register(_name, "gauge", _RANK, _doc, AGENT)
register("gpumemd_forecast_probes", "counter", ("outcome", *_ID),
         "Shape probes (a step's exact peak from the allocator's trace), by outcome.", AGENT)

# --- the agent's OOM watcher (gpumemd/sources/oom.py) and own series (gpumemd/agent/agent.py) ---
register("gpumemd_oom_events", "counter", ("gpu", *_ID), "CUDA OOMs, counted as they happen.", AGENT)
register(
    "gpumemd_oom_diagnoses", "counter", ("gpu", "cause", *_ID), "CUDA OOMs diagnosed, by cause.", AGENT
)
register(
    "gpumemd_oom_last_diagnosis_info",
    "gauge",
    ("gpu", "cause", "summary", "fix", *_ID),
    "The last OOM diagnosis on a GPU.",
    AGENT,
)
register(
    "gpumemd_leak_site_bytes", "gauge", ("site", *_ID), "Live bytes at a growing allocation site.", AGENT
)
register(
    "gpumemd_leak_site_bytes_per_step", "gauge", ("site", *_ID), "Growth per step at a growing site.", AGENT
)
register(
    "gpumemd_leak_last_report_info",
    "gauge",
    ("gpu", "site", "retained_by", "summary", *_ID),
    "The leak finder's last answer (one series per process); value 1.",
    AGENT,
)
register("gpumemd_oom_observer_installed", "gauge", _ID, "1 when the OOM observer is attached.", AGENT)
register(
    "gpumemd_agent_snapshots", "counter", ("result", *_ID), "Allocator snapshot dumps, by result.", AGENT
)
register(
    "gpumemd_agent_memory_history_recording", "gauge", _ID, "1 while allocation history is recorded.", AGENT
)
register(
    "gpumemd_agent_last_snapshot_timestamp_seconds",
    "gauge",
    _ID,
    "When the last snapshot was written.",
    AGENT,
)
register("gpumemd_agent_last_snapshot_info", "gauge", ("path", "reason", *_ID), "The last snapshot.", AGENT)
register("gpumemd_agent_info", "gauge", _INFO, "The process an agent runs in, and its rank.", AGENT)
register("gpumemd_agent_errors", "counter", ("where", *_ID), "Exceptions inside the agent.", AGENT)
register(
    "gpumemd_agent_write_errors",
    "counter",
    ("what", "reason", *_ID),
    "Files the agent could not write.",
    AGENT,
)

# --- profiled sections (gpumemd/profiler/sections.py, exported by the agent) ---
register(
    "gpumemd_section_peak_bytes",
    "gauge",
    ("section", "gpu", *_ID),
    "Peak memory of a section's last call.",
    AGENT,
)
register(
    "gpumemd_section_net_bytes",
    "gauge",
    ("section", "gpu", *_ID),
    "Net memory of a section's last call.",
    AGENT,
)
register(
    "gpumemd_section_calls", "counter", ("section", "gpu", *_ID), "Calls of a profiled section.", AGENT
)
register("gpumemd_section_dropped", "counter", _ID, "Section records dropped (cap on names).", AGENT)

# --- the daemon's spool of agents (gpumemd/sources/spool.py) ---
register("gpumemd_process_rank_info", "gauge", _INFO, "A process running an agent, with its rank.", "spool")
register(
    "gpumemd_spool_rank_last_publish_timestamp_seconds",
    "gauge",
    ("pid", "rank", "job_id"),
    "When a rank last published into the spool.",
    "spool",
)
register("gpumemd_spool_ranks", "gauge", (), "Live agents merged from the spool directory.", "spool")
for _key in ("expired", "errors", "conflicts"):
    register(f"gpumemd_spool_{_key}", "counter", (), f"Spool files left out ({_key}).", "spool")
register(
    "gpumemd_spool_rejected",
    "counter",
    ("reason",),
    "Spool files (or the directory) refused, by reason.",
    "spool",
)
register(
    "gpumemd_spool_dropped_series",
    "counter",
    ("reason",),
    "Series of a rank left out (the rest of its file served), by reason.",
    "spool",
)

# --- pod and Slurm attribution (gpumemd/sources/kubelet.py) ---
register(
    "gpumemd_gpu_pod_info",
    "gauge",
    ("uuid", "pod", "namespace", "container", "resource", "claim"),
    "A GPU allocated to a container (kubelet pod-resources).",
    "kubelet",
)
register(
    "gpumemd_process_slurm_job_info", "gauge", ("pid", "job_id"), "The Slurm job of a GPU process.", "slurm"
)
register(
    "gpumemd_gpu_slurm_job_info", "gauge", ("gpu", "uuid", "job_id", *_POD), "A Slurm job on a GPU.", "slurm"
)

# --- the alert engine itself (this package) ---
register("gpumemd_alerts", "gauge", ("alertname", "alertstate"), "Pending and firing alerts.", "alerts")
register("gpumemd_notifications", "counter", ("notifier", "result"), "Alert notifications sent.", "alerts")
register("gpumemd_notifications_dropped", "counter", ("notifier",), "Alert notifications dropped.", "alerts")
register("gpumemd_notification_queue_length", "gauge", ("notifier",), "Alerts waiting to be sent.", "alerts")
register(
    "gpumemd_rule_evaluation_failures", "counter", ("alertname",), "Rule evaluations that raised.", "alerts"
)
register(
    "gpumemd_rule_template_failures",
    "counter",
    ("alertname",),
    "Renderings of a rule's labels or annotations with an action that could not render.",
    "alerts",
)
register(
    "gpumemd_rule_alerts_dropped",
    "counter",
    ("alertname",),
    "New alerts of a rule not started: it had alerting.max_series_per_rule active.",
    "alerts",
)
register(
    "gpumemd_rule_series_dropped",
    "counter",
    ("alertname",),
    "Series a trend or increase rule did not track: it tracked alerting.max_series_per_rule.",
    "alerts",
)
