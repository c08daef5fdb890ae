"""Rules as configuration: the YAML shape, selectors, loading rule files, validation.

`AlertingConfig` is the `alerting:` section of the main configuration. Rules come from
three places, merged in this order: the packaged default set (`defaults.yaml`, unless
`default_rules: false`), `alerting.rules`, and `alerting.rule_files` (globs, relative to
the working directory). A rule named like a default one replaces it (tune a threshold by
redefining the rule); any other duplicate name is an error. Rule files are read and
checked while the configuration loads, so a bad file fails `check-config` with exit 2 and
a SIGHUP with a bad file keeps the running rules.

A rule's `for` is a Python keyword, so rules are kept as mappings by the generic loader
and converted here (`RuleSpec.for_`), with error paths rewritten back to `for`.
"""

from __future__ import annotations

import dataclasses
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urljoin

import yaml

from gpumemd import config as _config
from gpumemd import known_metrics
from gpumemd.config import ConfigError, Seconds, non_negative, positive, yamlsafe
from gpumemd.config.patterns import PatternError, compile_pattern
from gpumemd.config.schema import (
    MAX_SECRET_BYTES,
    AlertingConfig,
    LoadedRules,
    NotifierConfig,
    set_rule_compiler,
)

from . import actions
from .templates import TemplateError, TemplateLimit, compile_template, uses_info

__all__ = [  # AlertingConfig and NotifierConfig live in gpumemd.config; named here as before
    "KINDS", "MAX_RULE_FILES", "MAX_SECRET_BYTES", "OPS", "AlertingConfig", "LoadedRules", "Matcher",
    "NotifierConfig", "RuleSpec", "Selector", "default_rule_mappings", "info_join_labels", "parse_rules",
    "register_compiler", "rule_from_dict",
    "with_runbook_url",
]

OPS: dict[str, Callable[[float, float], bool]] = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
}
KINDS = ("threshold", "trend", "increase", "absent", "stale")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


# --- selectors -----------------------------------------------------------------------


@dataclass(frozen=True)
class Matcher:
    """One label matcher of a rule's selector (`gpu="0"`, `job=~"train.*"`), tested against a
    series' labels."""

    label: str
    op: Literal["=", "!=", "=~", "!~"]
    value: str

    def test(self, labels: Mapping[str, str]) -> bool:
        got = labels.get(self.label, "")
        if self.op == "=":
            return got == self.value
        if self.op == "!=":
            return got != self.value
        # RE2, anchored like PromQL's: linear in the label's length whoever published it
        hit = compile_pattern(self.value).fullmatch(got)
        return hit if self.op == "=~" else not hit


_SELECTOR = re.compile(r"\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(?:\{(.*)\})?\s*$", re.DOTALL)
_MATCHER = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"\s*(,|$)')


