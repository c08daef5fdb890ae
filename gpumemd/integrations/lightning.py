"""A Lightning callback: the agent in every process that trains, the global step as a series.

    from gpumemd.integrations.lightning import GpumemdCallback
    trainer = L.Trainer(callbacks=[GpumemdCallback(log_memory=True)])

`setup` (every rank, every stage) starts this process's agent, with `**overrides` as
`gpumemd.start` takes them; before each training batch its tokens (batch × sequence of its
`input_ids`, `attention_mask` or `inputs_embeds`: `_hooks.batch_tokens`) go to the OOM
forecast (docs/forecast.md); after each training batch the trainer's `global_step` (optimizer
steps) becomes `gpumemd_training_global_step`; `on_train_start` hands the module (and the
strategy's wrapped model, `trainer.model`: DDP's wrapper) and the trainer's optimizers to
`gpumemd.watch` (memory by category, docs/categories.md); and with
`log_memory=True` the agent's latest allocated, reserved and window-peak bytes go through
`pl_module.log` as `gpumemd/*`.
Imports `lightning` (or the older `pytorch_lightning`) when this module is imported.
"""

from __future__ import annotations

from typing import Any

from ._hooks import Hooks, guarded

try:
    from lightning.pytorch.callbacks import Callback
except ImportError:
    try:
        from pytorch_lightning.callbacks import Callback  # type: ignore[no-redef,unused-ignore]
    except ImportError as exc:
        raise ImportError("gpumemd.integrations.lightning needs Lightning: pip install lightning") from exc

__all__ = ["GpumemdCallback"]


class GpumemdCallback(Callback):  # type: ignore[misc,unused-ignore]
    """A Lightning callback: starts the agent with the trainer's ranks and exports its global step
    (optionally logging memory figures to the trainer's logger)."""

    def __init__(self, *, log_memory: bool = False, config: Any = None, **overrides: Any) -> None:
        super().__init__()
        self.hooks = Hooks(log_memory=log_memory, config=config, **overrides)

    @guarded
    def setup(self, trainer: Any, pl_module: Any, stage: str | None = None) -> None:
        self.hooks.start(getattr(trainer, "global_rank", None), getattr(trainer, "local_rank", None),
                         getattr(trainer, "world_size", None))

    @guarded
    def on_train_start(self, trainer: Any, pl_module: Any) -> None:
        # the optimizers exist from here on (configure_optimizers runs after setup); the strategy's
        # model too: under DDP the wrapper around the module, whose buckets are comm_buckets
        wrapped = getattr(trainer, "model", None)  # getattr: a trainer without it
        models = [pl_module] if wrapped is None or wrapped is pl_module else [pl_module, wrapped]
        self.hooks.watch(models, getattr(trainer, "optimizers", None))  # getattr: a trainer without them

    @guarded
    def on_train_batch_start(self, trainer: Any, pl_module: Any, batch: Any, batch_idx: int) -> None:
        self.hooks.tokens(batch)

    @guarded
    def on_train_batch_end(
        self, trainer: Any, pl_module: Any, outputs: Any, batch: Any, batch_idx: int
    ) -> None:
        self.hooks.step(trainer.global_step)
        if self.hooks.log_memory:
            device = getattr(getattr(pl_module, "device", None), "index", None)
            for name, value in self.hooks.figures(device).items():
                pl_module.log(name, value, on_step=True, on_epoch=False, prog_bar=False, logger=True)
