"""inductor's cache of padding decisions, read for the compiled trace (gpumemd/preflight/padcache.py):
the cache written by torch's own writer, the trace padding as it decided, and every file or
directory another user could have planted read as none."""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gpumemd
from gpumemd.preflight import fakerun, padcache, padding
from tests.unit.preflight.test_compiled import _unaligned_job


@pytest.fixture(autouse=True)
def _collect_the_traces() -> Iterator[None]:
    yield
    gc.collect()  # a compiled trace's cycles, collected here (test_compiled.py says why)


def _write_with_torch(directory: Path, decisions: dict[str, bool], monkeypatch: pytest.MonkeyPatch) -> Path:
    """The decisions written as pad_mm writes them: torch's own `LocalCache` under
    TORCHINDUCTOR_CACHE_DIR=directory (its path is memoised: cleared before and after)."""
    from torch._inductor.codecache import CacheBase, LocalCache

    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(directory))
    CacheBase.get_local_cache_path.cache_clear()
    try:
        for key, pads in decisions.items():
            LocalCache().set_value(key, value=pads)
        return Path(CacheBase.get_local_cache_path())
    finally:
        CacheBase.get_local_cache_path.cache_clear()


@pytest.fixture(scope="module")
def keys() -> list[str]:
    """pad_mm's keys of the multiplies the trace of a 1,001-output linear asks about (a spy on
    padding's own key function)."""
    seen: list[str] = []
    mp = pytest.MonkeyPatch()
    real = padding._key

    def spy(*args: Any) -> str | None:
        key = real(*args)
        if key is not None and key not in seen:
            seen.append(key)
        return key

    mp.setattr(padding, "_key", spy)
    try:
        fakerun.run(lambda: _unaligned_job(1001), 64, 32, compiled=True, pads={"no such key": True})
    finally:
        mp.undo()
    return seen


def test_the_keys_are_pad_mms_own_and_name_the_unaligned_shapes(keys: list[str]) -> None:
    assert len(keys) == 2  # the forward's multiply and the weight gradient's
    assert all("1001" in k and "aten.mm" in k for k in keys)


