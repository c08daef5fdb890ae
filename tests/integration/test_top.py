"""`gpumemd top`: driven in a real terminal (tmux): start, sort, one GPU, resize to 80
columns, quit; and the plain-text view when the output is not a terminal."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gpumemd.commands.node import GpuView, Node, ProcessView
from gpumemd.commands.top import bar, frame, run_plain
from tests.helpers import EIGHT_RANKS, ROOT

RANKS = EIGHT_RANKS




def wait_for(what: str, check: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def tmux() -> Iterator[Callable[..., str]]:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (make test installs it)")
    session = f"gpumemd-top-{uuid.uuid4().hex[:8]}"

    # a server of our own: no one's options, sessions or client sizes leak into the test
    base = ["tmux", "-L", session, "-f", "/dev/null"]

    def run(*args: str) -> str:
        return subprocess.run([*base, *args], capture_output=True, text=True, timeout=10, check=True).stdout

    run.session = session  # type: ignore[attr-defined]
    yield run
    subprocess.run([*base, "kill-server"], capture_output=True, timeout=10)


def test_top_in_a_terminal_sorts_focuses_resizes_and_quits(tmux: Callable[..., str], eight_ranks_config: Path,
                                                           tmp_path: Path) -> None:
    session = tmux.session  # type: ignore[attr-defined]
    status = tmp_path / "status"
    cmd = (f"cd {ROOT} && PYTHONPATH={ROOT} {sys.executable} -m gpumemd top --replay {RANKS} "
           f"--config.file {eight_ranks_config} --interval 500ms; echo $? > {status}")
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "60", "-e", "TERM=xterm-256color", cmd)

    def screen() -> str:
        return tmux("capture-pane", "-p", "-t", session)

    wait_for("the first frame", lambda: "GPU 7" in screen())
    assert "sort: used" in screen() and "10007" in screen()
    tmux("send-keys", "-t", session, "s")
    wait_for("sort by allocated", lambda: "sort: allocated" in screen())
    tmux("send-keys", "-t", session, "g")
    wait_for("GPU 0 alone", lambda: "gpu: 0" in screen() and "GPU 1 " not in screen())
    tmux("send-keys", "-t", session, "g")  # GPU 1 alone
    wait_for("GPU 1 alone", lambda: "gpu: 1" in screen())
    tmux("send-keys", "-t", session, "g", "g", "g", "g", "g", "g", "g")  # around to all of them
    wait_for("all GPUs again", lambda: "gpu: all" in screen())
    tmux("resize-window", "-t", session, "-x", "80", "-y", "24")
    wait_for("80 columns, more below", lambda: "more lines" in screen() and "GPU 0" in screen()
             and all(len(line) <= 80 for line in screen().splitlines()))
    tmux("send-keys", "-t", session, *["j"] * 40)  # scroll to the end
    wait_for("the last GPU", lambda: "GPU 7" in screen() and "GPU 0" not in screen())
    tmux("send-keys", "-t", session, "q")
    wait_for("exit status 0", lambda: status.exists() and status.read_text().strip() == "0")


def test_top_without_a_terminal_prints_plain_frames(eight_ranks_config: Path) -> None:
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "top",
            "--replay",
            str(RANKS),
            "--config.file",
            str(eight_ranks_config),
            "--count",
            "2",
            "--interval",
            "100ms",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("gpumemd top - a replayed capture") == 2
    assert all(len(line) <= 80 for line in r.stdout.splitlines())


def test_bad_interval_is_exit_2() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "gpumemd", "top", "--interval", "fast"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 2 and r.stderr.startswith("--interval:")


def _gpu(parts: dict[str, int], procs: list[ProcessView]) -> GpuView:
    return GpuView(0, "GPU-x", "H", total=sum(parts.values()), parts=parts, processes=procs)


def test_bar_keeps_every_nonempty_category_visible_and_its_width() -> None:
    g = _gpu({"pytorch_allocated": 1, "non_pytorch": 10, "free": 10_000}, [])
    drawn = bar(g, 40)
    assert (
        len(drawn) == 40 and drawn.count("A") == 1 and drawn.count("N") == 1 and set(drawn) == {"A", "N", "."}
    )


def test_the_header_and_legend_fit_80_columns_whole() -> None:
    """docs/explain.md promises 80 columns: the fixed lines must fit, not be cut (the legend was 83)."""
    from gpumemd.commands.top import GLYPHS, LEGEND

    node = Node("a replayed capture", [_gpu({"free": 1000}, [])])
    wide, narrow = frame(node, width=200), frame(node, width=80)
    assert narrow[:3] == wide[:3]  # nothing of the header or the legend was cut
    assert all(f"{glyph} " in LEGEND for _, glyph in GLYPHS)


def test_sorting_orders_the_processes() -> None:
    a = ProcessView(1, 100, agent=True, allocated=90, reserved=90)
    b = ProcessView(2, 200, agent=True, allocated=10, reserved=10, retries=5)
    node = Node("test", [_gpu({"free": 1000}, [a, b])])
    rows = [line.split()[0] for line in frame(node, sort=0) if line.strip()[:1].isdigit()]
    assert rows == ["2", "1"]  # by used
    rows = [line.split()[0] for line in frame(node, sort=1) if line.strip()[:1].isdigit()]
    assert rows == ["1", "2"]  # by allocated


def test_run_plain_counts_refreshes_on_an_injected_clock() -> None:
    import io

    slept: list[float] = []
    out = io.StringIO()
    run_plain(lambda: Node("n", []), out, interval=2.0, count=3, sleep=slept.append)
    assert slept == [2.0, 2.0] and out.getvalue().count("gpumemd top - n") == 3
