"""Snapshot-shaped documents for hypothesis (shared tracebacks, shared frames, entries that are no
dict, keys no reader reads, odd values where numbers and strings go) and what a reader reads of
columns (`views`): the pickle reader's tests and the live walk's share them."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from gpumemd.untrusted.columns import Columns
from tests.helpers import ROOT

SNAPSHOTS = sorted((ROOT / "tests" / "fixtures" / "torch").glob("*.pickle"))

_INT = st.integers(-3, 1 << 40) | st.sampled_from([0, 1, 255, 256, 65535, 1 << 63, -(1 << 63), 10**30])
_ODD = (st.none() | st.booleans() | st.text(max_size=4) | st.floats(allow_nan=False)
        | st.builds(lambda: [1, "x"]))


@st.composite
def snapshots(draw: st.DrawFn) -> Any:
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


def views(cols: Columns) -> list[Any]:
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

