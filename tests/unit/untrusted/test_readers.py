"""The untrusted readers: the streaming JSON reader builds what `json.loads` builds (or the part
its caller names), never allocates more than it prices, and refuses what `json.loads` refuses
(named documents, and any document hypothesis draws, whole or with a few bytes broken);
the byte-count bound that lets `json.loads` read is never below what it builds; each refusal is
one line (snapshot pickles: test_pickled.py)."""

from __future__ import annotations

import json
import re
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.untrusted import (
    Each,
    Fields,
    TooCostly,
    allowance,
    jsondoc,
    loads_json,
    read_json,
)
from tests.helpers import ROOT, peak_allocated

FIXTURES = ROOT / "tests" / "fixtures"



def _prometheus(n: int, labels: int) -> bytes:
    metric = lambda i: {f"l{k}": f"value-{i}-{k}" for k in range(labels)}  # noqa: E731
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": metric(i), "value": [1_700_000_000.123, str(i)]} for i in range(n)]}}).encode()


JSON_DOCS: dict[str, bytes] = {
    **{p.name: p.read_bytes() for p in sorted(FIXTURES.glob("spool/*/*.json"))[:2]},
    **{p.name: p.read_bytes() for p in sorted(FIXTURES.glob("captures/*.json"))[:2]},
    "prometheus-one-label": _prometheus(20_000, 1),
    "prometheus-five-labels": _prometheus(20_000, 5),
    "numbers": json.dumps([i * 1000 + 0.5 for i in range(50_000)] + list(range(50_000))).encode(),
    "long-numbers": b"[" + b",".join([b"7" * 4000] * 500) + b"]",
    "nested": json.dumps([[[i, {"k": [str(i)]}]] for i in range(20_000)]).encode(),
    "non-ascii": json.dumps(["é" * 10 + "\U0001f600" + "a" * 30] * 5000, ensure_ascii=False).encode(),
    "escaped": json.dumps(["\U0001f600" + "a" * 30] * 5000).encode(),
}


@pytest.mark.parametrize("data", JSON_DOCS.values(), ids=JSON_DOCS.keys())
def test_the_streaming_reader_builds_what_json_loads_builds(data: bytes) -> None:
    assert read_json(data, limit=1 << 40) == json.loads(data)


# what the reader allocates that it does not price: its frames and one token's match
UNPRICED = 64 << 10


@pytest.mark.parametrize("data", JSON_DOCS.values(), ids=JSON_DOCS.keys())
def test_the_streaming_reader_never_allocates_more_than_it_prices(data: bytes) -> None:
    assert peak_allocated(lambda: read_json(data, limit=1 << 40)) <= jsondoc.estimate(data) + UNPRICED


@pytest.mark.parametrize("data", JSON_DOCS.values(), ids=JSON_DOCS.keys())
def test_the_bound_that_lets_json_loads_read_is_never_below_what_it_builds(data: bytes) -> None:
    assert jsondoc._bound(data) >= peak_allocated(lambda: json.loads(data))


REAL = [name for name in JSON_DOCS if name.endswith(".json")]  # Prometheus' answers: read by their schema


@pytest.mark.parametrize("name", REAL)
def test_the_documents_gpumemd_reads_are_within_their_allowance(name: str) -> None:
    data = JSON_DOCS[name]
    assert loads_json(data) == json.loads(data)
    assert peak_allocated(lambda: loads_json(data)) <= allowance(len(data))


def test_a_document_of_every_kind_of_token_is_read_as_json_loads_reads_it() -> None:
    data = (
        b' {"a": [1, -0, 2.5e3, 1E400, -1.5, 12345678901234567890123, "x\\u00e9\\n\\ud800", true, false,'
        b' null, NaN, -Infinity, Infinity, {}, [], [[]], "\xc3\xa9t\xc3\xa9", ""], "a": {"b": "c"}} '
    )
    assert repr(read_json(data)) == repr(json.loads(data))  # NaN: equal as text only


NOT_JSON = [b"", b"[", b"[1,]", b'{"a":1,}', b'{"a" 1}', b"[1 2]", b'"abc', b"01", b"[1]x", b"{1:2}",
            b'"\x01"', b'"\\x"', b"\xff", b"tru", b"+1", b"1.", b'{"a":}', b"[}", b'{"k": [1, {]}']


@pytest.mark.parametrize("data", NOT_JSON)
def test_what_json_loads_refuses_the_reader_refuses(data: bytes) -> None:
    with pytest.raises(ValueError):
        json.loads(data)
    for schema in (None, Fields({"other": None}), Each(lambda item: item)):
        with pytest.raises(ValueError):
            read_json(data, schema)
        with pytest.raises(ValueError):  # skipped, not built: read by the same grammar
            read_json(b'{"skipped": ' + data + b"}", Fields({}))


