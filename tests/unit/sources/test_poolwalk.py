"""The pool read walks the snapshot once (sources/pools.py `summarize` feeding
diagnosis/snapshot.py's `DeviceWalk`) and exports every figure the two walks before it did:

- on every snapshot recorded on an H100 (tests/fixtures/torch), read in sequences that make
  tensors come and go, against tests/golden/poolwalk.json, written by main's code before the
  merge (`python tests/unit/sources/test_poolwalk.py --write WHO` with main's tree first on
  PYTHONPATH; the golden's `written_by` says which tree);
- on segment lists hypothesis draws whose tensors come and go, against the reference copy of
  the two walks (bench/poolwalk_before.py): the same readings. Hostile lists (the same
  comparison, and the refusals) are in tests/security/test_allocator_snapshot.py.
"""

from __future__ import annotations

import copy
import json
import pickle
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

if __name__ == "__main__":  # run as a script (--write): the tree first on PYTHONPATH is the one measured
    sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from gpumemd.sources.pools import REFERENCE_WINDOW, PoolSource
from tests.helpers import ROOT

MIB = 1 << 20
FIXTURES = ROOT / "tests/fixtures/torch"
GOLDEN = Path(__file__).resolve().parents[2] / "golden/poolwalk.json"
INTERVAL = 10.0  # seconds between two reads of a scenario (the default pool_interval)


def recorded(name: str) -> list[dict[str, Any]]:
    with open(FIXTURES / f"h100__torch-2.11.0__{name}.pickle", "rb") as f:
        doc = pickle.load(f)
    return doc["segments"] if isinstance(doc, dict) else doc


def _pool_snapshot() -> list[dict[str, Any]]:
    """The recorded graph and user pools, as torch hands them over (JSON made the ids lists)."""
    segs = json.loads((FIXTURES / "h100__torch-2.11__pool-snapshot.json").read_text())["segments"]
    for seg in segs:
        seg["segment_pool_id"] = tuple(seg["segment_pool_id"])
    return segs


def _oom_free() -> int:
    """The device's free bytes at the recorded fragmentation OOM (its trace's oom event)."""
    with open(FIXTURES / "h100__torch-2.11.0__oom-fragmentation.pickle", "rb") as f:
        doc = pickle.load(f)
    return next(e["device_free"] for e in reversed(doc["device_traces"][0]) if e.get("action") == "oom")


def _with_tensor(segments: list[dict[str, Any]], size: int, address: int = 1 << 40) -> list[dict[str, Any]]:
    """The segments plus one default-pool segment holding one live tensor of `size` bytes."""
    seg = copy.deepcopy(segments[0])
    seg.update(address=address, total_size=size, allocated_size=size, active_size=size,
               requested_size=size, segment_pool_id=(0, 0),
               blocks=[{"address": address, "size": size, "requested_size": size,
                        "state": "active_allocated", "frames": []}])
    return [*segments, seg]


def _on_device(segments: list[dict[str, Any]], device: int) -> list[dict[str, Any]]:
    out = copy.deepcopy(segments)
    for seg in out:
        seg["device"] = device
    return out


