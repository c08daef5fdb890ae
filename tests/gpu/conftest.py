"""GPU tests: run only where NVML and a CUDA device are present (the device machine)."""

from __future__ import annotations

import os
import shutil
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
