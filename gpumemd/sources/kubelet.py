"""Who holds each GPU: Kubernetes pods (kubelet pod-resources API) or Slurm jobs.

On Kubernetes the kubelet knows which container each device-plugin device (`nvidia.com/gpu`,
`nvidia.com/mig-*`), and each device of a Dynamic Resource Allocation claim (driver
`gpu.nvidia.com`), was allocated to; it answers on a unix socket,
`/var/lib/kubelet/pod-resources/kubelet.sock`, with the gRPC service
`v1.PodResourcesLister/List`. dcgm-exporter asks the same service. This module:

- `KubeletSource` (collector `kubelet`): calls `List`, exposes
  `gpumemd_gpu_pod_info{uuid,pod,namespace,container,resource,claim} 1` and remembers the
  UUID -> container map in a `PodAttribution`;
- `PodLabels`: wraps another source and adds `pod`, `namespace`, `container` labels to its
  series that carry a `uuid` label, as dcgm-exporter does, so `sum by (namespace)` works on
  gpumemd's own series without a join;
- `SlurmSource` (collector `slurm`), outside Kubernetes: the Slurm job of each GPU process
  from `/proc/<pid>/cgroup`, as `gpumemd_process_slurm_job_info{pid,job_id}` and
  `gpumemd_gpu_slurm_job_info{gpu,uuid,job_id}`.

grpc is imported only when the kubelet source first reads, so a daemon with the source off
pays nothing. The few protobuf messages are decoded by hand (backends/podresources.py): that spares
the daemon a `protobuf` dependency and the gencode/runtime version coupling of generated
stubs; the tests check the decoder against messages encoded by the real protobuf library.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from prometheus_client.core import Metric

from gpumemd.backends.podresources import (
    Assignment,
    PodResourcesApi,
    decode_list_response,
)
from gpumemd.known_metrics import collected_by

from .base import Source, cap, metric

log = logging.getLogger("gpumemd.kubelet")

__all__ = [
    "DEFAULT_RESOURCES", "POD_LABELS", "KubeletReading", "KubeletSource", "PodAttribution", "device_key",
]

# device-plugin resources, and NVIDIA's DRA driver (a claim's devices carry its driver name)
DEFAULT_RESOURCES = ("nvidia.com/gpu", "nvidia.com/mig-", "gpu.nvidia.com")
POD_LABELS = ("pod", "namespace", "container")


_SHARED_SUFFIX = re.compile(r"::\d+$")  # time-slicing / MPS replicas: GPU-<uuid>::<replica>
_DEVICE_NODE = re.compile(r"^nvidia(\d+)$")  # plugins that name devices by /dev node (GKE)
_DRA_GPU = re.compile(r"^(?:.*-)?gpu-(\d+)$")  # NVIDIA's DRA driver: gpu-<minor> (a CDI name may prefix it)


def device_key(device_id: str) -> str:
    """The key a series is matched on: a UUID, or `index:N` for `/dev/nvidiaN` names and
    DRA's whole-GPU `gpu-N` devices."""
    device_id = _SHARED_SUFFIX.sub("", device_id)
    m = _DEVICE_NODE.match(device_id) or _DRA_GPU.match(device_id)
    # The minor number equals the NVML index on every system we know of; NVML could tell
    # for sure (nvmlDeviceGetMinorNumber) but the daemon does not read it yet.
    return f"index:{m.group(1)}" if m else device_id


class PodAttribution:
    """The latest device -> containers map, shared by KubeletSource (writer) and PodLabels."""

    def __init__(self, stale_after: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._by_key: dict[str, tuple[Assignment, ...]] = {}
        self._updated: float | None = None
        self._stale_after = stale_after
        self._clock = clock
        self._lock = threading.Lock()

    def update(self, assignments: Iterable[Assignment]) -> None:
        by_key: dict[str, list[Assignment]] = {}
        for a in assignments:
            by_key.setdefault(device_key(a.device_id), []).append(a)
        with self._lock:
            self._by_key = {k: tuple(v) for k, v in by_key.items()}
            self._updated = self._clock()

    def lookup(self, uuid: str, gpu: str | None = None) -> tuple[Assignment, ...]:
        """Containers holding the device; () when none, or when the map is stale.

        A stale map (kubelet unreachable for `stale_after`) labels nothing: a pod that has
        gone must not keep being charged for a GPU.
        """
        with self._lock:
            if self._updated is None or self._clock() - self._updated > self._stale_after:
                return ()
            found = self._by_key.get(uuid, ())
            if not found and gpu is not None:
                found = self._by_key.get(f"index:{gpu}", ())
            return found


@dataclass(frozen=True)
class KubeletReading:
    """One reading of the kubelet: which pod's container holds which GPU."""
    assignments: tuple[Assignment, ...]


class KubeletSource(Source[KubeletReading]):
    """Collector `kubelet`: the pod, namespace and container of each GPU, from the kubelet's
    pod-resources API; the attribution puts them on the other collectors' series."""
    name = "kubelet"
    names = collected_by("kubelet")  # the families declared with its name (known_metrics)

    def __init__(
        self,
        api: PodResourcesApi,
        attribution: PodAttribution,
        *,
        resources: Iterable[str] = DEFAULT_RESOURCES,
        refresh: float = 0.0,
        max_label_length: int = 128,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._api = api
        self.attribution = attribution
        self._resources = tuple(resources)
        self._refresh = refresh
        self._limit = max_label_length
        self._clock = clock
        self._last: tuple[float, KubeletReading] | None = None

    def close(self) -> None:
        self._api.close()

    def _wanted(self, resource: str) -> bool:
        # Entries ending in '-' or '/' are prefixes (nvidia.com/mig-1g.10gb, …); others exact.
        return any(
            resource == r or (r.endswith(("-", "/")) and resource.startswith(r)) for r in self._resources
        )

    def read(self, cycle: Mapping[str, Any]) -> KubeletReading:
        now = self._clock()
        if self._last is not None and now - self._last[0] < self._refresh:
            return self._last[1]  # the kubelet rate-limits this API; don't ask every second
        raw = self._api.list()
        reading = KubeletReading(tuple(a for a in decode_list_response(raw) if self._wanted(a.resource)))
        self.attribution.update(reading.assignments)
        self._last = (now, reading)
        return reading

    def families(self, reading: KubeletReading) -> Iterable[Metric]:
        info = metric("gpumemd_gpu_pod_info", ["uuid", "pod", "namespace", "container", "resource", "claim"])
        seen: set[tuple[str, ...]] = set()
        for a in reading.assignments:
            labels = [device_key(a.device_id)] + [
                cap(v, self._limit) for v in (a.pod, a.namespace, a.container, a.resource, a.claim)
            ]
            key = tuple(labels)
            if key not in seen:  # shared-GPU replicas of one container are one series
                seen.add(key)
                info.add_metric(labels, 1)
        yield info
