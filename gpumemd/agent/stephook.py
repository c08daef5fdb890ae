"""The agent's optimizer-step hook: what runs on the training thread after each optimizer step.

`StepHook.install()` registers it with torch.optim (once the program has imported torch);
each call then counts the step (`gpumemd_training_optimizer_steps_total`), notes the optimizer
that stepped (`stepped`: its parameters' fingerprint keys the calibration without `watch()`,
agent/stepmodel.py), tells the step listeners (the leak finder snapshots at step boundaries
while armed), and reads the allocator's counters: a *step boundary* closes the step peak
(`AllocatorSource.boundary`) and tells the boundary listeners (the OOM forecast pairs the peak
with the batch's tokens), and a tick at least every `tick_interval` feeds the window peak
(`agent.tick: step`).

A boundary is the sampler's tick taken on this thread; while the sampling thread samples
(the tick would have to wait), this thread reads the step's end itself without the sample
lock (`AllocatorSource.close_steps`), so a busy sampler never merges two steps. The
boundaries are spaced by the same debt controller as the category passes (`PassBudget`), at
STEP_PEAK_BUDGET of the training thread's time (each charged its read and its listeners, less
the category pass, which its own budget spaces): steps shorter than a boundary's cost over
that share close together, and `gpumemd_allocator_step_peak_steps` says how many a peak
covers.

What it needs from its agent is declared in `StepTarget`. It never raises into the training
loop (failures are counted in the agent's errors as `step-tick`) and never waits.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Protocol

from gpumemd.agent.categorypass import PassBudget
from gpumemd.backends.torch_cuda import torch_ready
from gpumemd.sources.agent_self import Errors
from gpumemd.sources.training import TrainingStep

from .stepmodel import SteppedModel

__all__ = [
    "STEP_PEAK_BANK",
    "STEP_PEAK_BUDGET",
    "BoundaryListener",
    "PeakReset",
    "StepAllocator",
    "StepHook",
    "StepListener",
    "StepTarget",
]

STEP_PEAK_BUDGET = 0.003  # the step boundaries' share of the training thread's time, at most
# Seconds of reads the boundaries' budget may hold in hand (PassBudget's bank), full at the start:
# one slow read (a garbage collection inside it) is paid from it, not by merging the next steps.
STEP_PEAK_BANK = 0.001


def _never() -> bool:
    return False


class StepListener(Protocol):
    """Told of each optimizer step, on the training thread, before the allocator is read: it
    must be cheap and never raise (a listener with nothing to do returns at once)."""

    def on_step(self) -> None: ...


class BoundaryListener(Protocol):
    """Told after each step boundary (the step peak just closed), on the training thread, with
    the optimizer steps counted so far; cheap. What it raises is counted (`step-tick`). It
    returns the seconds it spent under a budget of its own (the category pass's), which the
    boundaries' budget leaves out, or None."""

    def on_boundary(self, steps: int | None) -> float | None: ...


class StepAllocator(Protocol):
    """What the hook needs of the allocator source (`AllocatorSource`)."""

    boundary: tuple[int, int] | None
    """Set by the hook (its thread, the steps open) for the tick it takes; the tick that closes
    those steps clears it."""

    def close_steps(self, steps: int) -> bool:
        """Close the open steps on this thread, without the sample lock; False: another thread
        is closing (never waited for)."""


class StepTarget(Protocol):
    """What the hook reads of its agent at each step; None or False: nothing to read yet."""

    @property
    def hookable(self) -> bool:
        """Not a forked child: the hook may be installed (a built agent, started or not)."""

    @property
    def stepping(self) -> bool:
        """Started and not forked: the hook may tick its sampler."""

    def step_sampler(self) -> Any:
        """The sampler whose `tick_now()` reads the allocator (None before it is built)."""

    def step_allocator(self) -> StepAllocator | None:
        """The AllocatorSource whose `boundary` marks a step boundary (None before it is built)."""


class StepHook:
    """The optimizer-step hook of one agent (module docstring). `tick_interval` and
    `peak_budget` are the agent's settings; benchmarks and tests change them."""

    def __init__(self, target: StepTarget, training: TrainingStep, errors: Errors, *, tick_interval: float,
                 peak_budget: float = STEP_PEAK_BUDGET, clock: Callable[[], float] = time.monotonic) -> None:
        self.target = target
        self.training = training
        self.errors = errors
        self.listeners: list[StepListener] = []
        self.boundary_listeners: list[BoundaryListener] = []
        self.stepped = SteppedModel()  # the optimizers seen stepping: the model without watch()
        self.handle: Any = None  # torch's hook handle, once installed
        self.tick_interval = tick_interval
        # A step boundary (the step peak's read) after every optimizer step while the reads stay
        # within this share of the training thread's time (`spacing`, a debt: each read is
        # charged what it took); else after the steps that pay for it (the step peak then
        # covers them, and says how many). inf: after every step; 0: at ticks only.
        self.spacing = PassBudget(bank=STEP_PEAK_BANK)
        self._asked_at = float("-inf")  # before this, the spacing would answer no: not asked (cost)
        self.peak_budget = peak_budget
        self.next_tick = 0.0
        self.open_steps = 0  # optimizer steps since the last step boundary
        self._clock = clock
        self._compiling: Callable[[], bool] = _never  # torch.compiler.is_compiling, once hooked
        self._disable: Callable[..., Any] | None = None  # torch.compiler.disable, once hooked
        # torch._C.DisableTorchFunction, once hooked: a boundary's reads of the program's tensors
        # are not handed to a TorchFunctionMode the program has active around its step
        self._quiet: Callable[[], AbstractContextManager[Any]] = nullcontext

    @property
    def peak_budget(self) -> float:
        """The boundaries' share of the training thread (`spacing`); benchmarks and tests set it."""
        return self._peak_budget

    @peak_budget.setter
    def peak_budget(self, share: float) -> None:
        self._peak_budget = share
        self._asked_at = float("-inf")  # a new share: ask the spacing at the next step

    def install(self, snapshot: Any = None) -> None:
        """A sample listener: once the program has imported torch, hook optimizer steps."""
        if self.handle is not None or not torch_ready() or not self.target.hookable:
            return
        import torch
        from torch.optim.optimizer import register_optimizer_step_post_hook

        # Under torch.compile (`torch.compile(opt.step)`, a compiled train step) dynamo traces
        # the hook: traced, a tick would run once at compile time and never again. So while
        # tracing, the hook calls the tick through `torch.compiler.disable` (`step`):
        # dynamo ends the graph there and calls the tick eagerly each time the compiled code
        # runs. That costs no graph: torch's optimizer step already breaks the graph around
        # its update (optimizer.py `_use_grad`), so the post hooks' loop, which dynamo now runs
        # eagerly, holds no tensor work, and no fullgraph compile of a step exists to be
        # broken (CPU tests hold both). `disable` is only looked up here and called while
        # tracing: calling it imports torch._dynamo, which a program that never compiles
        # should not pay for. Both are optional (older torch): read what this torch has.
        compiler = getattr(torch, "compiler", None)  # getattr: torch >= 2.1
        self._compiling = getattr(compiler, "is_compiling", _never)  # getattr: torch >= 2.3
        self._disable = getattr(compiler, "disable", None)  # getattr: as above
        self._quiet = getattr(torch._C, "DisableTorchFunction", nullcontext)  # getattr: torch >= 2.0
        if self.training.optimizer_steps is None:
            self.training.optimizer_steps = 0
        self.handle = register_optimizer_step_post_hook(self.step)

    def remove(self) -> None:
        """Unhook from torch.optim (stop, tests); the hook can be installed again."""
        handle, self.handle = self.handle, None
        if handle is not None:
            handle.remove()

    def step(self, *args: Any) -> None:
        """After each optimizer step, on the training thread (torch's post hook: the optimizer,
        its step's args and kwargs): counted, the optimizer noted, then a step boundary (an
        allocator tick that closes the step peak, or this thread's own read while the sampler
        samples) unless the budget spaces them out, and a tick at least every `tick_interval`.
        Never raises, never waits."""
        if self._compiling():  # traced by torch.compile: the tick runs eagerly, outside the graph
            try:
                if self._disable is not None:
                    self._disable(self.step, recursive=True)()
            except Exception:  # a torch that cannot do this while tracing: the step goes uncounted
                self.errors.note("step-tick")
            return
        if args:
            self.stepped.saw(args[0])
        training = self.training
        training.optimizer_steps = (training.optimizer_steps or 0) + 1
        self.open_steps += 1
        for told in self.listeners:  # the leak finder: snapshots at step boundaries while armed
            told.on_step()
        now = self._clock()
        if now < self._asked_at and now < self.next_tick:
            return
        spacing, share = self.spacing, self._peak_budget
        if not spacing.due(now, share):
            self._asked_at = spacing.due_at(share)
            if now < self.next_tick:
                return
        self.next_tick = now + self.tick_interval
        target = self.target
        sampler, allocator = target.step_sampler(), target.step_allocator()
        if sampler is None or allocator is None or not target.stepping:
            return
        elsewhere = 0.0  # spent under a listener's own budget (the category pass)
        try:
            with self._quiet():  # no TorchFunctionMode of the program's sees the agent's reads
                if self._boundary(sampler, allocator):
                    self.open_steps = 0
                    for listener in self.boundary_listeners:  # the forecast: the closed peak and its tokens
                        elsewhere += listener.on_boundary(training.optimizer_steps) or 0.0
        except Exception:
            self.errors.note("step-tick")
        # the boundary's time on this thread, its read and its listeners, but what is charged
        # elsewhere (measured on that budget's clock: never below nothing)
        self.spacing.charge(max(0.0, self._clock() - now - elsewhere))

    def _boundary(self, sampler: Any, allocator: StepAllocator) -> bool:
        """Close the open steps: the sampler's tick on this thread (it splits the interval
        peak too) or, while the sampling thread holds the sampler, a read of this thread's own
        (the tick would wait; skipping it would merge this step into the next). Whether they
        closed: not where the tick failed (counted by the sampler) or another thread closes."""
        allocator.boundary = (threading.get_ident(), self.open_steps)
        try:
            if sampler.tick_now():
                return allocator.boundary is None  # the tick that closed the steps cleared it
        finally:
            allocator.boundary = None
        return allocator.close_steps(self.open_steps)


class PeakReset:
    """The opt-in `agent.step_peak_reset`: after each step boundary, the allocator's peaks reset so
    the next step's peak is exact (docs/forecast.md). A boundary listener."""

    def __init__(self, allocator: Any) -> None:
        self._allocator = allocator

    def on_boundary(self, steps: int | None) -> None:
        self._allocator.reset_step_peaks()
