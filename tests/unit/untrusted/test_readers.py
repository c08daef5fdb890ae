"""The untrusted readers' estimates: never below what CPython builds for the documents the
project reads (real spool files, captures, torch snapshots, Prometheus-shaped answers), so a real
document is never refused, and each refusal is one line."""

from __future__ import annotations

import json
import pickle
import time
from pathlib import Path

import pytest

from gpumemd.untrusted import TooCostly, allowance, jsondoc, loads_json, pickled
from gpumemd.untrusted.pickled import ClassRefused, load_pickle
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
def test_the_json_estimate_is_never_below_what_is_built(data: bytes) -> None:
    built = peak_allocated(lambda: json.loads(data))
    assert jsondoc.estimate(data) >= built, (jsondoc.estimate(data) / built)
    assert jsondoc._bound(data) >= jsondoc.estimate(data)


REAL = [name for name in JSON_DOCS if name.endswith(".json") or name.startswith("prometheus")]


@pytest.mark.parametrize("name", REAL)
def test_the_documents_gpumemd_reads_are_within_their_allowance(name: str) -> None:
    data = JSON_DOCS[name]
    assert jsondoc.estimate(data) <= allowance(len(data)) - (1 << 20)  # even without the slack
    assert loads_json(data) == json.loads(data)


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


SNAPSHOTS = sorted(FIXTURES.glob("torch/*.pickle"))


@pytest.mark.parametrize("path", SNAPSHOTS, ids=[p.name for p in SNAPSHOTS])
def test_the_pickle_estimate_is_never_below_what_is_built(path: Path) -> None:
    data = path.read_bytes()
    built = peak_allocated(lambda: pickle.loads(data))
    assert pickled.estimate(data) >= built
    assert pickled.estimate(data) <= allowance(len(data)) - (1 << 20)  # read even past the slack
    assert load_pickle(data) == pickle.loads(data)


@pytest.mark.parametrize("protocol", [0, 2, 5])
def test_a_pickle_of_any_protocol_is_priced_at_least_at_what_it_builds(protocol: int) -> None:
    doc = {"segments": [{"blocks": [[i, float(i), str(i) * 3, 10**20 + i] for i in range(5000)]}]}
    data = pickle.dumps(doc, protocol=protocol)
    assert pickled.estimate(data) >= peak_allocated(lambda: pickle.loads(data))
    with pytest.raises(ValueError):  # cut short: not a pickle, whichever scan reads it
        pickled.estimate(data[: len(data) // 2] + b"X\xff\xff\xff\x7f")


def test_a_pickle_asking_for_any_class_is_refused_and_never_run() -> None:
    with pytest.raises(ClassRefused, match="posix.system"):
        load_pickle(b"cposix\nsystem\n(S'touch /tmp/gpumemd-pwned'\ntR.")


def test_a_memo_index_past_the_objects_is_priced_as_the_array_it_makes() -> None:
    data = b"\x80\x04]r" + (1 << 30).to_bytes(4, "little") + b"."
    with pytest.raises(TooCostly, match="refused"):
        load_pickle(data)
