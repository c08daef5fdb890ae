"""A live snapshot walked into columns (gpumemd/untrusted/livewalk.py, through
`pickled.columns_of`): every view a reader takes is the one the pickle reader gives for the
dict's pickle, on every real torch snapshot in tests/fixtures and every snapshot-shaped document
hypothesis draws; an object of any other type where a reader reads is refused, never run."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings

from gpumemd.untrusted.columns import Columns
from gpumemd.untrusted.pickled import ClassRefused, Refused, columns_of, read_snapshot
from tests.unit.untrusted.snapshot_docs import SNAPSHOTS, snapshots, views


def _same(a: Columns, b: Columns) -> None:
    """Every view a reader takes of `a` is `b`'s (the row and trace numbers aside: the live walk
    numbers them in its own order)."""
    assert views(a) == views(b)


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
# No timing can fail it (no deadline in any profile, no too-slow check): only a wrong view.
_LONE_LIST = {"segments": [], "device_traces": [[[1, "x"]], []]}


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(snapshots())
@example(_LONE_LIST)
def test_a_live_snapshot_shaped_document_walked_is_the_columns_of_its_pickle(doc: Any) -> None:
    try:
        expected = read_snapshot(pickle.dumps(doc, protocol=4), limit=None)
    except Refused:  # (a few odd documents the reader refuses, a live snapshot is walked all the same)
        return
    _same(columns_of(doc), expected)
    without = columns_of(doc, events=False)  # the leak finder's: the same, no event read
    assert views(without)[:4] == views(expected)[:4]
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

