"""Every reader of untrusted bytes keeps what it builds within `untrusted.allowance` of its input
(docs/security.md, section 27): a spool file, a capture, a snapshot pickle, an alerts answer built
to cost the most per byte (empty objects, empty lists, short strings, a memo index far past the
pickle's objects) is refused before it is built. On main each reader built it: a document of
empty objects took about 25 times its bytes, a pickle of empty lists some 60 times, a ten-byte
pickle asking for memo slot 2^23 a 128 MiB array.

Peak memory is Python's own allocations as tracemalloc counts them, around the real reader.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

from gpumemd.backends.replay import CaptureUnreadable, load_capture
from gpumemd.diagnosis.snapshot import SnapshotUnreadable, load_snapshot
from gpumemd.spool.format import FORMAT, Rejection, parse
from tests.helpers import peak_allocated
from tests.security.hostile_http import Hostile, answer, routes
from tests.security.test_offline_readers import HEAD, measured

MIB = 1 << 20
# what the readers may spend: their allowance (16 times, plus 1 MiB), with the input itself
BOUND = 17



def _array(item: bytes, size: int) -> bytes:
    return b"[" + b",".join([item] * (size // (len(item) + 1))) + b"]"


JSON_BODIES = {
    "empty-objects": b"{}",
    "empty-lists": b"[]",
    "objects-of-one-list": b'{"a":[]}',
}


@pytest.mark.parametrize("item", JSON_BODIES.values(), ids=JSON_BODIES.keys())
def test_a_spool_file_that_costs_more_than_its_allowance_is_refused_unbuilt(item: bytes) -> None:
    data = b'{"format":"%s","pid":1,"families":' % FORMAT.encode() + _array(item, 2 * MIB) + b"}"
    got: list[Any] = []
    peak = peak_allocated(lambda: got.append(parse(data, name_pid=1)))
    assert isinstance(got[0], Rejection) and got[0].reason == "too_large", got[0]
    assert peak <= BOUND * len(data) + MIB, peak / len(data)  # 22-25x on main


@pytest.mark.parametrize("item", JSON_BODIES.values(), ids=JSON_BODIES.keys())
def test_a_capture_that_costs_more_than_its_allowance_is_refused_unbuilt(item: bytes, tmp_path: Path) -> None:
    path = tmp_path / "capture.json"
    path.write_bytes(b'{"format":"gpumemd-capture/1","nvml":{},"pad":' + _array(item, 2 * MIB) + b"}")
    size = path.stat().st_size

    def read() -> None:
        with pytest.raises(CaptureUnreadable, match="refused"):
            load_capture(path)

    assert peak_allocated(read) <= BOUND * size + MIB


def _appends(item: bytes, n: int) -> bytes:  # one list of n empty containers: a byte each
    return b"\x80\x04](" + item * n + b"e."


def _memo_index(index: int) -> bytes:  # an empty list memoized at slot `index`
    return b"\x80\x04]r" + struct.pack("<I", index) + b"."


PICKLES = {
    "empty-lists": _appends(b"]", 1 << 20),
    "empty-dicts": _appends(b"}", 1 << 20),
    "memo-slot-2^23": _memo_index(1 << 23),
}


@pytest.mark.parametrize("data", PICKLES.values(), ids=PICKLES.keys())
def test_a_snapshot_past_its_allowance_is_refused_unbuilt(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "snap.pickle"
    path.write_bytes(data)

    def read() -> None:
        with pytest.raises(SnapshotUnreadable, match="refused"):
            load_snapshot(path)

    peak = peak_allocated(read)
    assert peak <= BOUND * len(data) + MIB, peak / MIB


def test_explain_on_an_alerts_answer_of_empty_objects_keeps_within_the_allowance() -> None:
    metrics = HEAD.encode()
    alerts = b'{"status":"success","data":{"alerts":' + _array(b"{}", 4 * MIB) + b"}}"
    with Hostile(routes({"/metrics": answer(200, metrics), "/api/v1/alerts": answer(200, alerts)})) as daemon:
        got, out = measured("explain", "--url", daemon.url, "--json", "--timeout", "30s")
    assert got["rc"] in (0, 1) and json.loads(out)  # a report: the alerts said skipped
    assert got["peak"] <= BOUND * len(alerts) + MIB, got["peak"] / len(alerts)  # 25x on main
