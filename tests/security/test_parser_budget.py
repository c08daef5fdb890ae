"""Every reader of untrusted bytes keeps what it builds within `untrusted.allowance` of its input
(docs/security.md, section 27): four times a document's bytes plus 1 MiB (a snapshot pickle's
file counted in it). A spool file, a capture, an alerts or Prometheus answer built to cost the
most per byte (empty objects, empty lists, short strings) is refused once what it built reaches
the allowance; a snapshot pickle (empty lists, empty dicts, a memo index far past its objects)
likewise, its rows priced as they are built. Real documents past the slack are read as before,
within the allowance: a
spool file of 10,000 series, a Prometheus answer of 20,000 ranks (5.0 and 8.7 times their bytes
through `json.loads` and the answer's parser before the streaming reader).

Peak memory is Python's own allocations as tracemalloc counts them, around the real reader.
"""

from __future__ import annotations

import json
import struct
import time
from pathlib import Path
from typing import Any

import pytest

from gpumemd.backends.replay import CaptureUnreadable, load_capture
from gpumemd.commands.client import PrometheusAnswerError, Skips, parse_vector, query
from gpumemd.diagnosis.snapshot import SnapshotUnreadable, load_snapshot
from gpumemd.spool.format import FORMAT, FORMAT_V1, SERIES_OVERHEAD, RankFile, Rejection, parse, validate
from gpumemd.spool.handed import Handed
from gpumemd.untrusted import FACTOR, allowance, jsondoc
from gpumemd.untrusted.jsondoc import _SHALLOW
from tests.helpers import ROOT, peak_allocated
from tests.security.hostile_http import Hostile, answer, routes
from tests.security.test_offline_readers import HEAD, measured

MIB = 1 << 20
# what the readers may spend: their allowance (4 times and 1 MiB), with the input itself (a
# snapshot pickle's allowance counts its file: `FACTOR` times with it)
BOUND = FACTOR + 1



