"""The leak finder: when memory grows step after step, name the lines that allocate what stays.

Armed by `gpumemd.find_leak()` or the `find_leak` alert action, it records allocation history
(live blocks' Python stacks only, `enabled="state"`: no trace ring), takes a snapshot at an
optimizer-step boundary every `every` steps, `snapshots` times, then stops recording and
hands the snapshots to `gpumemd/diagnosis/leak.py` off the training thread. A user who
records history already keeps it: the finder never turns it off, never resets peaks.

The answer: one line on stderr, `<stem>.leak.json` in `agent.oom_snapshot_dir`, and the
top sites' live bytes as `gpumemd_leak_site_bytes{site}` (at most `MAX_SERIES` sites).
The training loop pays only while armed (a snapshot per `every` steps); otherwise the
step hook checks one attribute.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd.backends.torch_oom import TorchOomApi
from gpumemd.diagnosis.leak import LeakReport, find_leaks, human_leak, human_site, site_blocks
from gpumemd.known_metrics import collected_by
from gpumemd.sources.base import Source, metric

from .retainers import BUDGET_S, find_retainers

log = logging.getLogger("gpumemd.agent")

__all__ = ["EVERY", "SNAPSHOTS", "LeakFinder", "LeakReading", "last_report_labels"]

MAX_SERIES = 3  # sites exported as series: a bounded label set

HISTORY_ENTRIES = 100_000

# The window: a snapshot at its start, middle and end, EVERY steps apart. A snapshot holds
# the training thread (it copies every block and its frames); three is the fewest that tell
# a leak from memory re-allocated each step (docs/agent.md, "Which line leaks").
EVERY = 3
SNAPSHOTS = 3


# the top sites: (site, live bytes, bytes per step); and the last answer's labels
LeakReading = tuple[tuple[tuple[str, float, float], ...], tuple[str, str, str, str] | None]


class LeakFinder(Source[LeakReading]):
    """Collector `leak`: the last report's top sites; and the finder's state machine."""

    name = "leak"
    names = collected_by("leak")  # the families declared with its name (known_metrics)

    def __init__(
        self,
        api: TorchOomApi,
        *,
        out_dir: str | None,
        labels: Mapping[str, str],
        say: Callable[[str], None],
        clock: Callable[[], float] = time.time,
        torch: Any = None,
    ) -> None:
        self._api = api
        self._dir = Path(out_dir) if out_dir else None
        self._labels = dict(labels)
        self._say, self._clock = say, clock
        self._torch = torch
        self._lock = threading.Lock()
        self.armed = False  # read by the step hook without the lock: one attribute
        self._every = 2
        self._wanted = 4
        self._countdown = 0
        self._steps = 0
        self._snapshots: list[Any] = []
        self._snapshot_s: list[float] = []  # how long each snapshot held the training thread
        self._ours = False  # we turned history on (and turn it off)
        self.report: LeakReport | None = None
        self.report_path: str | None = None
        self.retainer_budget_s = BUDGET_S  # the retainer search's time budget
        self.done = threading.Event()

    # --- arming (any thread) ---

    def arm(self, *, every: int = EVERY, snapshots: int = SNAPSHOTS, reason: str = "manual") -> bool:
        """Start a search; False when one runs or history cannot be recorded."""
        with self._lock:
            if self.armed:
                return False
            try:
                if not self._api.is_initialized():
                    log.info("leak finder not armed: CUDA is not initialised in this process")
                    return False
                if not self._api.history_enabled():
                    self._api.record_history_state(HISTORY_ENTRIES)
                    self._ours = True
            except Exception:
                log.exception("leak finder: cannot record allocation history")
                return False
            self._every, self._wanted = max(1, every), max(3, snapshots)
            self._countdown, self._steps = 0, 0
            self._snapshots = []
            self._snapshot_s = []
            self.done.clear()
            self.armed = True
        self._say(
            f"looking for a leak ({reason}): a snapshot every {self._every} steps, {self._wanted} snapshots; "
            "allocations are slower until then"
        )
        return True

    # --- the training thread ---

    def on_step(self) -> None:
        """After each optimizer step; a snapshot when due. Never raises."""
        if not self.armed:
            return
        try:
            self._steps += 1
            if self._countdown > 0:
                self._countdown -= 1
                return
            self._countdown = self._every - 1
            t0 = time.perf_counter()
            self._snapshots.append(self._api.snapshot())
            self._snapshot_s.append(time.perf_counter() - t0)  # the training thread's cost, reported
            if len(self._snapshots) >= self._wanted:
                self._finish()
        except Exception:
            log.exception("leak finder failed; stopped")
            self._stop()

    def _stop(self) -> None:
        with self._lock:
            self.armed = False
            if self._ours:
                self._ours = False
                try:
                    self._api.stop_history()
                except Exception:
                    log.exception("cannot stop memory history")

    def _finish(self) -> None:
        snapshots, steps = self._snapshots, (len(self._snapshots) - 1) * self._every
        self._snapshots = []
        self._stop()
        threading.Thread(
            target=self._analyse, args=(snapshots, steps), name="gpumemd-leak", daemon=True
        ).start()

    # --- off the training thread ---

    def _analyse(self, snapshots: list[Any], steps: int) -> None:
        try:
            t0 = time.perf_counter()
            report = find_leaks(snapshots, steps)
            taken = self._snapshot_s
            costs = (
                ("snapshot_max_s", round(max(taken, default=0.0), 4)),
                ("snapshot_total_s", round(sum(taken), 4)),
                ("diff_s", round(time.perf_counter() - t0, 4)),
            )
            report = dataclasses.replace(report, costs=costs)
            if report.sites:
                report = self._retainers(report, snapshots[-1])
            self.report = report
            if report.sites:
                top = report.sites[0]
                self._say(
                    f"{human_leak(top)} "
                    f"({len(report.sites)} growing site{'s' if len(report.sites) > 1 else ''})"
                )
            else:
                self._say(
                    "no growing allocation site over the last "
                    f"{steps} steps" + (f": {report.notes[0]}" if report.notes else "")
                )
            self._write(report)
        except Exception:
            log.exception("leak finder: the analysis failed")
        finally:
            self.done.set()

    def _retainers(self, report: LeakReport, last: Any) -> LeakReport:
        """What keeps the top sites' blocks alive (agent/retainers.py: bounded, never raises)."""
        torch = self._torch or sys.modules.get("torch")
        if torch is None:
            return report
        top = report.sites[:MAX_SERIES]
        blocks = site_blocks(last, top)
        del last
        found = find_retainers(
            [(b, (s.file, s.line)) for b, s in zip(blocks, top, strict=True)],
            torch=torch,
            budget_s=self.retainer_budget_s,
        )
        sites = tuple(
            dataclasses.replace(s, retained_by=found.holders.get(i)) for i, s in enumerate(report.sites)
        )
        costs = (
            *report.costs,
            ("retainer_s", round(found.seconds, 4)),
            ("gil_max_s", round(found.gil_max_s, 4)),
            ("gil_total_s", round(found.gil_total_s, 4)),
        )
        return dataclasses.replace(report, sites=sites, costs=costs, notes=(*report.notes, *found.notes))

    def _write(self, report: LeakReport) -> None:
        if self._dir is None:
            return
        now = self._clock()
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now))
        who = "-".join(f"{k[0]}{v}" for k, v in sorted(self._labels.items()))
        path = self._dir / f"gpumemd-{who}-{stamp}.leak.json"
        try:
            self._dir.mkdir(parents=True, exist_ok=True)
            data = json.dumps(
                {**report.to_json(), "labels": self._labels}, allow_nan=False, indent=1
            ).encode()
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)
            os.replace(tmp, path)
            self.report_path = str(path)
        except (OSError, ValueError) as exc:
            log.warning("leak report not written to %s: %s", self._dir, exc)

    # --- the source ---

    def read(self, cycle: Mapping[str, Any]) -> LeakReading:
        report = self.report
        if report is None:
            return (), None
        top = tuple(
            (human_site(s), float(s.bytes), float(s.bytes_per_step)) for s in report.sites[:MAX_SERIES]
        )
        return top, last_report_labels(report)

    def families(self, reading: LeakReading) -> Iterable[Metric]:
        ids, extra = list(self._labels), list(self._labels.values())
        live = metric("gpumemd_leak_site_bytes", ["site", *ids])
        rate = metric("gpumemd_leak_site_bytes_per_step", ["site", *ids])
        top, last = reading
        for site, n, per_step in top:
            live.add_metric([site, *extra], n)
            rate.add_metric([site, *extra], per_step)
        if last is None:
            return (live, rate)
        info = metric("gpumemd_leak_last_report_info", ["gpu", "site", "retained_by", "summary", *ids])
        info.add_metric([*last, *extra], 1)
        return (live, rate, info)


MAX_LABEL = 300  # characters of a label value of gpumemd_leak_last_report_info


def last_report_labels(report: LeakReport) -> tuple[str, str, str, str]:
    """(gpu, site, retained_by, summary) of a report: one series per process (the last answer),
    each value at most MAX_LABEL characters; an answer with no site says so in `summary`."""
    gpu = str(report.device) if report.device is not None else ""
    if not report.sites:
        return gpu, "", "", f"no growing allocation site over {report.steps} steps"[:MAX_LABEL]
    top = report.sites[0]
    held, by = top.retained_by, ""
    if held is not None:
        by = f"{held.kind} {held.name}"
        if held.file and held.line:
            by += f" ({held.file.rsplit('/', 1)[-1]}:{held.line})"
    return gpu, human_site(top)[:MAX_LABEL], by[:MAX_LABEL], human_leak(top)[:MAX_LABEL]
