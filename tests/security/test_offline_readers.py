"""Readers of untrusted text and files keep their memory within about four times the input, and
their time bounded (docs/security.md, section 27): `gpumemd explain` on a daemon whose labels
are megabytes long, and `explain --diff` on snapshot pickles built to amplify.

Peak memory is Python's own allocations as tracemalloc counts them, in a fresh interpreter
running the real command against a real server on 127.0.0.1 (or on real files).
"""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys
import textwrap
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.commands import client
from tests.helpers import ROOT
from tests.security.hostile_http import Hostile, answer, routes

HEAD = """\
gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-a"} 1e10
gpumemd_gpu_memory_used_bytes{gpu="0",uuid="GPU-a"} 1e9
gpumemd_gpu_memory_free_bytes{gpu="0",uuid="GPU-a"} 9e9
gpumemd_collector_success{collector="nvml"} 1
"""
MIB = 1 << 20

PEAK = """
    import json, sys, time, tracemalloc
    from gpumemd import cli
    tracemalloc.start()
    t = time.monotonic()
    rc = cli.main(sys.argv[1:])
    took = time.monotonic() - t
    peak = tracemalloc.get_traced_memory()[1]
    print(json.dumps({"rc": rc, "peak": peak, "seconds": took}), file=sys.stderr)
"""


def measured(*args: str, timeout: float = 120.0) -> tuple[dict, str]:
    """The command's exit status, Python's peak allocations and its time (in-process, after
    the imports), and what it printed."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(PEAK), *args], cwd=ROOT, capture_output=True,
                       text=True, timeout=timeout, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    return json.loads(r.stderr.strip().splitlines()[-1]), r.stdout


def _one_label(size: int) -> str:
    return f'gpumemd_process_info{{pid="12",executable="{"a" * size}"}} 1\n'


def _escaped_lines(size: int) -> str:
    line = 'gpumemd_process_info{{pid="{}",executable="' + "\\\\a\\n\\\"" * 16_000 + '"}} 1\n'
    return "".join(line.format(i) for i in range(size // len(line) + 1))


@pytest.mark.parametrize("body", [_one_label, _escaped_lines], ids=["one-16MiB-label", "16MiB-of-escapes"])
def test_explain_on_megabytes_of_labels_keeps_memory_within_four_times_the_answer(body) -> None:
    metrics = (HEAD + body(16 * MIB)).encode()
    with Hostile(routes({"/metrics": answer(200, metrics)})) as daemon:
        got, out = measured("explain", "--url", daemon.url, "--json", "--timeout", "30s")
    assert got["rc"] in (0, 1) and json.loads(out)  # a report, whatever the labels
    assert got["peak"] <= 4 * len(metrics), got["peak"] / MIB  # was 2,788 MiB (one label) on main
    assert got["seconds"] < 10, got  # 19 s for the escapes on main



# The label pattern main used where re has no possessive quantifiers (Python 3.10): a control
# that shows the bound below tells a repeated group from the masked run.
_MAINS_310_LABEL = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"\s*')
_MAINS_311_LABEL = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\s*') \
    if sys.version_info >= (3, 11) else None


def _peak(fn: Callable[[], object]) -> tuple[int, object]:
    tracemalloc.start()
    try:
        out = fn()
        return tracemalloc.get_traced_memory()[1], out
    finally:
        tracemalloc.stop()


def test_a_line_of_escapes_is_parsed_within_a_few_times_its_size_on_every_python() -> None:
    """Main matched label values on Python 3.10 with a repeated group, an entry per escape
    (far past the bound, as the control shows on any Python); the masked run costs a few
    copies of the line on every version, and what it reads is the same."""
    line = 'gpumemd_process_info{pid="1",executable="' + '\\"' * 60_000 + '"} 1'
    bound = 8 * len(line)
    peak, (series, bad) = _peak(lambda: client.parse_exposition(line))  # type: ignore[misc]
    assert bad == 0 and series["gpumemd_process_info"][0][0]["executable"] == client.text('"' * 60_000)
    assert peak <= bound, peak / len(line)
    control, match = _peak(lambda: _MAINS_310_LABEL.match(line, len("gpumemd_process_info{pid=\"1\",")))
    assert match is not None and control > bound, control / len(line)  # the bound tells them apart


def _old_sample(line: str) -> tuple[str, dict[str, str]] | None:
    """Main's label loop on Python 3.11+ (possessive runs), the oracle for the masked one."""
    assert _MAINS_311_LABEL is not None
    m = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*").match(line)
    if m is None:
        return None
    i, labels = m.end(), {}
    if line.startswith("{", i):
        i += 1
        while not line.startswith("}", i):
            lab = _MAINS_311_LABEL.match(line, i)
            if lab is None or lab.group(1) in labels:
                return None
            labels[lab.group(1)] = client.text(client._unescape(lab.group(2)))
            i = lab.end()
            if line.startswith(",", i):
                i += 1
            elif not line.startswith("}", i):
                return None
        i += 1
    rest = line[i:].split()
    if not 1 <= len(rest) <= 2 or (i < len(line) and not line[i].isspace()):
        return None
    if not client._NUMBER.match(rest[0]):
        return None
    return m.group(), labels