@pytest.mark.parametrize("pads", [True, False])
def test_decisions_from_the_cache_pad_the_trace_as_the_gpu_did(
        keys: list[str], pads: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: a cut GPT-2's real step padded where its GPU's timing said so, which the trace
    cannot time; read from the cache the compile left, the prediction is that step, and nothing is
    left to the padded reading."""
    _write_with_torch(tmp_path, dict.fromkeys(keys, pads), monkeypatch)
    found = padcache.read_decisions(str(tmp_path))
    assert found.by_key == dict.fromkeys(keys, pads) and found.where == str(tmp_path)
    run = fakerun.run(lambda: _unaligned_job(1001), 64, 32, compiled=True, pads=found.by_key)
    reading = fakerun.run(lambda: _unaligned_job(1001), 64, 32, compiled=True, padded=pads)
    assert (run.decided, run.unaligned) == (2, 0)
    assert run.peak == reading.peak and [e[:3] for e in run.events] == [e[:3] for e in reading.events]
    report = gpumemd.preflight(lambda: _unaligned_job(1001), [(64, 32)], device="H100-80GB", compiled=True,
                               pads=found)
    assert report.shapes[0].figures.tensors_peak == reading.peak
    assert report.shapes[0].figures.above_bytes == 0  # no padded reading: every multiply decided
    decided = "2 unaligned matrix multiplies padded as the GPU's own timing decided"
    assert any(decided in n for n in report.notes)
    assert not any("the padded reading sets" in n for n in report.notes)


def test_a_multiply_the_cache_does_not_hold_is_left_to_the_padded_reading(
        keys: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write_with_torch(tmp_path, {keys[0]: False}, monkeypatch)
    run = fakerun.run(lambda: _unaligned_job(1001), 64, 32, compiled=True,
                      pads=padcache.read_decisions(str(tmp_path)).by_key)
    assert (run.decided, run.unaligned) == (1, 1)


def _cache_file(directory: Path, name: str, gpu: str | None, cache: Any, mode: int = 0o644) -> Path:
    (directory / "cache").mkdir(parents=True, exist_ok=True, mode=0o700)
    path = directory / "cache" / name
    system = {"hash": name} if gpu is None else {"device": {"name": gpu}, "hash": name}
    path.write_text(json.dumps({"system": system, "cache": cache}))
    path.chmod(mode)
    return path


def test_only_the_named_gpus_files_are_read_and_disagreeing_keys_are_dropped(tmp_path: Path) -> None:
    _cache_file(tmp_path, "a", "NVIDIA H200", {"k": True, "both": True, "time": 1.5, "nested": {"x": True}})
    _cache_file(tmp_path, "b", "NVIDIA H100 80GB HBM3", {"both": False, "h100": True})
    everything = padcache.read_decisions(str(tmp_path))
    assert everything.by_key == {"k": True, "h100": True}  # numbers and objects are not decisions
    assert everything.conflicting == 1 and everything.gpus == ("NVIDIA H200", "NVIDIA H100 80GB HBM3")
    h200 = padcache.read_decisions(str(tmp_path), gpu="H200")
    assert h200.by_key == {"k": True, "both": True} and h200.conflicting == 0
    assert any("another GPU's (NVIDIA H100 80GB HBM3)" in s for s in h200.skipped)
    assert padcache.read_decisions(str(tmp_path), gpu="H100-80GB").by_key == {"both": False, "h100": True}


def test_what_another_user_could_plant_is_not_read_and_is_said(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The default cache lies under /tmp: a file others may write, a symbolic link, a FIFO, bytes
    that are not JSON or past the bound are skipped and named; the rest is read."""
    good = _cache_file(tmp_path, "good", "NVIDIA H200", {"k": True})
    _cache_file(tmp_path, "writable", "NVIDIA H200", {"w": True}, mode=0o666)
    (tmp_path / "cache" / "link").symlink_to(good)
    os.mkfifo(tmp_path / "cache" / "fifo")
    (tmp_path / "cache" / "garbage").write_bytes(b"\x00{not json")
    _cache_file(tmp_path, "list", None, [])
    monkeypatch.setattr(padcache, "MAX_CACHE_BYTES", 200)
    _cache_file(tmp_path, "large", None, {f"key{i}": True for i in range(50)})
    found = padcache.read_decisions(str(tmp_path))
    assert found.by_key == {"k": True}
    why = dict(s.split(": ", 1) for s in found.skipped)
    assert set(why) == {"writable", "link", "fifo", "garbage", "list", "large"}
    assert "writable by others" in why["writable"] and "larger than 200" in why["large"]


def test_a_directory_others_can_write_or_a_missing_one_reads_as_none(tmp_path: Path) -> None:
    _cache_file(tmp_path, "good", "NVIDIA H200", {"k": True})
    (tmp_path / "cache").chmod(0o777)  # anyone could have put the file there
    found = padcache.read_decisions(str(tmp_path))
    assert found.by_key == {} and found.skipped and found.skipped[0].startswith("cache:")
    missing = padcache.read_decisions(str(tmp_path / "nowhere"))
    assert missing.by_key == {} and missing.skipped == ()
    assert padcache.read_decisions("bad\x00path").by_key == {}


def _files(root: Path) -> dict[Path, tuple[int, bytes]]:
    return {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in root.rglob("*") if p.is_file()}


def test_the_default_is_the_jobs_own_cache_directory_and_nothing_is_written(
        keys: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write_with_torch(tmp_path / "inductor", dict.fromkeys(keys, True), monkeypatch)
    before = _files(tmp_path / "inductor")
    report = gpumemd.preflight(lambda: _unaligned_job(1001), [(64, 32)], compiled=True)  # no GPU named
    assert any("padded as the GPU's own timing decided" in n and str(tmp_path) in n for n in report.notes)
    # a named GPU takes only its own GPU's files (torch wrote this one on a CPU: no GPU's name)
    other = gpumemd.preflight(lambda: _unaligned_job(1001), [(64, 32)], device="H100-80GB", compiled=True)
    assert any("another GPU's (no GPU)" in n for n in other.notes)
    assert not any("padded as the GPU's own timing decided" in n for n in other.notes)
    after = _files(tmp_path / "inductor")
    assert after == before and path in after
    monkeypatch.delenv("TORCHINDUCTOR_CACHE_DIR")
    from torch._inductor.runtime.cache_dir_utils import default_cache_dir

    assert padcache.inductor_cache_dir() == default_cache_dir()


def test_an_eager_step_asks_nothing_of_the_cache(tmp_path: Path) -> None:
    _cache_file(tmp_path, "writable", None, {}, mode=0o666)
    report = gpumemd.preflight(lambda: _unaligned_job(1001), [(64, 32)], device="H100-80GB",
                               pads=padcache.read_decisions(str(tmp_path)))
    assert not any("inductor's cache" in n for n in report.notes)