def test_a_document_nested_past_the_depth_is_refused_in_one_line() -> None:
    data = b"[" * (jsondoc.MAX_DEPTH + 1) + b"]" * (jsondoc.MAX_DEPTH + 1)
    with pytest.raises(ValueError, match="nested deeper"):
        read_json(data)
    with pytest.raises(ValueError, match="nested deeper"):  # skipped, not built: refused all the same
        read_json(b'{"skipped": ' + data + b"}", Fields({}))


def test_fields_builds_only_the_keys_it_names() -> None:
    skipped = b"[" + b",".join([b'{"k": ["a long string of no use"]}'] * 100_000) + b"]"
    data = b'{"big": ' + skipped + b', "kept": {"x": [1, 2]}, "also": "a"}'
    got: list[object] = []
    peak = peak_allocated(lambda: got.append(read_json(data, Fields({"kept": None}))))
    assert got == [{"kept": {"x": [1, 2]}}]
    assert peak < UNPRICED, peak  # the skipped list of 3.6 MB built nothing


def test_each_keeps_what_keep_returns_and_prices_only_that() -> None:
    items = b"[" + b",".join(b'{"id": %d, "pad": "%s"}' % (i, b"p" * 200) for i in range(20_000)) + b"]"
    data = b'{"items": ' + items + b"}"
    reader = jsondoc._Reader(data, 1 << 40)
    got = reader.document(Fields({"items": Each(lambda item: item["id"])}))
    assert got == {"items": list(range(20_000))}
    assert reader.most < len(data), reader.most / len(data)  # each pad gave way as its item was kept
    assert json.loads(data)["items"][5]["pad"] == "p" * 200  # the pads were there to give way


def test_a_json_document_past_its_allowance_is_one_line() -> None:
    data = b"[" + b",".join([b"{}"] * 700_000) + b"]"
    with pytest.raises(TooCostly) as got:
        loads_json(data)
    assert "refused" in str(got.value) and "\n" not in str(got.value)
    assert isinstance(got.value, ValueError)  # every caller's `not JSON` handling covers it


def test_an_unterminated_string_of_escaped_quotes_is_refused_in_linear_time() -> None:
    data = b"[" + b"{}," * 400_000 + b'"' + b'\\"' * 200_000  # each quote would start a scan to the end
    started = time.monotonic()
    with pytest.raises(ValueError):
        loads_json(data)
    assert time.monotonic() - started < 5


# main's token pattern where re has no possessive quantifiers (Python 3.10): a control that shows
# the bound below tells a string matched whole by a repeated group from one matched run by run
_MAINS_310_TOKEN = re.compile(
    rb'[ \t\r\n]*(?:"([^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*)"'
    rb"|(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)|([\[\]{},:])"
    rb"|(true|false|null|NaN|Infinity|-Infinity))"
)
# each Python's own patterns, and Python 3.10's wherever this runs (the same code builds both)
PATTERNS = [False, True] if sys.version_info >= (3, 11) else [False]