def _expandable(segments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = copy.deepcopy(segments)
    for seg in out:
        seg["is_expandable"] = True
    return out


def scenarios() -> dict[str, list[tuple[list[dict[str, Any]], int | None, float]]]:
    """name -> reads of one source: (segments, the device's free bytes or None: unreadable,
    seconds since the previous read)."""
    frag, cap = recorded("oom-fragmentation"), recorded("oom-capacity")
    leaking = [recorded(f"leak-leaking-{n}") for n in (1, 2, 3)]
    steady = recorded("leak-steady-1")
    pools = _pool_snapshot()
    free = _oom_free()
    big = 16 * MIB
    everything = [pools, frag, cap, *leaking, steady]
    return {
        "pool-snapshot": [(pools, 2 << 30, INTERVAL), (_with_tensor(pools, 3 * MIB), 2 << 30, INTERVAL),
                          (pools, 2 << 30, INTERVAL)],
        "oom-fragmentation": [(_with_tensor(frag, big), free, INTERVAL), (frag, free, INTERVAL)],
        "oom-fragmentation-free-unknown": [(_with_tensor(frag, big), None, INTERVAL), (frag, None, INTERVAL)],
        "oom-fragmentation-expandable": [(_with_tensor(_expandable(frag), big), free, INTERVAL),
                                         (_expandable(frag), free, INTERVAL)],
        "oom-capacity": [(_with_tensor(cap, big), 0, INTERVAL), (cap, 0, INTERVAL)],
        "leak-leaking": [(s, 1 << 30, INTERVAL) for s in leaking],
        "leak-steady-then-leaking": [(s, 1 << 30, INTERVAL) for s in [steady, *leaking]],
        "two-devices": [(_with_tensor(frag, big) + _on_device(leaking[0], 1), free, INTERVAL),
                        (frag + _on_device(_with_tensor(leaking[1], big), 1), free, INTERVAL),
                        (frag + _on_device(leaking[2], 1), free, INTERVAL)],
        "every-snapshot-in-turn": [(s, free, INTERVAL) for s in everything],
        "reference-expires": [(_with_tensor(frag, big), free, INTERVAL), (frag, free, INTERVAL),
                              (frag, free, REFERENCE_WINDOW / 2), (frag, free, REFERENCE_WINDOW)],
    }


class FakeTorch:
    """A fake of the TorchCudaApi calls a pool read makes (no CUDA here, and a torch that answers
    garbage is a fault we cannot cause), answering one segment list at a time."""

    def __init__(self) -> None:
        self.segments: Any = []
        self.free: int | None = None

    @classmethod
    def answering(cls, segments: Any) -> FakeTorch:
        torch = cls()
        torch.segments = segments
        return torch

    def is_initialized(self) -> bool:
        return True

    def allocator_backend(self) -> str:
        return "native"

    def device_uuid(self, device: int) -> str:
        return f"GPU-{device}"

    def pool_segments(self) -> Any:
        return self.segments

    def mem_get_info(self, device: int) -> tuple[int, int]:
        if self.free is None:
            raise RuntimeError("no context")
        return self.free, 80 << 30


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def exported(reads: list[tuple[list[dict[str, Any]], int | None, float]]) -> list[list[list[Any]]]:
    """Every sample the pool source exports at each read: [name, labels, value], sorted."""
    torch, clock = FakeTorch(), Clock()
    source = PoolSource(torch, labels={"rank": "0"}, clock=clock)
    out = []
    for segments, free, elapsed in reads:
        torch.segments, torch.free = segments, free
        clock.now += elapsed
        reading = source.read({})
        out.append(sorted([s.name, sorted(s.labels.items()), s.value]
                          for f in source.families(reading) for s in f.samples))
    return json.loads(json.dumps(out))  # labels as the golden holds them: lists, not tuples


def test_every_recorded_snapshot_exports_what_the_two_walks_exported() -> None:
    golden = json.loads(GOLDEN.read_text())
    assert set(golden["scenarios"]) == set(scenarios())
    for name, reads in scenarios().items():
        assert exported(reads) == golden["scenarios"][name], name


def test_the_golden_holds_the_fragmentation_figures_it_is_meant_to_pin() -> None:
    """Not a vacuous golden: the scenarios reach a reference, stranded bytes, a risk of 1 and a
    second device (so a regression in any of them would show)."""
    golden = json.loads(GOLDEN.read_text())["scenarios"]

    def values(name: str, family: str) -> list[float]:
        return [v for read in golden[name] for n, _, v in read if n == family]

    assert max(values("oom-fragmentation", "gpumemd_allocator_reference_request_bytes")) == 16 * MIB
    assert max(values("oom-fragmentation", "gpumemd_allocator_stranded_free_bytes")) > 0
    assert 1 in values("oom-fragmentation", "gpumemd_allocator_fragmentation_risk")
    assert not values("oom-fragmentation-free-unknown", "gpumemd_allocator_fragmentation_risk")
    assert values("reference-expires", "gpumemd_allocator_reference_request_bytes")[-1] == 0
    assert {dict(labels)["gpu"] for read in golden["two-devices"] for _, labels, _ in read} == {"0", "1"}
    assert max(values("pool-snapshot", "gpumemd_allocator_private_pool_reserved_bytes")) > 0


# --- segment lists hypothesis draws (tests/security/test_allocator_snapshot.py: hostile ones) ---

COUNT = st.integers(0, 1 << 26)
HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(-(1 << 40), 1 << 40), st.floats(allow_nan=True), st.text(max_size=3)
).map(lambda v: v)  # one branch where it joins a one_of, not five
_good_block = st.fixed_dictionaries(
    {
        "address": st.integers(0, 64).map(lambda n: n << 20),  # few addresses: tensors come and go
        "size": COUNT,
        "requested_size": COUNT,
        "state": st.sampled_from(["active_allocated", "active_pending_free", "inactive", "inactive"]),
    }
)
_bad_block = st.fixed_dictionaries(
    {
        "address": st.one_of(COUNT, HOSTILE),
        "size": st.one_of(COUNT, HOSTILE),
        "requested_size": st.one_of(COUNT, HOSTILE),
        "state": st.sampled_from(["active_allocated", "active_pending_free", "inactive", "?", None]),
    }
)
_block = st.one_of(_good_block, _good_block, _good_block, _bad_block, HOSTILE)
_pool_id = st.one_of(  # PyTorch's own pool most often: the fragmentation figures are its own
    st.just((0, 0)),
    st.just((0, 0)),
    st.just([0, 0]),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.lists(st.integers(0, 3), min_size=2, max_size=2),
)
SEGMENT = st.fixed_dictionaries(
    {
        "device": st.integers(0, 2),
        "total_size": COUNT,
        "allocated_size": COUNT,
        "segment_pool_id": _pool_id,
        "is_expandable": st.booleans(),
        "blocks": st.lists(_block, max_size=6),
    }
)
def same_reads(reads: list[tuple[Any, int | None, float]]) -> None:
    """Today's pool source and the two walks before it, read for read: the same readings (every
    figure, the reference window's state carried between reads), or the same refusal."""
    from bench.poolwalk_before import PoolReadBefore

    torch, clock = FakeTorch(), Clock()
    after = PoolSource(torch, clock=clock)
    before = PoolReadBefore(torch.device_uuid, lambda d: torch.mem_get_info(d)[0], clock=clock)
    for segments, free, elapsed in reads:
        torch.segments, torch.free = segments, free
        clock.now += elapsed
        outcomes = []
        for read in (lambda: after.read({}), lambda s=segments: before.read(s)):
            try:
                outcomes.append(read())
            except Exception as exc:  # noqa: BLE001 - the refusal itself is compared
                outcomes.append((type(exc).__name__, str(exc)))
        assert outcomes[0] == outcomes[1]


