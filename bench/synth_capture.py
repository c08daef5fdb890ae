"""Synthesize multi-GPU, multi-process captures from the real H200 one.

We recorded one H200 (driver 580.159.04) idle and with one process holding 1 GiB. Tests
and the scale bench need an 8-GPU node with 8 ranks (and more processes than that), which
no machine here has, so this script derives such captures from the real recording:

- every GPU copies the real GPU's answers (name, total, driver-reserved, driver version),
  with its own index, UUID and PCI bus id;
- each GPU gets processes whose NVML `used_bytes` are the real process's bytes scaled
  by a per-rank factor, and `used`/`free` are recomputed so the device stays consistent
  (used = sum(processes) + the real capture's unattributed remainder);
- `host.process_rss(pid)` answers are scaled from the real one.

Every synthesized capture says so in its name (`synthetic__...`) and in `meta`.

    python bench/synth_capture.py            # writes the captures tests/ use
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import uuid as uuid_mod
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CAPTURES = ROOT / "tests" / "fixtures" / "captures"
SOURCE = CAPTURES / "h200__580.159.04__one-process-1GiB.json"


def _uuid(seed: str, index: int) -> str:
    # Deterministic, clearly not a real board's UUID (uuid5 over a fixed namespace).
    return "GPU-" + str(uuid_mod.uuid5(uuid_mod.NAMESPACE_URL, f"gpumemd-synthetic/{seed}/{index}"))


def synthesize(
    real: dict[str, Any],
    *,
    gpus: int = 8,
    procs_per_gpu: list[list[float]] | None = None,
    seed: str = "8xh200",
    description: str = "",
    first_pid: int = 10_000,
) -> dict[str, Any]:
    """An N-GPU capture; `procs_per_gpu[i]` lists the scale factors of GPU i's processes.

    A factor of 1.0 is the real process (1.6 GB NVML-used: 1 GiB tensor + CUDA context).
    """
    nv = real["nvml"]
    host = real["host"]
    (real_proc,) = nv["processes(0)"]["ok"]
    real_bytes = int(real_proc["used_bytes"])
    real_rss = int(host[f"process_rss({real_proc['pid']})"]["ok"])
    mem2 = nv["memory_info_v2(0)"]["ok"]
    total, reserved = int(mem2["total"]), int(mem2["reserved"])
    unattributed = int(mem2["used"]) - real_bytes  # driver/context bytes no process owns
    if procs_per_gpu is None:
        procs_per_gpu = [[1.0] for _ in range(gpus)]
    assert len(procs_per_gpu) == gpus

    out_nv: dict[str, Any] = {
        "init()": {"ok": None},
        "shutdown()": {"ok": None},
        "device_count()": {"ok": gpus},
        "driver_version()": copy.deepcopy(nv["driver_version()"]),
    }
    out_host: dict[str, Any] = {
        "virtual_memory()": copy.deepcopy(host["virtual_memory()"]),
        "swap_memory()": copy.deepcopy(host["swap_memory()"]),
    }
    pid = first_pid
    for i in range(gpus):
        procs = []
        for factor in procs_per_gpu[i]:
            used = int(real_bytes * factor)
            procs.append({"pid": pid, "used_bytes": used})
            out_host[f"process_rss({pid})"] = {"ok": int(real_rss * max(factor, 0.1))}
            out_nv[f"process_name({pid})"] = {"ok": "python3"}
            pid += 1
        used = sum(p["used_bytes"] for p in procs) + (unattributed if procs else 0)
        used_v1 = used + reserved
        out_nv[f"name({i})"] = copy.deepcopy(nv["name(0)"])
        out_nv[f"uuid({i})"] = {"ok": _uuid(seed, i)}
        out_nv[f"pci_bus_id({i})"] = {"ok": f"00000000:{0x18 + 0x10 * i:02X}:00.0"}
        out_nv[f"memory_info_v2({i})"] = {
            "ok": {"total": total, "reserved": reserved, "used": used, "free": total - reserved - used}
        }
        out_nv[f"memory_info({i})"] = {"ok": {"total": total, "used": used_v1, "free": total - used_v1}}
        out_nv[f"processes({i})"] = {"ok": procs}
        out_nv[f"utilization({i})"] = {"ok": {"gpu": 90 if procs else 0, "memory": 40 if procs else 0}}
    return {
        "format": real["format"],
        "meta": {
            "synthetic": True,
            "derived_from": SOURCE.name,
            "description": description or f"SYNTHETIC {gpus}x H200 derived from a real 1x H200 capture",
            "gpumemd_version": real["meta"].get("gpumemd_version", ""),
            "recorded_at": real["meta"].get("recorded_at", ""),
        },
        "nvml": dict(sorted(out_nv.items())),
        "host": dict(sorted(out_host.items())),
    }


# The captures the tests and the bench use: (file name, kwargs).
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    (
        # One rank per GPU, the usual data-parallel node.
        "synthetic__8xh200__8-ranks.json",
        {
            "procs_per_gpu": [[1.0 + 0.25 * i] for i in range(8)],
            "seed": "8xh200-8-ranks",
            "description": "SYNTHETIC 8x H200, one rank per GPU (scaled from the real 1-process capture)",
        },
    ),
    (
        # Several processes per GPU (a second job and a profiler sharing GPUs 0 and 1).
        "synthetic__8xh200__multi-process.json",
        {
            "procs_per_gpu": [[6.0, 1.0, 0.3], [6.0, 2.0]] + [[6.0] for _ in range(6)],
            "seed": "8xh200-multi",
            "description": "SYNTHETIC 8x H200, 8 ranks plus extra processes on GPUs 0 and 1",
        },
    ),
    (
        # GPU 3 nearly full: what a memory alert must fire on.
        "synthetic__8xh200__gpu3-nearly-full.json",
        {
            "procs_per_gpu": [[1.0] for _ in range(3)] + [[91.0]] + [[1.0] for _ in range(4)],
            "seed": "8xh200-full",
            "description": "SYNTHETIC 8x H200, GPU 3 at ~98% of its memory",
        },
    ),
]


TORCH_READINGS = ROOT / "tests" / "fixtures" / "torch" / "h200__torch-2.11__readings.json"
CONTEXT_BYTES = 543_162_368  # non-PyTorch memory of the real process (CUDA context, cuBLAS)


class _ReplayedTorch:
    """A TorchCudaApi for one rank: the real H200 allocator stats, byte fields scaled so that
    reserved + the real non-PyTorch bytes = the NVML bytes of this rank's process."""

    def __init__(
        self, stats: dict[str, Any], device: int, count: int, uuid: str, scale: float, retries: int = 0
    ) -> None:
        self._stats = {
            k: {kk: (int(vv * scale) if isinstance(vv, (int, float)) else vv) for kk, vv in v.items()}
            if k.endswith("_bytes") and isinstance(v, dict)
            else v
            for k, v in stats.items()
        }
        # nested dicts two levels deep (allocated_bytes.all.current): scale the inner ones too
        for k, v in self._stats.items():
            if k.endswith("_bytes") and isinstance(v, dict):
                for pool, inner in v.items():
                    if isinstance(inner, dict):
                        v[pool] = {kk: int(vv * scale) for kk, vv in inner.items()}
        self._stats["num_alloc_retries"] = retries
        self._device, self._count, self._uuid = device, count, uuid

    def is_initialized(self) -> bool:
        return True

    def device_count(self) -> int:
        return self._count

    def memory_stats(self, device: int) -> dict[str, Any]:
        return self._stats if device == self._device else {}  # only its own device in use

    def device_uuid(self, device: int) -> str:
        return self._uuid

    def memory_fraction(self, device: int) -> float | None:
        return None

    def total_memory(self, device: int) -> int:
        return 150_109_880_320

    def mem_get_info(self, device: int) -> tuple[int, int]:
        return (0, self.total_memory(device))


