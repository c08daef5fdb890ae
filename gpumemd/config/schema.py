"""The Config tree: frozen dataclasses in base units; `loader` walks their type hints.

A new section is a new dataclass here and nothing else. Field metadata carries a check
(`positive`, `non_negative`) and, where tighter than the global one, a maximum. The alerting
section is schema only: its rules stay mappings here and are compiled by
`gpumemd.alerts.rules`, whose `register_compiler()` hands it to `set_rule_compiler` (config must
not import alerts: that was an import circle); `gpumemd.runtime` and `gpumemd.cli` call it.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from . import yamlsafe

__all__ = [
    "AGENT_PORT",
    "DEFAULT_PORT",
    "DURATION_MARK",
    "LISTEN_MARK",
    "RUNBOOK_BASE_URL",
    "AgentConfig",
    "AlertingConfig",
    "Config",
    "HostSourceConfig",
    "KubeletSourceConfig",
    "ListenAddress",
    "LoadedRules",
    "LogConfig",
    "NotifierConfig",
    "NvmlSourceConfig",
    "SamplerConfig",
    "Seconds",
    "MpsSourceConfig",
    "SlurmSourceConfig",
    "SourcesConfig",
    "SpoolSourceConfig",
    "WebConfig",
    "absolute_path",
    "absolute_path_or_empty",
    "non_negative",
    "positive",
    "set_rule_compiler",
]

# the Annotated marks by which the loader knows a duration field and a listen address field
DURATION_MARK = "duration"
LISTEN_MARK = "listen_address"
Seconds = Annotated[float, DURATION_MARK]
"""A duration in the file (`30s`), float seconds in the program."""

ListenAddress = Annotated[str, LISTEN_MARK]


DEFAULT_PORT = 9967
# Where the alert runbooks (docs/alerts.md) are published; alerting.runbook_base_url overrides it.
RUNBOOK_BASE_URL = "https://github.com/gpumemd/gpumemd/blob/main/docs/alerts.md"
# host, then an optional path: the two parts cannot overlap, so matching is linear (no backtracking)
_ABSOLUTE_URL = re.compile(r"https?://[^\s/?#]+(?:[/?#]\S*)?")
MAX_URL_LENGTH = 2048
"""Not used by a GPU peer (dcgm-exporter 9400, nvidia_gpu_exporter 9835, nvitop-exporter 8000)."""


def positive(value: float) -> str | None:
    return None if value > 0 else f"must be > 0, got {value}"


def non_negative(value: float) -> str | None:
    return None if value >= 0 else f"must be >= 0, got {value}"


def absolute_path(value: str) -> str | None:
    if value.startswith("/") and len(value) <= 512 and "\0" not in value:
        return None
    return "expected an absolute path (at most 512 characters)"


def absolute_path_or_empty(value: str) -> str | None:
    return None if value == "" else absolute_path(value)


def _check(fn: typing.Callable[[Any], str | None], at_most: float | None = None) -> dict[str, Any]:
    """Field metadata: a check, and a maximum tighter (or, for byte sizes, looser) than
    the global MAX_COUNT / MAX_DURATION."""
    return {"check": fn} if at_most is None else {"check": fn, "max": at_most}


@dataclass(frozen=True)
class WebConfig:
    """`web:`: where the daemon listens, its exporter-toolkit web config file, and the label
    length bound."""

    listen_address: ListenAddress = f":{DEFAULT_PORT}"
    config_file: str | None = None  # exporter-toolkit web config (TLS, basic auth, headers)
    max_label_length: int = field(default=128, metadata=_check(positive, at_most=65536))


@dataclass(frozen=True)
class SamplerConfig:
    """`sampler:`: how often the daemon samples, and how many samples it keeps."""

    interval: Seconds = field(default=1.0, metadata=_check(positive))
    history: int = field(
        default=300, metadata=_check(positive, at_most=1_000_000)
    )  # samples kept in the ring buffer


@dataclass(frozen=True)
class NvmlSourceConfig:
    """`sources.nvml:`: what the NVML collector reads (processes, names, utilization) and how many
    process series it exports per GPU."""

    enabled: bool = True
    processes: bool = True  # per-process GPU memory (pid label)
    process_names: bool = False  # executable name (never the command line) in gpumemd_process_info
    max_processes: int = field(
        default=64, metadata=_check(non_negative, at_most=65536)
    )  # per GPU; the rest are counted as dropped
    utilization: bool = False
    # No NVML library is a node without GPUs (not applicable, no alert) unless this node must
    # have one: then it is a failing collector (a GPU node whose driver was not mounted).
    required: bool = False


@dataclass(frozen=True)
class HostSourceConfig:
    """`sources.host:`: host memory and swap, and the RSS of the processes using a GPU."""

    enabled: bool = True
    process_rss: bool = True  # resident memory of the processes NVML found on a GPU


@dataclass(frozen=True)
class KubeletSourceConfig:
    """Pod attribution from the kubelet pod-resources API (gpumemd/sources/kubelet.py)."""

    enabled: bool = False
    socket: str = "/var/lib/kubelet/pod-resources/kubelet.sock"
    timeout: Seconds = field(default=2.0, metadata=_check(positive))
    refresh: Seconds = field(default=5.0, metadata=_check(non_negative))  # the kubelet rate-limits this API
    stale_after: Seconds = field(default=60.0, metadata=_check(positive))  # then series lose their pod labels
    # Device-plugin resources and DRA drivers to attribute; an entry ending in '-' or '/' is a prefix.
    resources: tuple[str, ...] = ("nvidia.com/gpu", "nvidia.com/mig-", "gpu.nvidia.com")
    label_series: bool = True  # add pod/namespace/container to every GPU series, as dcgm-exporter does


@dataclass(frozen=True)
class SlurmSourceConfig:
    """The Slurm job of each GPU process, from /proc/<pid>/cgroup (outside Kubernetes)."""

    enabled: bool = False
    proc_root: str = "/proc"


@dataclass(frozen=True)
class MpsSourceConfig:
    """The MPS client limits on each GPU, asked of its control daemon (sources/mps.py)."""

    enabled: bool = True
    proc_root: str = ""  # "": /proc, but none under --replay (a recorded node is not this machine's)
    # where a control daemon listens for a GPU no server runs on yet (NVIDIA's default); a running
    # server's own is read from its control daemon's environment
    pipe_directory: str = field(default="/tmp/nvidia-mps", metadata=_check(absolute_path))
    control: str = field(default="", metadata=_check(absolute_path_or_empty))  # "": found on PATH at start
    timeout: Seconds = field(default=1.0, metadata=_check(positive, at_most=10.0))  # one control call
    refresh: Seconds = field(default=10.0, metadata=_check(non_negative, at_most=3600.0))  # answers kept


@dataclass(frozen=True)
class SpoolSourceConfig:
    """How `gpumemd serve` guards the ranks' spool (`agent.spool_dir`; docs/deploy.md, The spool)."""

    # who may publish: the daemon creates a missing directory 1770 with this group (name or gid)
    group: str | None = None
    world_writable: bool = False  # 1777 instead: shared nodes with no common group (ranks are still verified)
    # ranks whose pid the daemon cannot see (another PID namespace): unverifiable owner
    accept_unverified: bool = False
    max_file_bytes: int = field(
        default=4 << 20, metadata=_check(positive)
    )  # larger files are rejected unread
    max_files: int = field(
        default=1024, metadata=_check(positive)
    )  # per directory scan; the rest are skipped
    max_series: int = field(default=10_000, metadata=_check(positive))  # per rank file
    max_total_series: int = field(default=65_536, metadata=_check(positive))  # all ranks together
    # Memory, estimated from each series' label strings (format.SERIES_OVERHEAD): the defaults
    # keep the worst case inside the DaemonSet's 256 Mi limit
    max_total_bytes: int = field(default=128 << 20, metadata=_check(positive))
    # Per owner (uid) of rank files, so that no user's publishing takes another's place
    max_uid_files: int = field(default=512, metadata=_check(positive))
    max_uid_series: int = field(default=32_768, metadata=_check(positive))
    max_uid_bytes: int = field(default=64 << 20, metadata=_check(positive))
    max_uid_new_series: int = field(default=20_000, metadata=_check(positive))  # new label sets per minute
    # One scan reads at most this much of new file versions; the rest wait for the next one
    max_scan_bytes: int = field(default=16 << 20, metadata=_check(positive))
    max_scan_seconds: Seconds = field(default=0.5, metadata=_check(positive))


