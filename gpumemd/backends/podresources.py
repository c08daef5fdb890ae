"""The kubelet's pod-resources API behind a narrow Protocol: a hand-written decoder of its List
answer (device-plugin devices and Dynamic Resource Allocation claims) and a gRPC adapter."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from . import SourceUnavailable

__all__ = [
    "DEFAULT_SOCKET", "LIST_METHOD", "Assignment", "DecodeError", "GrpcPodResources", "PodResourcesApi",
    "decode_list_response", "fields",
]

DEFAULT_SOCKET = "/var/lib/kubelet/pod-resources/kubelet.sock"


LIST_METHOD = "/v1.PodResourcesLister/List"


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
    resource: str  # the device plugin's resource name, or a DRA claim's driver (gpu.nvidia.com)
    device_id: str  # as the device plugin names it: GPU-…, MIG-…, GPU-…::N (shared), nvidiaN;
    # for a DRA claim, the driver's device name (gpu-0) or a GPU UUID in it or its CDI names
    claim: str = ""  # the DRA ResourceClaim the device came through; "" for a device plugin's


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
    1 name, 2: ContainerDevices{1 resource_name, 2 device_ids},
    5: DynamicResource{2 claim_name, 3 claim_namespace, 4: ClaimResource{1: CDIDevice{1 name},
    2 driver_name, 3 pool_name, 4 device_name}}}}} -> flat assignments: a device plugin's
    devices and those a Dynamic Resource Allocation claim brought, alike."""
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
                out.extend(
                    Assignment(namespace, name, container_name, resource, _text(i)) for i in device.get(2, ())
                )
            for dynamic_buf in container.get(5, ()):
                dynamic = _message(_bytes(dynamic_buf))
                # the claim's namespace is the pod's (a pod can only use claims of its own namespace)
                claim = _last_text(dynamic, 2)
                for resource_buf in dynamic.get(4, ()):
                    claimed = _message(_bytes(resource_buf))
                    cdi = [_last_text(_message(_bytes(c)), 1) for c in claimed.get(1, ())]
                    out.extend(
                        Assignment(namespace, name, container_name, _last_text(claimed, 2), device_id, claim)
                        for device_id in _claimed_devices(_last_text(claimed, 4), cdi)
                    )
    return out


_GPU_UUID = re.compile(r"(?:GPU|MIG)-[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")


def _claimed_devices(device_name: str, cdi_names: list[str]) -> list[str]:
    """The device ids of one ClaimResource (one device, where the kubelet sends device_name): a
    GPU UUID where its device name or a CDI name carries one (the name NVML shares); else the
    driver's device name (NVIDIA's DRA driver: `gpu-<minor>`). A kubelet that sends only CDI
    devices: one id per CDI device, its UUID or its name after `=` (`…/device=gpu-0` -> gpu-0)."""
    if device_name:
        for text in (device_name, *cdi_names):
            if m := _GPU_UUID.search(text):
                return [m.group(0)]
        return [device_name]
    ids = []
    for name in cdi_names:
        m = _GPU_UUID.search(name)
        ids.append(m.group(0) if m else name.rpartition("=")[2])
    return [i for i in ids if i]


def _bytes(value: int | bytes) -> bytes:
    if not isinstance(value, bytes):
        raise DecodeError("expected an embedded message")
    return value


class PodResourcesApi(Protocol):
    """The kubelet pod-resources call the kubelet source makes: grpc on the kubelet's socket, or a
    replay in tests."""

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
