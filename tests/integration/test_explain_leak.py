"""`gpumemd explain` and the leak finder: each rank's last answer in a daemon's answer (the
`gpumemd_leak_last_report_info` and `gpumemd_leak_site_bytes_per_step` series), text and
JSON; and `explain --diff` offline (pure: diagnosis/leak.py's diff, snapshots.render_diff)."""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.commands.explain import findings, parse_exposition, render, to_json
from gpumemd.commands.node import Node
from gpumemd.commands.snapshots import render_diff
from gpumemd.diagnosis.leak import find_leaks, history_note
from tests.helpers import ROOT

EXPOSITION = "\n".join([
    'gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-a"} 8.0e10',
    'gpumemd_gpu_memory_used_bytes{gpu="0",uuid="GPU-a"} 3.0e10',
    'gpumemd_gpu_memory_free_bytes{gpu="0",uuid="GPU-a"} 5.0e10',
    'gpumemd_process_gpu_memory_used_bytes{gpu="0",pid="41",uuid="GPU-a"} 1.5e10',
    'gpumemd_process_gpu_memory_used_bytes{gpu="0",pid="42",uuid="GPU-a"} 1.5e10',
    'gpumemd_process_rank_info{job_id="9",local_rank="3",pid="41",rank="3",world_size="8"} 1',
    'gpumemd_process_rank_info{job_id="9",local_rank="4",pid="42",rank="4",world_size="8"} 1',
    'gpumemd_leak_last_report_info{gpu="0",job_id="9",pid="41",rank="3",'
    'retained_by="local outputs (train.py:89)",site="train.py:88 in step()",'
    'summary="leaking at train.py:88 in step(): +48.0 MiB/step, held by local `outputs` at train.py:89"} 1',
    'gpumemd_leak_site_bytes_per_step{job_id="9",pid="41",rank="3",site="train.py:88 in step()"} 50331648',
    'gpumemd_leak_site_bytes_per_step{job_id="9",pid="41",rank="3",site="hooks.py:12 in hook()"} 1048576',
    'gpumemd_leak_site_bytes_per_step{job_id="9",pid="41",rank="3",site="other.py:1 in f()"} 2048',
    'gpumemd_leak_site_bytes_per_step{job_id="9",pid="41",rank="3",site="more.py:1 in g()"} 1024', ""])


def node() -> Node:
    series, _bad = parse_exposition(EXPOSITION)
    return Node.from_series(series, "test")


def test_each_ranks_last_leak_answer_is_a_finding_with_its_holder_and_other_sites() -> None:
    n = node()
    (leak,) = [f for f in findings(n) if f.kind == "leak"]
    assert leak.message.startswith(
        "pid 41 rank 3 job 9 on GPU 0: the leak finder's last answer: leaking at "
        "train.py:88 in step(): +48.0 MiB/step, held by local `outputs` at train.py:89"
    )
    assert "(also hooks.py:12 in hook() +1.0 MiB/step; other.py:1 in f() +2.0 KiB/step)" in leak.message
    assert leak.value == 50331648
    text = render(n, findings(n))
    assert "! pid 41 rank 3 job 9 on GPU 0: the leak finder's last answer: leaking at train.py:88" in text
    doc = json.loads(to_json(n, findings(n)))
    (p41,) = [p for g in doc["gpus"] for p in g["processes"] if p["pid"] == 41]
    assert p41["leak_retained_by"] == "local outputs (train.py:89)"
    assert [s[0] for s in p41["leak_sites"]] == [
        "train.py:88 in step()",
        "hooks.py:12 in hook()",
        "other.py:1 in f()",
    ]
    (p42,) = [p for g in doc["gpus"] for p in g["processes"] if p["pid"] == 42]
    assert p42["leak_summary"] == "" and p42["leak_sites"] == []


MIB = 1 << 20


def block(size: int, line: int, state: str = "active_allocated") -> dict:
    return {
        "address": line << 32,
        "size": size,
        "state": state,
        "frames": [
            {"filename": "/u/lib/python3.11/site-packages/torch/nn/linear.py", "line": 1, "name": "forward"},
            {"filename": "/home/u/train.py", "line": line, "name": "step"},
            {"filename": "/home/u/train.py", "line": 120, "name": "main"},
        ],
    }


