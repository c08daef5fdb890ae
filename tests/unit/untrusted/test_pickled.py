"""Snapshot pickles read into columns (gpumemd/untrusted/pickled.py): every real torch snapshot in
tests/fixtures and every snapshot-shaped document hypothesis draws (shared tracebacks, shared
frames, entries that are no dict, keys no reader reads, each pickle protocol) read into exactly
what `pickle.loads` builds, projected onto the columns (snapshot_projection.py); what is built
stays within the allowance with the file counted; each refusal is one line."""

from __future__ import annotations

import pickle
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gpumemd.untrusted import FACTOR, SLACK, TooCostly
from gpumemd.untrusted.columns import Columns
from gpumemd.untrusted.pickled import ClassRefused, Refused, columns_of, read_snapshot
from tests.helpers import ROOT
from tests.unit.untrusted.snapshot_projection import columns_projected, project

SNAPSHOTS = sorted((ROOT / "tests" / "fixtures" / "torch").glob("*.pickle"))


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

_INT = st.integers(-3, 1 << 40) | st.sampled_from([0, 1, 255, 256, 65535, 1 << 63, -(1 << 63), 10**30])
_ODD = (st.none() | st.booleans() | st.text(max_size=4) | st.floats(allow_nan=False)
        | st.builds(lambda: [1, "x"]))


@st.composite
def _snapshot(draw: st.DrawFn) -> Any:
    frames = [
        {"filename": draw(st.sampled_from(["/a/train.py", "/t/torch/nn.py", "é/ü.py"]) | _ODD),
         "line": draw(_INT | _ODD), "name": draw(st.text(max_size=6) | _ODD)}
        for _ in range(draw(st.integers(0, 4)))
    ]
    traces = [[draw(st.sampled_from(frames)) if frames and draw(st.booleans()) else
               {"filename": "/x.py", "line": 1, "name": "f"} for _ in range(draw(st.integers(0, 3)))]
              for _ in range(draw(st.integers(0, 3)))]
    maybe = lambda v: draw(st.just(v) | _ODD) if draw(st.integers(0, 9)) == 0 else v  # noqa: E731

    def block() -> Any:
        b = {"address": maybe(draw(_INT)), "size": maybe(draw(_INT)), "requested_size": maybe(draw(_INT)),
             "state": maybe(draw(st.sampled_from(["active_allocated", "inactive", "active_pending_free"])))}
        if traces and draw(st.booleans()):
            b["frames"] = draw(st.sampled_from(traces))
        if draw(st.integers(0, 5)) == 0:
            b["unread"] = [{"k": draw(_INT)}]
        return b if draw(st.integers(0, 15)) else draw(_ODD)

    def segment() -> Any:
        s = {"device": maybe(draw(st.integers(0, 2))), "address": maybe(draw(_INT)),
             "total_size": maybe(draw(_INT)), "stream": maybe(draw(_INT)),
             "segment_type": maybe(draw(st.sampled_from(["large", "small"]))),
             "segment_pool_id": maybe(draw(st.sampled_from([(0, 0), (1, 2)]))),
             "is_expandable": draw(st.booleans() | _ODD),
             "allocated_size": 0, "frames": draw(st.sampled_from(traces)) if traces else [],
             "blocks": maybe([block() for _ in range(draw(st.integers(0, 4)))])}
        return s if draw(st.integers(0, 15)) else draw(_ODD)

    segments = [segment() for _ in range(draw(st.integers(0, 4)))]
    if draw(st.integers(0, 4)) == 0:
        return segments  # memory_snapshot()'s plain list
    event = lambda: {  # noqa: E731
        "action": maybe(draw(st.sampled_from(["alloc", "free_requested", "free_completed", "oom",
                                              "segment_alloc", "segment_map"]))),
        "addr": maybe(draw(_INT)), "size": maybe(draw(_INT)), "stream": maybe(draw(_INT)),
        "device_free": maybe(draw(_INT)), "time_us": 1,
        "frames": draw(st.sampled_from(traces)) if traces else []}
    doc: dict[str, Any] = {"segments": maybe(segments)}
    if draw(st.booleans()):
        doc["device_traces"] = maybe([
            maybe([event() if draw(st.integers(0, 9)) else draw(_ODD)
                   for _ in range(draw(st.integers(0, 5)))])
            for _ in range(draw(st.integers(0, 3)))])
    if draw(st.booleans()):
        doc["allocator_settings"] = maybe({
            "PYTORCH_CUDA_ALLOC_CONF": draw(st.text(max_size=10)), "max_split_size": draw(_INT),
            "expandable_segments": draw(st.booleans()), "garbage_collection_threshold": 0.5,
            "roundup_power2_divisions": {"1": 0, "2": draw(_INT)}})
    if draw(st.booleans()):
        doc["external_annotations"] = [{"stage": "x", "frames": traces[0] if traces else []}]
    keys = list(doc)
    return {k: doc[k] for k in draw(st.permutations(keys))}


