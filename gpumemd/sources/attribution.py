"""Pod and job labels on the per-process series: wraps the process-level sources (not a collector itself)."""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from prometheus_client.core import Metric

from gpumemd.known_metrics import POD_LABELS

from .base import Source, cap

if TYPE_CHECKING:
    from .kubelet import PodAttribution

log = logging.getLogger("gpumemd.kubelet")

__all__ = ["PodLabels", "with_attribution"]


class PodLabels(Source[Any]):
    """Wraps a source: its series with a `uuid` label get `pod`, `namespace`, `container`.

    A GPU held by one container gets that container's names. A GPU shared by several
    (time-slicing, MPS) or held by none gets empty values: charging a shared GPU's memory to
    each of its pods would count it several times in every `sum by (namespace)`;
    `gpumemd_gpu_pod_info` lists all of them for a join. Labelling never fails the wrapped
    source: if it raises, the series go out unlabelled and the error is logged once.
    """

    def __init__(self, inner: Source[Any], attribution: PodAttribution, max_label_length: int = 128) -> None:
        self.inner = inner
        # Labels only: every declared member is the wrapped source's (its full rendering is
        # labelled, so a selection reuses it: `selective` stays False).
        self.name, self.names, self.every = inner.name, inner.names, inner.every
        self.history_readings, self.ticking = inner.history_readings, inner.ticking
        self._attribution = attribution
        self._limit = max_label_length
        self._logged = False

    def read(self, cycle: Mapping[str, Any]) -> Any:
        return self.inner.read(cycle)

    def tick(self) -> None:
        self.inner.tick()

    def close(self) -> None:
        self.inner.close()

    def families(self, reading: Any) -> Iterable[Metric]:
        fams = list(self.inner.families(reading))
        try:
            return [self._label(f) for f in fams]
        except Exception as exc:  # never lose the wrapped source's series over labels
            if not self._logged:
                self._logged = True
                log.warning("cannot add pod labels to %s series: %s", self.name, exc)
            return fams

    def _label(self, family: Metric) -> Metric:
        if not family.samples or "uuid" not in family.samples[0].labels:
            return family
        out = copy.copy(family)
        samples = []
        for s in family.samples:
            if any(k in s.labels for k in POD_LABELS):
                samples.append(s)  # the source set them itself: leave them
                continue
            held = self._attribution.lookup(s.labels.get("uuid", ""), s.labels.get("gpu"))
            if len(held) == 1:
                a = held[0]
                extra = {"pod": cap(a.pod, self._limit), "namespace": cap(a.namespace, self._limit),
                         "container": cap(a.container, self._limit)}
            else:
                extra = dict.fromkeys(POD_LABELS, "")
            samples.append(s._replace(labels={**s.labels, **extra}))
        out.samples = samples
        return out


def with_attribution(config: Any, sources: list[Source]) -> list[Source]:
    """Add the kubelet and Slurm sources that `config.sources` enables to the daemon's sources.

    The kubelet source goes first, so the series of this very sample get this sample's
    pod labels; Slurm goes after NVML, whose processes it looks up.
    """
    kc, sc = config.sources.kubelet, config.sources.slurm
    out = list(sources)
    # Each imported only where enabled (both are off by default): the daemon keeps what it imports.
    if kc.enabled:
        from gpumemd.backends.podresources import GrpcPodResources

        from .kubelet import KubeletSource, PodAttribution

        attribution = PodAttribution(stale_after=kc.stale_after)
        kubelet = KubeletSource(
            GrpcPodResources(kc.socket, kc.timeout),
            attribution,
            resources=kc.resources,
            refresh=kc.refresh,
            max_label_length=config.web.max_label_length,
        )
        if kc.label_series:
            out = [PodLabels(s, attribution, config.web.max_label_length) for s in out]
        out.insert(0, kubelet)
    if sc.enabled:
        from .slurm import SlurmSource

        out.append(SlurmSource(sc.proc_root))
    return out
