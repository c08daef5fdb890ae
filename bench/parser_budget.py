"""What each reader of untrusted bytes allocates per byte of its input (tracemalloc's peak over
the input's size), on real documents and on documents built to cost the most per byte.

Runs on any tree (the readers are called through the functions every tree has: the spool's
`parse`, `load_snapshot`, `load_capture`, and `json.loads` as `explain` and `top` called it
before `untrusted.loads_json`), so the same command measures main and a branch:

    PYTHONPATH=<tree> python bench/parser_budget.py --out <dir>/parser-budget.json
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

MIB = 1 << 20


def _peak(read: Callable[[], Any]) -> tuple[float, str, float]:
    tracemalloc.start()
    started = time.monotonic()
    try:
        base = tracemalloc.get_traced_memory()[0]
        try:
            read()
            outcome = "read"
        except Exception as exc:  # what a reader refuses is the point here
            outcome = f"{type(exc).__name__}: {str(exc)[:100]}"
        return tracemalloc.get_traced_memory()[1] - base, outcome, time.monotonic() - started
    finally:
        tracemalloc.stop()


def _array(item: bytes, size: int) -> bytes:
    return b"[" + b",".join([item] * (size // (len(item) + 1))) + b"]"


def _json_reader() -> Callable[[bytes], Any]:
    try:
        from gpumemd.untrusted import loads_json  # noqa: PLC0415 (absent on older trees)
    except ImportError:
        return json.loads
    return loads_json


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--mib", type=int, default=4, help="size of each built document")
    args = parser.parse_args()
    from gpumemd.backends.replay import load_capture  # noqa: PLC0415
    from gpumemd.diagnosis.snapshot import load_snapshot  # noqa: PLC0415
    from gpumemd.spool.format import parse  # noqa: PLC0415

    root = Path(__file__).resolve().parent.parent
    size = args.mib * MIB
    rows = []
    tmp = Path(tempfile.mkdtemp(prefix="parser-budget-"))

    def spool(data: bytes) -> Any:
        result = parse(data, name_pid=1)
        if type(result).__name__ == "Rejection":
            raise ValueError(f"{result.reason}: {result.detail[:80]}")
        return result

    def as_file(suffix: str, read: Callable[[Path], Any]) -> Callable[[bytes], Any]:
        def run(data: bytes) -> Any:
            path = tmp / f"doc{suffix}"
            path.write_bytes(data)
            return read(path)
        return run

    answer = _json_reader()
    cases: list[tuple[str, str, bytes, Callable[[bytes], Any]]] = []
    for item, name in ((b"{}", "empty objects"), (b"[]", "empty lists"), (b'{"a":[]}', "objects of one list"),
                       (b'"ab"', "two-character strings")):
        spooled = b'{"format":"gpumemd-spool/2","pid":1,"samples":' + _array(item, size) + b"}"
        cases.append(("spool file", name, spooled, spool))
        cases.append(("alerts answer", name, b'{"data":{"alerts":' + _array(item, size) + b"}}", answer))
        cases.append(("capture", name, b'{"format":"gpumemd-capture/1","pad":' + _array(item, size) + b"}",
                      as_file(".json", load_capture)))
    n = size // 2
    for name, data in (("empty lists", b"\x80\x04](" + b"]" * n + b"e."),
                       ("empty dicts", b"\x80\x04](" + b"}" * n + b"e."),
                       ("memo slot 2^23", b"\x80\x04]r" + (1 << 23).to_bytes(4, "little") + b".")):
        cases.append(("snapshot pickle", name, data, as_file(".pickle", load_snapshot)))
    snapshot = as_file(".pickle", load_snapshot)
    for path in sorted((root / "tests/fixtures/torch").glob("*.pickle")):
        cases.append(("snapshot pickle", f"real: {path.name}", path.read_bytes(), snapshot))
    for path in sorted((root / "tests/fixtures/spool").glob("*/*.json")):
        cases.append(("spool file", f"real: {path.name}", path.read_bytes(),
                      lambda d: parse(d, name_pid=813)))
    result = [{"metric": {"job_id": "j", "rank": str(i), "gpu": str(i % 8), "instance": f"node{i // 8}:9967"},
               "value": [1.7e9, str(i)]} for i in range(20_000)]
    cases.append(("prometheus answer", "real shape: 20,000 ranks", json.dumps(
        {"status": "success", "data": {"resultType": "vector", "result": result}}).encode(), answer))
    for reader, name, data, read in cases:
        peak, outcome, seconds = _peak(lambda d=data, r=read: r(d))
        rows.append({"reader": reader, "document": name, "bytes": len(data), "peak_bytes": int(peak),
                     "peak_per_input_byte": round(peak / len(data), 2), "outcome": outcome,
                     "seconds": round(seconds, 3)})
        print(f"{reader:18} {name[:52]:52} {len(data):>9} B  peak {peak / len(data):6.2f}x  {outcome[:60]}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"python": sys.version.split()[0], "machine": platform.machine(),
                                    "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
