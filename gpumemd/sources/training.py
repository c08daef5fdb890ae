"""The `training` collector: the trainer's global step, set from the training loop."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from prometheus_client.core import Metric

from .base import Family, Source

__all__ = ["TrainingStep"]


class TrainingStep(Source["int | None"]):
    """Collector `training`: the trainer's global step, as a series (not a label: a label
    would make a new series every step). Set from the training loop (`set_training_step`,
    the framework callbacks in gpumemd/integrations); absent until the first step is set."""

    name = "training"
    names = frozenset({"gpumemd_training_global_step"})
    _FAMILY = Family("gpumemd_training_global_step",
                     "The training loop's global step (optimizer steps), as its framework counts them.")

    def __init__(self, labels: Mapping[str, str]) -> None:
        self._labels = dict(labels)
        self.step: int | None = None  # one attribute store from the training thread: no lock

    def read(self, cycle: Mapping[str, Any]) -> int | None:
        return self.step

    def families(self, reading: int | None) -> Iterable[Metric]:
        metric = self._FAMILY.new()
        if reading is not None:
            self._FAMILY.add(metric, dict(self._labels), reading)
        return (metric,)
