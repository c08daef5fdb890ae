"""The fake run's hooks on the job's own step: the optimizer's pre and post hooks mark a step's
phases and read the persistent categories (parameters, gradients, optimizer state), a gradient's
accumulation hook its gradient; `Stop` ends a script's run once its steps are done."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

__all__ = ["StepHooks", "Stop", "Tracks", "grad_hooks"]


class Tracks(Protocol):
    """What the hooks need of the fake run's tracker (fakerun's `_Tracker`)."""

    phase: str

    def track(self, t: Any, category: str | None = None) -> None: ...


class Stop(BaseException):  # noqa: N818  a BaseException: a script's `except Exception` must not keep it
    """Raised from the optimizer's post-hook once the steps asked for have run."""


class StepHooks:
    """The phases of a step and the persistent categories, from the optimizer's hooks."""

    def __init__(self, tracker: Tracks, steps: int) -> None:
        self.tracker, self.steps, self.done = tracker, steps, 0
        self.handles: list[Any] = []
        self.optimizer: Any = None  # the first that stepped (a script's model identity: `model_id`)

    def persistent(self, optimizer: Any, model: Any = None) -> None:
        t = self.tracker
        if model is not None:
            for p in model.parameters():
                t.track(p, "parameters")
            for b in model.buffers():
                t.track(b, "parameters")
        for group in optimizer.param_groups:
            for p in group["params"]:
                t.track(p, "parameters")
                if p.grad is not None:
                    t.track(p.grad, "gradients")
        for state in optimizer.state.values():
            for v in state.values():
                t.track(v, "optimizer_state")

    def install(self, stop: bool) -> None:
        from torch.optim.optimizer import (
            register_optimizer_step_post_hook,
            register_optimizer_step_pre_hook,
        )

        def pre(opt: Any, *_: Any) -> None:
            self.optimizer = self.optimizer or opt
            self.persistent(opt)
            self.tracker.phase = "optimizer"

        def post(opt: Any, *_: Any) -> None:
            self.persistent(opt)
            self.tracker.phase = "setup"
            self.done += 1
            if stop and self.done >= self.steps:
                raise Stop

        self.handles = [register_optimizer_step_pre_hook(pre), register_optimizer_step_post_hook(post)]

    def remove(self) -> None:
        for h in self.handles:
            h.remove()


def grad_hooks(tracker: Tracks, params: Sequence[Any]) -> list[Any]:
    def accumulated(p: Any) -> None:
        tracker.track(p.grad, "gradients")

    return [p.register_post_accumulate_grad_hook(accumulated) for p in params if p.requires_grad]
