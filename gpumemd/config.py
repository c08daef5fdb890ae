"""Configuration: YAML into frozen dataclasses, every error reported at once with its path.

The schema *is* the dataclasses below: `load()` walks their type hints, so a new section
is a new dataclass and nothing else. Durations are strings like `500ms`, `30s`, `2m`,
`1h30m` (Prometheus style) and become float seconds. Unknown keys are errors.

A small loader of our own instead of pydantic: the schema is small, the messages must be
in the `path: expected X, got Y` form operators know from Prometheus, and the daemon's
memory footprint is a product goal (pydantic-core adds ~15 MB RSS).
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

import yaml


class ConfigError(Exception):
    """Every problem found in one configuration, each as `path: message`."""

    def __init__(self, errors: list[str], source: str = "") -> None:
        self.errors = errors
        self.source = source
        super().__init__("\n".join(errors))


# --- value types ---------------------------------------------------------------------

_DURATION = "duration"
_LISTEN = "listen_address"
_UNIT_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}
_DURATION_RE = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)")

Seconds = Annotated[float, _DURATION]
"""A duration in the file (`30s`), float seconds in the program."""

ListenAddress = Annotated[str, _LISTEN]


def parse_duration(text: str) -> float:
    """`1h30m` -> 5400.0; raises ValueError on anything else (bare numbers too)."""
    text = text.strip()
    pos, total = 0, 0.0
    for m in _DURATION_RE.finditer(text):
        if m.start() != pos:
            break
        total += float(m.group(1)) * _UNIT_SECONDS[m.group(2)]
        pos = m.end()
    if pos != len(text) or not text:
        raise ValueError(text)
    return total


def format_duration(seconds: float) -> str:
    """Inverse of parse_duration for whole units: 90.0 -> `1m30s`, 0.5 -> `500ms`."""
    if seconds == 0:
        return "0s"
    ms = round(seconds * 1000)
    out = ""
    for unit, size in (("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)):
        count, ms = divmod(ms, size)
        if count:
            out += f"{count}{unit}"
    return out


def _check_listen(value: str) -> str | None:
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit() or int(port) > 65535:
        return f'expected HOST:PORT or :PORT, got "{value}"'
    return None


# --- the schema ----------------------------------------------------------------------

DEFAULT_PORT = 9967
"""Not used by a GPU peer (dcgm-exporter 9400, nvidia_gpu_exporter 9835, nvitop-exporter 8000)."""


def positive(value: float) -> str | None:
    return None if value > 0 else f"must be > 0, got {value}"


def non_negative(value: float) -> str | None:
    return None if value >= 0 else f"must be >= 0, got {value}"


def _check(fn: typing.Callable[[Any], str | None]) -> dict[str, Any]:
    return {"check": fn}


@dataclass(frozen=True)
class WebConfig:
    listen_address: ListenAddress = f":{DEFAULT_PORT}"
    config_file: str | None = None  # exporter-toolkit web config (TLS, basic auth, headers)
    max_label_length: int = field(default=128, metadata=_check(positive))


@dataclass(frozen=True)
class SamplerConfig:
    interval: Seconds = field(default=1.0, metadata=_check(positive))
    history: int = field(default=300, metadata=_check(positive))  # samples kept in the ring buffer


@dataclass(frozen=True)
class NvmlSourceConfig:
    enabled: bool = True
    processes: bool = True  # per-process GPU memory (pid label)
    process_names: bool = False  # executable name (never the command line) in gpumemd_process_info
    max_processes: int = field(default=64, metadata=_check(non_negative))  # per GPU; the rest are counted as dropped
    utilization: bool = False


@dataclass(frozen=True)
class HostSourceConfig:
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
    # Device-plugin resources to attribute; an entry ending in '-' or '/' is a prefix.
    resources: tuple[str, ...] = ("nvidia.com/gpu", "nvidia.com/mig-")
    label_series: bool = True  # add pod/namespace/container to every GPU series, as dcgm-exporter does


@dataclass(frozen=True)
class SlurmSourceConfig:
    """The Slurm job of each GPU process, from /proc/<pid>/cgroup (outside Kubernetes)."""

    enabled: bool = False
    proc_root: str = "/proc"


@dataclass(frozen=True)
class SpoolSourceConfig:
    """How `gpumemd serve` guards the ranks' spool (`agent.spool_dir`; docs/deploy.md, The spool)."""

    # who may publish: the daemon creates a missing directory 1770 with this group (name or gid)
    group: str | None = None
    world_writable: bool = False  # 1777 instead: shared nodes with no common group (ranks are still verified)
    # ranks whose pid the daemon cannot see (another PID namespace): unverifiable owner
    accept_unverified: bool = False
    max_file_bytes: int = field(default=4 << 20, metadata=_check(positive))  # larger files are rejected unread
    max_files: int = field(default=1024, metadata=_check(positive))  # per directory scan; the rest are skipped
    max_series: int = field(default=10_000, metadata=_check(positive))  # per rank file
    max_total_series: int = field(default=100_000, metadata=_check(positive))  # all ranks together