def rank_families(
    capture: dict[str, Any],
    gpu: int,
    pid: int,
    used: int,
    *,
    rank: int,
    retries: int = 0,
    ooms: int = 0,
    step_peak: bool = False,
) -> list[Any]:
    """The families one rank's agent would publish for process `pid` on `gpu` of `capture`,
    through the real agent code (AllocatorSource, ProcessSource) over the real H200 allocator
    readings, scaled so that reserved + a CUDA context match what NVML charges the process.

    `step_peak`: also a step peak (the allocated bytes: a replayed rank runs no optimizer step);
    `ooms`: the allocator's OOM count, and as many OOMs diagnosed as fragmentation (the OOM
    watcher's counter, its other causes at 0): what a training rank exports that a replayed one
    cannot."""
    sys.path.insert(0, str(ROOT))
    from gpumemd.backends.replay import nvml_replayer
    from gpumemd.backends.torch_cuda import nest
    from gpumemd.diagnosis.oom import CAUSES, UNDIAGNOSED
    from gpumemd.sources.allocator import AllocatorSource
    from gpumemd.sources.base import metric
    from gpumemd.sources.process import ProcessSource

    real = nest(json.loads(TORCH_READINGS.read_text())["after_256MiB_and_4000B"]["memory_stats"])
    real_reserved = real["reserved_bytes"]["all"]["current"]
    nv = capture["nvml"]
    scale = max(used - CONTEXT_BYTES, real_reserved) / real_reserved
    torch_api = _ReplayedTorch(
        real, gpu, nv["device_count()"]["ok"], nv[f"uuid({gpu})"]["ok"], scale, retries=retries
    )
    torch_api._stats["num_ooms"] = ooms
    labels = {"rank": str(rank)}
    alloc = AllocatorSource(torch_api, labels=labels)
    proc = ProcessSource(
        nvml=nvml_replayer(capture),
        torch_api=torch_api,
        pid=pid,
        labels=labels,
        rss=lambda: 2_000_000_000,
        peak_rss=lambda: 2_100_000_000,
    )
    cycle: dict[str, Any] = {}
    cycle["allocator"] = alloc.read(cycle)
    out = list(alloc.families(cycle["allocator"])) + list(proc.families(proc.read(cycle)))
    allocated = next(f for f in out if f.name == "gpumemd_allocator_allocated_bytes")
    if step_peak:
        peak = metric("gpumemd_allocator_step_peak_bytes", list(allocated.samples[0].labels))
        for sample in allocated.samples:
            peak.add_metric(list(sample.labels.values()), sample.value)
        out.append(peak)
    # the OOM watcher's one counter: every cause from 0 on the allocator's GPU, as the agent exports it
    events = metric("gpumemd_oom_events", ["gpu", "cause", *labels])
    for cause in (*CAUSES, UNDIAGNOSED):
        events.add_metric([str(gpu), cause, *labels.values()], ooms if cause == "fragmentation" else 0)
    out.append(events)
    return out


