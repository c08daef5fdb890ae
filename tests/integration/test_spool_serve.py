"""A real `gpumemd serve` next to a hostile spool: it starts, binds, serves the healthy rank
and counts each rejection, whether the files were there at start or came later."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT, gpumemd_process, samples, scrape, sticky_spool, wait_for
from tests.spool_hostile import as_nobody, promtool_errors, publish_healthy, write_hostile

REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
KINDS = ("fifo", "symlink", "directory", "sparse_200mb", "format_other", "pid_string", "top_level_list",
         "index_out_of_range", "deep_nesting", "identity_list", "daemon_family")


@pytest.fixture
def spool() -> Iterator[Path]:
    with sticky_spool("gpumemd-serve-spool-") as d:
        yield d



def config(spool: Path) -> Path:
    cfg = spool.parent / "gpumemd.yaml"
    cfg.write_text(f"sampler: {{interval: 100ms}}\nagent: {{spool_dir: {spool}}}\n")
    return cfg



def rejected(s: dict) -> dict[str, float]:
    return {dict(lab)["reason"]: v for (name, lab), v in s.items() if name == "gpumemd_spool_rejected_total"}


def ranks(s: dict) -> list[str]:
    return sorted(
        dict(lab)["rank"]
        for (name, lab), _ in s.items()
        if name == "gpumemd_allocator_allocated_bytes" and dict(lab).get("pool") == "p0"
    )


def test_hostile_files_at_start_and_later_never_stop_the_daemon(spool: Path, child) -> None:
    far = time.time() + 3600  # fresh for the whole test
    publish_healthy(spool, os.getpid(), far, rank=0)
    expected: dict[str, int] = {}
    for i, kind in enumerate(KINDS):
        reason = write_hostile(spool, kind, 30_000 + i, target=spool / f"agent-{os.getpid()}.json")
        expected[reason] = expected.get(reason, 0) + 1
    with gpumemd_process(["--config.file", str(config(spool)), "--replay", str(REPLAY)]) as (url, proc):
        s = samples(scrape(url + "/metrics"))
        assert ranks(s) == ["0"]
        assert s[("gpumemd_collector_success", (("collector", "spool"),))] == 1
        assert {r: v for r, v in rejected(s).items() if v} == expected
        before = s[("gpumemd_samples_total", ())]
        # the same kinds again, while it runs, and a second healthy rank
        for i, kind in enumerate(KINDS):
            write_hostile(spool, kind, 31_000 + i, target=spool / f"agent-{os.getpid()}.json")
        publish_healthy(spool, child.pid, far, rank=1)
        wait_for(
            "the new rank and rejections",
            lambda: (
                ranks(s2 := samples(scrape(url + "/metrics"))) == ["0", "1"]
                and {r: v for r, v in rejected(s2).items() if v} == {r: 2 * n for r, n in expected.items()}
            ),
        )
        text = scrape(url + "/metrics")
        s = samples(text)
        assert s[("gpumemd_samples_total", ())] > before  # sampling goes on: nothing froze
        assert s[("gpumemd_collector_success", (("collector", "spool"),))] == 1
        if shutil.which("promtool"):
            assert promtool_errors(text) == ""
        assert proc.poll() is None
        proc.terminate()
        out = proc.communicate(timeout=10)[0].decode(errors="replace")
    assert proc.returncode == 0 and "Traceback" not in out
    # said once per file: the log names each hostile file once, however many samples ran
    for i in range(len(KINDS)):
        assert out.count(f"agent-{30_000 + i}.json") == 1, out[-3000:]


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run a writer as nobody (uid 65534)")
def test_a_file_of_another_uid_claiming_our_pid_is_rejected(spool: Path, child) -> None:
    far = time.time() + 3600
    publish_healthy(spool, os.getpid(), far, rank=0)
    liar = as_nobody(spool, 3, far, claim=child.pid)  # nobody's file for a root process
    honest = as_nobody(spool, 4, far)  # nobody's file for nobody's own process
    try:
        for w in (liar, honest):
            assert w.stdout is not None and w.stdout.readline() == b"ok\n"
        with gpumemd_process(["--config.file", str(config(spool)), "--replay", str(REPLAY)]) as (url, _):
            s = samples(scrape(url + "/metrics"))
        assert rejected(s)["not_owner"] == 1
        assert ranks(s) == ["0", "4"]
        info = {
            dict(lab)["rank"]: dict(lab)["pid"]
            for (name, lab), _ in s.items()
            if name == "gpumemd_process_rank_info"
        }
        assert info == {"0": str(os.getpid()), "4": str(honest.pid)}
    finally:
        for w in (liar, honest):
            w.communicate(b"", timeout=10)


def test_an_unsafe_spool_directory_is_refused_not_fatal(spool: Path) -> None:
    publish_healthy(spool, os.getpid(), time.time() + 3600)
    os.chmod(spool, 0o777)  # writable by anyone, no sticky bit
    with gpumemd_process(["--config.file", str(config(spool)), "--replay", str(REPLAY)]) as (url, _):
        s = samples(scrape(url + "/metrics"))
    assert ranks(s) == [] and rejected(s)["unsafe_directory"] == 1
    assert s[("gpumemd_collector_success", (("collector", "spool"),))] == 1