@dataclass(frozen=True)
class SourcesConfig:
    """`sources:`: one section per collector of the node daemon."""

    nvml: NvmlSourceConfig = NvmlSourceConfig()
    host: HostSourceConfig = HostSourceConfig()
    kubelet: KubeletSourceConfig = KubeletSourceConfig()
    slurm: SlurmSourceConfig = SlurmSourceConfig()
    mps: MpsSourceConfig = MpsSourceConfig()
    spool: SpoolSourceConfig = SpoolSourceConfig()


@dataclass(frozen=True)
class LogConfig:
    """`log:`: the level and format (logfmt or JSON) of gpumemd's own log."""

    level: Literal["debug", "info", "warn", "error"] = "info"
    format: Literal["logfmt", "json"] = "logfmt"


AGENT_PORT = DEFAULT_PORT + 1
"""The in-process agent's default port (plus LOCAL_RANK, one port per rank of a node)."""


@dataclass(frozen=True)
class AgentConfig:
    """The in-process agent (`gpumemd.start()`, `gpumemd run`); see docs/agent.md."""

    interval: Seconds = field(default=0.1, metadata=_check(positive))  # 10 Hz
    # alert rules, OOM counters and the agent's own series; this process's NVML and host
    # view go with nvml_interval. An OOM publishes a sample at once whatever these are.
    evaluation_interval: Seconds = field(default=1.0, metadata=_check(positive))
    # step: the allocator ticks run on the training thread after an optimizer step once
    # `interval` has passed (no GIL hand-off), the thread ticking while no steps come;
    # thread: always on the sampling thread (docs/agent.md, Cost)
    tick: Literal["thread", "step"] = "step"
    # None: no port, the node spool only (another local user could bind a port first and answer
    # for the rank); `127.0.0.1:9968` serves on loopback, port + LOCAL_RANK (docs/security.md)
    listen_address: ListenAddress | None = None
    per_rank_port: bool = True  # add LOCAL_RANK to the port, so the ranks of a node do not collide
    # process: a helper process serves the published sample (scrapes cost the training
    # process nothing); thread: served from a thread of the training process
    endpoint: Literal["process", "thread"] = "process"
    nvml: bool = True  # join NVML's view of this process (non-PyTorch memory)
    nvml_interval: Seconds = field(
        default=1.0, metadata=_check(positive)
    )  # the NVML per-process list costs per GPU
    peak_window: Seconds = field(
        default=30.0, metadata=_check(positive)
    )  # window peak: >= the scrape interval
    # the allocator snapshot behind the pool series walks every block: read this seldom; 0 turns it off
    pool_interval: Seconds = field(default=10.0, metadata=_check(non_negative))
    spool_dir: str | None = None  # none: $GPUMEMD_SPOOL_DIR, else /dev/shm/gpumemd-spool ("" turns it off)
    spool_interval: Seconds = field(default=1.0, metadata=_check(positive))  # how often a rank publishes
    spool_expire_intervals: int = field(
        default=5, metadata=_check(positive)
    )  # silent this many of its intervals: dead
    oom_snapshot_dir: str | None = None  # none: no allocator snapshot on OOM
    oom_max_snapshots: int = field(
        default=3, metadata=_check(positive, at_most=10_000)
    )  # newest kept, older ones deleted
    oom_max_snapshot_bytes: int = field(
        default=512 << 20, metadata=_check(positive, at_most=1 << 40)
    )  # larger dumps deleted
    oom_min_dump_interval: Seconds = field(default=30.0, metadata=_check(non_negative))
    memory_history: Literal["off", "armed", "on"] = "off"
    memory_history_max_entries: int = field(default=20000, metadata=_check(positive))
    memory_history_stacks: Literal["python", "all"] = "python"
    trace_steps: int = field(
        default=5, metadata=_check(positive, at_most=10_000)
    )  # the record_profile alert action's steps
    # the largest batch (tokens) the run will see: the OOM forecast predicts the step peak there
    # (docs/forecast.md); none: the largest batch seen so far
    max_tokens: int | None = field(default=None, metadata=_check(positive, at_most=1 << 40))
    # opt-in: reset the allocator's peak statistics at each step boundary, so every step's peak
    # is exact (the forecast then learns from every step, not only the ones that set a new high).
    # Off by default: it changes what the user's max_memory_allocated() reads (docs/forecast.md)
    step_peak_reset: bool = False
    # the shape probe: a step at a batch shape the forecast has no exact peak for is measured from
    # the allocator's trace (history without stacks, that one step), within a small time budget;
    # it never touches the user's peak statistics nor history someone else records (docs/forecast.md)
    shape_probe: bool = True


