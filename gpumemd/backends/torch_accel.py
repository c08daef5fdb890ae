"""Any accelerator torch supports behind the allocator's Protocol: `TorchAccelerator` reads
`torch.accelerator` (Intel XPU, Apple MPS, ...), `select_api` picks it or `TorchCuda`, and
`LazyTorchCuda` makes that choice once the program has imported torch.

`torch.accelerator.memory_stats(i)` answers the device-generic allocator statistics (c10's
`DeviceStats`, the struct the CUDA caching allocator fills too), so the allocator source exports
the same series with the same names on any device. As `TorchCuda` does, it reads the nested dict
through the private call behind it (`torch._C._accelerator_getDeviceStats`) where torch has it,
and the public call otherwise. What torch has no generic form for (the allocator backend, NVML's
device-wide figure, pinned host memory, the per-process fraction) answers None or {}, as
`TorchCudaApi` allows; the allocator snapshot behind the pool series is the device module's
`memory_snapshot` where it has one (XPU; untested on a device). Device-level memory outside NVIDIA
CUDA is not read at all: NVML is the device source (docs/agent.md, Accelerators).

Never initialises a device: nothing is read until the device module says the program
initialised it (`is_initialized`); where the module has no such call (MPS), until torch's
allocator for the accelerator is initialised, which only the program's own allocations do;
where torch has neither, never (the allocator series stay absent: not readable).

This module imports no torch of its own: it is given the torch module (the program's, or a
test's fake); only `LazyTorchCuda` imports the program's, once the program has.
"""

from __future__ import annotations

from typing import Any

from .torch_cuda import TorchCuda, TorchCudaApi, import_torch, light_snapshot, nest, torch_ready

__all__ = ["NVIDIA", "LazyTorchCuda", "TorchAccelerator", "accelerator_name", "select_api", "uuid_text"]

NVIDIA = "cuda"  # accelerator_name's answer for NVIDIA CUDA: the one NVML can see
_UUID_CHARS = 64  # a device's uuid label is what its properties say, capped


def uuid_text(uuid: Any) -> str:
    """A device's uuid as a label value: 16 raw bytes (XPU's properties give them, as bytes
    or a list of ints) in the usual 8-4-4-4-12 hex form, anything else as its text; "" for
    none; capped either way."""
    if uuid is None:
        return ""
    if isinstance(uuid, (bytes, bytearray, list, tuple)) and len(uuid) == 16:
        try:
            h = bytes(uuid).hex()
        except (TypeError, ValueError):  # not bytes after all: its text
            return str(uuid)[:_UUID_CHARS]
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
    return str(uuid)[:_UUID_CHARS]


def accelerator_name(torch: Any) -> str | None:
    """Which accelerator this torch drives: "cuda" (NVIDIA), "rocm" (HIP behind the `cuda`
    name), or the device type `torch.accelerator` reports ("xpu", "mps", ...); None where it
    knows none (CPU-only). Asks at build level only (`check_available=False`): no device is
    touched and no fork is poisoned. Never raises."""
    try:
        version = getattr(torch, "version", None)  # getattr: a fake or a stripped torch may lack it
        if getattr(version, "hip", None):  # getattr: only ROCm builds set it
            return "rocm"
        current = getattr(
            getattr(torch, "accelerator", None), "current_accelerator", None
        )  # getattr: torch >= 2.6
        if current is None:  # an older torch: CUDA where it was built with it
            return NVIDIA if getattr(version, "cuda", None) else None  # getattr: as above
        device = current(check_available=False)
        return None if device is None else str(device.type)
    except Exception:  # a torch half-broken in a way we cannot foresee: today's path
        return None


def select_api(torch: Any) -> TorchCudaApi:
    """The allocator's adapter for this torch, chosen once: `TorchCuda` for CUDA and ROCm
    (HIP answers through torch.cuda) and where torch knows no accelerator (CPU-only torch
    answers `{}`: "no CUDA device"); `TorchAccelerator` for any other accelerator."""
    name = accelerator_name(torch)
    if name is None or name in (NVIDIA, "rocm"):
        return TorchCuda(torch)
    return TorchAccelerator(torch, name)


def _device_module(torch: Any, device_type: str) -> Any:
    """`torch.xpu`, `torch.mps`, ...; None where torch cannot name it (an out-of-tree backend
    not registered): then only torch.accelerator is read."""
    try:
        module_of = getattr(torch, "get_device_module", None)  # getattr: torch >= 2.3
        return (
            module_of(device_type) if module_of is not None else getattr(torch, device_type, None)
        )  # getattr: as above
    except Exception:  # RuntimeError for a device type torch does not know
        return None


