"""A Hugging Face `TrainerCallback`: the agent in every process that trains, the global step as
a series.

    from gpumemd.integrations.huggingface import GpumemdTrainerCallback
    trainer = Trainer(model, args, train_dataset=ds, callbacks=[GpumemdTrainerCallback(log_memory=True)])

`on_train_begin` (every process: the Trainer runs in each rank) starts this process's agent,
with `**overrides` as `gpumemd.start` takes them, hands the Trainer's model and optimizer to
`gpumemd.watch` (memory by category, docs/categories.md), and hooks the model's forward (a
`forward_pre_hook`, removed at `on_train_end`: the Trainer hands callbacks no batch) so each
training forward's tokens (batch × sequence of its `input_ids`, `attention_mask` or
`inputs_embeds`: `_hooks.batch_tokens`) go to the OOM forecast (docs/forecast.md);
`on_step_end` (once per optimizer step,
gradient accumulation included) passes `state.global_step` on as
`gpumemd_training_global_step`; with `log_memory=True`, `on_log` adds the agent's latest
allocated, reserved and window-peak bytes to the `logs` dict as `gpumemd/*`. Imports
`transformers` when this module is imported.
"""

from __future__ import annotations

from typing import Any

from ._hooks import TOKEN_KEYS, Hooks, guarded

try:
    from transformers import TrainerCallback
except ImportError as exc:
    raise ImportError(
        "gpumemd.integrations.huggingface needs transformers: pip install transformers"
    ) from exc

__all__ = ["GpumemdTrainerCallback"]


class GpumemdTrainerCallback(TrainerCallback):  # type: ignore[misc,unused-ignore]
    """A Hugging Face Trainer callback: starts the agent with the trainer's ranks and exports its
    global step (optionally logging memory figures with the trainer's logs)."""

    def __init__(self, *, log_memory: bool = False, config: Any = None, **overrides: Any) -> None:
        self.hooks = Hooks(log_memory=log_memory, config=config, **overrides)
        self._forward_hook: Any = None

    @guarded
    def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self.hooks.start(
            getattr(args, "process_index", None),
            getattr(args, "local_process_index", None),
            getattr(args, "world_size", None),
        )
        # the Trainer passes its model and optimizer (created before this hook) to every callback
        self.hooks.watch(kwargs.get("model"), kwargs.get("optimizer"))
        model = kwargs.get("model")
        if model is not None and self._forward_hook is None and hasattr(model, "register_forward_pre_hook"):
            self._forward_hook = model.register_forward_pre_hook(self._pre_forward, with_kwargs=True)

    def _pre_forward(self, module: Any, args: Any, kwargs: Any) -> None:
        """A training forward's tokens (evaluation forwards are not the training step's)."""
        try:
            if module.training:
                self.hooks.tokens(kwargs if any(k in kwargs for k in TOKEN_KEYS) else args)
        except Exception:  # never into the model's forward
            self.hooks.failed("forward")

    @guarded
    def on_train_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        hook, self._forward_hook = self._forward_hook, None
        if hook is not None:
            hook.remove()

    @guarded
    def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self.hooks.step(state.global_step)

    @guarded
    def on_log(
        self, args: Any, state: Any, control: Any, logs: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        if self.hooks.log_memory and logs is not None:
            device = getattr(getattr(args, "device", None), "index", None)
            logs.update(self.hooks.figures(device))
