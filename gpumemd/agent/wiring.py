"""What the agent is made of: its sources wrapped to count their errors (`Counted`), the
profiler's sections as an observer, the allocator announcer, the spool's change key, and
its configuration (a file, defaults, `start()` keyword overrides through config's one
validator).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd import config as config_mod
from gpumemd.backends.host import ProcessUnreadable, Psutil
from gpumemd.backends.torch_accel import NVIDIA
from gpumemd.backends.torch_cuda import torch_ready
from gpumemd.config import AgentConfig, Config
from gpumemd.known_metrics import collected_by
from gpumemd.profiler import sections
from gpumemd.sampling.observer import Observer
from gpumemd.sources.agent_self import Errors
from gpumemd.sources.base import Source, SourceUnavailable
from gpumemd.sources.process import nvml_only

from . import identity as identity_mod

log = logging.getLogger("gpumemd.agent")

__all__ = [
    "AllocatorAnnouncer",
    "Counted",
    "SectionsObserver",
    "agent_config",
    "effective_listen_address",
    "rss_reader",
    "sample_every",
    "say",
    "sections_observers",
    "sections_state",
    "spool_change_key",
]


def sample_every(agent: AgentConfig, spool: Path | None) -> float:
    """How often the agent's thread takes a whole sample: as often as anything in it is due
    (rules, NVML, the spool); the ticks between only follow the allocator's interval peak."""
    due = [agent.evaluation_interval, agent.nvml_interval]
    if spool is not None:
        due.append(agent.spool_interval)
    return min(due)


