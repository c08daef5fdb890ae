"""Hostile spool files, shared by the spool tests: each kind next to a healthy rank."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd.sampling.exposition import Exposition
from gpumemd.sources.spool import SpoolSource
from gpumemd.spool.encoder import encode
from gpumemd.spool.writer import SpoolWriter

__all__ = [
    "HOSTILE",
    "HOSTILE_SERIES",
    "SPECIAL",
    "as_nobody",
    "healthy_doc",
    "healthy_families",
    "promtool_errors",
    "publish_healthy",
    "served",
    "write_hostile",
]


def healthy_families(rank: int = 0, series: int = 3) -> list[Metric]:
    fams = []
    alloc = Metric("gpumemd_allocator_allocated_bytes", "Bytes allocated.", "gauge")
    for i in range(series):
        alloc.add_sample(
            "gpumemd_allocator_allocated_bytes", {"rank": str(rank), "pool": f"p{i}"}, 1000.0 * (i + 1)
        )
    fams.append(alloc)
    ooms = Metric("gpumemd_oom_events", "OOMs seen.", "counter")
    ooms.add_sample("gpumemd_oom_events_total", {"rank": str(rank)}, 0.0)
    fams.append(ooms)
    build = Metric("gpumemd_build_info", "the sampler's own: not merged", "gauge")
    build.add_sample("gpumemd_build_info", {"version": "x"}, 1)
    fams.append(build)
    return fams


def publish_healthy(directory: Path, pid: int, written: float, rank: int = 0) -> SpoolWriter:
    w = SpoolWriter(
        directory, identity={"rank": str(rank), "job_id": "j"}, interval=1.0, pid=pid, clock=lambda: written
    )
    w.publish(healthy_families(rank))
    return w


def healthy_doc(pid: int, written: float = 100.0) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(
        encode(healthy_families(7), pid=pid, written=written, interval=1.0, identity={"rank": "7"})
    )
    return doc


def _doc(pid: int, change: Callable[[dict[str, Any]], Any]) -> bytes:
    doc = healthy_doc(pid)
    change(doc)
    return json.dumps(doc).encode()


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], Any]:
    def change(doc: dict[str, Any]) -> None:
        target: Any = doc
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


def _family(
    name: str, typ: str = "gauge", sample: str | None = None, labels: Any = None, value: Any = 1.0
) -> Callable[[dict[str, Any]], Any]:
    def change(doc: dict[str, Any]) -> None:
        doc["types"].append([name, typ, "hostile"])
        doc["samples"].append(
            [len(doc["types"]) - 1, sample or name, labels if labels is not None else {}, value]
        )

    return change


def _many(n: int) -> Callable[[dict[str, Any]], Any]:
    def change(doc: dict[str, Any]) -> None:
        doc["types"].append(["gpumemd_allocator_many", "gauge", "many"])
        i = len(doc["types"]) - 1
        doc["samples"].extend([i, "gpumemd_allocator_many", {"n": str(k)}, 1.0] for k in range(n))

    return change


# name -> (file bytes for pid, expected rejection reason). Pids are the file names' pids.
HOSTILE: dict[str, tuple[Callable[[int], bytes], str]] = {
    "top_level_list": (lambda pid: b"[1,2]", "schema"),
    "index_out_of_range": (lambda pid: _doc(pid, _set(("samples", 0, 0), 999)), "schema"),
    "index_negative": (lambda pid: _doc(pid, _set(("samples", 0, 0), -1)), "schema"),
    # 200,000 lists: refused at the reader's depth (untrusted.jsondoc.MAX_DEPTH), as json.loads' recursion
    "deep_nesting": (lambda pid: b"[" * 200_000 + b"]" * 200_000, "not_json"),
    "not_json": (lambda pid: b"{half", "not_json"),
    "binary": (lambda pid: bytes(range(256)) * 4, "not_json"),
    "empty": (lambda pid: b"", "not_json"),
    "format_other": (lambda pid: _doc(pid, _set(("format",), "other/9")), "schema"),
    "pid_mismatch": (lambda pid: _doc(pid + 1, lambda d: None), "schema"),
    "pid_string": (lambda pid: _doc(pid, _set(("pid",), str(pid))), "schema"),
    "interval_nan": (lambda pid: _doc(pid, _set(("interval",), float("nan"))), "schema"),
    "interval_zero": (lambda pid: _doc(pid, _set(("interval",), 0)), "schema"),
    "written_inf": (lambda pid: _doc(pid, _set(("written",), float("inf"))), "schema"),
    "identity_nested": (lambda pid: _doc(pid, _set(("identity",), {"rank": {"a": "b"}})), "schema"),
    "identity_list": (lambda pid: _doc(pid, _set(("identity",), ["rank"])), "schema"),
    "daemon_family": (
        lambda pid: _doc(pid, _family("gpumemd_process_gpu_memory_used_bytes")),
        "name_collision",
    ),
    "daemon_family_counter": (
        lambda pid: _doc(pid, _family("gpumemd_process_info", "counter", "gpumemd_process_info_total")),
        "name_collision",
    ),
    "spool_own_family": (lambda pid: _doc(pid, _family("gpumemd_process_rank_info")), "name_collision"),
    "type_histogram": (
        lambda pid: _doc(pid, _family("gpumemd_allocator_h", "histogram", "gpumemd_allocator_h_sum")),
        "schema",
    ),
    "family_name_invalid": (lambda pid: _doc(pid, _family("gpumemd_allocator_a b")), "schema"),
    "family_twice": (lambda pid: _doc(pid, _family("gpumemd_allocator_allocated_bytes")), "schema"),
    # 10,001 series of one short label each: their lists and dicts take 7 times the file's
    # bytes; the first max_series rows are the caller's as they are read (the daemon's budget
    # per series), so the file is counted and refused for its series, not at the reader's allowance
    "too_many_tiny_series": (lambda pid: _doc(pid, _many(10_001)), "too_many_series"),
}
"""Hostile bytes; each one a regular file named agent-<pid>.json."""


HOSTILE_SERIES: dict[str, tuple[Callable[[int], bytes], str]] = {
    "value_abc": (lambda pid: _doc(pid, _set(("samples", 0, 3), "abc")), "value"),
    "value_bool": (lambda pid: _doc(pid, _set(("samples", 0, 3), True)), "value"),
    "value_none": (lambda pid: _doc(pid, _set(("samples", 0, 3), None)), "value"),
    "value_huge_int": (lambda pid: _doc(pid, _set(("samples", 0, 3), 10**400)), "value"),
    "labels_list": (lambda pid: _doc(pid, _set(("samples", 0, 2), ["a", "b"])), "label_name"),
    "label_value_dict": (lambda pid: _doc(pid, _set(("samples", 0, 2), {"rank": {"x": 1}})), "label_value"),
    "label_name_reserved": (lambda pid: _doc(pid, _set(("samples", 0, 2), {"__name__": "x"})), "label_name"),
    "label_name_invalid": (lambda pid: _doc(pid, _set(("samples", 0, 2), {"a-b": "x"})), "label_name"),
    "label_value_long": (lambda pid: _doc(pid, _set(("samples", 0, 2), {"a": "x" * 5000})), "label_value"),
    "deep_in_labels": (
        lambda pid: _doc(pid, _set(("samples", 0, 2), {"a": json.loads("[" * 500 + "]" * 500)})),
        "label_value",
    ),
    "sample_name_other_family": (
        lambda pid: _doc(pid, _family("gpumemd_allocator_x", sample="gpumemd_allocator_y")),
        "sample_name",
    ),
    "series_twice": (
        lambda pid: _doc(pid, lambda d: d["samples"].append(list(d["samples"][0]))),
        "series_twice",
    ),
}
"""Hostile values in an otherwise healthy file: that series is dropped (the reason given), the
rest of the file served."""

SPECIAL = ("fifo", "symlink", "directory", "sparse_200mb")
"""Files that are not regular, or too large: made by `write_hostile`."""


def write_hostile(directory: Path, kind: str, pid: int, target: Path | None = None) -> str:
    """Put hostile file `kind` at agent-<pid>.json; returns the reason it must be rejected for."""
    path = directory / f"agent-{pid}.json"
    if kind == "fifo":
        os.mkfifo(path)
        return "not_regular"
    if kind == "symlink":
        os.symlink(target or "/etc/hostname", path)
        return "not_regular"
    if kind == "directory":
        path.mkdir()
        return "not_regular"
    if kind == "sparse_200mb":
        with open(path, "wb") as f:
            f.truncate(200 << 20)  # sparse: no data written
        return "too_large"
    data, reason = HOSTILE[kind]
    path.write_bytes(data(pid))
    return reason


def served(src: SpoolSource) -> tuple[dict[str, list[tuple[str, dict[str, str], float]]], str]:
    """One read: the families by name and the exposition text."""
    families = list(src.families(src.read({})))
    fams = {f.name: [(s.name, dict(s.labels), s.value) for s in f.samples] for f in families}
    return fams, Exposition(families).body().decode()


# Naming advice an agent's author may ignore (units, a type's name inside a metric name);
# everything else promtool says is a fault of the exposition.
_ADVICE = ("use base unit", "abbreviated units", "should not include type")


def promtool_errors(text: str) -> str:
    """promtool's complaints about an exposition ("" when it accepts it), naming advice aside."""
    promtool = shutil.which("promtool")
    assert promtool is not None
    r = subprocess.run([promtool, "check", "metrics"], input=text, capture_output=True, text=True, timeout=30)
    lines = [
        line for line in (r.stdout + r.stderr).splitlines() if line and not any(a in line for a in _ADVICE)
    ]
    if r.returncode not in (0, 1) or "error while linting" in r.stdout + r.stderr:
        return (r.stdout + r.stderr)[-2000:] or f"exit {r.returncode}"
    return "\n".join(lines)[-2000:]


