"""The padding decisions a GPU's own timing left in inductor's cache, read for the trace.

inductor's `pad_mm` times an unaligned matrix multiply padded and unpadded on the GPU and keeps
the answer in its local cache (`<cache dir>/cache/<system hash>`, JSON: `{"system": {"device":
{"name": ...}}, "cache": {key: value}}`), keyed by `should_pad_bench_key` (the operands' shapes,
strides and dtypes); a later compile of the same multiply on that GPU asks the cache before it
times anything. Where a job compiled on this node (or its cache is named), its decisions are the
ones the job's next compile takes: the trace pads those multiplies as they say (padding.py) and
only the others are left to the padded reading. A decision is only for the shapes that ran.

The cache is another program's file in a directory under /tmp by default: the directory is
reached by `SafeDir`'s checked walk (this user's, nobody else can move it), each file must be
a regular file of this user or root that nobody else may write, read within a bound, parsed by
the bounded JSON reader; only string keys with boolean values are taken (the base timings are
numbers), keys two files decide differently are dropped, and a file that fails any of this is
skipped and named. Nothing here writes.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from gpumemd.fs.safe import SafeDir, WriteError, read_owned
from gpumemd.untrusted.jsondoc import loads_json

__all__ = ["MAX_CACHE_BYTES", "MAX_CACHE_FILES", "Decisions", "inductor_cache_dir", "read_decisions"]

MAX_CACHE_FILES = 64  # system hashes in one cache directory: one per GPU kind and torch/triton build
MAX_CACHE_BYTES = 16 << 20  # one file; it holds autotuning timings too
_MAX_KEY = 4096
_MAX_NAME = 128


@dataclass(frozen=True)
class Decisions:
    """pad_mm's decisions found in a cache directory, by its own key: True pads."""

    by_key: Mapping[str, bool] = field(default_factory=dict)
    gpus: tuple[str, ...] = ()  # the GPUs whose timing they are (the files' system names)
    where: str = ""  # the cache directory read
    skipped: tuple[str, ...] = ()  # "file: why" for each file not taken
    conflicting: int = 0  # keys two files decided differently (dropped)


def inductor_cache_dir() -> str:
    """inductor's cache directory as the job's compile would find it (TORCHINDUCTOR_CACHE_DIR, or
    its per-user default under the temp directory), without making it as inductor's own
    `cache_dir()` does."""
    given = os.environ.get("TORCHINDUCTOR_CACHE_DIR")
    if given:
        return os.path.abspath(given)
    from torch._inductor.runtime.cache_dir_utils import default_cache_dir

    return default_cache_dir()


def _plain(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower().replace("nvidia", ""))


def _same_gpu(system: str, gpu: str) -> bool:
    """Whether the cache's device name (NVML's, "NVIDIA H100 80GB HBM3") is the target's (a
    table name such as "H100-80GB", or NVML's)."""
    a, b = _plain(system), _plain(gpu)
    return bool(a and b) and (a in b or b in a)


def _read_one(dfd: int, name: str) -> tuple[str, dict[str, bool]]:
    """One cache file's device name and boolean entries; ValueError saying why it is not taken."""
    data = read_owned(dfd, name, limit=MAX_CACHE_BYTES, owners=(os.geteuid(), 0))
    doc = loads_json(data)  # ValueError: not JSON, or past the reader's allowance
    cache = doc.get("cache") if type(doc) is dict else None
    if type(cache) is not dict:
        raise ValueError("not inductor's local cache (no 'cache' object)")
    system = doc.get("system")
    device = system.get("device") if type(system) is dict else None
    gpu = device.get("name") if type(device) is dict else None
    gpu = gpu[:_MAX_NAME] if type(gpu) is str else ""
    return gpu, {k: v for k, v in cache.items() if type(v) is bool and len(k) <= _MAX_KEY}


def read_decisions(directory: str | None = None, gpu: str | None = None) -> Decisions:
    """The decisions in `directory` (default: `inductor_cache_dir()`); where `gpu` is named, only
    the files of that GPU's timing. A directory that is missing or not trusted reads as none."""
    where = directory or inductor_cache_dir()
    found: dict[str, bool] = {}
    dropped: set[str] = set()
    gpus: list[str] = []
    skipped: list[str] = []
    try:
        with SafeDir(os.path.join(where, "cache"), what="inductor cache", create=False).opened() as dfd:
            names = sorted(os.listdir(dfd))
            if len(names) > MAX_CACHE_FILES:
                skipped.append(f"{len(names) - MAX_CACHE_FILES} files past the first {MAX_CACHE_FILES}")
            for name in names[:MAX_CACHE_FILES]:
                try:
                    system, entries = _read_one(dfd, name)
                except ValueError as exc:
                    skipped.append(f"{name[:_MAX_NAME]}: {str(exc)[:200]}")
                    continue
                if gpu and not _same_gpu(system, gpu):
                    skipped.append(f"{name[:_MAX_NAME]}: another GPU's ({system or 'no GPU'})")
                    continue
                if entries and system not in gpus:
                    gpus.append(system)
                for key, pads in entries.items():
                    if found.setdefault(key, pads) is not pads:
                        dropped.add(key)
    except WriteError as exc:
        if exc.reason != "missing":
            skipped.append(f"cache: {exc.detail[:200]}")
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL byte
        skipped.append(f"cache: {(getattr(exc, 'strerror', None) or str(exc))[:200]}")
    return Decisions({k: v for k, v in found.items() if k not in dropped}, tuple(gpus), where,
                     tuple(skipped), len(dropped))