def test_render_diff_names_the_site_its_callers_and_the_rate() -> None:
    snaps = [
        {"segments": [{"device": 0, "blocks": [block(100 * MIB, 20)] + [block(8 * MIB, 88)] * i}]}
        for i in range(3)
    ]
    text = render_diff(find_leaks(snaps, 6), per="step")
    assert text.splitlines() == [
        "1 growing site over 3 snapshots (6 steps)",
        "  train.py:88 in step(): +2.7 MiB/step, 16.0 MiB live in 2 blocks",
        "    called from train.py:120 in main()",
    ]
    steady = render_diff(find_leaks([snaps[0]] * 3, 2), per="interval")
    assert steady == "no growing allocation site over 3 snapshots (2 intervals)\n"


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "segments",
                    "blocks",
                    "size",
                    "state",
                    "frames",
                    "filename",
                    "line",
                    "name",
                    "device",
                    "address",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=40,
)
states = st.sampled_from(["active_allocated", "inactive", "x"])
frames = st.lists(
    st.fixed_dictionaries(
        {"filename": st.text(max_size=30), "line": st.integers(-1, 1 << 40), "name": st.text(max_size=20)}
    ),
    max_size=4,
)
blocks = st.lists(
    st.fixed_dictionaries(
        {
            "address": st.integers(0, 1 << 48),
            "size": st.integers(-1, 1 << 40),
            "state": states,
            "frames": frames,
        }
    ),
    max_size=20,
)
snapshot_like = st.fixed_dictionaries(
    {"segments": st.lists(st.fixed_dictionaries({"device": st.integers(0, 3), "blocks": blocks}), max_size=3)}
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.one_of(json_like, snapshot_like), min_size=0, max_size=4),
    st.integers(-3, 50),
    st.sampled_from(["step", "interval"]),
)
def test_any_snapshot_shaped_data_diffs_to_a_bounded_answer(snaps: list, steps: int, per: str) -> None:
    report = find_leaks(snaps, steps)
    text = render_diff(report, per=per)
    assert len(text.splitlines()) <= 1 + 2 * 10 + 1 + len(report.notes)
    assert all(len(line) <= 300 for line in text.splitlines())
    json.dumps(report.to_json(), allow_nan=False)
    for i, s in enumerate(snaps):
        note = history_note(s, f"snapshot {i}")
        assert note is None or len(note) < 400


# --- explain --diff on snapshots recorded on an H100 (bench/record_leak_snapshots.py) ---

FIXTURES = ROOT / "tests/fixtures/torch"
TRUTH = json.loads((FIXTURES / "h100__torch-2.11.0__leak-truth.json").read_text())
GOLDEN = ROOT / "tests/golden/explain/leak-diff-h100.txt"


def fixture(kind: str, n: int) -> str:
    return str(FIXTURES / f"h100__torch-2.11.0__leak-{kind}-{n}.pickle")


def explain(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpumemd", "explain", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )


def test_the_recorded_leak_is_named_at_its_line_with_its_rate() -> None:
    proc = explain("--diff", *(fixture("leaking", n) for n in (1, 2, 3)), "--steps", "6", "--json")
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    (site,) = doc["sites"]  # the weights, gradients and optimizer state are not named
    assert site["file"].endswith("record_leak_snapshots.py") and site["line"] == TRUTH["lines"]["model_call"]
    assert site["bytes_per_step"] == TRUTH["leaking"]["leak_bytes_per_step"] and doc["per"] == "step"
    # the first snapshot was taken as history was turned on: said, and no obstacle to the answer
    assert doc["notes"][0].startswith("snapshot 1: none of its")


def test_the_recorded_pair_names_it_too_and_warns_about_pairs() -> None:
    proc = explain("--diff", fixture("leaking", 1), fixture("leaking", 3))
    assert proc.returncode == 1, proc.stderr
    assert (
        f"record_leak_snapshots.py:{TRUTH['lines']['model_call']} in step(): +24.0 MiB/interval"
        in proc.stdout
    )
    assert "note: two snapshots:" in proc.stdout


def test_the_recorded_steady_snapshot_names_nothing() -> None:
    proc = explain("--diff", fixture("steady", 1), fixture("steady", 1), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["sites"] == []


def test_the_text_answer_matches_its_golden() -> None:
    proc = explain("--diff", *(fixture("leaking", n) for n in (1, 2, 3)), "--steps", "6")
    assert proc.stdout == GOLDEN.read_text()
