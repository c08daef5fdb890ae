"""The allocator's configuration as bounded label values: `PYTORCH_ALLOC_CONF` (or the older
`PYTORCH_CUDA_ALLOC_CONF`) parsed, the backend torch reports, the per-process fraction.

Pure: no torch, no I/O beyond the environment mapping it is given. `parse` never raises
on any string, and every label value it produces is short and drawn from a small set of
shapes (a number formatted by us, `true`/`false`, `unlimited`, `invalid`, `""`), so a
hostile or mistyped variable cannot put arbitrary text into a label.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import NamedTuple

__all__ = ["ENV_VARS", "AllocatorSettings", "backend_label", "fraction_label", "from_env", "parse"]

# torch reads the first that is set (PYTORCH_CUDA_ALLOC_CONF is the deprecated spelling).
ENV_VARS = ("PYTORCH_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF")
MAX_CONF_CHARS = 4096  # a longer variable is read up to here: torch's own settings are short
_BACKENDS = {"native": "native", "cudamallocasync": "cudaMallocAsync"}
_BACKEND_SHAPE = re.compile(r"[A-Za-z0-9_.-]{1,32}")
INVALID = "invalid"


class AllocatorSettings(NamedTuple):
    """What the configuration says, as label values."""

    backend: str = "native"  # from the variable; torch's own answer replaces it where readable
    expandable_segments: str = "false"
    garbage_collection_threshold: str = ""  # "" when unset
    max_split_size: str = "unlimited"  # bytes, or "unlimited"
    memory_fraction: str = ""  # per_process_memory_fraction in the variable (newer torch), "" when unset


def _split(text: str) -> list[str]:
    """Comma-separated `key:value` items; commas inside `[...]` (roundup_power2_divisions) do not split."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return items


def _number(value: str) -> float | None:
    try:
        x = float(value)
    except (ValueError, OverflowError):
        return None
    return x if math.isfinite(x) else None


def _format(x: float) -> str:
    return format(round(x, 6), "g")  # "0.8", "0.5", "1e-05": short whatever was written


def _bool(value: str) -> str:
    v = value.lower()
    if v in ("true", "1"):
        return "true"
    if v in ("false", "0"):
        return "false"
    return INVALID


def _threshold(value: str) -> str:
    x = _number(value)
    return _format(x) if x is not None and 0.0 < x < 1.0 else INVALID  # torch's own bounds


def _split_size(value: str) -> str:
    if not value.isdigit() or len(value) > 12:  # MiB; 12 digits is far past any device
        return INVALID
    return str(int(value) << 20)


def _fraction(value: str) -> str:
    x = _number(value)
    return _format(x) if x is not None and 0.0 <= x <= 1.0 else INVALID


def parse(text: str) -> AllocatorSettings:
    """The settings a configuration string names; unknown keys are ignored, a known key with
    a value torch would refuse reads `invalid`, the last of repeated keys wins. Never raises."""
    found: dict[str, str] = {}
    for item in _split(text[:MAX_CONF_CHARS]):
        key, sep, value = item.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep or not key:
            continue
        if key == "backend":
            found["backend"] = _BACKENDS.get(value.lower(), INVALID)
        elif key == "expandable_segments":
            found["expandable_segments"] = _bool(value)
        elif key == "garbage_collection_threshold":
            found["garbage_collection_threshold"] = _threshold(value)
        elif key == "max_split_size_mb":
            found["max_split_size"] = _split_size(value)
        elif key == "per_process_memory_fraction":
            found["memory_fraction"] = _fraction(value)
    return AllocatorSettings()._replace(**found)


def from_env(env: Mapping[str, str]) -> AllocatorSettings:
    for name in ENV_VARS:
        text = env.get(name)
        if text:
            return parse(text)
    return AllocatorSettings()


def backend_label(answer: object) -> str:
    """torch's `get_allocator_backend()` answer as a label: its two known spellings kept, a
    future backend's name kept when it is a short identifier, anything else `invalid`."""
    if not isinstance(answer, str):
        return INVALID
    known = _BACKENDS.get(answer.lower())
    if known is not None:
        return known
    return answer if _BACKEND_SHAPE.fullmatch(answer) else INVALID


def fraction_label(fraction: float | None) -> str:
    """The per-process fraction torch answers, "" when none is set (None, or 1 and above)."""
    if (
        fraction is None
        or not isinstance(fraction, (int, float))
        or not math.isfinite(fraction)
        or fraction >= 1.0
    ):
        return ""
    return _format(max(0.0, float(fraction)))
