"""OOM evidence: count out-of-memory errors as they happen and keep an allocator snapshot.

Collector label `oom`. Exposition (rank 0 after one OOM with snapshots on)::

    gpumemd_oom_events_total{cause="fragmentation",gpu="0",rank="0"} 1
    gpumemd_oom_observer_installed{rank="0"} 1
    gpumemd_agent_snapshots_total{rank="0",result="written"} 1
    gpumemd_agent_last_snapshot_timestamp_seconds{rank="0"} 1.7637e+09
    gpumemd_agent_last_snapshot_info{path="/snap/gpumemd-r0-…-oom.pickle",rank="0",reason="oom"} 1
    gpumemd_agent_memory_history_recording{rank="0"} 0

- The observer (`torch._C._cuda_attach_out_of_memory_observer`) runs in the allocating
  thread after the allocator released its lock and before the error is raised. It may
  fire more than once for one OOM: an event counts only if the allocator's own `num_ooms`
  moved (or, where that cannot be read, if it is not a repeat within a second).
- Snapshots (`torch.cuda.memory._dump_snapshot`, viewable at pytorch.org/memory_viz) go to
  a configured directory: the newest `max_snapshots` of this process are kept, a file over
  `max_snapshot_bytes` is deleted, and dumps closer than `min_dump_interval` are skipped
  (a loop that catches OOMs and retries smaller batches would otherwise dump each time).
  Written and rotated through `gpumemd.fs.SafeDir`: a directory of another user is refused,
  rotation counts only this user's regular files (a planted symlink or FIFO named like a
  snapshot neither breaks it nor counts), and an unwritable or full directory is one log
  line and `gpumemd_agent_snapshots_total{result="failed"}`, never a traceback.
- Allocation history makes snapshots show who allocated what, but slows a dispatch-bound
  loop noticeably (docs/agent.md): off, `armed` (started by `arm_memory_history()`, e.g. by an alert
  action) or `on` (from the moment the process initialises CUDA).
- A diagnosis (gpumemd/diagnosis/oom.py: one cause, one fix, one remedy, docs/oom.md) is
  computed in the allocating thread right after each counted OOM, by the `diagnose` callable
  the agent passes in (it reads the allocator, its snapshot and NVML then; it allocates no GPU
  memory). It is said in one line, kept as `gpumemd_oom_last_diagnosis_info{gpu,cause,summary,fix}`,
  and written as JSON (format `gpumemd-oom-diagnosis/2`) next to the snapshot
  (`<snapshot stem>.diagnosis.json`; with snapshots off, into the same directory).
- Each OOM is counted once, by `gpumemd_oom_events_total{gpu,cause}`, when its diagnosis is
  made: `cause` is the diagnosis's cause, or `undiagnosed` where there is none (no `diagnose`
  callable, it failed, or it named no known cause). This is gpumemd's OOM count, the one the
  alerts read; the allocator source exports torch's own `num_ooms` as it stands. Every cause
  starts at 0 on each GPU the allocator reports, so that `increase()` sees a cause's first OOM.
- The observer is attached on the program's first CUDA use (`install`, queued by the agent on
  torch's own initialisation path), so an OOM in the first milliseconds is seen too.
- Where torch refuses the observer (`backend:cudaMallocAsync`: its allocator raises on
  attachOutOfMemoryObserver, keeps no `num_ooms` and has no snapshot), `sys.excepthook` and
  `threading.excepthook` are chained instead: an uncaught `torch.OutOfMemoryError` is
  counted and diagnosed from its message (device, request, free, the fraction's limit, each
  to 0.01 of its unit) and the allocator's totals, marked `"seen": "excepthook"` (late: after
  the stack unwound), and the previous hook always runs after it. An OOM the program catches
  never reaches a hook: on Python 3.12 and later it is seen where it is raised, through
  `sys.monitoring`'s RAISE event (gpumemd/backends/raise_watch.py), enabled only here, marked
  `"seen": "raise"`; each exception is diagnosed once, whichever saw it first. Where
  sys.monitoring is missing (3.11) or its tool ids are taken, one log line and each
  diagnosis's `missing` say that a caught OOM is not seen.
- Nothing here raises into the training code: every failure is logged and counted.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prometheus_client.core import Metric

from gpumemd.backends.raise_watch import RaiseWatch
from gpumemd.backends.torch_oom import TorchOomApi
from gpumemd.diagnosis.oom import CAUSES, UNDIAGNOSED, Diagnosis
from gpumemd.fs import Problems, SafeDir, WriteError, file_stamp, name_part, write_report
from gpumemd.known_metrics import collected_by

from .base import Source, metric

log = logging.getLogger("gpumemd.oom")

__all__ = ["OomReading", "OomWatcher", "file_prefix", "oom_from_message", "snapshot_reason"]

_UNITS = {"bytes": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}
_SIZE = r"([0-9]{1,24}(?:\.[0-9]{1,4})?) (bytes|KiB|MiB|GiB|TiB)"
# torch's messages (c10 format_size: two decimals of the largest unit): cudaMallocAsync's
# mallocAsync, and the native allocator's for an OOM the observer did not see
_ASYNC = (re.compile(r"Allocation on device ([0-9]{1,4}) would exceed allowed memory"),
          re.compile(r"Requested\s{0,64}: " + _SIZE), re.compile(r"Device limit\s{0,64}: " + _SIZE),
          re.compile(r"Free \(according to CUDA\)\s{0,64}: " + _SIZE),
          re.compile(r"memory fraction\)\s{0,64}: " + _SIZE))
_NATIVE = re.compile(r"Tried to allocate " + _SIZE + r"\. GPU ([0-9]{1,4}) has a total capacity of "
                     + _SIZE + r" of which " + _SIZE + r" is free")
MESSAGE_MAX = 4096  # the part of a message read


def _bytes(number: str, unit: str, *, upper: bool = False) -> int:
    """The bytes a rounded figure stands for; `upper`: the most it can stand for (half its
    last digit more)."""
    value = float(number) + (0.005 if upper and unit != "bytes" else 0.0)
    return int(round(value * _UNITS[unit]))


def oom_from_message(text: str) -> tuple[int, int, int, int] | None:
    """(device, requested, the limit or the device's total, device free) from torch's OOM
    message, each as the message rounds it; None for another message. The request is its upper
    bound (half the last printed digit more): a remedy sized for the rounded-down request fell
    short of the real one (a fraction of 0.06 for a request printed as 4.19 GiB that was 4.1941 GiB,
    on an H200). Where no limit below the device's total shows, the total's upper bound stands
    for it: a figure rounded down must not read as a limit."""
    text = text[:MESSAGE_MAX]
    dev = _ASYNC[0].search(text)
    if dev is not None:
        req, total, free, limit = (r.search(text) for r in _ASYNC[1:])
        if req is None or total is None or free is None:
            return None
        cap = _bytes(*total.group(1, 2), upper=True)
        if limit is not None and _bytes(*limit.group(1, 2)) < _bytes(*total.group(1, 2)):
            cap = _bytes(*limit.group(1, 2))
        return int(dev.group(1)), _bytes(*req.group(1, 2), upper=True), cap, _bytes(*free.group(1, 2))
    m = _NATIVE.search(text)
    if m is None:
        return None
    return (int(m.group(3)), _bytes(m.group(1), m.group(2), upper=True),
            _bytes(m.group(4), m.group(5), upper=True), _bytes(m.group(6), m.group(7)))


def _torch_oom(exc: BaseException | None) -> str | None:
    """The message of torch's own OutOfMemoryError (its class exactly: a subclass's code is
    never run), read from its args; None for anything else."""
    cls = type(exc)
    if exc is None or cls.__name__ != "OutOfMemoryError" or cls.__module__ not in ("torch", "torch.cuda"):
        return None
    args = exc.args
    return args[0] if isinstance(args, tuple) and args and isinstance(args[0], str) else None


@dataclass(frozen=True)
class OomReading:
    """One reading of the OOM observer: OOM events per device, the snapshots and diagnoses written,
    and whether memory history is recording."""
    observer_installed: bool
    events: Mapping[tuple[int, str], int]  # (device, cause or "undiagnosed") -> OOMs, de-duplicated
    snapshots: Mapping[str, int]  # by result: written, skipped, too_large, failed
    last_snapshot_path: str | None
    last_snapshot_reason: str | None
    last_snapshot_time: float | None
    history_recording: bool
    last_diagnosis: Mapping[int, tuple[str, str, str]] = field(
        default_factory=dict
    )  # device -> (cause, summary, fix)


_LATE = ("at the OOM (seen at the excepthook, after the stack unwound): the request, the device's free "
         "bytes and the limit as torch's message rounds them, the allocator's totals as they were then")
_AT_RAISE = ("at the OOM (seen at the raise through sys.monitoring, in the raising thread): the request, the "
             "device's free bytes and the limit as torch's message rounds them")
SIGHTED = 16  # the OOM exceptions last diagnosed, remembered so that each is diagnosed once


def snapshot_reason(reason: object) -> str:
    """A caller's snapshot reason as the file name and the `reason` label carry it (at most 40
    characters of [A-Za-z0-9_.-]); TypeError for anything but a str, never formatted: its
    `__str__` would be user code."""
    if type(reason) is not str:
        raise TypeError(f"dump_snapshot: reason must be a str, not {type(reason).__name__}")
    return name_part(reason)


def file_prefix(labels: Mapping[str, str]) -> str:
    """`gpumemd-p1234-r0`: the name every file of this process's evidence starts with
    (snapshots, diagnoses, leak reports), rotated by it."""
    return "gpumemd" + "".join("-" + name_part(f"{k[0]}{v}") for k, v in sorted(labels.items()))


class OomWatcher(Source[OomReading]):
    """Counts OOMs, writes bounded snapshots, arms history; a source for the agent's sampler."""

    name = "oom"
    names = collected_by("oom")  # the families declared with its name (known_metrics)

    def __init__(
        self,
        api: TorchOomApi,
        *,
        snapshot_dir: str | None = None,
        max_snapshots: int = 3,
        max_snapshot_bytes: int = 512 << 20,
        min_dump_interval: float = 30.0,
        history: str = "off",  # off | armed | on
        history_max_entries: int = 20000,
        history_stacks: str = "python",
        labels: Mapping[str, str] | None = None,
        on_event: Callable[[], None] | None = None,  # the agent publishes a fresh sample
        clock: Callable[[], float] = time.time,
        diagnose: Callable[[int, int, int, int], Diagnosis | None] | None = None,
        say: Callable[[str], None] | None = None,  # the one line at an OOM (the agent's `say`)
    ) -> None:
        self._api = api
        self._dir = Path(snapshot_dir) if snapshot_dir else None
        self._safe_dir = SafeDir(self._dir or ".", what="snapshot")  # created 0700 when missing
        self._problems = Problems(log)
        self._diagnosis_dir = SafeDir(self._dir or ".", what="diagnosis")
        self._diagnosis_problems = Problems(log)
        self._max_snapshots, self._max_bytes = max_snapshots, max_snapshot_bytes
        self._min_gap = min_dump_interval
        self._history_mode = history
        self._history_max, self._history_stacks = history_max_entries, history_stacks
        self._labels = dict(labels or {})
        self._prefix = file_prefix(self._labels)
        self._on_event = on_event
        self._clock = clock
        self._lock = threading.Lock()  # the OOM callback runs in the user's thread
        self._dump_lock = threading.Lock()  # one dump at a time
        self.active = True
        self._installed = False
        self._install_tried = False
        self._events: dict[tuple[int, str], int] = {}
        self._devices: set[int] = set()  # the allocator's devices: each cause's counter starts at 0
        self._last_num_ooms: dict[int, int] = {}
        self._last_event: tuple[int, int, float] | None = None  # fallback de-dup: device, size, time
        self._snapshots: dict[str, int] = {}
        self._last_path: str | None = None
        self._last_reason: str | None = None
        self._last_time: float | None = None
        self._history_wanted = history == "on"
        self._history_ours = False
        self._last_families: tuple[OomReading, list[Metric]] | None = None
        self._diagnose = diagnose
        self._say = say or (lambda line: log.warning("%s", line))
        self._last_diagnosis: dict[int, tuple[str, str, str]] = {}
        self._install_lock = threading.Lock()
        # the chained excepthooks: (ours, the one before) for sys and threading, while installed
        self._hooks: dict[str, tuple[Any, Any]] = {}
        self._raise_watch: RaiseWatch | None = None  # caught OOMs, where the observer is refused
        self._unseen: str | None = None  # why a caught OOM is not seen, where it is not
        # (id, args) of the OOM exceptions diagnosed: the args tuple is held (torch's message, no
        # object of the program's), so a later exception at the same address never matches
        self._sighted: collections.deque[tuple[int, Any]] = collections.deque(maxlen=SIGHTED)

    @property
    def api(self) -> TorchOomApi:
        return self._api

    # --- installation ---

    def install(self) -> bool:
        """Attach the observer once (torch cannot detach one; a second would see each OOM twice).
        Called on torch's CUDA initialisation path and, as a fallback, by the first sample
        after CUDA is up; never raises."""
        with self._install_lock:
            if self._install_tried:
                return self._installed
            self._install_tried = True
            try:
                self._installed = self._api.attach_oom_observer(self._observe)
            except Exception as exc:
                log.warning("cannot attach the OOM observer (%s); OOMs are diagnosed from torch's message, "
                            "at the raise (Python 3.12+) or the excepthook", exc)
                self._installed = False
            if not self._installed:
                self.install_excepthooks()
                self.watch_raises()
            return self._installed

    # --- where the observer is refused: the excepthooks ---

    def install_excepthooks(self) -> None:
        """Chain `sys.excepthook` and `threading.excepthook` (once): an uncaught torch OOM is
        diagnosed late, then the hook that was there runs with the same arguments."""
        with self._lock:
            if self._hooks:
                return
            before_sys, before_thread = sys.excepthook, threading.excepthook

            def sys_hook(kind: Any, value: Any, tb: Any) -> None:
                try:
                    self._uncaught(value)
                finally:
                    before_sys(kind, value, tb)

            def thread_hook(args: Any) -> None:
                try:
                    self._uncaught(args.exc_value)
                finally:
                    before_thread(args)

            sys.excepthook, threading.excepthook = sys_hook, thread_hook
            self._hooks = {"sys": (sys_hook, before_sys), "threading": (thread_hook, before_thread)}

    def remove_excepthooks(self) -> None:
        """Put the hooks back where ours is still the one installed (one chained after ours stays,
        and ours passes through while the watcher is stopped), and stop watching raises."""
        self.stop_watching_raises()
        with self._lock:
            hooks, self._hooks = self._hooks, {}
        if "sys" in hooks and sys.excepthook is hooks["sys"][0]:
            sys.excepthook = hooks["sys"][1]
        if "threading" in hooks and threading.excepthook is hooks["threading"][0]:
            threading.excepthook = hooks["threading"][1]

    def watch_raises(self) -> None:
        """See the OOMs the program catches, at the raise (Python 3.12's sys.monitoring): where
        that cannot be, say so once and keep the excepthooks alone."""
        if self._raise_watch is not None:
            return
        try:
            cls = self._api.oom_error_type()
        except Exception:  # noqa: BLE001
            cls = None
        if cls is None:
            why: str | None = "this torch names no OutOfMemoryError"
        else:
            watch = RaiseWatch(cls, self._raised)
            why = watch.start()
            if why is None:
                self._raise_watch = watch
                log.info("OOMs the program catches are diagnosed at the raise (sys.monitoring tool %s)",
                         watch.tool_id)
                return
        self._unseen = f"an OOM the program catches: not seen ({why})"
        log.warning("%s; only an uncaught OOM is diagnosed, at the excepthook", self._unseen)

    def stop_watching_raises(self) -> None:
        """Release sys.monitoring's tool id (the agent's stop, and a forked child)."""
        watch, self._raise_watch = self._raise_watch, None
        if watch is not None:
            watch.stop()

    def _first_sight(self, exc: BaseException) -> bool:
        """Whether this exception object is not diagnosed yet (sys.monitoring sees it in every
        frame it unwinds through, and the excepthook may see it after)."""
        key = (id(exc), exc.args)
        with self._lock:
            if any(i == key[0] and a is key[1] for i, a in self._sighted):
                return False
            self._sighted.append(key)
        return True

    def _raised(self, exc: BaseException) -> None:
        """A torch OOM raised in a Python frame, caught or not (sys.monitoring's callback, the
        raising thread): counted and diagnosed once; never raises."""
        self._late(exc, "raise")

    def _uncaught(self, exc: BaseException | None) -> None:
        """An uncaught exception reached a hook: a torch OOM the observer did not count is
        counted and diagnosed (late); never raises."""
        self._late(exc, "excepthook")

    def _late(self, exc: BaseException | None, seen: str) -> None:
        """A torch OOM the observer did not see, from its message; `seen`: raise | excepthook."""
        try:
            if not self.active or self._installed:
                return
            text = _torch_oom(exc)
            figures = None if text is None else oom_from_message(text)
            if figures is None or exc is None or not self._first_sight(exc):
                return
            device, alloc, total, free = figures
            notes = [_AT_RAISE if seen == "raise" else _LATE]
            if self._unseen is not None:
                notes.append(self._unseen)
            diagnosis = self._diagnosis(device, alloc, total, free, notes=tuple(notes))
            if diagnosis is not None:
                self._write_diagnosis(diagnosis, None, seen=seen)
            if self._on_event is not None:
                self._on_event()
        except Exception as err:  # noqa: BLE001 - the program's own hook still runs, its raise goes on
            # no traceback in the record: its frames lead back to the program's raising frame
            log.warning("OOM diagnosis at the %s failed: %s", seen, type(err).__name__)

    def install_quietly(self) -> None:
        """`install` for torch's initialisation path, which wants no return value."""
        self.install()

    # --- the OOM path (user's thread) ---

    def _observe(self, device: int, alloc: int, device_total: int, device_free: int) -> None:
        try:
            if not self.active:
                return  # torch cannot detach an observer: a stopped agent ignores it
            if not self._count(device, alloc):
                return
            diagnosis = self._diagnosis(device, alloc, device_total, device_free)
            if diagnosis is None:
                log.warning(
                    "CUDA out of memory on GPU %d: %d bytes requested, %d free of %d",
                    device,
                    alloc,
                    device_free,
                    device_total,
                )
            snapshot = self.dump_snapshot("oom") if self._dir is not None else None
            if diagnosis is not None and self._dir is not None:
                self._write_diagnosis(diagnosis, snapshot)
            if self._on_event is not None:
                self._on_event()
        except Exception:  # never let the agent change what the user's OOM looks like
            log.exception("OOM observer failed")

    def _count(self, device: int, alloc: int) -> bool:
        """Whether this is a new OOM; False for a repeat of the one already seen."""
        try:
            num = self._api.num_ooms(device)
        except Exception:
            num = None
        now = self._clock()
        with self._lock:
            if num is not None:
                if self._last_num_ooms.get(device) == num:
                    return False
                self._last_num_ooms[device] = num
            else:
                last = self._last_event
                if last is not None and last[:2] == (device, alloc) and now - last[2] < 1.0:
                    return False
                self._last_event = (device, alloc, now)
        return True

    def _diagnosis(self, device: int, alloc: int, device_total: int, device_free: int, *,
                   notes: tuple[str, ...] = ()) -> Diagnosis | None:
        """Diagnose one new OOM and count it, once, under its cause (or `undiagnosed`)."""
        d = self._diagnosed(device, alloc, device_total, device_free)
        with self._lock:
            key = (device, UNDIAGNOSED if d is None else d.cause)
            self._events[key] = self._events.get(key, 0) + 1
            if d is not None:
                self._last_diagnosis[device] = (d.cause, d.summary, d.fix)
        if d is None:
            return None
        if notes:  # seen late: the figures the message rounds, what is not seen at all
            d = dataclasses.replace(d, missing=(*d.missing, *notes))
        who = "".join(f" ({k} {v})" for k, v in sorted(self._labels.items()) if k in ("rank", "pid"))
        self._say(f"OOM on GPU {device}{who}: {d.cause} — {d.summary}; fix: {d.fix}")
        return d

    def _diagnosed(self, device: int, alloc: int, device_total: int, device_free: int) -> Diagnosis | None:
        if self._diagnose is None:
            return None
        try:
            d = self._diagnose(device, alloc, device_total, device_free)
        except Exception as err:  # noqa: BLE001
            # no traceback kept by a handler: its frames lead back to the program's allocating frame
            log.warning("OOM diagnosis failed: %s: %s", type(err).__name__, str(err)[:200])
            return None
        return d if d is not None and d.cause in CAUSES else None

    def _write_diagnosis(self, d: Diagnosis, snapshot: str | None, *, seen: str = "observer") -> None:
        """`<snapshot stem>.diagnosis.json`, or a name of its own when no snapshot was written;
        through gpumemd.fs like the snapshots, and rotated under the same count."""
        if snapshot is not None:
            name = Path(snapshot).with_suffix(".diagnosis.json").name
        else:
            name = f"{self._prefix}-{file_stamp(self._clock())}-oom.diagnosis.json"
        write_report(self._diagnosis_dir, self._diagnosis_problems, "OOM diagnosis", name,
                     {**d.to_json(), "seen": seen, "labels": self._labels},
                     rotate=(self._prefix + "-", ".diagnosis.json"), keep=self._max_snapshots)

    # --- snapshots ---

    def _note(self, result: str) -> None:
        with self._lock:
            self._snapshots[result] = self._snapshots.get(result, 0) + 1

    def dump_snapshot(self, reason: str = "manual") -> str | None:
        """Write an allocator snapshot now; the path, or None (not configured, skipped, failed).
        A reason that is not a str raises TypeError before anything changes."""
        reason = snapshot_reason(reason)
        try:
            return self._dump(reason)
        except Exception:
            log.exception("snapshot dump failed")
            self._note("failed")
            return None

    def _dump(self, reason: str) -> str | None:
        if self._dir is None:
            log.info("snapshot (%s) not written: no oom_snapshot_dir configured", reason)
            return None
        if not self._api.is_initialized():
            log.info("snapshot (%s) not written: CUDA is not initialised in this process", reason)
            return None
        if not self._dump_lock.acquire(blocking=False):
            self._note("skipped")  # another dump is running right now
            return None
        try:
            now = self._clock()
            if self._last_time is not None and now - self._last_time < self._min_gap:
                log.info("snapshot (%s) skipped: the last one is %.0fs old", reason, now - self._last_time)
                self._note("skipped")
                return None
            name = f"{self._prefix}-{file_stamp(now)}-{reason}.pickle"
            try:
                # torch writes by path: into a private directory under the checked one, then
                # renamed into place (gpumemd.fs.SafeDir.write_by_path)
                size = self._safe_dir.write_by_path(name, self._api.dump_snapshot, max_bytes=self._max_bytes)
                if size is None:
                    log.warning(
                        "snapshot (%s) deleted: larger than oom_max_snapshot_bytes (%d)",
                        reason,
                        self._max_bytes,
                    )
                    self._note("too_large")
                    return None
                self._safe_dir.rotate(
                    self._prefix + "-",
                    ".pickle",
                    keep=self._max_snapshots,
                    max_bytes=self._max_snapshots * self._max_bytes,
                )
            except WriteError as err:
                self._problems.failed(err)  # one line per state, counted; never a traceback
                self._note("failed")
                return None
            self._problems.ok("snapshot", self._dir)
            path = self._dir / name
            with self._lock:
                self._last_path, self._last_reason, self._last_time = str(path), reason, now
            self._note("written")
            log.warning(
                "allocator snapshot (%s) written to %s (open it at https://pytorch.org/memory_viz)",
                reason,
                path,
            )
            return str(path)
        finally:
            self._dump_lock.release()

    # --- allocation history ---

    def arm_memory_history(self) -> bool:
        """Start recording allocation history (stacks) for the next snapshot; True when recording."""
        if self._history_mode == "off":
            log.info("memory history not armed: agent.memory_history is off")
            return False
        self._history_wanted = True
        return self._start_history()

    def disarm_memory_history(self) -> None:
        self._history_wanted = False
        if self._history_ours:
            try:
                self._api.stop_history()
            except Exception:
                log.exception("cannot stop memory history")
            self._history_ours = False

    def _start_history(self) -> bool:
        if self._history_ours:
            return True
        try:
            if not self._api.is_initialized():
                return False  # started by the first sample after the process initialises CUDA
            if self._api.history_enabled():
                log.info("memory history is already recorded by someone else; leaving it as it is")
                return True
            self._api.record_history(self._history_max, self._history_stacks)
        except Exception:
            log.exception("cannot start memory history")
            return False
        self._history_ours = True
        log.warning(
            "recording allocation history (max %d entries, %s stacks): slower allocations from now on",
            self._history_max,
            self._history_stacks,
        )
        return True

    # --- the source ---

    def read(self, cycle: Mapping[str, Any]) -> OomReading:
        if not self._install_tried and self.active:
            try:
                ready = self._api.is_initialized()
            except Exception:
                ready = False
            if ready:  # attached before CUDA is initialised, the allocator would drop it
                self.install()
        if self._history_wanted and not self._history_ours and self.active:
            self._start_history()
        recording = self._history_ours
        if not recording:
            try:
                recording = self._api.is_initialized() and self._api.history_enabled()
            except Exception:
                recording = False
        allocator = cycle.get("allocator") or ()
        with self._lock:
            self._devices.update(r.device for r in allocator if r.device not in self._devices)
            events = {(d, c): 0 for d in self._devices for c in (*CAUSES, UNDIAGNOSED)}
            events.update(self._events)
            return OomReading(
                self._installed,
                events,
                dict(self._snapshots),
                self._last_path,
                self._last_reason,
                self._last_time,
                recording,
                dict(self._last_diagnosis),
            )

    def families(self, reading: OomReading) -> Iterable[Metric]:
        # Nearly every sample reads the same (no OOM, no snapshot): when the alert engine
        # asks for families each sample, hand back the last ones (never mutated downstream).
        last = self._last_families
        if last is not None and last[0] == reading:
            return last[1]
        families = list(self._families(reading))
        self._last_families = (reading, families)
        return families

    def _families(self, reading: OomReading) -> Iterable[Metric]:
        ids, extra = list(self._labels), list(self._labels.values())
        events = metric("gpumemd_oom_events", ["gpu", "cause", *ids])
        for (device, cause), n in sorted(reading.events.items()):
            events.add_metric([str(device), cause, *extra], n)
        installed = metric("gpumemd_oom_observer_installed", ids)
        installed.add_metric(extra, 1 if reading.observer_installed else 0)
        snaps = metric("gpumemd_agent_snapshots", ["result", *ids])
        for result, n in sorted(reading.snapshots.items()):
            snaps.add_metric([result, *extra], n)
        recording = metric("gpumemd_agent_memory_history_recording", ids)
        recording.add_metric(extra, 1 if reading.history_recording else 0)
        yield from (events, installed, snaps, recording)
        if reading.last_diagnosis:
            last = metric("gpumemd_oom_last_diagnosis_info", ["gpu", "cause", "summary", "fix", *ids])
            for device, (cause, summary, fix) in sorted(reading.last_diagnosis.items()):
                last.add_metric([str(device), cause, summary[:300], fix[:300], *extra], 1)
            yield last
        if reading.last_snapshot_time is not None:
            when = metric("gpumemd_agent_last_snapshot_timestamp_seconds", ids)
            when.add_metric(extra, reading.last_snapshot_time)
            info = metric("gpumemd_agent_last_snapshot_info", ["path", "reason", *ids])
            info.add_metric([reading.last_snapshot_path or "", reading.last_snapshot_reason or "", *extra], 1)
            yield when
            yield info