@dataclass(frozen=True)
class SourcesConfig:
    nvml: NvmlSourceConfig = NvmlSourceConfig()
    host: HostSourceConfig = HostSourceConfig()
    kubelet: KubeletSourceConfig = KubeletSourceConfig()
    slurm: SlurmSourceConfig = SlurmSourceConfig()
    spool: SpoolSourceConfig = SpoolSourceConfig()


@dataclass(frozen=True)
class LogConfig:
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
    listen_address: ListenAddress | None = f"127.0.0.1:{AGENT_PORT}"  # loopback; none: no HTTP
    per_rank_port: bool = True  # add LOCAL_RANK to the port, so the ranks of a node do not collide
    # process: a helper process serves the published sample (scrapes cost the training
    # process nothing); thread: served from a thread of the training process
    endpoint: Literal["process", "thread"] = "process"
    nvml: bool = True  # join NVML's view of this process (non-PyTorch memory)
    nvml_interval: Seconds = field(default=1.0, metadata=_check(positive))  # NVML per-process list is 19 µs/GPU
    peak_window: Seconds = field(default=30.0, metadata=_check(positive))  # window peak: >= the scrape interval
    spool_dir: str | None = None  # none: $GPUMEMD_SPOOL_DIR, else /dev/shm/gpumemd-spool ("" turns it off)
    spool_interval: Seconds = field(default=1.0, metadata=_check(positive))  # how often a rank publishes
    spool_expire_intervals: int = field(default=5, metadata=_check(positive))  # silent this many of its intervals: dead
    oom_snapshot_dir: str | None = None  # none: no allocator snapshot on OOM
    oom_max_snapshots: int = field(default=3, metadata=_check(positive))  # newest kept, older ones deleted
    oom_max_snapshot_bytes: int = field(default=512 << 20, metadata=_check(positive))  # larger dumps deleted
    oom_min_dump_interval: Seconds = field(default=30.0, metadata=_check(non_negative))
    memory_history: Literal["off", "armed", "on"] = "off"  # on: record from start (~20 % slower); armed: on demand
    memory_history_max_entries: int = field(default=20000, metadata=_check(positive))
    memory_history_stacks: Literal["python", "all"] = "python"
    trace_steps: int = field(default=5, metadata=_check(positive))  # the record_profile alert action's steps


# Imported here, not at the top: the alerting schema uses Seconds and the checks above.
from .alerts.rules import AlertingConfig  # noqa: E402


@dataclass(frozen=True)
class Config:
    web: WebConfig = WebConfig()
    sampler: SamplerConfig = SamplerConfig()
    sources: SourcesConfig = SourcesConfig()
    log: LogConfig = LogConfig()
    agent: AgentConfig = AgentConfig()
    alerting: AlertingConfig = AlertingConfig()  # rules, notifiers: docs/alerts.md


# --- the loader ----------------------------------------------------------------------


