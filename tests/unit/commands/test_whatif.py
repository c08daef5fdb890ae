"""`explain --snapshot --what-if`'s answer (gpumemd/commands/whatif.py) on the snapshots recorded
on an H100 and an H200 (tests/fixtures/torch): the recorded setting's replay fails where the recording did,
each other setting has its line, and a snapshot without history or an OOM entry says what it
lacks."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

from gpumemd.commands.whatif import render, to_json, what_if_snapshot

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "torch"
FRAG = str(FIXTURES / "h100__torch-2.11.0__oom-fragmentation.pickle")


def test_the_recorded_fragmentation_oom_is_reproduced_and_each_setting_answered() -> None:
    w = what_if_snapshot(FRAG)
    assert w.reproduces is True
    assert w.capacity == 84450213888 + 14876672  # reserved at the OOM + the OOM entry's device_free
    text = render(w)
    assert "as recorded (the defaults): out of memory at trace entry 609 (16.0 MiB requested)" in text
    assert "with max_split_size_mb:64 it would still run out of memory (at trace entry 609)" in text
    # expandable segments fit the request, and the fill loop's caught OOM too: said, not hidden
    assert "with expandable_segments:True this OOM would not have happened, but neither would 1" in text
    doc = json.loads(to_json(w))
    assert [s["setting"] for s in doc["settings"]][:2] == ["native", "expandable_segments:True"]
    assert doc["settings"][0]["peak_reserved"] == 84450213888


def test_a_clean_fit_prints_the_peak_it_would_reserve(tmp_path: Path) -> None:
    # eight 8 MiB tensors in four 20 MiB segments, 10 MiB free on the device: the ninth fails
    mib = 1 << 20
    entries, segments = [], []
    for i in range(4):
        seg = (i + 1) << 32
        entries.append({"action": "segment_alloc", "addr": seg, "size": 20 * mib, "stream": 0})
        entries += [{"action": "alloc", "addr": seg + j * 8 * mib, "size": 8 * mib, "stream": 0}
                    for j in (0, 1)]
        segments.append({"device": 0, "address": seg, "total_size": 20 * mib, "blocks": [
            {"size": 8 * mib, "requested_size": 8 * mib, "state": "active_allocated"},
            {"size": 8 * mib, "requested_size": 8 * mib, "state": "active_allocated"},
            {"size": 4 * mib, "state": "inactive"}]})
    entries.append({"action": "oom", "device_free": 10 * mib, "size": 8 * mib, "stream": 0})
    path = tmp_path / "s.pickle"
    path.write_bytes(pickle.dumps({"segments": segments, "device_traces": [entries],
                                   "allocator_settings": {"expandable_segments": False}}))
    w = what_if_snapshot(str(path))
    assert (w.reproduces, w.capacity) == (True, 90 * mib)
    text = render(w)
    assert ("with expandable_segments:True this OOM would not have happened; "
            "peak reserved would be 80.0 MiB") in text


def test_a_fit_where_the_programs_caught_loop_ends_sooner_says_so() -> None:
    # the H200 pages layout: under expandable segments the 20 MiB fill runs out one tensor sooner
    w = what_if_snapshot(str(FIXTURES / "h200__torch-2.11.0__corpus-fragmentation-pages-native.pickle"))
    assert w.reproduces is True
    text = render(w)
    assert ("with expandable_segments:True this OOM would not have happened; peak reserved would be "
            "139.2 GiB (the loop the program ended at a caught OOM ends 1 allocation sooner)") in text
    assert ("with max_split_size_mb:64 this OOM would not have happened; "
            "peak reserved would be 139.2 GiB\n") in text
    doc = json.loads(to_json(w))
    assert [(s["setting"], s["fits"], s["caught_sooner"]) for s in doc["settings"][:3]] == [
        ("native", False, 0), ("expandable_segments:True", True, 1), ("max_split_size_mb:64", True, 0)]


def test_no_history_or_no_oom_entry_is_no_answer_with_what_it_lacks() -> None:
    w = what_if_snapshot(str(FIXTURES / "h100__torch-2.11.0__leak-leaking-1.pickle"))
    assert w.outcomes == () and len(w.lacking) == 2
    assert render(w).startswith("what-if: no answer\nlacking: allocation history")
