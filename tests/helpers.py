"""Shared by tests: start a real `gpumemd` process, scrape it, parse the exposition."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parent.parent
EIGHT_RANKS = (
    ROOT / "tests" / "fixtures" / "captures" / "synthetic__8xh200__8-ranks.json"
)  # a replayed 8-GPU node
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"
CAPTURES = FIXTURES / "captures"
GOLDEN = TESTS / "golden"
SCRIPTS = TESTS / "integration" / "scripts"  # programs the integration tests start


def agent_env(**extra: str) -> dict[str, str]:
    """The environment for a process running the agent: no launcher or gpumemd variables of
    ours leak in; the checkout first on PYTHONPATH."""
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("RANK", "LOCAL_RANK", "WORLD_SIZE", "SLURM_", "OMPI_", "GPUMEMD_"))
    }
    return {**base, "PYTHONPATH": str(ROOT), **extra}


@contextmanager
def sticky_spool(prefix: str) -> Iterator[Path]:
    """A sticky, world-writable spool directory (1777, as a shared node's) inside a 0755 one
    nobody else can reach; removed afterwards."""
    base = Path(tempfile.mkdtemp(prefix=prefix))
    os.chmod(base, 0o755)
    d = base / "spool"
    d.mkdir()
    os.chmod(d, 0o1777)
    try:
        yield d
    finally:
        shutil.rmtree(base, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def scrape(url: str, timeout: float = 5.0) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return str(resp.read().decode())


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Exposition text -> {(name, sorted labels): value}."""
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def wait_until_ready(url: str, proc: subprocess.Popen[bytes] | None = None, timeout: float = 20.0) -> None:
    """Poll /-/ready: readiness of a process we started is an event we can only observe."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise RuntimeError(f"process exited with {proc.returncode}: {out[-2000:]}")
        try:
            with urllib.request.urlopen(url + "/-/ready", timeout=1) as resp:
                if resp.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.05)  # polling an external process's readiness
    raise TimeoutError(f"{url} not ready within {timeout}s")


@contextmanager
def gpumemd_process(
    args: Sequence[str], env: dict[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`gpumemd serve ARGS` on a free loopback port; yields (base URL, process)."""
    port = free_port()
    cmd = [sys.executable, "-m", "gpumemd", "serve", "--web.listen-address", f"127.0.0.1:{port}", *args]
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(url, proc)
        yield url, proc
    finally:
        stop_process(proc)


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL after 10 s; close its output pipe."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    if proc.stdout:
        proc.stdout.close()


def wait_for(what: str, check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Poll another process's state (a scrape, a file) until `check()`; fail naming `what`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)  # polling another process: no clock to inject
    raise AssertionError(f"not within {timeout}s: {what}")


def peak_allocated(read: Callable[[], object]) -> int:
    """Python's peak allocations while `read()` runs, above what was allocated before it
    (tracemalloc): what a reader of untrusted bytes builds."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        read()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def saved_blocks(head: Any, skip: set[int], min_numel: int = 1) -> list[tuple[int, int]]:
    """A test's own walk of an autograd graph from `head`: the (address, bytes) of the storages
    of the tensors it saved with more than `min_numel` elements, `skip` (the parameters') left out."""
    import torch

    saved, stack, seen = set(), [head], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        for a in dir(node):
            v = getattr(node, a) if a.startswith("_saved_") else None
            if isinstance(v, torch.Tensor) and v.numel() > min_numel:
                if (ptr := v.untyped_storage().data_ptr()) not in skip:
                    saved.add((ptr, v.untyped_storage().nbytes()))
        stack.extend(fn for fn, _ in node.next_functions)
    return sorted(saved)

