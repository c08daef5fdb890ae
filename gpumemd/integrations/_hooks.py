"""What both framework callbacks share: start the agent once per process with the trainer's
ranks, pass the global step on, hand the latest figures to the framework's logger. Every
entry point is guarded: an exception is logged once, counted, and never reaches the loop."""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from gpumemd.agent import agent as agent_mod
from gpumemd.agent import identity as identity_mod

__all__ = ["Hooks", "guarded"]

log = logging.getLogger("gpumemd.integrations")

F = TypeVar("F", bound=Callable[..., Any])
PREFIX = "gpumemd/"


def guarded(hook: F) -> F:
    """A callback's framework hook (the callback holds its `Hooks` as `.hooks`) that never
    raises into the training loop."""
    @functools.wraps(hook)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return hook(self, *args, **kwargs)
        except Exception:
            try:
                self.hooks.failed(hook.__name__)
            except Exception:  # not even the bookkeeping may raise into the loop
                pass
            return None
    return wrapper  # type: ignore[return-value]


class Hooks:
    """The framework-independent half of a callback (tests drive it with fakes of the hooks)."""

    def __init__(self, *, log_memory: bool = False, config: Any = None, **overrides: Any) -> None:
        self.log_memory = log_memory
        self._config, self._overrides = config, overrides
        self.agent: agent_mod.Agent | None = None
        self._logged: set[str] = set()  # hooks whose failure was already logged

    def start(self, rank: int | None, local_rank: int | None, world_size: int | None) -> None:
        """The agent of this process (started once; a running one is kept), with the ranks the
        trainer knows where the environment does not name them (Lightning's own launcher)."""
        current = agent_mod.current()
        if current is not None and current._started:
            self.agent = current
            return
        ident = identity_mod.from_env()
        if ident.rank is None and rank is not None:
            ident = dataclasses.replace(ident, rank=rank, local_rank=local_rank, world_size=world_size)
        self.agent = agent_mod.start(self._config, identity=ident, **self._overrides)

    def watch(self, model: Any, optimizers: Any) -> None:
        """Memory by category for the trainer's model and optimizer(s) (`Agent.watch`)."""
        if self.agent is not None:
            self.agent.watch(model, list(optimizers) if isinstance(optimizers, (list, tuple)) else optimizers)

    def step(self, global_step: int) -> None:
        if self.agent is not None:
            self.agent.set_training_step(global_step)

    def figures(self, device: int | None) -> Mapping[str, float]:
        """`gpumemd/allocated_bytes`, `gpumemd/reserved_bytes`, `gpumemd/window_peak_bytes` as of
        the agent's latest sample; empty unless `log_memory` and the allocator is readable."""
        if not self.log_memory or self.agent is None:
            return {}
        return {PREFIX + k: v for k, v in self.agent.memory_figures(device).items()}

    def failed(self, where: str) -> None:
        if self.agent is not None:
            self.agent.errors.note("integration")
        if where not in self._logged:
            self._logged.add(where)
            log.exception("gpumemd callback %s failed; training goes on (logged once)", where)