# --- the alerting section: schema only ------------------------------------------------

MAX_SECRET_BYTES = 64 << 10
MAX_NOTIFIER_TIMEOUT = 300.0
"""A notifier's request, all of it: a receiver silent this long is down (the request is retried
with backoff), and the notifier's one thread holds its queue while a request waits."""
_LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class NotifierConfig:
    """Where alerts go. Secrets (`url_file`, `password_file`, `bearer_token_file`) are read
    from files so they stay out of the configuration, the metrics and the logs."""

    type: Literal["log", "alertmanager", "webhook", "callback"]
    name: str | None = None  # the `notifier` label; defaults to the type (numbered if repeated)
    url: str | None = None
    url_file: str | None = None
    username: str | None = None
    password_file: str | None = None
    bearer_token_file: str | None = None
    callback: str | None = None  # for type callback: a name given to notify.register_callback
    timeout: Seconds = field(default=5.0, metadata=_check(positive, at_most=MAX_NOTIFIER_TIMEOUT))
    capacity: int = field(default=1000, metadata={"check": positive})  # alerts waiting, at most
    min_backoff: Seconds = field(default=0.5, metadata={"check": positive})
    max_backoff: Seconds = field(default=30.0, metadata={"check": positive})
    max_batch: int = field(default=64, metadata={"check": positive})

    def problems(self) -> list[str]:
        """Checked by AlertingConfig.validate (not `validate`, which would hide rule errors)."""
        errors: list[str] = []
        if self.type in ("alertmanager", "webhook"):
            if (self.url is None) == (self.url_file is None):
                errors.append(f"url: a {self.type} notifier needs exactly one of url and url_file")
            elif self.url is not None and not self.url.startswith(("http://", "https://")):
                errors.append("url: expected an http:// or https:// URL")
            for key in ("url_file", "password_file", "bearer_token_file"):
                path = getattr(self, key)  # getattr: the secret-file fields by name
                if path is not None:
                    try:  # bounded and regular files only: /dev/zero or a FIFO must not hang the check
                        yamlsafe.read_limited(path, MAX_SECRET_BYTES)
                    except yamlsafe.YamlError as exc:
                        errors.append(f"{key}: {path}: {exc}")
            if self.password_file and not self.username:
                errors.append("username: required with password_file")
            if self.password_file and self.bearer_token_file:
                errors.append("bearer_token_file: use basic auth or a bearer token, not both")
        elif self.type == "callback" and not self.callback:
            errors.append("callback: required for type callback (a name given to notify.register_callback)")
        if self.min_backoff > self.max_backoff:
            errors.append("min_backoff: must not exceed max_backoff")
        return errors


