"""`gpumemd preflight`: will a training job fit on a GPU, before it is launched?

The job's first steps run on fake tensors (no GPU, no data: `fakerun`), the allocation stream
is replayed through a model of PyTorch's caching allocator (`allocator`), and the peak, with
the bytes outside PyTorch and an interval, is judged against a device (`verdict`). Needs torch
(the commands' side, `gpumemd.commands.preflight_cli`, loads it only when run).

`gpumemd.preflight(...)` is this package, callable: Python binds a subpackage to its parent's
attribute once it is imported, so the public name and the package must be one object. Calling
it runs `report.preflight`; `gpumemd.preflight.preflight` is the package itself.
"""

from __future__ import annotations

import inspect
import sys
import types
from typing import Any, cast

from . import report
from .fakerun import Job, NotRunnable
from .report import Report
from .verdict import DEFAULT_OVERHEADS, GPUS, Device, Overheads

__all__ = ["DEFAULT_OVERHEADS", "GPUS", "Device", "Job", "NotRunnable", "Overheads", "Report", "preflight"]


class _Callable(types.ModuleType):
    """This package's type: calling it runs `report.preflight` (its signature is `__signature__`)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Report:
        return report.preflight(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
preflight = cast(_Callable, sys.modules[__name__])  # the public name, this package
__signature__ = inspect.signature(report.preflight)  # what inspect shows for the callable package
