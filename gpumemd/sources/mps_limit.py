"""`CUDA_MPS_PINNED_DEVICE_MEM_LIMIT`: the device memory an MPS client may allocate, per GPU.

Under NVIDIA's Multi-Process Service a client's CUDA allocations beyond this limit fail as if
the device were full, so an OOM diagnosis that only knew the device's total would blame
capacity. The variable's shape (NVIDIA's MPS docs): `ORDINAL=LIMIT` items, comma-separated
(`0=1G,1=512M`), the device also named by its UUID (`GPU-…=8G`: it holds, H200, driver 580);
also accepted: one `LIMIT` for every device. The same `LIMIT` is what a control daemon answers
`get_device_pinned_mem_limit` (sources/mps.py). A limit is a decimal number and
a unit: `K`, `M`, `G` or `T` (also `KB`, `MB`, `GB`, `TB`, any case), each a power of 1024.
A bare number has no documented unit and is refused.

The ordinal is the device as the client numbers it: after `CUDA_VISIBLE_DEVICES` remapped
the devices (MPS remaps them the same way), which is torch's device index, so it is used
as is; `ordinal` maps an NVML index to it (the node daemon, preflight).

The environment is hostile input: any string of any length. `parse` is the one validator:
it never raises; anything not of the shape above, too long, or with a device or size out of
range makes the whole variable ignored (`None`), and `limit_for` says so in one log line,
once per distinct value.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping

__all__ = ["ENV_VAR", "MAX_CHARS", "VISIBLE_VAR", "for_gpu", "limit_for", "ordinal", "parse",
           "visible_devices"]

log = logging.getLogger("gpumemd.mps")

ENV_VAR = "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT"
VISIBLE_VAR = "CUDA_VISIBLE_DEVICES"
MAX_CHARS = 1024  # a node has at most a few dozen GPUs: a longer value is not a limit list
MAX_DEVICE = 1023
MAX_BYTES = 1 << 60  # larger than any device; beyond it a value is a typo, not a limit
ALL = -1  # the device key of a single value for every device

_UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_ITEM = re.compile(r"(?:([0-9]{1,4}|(?:GPU|MIG)-[0-9a-f-]{1,80})=)?([0-9]{1,15})([KMGT])B?",
                   re.ASCII | re.IGNORECASE)
_DEVICE = re.compile(r"[0-9]{1,4}|(?:MIG-|GPU-)?[0-9A-Za-z-]{1,80}", re.ASCII)
_said: set[str] = set()


def _uuid_key(uuid: str) -> str:
    return uuid[:4].upper() + uuid[4:].lower()  # NVML's spelling: "GPU-" then lower-case hex


def parse(value: str) -> dict[int | str, int] | None:
    """{device ordinal or UUID (ALL: every device): bytes}, or None when the value is not a limit."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_CHARS:
        return None
    items = [item.strip() for item in value.split(",")]
    out: dict[int | str, int] = {}
    for item in items:
        m = _ITEM.fullmatch(item)
        if m is None:
            return None
        key = m.group(1)
        device: int | str = ALL if key is None else int(key) if key.isdigit() else _uuid_key(key)
        size = int(m.group(2)) * _UNITS[m.group(3).upper()]
        if (isinstance(device, int) and device > MAX_DEVICE) or not 0 < size <= MAX_BYTES or device in out:
            return None
        out[device] = size
    if ALL in out and len(out) > 1:  # one value for all, or one per device: not both
        return None
    return out


def visible_devices(value: str | None) -> list[str] | None:
    """CUDA_VISIBLE_DEVICES as the entries it lists (None: unset or not a list of devices)."""
    if value is None:
        return None
    items = [item.strip() for item in value.split(",")][:1024]
    return items if items and all(_DEVICE.fullmatch(item) for item in items) else None


def ordinal(index: int, uuid: str, visible: list[str] | None) -> int | None:
    """The GPU of NVML index `index` in a process's numbering, given its `visible_devices`
    (None: that process does not see it). An index there is NVML's (CUDA's order, where it is
    the PCI bus order); a UUID or a prefix of it, as CUDA takes it."""
    if visible is None:
        return index
    for i, item in enumerate(visible):
        if item == str(index) or (item.startswith("GPU-") and uuid.startswith(item)):
            return i
    return None


def for_gpu(env: Mapping[str, str], index: int, uuid: str) -> int | None:
    """The limit `env` (a job's environment) gives the GPU of NVML index `index`: by the job's
    numbering under its CUDA_VISIBLE_DEVICES, or by UUID; None where it gives none."""
    device = ordinal(index, uuid, visible_devices(env.get(VISIBLE_VAR)))
    return None if device is None else limit_for(env, device, uuid)


def limit_for(env: Mapping[str, str], device: int, uuid: str | None = None) -> int | None:
    """The MPS limit of `device` (named `uuid` where known) in bytes, or None (unset, not for
    this device, or refused)."""
    raw = env.get(ENV_VAR)
    if raw is None or raw == "":
        return None
    limits = parse(raw)
    if limits is None:
        key = raw[:64]
        if key not in _said and len(_said) < 16:  # one line per distinct value, not one per OOM
            _said.add(key)
            log.warning("gpumemd: %s ignored: not ORDINAL=SIZE[,…] with SIZE such as 512M or 2G (%d chars)",
                        ENV_VAR, len(raw))
        return None
    by_uuid = limits.get(_uuid_key(uuid)) if uuid else None
    return limits.get(device, by_uuid if by_uuid is not None else limits.get(ALL))
