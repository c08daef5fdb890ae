"""Snapshot files as hostile input, and the figures read from a snapshot recorded on an H100."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.accounting import accounting_from_snapshot
from gpumemd.diagnosis.oom import diagnose
from gpumemd.diagnosis.snapshot import (
    SnapshotUnreadable,
    figures_from_segments,
    load_snapshot,
)
from tests.helpers import ROOT

H100_POOLS = json.loads((ROOT / "tests/fixtures/torch/h100__torch-2.11__pool-snapshot.json").read_text())


class _Boom:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch /tmp/gpumemd-pwned",))


def test_a_pickle_that_runs_code_is_refused_and_never_run(tmp_path: Path) -> None:
    marker = Path("/tmp/gpumemd-pwned")
    marker.unlink(missing_ok=True)
    path = tmp_path / "evil.pickle"
    path.write_bytes(pickle.dumps({"segments": [], "x": _Boom()}))
    with pytest.raises(SnapshotUnreadable, match="refused"):
        load_snapshot(path)
    assert not marker.exists()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_a_snapshot_or_one_clear_error(data: bytes) -> None:
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"gpumemd-fuzz-{os.getpid()}.pickle"
    path.write_bytes(data)
    try:
        doc = load_snapshot(path)
    except SnapshotUnreadable as exc:
        assert "\n" not in str(exc)
        return
    finally:
        path.unlink(missing_ok=True)
    accounting_from_snapshot(doc)


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.floats(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["segments", "device_traces", "x"]), json_like, max_size=3))
def test_any_snapshot_shaped_data_gives_figures_and_a_diagnosis(doc: dict) -> None:
    if not isinstance(doc.get("segments"), list):
        doc["segments"] = []
    fig = accounting_from_snapshot(doc)
    lacking = fig.missing
    d = diagnose(fig)
    json.dumps(d.to_json(), allow_nan=False)
    assert lacking


def test_the_h100_pool_snapshot_reads_as_torch_counted_it() -> None:
    seg = figures_from_segments(H100_POOLS["segments"], 0)
    segments = [s for s in H100_POOLS["segments"] if s["device"] == 0]
    assert seg.reserved == sum(s["total_size"] for s in segments)
    assert seg.allocated == sum(s["allocated_size"] for s in segments)
    private = [s for s in segments if tuple(s["segment_pool_id"]) != (0, 0)]
    assert seg.pool_reserved == sum(s["total_size"] for s in private)
    assert seg.largest_pool is not None and seg.largest_pool[1] == max(
        sum(s["total_size"] for s in private if tuple(s["segment_pool_id"]) == tuple(p["segment_pool_id"]))
        for p in private
    )


def test_a_snapshot_without_an_oom_event_names_what_it_lacks() -> None:
    fig = accounting_from_snapshot(H100_POOLS)
    lacking = fig.missing
    assert fig.requested is None and any("--requested" in line for line in lacking)
    fig = accounting_from_snapshot(H100_POOLS, requested=1 << 30)
    lacking = fig.missing
    assert fig.requested == 1 << 30 and any("yours" in line for line in lacking)