@dataclass(frozen=True)
class Selector:
    """`name{label="v", other=~"re"}`: a metric name and PromQL label matchers."""

    name: str
    matchers: tuple[Matcher, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Selector:
        m = _SELECTOR.match(text)
        if m is None:
            raise ValueError(f'expected a metric name with optional {{label="value"}} matchers, got "{text}"')
        name, body = m.group(1), (m.group(2) or "").strip()
        matchers: list[Matcher] = []
        pos = 0
        while pos < len(body):
            mm = _MATCHER.match(body, pos)
            if mm is None:
                raise ValueError(
                    f'bad label matcher at "{body[pos:]}" (expected label="value", !=, =~ or !~)'
                )
            value = bytes(mm.group(3), "utf-8").decode("unicode_escape")
            op = mm.group(2)
            if op in ("=~", "!~"):
                try:
                    compile_pattern(value)
                except PatternError as exc:
                    raise ValueError(f'bad regular expression "{_clip(value)}": {exc}') from None
            matchers.append(Matcher(mm.group(1), op, value))  # type: ignore[arg-type]
            pos = mm.end()
        return cls(name, tuple(matchers))

    def matches(self, labels: Mapping[str, str]) -> bool:
        for m in self.matchers:
            if not m.test(labels):
                return False
        return True

    def promql(self) -> str:
        if not self.matchers:
            return self.name
        inner = ",".join(f'{m.label}{m.op}"{_escape(m.value)}"' for m in self.matchers)
        return f"{self.name}{{{inner}}}"


def _clip(value: str) -> str:
    return value if len(value) <= 80 else value[:80] + "…"  # an error line stays one readable line


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


# --- the YAML shape ------------------------------------------------------------------


def _check_op(value: str) -> str | None:
    return None if value in OPS else f'expected one of {", ".join(OPS)}, got "{value}"'


def _opt_positive(value: float | None) -> str | None:
    return None if value is None else positive(value)


def _ratio(value: float) -> str | None:
    return None if 0 <= value <= 1 else f"must be between 0 and 1, got {value}"


@dataclass(frozen=True)
class RuleSpec:
    """One alerting rule as written (see docs/alerts.md for every field)."""

    alert: str
    metric: str  # selector: gpumemd metric name with optional label matchers
    kind: Literal["threshold", "trend", "increase", "absent", "stale"] = "threshold"
    divide_by: str | None = None  # selector of the divisor (e.g. total); joined on the divisor's labels
    # selector of a gauge `*_info` family whose labels templates read as `$info.NAME`, joined to
    # each alert series on the labels both families carry (`info_join_labels`)
    info: str | None = None
    op: str = field(default=">", metadata={"check": _check_op})
    threshold: float = 0.0
    for_: Seconds = 0.0  # `for` in YAML
    keep_firing_for: Seconds = 0.0
    # trend (least-squares slope, or predicted value with `predict`) / increase / stale windows
    window: Seconds | None = field(default=None, metadata={"check": _opt_positive})
    confirm_window: Seconds | None = field(default=None, metadata={"check": _opt_positive})
    bucket: Seconds | None = field(default=None, metadata={"check": _opt_positive})
    aggregate: Literal["min", "max"] = "min"
    predict: Seconds | None = field(default=None, metadata={"check": _opt_positive})
    min_coverage: float = field(default=0.5, metadata={"check": _ratio})
    labels: dict[str, str] = field(default_factory=dict)
    annotations: dict[str, str] = field(default_factory=dict)
    # actions on fire (in-process agent only)
    actions: tuple[str, ...] = ()
    # actions the agent runs when `actions` is empty; the node daemon ignores them (it runs no
    # actions), so one rule serves both: the packaged PytorchMemoryLeak's `find_leak`
    agent_actions: tuple[str, ...] = ()
    action_cooldown: Seconds = 600.0
    action_max: int = field(default=3, metadata={"check": non_negative})

    def effective_window(self) -> float:
        if self.window is not None:
            return self.window
        return {"increase": 300.0, "stale": 600.0}.get(self.kind, 0.0)

    def validate(self) -> list[str]:
        errors: list[str] = []
        if not _NAME.match(self.alert):
            errors.append(f'alert: expected a name like GpuMemoryNearlyFull, got "{self.alert}"')
        num_info = self._check_selector("metric", self.metric, errors)
        if self.divide_by is not None:
            if self.kind in ("absent", "stale", "increase"):
                errors.append(f"divide_by: not allowed with kind {self.kind}")
            den_info = self._check_selector("divide_by", self.divide_by, errors)
            if num_info and den_info and not set(den_info.labels) <= set(num_info.labels):
                missing = sorted(set(den_info.labels) - set(num_info.labels))
                errors.append(
                    f"divide_by: {den_info.sample_name} has labels {', '.join(missing)} that "
                    f"{num_info.sample_name} lacks, so no series would join"
                )
        if self.info is not None:
            self._check_info(num_info, errors)
        elif any(uses_info(str(v)) for v in (*self.labels.values(), *self.annotations.values())):
            errors.append("info: templates read $info but the rule has no `info:` selector")
        if self.kind == "trend":
            if self.window is None:
                errors.append("window: required for kind trend (the least-squares window, e.g. 10m)")
            else:
                if self.bucket is not None and self.bucket * 4 > self.window:
                    errors.append("bucket: must be at most a quarter of window (the slope needs points)")
                if self.confirm_window is not None and self.confirm_window > self.window:
                    errors.append("confirm_window: must not be longer than window")
        else:
            for name in ("confirm_window", "bucket", "predict"):
                if getattr(self, name) is not None:  # getattr: the fields of one kind, by name
                    errors.append(f"{name}: only for kind trend")
        if self.kind in ("absent",) and (self.window is not None):
            errors.append("window: not used by kind absent")
        if num_info and self.kind == "increase" and num_info.type != "counter":
            errors.append(
                f"metric: kind increase needs a counter (a name ending in _total), got {num_info.sample_name}"
            )
        for key, value in self.labels.items():
            if not _LABEL.match(str(key)):
                errors.append(f"labels.{key}: not a valid label name")
            elif key in ("alertname", "alertstate"):
                errors.append(f"labels.{key}: reserved")
            self._check_template(f"labels.{key}", value, errors)
        for key, value in self.annotations.items():
            self._check_template(f"annotations.{key}", value, errors)
        errors.extend(actions.validate_names(self.actions))
        errors.extend(f"agent_{e}" for e in actions.validate_agent_names(self.agent_actions))
        return errors

    def fired_actions(self) -> tuple[str, ...]:
        """The actions an agent runs when an alert of this rule fires."""
        return self.actions or self.agent_actions

    def _check_selector(self, path: str, text: str, errors: list[str]) -> known_metrics.MetricInfo | None:
        try:
            sel = Selector.parse(text)
        except ValueError as exc:
            errors.append(f"{path}: {exc}")
            return None
        info = known_metrics.lookup(sel.name)
        if info is None:
            import difflib  # here: only a bad rule needs it, and the daemon keeps what it imports

            close = difflib.get_close_matches(sel.name, known_metrics.sample_names(), n=1)
            hint = f' (did you mean "{close[0]}"?)' if close else " (see gpumemd/known_metrics.py)"
            errors.append(f'{path}: unknown metric "{sel.name}"{hint}')
            return None
        for m in sel.matchers:
            if m.label not in info.labels:
                errors.append(
                    f'{path}: {sel.name} has no label "{m.label}" '
                    f"(labels: {', '.join(info.labels) or 'none'})"
                )
        return info

    def _check_info(self, num_info: known_metrics.MetricInfo | None, errors: list[str]) -> None:
        """`info:` must select a gauge `*_info` family sharing labels with the alert's series
        (else nothing joins); absent and stale alerts have no series labels to join on."""
        assert self.info is not None
        if self.kind in ("absent", "stale"):
            errors.append(f"info: not allowed with kind {self.kind} (its alerts have no series labels)")
            return
        info = self._check_selector("info", self.info, errors)
        if info is None:
            return
        if info.type != "gauge" or not info.sample_name.endswith("_info"):
            errors.append(
                f"info: expected a gauge *_info family (labels that describe a series), "
                f"got {info.sample_name}"
            )
        elif num_info is not None and not info_join_labels(num_info, info):
            errors.append(
                f"info: {info.sample_name} shares no label with {num_info.sample_name}, "
                "so no series would join"
            )

    @staticmethod
    def _check_template(path: str, value: Any, errors: list[str]) -> None:
        try:
            compile_template(str(value))
        except TemplateLimit as exc:
            errors.append(f"{path}: template refused: {exc}")
        except TemplateError as exc:
            errors.append(f"{path}: template does not parse: {exc}")


def info_join_labels(series: known_metrics.MetricInfo, info: known_metrics.MetricInfo) -> tuple[str, ...]:
    """The labels an `info:` join matches on: those both families carry (for the allocator's
    OOM counter and the OOM diagnosis: gpu, rank, pid, job_id; `uuid` only the counter has).
    A label one series lacks counts as "", as in PromQL, so a rank-less process joins by pid."""
    return tuple(lb for lb in series.labels if lb in info.labels)


def default_rule_mappings() -> list[Any]:
    # Beside this module (installed from a wheel or a clone, never zipped): importlib's readers
    # would load zipfile into every daemon for this one read.
    text = (Path(__file__).parent / "defaults.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text) or {}
    return list(data.get("rules", []))


def parse_rules(raw: Sequence[Any], path: str) -> tuple[list[RuleSpec], list[str], list[tuple[str, str]]]:
    """Rule mappings -> (RuleSpecs, `path[i].field: message` errors, (alert, path) names).

    A rule with a type error is checked again without the offending keys, so its other
    problems (unknown metric, bad template) are reported in the same run.
    """
    rules: list[RuleSpec] = []
    errors: list[str] = []
    names: list[tuple[str, str]] = []
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, dict):
            errors.append(f"{where}: expected a mapping (a rule), got {type(item).__name__}")
            continue
        if isinstance(item.get("alert"), str):
            names.append((item["alert"], where))
        data = {("for_" if k == "for" else k): v for k, v in item.items()}
        try:
            rules.append(_config.from_mapping(RuleSpec, data, path=where))
            continue
        except ConfigError as exc:
            raw_errors = exc.errors
        first = [_unmangle(e) for e in raw_errors]
        errors.extend(first)
        bad = {
            e[len(where) + 1 :].split(":")[0].split(".")[0].split("[")[0]
            for e in raw_errors
            if e.startswith(where + ".")
        }
        retry = {k: v for k, v in data.items() if k not in bad and k in _RULE_FIELDS}
        retry.setdefault("alert", "Placeholder")
        retry.setdefault("metric", "gpumemd_gpus")
        try:
            _config.from_mapping(RuleSpec, retry, path=where)
        except ConfigError as again:
            # (a bad `info:` left out makes its $info templates look unjoined: said once already)
            errors.extend(
                e
                for e in map(_unmangle, again.errors)
                if e not in first and not ("info" in bad and e.startswith(f"{where}.info:"))
            )
    return rules, errors, names


_RULE_FIELDS = {f.name for f in dataclasses.fields(RuleSpec)}


def _unmangle(error: str) -> str:
    return error.replace(".for_:", ".for:").replace("for_, ", "for, ")


MAX_RULE_FILES = 1000


def _load_all(cfg: AlertingConfig) -> LoadedRules:
    errors: list[str] = []
    defaults: list[RuleSpec] = []
    if cfg.default_rules:
        defaults, default_errors, _ = parse_rules(default_rule_mappings(), "default_rules")
        errors.extend(default_errors)  # a broken packaged file is a bug; say so rather than hide it
    own, own_errors, names = parse_rules(cfg.rules, "rules")
    errors.extend(own_errors)
    n_files = 0
    for fi, pattern in enumerate(cfg.rule_files):
        import glob  # here: only rule files need it, and the daemon keeps what it imports

        paths = sorted(glob.glob(pattern)) if glob.has_magic(pattern) else [pattern]
        for file in paths:
            where = f"rule_files[{fi}]: {file}:"
            n_files += 1
            if n_files > MAX_RULE_FILES:
                errors.append(
                    f"rule_files[{fi}]: more than {MAX_RULE_FILES} rule files; the rest are not read"
                )
                break
            try:  # hostile input, read like the configuration itself (at most 1 MiB)
                data = yamlsafe.load_file(file)
            except yamlsafe.YamlError as exc:
                errors.append(f"{where} {exc}")
                continue
            if not isinstance(data, dict) or not isinstance(data.get("rules"), list) or set(data) - {"rules"}:
                errors.append(f"{where} expected a mapping with one key, `rules:` (a list)")
                continue
            parsed, file_errors, file_names = parse_rules(data["rules"], "rules")
            errors.extend(f"{where} {e}" for e in file_errors)
            names.extend((n, f"{where} {w}") for n, w in file_names)
            own.extend(parsed)
    seen: dict[str, str] = {}
    for name, where in names:
        if name in seen:
            errors.append(f'{where}.alert: duplicate alert name "{name}" (first at {seen[name]})')
        else:
            seen[name] = where
    merged = [d for d in defaults if d.alert not in seen] + own
    return LoadedRules(tuple(with_runbook_url(r, cfg.runbook_base_url) for r in merged), tuple(errors))


def with_runbook_url(spec: RuleSpec, base: str) -> RuleSpec:
    """The rule with its `runbook_url` annotation absolute: a relative one (`#anchor`, a
    path) resolved against `base`, as kube-prometheus and Grafana expect; an absolute one,
    or none, left as it is. The one place the rules' runbook links are made."""
    url = spec.annotations.get("runbook_url")
    if url is None or "://" in str(url):
        return spec
    return dataclasses.replace(spec, annotations={**spec.annotations, "runbook_url": urljoin(base, str(url))})


def rule_from_dict(data: Mapping[str, Any]) -> RuleSpec:
    """One rule from a mapping, for tests and programmatic use; raises ConfigError."""
    rules, errors, _ = parse_rules([dict(data)], "rule")
    if errors:
        raise ConfigError(errors)
    return rules[0]


def register_compiler() -> None:
    """Give config's validator this module's rule compiler (`config.set_rule_compiler`), so
    `load()` and `check_references()` compile and check alert rules. Called explicitly, once
    per program, by `gpumemd.runtime` (the daemon, the agent, explain's local sample) and
    `gpumemd.cli` (check-config validates without a runtime); importing this module does
    nothing of the kind. Idempotent."""
    set_rule_compiler(_load_all)