def _array(item: bytes, size: int) -> bytes:
    """A list of `item` to `size` bytes; b'"abc"' stands for three-character strings, distinct."""
    n = size // (len(item) + 1)
    if item != b'"abc"':
        return b"[" + b",".join([item] * n) + b"]"
    chars = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return b"[" + b",".join(b'"%c%c%c"' % (chars[i % 62], chars[i // 62 % 62], chars[i // 3844 % 62])
                            for i in range(n)) + b"]"


JSON_BODIES = {
    "empty-objects": b"{}",
    "empty-lists": b"[]",
    "objects-of-one-list": b'{"a":[]}',
    "short-strings": b'"abc"',  # distinct: 11 times its bytes, read on main within its 16
}


# samples: rows not shaped as series are the reader's, priced
@pytest.mark.parametrize("key", [b"families", b"samples"])
@pytest.mark.parametrize("item", JSON_BODIES.values(), ids=JSON_BODIES.keys())
def test_a_spool_file_that_costs_more_than_its_allowance_is_refused(item: bytes, key: bytes) -> None:
    data = b'{"format":"%s","pid":1,"%s":' % (FORMAT.encode(), key) + _array(item, 2 * MIB) + b"}"
    got: list[Any] = []
    peak = peak_allocated(lambda: got.append(parse(data, name_pid=1)))
    assert isinstance(got[0], Rejection) and got[0].reason == "too_large", got[0]
    assert peak <= BOUND * len(data) + MIB, peak / len(data)  # 11-25x on main


@pytest.mark.parametrize("item", JSON_BODIES.values(), ids=JSON_BODIES.keys())
def test_a_capture_that_costs_more_than_its_allowance_is_refused(item: bytes, tmp_path: Path) -> None:
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

    peak = peak_allocated(read) + len(data)  # the file, read whole, counted in its allowance
    assert peak <= FACTOR * len(data) + MIB, peak / MIB


def test_explain_on_an_alerts_answer_of_empty_objects_keeps_within_the_allowance() -> None:
    metrics = HEAD.encode()
    alerts = b'{"status":"success","data":{"alerts":' + _array(b"{}", 4 * MIB) + b"}}"
    with Hostile(routes({"/metrics": answer(200, metrics), "/api/v1/alerts": answer(200, alerts)})) as daemon:
        got, out = measured("explain", "--url", daemon.url, "--json", "--timeout", "30s")
    assert got["rc"] in (0, 1) and json.loads(out)  # a report: the alerts said skipped
    assert got["peak"] <= BOUND * len(alerts) + MIB, got["peak"] / len(alerts)  # 25x on main


def _spool_of_series(n: int) -> bytes:
    """A real rank's file (the fixture) with its series repeated under `n` distinct label sets."""
    fixture = ROOT / "tests/fixtures/spool/h100__580.159.04__two-ranks-cupy/agent-834.json"
    doc = json.loads(fixture.read_text())
    rows = [[i, name, {**labels, "stream": str(k)}, value]
            for k in range(n // len(doc["samples"]) + 1) for i, name, labels, value in doc["samples"]]
    doc["samples"] = rows[:n]
    return json.dumps(doc, separators=(",", ":")).encode()


def test_a_spool_file_of_ten_thousand_series_is_read_as_before_within_its_allowance() -> None:
    data = _spool_of_series(10_000)  # 1.3 MB: json.loads alone took 5.0 times it
    got: list[Any] = []
    peak = peak_allocated(lambda: got.append(parse(data, name_pid=834, max_series=10_000)))
    want = validate(json.loads(data), name_pid=834, max_series=10_000)
    assert isinstance(got[0], RankFile) and isinstance(want, RankFile) and got[0].series == 10_000
    assert got[0].families == want.families and got[0].identity == want.identity
    # the reader within its allowance; the rest is the RankFile the daemon keeps (SERIES_OVERHEAD)
    assert peak <= (FACTOR + 1) * len(data), peak / len(data)  # 6.5x on main


@pytest.mark.skipif(_SHALLOW is None, reason="Python 3.10 reads a list token by token (no possessive runs)")
def test_a_spool_file_of_ten_thousand_series_is_read_a_window_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The streaming reader reads a list's shallow elements a window at a time through
    `json.loads`, not token by token in Python: the tokens it matches one by one are a few per
    window, not a few per series (speed itself is a benchmark: bench/parser_speed.py, figures in
    bench/results/2026-11-28-cpu-json-gaps/). Same answer as `json.loads`."""
    data = _spool_of_series(10_000)
    calls = [0]
    token = jsondoc._Reader._token

    def counted(self: Any) -> tuple[int, bytes]:
        calls[0] += 1
        return token(self)

    monkeypatch.setattr(jsondoc._Reader, "_token", counted)
    one_by_one = [0]  # rows taken in Python one at a time, not a window's at once
    take, adopt = Handed._take, jsondoc._Reader._adopt_list

    def taken(self: Any, places: Any, row: Any) -> Any:
        one_by_one[0] += 1
        return take(self, places, row)

    def adopted(self: Any, value: Any) -> Any:
        one_by_one[0] += 1
        return adopt(self, value)

    monkeypatch.setattr(Handed, "_take", taken)
    monkeypatch.setattr(jsondoc._Reader, "_adopt_list", adopted)
    got = parse(data, name_pid=834, max_series=10_000)
    want = validate(json.loads(data), name_pid=834, max_series=10_000)
    assert isinstance(got, RankFile) and isinstance(want, RankFile) and got.families == want.families
    windows = len(data) // jsondoc._WINDOW + 1
    # token by token (main) a series is about twenty tokens: 200,000 here
    assert calls[0] <= 50 * windows, (calls[0], windows)
    # the rows of more labels than a series' budget (3 % of this file's) alone; 10,000 before
    assert one_by_one[0] <= 500, one_by_one[0]


def _tiny_series(n: int, pad: bytes = b"", fmt: str = FORMAT) -> bytes:
    """A spool file of `n` series of one short label each (and `pad` rows after them), in version
    2's rows or version 1's families."""
    name = b'"gpumemd_allocator_allocated_bytes"'
    if fmt == FORMAT_V1:
        rows = b",".join(b'[%s,{"a":"%d"},1.0]' % (name, i) for i in range(n))
        body = b'"families":[[%s,"gauge","h",[%s%s]]]' % (name, rows, pad)
    else:
        rows = b",".join(b'[0,%s,{"a":"%d"},1.0]' % (name, i) for i in range(n))
        body = b'"types":[[%s,"gauge","h"]],"samples":[%s%s]' % (name, rows, pad)
    return (b'{"format":"%s","pid":834,"written":1.7e9,"interval":1.0,"identity":{"rank":"0"},%s}'
            % (fmt.encode(), body))


FORMATS = pytest.mark.parametrize("fmt", [FORMAT, FORMAT_V1], ids=["v2", "v1"])


@FORMATS
def test_a_spool_file_of_tiny_series_up_to_max_series_is_read(fmt: str) -> None:
    """Lists and dicts of one short label cost about seven times their bytes: main refused such a
    file `too_large` from between 6,000 and 7,000 series on (a version 1 file's until
    h/spoolv1). Its rows are the caller's as they are read: the reader within its allowance, the
    series within the daemon's budget of them."""
    data = _tiny_series(10_000, fmt=fmt)
    got: list[Any] = []
    peak = peak_allocated(lambda: got.append(parse(data, name_pid=834, max_series=10_000)))
    assert isinstance(got[0], RankFile) and got[0].series == 10_000, got[0]
    assert got[0].families == validate(json.loads(data), name_pid=834, max_series=10_000).families  # type: ignore[union-attr]
    assert peak <= allowance(len(data)) + got[0].bytes, peak / len(data)


@FORMATS
def test_tiny_series_past_max_series_are_refused(fmt: str) -> None:
    got = parse(_tiny_series(10_001, fmt=fmt), name_pid=834, max_series=10_000)
    assert isinstance(got, Rejection) and got.reason == "too_many_series", got
    # rows past max_series are the reader's: priced within its allowance, refused at it
    data = _tiny_series(10_000, b",{}" * (MIB // 3), fmt)
    result: list[Any] = []
    peak = peak_allocated(lambda: result.append(parse(data, name_pid=834, max_series=10_000)))
    assert isinstance(result[0], Rejection) and result[0].reason == "too_large", result[0]
    assert peak <= allowance(len(data)) + SERIES_OVERHEAD * 10_000, peak / len(data)


def _ranks(n: int) -> bytes:
    result = [{"metric": {"__name__": "gpumemd_process_rank_info", "job_id": "j", "rank": str(i),
                          "instance": f"node{i // 8}:9967"}, "value": [1.7e9, "1"]} for i in range(n)]
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": result}},
                      separators=(",", ":")).encode()


def test_a_prometheus_answer_of_twenty_thousand_ranks_is_read_as_before_within_its_allowance() -> None:
    body = _ranks(20_000)
    with Hostile(routes({"/api/v1/query": answer(200, body, "application/json")})) as prom:
        got: list[Any] = []
        skips = Skips()
        peak = peak_allocated(lambda: got.append(query(prom.url, "up", time.monotonic() + 60, 60, skips)))
    assert got[0] == parse_vector(json.loads(body), Skips()) and len(got[0]) == 20_000
    assert peak <= BOUND * len(body) + MIB, peak / len(body)  # the answer and what is kept: 11x on main


@pytest.mark.parametrize("item", JSON_BODIES.values(), ids=JSON_BODIES.keys())
def test_a_prometheus_answer_that_costs_more_than_its_allowance_is_refused_in_one_line(item: bytes) -> None:
    body = b'{"status":"success","data":{"resultType":"vector","result":' + _array(item, 4 * MIB) + b"}}"
    with Hostile(routes({"/api/v1/query": answer(200, body, "application/json")})) as prom:

        def read() -> None:
            with pytest.raises(PrometheusAnswerError, match="refused"):
                query(prom.url, "up", time.monotonic() + 60, 60, Skips())

        peak = peak_allocated(read)
    assert peak <= BOUND * len(body) + MIB, peak / len(body)