class TorchAccelerator:
    """TorchCudaApi over `torch.accelerator` and the device module (`torch.xpu`, `torch.mps`).

    Functions an older torch lacks are looked up once: without `memory_stats` (public or
    private) every read answers `{}` (the allocator source then reports "no device", success
    0), never a raise.
    """

    def __init__(self, torch: Any, device_type: str) -> None:
        self.device_type = device_type
        acc = getattr(torch, "accelerator", None)  # getattr: torch >= 2.6
        self._module = _device_module(torch, device_type)
        # getattr (each below): optional in torch.accelerator and the device modules, by version and device
        self._stats = getattr(acc, "memory_stats", None)
        # The public memory_stats flattens torch's nested dict and nest() rebuilds it, each a Python
        # pass over every key, every tick: read the nested dict where torch has the private call,
        # with the public call's own guard (nothing before the allocator is initialised).
        c = getattr(torch, "_C", None)
        self._raw = getattr(c, "_accelerator_getDeviceStats", None)  # getattr: private, absent in older torch
        self._allocator_initialized = getattr(
            c, "_accelerator_isAllocatorInitialized", None
        )  # getattr: as above
        self._count = getattr(acc, "device_count", None)
        self._info = getattr(acc, "get_memory_info", None)
        self._initialized = getattr(self._module, "is_initialized", None)
        self._properties = getattr(self._module, "get_device_properties", None)
        # the device module's allocator snapshot (torch.xpu has one; torch.mps none): the pool series
        self._snapshot = light_snapshot(getattr(self._module, "memory_snapshot", None))

    def is_initialized(self) -> bool:
        if self._initialized is not None:
            return bool(self._initialized())
        # MPS has no is_initialized: an initialised allocator means the program used the device
        if self._allocator_initialized is not None:
            return bool(self._allocator_initialized())
        return False  # no way to know without touching the device: never read

    def device_count(self) -> int:
        return int(self._count()) if self._count is not None else 0

    def memory_stats(self, device: int) -> dict[str, Any]:
        if self._raw is not None and self._allocator_initialized is not None:
            return self._raw(device) if self._allocator_initialized() else {}  # a fresh dict each call
        if self._stats is None:
            return {}
        return nest(self._stats(device))  # flat public keys; {} before the allocator is used

    def device_uuid(self, device: int) -> str:
        if self._properties is None:
            return ""
        uuid = getattr(
            self._properties(device), "uuid", None
        )  # getattr: not every device's properties have it
        return uuid_text(uuid)

    def memory_fraction(self, device: int) -> float | None:
        return None  # no device-generic per-process fraction

    def total_memory(self, device: int) -> int:
        if self._properties is not None:
            total = getattr(self._properties(device), "total_memory", None)  # getattr: as device_uuid
            if total is not None:
                return int(total)
        return self.mem_get_info(device)[1]

    def mem_get_info(self, device: int) -> tuple[int, int]:
        if self._info is None:
            raise RuntimeError(f"this torch has no torch.accelerator.get_memory_info for {self.device_type}")
        free, total = self._info(device)
        return int(free), int(total)

    def allocator_backend(self) -> str | None:
        return None

    def device_memory_used(self, device: int) -> int | None:
        return None  # device-wide used memory is NVML's, NVIDIA only

    def host_memory_stats(self) -> dict[str, Any]:
        return {}

    def pool_segments(self) -> list[dict[str, Any]] | None:
        return self._snapshot() if self.is_initialized() else None

    def current_stream(self, device: int) -> int | None:
        return None  # the OOM diagnosis's stream is CUDA's (its snapshot's streams)

    def reset_peak_memory_stats(self, device: int) -> bool:
        return False  # the opt-in step_peak_reset is CUDA's only (not run on other accelerators)


class LazyTorchCuda:
    """TorchCudaApi that reads nothing (and imports nothing) until the program imported torch;
    then it picks its adapter once (`select_api`): `TorchCuda` for CUDA and ROCm,
    `TorchAccelerator` for another accelerator torch knows (XPU, MPS, ...)."""

    def __init__(self, torch: Any = None) -> None:
        self._torch = torch  # a fake torch module (tests); None: the program's, once imported
        self._api: TorchCudaApi | None = None
        self._accelerator: str | None = None

    def _ready(self) -> bool:
        return self._torch is not None or torch_ready()

    def _get(self) -> TorchCudaApi:
        if self._api is None:
            torch = self._torch if self._torch is not None else import_torch()
            self._accelerator = accelerator_name(torch)
            self._api = select_api(torch)
        return self._api

    def is_initialized(self) -> bool:
        return self._ready() and self._get().is_initialized()

    def accelerator(self) -> str | None:
        """`accelerator_name` of the program's torch; None until it imported torch."""
        if self._api is None and not self._ready():
            return None
        self._get()
        return self._accelerator

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._get(), name)  # getattr: forwards the TorchCudaApi to the real adapter
        setattr(self, name, value)  # bound once: the next call skips __getattr__ (every tick)
        return value
