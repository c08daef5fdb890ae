"""`gpumemd preflight`: will a training job fit on a GPU, before it is launched?

The job's first steps run on fake tensors (no GPU, no data: `fakerun`), the allocation stream
is replayed through a model of PyTorch's caching allocator (`allocator`), and the peak, with
the bytes outside PyTorch and an interval, is judged against a device (`verdict`). Needs torch
(the commands' side, `gpumemd.commands.preflight_cli`, loads it only when run).

`gpumemd.preflight(...)` is `report.preflight`: this package, once imported, is itself
callable, so the name works both before and after `import gpumemd.preflight`.
"""

from __future__ import annotations

import inspect
import sys
import types
from typing import Any

from .fakerun import Job, NotRunnable
from .report import Report, preflight
from .verdict import DEFAULT_OVERHEADS, GPUS, Device, Overheads

__all__ = ["DEFAULT_OVERHEADS", "GPUS", "Device", "Job", "NotRunnable", "Overheads", "Report", "preflight"]


class _Callable(types.ModuleType):
    """`gpumemd.preflight` is this package once it is imported (Python binds a subpackage to
    its parent's attribute): calling it runs `preflight`."""

    def __call__(self, *args: Any, **kwargs: Any) -> Report:
        return preflight(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
__signature__ = inspect.signature(preflight)  # what inspect shows for the callable package