def say(message: str) -> None:
    """One line for the person who started the program: through the `gpumemd` logger where
    the program configured logging, else straight to stderr (an unconfigured logger would
    drop an info line, and the agent would start in silence)."""
    if log.hasHandlers():
        log.info("%s", message)
    else:
        try:
            sys.stderr.write(f"gpumemd: {message}\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):  # no stderr, or a closed one: stay silent
            pass


class AllocatorAnnouncer:
    """A sample listener that says once whether PyTorch's allocator can be read, why not
    while it cannot, and once when it becomes readable; then it only checks one flag.

    On an accelerator NVML cannot see (ROCm, XPU, MPS) it also says once that device-level
    memory is not read there (sources/process.py `nvml_only`): the process collector
    succeeds with its host series, so this line is where it is said."""

    def __init__(self, pid: int, accelerator: Callable[[], str | None] = lambda: None) -> None:
        self._pid = pid
        self._accelerator = accelerator  # torch_accel.accelerator_name of the program's torch
        self._said = ""  # the last thing said: each is said once
        self.done = False
        self.armed = False  # after the agent said it started: the first sample comes before
        self._kind_known = False  # the accelerator was looked at (once torch is imported)

    def __call__(self, snapshot: Any) -> None:
        if self.done and self._kind_known:
            return
        if not self.armed or snapshot is None or not torch_ready():
            return  # a program that has not imported torch yet is not news
        try:
            kind = self._accelerator()
            if not self._kind_known:
                self._kind_known = True
                if kind is not None and kind != NVIDIA:
                    say(f"pid {self._pid}: {nvml_only(kind)}")
            if self.done:
                return
            readings = snapshot.readings.get("allocator")
            if snapshot.success.get("allocator") and readings:
                what = "GPU" if kind in (None, NVIDIA, "rocm") else kind
                devices = ", ".join(str(r.device) for r in readings)
                self.done = True
                self._say(f"pid {self._pid}: PyTorch's allocator is readable ({what} {devices})")
            else:
                self._say(f"pid {self._pid}: PyTorch's allocator is not readable yet: {self._why(kind)}")
        except Exception:  # a listener never raises into the sampler
            self.done = self._kind_known = True

    def _say(self, text: str) -> None:
        if text != self._said:
            self._said = text
            say(text)

    @staticmethod
    def _why(kind: str | None) -> str:
        if kind is not None and kind not in (NVIDIA, "rocm"):
            return (
                f"waiting for the program to use its {kind} device (the agent never initialises one), "
                "or this torch has no torch.accelerator.memory_stats"
            )
        torch = sys.modules["torch"]
        if not torch.backends.cuda.is_built():
            return "this torch is built without CUDA (CPU-only); the allocator series stay absent"
        if not torch.cuda.is_initialized():
            return "waiting for the program to initialise CUDA (the agent never creates a CUDA context)"
        return "no CUDA device is visible to this process"


class Counted(Source[Any]):
    """Wraps a source: an unexpected exception is counted (the sampler logs and isolates it).

    Every member `Source` declares is forwarded (tests/unit/agent checks the list against
    Source), so a capability added there cannot disappear behind the wrapper."""

    def __init__(self, source: Source[Any], errors: Errors, every: float = 0.0) -> None:
        self._source, self._errors = source, errors
        self.name, self.names, self.history_readings = source.name, source.names, source.history_readings
        self.ticking, self.selective = source.ticking, source.selective
        self.every = every  # read every `every` seconds, not every sample (Sampler.sample_once)

    def tick(self) -> None:
        try:
            self._source.tick()
        except Exception:
            self._errors.note(self.name)
            raise

    def read(self, cycle: Mapping[str, Any]) -> Any:
        try:
            return self._source.read(cycle)
        except SourceUnavailable:
            raise
        except Exception:
            self._errors.note(self.name)
            raise

    def families(self, reading: Any) -> Iterable[Metric]:
        return self._source.families(reading)

    def families_named(self, reading: Any, wanted: frozenset[str]) -> Iterable[Metric]:
        return self._source.families_named(reading, wanted)

    def close(self) -> None:
        self._source.close()


class SectionsObserver(Observer):
    """Adds the profiler's section families (gpumemd/profiler/sections.py, when present) to each sample."""

    name = "sections"
    # What a rule may select from it (the sampler builds these for the rules only when selected)
    names = collected_by("sections")  # the families declared with its name (known_metrics)

    def __init__(self, families: Any, every: float = 0.0) -> None:
        self._families = families
        self.every = every  # with the rules, every evaluation_interval

    def observe(
        self, families: Sequence[Metric], readings: Mapping[str, Any], timestamp: float
    ) -> Iterable[Metric]:
        # A generator: the sampler consumes it only when the sample's families are built (a
        # scrape, the spool writer), so an unscraped sample does not build these either.
        yield from self._families()


def sections_observers(every: float = 0.0) -> list[Observer]:
    return [SectionsObserver(sections.families, every)]


def sections_state() -> Callable[[], Any]:
    """The profiled sections' table, comparable between samples (the spool's change key)."""
    return sections.REGISTRY.snapshot


def spool_change_key(sections_state: Callable[[], Any]) -> Callable[[Any], Any]:
    """What decides whether a sample must be rewritten into the spool or only touched: the
    sources' readings (frozen values, compared in C for the most part), which of them
    succeeded, and the sections' table; everything else published is rendered from them."""

    def key(snapshot: Any) -> Any:
        return (snapshot.readings, snapshot.success, sections_state())

    return key


def agent_config(config: Config | str | None, overrides: Mapping[str, Any], errors: Errors) -> Config:
    """Config from an object, a file path or defaults, with keyword overrides of `agent.*`,
    through the one validator files go through (durations may be given as seconds). A bad
    file or override is logged and counted; the agent starts with what is valid."""
    from gpumemd.alerts import actions

    base = Config()
    if isinstance(config, Config):
        base = config
    elif isinstance(config, (str, os.PathLike)):
        try:
            with actions.agent_rules():  # an agent's rules may have actions
                base = config_mod.load(config)
            config_mod.check_references(base, source=str(config))
        except config_mod.ConfigError as exc:
            errors.note("config")
            for line in exc.lines():
                log.error("agent configuration: %s (using defaults)", line)
            base = Config()
    if overrides:
        try:
            base = config_mod.override_section(base, "agent", overrides, source="gpumemd.start")
        except config_mod.ConfigError as exc:
            errors.note("config")
            for line in exc.lines():
                log.error("%s (keeping the configured values)", line)
            # the good overrides still apply: each alone through the same validator
            for key, value in overrides.items():
                try:
                    base = config_mod.override_section(base, "agent", {key: value}, source="gpumemd.start")
                except config_mod.ConfigError:
                    pass
    return base


def effective_listen_address(agent: AgentConfig, ident: identity_mod.Identity) -> str | None:
    if not agent.listen_address:
        return None
    host, _, port = agent.listen_address.rpartition(":")
    n = int(port)
    if agent.per_rank_port and ident.local_rank is not None and n != 0:
        n += ident.local_rank
    if n > 65535:  # a LOCAL_RANK no launcher sets: say so once, serve nothing rather than fail later
        log.error(
            "agent.listen_address: port %s + LOCAL_RANK %d is beyond 65535: no HTTP endpoint",
            port,
            ident.local_rank,
        )
        return None
    return f"{host}:{n}"


def rss_reader(pid: int) -> Callable[[], int | None] | None:
    """`pid`'s resident set size, read by psutil (the `process` source's host view); None
    without psutil."""
    try:
        ps = Psutil()
    except ImportError:
        return None

    def rss() -> int | None:
        try:
            return ps.process_rss(pid)
        except ProcessUnreadable:  # a replayed identity's pid, or /proc hidden: no RSS series
            return None

    return rss
