"""The canonical list of gpumemd's metric names: what rules may select, with their labels.

Rules are validated against this list (a typo in a metric name is a rule that never
fires, silently), and the Prometheus export reads the label names here to write joins
(`ignoring(...) group_left`). When you add a metric anywhere in gpumemd, add it here in
the same commit: `tests/alerts/test_known_metrics.py` renders every source from the
recorded captures and fails on a name missing from this list. Components that live
outside this package (plugins, the agent's extras) may call `register()` at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

MetricType = Literal["gauge", "counter"]


@dataclass(frozen=True)
class MetricInfo:
    name: str  # the family name; counters are selected as `<name>_total`
    type: MetricType
    labels: tuple[str, ...]
    help: str
    origin: str  # which component exports it: nvml, host, sampler, agent, alerts

    @property
    def sample_name(self) -> str:
        return self.name + "_total" if self.type == "counter" else self.name


_GPU = ("gpu", "uuid")
_RANK = ("gpu", "uuid", "rank")

_METRICS: dict[str, MetricInfo] = {}


def register(name: str, type: MetricType, labels: tuple[str, ...] | list[str], help: str, origin: str) -> None:
    """Add a metric (family name, without `_total`) to the names rules may select."""
    info = MetricInfo(name.removesuffix("_total") if type == "counter" else name, type, tuple(labels), help, origin)
    _METRICS[info.sample_name] = info


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
register("gpumemd_gpu_info", "gauge", (*_GPU, "name", "pci_bus_id", "driver_version"), "GPU identity.", "nvml")
register("gpumemd_process_gpu_memory_used_bytes", "gauge", (*_GPU, "pid"), "GPU memory of a process (NVML).", "nvml")
register("gpumemd_gpu_processes", "gauge", _GPU, "Compute processes on a GPU.", "nvml")
register("gpumemd_gpu_utilization_ratio", "gauge", _GPU, "Kernel time ratio.", "nvml")
register("gpumemd_gpu_memory_bandwidth_utilization_ratio", "gauge", _GPU, "Memory bandwidth time ratio.", "nvml")
register("gpumemd_gpus", "gauge", (), "GPUs NVML sees.", "nvml")
register("gpumemd_process_series_dropped", "counter", (), "Per-process series left out.", "nvml")
register("gpumemd_process_info", "gauge", ("pid", "executable"), "Executable name of a GPU process.", "nvml")

# --- host (gpumemd/sources/host.py) ---
for _key in ("memory_total", "memory_available", "memory_used", "swap_total", "swap_used"):
    register(f"gpumemd_host_{_key}_bytes", "gauge", (), f"Host {_key.replace('_', ' ')}.", "host")
register("gpumemd_process_resident_memory_bytes", "gauge", ("pid",), "Resident host memory of a GPU process.", "host")

# --- the sampler's self-metrics (gpumemd/sampler.py) ---
register("gpumemd_collector_success", "gauge", ("collector",), "Whether a collector succeeded.", "sampler")
register("gpumemd_collector_duration_seconds", "gauge", ("collector",), "Collector duration.", "sampler")
register("gpumemd_last_sample_timestamp_seconds", "gauge", (), "When the last sample was taken.", "sampler")
register("gpumemd_sample_duration_seconds", "gauge", (), "Sample duration.", "sampler")
register("gpumemd_samples", "counter", (), "Samples taken.", "sampler")
register("gpumemd_build_info", "gauge", ("version",), "Build information.", "sampler")

# --- the in-process agent's allocator source (torch.cuda.memory_stats) ---
for _key in ("allocated", "reserved", "active", "inactive_split", "requested"):
    register(f"gpumemd_allocator_{_key}_bytes", "gauge", _RANK, f"PyTorch allocator {_key} bytes.", "agent")
for _key in ("allocated", "reserved"):
    register(f"gpumemd_allocator_{_key}_peak_bytes", "gauge", _RANK, f"PyTorch allocator peak {_key} bytes.", "agent")
for _key in ("alloc_retries", "ooms", "device_allocs", "device_frees"):
    register(f"gpumemd_allocator_{_key}", "counter", _RANK, f"PyTorch allocator {_key}.", "agent")
register(
    "gpumemd_process_non_pytorch_bytes", "gauge", (*_GPU, "pid", "rank"),
    "NVML process memory minus PyTorch reserved (CUDA context, cuBLAS, NCCL).", "agent",
)

# --- the alert engine itself (this package) ---
register("gpumemd_alerts", "gauge", ("alertname", "alertstate"), "Pending and firing alerts.", "alerts")
register("gpumemd_notifications", "counter", ("notifier", "result"), "Alert notifications sent.", "alerts")
register("gpumemd_notifications_dropped", "counter", ("notifier",), "Alert notifications dropped.", "alerts")
register("gpumemd_notification_queue_length", "gauge", ("notifier",), "Alerts waiting to be sent.", "alerts")
register("gpumemd_rule_evaluation_failures", "counter", ("alertname",), "Rule evaluations that raised.", "alerts")