def load(path: str | Path) -> Config:
    """Read and validate a file; raises ConfigError with every problem in it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError([f"{path}: {exc.strerror or exc}"], str(path)) from None
    return loads(text, source=str(path))


def loads(text: str, source: str = "<string>") -> Config:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError([f"{source}: not valid YAML{where}: {problem}"], source) from None
    return from_mapping(Config, {} if data is None else data, source=source)


T = typing.TypeVar("T")


def from_mapping(cls: type[T], data: Any, source: str = "<config>", path: str = "") -> T:
    """Build dataclass `cls` from plain data, or raise ConfigError listing every error."""
    errors: list[str] = []
    value = _convert(cls, data, path, errors)
    if errors:
        raise ConfigError(errors, source)
    return typing.cast(T, value)


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _convert(tp: Any, value: Any, path: str, errors: list[str]) -> Any:
    label = path or "(top level)"
    origin = get_origin(tp)
    if origin is Annotated:
        base, *meta = get_args(tp)
        if _DURATION in meta:
            if isinstance(value, str):
                try:
                    return parse_duration(value)
                except ValueError:
                    pass
            errors.append(f"{label}: expected a duration like 500ms, 30s or 2m, got {_describe(value)}")
            return None
        result = _convert(base, value, path, errors)
        if _LISTEN in meta and isinstance(result, str) and (msg := _check_listen(result)):
            errors.append(f"{label}: {msg}")
        return result
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if value is None:
            return None
        return _convert(args[0], value, path, errors)
    if origin is Literal:
        choices = get_args(tp)
        if value not in choices:
            errors.append(f"{label}: expected one of {', '.join(map(str, choices))}, got {_describe(value)}")
        return value
    if origin in (list, tuple):
        if not isinstance(value, list):
            errors.append(f"{label}: expected a list, got {_describe(value)}")
            return ()
        (item_tp, *_) = get_args(tp)
        return tuple(_convert(item_tp, v, f"{path}[{i}]", errors) for i, v in enumerate(value))
    if origin is dict or tp is dict:
        if not isinstance(value, dict):
            errors.append(f"{label}: expected a mapping, got {_describe(value)}")
            return {}
        key_tp, val_tp = get_args(tp) or (str, Any)
        return {
            _convert(key_tp, k, f"{path}.{k}" if path else str(k), errors): _convert(
                val_tp, v, f"{path}.{k}" if path else str(k), errors
            )
            for k, v in value.items()
        }
    if dataclasses.is_dataclass(tp):
        return _convert_dataclass(typing.cast(type, tp), value, path, errors)
    if tp is Any:
        return value
    if tp is bool:
        if not isinstance(value, bool):
            errors.append(f"{label}: expected true or false, got {_describe(value)}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(f"{label}: expected an integer, got {_describe(value)}")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            errors.append(f"{label}: expected a number, got {_describe(value)}")
            return value
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            errors.append(f"{label}: expected a string, got {_describe(value)}")
        return value
    raise TypeError(f"config schema: unsupported type {tp!r} at {label}")  # a bug in the schema


def _convert_dataclass(cls: type, value: Any, path: str, errors: list[str]) -> Any:
    label = path or "(top level)"
    if not isinstance(value, dict):
        errors.append(f"{label}: expected a mapping, got {_describe(value)}")
        return cls()
    hints = get_type_hints(cls, include_extras=True)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    kwargs: dict[str, Any] = {}
    for key, raw in value.items():
        sub = f"{path}.{key}" if path else str(key)
        if key not in fields:
            known = ", ".join(sorted(fields))
            errors.append(f"{sub}: unknown key (known here: {known})")
            continue
        before = len(errors)
        converted = _convert(hints[key], raw, sub, errors)
        check = fields[key].metadata.get("check")
        if len(errors) == before and check is not None and (msg := check(converted)):
            errors.append(f"{sub}: {msg}")
        if len(errors) == before:
            kwargs[key] = converted
    missing = [
        name
        for name, f in fields.items()
        if name not in value
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    ]
    for name in missing:
        errors.append(f"{path}.{name}: required" if path else f"{name}: required")
    if missing or len(kwargs) < len([k for k in value if k in fields]):
        return None  # errors already recorded; no object to build
    post = getattr(cls, "validate", None)
    obj = cls(**kwargs)
    if post is not None:
        for msg in post(obj):
            errors.append(f"{path}.{msg}" if path else msg)
    return obj


def apply_overrides(config: T, overrides: dict[str, Any]) -> T:
    """Set dotted keys (`web.listen_address`) from command-line flags, which win over the file."""
    for dotted, value in overrides.items():
        head, _, rest = dotted.partition(".")
        if rest:
            inner = apply_overrides(getattr(config, head), {rest: value})
            config = dataclasses.replace(config, **{head: inner})  # type: ignore[type-var]
        else:
            config = dataclasses.replace(config, **{head: value})  # type: ignore[type-var]
    return config


def check_references(config: Config, source: str = "<config>") -> None:
    """Everything `serve`/`run`/`start()` would refuse that the file's own schema cannot see:
    referenced files (web config, its certificates and keys, rule files) and listen addresses.
    Raises ConfigError listing every problem; check-config, serve, run, start() and reload all
    call it, so they are one gate."""
    # filled in by the config-boundary work of issue 14