@settings(max_examples=150)
@given(_snapshot(), st.sampled_from([2, 3, 4, 5]))
def test_a_snapshot_shaped_document_is_read_into_what_pickle_builds(doc: Any, protocol: int) -> None:
    data = pickle.dumps(doc, protocol=protocol)
    assert columns_projected(read_snapshot(data)) == project(pickle.loads(data))


@settings(max_examples=40)
@given(_snapshot())
def test_a_snapshot_cut_short_is_not_a_pickle(doc: Any) -> None:
    data = pickle.dumps(doc, protocol=4)
    for cut in (len(data) - 1, len(data) // 2, 3):
        with pytest.raises(ValueError):
            read_snapshot(data[:cut])


def _views(cols: Columns) -> list[Any]:
    """Everything a reader reads of `cols`: each view, a block's traceback as its frames."""
    segments = list(cols.segments())
    return [
        cols.has_segments,
        [s._replace(row=0, blocks=range(0)) for s in segments],
        [[b._replace(trace=0) for b in cols.blocks(s)] for s in segments],
        [[cols.frames(b.trace) for b in cols.blocks(s)] for s in segments],
        cols.devices,
        [cols.has_events(d) for d in range(cols.devices)],
        [list(cols.events(d)) for d in range(cols.devices)],
        cols.settings,
    ]


def _same(a: Columns, b: Columns) -> None:
    """Every view a reader takes of `a` is `b`'s (the row and trace numbers aside: the live walk
    numbers them in its own order)."""
    assert _views(a) == _views(b)


@pytest.mark.parametrize("path", SNAPSHOTS, ids=lambda p: p.name)
def test_a_live_snapshot_walked_is_the_columns_of_its_pickle(path: Path) -> None:
    data = path.read_bytes()
    doc = pickle.loads(data)
    _same(columns_of(doc), read_snapshot(pickle.dumps(doc), limit=None))
    _same(columns_of(doc), read_snapshot(data, limit=None))  # the file torch wrote, too
    cols = columns_of(doc)
    assert columns_of(cols) is cols


# A list standing alone in a device's event list, in a batch of device lists: the reader gives it
# a list of its own before it knows where it lands (the walk does not); a reader sees a gap in
# both. Hypothesis drew it only where more of gpumemd's modules were imported (it draws the
# constants of the modules loaded), so it failed in long runs alone: it is always tried here.
_LONE_LIST = {"segments": [], "device_traces": [[[1, "x"]], []]}


@settings(max_examples=300)
@given(_snapshot())
@example(_LONE_LIST)
def test_a_live_snapshot_shaped_document_walked_is_the_columns_of_its_pickle(doc: Any) -> None:
    try:
        expected = read_snapshot(pickle.dumps(doc, protocol=4), limit=None)
    except Refused:  # (a few odd documents the reader refuses, a live snapshot is walked all the same)
        return
    _same(columns_of(doc), expected)
    without = columns_of(doc, events=False)  # the leak finder's: the same, no event read
    assert _views(without)[:4] == _views(expected)[:4]
    assert without.devices == 0 and without.device_lists is None


def test_a_live_snapshot_holding_an_object_is_refused_and_the_object_never_run() -> None:
    ran = []

    class Trap:
        def __reduce__(self) -> Any:
            ran.append(1)
            return (list, ())

    for doc in ({"segments": [], "allocator_settings": {"x": Trap()}}, [{"blocks": [], "address": Trap()}]):
        with pytest.raises(ClassRefused):
            columns_of(doc)
    assert not ran


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
