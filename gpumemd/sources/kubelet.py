"""Who holds each GPU: Kubernetes pods (kubelet pod-resources API) or Slurm jobs.

On Kubernetes the kubelet knows which container each device-plugin device (`nvidia.com/gpu`,
`nvidia.com/mig-*`) was allocated to; it answers on a unix socket,
`/var/lib/kubelet/pod-resources/kubelet.sock`, with the gRPC service
`v1.PodResourcesLister/List`. dcgm-exporter asks the same service. This module:

- `KubeletSource` (collector `kubelet`): calls `List`, exposes
  `gpumemd_gpu_pod_info{uuid,pod,namespace,container,resource} 1` and remembers the
  UUID -> container map in a `PodAttribution`;
- `PodLabels`: wraps another source and adds `pod`, `namespace`, `container` labels to its
  series that carry a `uuid` label, as dcgm-exporter does, so `sum by (namespace)` works on
  gpumemd's own series without a join;
- `SlurmSource` (collector `slurm`), outside Kubernetes: the Slurm job of each GPU process
  from `/proc/<pid>/cgroup`, as `gpumemd_process_slurm_job_info{pid,job_id}` and
  `gpumemd_gpu_slurm_job_info{gpu,uuid,job_id}`.

grpc is imported only when the kubelet source first reads, so a daemon with the source off
pays nothing. The few protobuf messages are decoded by hand (below, ~40 lines): that spares
the daemon a `protobuf` dependency and the gencode/runtime version coupling of generated
stubs; the tests check the decoder against messages encoded by the real protobuf library.
"""

from __future__ import annotations

import copy
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from prometheus_client.core import Metric

from .base import Source, SourceUnavailable, cap, gauge

log = logging.getLogger("gpumemd.kubelet")

DEFAULT_SOCKET = "/var/lib/kubelet/pod-resources/kubelet.sock"
LIST_METHOD = "/v1.PodResourcesLister/List"
DEFAULT_RESOURCES = ("nvidia.com/gpu", "nvidia.com/mig-")
POD_LABELS = ("pod", "namespace", "container")


# --- protobuf wire format: just what ListPodResourcesResponse needs ------------------


