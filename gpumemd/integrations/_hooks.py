"""What both framework callbacks share: start the agent once per process with the trainer's
ranks, pass the global step and the batch's tokens on (`batch_tokens`), hand the latest
figures to the framework's logger. Every entry point is guarded: an exception is logged
once, counted, and never reaches the loop."""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from gpumemd.agent import api
from gpumemd.agent import identity as identity_mod
from gpumemd.agent.agent import Agent

__all__ = ["TOKEN_KEYS", "Hooks", "batch_tokens", "guarded"]

log = logging.getLogger("gpumemd.integrations")

F = TypeVar("F", bound=Callable[..., Any])
PREFIX = "gpumemd/"
TOKEN_KEYS = ("input_ids", "attention_mask", "inputs_embeds")  # where a batch's shape is read, in order


def batch_tokens(batch: Any) -> int | None:
    """A batch's tokens for the OOM forecast: batch × sequence length of its token ids (the
    padded shape: padding costs activation memory like any token), read from the first of
    TOKEN_KEYS a mapping (a dict, a BatchEncoding) or an object has, else from the batch
    itself or the first element of a tuple or list when that is a tensor of integer ids.
    Only `.shape` is read (no device sync). None where no such shape is found; never raises
    (a batch is any object a loader yields)."""
    try:
        return _batch_tokens(batch)
    except Exception:  # noqa: BLE001 - an object whose attributes or shape lie: no count
        return None


def _batch_tokens(batch: Any) -> int | None:
    found = None
    if isinstance(batch, Mapping):
        found = next((batch[k] for k in TOKEN_KEYS if k in batch), None)
    elif isinstance(batch, (tuple, list)) and batch:
        found = batch[0]
    else:
        found = next((getattr(batch, k) for k in TOKEN_KEYS if getattr(batch, k, None) is not None), batch)
    shape = getattr(found, "shape", None)  # getattr: a tensor, or anything else a loader yields
    if shape is None or not 1 <= len(shape) <= 3:
        return None
    if len(shape) == 3 and found is not None and not _is_embeds(batch, found):
        return None  # a 3-D tensor that is not inputs_embeds (an image batch): no token count
    dims = [int(d) for d in shape[:2]]
    count = dims[0] * dims[1] if len(dims) == 2 else dims[0]
    return count if count > 0 else None


def _is_embeds(batch: Any, found: Any) -> bool:
    """inputs_embeds is batch × sequence × hidden: its first two dimensions are the tokens."""
    if isinstance(batch, Mapping):
        embeds = batch.get("inputs_embeds")
    else:
        embeds = getattr(batch, "inputs_embeds", None)
    return embeds is found


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
        self.agent: Agent | None = None
        self._logged: set[str] = set()  # hooks whose failure was already logged

    def start(self, rank: int | None, local_rank: int | None, world_size: int | None) -> None:
        """The agent of this process (started once; a running one is kept), with the ranks the
        trainer knows where the environment does not name them (Lightning's own launcher)."""
        current = api.current()
        if current is not None and current._started:
            self.agent = current
            return
        ident = identity_mod.from_env()
        if ident.rank is None and rank is not None:
            ident = dataclasses.replace(ident, rank=rank, local_rank=local_rank, world_size=world_size)
        self.agent = api.start(self._config, identity=ident, **self._overrides)

    def watch(self, model: Any, optimizers: Any) -> None:
        """Memory by category for the trainer's model and optimizer(s) (`Agent.watch`)."""
        if self.agent is not None:
            self.agent.watch(model, list(optimizers) if isinstance(optimizers, (list, tuple)) else optimizers)

    def step(self, global_step: int) -> None:
        if self.agent is not None:
            self.agent.set_training_step(global_step)

    def tokens(self, batch: Any) -> None:
        """The tokens of the batch about to run (`batch_tokens`), for the OOM forecast."""
        if self.agent is not None:
            count = batch_tokens(batch)
            if count is not None:
                self.agent.set_tokens(count)

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
