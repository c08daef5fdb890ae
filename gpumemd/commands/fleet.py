"""`gpumemd preflight --prometheus URL`: the agents' calibration of one model across a fleet, read
from the user's Prometheus (docs/preflight.md, "Where the overheads come from").

A fleet's runs live in Prometheus, not on one node, and most have ended: each calibration family
(`gpumemd_training_calibration_*`) is read by one instant query, `last_over_time(...[since])` of
the series whose `model` is the job's fingerprint (known once preflight's fake run made it) and
that the user's `--match` matchers select (`cluster="a"`: parsed and checked by the rule
selectors' one parser, `alerts.rules.Selector`, regular expressions by RE2). Each query goes
through the commands' Prometheus reader (`client.query`: `gpumemd.httpclient`'s one deadline for
all three, at most MAX_CALIBRATION_BYTES, every field of the JSON checked) and the series through
the same reader a daemon's or a file's go through (`diagnosis.calibration.measurements`: values
checked, at most MAX_MEASUREMENTS).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from gpumemd import config as config_mod
from gpumemd.alerts.rules import Matcher, Selector
from gpumemd.diagnosis.calibration import FAMILIES, MODEL_LABEL, Measurement, is_model, measurements
from gpumemd.httpclient import RequestFailed, redact

from .client import DaemonAnswerError, Series, Skips, query, reachable_error

__all__ = ["MAX_CALIBRATION_BYTES", "MAX_MATCHERS", "Fleet", "Unreachable", "matchers"]

MAX_CALIBRATION_BYTES = 8 << 20  # one answer (a query's, a saved scrape's): a fleet's calibration, with room
MAX_MATCHERS = 16  # --match matchers, all flags together
MAX_MATCH_CHARS = 1024  # one --match value
_RESERVED = ("__name__", MODEL_LABEL)  # set by preflight: the families, the job's fingerprint


class Unreachable(Exception):
    """Prometheus gave no calibration answer (unreachable, past the deadline, not an answer):
    one line, for the command to say (exit 2, as an unreachable node)."""


def matchers(values: Sequence[str] | None) -> tuple[Matcher, ...]:
    """The `--match` values (each one matcher or several, comma-separated: `cluster="a"`,
    `job=~"train-.*"`) as matchers; ConfigError, one line per bad value."""
    out: list[Matcher] = []
    errors: list[str] = []
    for value in list(values or ())[:MAX_MATCHERS + 1]:
        if len(value) > MAX_MATCH_CHARS:
            errors.append(f"--match: longer than {MAX_MATCH_CHARS} characters")
            continue
        try:
            got = Selector.parse("x{" + value + "}").matchers
        except ValueError as exc:
            errors.append(f"--match: {exc}")
            continue
        if not got:
            errors.append(f"--match: {value[:80]!r}: no label matcher")
        for m in got:
            if m.label in _RESERVED:
                errors.append(f"--match: {m.label} is preflight's own (the families and the job's model)")
        out.extend(got)
    if len(out) > MAX_MATCHERS or len(values or ()) > MAX_MATCHERS:
        errors.append(f"--match: at most {MAX_MATCHERS} matchers")
    if errors:
        raise config_mod.ConfigError(errors)
    return tuple(out)


@dataclass
class Fleet:
    """The calibration of a model across the fleet, read from the Prometheus at `url` when
    preflight knows the model (`__call__`, preflight's `lookup`). `since`: how far back a run's
    last figures are taken (seconds); `timeout`: for the three queries together. `notes`: what
    was skipped of the answers, to be said in the report."""

    url: str
    match: tuple[Matcher, ...] = ()
    since: float = 7 * 86400.0
    timeout: float = 5.0
    notes: list[str] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"Prometheus at {redact(self.url)}"

    def expression(self, family: str, model: str) -> str:
        """The instant query of one family: its series of `model` and the matchers, each series'
        last value within `since`."""
        selector = Selector(family, (Matcher(MODEL_LABEL, "=", model), *self.match)).promql()
        return f"last_over_time({selector}[{max(1, int(self.since))}s])"

    def __call__(self, model: str) -> list[Measurement]:
        """The measurements of `model` (a fingerprint: anything else reads nothing); Unreachable
        where Prometheus gave no answer."""
        if not is_model(model):
            return []
        base, skips = self.url.rstrip("/"), Skips()
        deadline = time.monotonic() + self.timeout
        series: Series = {}
        try:
            for family in FAMILIES:
                found = query(base, self.expression(family, model), deadline, self.timeout, skips,
                              max_bytes=MAX_CALIBRATION_BYTES)
                # each family's own query: last_over_time may drop __name__ (Prometheus 3 does)
                series[family] = [({k: v for k, v in labels.items() if k != "__name__"}, value)
                                  for labels, value in found]
        except (RequestFailed, DaemonAnswerError, RecursionError) as exc:
            raise Unreachable(f"--prometheus {redact(self.url)}: {reachable_error(exc)}") from None
        got, skipped = measurements(series, self.where)
        self.notes.extend(skips.notes())
        if skipped:
            self.notes.append(f"{self.where}: {skipped} calibration series not read (a value past 2^50 or "
                              "not finite, or past the bound of series)")
        return got