@dataclass(frozen=True)
class LoadedRules:
    """The alert rules compiled from `alerting:` by the registered rule compiler, with the errors
    it found (config cannot compile rules itself: they live in a higher layer)."""

    rules: tuple[Any, ...]  # gpumemd.alerts.rules.RuleSpec (compiled above this layer)
    errors: tuple[str, ...]


_rule_compiler: Callable[[AlertingConfig], LoadedRules] | None = None


def set_rule_compiler(compiler: Callable[[AlertingConfig], LoadedRules]) -> None:
    """Called by `gpumemd.alerts.rules.register_compiler()`: config validates rules, importing no alerts."""
    global _rule_compiler
    _rule_compiler = compiler


@dataclass(frozen=True)
class AlertingConfig:
    """`alerting:`: which rules run (the packaged set, inline, files), the notifiers, and the
    engine's timing (docs/alerts.md)."""

    default_rules: bool = True  # the packaged rule set (docs/alerts.md)
    rules: tuple[Any, ...] = ()  # rule mappings (see RuleSpec); kept raw: `for` is a Python keyword
    rule_files: tuple[str, ...] = ()  # YAML files with a top-level `rules:` list; globs allowed
    notifiers: tuple[NotifierConfig, ...] = (NotifierConfig(type="log"),)
    resend_delay: Seconds = field(default=60.0, metadata={"check": positive})
    resolved_retention: Seconds = field(default=900.0, metadata={"check": non_negative})
    external_labels: dict[str, str] = field(default_factory=dict)  # added to every alert (cluster, node)
    external_url: str = ""  # base of generatorURL
    # A rule's relative `runbook_url` annotation (the defaults': `#gpumemorynearlyfull`) is
    # resolved against this, so Alertmanager, Grafana and PagerDuty get an absolute link.
    runbook_base_url: str = RUNBOOK_BASE_URL
    max_series_per_rule: int = field(default=512, metadata={"check": positive})
    _loaded: LoadedRules | None = field(default=None, init=False, repr=False, compare=False)

    def loaded(self) -> LoadedRules:
        """The merged, validated rules (read once; rule files are read then), compiled by
        the function `gpumemd.alerts.rules.register_compiler()` registers."""
        if self._loaded is None:
            if _rule_compiler is None:
                raise RuntimeError(
                    "alert rules are compiled by gpumemd.alerts.rules: call its register_compiler() first"
                )
            object.__setattr__(self, "_loaded", _rule_compiler(self))  # a cache on a frozen object
        assert self._loaded is not None
        return self._loaded

    def validate(self) -> list[str]:
        # Without the compiler (a program that never registers it) the rules are not compiled
        # here; runtime and cli register it, so the daemon and the agent have it.
        errors = list(self.loaded().errors) if _rule_compiler is not None else []
        for i, notifier in enumerate(self.notifiers):
            errors.extend(f"notifiers[{i}].{e}" for e in notifier.problems())
        names = [n.name or n.type for n in self.notifiers]
        for i, n in enumerate(names):
            if n in names[:i] and self.notifiers[i].name is not None:
                errors.append(f'notifiers[{i}].name: duplicate notifier name "{n}"')
        for key in self.external_labels:
            if not _LABEL.match(str(key)):
                errors.append(f"external_labels.{key}: not a valid label name")
        if len(self.runbook_base_url) > MAX_URL_LENGTH or not _ABSOLUTE_URL.fullmatch(self.runbook_base_url):
            shown = self.runbook_base_url[:80].encode("unicode_escape").decode("ascii")
            errors.append(f'runbook_base_url: expected an absolute http(s) URL, got "{shown}"')
        return errors


@dataclass(frozen=True)
class Config:
    """The whole validated configuration, one frozen section per top-level key of the YAML file."""

    web: WebConfig = WebConfig()
    sampler: SamplerConfig = SamplerConfig()
    sources: SourcesConfig = SourcesConfig()
    log: LogConfig = LogConfig()
    agent: AgentConfig = AgentConfig()
    alerting: AlertingConfig = AlertingConfig()  # rules, notifiers: docs/alerts.md