FREE = st.none() | st.integers(0, 1 << 28) | st.integers(0, 64 << 20)
ELAPSED = st.floats(0, 2 * REFERENCE_WINDOW)


_mib = st.integers(0, 64).map(lambda n: n << 20)
_held = st.fixed_dictionaries(  # PyTorch's own pool, tensors between free blocks: what strands bytes
    {
        "device": st.just(0),
        "total_size": _mib,
        "allocated_size": _mib,
        "segment_pool_id": st.just((0, 0)),
        "is_expandable": st.sampled_from([False, False, True]),
        "blocks": st.lists(
            st.fixed_dictionaries(
                {
                    "address": st.integers(0, 1 << 20).map(lambda n: n << 20),
                    "size": _mib,
                    "requested_size": _mib,
                    "state": st.sampled_from(["active_allocated", "inactive", "inactive"]),
                }
            ),
            min_size=1,
            max_size=4,
        ),
    }
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.lists(st.one_of(_held, _held, SEGMENT), min_size=1, max_size=10),
    reads=st.lists(st.tuples(st.lists(st.booleans(), min_size=10, max_size=10), FREE, ELAPSED),
                   min_size=2, max_size=6),
)
def test_tensors_that_come_and_go_give_the_two_walks_reference_and_risk(
    base: list[dict[str, Any]], reads: list[tuple[list[bool], int | None, float]]
) -> None:
    """Reads of one list's segments, some dropped at each read: its tensors come and go, so the
    reference request, the stranded bytes and the risk are reached, not only the sums."""
    same_reads([([seg for seg, keep in zip(base, mask, strict=False) if keep], free, elapsed)
                 for mask, free, elapsed in reads])


def _write(by: str) -> None:
    GOLDEN.write_text(json.dumps({
        "written_by": by,
        "scenarios": {name: exported(reads) for name, reads in scenarios().items()},
    }, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__" and sys.argv[1:2] == ["--write"] and len(sys.argv) == 3:
    _write(sys.argv[2])  # what wrote it, e.g. "main at b72d8bd (before the one-walk merge)"
