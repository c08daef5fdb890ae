"""What the job's own calls meet in preflight's fake run (fakerun.py puts them in place and back):
`torch.compile` and `Module.compile` (a module becomes a compiled step, compiled.py), GradScaler's
step without its value read, the CUDA generator's state, SDPA as CUDA's fused kernels hold memory,
and torch.optim's foreach choice made for the GPU the job will run on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import torch
from torch.utils._python_dispatch import _disable_current_modes

from . import compiled as inductor

__all__ = ["Tracker", "compile_stand_in", "fused_attention", "module_compile_stand_in", "no_rng_state",
           "note", "optimizer_choice", "scaled_step"]


class Tracker(inductor.Allocations, Protocol):
    """The fake run's tracker as the stand-ins see it: allocations, the count of compiled models,
    and the notes the report carries."""

    compiled: int
    notes: list[str]


def scaled_step(self: Any, optimizer: Any, optimizer_state: Any, *args: Any, **kwargs: Any) -> Any:
    """GradScaler's step without its `found_inf.item()` (a fake tensor has no values): the
    gradients taken as finite, so the optimizer steps and makes its state, as a run's steps do
    once the scale has settled."""
    return optimizer.step(*args, **kwargs)


def no_rng_state(*_: Any) -> torch.Tensor:
    """A CUDA generator's state where there is none: an empty real CPU tensor, never counted."""
    with _disable_current_modes():
        return torch.empty(0, dtype=torch.uint8, device="cpu")


def compile_stand_in(tracker: Tracker) -> Callable[..., Any]:
    """`torch.compile` in the fake run: a module becomes a compiled step as inductor holds its
    memory (compiled.py); a function, another backend or `disable=True` runs eagerly (said in
    a note: its figure is the eager one)."""

    def compile(model: Any = None, *, backend: Any = "inductor", disable: bool = False, **_: Any) -> Any:
        if model is None:  # @torch.compile(...) as a decorator factory
            return lambda m: compile(m, backend=backend, disable=disable)
        if disable:
            return model
        if backend != "inductor":
            note(tracker, f"torch.compile with the backend {backend!r}: ran eagerly (the eager figure)")
            return model
        if isinstance(model, torch.nn.Module):
            tracker.compiled += 1
            return inductor.wrap(model, tracker)
        note(tracker, "a torch.compile'd function (not a module) ran eagerly: its part of the figure is "
              "the eager one (docs/preflight.md, 'A compiled step')")
        return model

    return compile


def module_compile_stand_in(tracker: Tracker) -> Callable[..., None]:
    """`module.compile()`: the module's calls go through a compiled step as `_compile`'s do."""

    def compile(self: torch.nn.Module, *_: Any, backend: Any = "inductor", disable: bool = False,
                **__: Any) -> None:
        if disable or backend != "inductor":
            note(tracker, f"Module.compile with the backend {backend!r}: ran eagerly (the eager figure)")
            return
        tracker.compiled += 1
        # through the instance's dict: a module set as an attribute would become a child
        self.__dict__["_compiled_call_impl"] = inductor.CompiledModule(self, tracker)

    return compile


def note(tracker: Tracker, text: str) -> None:
    if text not in tracker.notes:
        tracker.notes.append(text)


def fused_attention(sdpa: Callable[..., Any]) -> Callable[..., Any]:
    """SDPA as CUDA's fused kernels hold memory, on the CPU tensors that stand for the GPU's:
    CUDA's flash and memory-efficient kernels apply attention dropout inside the kernel (a
    seed, no mask), where the CPU falls back to the math path with its seq² weights and mask;
    without dropout the CPU takes its flash kernel, whose saved output and log-sum-exp are
    the shapes CUDA's flash kernel saves."""

    def attention(*args: Any, **kwargs: Any) -> Any:
        if len(args) > 4:
            args = (*args[:4], 0.0, *args[5:])
        kwargs["dropout_p"] = 0.0 if len(args) <= 4 else kwargs.get("dropout_p", 0.0)
        if len(args) > 4:
            kwargs.pop("dropout_p")
        return sdpa(*args, **kwargs)

    return attention


def optimizer_choice(remap: bool) -> Callable[..., tuple[bool, bool]]:
    """torch.optim's choice of its foreach (or fused) implementation, made for the GPU the job
    will run on: torch's own refuses every tensor subclass (a fake tensor included) and so
    falls back to the per-parameter loop, whose temporaries are one parameter's, where the
    foreach path's are every parameter's at once (AdamW's `_foreach_sqrt` of its second moment:
    the step's peak at a short batch)."""
    from torch.optim.optimizer import (
        _get_foreach_kernels_supported_devices,
        _get_fused_kernels_supported_devices,
    )

    def device(p: torch.Tensor) -> str:
        return "cuda" if remap else p.device.type

    def choose(params: list[Any], differentiable: bool, use_fused: bool = False) -> tuple[bool, bool]:
        if torch.jit.is_scripting() or differentiable:
            return False, False
        fused_ok = _get_fused_kernels_supported_devices()
        foreach_ok = _get_foreach_kernels_supported_devices()
        fused = use_fused and all(p is None or (device(p) in fused_ok and torch.is_floating_point(p))
                                  for p in params)
        foreach = not fused and all(p is None or device(p) in foreach_ok for p in params)
        return fused, foreach

    return choose