@pytest.mark.parametrize("possessive", PATTERNS, ids=["python-3.10-patterns", "possessive"][: len(PATTERNS)])
def test_a_string_of_escapes_is_read_within_four_times_its_bytes_on_every_python(
    possessive: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, escaped = jsondoc._patterns(possessive)
    monkeypatch.setattr(jsondoc, "_TOKEN", token)
    monkeypatch.setattr(jsondoc, "_ESCAPED", escaped)
    data = b'["' + b"\\n" * (1 << 20) + b'"]'  # past the byte-count bound: the streaming reader's
    got: list[object] = []
    started = time.monotonic()
    peak = peak_allocated(lambda: got.append(loads_json(data)))
    assert time.monotonic() - started < 5
    assert got == [["\n" * (1 << 20)]]
    assert peak <= 4 * len(data), peak / len(data)
    control = peak_allocated(lambda: _MAINS_310_TOKEN.match(data, 1))
    assert control > 4 * len(data), control / len(data)  # main's 3.10 pattern: an entry per escape
    # escapes of every kind across the runs' edges, and the ones JSON refuses after many good ones
    mixed = b'["' + b'a\\u00e9\\"\\\\\\/\\ud83d\\ude00' * 1000 + b'", "\\n"]'
    assert read_json(mixed) == json.loads(mixed)
    for bad, end in ((b"\\x", b'"]'), (b"\x01", b'"]'), (b"\\u12", b'"]'), (b"", b"")):
        with pytest.raises(ValueError):
            read_json(b'["' + b"\\t" * 1000 + bad + end)


_LEAF = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
_DOC = st.recursive(
    _LEAF,
    lambda c: st.lists(c, max_size=5) | st.dictionaries(st.text(max_size=8), c, max_size=5),
    max_leaves=30,
)
_EDIT_BYTES = list(b'{}[],:"\\ 0123456789-+.eEtrufalsn\x01\x7f\xc3\xa9ab')


def _rows_with(element: bytes, n: int = 20_000) -> bytes:
    """A list of `n` rows with `element` in the middle (compact: a row ends at "],[")."""
    row = b'[0,"gpumemd_x",{"a":"1"},1.0]'
    return b"[" + b",".join([row] * (n // 2) + [element] + [row] * (n // 2)) + b"]"


def test_each_run_takes_a_windows_elements_at_once_and_never_deeper_than_the_depth() -> None:
    """An `Each` with `run`: a list of lists read a window at a time (the window's end guessed
    at its last "],[", json.loads the judge), each window's elements handed to `run` as
    json.loads built them; what `run` returns is priced walked, refused past MAX_DEPTH as the
    token by token reader refuses it (json.loads itself reads far deeper)."""
    windows: list[int] = []

    def run(items: list[object]) -> list[object]:
        windows.append(len(items))
        return [None if type(item) is list and len(item) == 4 else item for item in items]

    schema = Each(lambda item: None if type(item) is list and len(item) == 4 else item, run=run)
    deep = jsondoc.MAX_DEPTH - 1  # the deepest within the depth, as the element of a list at depth 1
    for element in (b"[" * deep + b"]" * deep, b'{"k":' * deep + b"1" + b"}" * deep, b'"],["', b"7"):
        data = _rows_with(element)
        windows.clear()
        got = read_json(data, schema, limit=1 << 40)
        assert got == [None if type(item) is list and len(item) == 4 else item for item in json.loads(data)]
        assert sum(windows) >= 19_000 and len(windows) < len(data) // jsondoc._WINDOW + 10, element[:8]
    for element in (b"[" * (deep + 1) + b"]" * (deep + 1), b'{"k":' * (deep + 1) + b"1" + b"}" * (deep + 1)):
        data = _rows_with(element)
        assert json.loads(data)  # json.loads reads it
        for each in (schema, Each(lambda item: item)):  # run, or token by token
            with pytest.raises(ValueError, match="nested deeper"):
                read_json(data, each, limit=1 << 40)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_LEAF, max_size=4) | _LEAF, max_size=6),
       st.lists(st.tuples(st.integers(0, 200), st.sampled_from(_EDIT_BYTES)), max_size=2))
def test_a_list_of_lists_read_by_run_is_what_json_loads_reads(
        rows: list[object], edits: list[tuple[int, int]]) -> None:
    """The window's end guessed anywhere a "],[" stands (strings among them), broken documents
    too: `run` sees json.loads' elements, and the document read or refused as json.loads does."""
    data = bytearray(json.dumps(rows, separators=(",", ":")).encode())
    for at, byte in edits:
        data.insert(at % (len(data) + 1), byte)
    schema = Each(lambda item: item, run=lambda items: list(items))
    outcomes = []
    for read in (json.loads, lambda d: read_json(d, schema)):
        try:
            outcomes.append(repr(read(bytes(data))))
        except ValueError:
            outcomes.append("refused")
    assert outcomes[0] == outcomes[1], bytes(data)


@settings(max_examples=300, deadline=None)
@given(_DOC, st.booleans(), st.booleans())
def test_any_document_is_read_as_json_loads_reads_it(value: object, ascii_only: bool, compact: bool) -> None:
    data = json.dumps(value, ensure_ascii=ascii_only, separators=(",", ":") if compact else None).encode()
    assert read_json(data) == json.loads(data)


@settings(max_examples=500, deadline=None)
@given(_DOC, st.lists(st.tuples(st.integers(0, 200), st.sampled_from(_EDIT_BYTES)), max_size=3),
       st.booleans())
def test_a_broken_document_is_refused_where_json_loads_refuses_it(
    value: object, edits: list[tuple[int, int]], delete: bool
) -> None:
    data = bytearray(json.dumps(value).encode())
    for at, byte in edits:
        at %= len(data) + 1
        if delete and at < len(data):
            del data[at]
        else:
            data.insert(at, byte)
    outcomes = []
    for read in (json.loads, read_json):
        try:
            outcomes.append(repr(read(bytes(data))))  # repr: NaN equal to NaN
        except ValueError:
            outcomes.append("refused")
    assert outcomes[0] == outcomes[1], bytes(data)