def write_spool(
    capture: dict[str, Any],
    directory: Path,
    *,
    written: float,
    job_id: str = "synthetic-1",
    interval: float = 86_400.0,
    step_peak: bool = False,
) -> int:
    """Write one agent spool file per GPU's first process (its rank), through the real
    agent code (`rank_families`, spool.encode). Returns the rank count.

    The synthetic ranks' PIDs do not run here, and the files are written once: they declare
    a day-long publishing `interval`, so the daemon keeps them as live ranks that long.
    """
    nv = capture["nvml"]
    gpus = nv["device_count()"]["ok"]
    for rank in range(gpus):
        if nv[f"processes({rank})"]["ok"]:
            write_rank(
                capture,
                directory,
                rank,
                written=written,
                job_id=job_id,
                interval=interval,
                step_peak=step_peak,
            )
    return gpus


def write_rank(
    capture: dict[str, Any],
    directory: Path,
    rank: int,
    *,
    written: float,
    job_id: str = "synthetic-1",
    interval: float = 86_400.0,
    step_peak: bool = False,
    ooms: int = 0,
) -> Path:
    """Write (or rewrite) the spool file of rank `rank`, the first process of GPU `rank`; its path."""
    sys.path.insert(0, str(ROOT))
    from gpumemd.spool.encoder import encode

    nv = capture["nvml"]
    gpus = nv["device_count()"]["ok"]
    directory.mkdir(parents=True, exist_ok=True)
    proc = nv[f"processes({rank})"]["ok"][0]
    pid, used = proc["pid"], proc["used_bytes"]
    families = rank_families(
        capture, rank, pid, used, rank=rank, retries=rank % 3, ooms=ooms, step_peak=step_peak
    )
    identity = {"rank": str(rank), "local_rank": str(rank), "world_size": str(gpus), "job_id": job_id}
    data = encode(families, pid=pid, written=written, interval=interval, identity=identity)
    path = directory / f"agent-{pid}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)  # whole, as the agent's writer publishes: the daemon never reads half a file
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=CAPTURES)
    args = ap.parse_args()
    real = json.loads(SOURCE.read_text())
    for name, kwargs in VARIANTS:
        path = args.out / name
        path.write_text(json.dumps(synthesize(real, **kwargs), indent=1, sort_keys=False) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