class DecodeError(ValueError):
    """The bytes are not the protobuf message we expected."""


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise DecodeError("truncated varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise DecodeError("varint too long")


def fields(buf: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field number, wire type, value) for each field; unknown fields are returned too."""
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
            yield number, wire, value
        elif wire == 2:
            length, pos = _varint(buf, pos)
            if pos + length > len(buf):
                raise DecodeError("truncated length-delimited field")
            yield number, wire, buf[pos : pos + length]
            pos += length
        elif wire in (1, 5):  # fixed64 / fixed32: skipped, nothing we read uses them
            pos += 8 if wire == 1 else 4
            if pos > len(buf):
                raise DecodeError("truncated fixed field")
        else:  # 3/4 are proto2 groups, which podresources (proto3) never sends
            raise DecodeError(f"unsupported wire type {wire}")


def _text(value: int | bytes) -> str:
    if not isinstance(value, bytes):
        raise DecodeError("expected a length-delimited field")
    return value.decode("utf-8", errors="replace")


@dataclass(frozen=True)
class Assignment:
    """One device allocated to one container."""

    namespace: str
    pod: str
    container: str
    resource: str
    device_id: str  # as the device plugin names it: GPU-…, MIG-…, GPU-…::N (shared), nvidiaN


def _message(buf: bytes) -> dict[int, list[int | bytes]]:
    """One message's fields by number, in wire order (a repeated field has several)."""
    out: dict[int, list[int | bytes]] = {}
    for number, _, value in fields(buf):
        out.setdefault(number, []).append(value)
    return out


def _last_text(message: dict[int, list[int | bytes]], number: int) -> str:
    values = message.get(number)
    return _text(values[-1]) if values else ""  # proto3: the last occurrence of a scalar wins


def decode_list_response(buf: bytes) -> list[Assignment]:
    """ListPodResourcesResponse{1: PodResources{1 name, 2 namespace, 3: ContainerResources{
    1 name, 2: ContainerDevices{1 resource_name, 2 device_ids}}}} -> flat assignments."""
    out: list[Assignment] = []
    for pod_buf in _message(buf).get(1, ()):
        pod = _message(_bytes(pod_buf))
        name, namespace = _last_text(pod, 1), _last_text(pod, 2)
        for container_buf in pod.get(3, ()):
            container = _message(_bytes(container_buf))
            container_name = _last_text(container, 1)
            for device_buf in container.get(2, ()):
                device = _message(_bytes(device_buf))
                resource = _last_text(device, 1)
                out.extend(Assignment(namespace, name, container_name, resource, _text(i)) for i in device.get(2, ()))
    return out


def _bytes(value: int | bytes) -> bytes:
    if not isinstance(value, bytes):
        raise DecodeError("expected an embedded message")
    return value


# --- who holds which GPU -------------------------------------------------------------

_SHARED_SUFFIX = re.compile(r"::\d+$")  # time-slicing / MPS replicas: GPU-<uuid>::<replica>
_DEVICE_NODE = re.compile(r"^nvidia(\d+)$")  # plugins that name devices by /dev node (GKE)


def device_key(device_id: str) -> str:
    """The key a series is matched on: a UUID, or `index:N` for `/dev/nvidiaN` names."""
    device_id = _SHARED_SUFFIX.sub("", device_id)
    m = _DEVICE_NODE.match(device_id)
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


class PodResourcesApi(Protocol):
    def list(self) -> bytes: ...  # a raw ListPodResourcesResponse
    def close(self) -> None: ...


class GrpcPodResources:
    """PodResourcesApi over grpcio on the kubelet's unix socket (grpc imported on first use)."""

    def __init__(self, socket: str = DEFAULT_SOCKET, timeout: float = 2.0) -> None:
        self.socket = socket
        self._timeout = timeout
        self._channel: Any = None
        self._call: Any = None

    def list(self) -> bytes:
        if not os.path.exists(self.socket):
            raise SourceUnavailable(f"no kubelet pod-resources socket at {self.socket}")
        if self._channel is None:
            try:
                import grpc
            except ImportError:
                raise SourceUnavailable("grpcio is not installed (pip install grpcio)") from None
            self._channel = grpc.insecure_channel(
                f"unix://{os.path.abspath(self.socket)}",
                # A node with many pods answers with more than gRPC's 4 MiB default.
                options=[("grpc.max_receive_message_length", 16 * 1024 * 1024)],
            )
            self._call = self._channel.unary_unary(
                LIST_METHOD,
                request_serializer=lambda _req: b"",  # ListPodResourcesRequest has no fields
                response_deserializer=lambda raw: raw,
            )
        try:
            return bytes(self._call(None, timeout=self._timeout))
        except Exception:
            self.close()  # a fresh channel next time (kubelet restarts move the socket)
            raise

    def close(self) -> None:
        if self._channel is not None:
            self._channel.close()
        self._channel = self._call = None


@dataclass(frozen=True)
class KubeletReading:
    assignments: tuple[Assignment, ...]


class KubeletSource:
    name = "kubelet"
    names = frozenset({"gpumemd_gpu_pod_info"})  # see NvmlSource.names

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
        return any(resource == r or (r.endswith(("-", "/")) and resource.startswith(r)) for r in self._resources)

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
        info = gauge(
            "gpumemd_gpu_pod_info",
            "A GPU allocated to a container (kubelet pod-resources); value 1. Join on uuid.",
            ["uuid", "pod", "namespace", "container", "resource"],
        )
        seen: set[tuple[str, ...]] = set()
        for a in reading.assignments:
            labels = [device_key(a.device_id)] + [cap(v, self._limit) for v in (a.pod, a.namespace, a.container, a.resource)]
            key = tuple(labels)
            if key not in seen:  # shared-GPU replicas of one container are one series
                seen.add(key)
                info.add_metric(labels, 1)
        yield info


class PodLabels:
    """Wraps a source: its series with a `uuid` label get `pod`, `namespace`, `container`.

    A GPU held by one container gets that container's names. A GPU shared by several
    (time-slicing, MPS) or held by none gets empty values: charging a shared GPU's memory to
    each of its pods would count it several times in every `sum by (namespace)`;
    `gpumemd_gpu_pod_info` lists all of them for a join. Labelling never fails the wrapped
    source: if it raises, the series go out unlabelled and the error is logged once.
    """

    def __init__(self, inner: Source, attribution: PodAttribution, max_label_length: int = 128) -> None:
        self.inner = inner
        self.name = inner.name
        # Labels only: the wrapped source's names (None when it declares none: always built).
        self.names = getattr(inner, "names", None)
        self._attribution = attribution
        self._limit = max_label_length
        self._logged = False

    def read(self, cycle: Mapping[str, Any]) -> Any:
        return self.inner.read(cycle)

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()

    def families(self, reading: Any) -> Iterable[Metric]:
        fams = list(self.inner.families(reading))
        try:
            return [self._label(f) for f in fams]
        except Exception as exc:  # never lose the wrapped source's series over labels
            if not self._logged:
                self._logged = True
                log.warning("cannot add pod labels to %s series: %s", self.name, exc)
            return fams

    def _label(self, family: Metric) -> Metric:
        if not family.samples or "uuid" not in family.samples[0].labels:
            return family
        out = copy.copy(family)
        samples = []
        for s in family.samples:
            if any(k in s.labels for k in POD_LABELS):
                samples.append(s)  # the source set them itself: leave them
                continue
            held = self._attribution.lookup(s.labels.get("uuid", ""), s.labels.get("gpu"))
            if len(held) == 1:
                a = held[0]
                extra = {"pod": cap(a.pod, self._limit), "namespace": cap(a.namespace, self._limit),
                         "container": cap(a.container, self._limit)}
            else:
                extra = dict.fromkeys(POD_LABELS, "")
            samples.append(s._replace(labels={**s.labels, **extra}))
        out.samples = samples
        return out


# --- Slurm ---------------------------------------------------------------------------

_SLURM_JOB = re.compile(r"/job_(\d+)(?:/|$)")  # cgroup v1 /slurm/uid_U/job_J/…, v2 …/slurmstepd.scope/job_J/…


def slurm_job_of(cgroup_text: str) -> str | None:
    for line in cgroup_text.splitlines():
        path = line.split(":", 2)[-1]
        m = _SLURM_JOB.search(path)
        if m:
            return m.group(1)
    return None


@dataclass(frozen=True)
class SlurmReading:
    process_jobs: Mapping[int, str]  # pid -> job id
    gpu_jobs: tuple[tuple[str, str, str], ...]  # (gpu, uuid, job id)


class SlurmSource:
    """The Slurm job of each GPU process, read from its cgroup (no privileges needed)."""

    name = "slurm"
    names = frozenset({"gpumemd_process_slurm_job_info", "gpumemd_gpu_slurm_job_info"})  # see NvmlSource.names

    def __init__(self, proc_root: str | Path = "/proc") -> None:
        self._proc = Path(proc_root)

    def read(self, cycle: Mapping[str, Any]) -> SlurmReading:
        nvml = cycle.get("nvml")
        if nvml is None:
            raise SourceUnavailable("no NVML reading this sample (GPU processes unknown)")
        jobs: dict[int, str] = {}
        for pid in sorted(nvml.pids()):
            try:
                text = (self._proc / str(pid) / "cgroup").read_text()
            except OSError:  # gone, or another PID namespace: not attributable
                continue
            job = slurm_job_of(text)
            if job is not None:
                jobs[pid] = job
        gpu_jobs = sorted(
            {(str(g.index), g.uuid, jobs[p.pid]) for g in nvml.gpus for p in (g.processes or ()) if p.pid in jobs}
        )
        return SlurmReading(jobs, tuple(gpu_jobs))

    def families(self, reading: SlurmReading) -> Iterable[Metric]:
        procs = gauge("gpumemd_process_slurm_job_info", "The Slurm job of a GPU process; value 1.", ["pid", "job_id"])
        for pid, job in sorted(reading.process_jobs.items()):
            procs.add_metric([str(pid), job], 1)
        gpus = gauge("gpumemd_gpu_slurm_job_info", "A Slurm job with a process on a GPU; value 1.", ["gpu", "uuid", "job_id"])
        for labels in reading.gpu_jobs:
            gpus.add_metric(list(labels), 1)
        yield procs
        yield gpus


# --- wiring (gpumemd.daemon.node_sources) --------------------------------------------


def with_attribution(config: Any, sources: list[Source]) -> list[Source]:
    """Add the kubelet and Slurm sources that `config.sources` enables to the daemon's sources.

    The kubelet source goes first, so the series of this very sample get this sample's
    pod labels; Slurm goes after NVML, whose processes it looks up.
    """
    kc, sc = config.sources.kubelet, config.sources.slurm
    out = list(sources)
    if kc.enabled:
        attribution = PodAttribution(stale_after=kc.stale_after)
        kubelet = KubeletSource(
            GrpcPodResources(kc.socket, kc.timeout),
            attribution,
            resources=kc.resources,
            refresh=kc.refresh,
            max_label_length=config.web.max_label_length,
        )
        if kc.label_series:
            out = [PodLabels(s, attribution, config.web.max_label_length) for s in out]
        out.insert(0, kubelet)
    if sc.enabled:
        out.append(SlurmSource(sc.proc_root))
    return out
