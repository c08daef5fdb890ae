"""`gpumemd capture` and `serve --replay` at their edges: no NVML, no torch, bad files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT


def gpumemd(*args: str, hide_torch: bool = False) -> subprocess.CompletedProcess[str]:
    # sys.modules["torch"] = None makes `import torch` fail as on a machine without it
    pre = "import sys; sys.modules['torch'] = None; " if hide_torch else "import sys; "
    code = pre + "from gpumemd.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
                                           "LD_LIBRARY_PATH": "/nonexistent"})


def _has_nvml() -> bool:
    try:
        import pynvml

        pynvml.nvmlInit()
        return True
    except Exception:
        return False


@pytest.mark.skipif(_has_nvml(), reason="this machine has NVML: a capture of it is no error")
def test_capture_without_nvml_says_so_and_writes_only_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    r = gpumemd("capture", "-o", str(out))
    assert r.returncode == 1, r
    assert "nvml:" in r.stderr and "not written" in r.stderr and "--keep-errors" in r.stderr
    assert not out.exists() and "Traceback" not in r.stderr
    r = gpumemd("capture", "--keep-errors", "-o", str(out))
    assert r.returncode == 0 and out.exists() and "with errors" in r.stdout, r


def test_capture_torch_without_torch_is_one_line_exit_2(tmp_path: Path) -> None:
    r = gpumemd("capture", "--torch", "--keep-errors", "-o", str(tmp_path / "x.json"), hide_torch=True)
    assert r.returncode == 2, r
    assert r.stderr.startswith("gpumemd capture: --torch: torch cannot be imported here")
    assert "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1


def test_capture_to_an_unwritable_place_is_one_line_exit_2(tmp_path: Path) -> None:
    r = gpumemd("capture", "--keep-errors", "-o", str(tmp_path / "no" / "such" / "dir.json"))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "dir.json" in r.stderr, r


@pytest.mark.parametrize("content,message", [
    (None, "No such file"),
    (b"\xff\xfe not json", "not JSON"),
    (b"[" * 100_000, "not JSON"),
    (b'{"format": "something/1"}', "not a gpumemd capture"),
    (b'{"format": "gpumemd-capture/1", "nvml": [1, 2]}', "nvml: expected a mapping"),
])
def test_serve_replay_of_a_bad_capture_is_one_line_exit_2(tmp_path: Path, content: bytes | None,
                                                             message: str) -> None:
    from gpumemd.backends.replay import FORMAT

    path = tmp_path / "capture.json"
    if content is not None:
        path.write_bytes(content.replace(b"gpumemd-capture/1", FORMAT.encode()))
    r = gpumemd("serve", "--web.listen-address", "127.0.0.1:0", "--replay", str(path))
    assert r.returncode == 2, r
    assert r.stderr.startswith(f"--replay: {path}: ") and message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