NOBODY = 65534
_SH = r"""
pid=${3:-$$}
tmp="$2/.agent-$pid.json.tmp"
printf '%s' "$1" | sed "s/@PID@/$pid/g" > "$tmp" && mv "$tmp" "$2/agent-$pid.json"
echo ok
cat > /dev/null
"""


def as_nobody(
    spool: Path,
    rank: int,
    written: float,
    claim: int | None = None,
    identity: dict[str, str] | None = None,
    value: float | None = None,
) -> subprocess.Popen[bytes]:
    """A real writer running as nobody (a shell: the interpreter under /root is not theirs to run).
    It publishes a healthy rank under its own pid, or under `claim`, says "ok", and lives until
    its stdin closes. Needs root (to switch user) and a spool nobody can write into.
    `identity`: what it claims to be (`{"rank": str(rank)}`); `value`: every gauge's value."""
    fams = healthy_families(rank)
    if value is not None:
        for fam in fams:
            if fam.type == "gauge":
                fam.samples[:] = [s._replace(value=value) for s in fam.samples]
    doc = encode(fams, pid=999_999, written=written, interval=1.0, identity=identity or {"rank": str(rank)})
    text = doc.decode().replace("999999", "@PID@")
    args = ["sh", "-c", _SH, "sh", text, str(spool)] + ([str(claim)] if claim is not None else [])
    return subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        user=NOBODY,
        group=NOBODY,
        extra_groups=[],
        cwd="/",
    )
