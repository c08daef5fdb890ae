"""What `load_snapshot` allocates per byte of a snapshot pickle (tracemalloc's peak over the
file's size, `parser_budget._peak`), and how long it takes: the real torch snapshots in
tests/fixtures, a large generated one shaped as torch writes it (segments of blocks, a trace of
alloc/free events, frame dicts shared between traceback lists, each list shared by a block and
its events), and pickles built to cost the most per byte. Runs on any tree (the tree on
PYTHONPATH is measured; the fixtures and generators are this file's):

    PYTHONPATH=<tree> python bench/pickle_budget.py --out <dir>/<tree>.json

Each document is read twice in a fresh process of its own: once under tracemalloc (the peak,
the file read by `load_snapshot` counted), once without (the time, best of `--repeat`).
"""

from __future__ import annotations

import argparse
import json
import pickle
import platform
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT))  # after PYTHONPATH: the tree measured is the one named there

MIB = 1 << 20


def torch_like(mib: int, depth: int = 60, seed: int = 0) -> bytes:
    """A snapshot of about `mib` MiB with torch's shape and sharing (`_cuda_memorySnapshot`'s:
    each distinct frame one dict, each traceback one list, a block and its trace events one
    list), `depth` frames a traceback (deep C++ and Python stacks)."""
    rng = random.Random(seed)
    files = [f"/home/user/project/.venv/lib/python3.11/site-packages/torch/nn/modules/m{i}.py"
             for i in range(400)]
    frames = [{"filename": rng.choice(files), "line": rng.randrange(1, 3000), "name": f"forward_{i}"}
              for i in range(4000)]
    tracebacks = [[rng.choice(frames) for _ in range(depth)] for _ in range(3000)]
    sizes = [512 * rng.randrange(1, 4096) for _ in range(200)]
    segments: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    address = 0x7F0000000000
    doc = {"segments": segments, "device_traces": [events],
           "allocator_settings": {"PYTORCH_CUDA_ALLOC_CONF": "", "max_split_size": -1,
                                  "expandable_segments": False, "garbage_collection_threshold": 0.0,
                                  "roundup_power2_divisions": {str(1 << k): 0 for k in range(16)}},
           "external_annotations": []}
    target = mib * MIB
    while len(segments) * 600 + len(events) * 300 < target:
        tb = rng.choice(tracebacks)
        blocks = []
        for _ in range(8):
            size = rng.choice(sizes)
            live = rng.random() < 0.6
            block_tb = rng.choice(tracebacks)
            blocks.append({"address": address, "size": size, "requested_size": size - 17,
                           "state": "active_allocated" if live else "inactive",
                           "frames": block_tb if live else []})
            for action in ("alloc", "free_requested", "free_completed")[: 1 if live else 3]:
                events.append({"action": action, "addr": address, "size": size, "stream": 0,
                               "time_us": 1_700_000_000_000 + len(events), "compile_context": "N/A",
                               "user_metadata": "", "frames": block_tb})
            address += size
        segments.append({"device": 0, "address": address, "total_size": sum(b["size"] for b in blocks),
                         "allocated_size": 0, "active_size": 0, "requested_size": 0, "stream": 0,
                         "segment_type": "large", "segment_pool_id": (0, 0), "is_expandable": False,
                         "frames": tb, "blocks": blocks})
    return pickle.dumps(doc)


def adversarial(mib: int) -> dict[str, bytes]:
    """Pickles built to cost the most per byte of what `load_snapshot` builds."""
    n = mib * MIB
    blocks = [{"address": i, "size": 2 << 20, "state": "active_allocated",
               "frames": [{"filename": f"/u/m{i}.py", "line": i, "name": "f"}]} for i in range(n // 60)]
    return {
        "empty lists": b"\x80\x04](" + b"]" * (n // 2) + b"e.",
        "empty dicts": b"\x80\x04](" + b"}" * (n // 2) + b"e.",
        "memo-amplified (one list fetched 2^k times)": pickle.dumps(
            {"segments": [{"device": 0, "blocks": [[{"size": 1}] * 1000] * (n // 5000)}]}),
        "long strings": pickle.dumps({"segments": [{"device": 0, "segment_type": "x" * (n // 4)}] * 4}),
        "deep nesting": b"\x80\x04" + b"]" * 100_000 + b"a" * 99_999 + b".",
        "many tiny dicts (blocks of one unique frame each)": pickle.dumps(
            {"segments": [{"device": 0, "blocks": blocks}]}),
        "unread keys only": pickle.dumps({"segments": [], "pad": [{"k": [i]} for i in range(n // 12)]}),
    }


_ONE = """
import json, sys, time
from pathlib import Path
from bench.parser_budget import peak as _peak
from gpumemd.diagnosis.snapshot import load_snapshot
path, repeat = Path(sys.argv[1]), int(sys.argv[2])
peak, outcome, _ = _peak(lambda: load_snapshot(path))
best = float("inf")
for _ in range(repeat):
    started = time.perf_counter()
    try:
        load_snapshot(path)
    except Exception:  # a refusal's time is measured too
        pass
    best = min(best, time.perf_counter() - started)
print(json.dumps({"peak": peak, "outcome": outcome, "seconds": best}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--mib", type=int, default=50, help="size of the generated torch-shaped snapshot")
    parser.add_argument("--adversarial-mib", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="timed reads of each document (the best kept)")
    args = parser.parse_args()
    import subprocess  # noqa: PLC0415

    tmp = Path(tempfile.mkdtemp(prefix="pickle-budget-"))
    real = sorted((ROOT / "tests/fixtures/torch").glob("*.pickle"))
    cases = [(f"real: {p.name}", p.read_bytes()) for p in real]
    cases.append((f"generated torch-shaped, {args.mib} MiB, 60-frame tracebacks", torch_like(args.mib)))
    cases.append((f"generated torch-shaped, {args.mib} MiB, 8-frame tracebacks",
                  torch_like(args.mib, depth=8)))
    cases += [(f"adversarial: {k}", v) for k, v in adversarial(args.adversarial_mib).items()]
    rows = []
    for name, data in cases:
        path = tmp / "snap.pickle"
        path.write_bytes(data)
        r = subprocess.run([sys.executable, "-c", _ONE, str(path), str(args.repeat)], cwd=tmp,
                           capture_output=True, text=True)
        if r.returncode != 0:  # the reader's process itself failed: its last line is the row
            lines = r.stderr.strip().splitlines() or ["(no message)"]
            got = {"peak": float("nan"), "outcome": f"process failed: {lines[-1][:100]}",
                   "seconds": float("nan")}
        else:
            got = json.loads(r.stdout.strip().splitlines()[-1])
        peak, outcome, seconds = got["peak"], got["outcome"], got["seconds"]
        rows.append({"document": name, "bytes": len(data), "peak_bytes": peak if peak != peak else int(peak),
                     "peak_per_input_byte": round(peak / len(data), 2),
                     "peak_over_4x_plus_1mib": round(peak / (4 * len(data) + MIB), 3),
                     "outcome": outcome, "seconds": round(seconds, 3)})
        print(f"{name[:60]:60} {len(data):>10} B  peak {peak / len(data):6.2f}x  "
              f"{peak / (4 * len(data) + MIB):5.2f} of 4x+1MiB  {seconds:7.2f} s  {outcome[:50]}", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"python": sys.version.split()[0], "machine": platform.machine(),
                                    "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
