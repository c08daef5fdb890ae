"""Snapshot pickles read into columns (gpumemd/untrusted/pickled.py, pickrows.py): every real
torch snapshot in tests/fixtures and every snapshot-shaped document hypothesis draws (shared
tracebacks, shared frames, entries that are no dict, keys no reader reads, each pickle protocol)
read into exactly what `pickle.loads` builds, projected onto the columns
(snapshot_projection.py); what is built stays within the allowance with the file counted; each
refusal is one line."""

from __future__ import annotations

import pickle
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.untrusted import FACTOR, SLACK, TooCostly
from gpumemd.untrusted.pickled import ClassRefused, Refused, read_snapshot
from tests.unit.untrusted.snapshot_docs import SNAPSHOTS, snapshots
from tests.unit.untrusted.snapshot_projection import columns_projected, project


def _peak(data: bytes) -> int:
    """What reading `data` allocates at most, the file's own bytes counted."""
    tracemalloc.start()
    try:
        read_snapshot(data)
        return tracemalloc.get_traced_memory()[1] + len(data)
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("path", SNAPSHOTS, ids=[p.name for p in SNAPSHOTS])
def test_a_real_snapshot_is_read_into_what_pickle_builds(path: Path) -> None:
    data = path.read_bytes()
    assert columns_projected(read_snapshot(data)) == project(pickle.loads(data))  # our fixtures: trusted


def test_a_generated_torch_shaped_snapshot_takes_far_less_than_its_allowance() -> None:
    from bench.pickle_budget import torch_like

    for data in (torch_like(2), torch_like(2, depth=8)):
        assert _peak(data) < 0.75 * (FACTOR * len(data) + SLACK)  # a quarter of it to spare
        assert columns_projected(read_snapshot(data)) == project(pickle.loads(data))


# --- snapshot-shaped documents ---------------------------------------------------------------



@settings(max_examples=150)
@given(snapshots(), st.sampled_from([2, 3, 4, 5]))
def test_a_snapshot_shaped_document_is_read_into_what_pickle_builds(doc: Any, protocol: int) -> None:
    data = pickle.dumps(doc, protocol=protocol)
    assert columns_projected(read_snapshot(data)) == project(pickle.loads(data))


@settings(max_examples=40)
@given(snapshots())
def test_a_snapshot_cut_short_is_not_a_pickle(doc: Any) -> None:
    data = pickle.dumps(doc, protocol=4)
    for cut in (len(data) - 1, len(data) // 2, 3):
        with pytest.raises(ValueError):
            read_snapshot(data[:cut])



# --- refusals --------------------------------------------------------------------------------

def test_a_pickle_asking_for_any_class_is_refused_and_never_run() -> None:
    with pytest.raises(ClassRefused, match="posix.system"):
        read_snapshot(b"cposix\nsystem\n(S'touch /tmp/gpumemd-pwned'\ntR.")
    with pytest.raises(ClassRefused, match="refused"):
        read_snapshot(pickle.dumps({"segments": [Path("/x")]}, protocol=4))


def test_a_text_protocol_pickle_is_refused_in_one_line() -> None:
    with pytest.raises(Refused, match="protocol 2 or later"):
        read_snapshot(pickle.dumps({"segments": []}, protocol=0))


def test_a_memo_index_past_the_objects_is_priced_as_the_slots_it_makes() -> None:
    data = b"\x80\x04]r" + (1 << 30).to_bytes(4, "little") + b"."
    with pytest.raises(TooCostly, match="refused"):
        read_snapshot(data)


@pytest.mark.parametrize("data", [
    b"\x80\x04](" + b"]" * 2_000_000 + b"e.",  # empty lists
    b"\x80\x04](" + b"}" * 2_000_000 + b"e.",  # empty dicts
    b"\x80\x04" + b"]" * 100_000 + b"a" * 99_999 + b".",  # nested deep
    b"\x80\x04" + b"K\x01" * 100_000 + b".",  # a stack of ints
], ids=["empty-lists", "empty-dicts", "deep", "flat-stack"])
def test_a_pickle_built_to_cost_is_refused_within_its_allowance(data: bytes) -> None:
    with pytest.raises(ValueError, match="refused"):
        read_snapshot(data)
    try:
        _peak(data)
    except ValueError:
        pass
    tracemalloc.start()
    try:
        with pytest.raises(ValueError):
            read_snapshot(data)
        peak = tracemalloc.get_traced_memory()[1] + len(data)
    finally:
        tracemalloc.stop()
    assert peak <= FACTOR * len(data) + SLACK


def test_a_shared_block_is_a_row_per_reference_and_refused_past_the_allowance() -> None:
    block = {"address": 1, "size": 512, "state": "active_allocated"}
    small = pickle.dumps({"segments": [{"device": 0, "blocks": [block] * 1000}]}, protocol=4)
    cols = read_snapshot(small)
    assert len(list(cols.blocks(next(cols.segments())))) == 1000
    bomb = pickle.dumps({"segments": [{"device": 0, "blocks": [block] * 2_000_000}]}, protocol=4)
    with pytest.raises(TooCostly, match="refused"):
        read_snapshot(bomb)


def test_a_part_referring_to_itself_is_refused() -> None:
    a: list[Any] = []
    a.append(a)
    with pytest.raises(Refused):
        read_snapshot(pickle.dumps({"segments": [], "allocator_settings": {"x": a}}, protocol=4))
    seg: dict[str, Any] = {"device": 0}
    seg["blocks"] = [seg]
    with pytest.raises(Refused):
        read_snapshot(pickle.dumps({"segments": [seg]}, protocol=4))
