"""What each reader of untrusted bytes allocates per byte of its input (tracemalloc's peak over
the input's size), on real documents and on documents built to cost the most per byte.

Runs on any tree (the readers are called through the functions every tree has: the spool's
`parse`, `load_snapshot`, `load_capture`, the commands' `query` and `read_daemon` against a
local HTTP server, YAML's `yamlsafe.load_file`, and `untrusted.loads_json`, or `json.loads`
where a tree has none), so the same command measures main and a branch:

    PYTHONPATH=<tree> python bench/parser_budget.py --out <dir>/parser-budget.json
"""

from __future__ import annotations

import argparse
import http.server
import json
import platform
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

MIB = 1 << 20


def peak(read: Callable[[], Any]) -> tuple[float, str, float]:
    """`read()`'s tracemalloc peak in bytes, its outcome ("read" or the refusal) and seconds."""
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


def write_rows(out: Path, rows: list[dict[str, Any]]) -> None:
    """A budget bench's JSON: this Python's version and machine, then a row a document."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"python": sys.version.split()[0], "machine": platform.machine(),
                               "rows": rows}, indent=1) + "\n")


def _array(item: bytes, size: int) -> bytes:
    return b"[" + b",".join([item] * (size // (len(item) + 1))) + b"]"


def _json_reader() -> Callable[[bytes], Any]:
    try:
        from gpumemd.untrusted import loads_json  # noqa: PLC0415 (absent on older trees)
    except ImportError:
        return json.loads
    return loads_json


class _Answers(http.server.BaseHTTPRequestHandler):
    """A daemon's /metrics and /api/v1/alerts, a Prometheus's /api/v1/query: the body set last."""

    body = b""
    metrics = (b'gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-a"} 1e10\n'
               b'gpumemd_collector_success{collector="nvml"} 1\n')

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = self.metrics if self.path.startswith("/metrics") else self.body
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def answers() -> tuple[Callable[[bytes], Any], Callable[[bytes], Any]]:
    """A local HTTP server that answers with the body it is handed: `prometheus(data)` reads `data`
    as a Prometheus query's answer (`commands.client.query`), `alerts(data)` as the daemon's
    alerts answer (`read_daemon`; what it skips raised)."""
    from gpumemd.commands.client import Skips, query, read_daemon  # noqa: PLC0415

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"

    def prometheus(data: bytes) -> Any:
        _Answers.body = data
        return query(url, "up", time.monotonic() + 120, 120, Skips())

    def alerts(data: bytes) -> Any:
        _Answers.body = data
        got = read_daemon(url, timeout=120)
        if got.skips.counts:
            raise ValueError("; ".join(got.skips.notes())[:100])
        return got

    return prometheus, alerts


def _real_spool(root: Path, series: int) -> bytes:
    """A real rank's file with its series repeated under `series` distinct label sets."""
    fixture = root / "tests/fixtures/spool/h100__580.159.04__two-ranks-cupy/agent-834.json"
    doc = json.loads(fixture.read_text())
    rows = [[i, name, {**labels, "stream": str(k)}, value]
            for k in range(series // len(doc["samples"]) + 1) for i, name, labels, value in doc["samples"]]
    doc["samples"] = rows[:series]
    return json.dumps(doc, separators=(",", ":")).encode()


def tiny_series(n: int, version: int = 2) -> bytes:
    """A spool file of `n` series of one short label each: the most series a byte (`version` 1:
    an older agent's, its rows in `families`)."""
    name = b'"gpumemd_allocator_allocated_bytes"'
    head = (b'{"format":"gpumemd-spool/%d","pid":834,"written":1.7e9,"interval":1.0,"identity":{"rank":"0"},'
            % version)
    if version == 1:
        rows = b",".join(b'[%s,{"a":"%d"},1.0]' % (name, i) for i in range(n))
        return head + b'"families":[[%s,"gauge","h",[%s]]]}' % (name, rows)
    rows = b",".join(b'[0,%s,{"a":"%d"},1.0]' % (name, i) for i in range(n))
    return head + b'"types":[[%s,"gauge","h"]],"samples":[%s]}' % (name, rows)


def spool_of(result: Any) -> Any:
    """A spool reader's result, a Rejection raised (its reason and detail)."""
    if type(result).__name__ == "Rejection":
        raise ValueError(f"{result.reason}: {result.detail[:80]}")
    return result


def _distinct_strings(size: int) -> bytes:
    chars = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return b"[" + b",".join(b'"%c%c%c"' % (chars[i % 62], chars[i // 62 % 62], chars[i // 3844 % 62])
                            for i in range(size // 6)) + b"]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--mib", type=int, default=4, help="size of each built document")
    parser.add_argument("--only", default="", help="the cases whose 'reader: document' holds this")
    args = parser.parse_args()
    from gpumemd.backends.replay import load_capture  # noqa: PLC0415
    from gpumemd.config import yamlsafe  # noqa: PLC0415
    from gpumemd.diagnosis.snapshot import load_snapshot  # noqa: PLC0415
    from gpumemd.spool.format import parse  # noqa: PLC0415

    prometheus, alerts = answers()
    root = Path(__file__).resolve().parent.parent
    size = args.mib * MIB
    rows = []
    tmp = Path(tempfile.mkdtemp(prefix="parser-budget-"))

    def spool(data: bytes) -> Any:
        return spool_of(parse(data, name_pid=1))

    def as_file(suffix: str, read: Callable[[Path], Any]) -> Callable[[bytes], Any]:
        def run(data: bytes) -> Any:
            path = tmp / f"doc{suffix}"
            path.write_bytes(data)
            return read(path)
        return run

    answer = _json_reader()
    cases: list[tuple[str, str, bytes, Callable[[bytes], Any]]] = []
    for name, body in (("empty objects", _array(b"{}", size)), ("empty lists", _array(b"[]", size)),
                       ("objects of one list", _array(b'{"a":[]}', size)),
                       ("two-character strings", _array(b'"ab"', size)),
                       ("distinct three-character strings", _distinct_strings(size))):
        spooled = b'{"format":"gpumemd-spool/2","pid":1,"samples":' + body + b"}"
        cases.append(("spool file", name, spooled, spool))
        cases.append(("alerts answer (loads_json)", name, b'{"data":{"alerts":' + body + b"}}", answer))
        cases.append(("alerts answer (explain)", name, b'{"data":{"alerts":' + body + b"}}", alerts))
        vector = b'{"status":"success","data":{"resultType":"vector","result":' + body + b"}}"
        cases.append(("prometheus answer (top)", name, vector, prometheus))
        cases.append(("capture", name, b'{"format":"gpumemd-capture/1","pad":' + body + b"}",
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
    cases.append(("spool file", "real shape: 10,000 series (agent-834's, repeated)",
                  _real_spool(root, 10_000), lambda d: parse(d, name_pid=834, max_series=10_000)))
    cases.append(("spool file", "10,000 tiny series (one short label each)", tiny_series(10_000),
                  lambda d: spool_of(parse(d, name_pid=834, max_series=10_000))))
    cases.append(("spool file", "10,000 tiny series, version 1 (families)", tiny_series(10_000, 1),
                  lambda d: spool_of(parse(d, name_pid=834, max_series=10_000))))
    escapes = b'["' + b"\\n" * MIB + b'"]'
    cases.append(("any JSON (loads_json)", "one string of 1 Mi escapes", escapes, answer))
    for path in sorted((root / "tests/fixtures/captures").glob("*.json")):
        cases.append(("capture", f"real: {path.name}", path.read_bytes(), as_file(".json", load_capture)))
    ranks = [{"metric": {"__name__": "gpumemd_process_rank_info", "job_id": "j", "rank": str(i),
                         "instance": f"node{i // 8}:9967"}, "value": [1.7e9, "1"]} for i in range(20_000)]
    compact = (",", ":")
    vector = {"status": "success", "data": {"resultType": "vector", "result": ranks}}
    cases.append(("prometheus answer (top)", "real shape: 20,000 ranks, compact",
                  json.dumps(vector, separators=compact).encode(), prometheus))
    firing = [{"labels": {"alertname": "GpuMemoryLeak", "rank": str(i), "job_id": "j", "severity": "warning"},
               "annotations": {"summary": f"rank {i} grows 120 MiB an hour", "runbook": "docs/alerts.md"},
               "state": "firing", "activeAt": "2026-11-28T09:00:00Z", "value": "1.2e+08"}
              for i in range(5_000)]
    cases.append(("alerts answer (explain)", "real shape: 5,000 alerts, compact",
                  json.dumps({"status": "success", "data": {"alerts": firing}}, separators=compact).encode(),
                  alerts))
    config = root / "config.example.yaml"
    cases.append(("config YAML", "real: config.example.yaml", config.read_bytes(),
                  as_file(".yaml", yamlsafe.load_file)))
    cases.append(("config YAML", "100,000 one-character scalars", b"[" + b",".join([b"a"] * 99_999) + b"]",
                  as_file(".yaml", yamlsafe.load_file)))
    result = [{"metric": {"job_id": "j", "rank": str(i), "gpu": str(i % 8), "instance": f"node{i // 8}:9967"},
               "value": [1.7e9, str(i)]} for i in range(20_000)]
    cases.append(("prometheus answer (top)", "real shape: 20,000 ranks", json.dumps(
        {"status": "success", "data": {"resultType": "vector", "result": result}}).encode(), prometheus))
    for reader, name, data, read in cases:
        if args.only and args.only not in f"{reader}: {name}":
            continue
        used, outcome, seconds = peak(lambda d=data, r=read: r(d))
        rows.append({"reader": reader, "document": name, "bytes": len(data), "peak_bytes": int(used),
                     "peak_per_input_byte": round(used / len(data), 2), "outcome": outcome,
                     "seconds": round(seconds, 3)})
        print(f"{reader:26} {name[:52]:52} {len(data):>9} B  peak {used / len(data):6.2f}x  {outcome[:60]}")
    write_rows(args.out, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