@pytest.mark.skipif(sys.version_info < (3, 11), reason="the oracle is main's possessive pattern")
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(['a', 'b', '=', '"', '\\', ',', ' ', '}', '{', 'n', '\t', '\u00e9', '\\"',
                                 '\\\\', 'a="', '",', '"}']), max_size=40))
def test_the_masked_labels_read_what_mains_possessive_pattern_read(parts: list[str]) -> None:
    line = "m{" + "".join(parts) + " 1"
    got = client._sample(line)
    want = _old_sample(line)
    assert (None if got is None else (got[0], got[1])) == want


# --- explain --diff on pickles that share their parts -----------------------------------------


def _frames(n: int) -> list[dict]:
    return [{"filename": "/home/u/train.py", "line": i, "name": "step"} for i in range(n)]


def _block(address: int, frames: list[dict]) -> dict:
    return {"address": address, "size": 8 << 20, "state": "active_allocated", "frames": frames}


def _doubled(depth: int) -> list:
    x: list = [_block(0, _frames(1))]
    for _ in range(depth):
        x = [x, x]
    return x


def _cycle() -> dict:
    seg: dict = {"device": 0, "blocks": []}
    seg["blocks"].append(seg)
    return {"segments": [seg]}


AMPLIFIED = {
    # 10 KB: 2,000 references to one segment of 2,000 references to one block of 100 frames
    "shared-blocks": {"segments": [{"device": 0, "blocks": [_block(0, _frames(100))] * 2000}] * 2000},
    "doubled-40-times": {"segments": _doubled(40)},  # 300 bytes, 2^40 blocks unfolded
    "a-cycle": _cycle(),
}


@pytest.mark.parametrize("doc", AMPLIFIED.values(), ids=AMPLIFIED.keys())
def test_a_pickle_that_unfolds_past_its_size_is_one_line_in_seconds(doc, tmp_path: Path) -> None:
    good = tmp_path / "good.pickle"
    good.write_bytes(pickle.dumps({"segments": [{"device": 0, "blocks": [_block(0, _frames(3))]}]}))
    bad = tmp_path / "bad.pickle"
    bad.write_bytes(pickle.dumps(doc))
    started = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "gpumemd", "explain", "--diff", str(good), str(bad)],
                       cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin"})
    took = time.monotonic() - started
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "refused" in r.stderr, r.stderr[-2000:]
    assert took < 10  # the shared blocks kept main busy past 60 s


def test_torchs_shared_frame_lists_are_read_and_read_once(tmp_path: Path) -> None:
    """torch gives the blocks of one traceback one frame list: 20,000 blocks sharing 100 frames
    are a snapshot, read in seconds (each list's user frames found once, not once a block)."""
    frames = _frames(100)
    paths = []
    for n in (10_000, 20_000):
        path = tmp_path / f"{n}.pickle"
        path.write_bytes(pickle.dumps({"segments": [{"device": 0, "blocks": [_block(i << 20, frames)
                                                                            for i in range(n)]}]}))
        paths.append(str(path))
    got, out = measured("explain", "--diff", *paths, "--json")
    assert got["rc"] == 1 and json.loads(out)["sites"][0]["blocks"] == 20_000, out[:2000]
    assert got["seconds"] < 20, got  # 45 s on main (here, under tracemalloc)
    # 1 GiB on main: the bounded reader asked os.read for its limit, not the file's size
    assert got["peak"] < 32 * MIB, got["peak"] / MIB
