"""`gpumemd explain --snapshot FILE --what-if` as a user runs it: exit 1 with an answer, 2 without
one or without --snapshot."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.helpers import ROOT

FIXTURES = ROOT / "tests/fixtures/torch"


def explain(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpumemd", "explain", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=20, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_the_what_if_of_a_recorded_oom() -> None:
    proc = explain("--snapshot", str(FIXTURES / "h100__torch-2.11.0__oom-fragmentation.pickle"), "--what-if",
                   "--json")
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["reproduces_recording"] is True and len(doc["settings"]) == 5


def test_without_an_answer_or_a_snapshot_it_is_exit_2() -> None:
    proc = explain("--snapshot", str(FIXTURES / "h100__torch-2.11.0__leak-leaking-1.pickle"), "--what-if")
    assert proc.returncode == 2 and "lacking: allocation history" in proc.stdout
    proc = explain("--what-if")
    assert proc.returncode == 2 and proc.stderr.strip() == "gpumemd explain: --what-if: needs --snapshot FILE"


def test_a_private_pools_oom_says_where_the_trace_cannot_tell() -> None:
    # a MemPool's 28 GiB free, a request outside it, recorded under the defaults: the trace does
    # not say the request's pool, and under expandable segments the two routings disagree
    snapshot = FIXTURES / "h200__torch-2.11.0__corpus-graph-pools-mempool-native.pickle"
    proc = explain("--snapshot", str(snapshot), "--what-if")
    assert proc.returncode == 1, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[1].startswith("  as recorded (the defaults): out of memory at trace entry 44")
    head = "  with expandable_segments:True: no answer (the trace does not say which pool the failed request"
    assert any(x.startswith(head) for x in lines)
