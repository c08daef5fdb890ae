"""What the daemon keeps in memory: no module it does not use (each stays resident for the
daemon's life), the C heap's free pages given back once it serves, and its startup heap left
out of the cyclic collector's full passes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from gpumemd.daemon import release_memory
from tests.helpers import ROOT

# Loaded only when something needs them: a configured regex (RE2's C++ library), a mistyped
# flag or rule (difflib), a host without /proc (psutil), a zipped package (importlib's readers),
# a snapshot's pickle (the offline diagnoses only), rule files (glob), the kubelet and Slurm
# sources (off by default).
NOT_AT_REST = ("re2", "difflib", "psutil", "zipfile", "pickle", "glob", "gpumemd.sources.kubelet",
               "gpumemd.backends.podresources", "gpumemd.sources.slurm")


def test_a_sampling_daemon_with_the_default_config_loads_none_of_the_lazy_modules() -> None:
    code = (
        "import sys\n"
        "from gpumemd import cli, config, daemon\n"
        "runtime = daemon.build_runtime(config.Config())\n"
        "runtime.sampler.sample_once()\n"
        f"print(sorted(m for m in {NOT_AT_REST!r} if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GPUMEMD_SPOOL_DIR": ""}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]", r.stdout


@pytest.mark.skipif(not os.path.isfile("/proc/self/status"), reason="reads RssAnon from /proc")
def test_release_memory_gives_the_freed_heap_back() -> None:
    def anon_kib() -> int:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("RssAnon:"))

    blocks = [bytes(4096) * 2 for _ in range(8192)]  # 64 MiB from malloc, not Python's arenas
    keep = blocks[::64]  # a few live blocks scattered through the heap
    del blocks
    before = anon_kib()
    if not release_memory():
        pytest.skip("not glibc: no malloc_trim")
    assert anon_kib() < before - 16 * 1024, "the freed pages were not given back"
    assert len(keep) == 128


def test_freeze_heap_leaves_the_startup_heap_out_of_full_passes_and_collects_what_a_reload_dropped() -> None:
    # In a process of its own: freezing pytest's heap would keep its cycles from every later test.
    code = (
        "import gc, json\n"
        "from gpumemd import config, daemon\n"
        "runtime = daemon.build_runtime(config.Config())\n"
        "runtime.sampler.sample_once()\n"
        "tracked = len(gc.get_objects())\n"
        "frozen = daemon.freeze_heap()\n"
        "after = len(gc.get_objects())\n"
        "class Node: pass\n"
        "a, b = Node(), Node()\n"
        "a.b, b.a = b, a\n"
        "daemon.freeze_heap()  # the cycle is frozen now, as a reload's config would be\n"
        "probe = [a]\n"
        "import weakref\n"
        "gone = weakref.ref(a)\n"
        "del a, b, probe\n"
        "daemon.freeze_heap()  # a reload: unfrozen, collected\n"
        "print(json.dumps([tracked, frozen, after, gone() is None]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GPUMEMD_SPOOL_DIR": ""}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    tracked, frozen, after, collected = json.loads(r.stdout)
    assert frozen >= tracked // 2, (tracked, frozen)  # the daemon's heap is what it loaded
    assert after < tracked // 10, (tracked, after)  # a full pass walks only what came after
    assert collected, "a cycle dropped after a freeze was never collected"
