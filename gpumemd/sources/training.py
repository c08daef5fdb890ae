"""The `training` collector: the trainer's global step, set from the training loop, and the
optimizer steps the agent's step hook saw."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from prometheus_client.core import Metric

from gpumemd.known_metrics import collected_by

from .base import Family, Source

__all__ = ["TrainingStep"]


class TrainingStep(Source["tuple[int | None, int | None]"]):
    """Collector `training`: the trainer's global step, as a series (not a label: a label
    would make a new series every step). Set from the training loop (`set_training_step`,
    the framework callbacks in gpumemd/integrations); absent until the first step is set."""

    name = "training"
    names = collected_by("training")  # the families declared with its name (known_metrics)
    _FAMILY = Family("gpumemd_training_global_step")
    _STEPS = Family("gpumemd_training_optimizer_steps")

    def __init__(self, labels: Mapping[str, str]) -> None:
        self._labels = dict(labels)
        self.step: int | None = None  # one attribute store from the training thread: no lock
        self.optimizer_steps: int | None = None  # 0 once the step hook is installed; the hook adds 1 a step

    def read(self, cycle: Mapping[str, Any]) -> tuple[int | None, int | None]:
        return self.step, self.optimizer_steps

    def families(self, reading: tuple[int | None, int | None]) -> Iterable[Metric]:
        step, optimizer_steps = reading
        metric, steps = self._FAMILY.new(), self._STEPS.new()
        if step is not None:
            self._FAMILY.add(metric, dict(self._labels), step)
        if optimizer_steps is not None:
            self._STEPS.add(steps, dict(self._labels), optimizer_steps)
        return (metric, steps)
