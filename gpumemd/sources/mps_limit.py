"""`CUDA_MPS_PINNED_DEVICE_MEM_LIMIT`: the device memory an MPS client may allocate, per GPU.

Under NVIDIA's Multi-Process Service a client's CUDA allocations beyond this limit fail as if
the device were full, so an OOM diagnosis that only knew the device's total would blame
capacity. The variable's shape (NVIDIA's MPS docs): `ORDINAL=LIMIT` items, comma-separated
(`0=1G,1=512M`); also accepted: one `LIMIT` for every device. A limit is a decimal number and
a unit: `K`, `M`, `G` or `T` (also `KB`, `MB`, `GB`, `TB`, any case), each a power of 1024.
A bare number has no documented unit and is refused.

The ordinal is the device as the client numbers it: after `CUDA_VISIBLE_DEVICES` remapped
the devices (MPS remaps them the same way), which is torch's device index, so it is used
as is.

The environment is hostile input: any string of any length. `parse` is the one validator:
it never raises; anything not of the shape above, too long, or with a device or size out of
range makes the whole variable ignored (`None`), and `limit_for` says so in one log line,
once per distinct value.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping

__all__ = ["ENV_VAR", "MAX_CHARS", "limit_for", "parse"]

log = logging.getLogger("gpumemd.mps")

ENV_VAR = "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT"
MAX_CHARS = 1024  # a node has at most a few dozen GPUs: a longer value is not a limit list
MAX_DEVICE = 1023
MAX_BYTES = 1 << 60  # larger than any device; beyond it a value is a typo, not a limit
ALL = -1  # the device key of a single value for every device

_UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_ITEM = re.compile(r"(?:([0-9]{1,4})=)?([0-9]{1,15})([KMGT])B?", re.ASCII | re.IGNORECASE)
_said: set[str] = set()


def parse(value: str) -> dict[int, int] | None:
    """{device ordinal (ALL: every device): bytes}, or None when the value is not a limit."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_CHARS:
        return None
    items = [item.strip() for item in value.split(",")]
    out: dict[int, int] = {}
    for item in items:
        m = _ITEM.fullmatch(item)
        if m is None:
            return None
        device = ALL if m.group(1) is None else int(m.group(1))
        size = int(m.group(2)) * _UNITS[m.group(3).upper()]
        if device > MAX_DEVICE or not 0 < size <= MAX_BYTES or device in out:
            return None
        out[device] = size
    if ALL in out and len(out) > 1:  # one value for all, or one per device: not both
        return None
    return out


def limit_for(env: Mapping[str, str], device: int) -> int | None:
    """The MPS limit of `device` in bytes, or None (unset, not for this device, or refused)."""
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
    return limits.get(device, limits.get(ALL))
