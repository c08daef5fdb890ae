"""GPU tests: run only where NVML and a CUDA device are present (the device machine)."""

from __future__ import annotations

import faulthandler
import os
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def _has_gpu() -> bool:
    if shutil.which("nvidia-smi") is None:
        return False
    try:
        import pynvml

        pynvml.nvmlInit()
        count = pynvml.nvmlDeviceGetCount()
        pynvml.nvmlShutdown()
        return bool(count)
    except Exception:
        return False


HAS_GPU = _has_gpu()


DEFAULT_TIMEOUT_S = 60


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "timeout_s(n): fail a GPU test after n seconds (default 60), stacks dumped")


class GpuTestTimeout(Exception):
    """A GPU test ran past its limit (tests/gpu/conftest.py)."""


@pytest.fixture(autouse=True)
def _bounded(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each GPU test gets a limit: at the limit every thread's stack goes to stderr
    (faulthandler) and the test fails with GpuTestTimeout, so a hung test names itself and
    the rest of the run goes on (device time is the scarcest budget this project has)."""
    marker = request.node.get_closest_marker("timeout_s")
    limit = int(marker.args[0]) if marker else DEFAULT_TIMEOUT_S

    def expire(signum: int, frame: object) -> None:
        raise GpuTestTimeout(f"{request.node.nodeid} ran past {limit} s (stacks above)")

    previous = signal.signal(signal.SIGALRM, expire)
    faulthandler.dump_traceback_later(limit, file=sys.stderr)
    signal.alarm(limit + 1)
    try:
        yield
    finally:
        signal.alarm(0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, previous)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.gpu)
            if not HAS_GPU:
                item.add_marker(pytest.mark.skip(reason="needs a CUDA GPU and NVML"))


@pytest.fixture
def results_dir() -> Path:
    """Where GPU tests leave their figures ($GPUMEMD_RESULTS, else a temp dir)."""
    path = Path(os.environ.get("GPUMEMD_RESULTS", "/tmp/gpumemd-results"))
    path.mkdir(parents=True, exist_ok=True)
    return path
