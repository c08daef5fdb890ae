"""The leak finder: when memory grows step after step, name the lines that allocate what stays.

Armed by `gpumemd.find_leak()` or the `find_leak` alert action. When nobody records
allocation history, it records for one optimizer step per window of `every` steps (live
blocks' Python stacks only, `enabled="state"`), from one step's end to the next, takes a
snapshot there and stops recording: the blocks that step allocated and still hold carry
frames, the steps between pay nothing. `snapshots` windows, then the snapshots go to
`gpumemd/diagnosis/leak.py` off the training thread. A user (or the OOM watcher) who records
history already keeps it: the finder then snapshots every `every` steps and never turns it
off; it never resets peaks.

The answer: one line on stderr, `<prefix>-<stamp>.leak.json` in `agent.oom_snapshot_dir`
(through gpumemd.fs.SafeDir, rotated like the snapshots), and the top sites' live bytes as
`gpumemd_leak_site_bytes{site}` (at most `MAX_SERIES` sites). Unarmed, the step hook checks
one attribute.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd.backends.torch_oom import TorchOomApi
from gpumemd.diagnosis.leak import (
    LeakReport,
    find_leaks,
    human_leak,
    human_site,
    roots_first,
    site_blocks,
)
from gpumemd.fs import Problems, SafeDir, file_stamp, write_report
from gpumemd.known_metrics import collected_by
from gpumemd.sources.base import Source, metric
from gpumemd.sources.oom import file_prefix
from gpumemd.untrusted.pickled import columns_of

from .retainers import BUDGET_S, find_retainers

log = logging.getLogger("gpumemd.agent")

__all__ = ["EVERY", "MAX_EVERY", "MAX_SNAPSHOTS", "SNAPSHOTS", "LeakFinder", "LeakReading",
           "check_arguments", "last_report_labels"]

MAX_SERIES = 3  # sites exported as series: a bounded label set

HISTORY_ENTRIES = 100_000

# A window of EVERY steps, the last one recorded and snapshotted: the recorded step and the
# snapshot are what the finder costs a step (docs/agent.md, "Which line leaks"). Three
# snapshots are the fewest that tell a leak from memory re-allocated each step.
EVERY = 25
SNAPSHOTS = 3
MAX_EVERY = 10_000
MAX_SNAPSHOTS = 64  # snapshots held in memory until the analysis
KEEP_REPORTS = 3  # leak reports kept in the directory (the newest)


# the top sites: (site, live bytes, bytes per step); and the last answer's labels
LeakReading = tuple[tuple[tuple[str, float, float], ...], tuple[str, str, str, str] | None]


def check_arguments(every: Any, snapshots: Any, reason: Any = "manual") -> None:
    """Refuse a bad argument of `find_leak` before anything changes: TypeError for a wrong
    type (a bool is not a count), ValueError for a value out of range."""
    bounds = (("every", every, 1, MAX_EVERY), ("snapshots", snapshots, 3, MAX_SNAPSHOTS))
    for name, value, low, high in bounds:
        if type(value) is not int:
            raise TypeError(f"find_leak: {name} must be an int, not {type(value).__name__}")
        if not low <= value <= high:
            raise ValueError(f"find_leak: {name} must be between {low} and {high}, not {value}")
    if type(reason) is not str:
        raise TypeError(f"find_leak: reason must be a str, not {type(reason).__name__}")


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
        keep: int = KEEP_REPORTS,
    ) -> None:
        self._api = api
        self._dir = Path(out_dir) if out_dir else None
        self._safe = SafeDir(self._dir or ".", what="leak")  # created 0700 when missing
        self._problems = Problems(log)
        self._keep = max(1, keep)
        self._labels = dict(labels)
        self._prefix = file_prefix(self._labels)
        self._say, self._clock = say, clock
        self._torch = torch
        self._lock = threading.Lock()
        self.armed = False  # read by the step hook without the lock: one attribute
        self._every = EVERY
        self._wanted = SNAPSHOTS
        self._steps = 0
        self._windowed = False  # we record one step per window (nobody else records)
        self._recording = False  # our recording is on now
        self._snapshots: list[Any] = []
        self._snapshot_s: list[float] = []  # how long each snapshot held the training thread
        self.report: LeakReport | None = None
        self.report_path: str | None = None
        self.retainer_budget_s = BUDGET_S  # the retainer search's time budget
        self.done = threading.Event()

    # --- arming (any thread) ---

    def arm(self, *, every: int = EVERY, snapshots: int = SNAPSHOTS, reason: str = "manual") -> bool:
        """Start a search; False when one runs or CUDA is not up. A bad argument raises
        (TypeError, ValueError) before anything changes."""
        check_arguments(every, snapshots, reason)
        with self._lock:
            if self.armed:
                return False
            try:
                if not self._api.is_initialized():
                    log.info("leak finder not armed: CUDA is not initialised in this process")
                    return False
                self._windowed = not self._api.history_enabled()
            except Exception:
                log.exception("leak finder: cannot read the allocation history's state")
                return False
            self._every, self._wanted = every, snapshots
            self._steps = 0
            self._recording = False
            self._snapshots = []
            self._snapshot_s = []
            self.done.clear()
            self.armed = True
        try:
            if self._windowed and self._every == 1:
                self._record()  # every step is a window's last: record from now on
        except Exception:
            log.exception("leak finder: cannot record allocation history")
            self._stop()
            return False
        self._say(
            f"looking for a leak ({reason}): a snapshot every {self._every} steps, {self._wanted} snapshots"
            + ("; one step of each recorded" if self._windowed else "")
        )
        return True

    def _record(self) -> None:
        if not self._recording:
            self._api.record_history_state(HISTORY_ENTRIES)
            self._recording = True

    # --- the training thread ---

    def on_step(self) -> None:
        """After each optimizer step; a snapshot when due. Never raises."""
        if not self.armed:
            return
        try:
            self._steps += 1
            if self._steps % self._every == 0:
                t0 = time.perf_counter()
                self._snapshots.append(self._api.snapshot())
                if self._recording and self._every > 1:
                    self._api.stop_history()  # the steps until the window's last pay nothing
                    self._recording = False
                self._snapshot_s.append(time.perf_counter() - t0)  # the training thread's cost, reported
                if len(self._snapshots) >= self._wanted:
                    self._finish()
                    return
            if self._windowed and (self._steps + 1) % self._every == 0:
                if self._api.history_enabled() and not self._recording:
                    self._windowed = False  # someone else records now: theirs, never turned off
                else:
                    self._record()  # from this step's end to the next: one step recorded
        except Exception:
            log.exception("leak finder failed; stopped")
            self._stop()

    def _stop(self) -> None:
        with self._lock:
            self.armed = False
            if self._recording:
                self._recording = False
                try:
                    self._api.stop_history()
                except Exception:
                    log.exception("cannot stop memory history")

    def close(self) -> None:
        """The agent stops: an armed search ends, its recording off (never the user's)."""
        self._stop()
        self._snapshots = []

    def _finish(self) -> None:
        snapshots, steps = self._snapshots, (len(self._snapshots) - 1) * self._every
        recorded = len(self._snapshots) - 1 if self._windowed else None
        self._snapshots = []
        self._stop()
        threading.Thread(
            target=self._analyse, args=(snapshots, steps, recorded), name="gpumemd-leak", daemon=True
        ).start()

    # --- off the training thread ---

    def _analyse(self, snapshots: list[Any], steps: int, recorded: int | None = None) -> None:
        try:
            t0 = time.perf_counter()
            # each snapshot walked once, into what the finder and the retainer search both read
            snapshots = [columns_of(s, events=False) for s in snapshots]
            report = find_leaks(snapshots, steps, recorded_steps=recorded)
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
            dataclasses.replace(
                s,
                retained_by=found.holders.get(i),
                caused_by=(
                    (report.sites[found.caused_by[i]].file, report.sites[found.caused_by[i]].line)
                    if i in found.caused_by
                    else None
                ),
            )
            for i, s in enumerate(report.sites)
        )
        sites = roots_first(sites)
        costs = (
            *report.costs,
            ("retainer_s", round(found.seconds, 4)),
            ("gil_max_s", round(found.gil_max_s, 4)),
            ("gil_total_s", round(found.gil_total_s, 4)),
        )
        return dataclasses.replace(report, sites=sites, costs=costs, notes=(*report.notes, *found.notes))

    def _write(self, report: LeakReport) -> None:
        """Through gpumemd.fs.SafeDir, as the snapshots: another user's directory, a shared one
        without the sticky bit or a symlink is refused; the newest `keep` reports stay."""
        if self._dir is None:
            return
        name = f"{self._prefix}-{file_stamp(self._clock())}.leak.json"
        path = write_report(self._safe, self._problems, "leak report", name,
                            {**report.to_json(), "labels": self._labels},
                            rotate=(self._prefix + "-", ".leak.json"), keep=self._keep)
        if path is not None:
            self.report_path = path

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
