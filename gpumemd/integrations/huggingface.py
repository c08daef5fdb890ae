"""A Hugging Face `TrainerCallback`: the agent in every process that trains, the global step as
a series.

    from gpumemd.integrations.huggingface import GpumemdTrainerCallback
    trainer = Trainer(model, args, train_dataset=ds, callbacks=[GpumemdTrainerCallback(log_memory=True)])

`on_train_begin` (every process: the Trainer runs in each rank) starts this process's agent,
with `**overrides` as `gpumemd.start` takes them, and hands the Trainer's model and optimizer to
`gpumemd.watch` (memory by category, docs/categories.md); `on_step_end` (once per optimizer step,
gradient accumulation included) passes `state.global_step` on as
`gpumemd_training_global_step`; with `log_memory=True`, `on_log` adds the agent's latest
allocated, reserved and window-peak bytes to the `logs` dict as `gpumemd/*`. Imports
`transformers` when this module is imported.
"""

from __future__ import annotations

from typing import Any

from ._hooks import Hooks, guarded

try:
    from transformers import TrainerCallback
except ImportError as exc:
    raise ImportError("gpumemd.integrations.huggingface needs transformers: pip install transformers") from exc

__all__ = ["GpumemdTrainerCallback"]


class GpumemdTrainerCallback(TrainerCallback):  # type: ignore[misc,unused-ignore]
    def __init__(self, *, log_memory: bool = False, config: Any = None, **overrides: Any) -> None:
        self.hooks = Hooks(log_memory=log_memory, config=config, **overrides)

    @guarded
    def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self.hooks.start(getattr(args, "process_index", None), getattr(args, "local_process_index", None),
                         getattr(args, "world_size", None))
        # the Trainer passes its model and optimizer (created before this hook) to every callback
        self.hooks.watch(kwargs.get("model"), kwargs.get("optimizer"))

    @guarded
    def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self.hooks.step(state.global_step)

    @guarded
    def on_log(self, args: Any, state: Any, control: Any, logs: dict[str, Any] | None = None,
               **kwargs: Any) -> None:
        if self.hooks.log_memory and logs is not None:
            device = getattr(getattr(args, "device", None), "index", None)
            logs.update(self.hooks.figures(device))
