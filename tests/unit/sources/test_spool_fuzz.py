"""Fuzzing the spool's one validator and its reader: arbitrary bytes, arbitrary JSON,
mutations of a real document and generated look-alikes. Never an exception, only a
rejection with a known reason; a healthy rank's series are served unchanged next to each
one; promtool accepts the exposition (run on a bounded number of examples)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.sampling.exposition import Exposition
from gpumemd.sources.spool import SpoolSource
from gpumemd.spool.format import REASONS, TYPES, RankFile, Rejection, SpoolReading, parse, validate
from tests.spool_hostile import healthy_doc, promtool_errors, publish_healthy

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NOWHERE = 4_194_290  # pids near the kernel's ceiling, which nothing here runs as
PROMTOOL_RUNS = 25  # promtool is a process per call: check this many accepted examples, not every one
HEALTHY = validate(healthy_doc(4242, written=100.0), name_pid=4242)
assert isinstance(HEALTHY, RankFile)

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=25)

_PATHS: list[tuple[Any, ...]] = [
    (), ("format",), ("pid",), ("interval",), ("written",), ("identity",), ("identity", "rank"), ("pidns",),
    ("types",), ("types", 0), ("types", 0, 0), ("types", 0, 1), ("types", 0, 2), ("types", 1, 1),
    ("samples",), ("samples", 0), ("samples", 0, 0), ("samples", 0, 1), ("samples", 0, 2),
    ("samples", 0, 2, "rank"), ("samples", 0, 3), ("samples", 3, 1), ("samples", 3, 3), ("alerts",),
]


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    """A real document with one part replaced by arbitrary JSON."""
    doc: Any = healthy_doc(77)
    path = draw(st.sampled_from(_PATHS))
    value = draw(json_values)
    if not path:
        return value
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc


label_names = st.sampled_from(
    ["rank", "gpu", "pool", "__name__", "a-b", "le", "", "x" * 300]
) | st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,10}", fullmatch=True)
family_names = st.sampled_from(
    [
        "gpumemd_allocator_x",
        "gpumemd_process_info",
        "gpumemd_process_rank_info",
        "gpumemd_oom_events",
        "gpumemd_section_x_total",
        "gpumemd_agent_y",
        "gpumemd_gpu_memory_used_bytes",
        "gpumemd_allocator_allocated_bytes",
        "gpumemd_process_gpu_memory_used_bytes_total",
        "other_family",
        "gpumemd_allocator_bad name",
    ]
) | st.from_regex(r"gpumemd_(allocator|process|oom|agent|section)_[a-z_]{0,8}", fullmatch=True)


@st.composite
def lookalike(draw: st.DrawFn) -> Any:
    """A document shaped like a spool file, with hostile names, types, labels and values."""
    fams = draw(
        st.lists(st.tuples(family_names, st.sampled_from([*TYPES, "histogram", "summary", 3])), max_size=4)
    )
    types = [[name, typ, draw(st.text(max_size=20))] for name, typ in fams]
    rows = []
    for i, (name, _) in enumerate(fams):
        for _ in range(draw(st.integers(0, 3))):
            suffix = draw(st.sampled_from(["", "_total", "_created", "_info", "_bucket", "_x"]))
            labels = draw(st.dictionaries(label_names, st.text(max_size=10) | json_values, max_size=3))
            value = draw(st.floats(allow_nan=True) | st.integers(-(2**64), 2**64) | json_values)
            rows.append([i, name + suffix, labels, value])
    return {
        "format": draw(st.sampled_from(["gpumemd-spool/2", "gpumemd-spool/1"])),
        "pid": 77,
        "interval": draw(st.sampled_from([1.0, 0, -1, 1e300, float("nan")])),
        "written": 100.0,
        "identity": draw(
            st.dictionaries(
                st.sampled_from(["rank", "job_id", "x"]), st.text(max_size=5) | json_values, max_size=3
            )
        ),
        "types": types,
        "samples": rows,
    }


_promtool_left = [PROMTOOL_RUNS if shutil.which("promtool") else 0]


def check_merge(result: RankFile | Rejection) -> None:
    """A rejection has a known reason; an accepted file merges next to the healthy rank without
    changing its series, and the exposition is valid."""
    if isinstance(result, Rejection):
        assert result.reason in REASONS, result
        return
    src = SpoolSource(Path("/nonexistent"))
    reading = SpoolReading((HEALTHY, result))
    families = list(src.families(reading))
    alone = {f.name: f.samples for f in src.families(SpoolReading((HEALTHY,)))}
    merged = {f.name: f for f in families}
    for name, *_ in HEALTHY.families:
        fam = merged[name]
        assert fam.type == next(f.type for f in src.families(SpoolReading((HEALTHY,))) if f.name == name)
        assert all(s in fam.samples for s in alone[name])
    text = Exposition(families).body().decode()
    if _promtool_left[0] > 0:
        _promtool_left[0] -= 1
        assert promtool_errors(text) == "", text[-3000:]


@FUZZ
@given(st.binary(max_size=2048))
def test_arbitrary_bytes(data: bytes) -> None:
    check_merge(parse(data, name_pid=77))


@FUZZ
@given(json_values)
def test_arbitrary_json(doc: Any) -> None:
    check_merge(validate(doc, name_pid=77))
    check_merge(parse(json.dumps(doc).encode(), name_pid=77))


@FUZZ
@given(mutated())
def test_mutated_documents(doc: Any) -> None:
    check_merge(validate(doc, name_pid=77))


@FUZZ
@given(lookalike())
def test_lookalike_documents(doc: Any) -> None:
    check_merge(validate(doc, name_pid=77))


@pytest.fixture(scope="module")
def spool() -> Any:
    d = Path(tempfile.mkdtemp(prefix="gpumemd-spool-fuzz-"))
    publish_healthy(d, os.getpid(), 100.0)
    yield d
    shutil.rmtree(d, ignore_errors=True)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.binary(max_size=512)
        | mutated().map(lambda d: json.dumps(d).encode())
        | lookalike().map(lambda d: json.dumps(d).encode()),
        min_size=1,
        max_size=4,
    )
)
def test_the_reader_serves_the_healthy_rank_next_to_hostile_files(spool: Path, files: list[bytes]) -> None:
    src = SpoolSource(spool, clock=lambda: 100.5)
    expected = {
        f.name: f.samples for f in src.families(src.read({})) if f.name.startswith("gpumemd_allocator")
    }
    written = []
    try:
        for i, data in enumerate(files):
            pid = NOWHERE + i  # a pid that runs nowhere: never verified
            assert not os.path.exists(f"/proc/{pid}")
            path = spool / f"agent-{pid}.json"
            path.write_bytes(data.replace(b'"pid": 77', f'"pid": {pid}'.encode()))
            written.append(path)
        reading = src.read({})
        assert [r.pid for r in reading.ranks] == [os.getpid()]
        got = {f.name: f.samples for f in src.families(reading) if f.name.startswith("gpumemd_allocator")}
        assert got == expected
        assert sum(reading.rejected.values()) + reading.counts["expired"] <= len(files)
    finally:
        for path in written:
            path.unlink(missing_ok=True)
