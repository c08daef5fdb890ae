"""Agents these tests build and sample but never start are never stopped, and their first
sample hooks torch's optimizer steps process-wide: a later test (one that compiles a step,
say) would trace their hooks too. Each test's leftover agent hooks are taken out after it."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator

import pytest

from gpumemd.agent.stephook import StepHook


@pytest.fixture(autouse=True)
def _no_agent_hooks_left() -> Iterator[None]:
    yield
    optimizer = sys.modules.get("torch.optim.optimizer")
    if optimizer is None:
        return
    for hook in list(optimizer._global_optimizer_post_hooks.values()):
        owner = hook.__self__ if inspect.ismethod(hook) else None
        if isinstance(owner, StepHook):  # an agent's (agent/stephook.py)
            owner.remove()
