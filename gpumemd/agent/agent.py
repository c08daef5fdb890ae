"""The in-process agent: samples PyTorch's allocator, NVML's view of this process and its
OOMs on a daemon thread, publishes them into the node spool and serves them on loopback
from a helper process (gpumemd/agent/endpoint.py; `agent.endpoint: thread` serves from a
thread of this process instead).

    import gpumemd
    agent = gpumemd.start()            # idempotent; the node spool (a port: listen_address=)
    with gpumemd.Agent(interval=0.05): # or scoped
        train()

The agent is a `Runtime` (the daemon's pipeline) with its own sources: `allocator`, `pools`, `process`,
`oom`, `categories`, `calibration` (both after `watch()`), `agent` (identity, errors). It samples once a
second and ticks the allocator's counters at `interval` in between, after optimizer steps on the
training thread (`tick: step`) or on its thread. Rendering is lazy: a process nobody scrapes never
renders text. Rules it keeps in a training process:

- torch is never imported by us: the torch-facing sources wait until the program has
  imported torch *and* initialised CUDA (no CUDA context is ever created by the agent);
- never raises into user code: failures are logged and counted (`gpumemd_agent_errors_total`);
- daemon threads only; `stop()` is clean; at exit the spool file is removed and the
  endpoint process ends (it also ends by itself when this process dies);
- `fork()` (DataLoader workers): the child gets no exporter, no spool writer, no held
  lock of ours; it may start its own agent.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpumemd.backends.nvml import Pynvml
from gpumemd.backends.torch_accel import LazyTorchCuda
from gpumemd.backends.torch_oom import LazyTorchOom
from gpumemd.config import Config
from gpumemd.runtime import Runtime
from gpumemd.sources.agent_self import AgentSelf, Errors
from gpumemd.sources.allocator import AllocatorSource
from gpumemd.sources.base import Source
from gpumemd.sources.forecast import ForecastSource, token_count
from gpumemd.sources.pools import PoolSource
from gpumemd.sources.process import ProcessSource, peak_rss_bytes
from gpumemd.sources.training import TrainingStep
from gpumemd.spool.format import spool_dir
from gpumemd.spool.writer import SpoolWriter

from . import identity as identity_mod
from . import leakfind, process, steptrace
from .calibration import CalibrationSource
from .categories import CategorySource
from .endpoint import EndpointProcess, private_directory, remove_private_directory
from .leakfind import LeakFinder
from .oomdiag import OomDiagnoser
from .shapeprobe import ShapeProbe
from .stephook import STEP_PEAK_BUDGET, PeakReset, StepHook
from .wiring import (
    AllocatorAnnouncer,
    Counted,
    agent_config,
    effective_listen_address,
    rss_reader,
    sample_every,
    say,
    sections_observers,
    sections_state,
    spool_change_key,
)

if TYPE_CHECKING:  # loaded when alerting is on
    from gpumemd.alerts.observer import AlertingFactory
    from gpumemd.sources.oom import OomWatcher

log = logging.getLogger("gpumemd.agent")

__all__ = ["Agent", "AlertCallback"]

_UNSET: Any = object()

AlertCallback = Callable[[Sequence[Any]], None]  # gets a batch of gpumemd.alerts.engine.Notification


class Agent:
    """One process's agent. Build, `start()`, `stop()`; or use it as a context manager."""

    def __init__(
        self,
        config: Config | str | None = None,
        *,
        listen_address: str | None = _UNSET,
        identity: identity_mod.Identity | None = None,
        apis: Mapping[str, Any] | None = None,
        on_alert: AlertCallback | Sequence[AlertCallback] | None = None,
        **overrides: Any,
    ) -> None:
        """`overrides` are `agent.*` settings (`interval=0.05`); `identity` and `apis`
        (`torch`, `nvml`, `oom`, `rss`, `peak_rss`, and `env` for PYTORCH_ALLOC_CONF) replace the
        real ones for replays and tests.
        `on_alert(notifications)` is called (on its own thread) with each batch of alerts the
        agent's rules send: firing, re-sent and resolved (docs/alerts.md)."""
        self.errors = Errors()
        self._on_alert = [on_alert] if callable(on_alert) else list(on_alert or ())
        self.alerting: AlertingFactory | None = None  # .observer is the engine's observer
        self.trace: steptrace.StepTrace | None = None  # the record_profile action's
        if listen_address is not _UNSET:
            overrides["listen_address"] = listen_address
        self.config = agent_config(config, overrides, self.errors)
        self.identity = identity or identity_mod.from_env()
        self._apis = dict(apis or {})
        self.pid = self.identity.pid
        agent = self.config.agent
        self.listen_address = effective_listen_address(agent, self.identity)
        self.runtime: Runtime | None = None
        self.oom: OomWatcher | None = None
        self.spool: SpoolWriter | None = None
        self.endpoint: EndpointProcess | None = None  # agent.endpoint: process
        self._announcer: AllocatorAnnouncer | None = None  # says once when the allocator is readable
        self._private_dir: str | None = None  # where the endpoint process reads (agent.endpoint: process)
        self._published = "not publishing to a node spool"  # the start line's, set by start()
        self._started = False
        self._forked = False
        self._allocator: AllocatorSource | None = None  # the step hook marks its boundaries
        self.training = TrainingStep(self.identity.labels())  # its step, set by the training loop
        # agent.tick: step — the optimizer-step hook (stephook.py), installed once torch is there
        self.steps = StepHook(
            self, self.training, self.errors, tick_interval=agent.interval, peak_budget=STEP_PEAK_BUDGET
        )
        self._accelerator: Callable[[], str | None] | None = None  # the sources' LazyTorchCuda.accelerator
        self._torch: Any = None  # the TorchCudaApi (`_torch_api`)
        self.diagnoser: OomDiagnoser | None = None  # the OOM diagnosis's inputs, built with the runtime
        self.leak: LeakFinder | None = None  # the leak finder (find_leak), built with the runtime
        # watch(): memory by category (agent/categories.py); counted at step boundaries
        self.categories = CategorySource(
            self.identity.labels(),
            device_type=lambda: self._which_accelerator() or "cuda",
            on_error=self.errors.note,
            at_boundaries=agent.tick == "step",  # else no optimizer-step hook: counted on the sampling thread
        )
        self.forecast: ForecastSource | None = None  # headroom and the OOM forecast, built with the sources
        self.probe: ShapeProbe | None = None  # the forecast's shape probe (agent.shape_probe), likewise

    # --- building ---

    def _sources(self, config: Config) -> list[Source]:
        agent, labels, apis = config.agent, self.identity.labels(), self._apis
        torch_api = self._torch_api()
        # which accelerator the program's torch drives: NVML sees NVIDIA CUDA only (replays are NVIDIA's)
        accelerator = torch_api.accelerator if isinstance(torch_api, LazyTorchCuda) else None
        self._accelerator = accelerator
        self._allocator = AllocatorSource(
            torch_api, labels=labels, peak_window=agent.peak_window, env=apis.get("env")
        )
        sources: list[Any] = [
            self._allocator,
            ProcessSource(
                nvml=(apis.get("nvml") or Pynvml()) if agent.nvml else None,
                torch_api=torch_api,
                rss=apis.get("rss") or rss_reader(self.pid),
                peak_rss=apis.get("peak_rss") or peak_rss_bytes,
                labels=labels,
                nvml_interval=agent.nvml_interval,
                pid=self.pid,
                accelerator=accelerator,
            ),
        ]
        if agent.pool_interval:  # the allocator snapshot: its own slow cadence (sources/pools.py)
            sources.append(PoolSource(torch_api, labels=labels))
        if self.oom is not None:
            sources.append(self.oom)
        if self.leak is not None:
            sources.append(self.leak)
        sources.append(self.categories)  # after the allocator: it reads the step's peak and end
        calibration = CalibrationSource(labels, lambda: self.categories.model)  # reads allocator, process
        sources.append(calibration)
        sources.append(self.training)
        allocator = self._allocator
        self.forecast = ForecastSource(
            labels=labels,
            step_peak=allocator.last_step_peak,
            devices=allocator.step_devices,
            total_memory=lambda device: torch_api.total_memory(device),
            max_tokens=agent.max_tokens,
        )
        self.categories.follow(allocator.last_step_peak)
        calibration.follow(allocator.last_step_peak, allocator.step_devices)
        # each closed step peak: the forecast pairs it with its batch's tokens; the categories
        # are counted at that step's end (spaced by their own budget); the calibration takes it if exact
        self.steps.boundary_listeners = [self.forecast, self.categories, calibration]
        if self.diagnoser is not None:  # the OOM diagnosis's exact step ends (a leak's growth per step)
            self.diagnoser.follow_steps(allocator.last_step_peak, allocator.step_devices)
            self.steps.boundary_listeners.append(self.diagnoser)
        old_probe, self.probe = self.probe, None  # sources are built again on a reload
        if agent.step_peak_reset:  # opt-in: the next step's peak exact (it changes the user's peak stats)
            self.steps.boundary_listeners.append(PeakReset(allocator))
        elif agent.shape_probe and self.oom is not None:  # a new shape's peak from one step's trace
            self.probe = ShapeProbe(self.oom.api, torch_api, self.forecast, allocator.step_devices,
                                    self.errors, live=lambda: self.stepping)
        if old_probe is not None:
            old_probe.stop()
        self.steps.listeners = [x for x in self.steps.listeners if x is not old_probe]
        if self.probe is not None:
            self.steps.listeners.append(self.probe)
        sources.append(self.forecast)
        sources.append(AgentSelf(self.identity, self.errors))
        # Each sample reads the allocator (ticks between samples follow its counters); what
        # changes slowly, or is seen the moment it happens (an OOM publishes a sample at once),
        # is read at its own pace: this process's NVML and host view every nvml_interval, the
        # rest with the rules, every evaluation_interval (docs/agent.md, Cost).
        # categories: every sample (cheap: the figures counted at the last step boundary, paired
        # with that step's end and peak; agent/categories.py)
        every = {
            "allocator": 0.0,
            "process": agent.nvml_interval,
            "pools": agent.pool_interval,
            "categories": 0.0,
        }
        return [Counted(s, self.errors, every.get(s.name, agent.evaluation_interval)) for s in sources]

    def _torch_api(self) -> Any:
        """The one TorchCudaApi of this agent (its sources and the OOM diagnosis share it)."""
        if self._torch is None:
            self._torch = self._apis.get("torch") or LazyTorchCuda()
        return self._torch

    def build(self) -> Runtime:
        """The runtime (sources, observers, spool, endpoint), built but not started: what
        `start()` runs first; tests and benchmarks call it to sample by hand."""
        cfg, agent = self.config, self.config.agent
        from gpumemd.sources.oom import OomWatcher

        nvml = (self._apis.get("nvml") or Pynvml()) if agent.nvml else None
        self.diagnoser = OomDiagnoser(self._torch_api(), nvml, pid=self.pid, env=self._apis.get("env"))
        self.oom = OomWatcher(
            self._apis.get("oom") or LazyTorchOom(),
            snapshot_dir=agent.oom_snapshot_dir,
            max_snapshots=agent.oom_max_snapshots,
            max_snapshot_bytes=agent.oom_max_snapshot_bytes,
            min_dump_interval=agent.oom_min_dump_interval,
            history=agent.memory_history,
            history_max_entries=agent.memory_history_max_entries,
            history_stacks=agent.memory_history_stacks,
            labels=self.identity.labels(),
            on_event=self._urgent_sample,
            diagnose=self.diagnoser.diagnose,
            say=say,
        )
        self.leak = LeakFinder(
            self.oom.api,
            out_dir=agent.oom_snapshot_dir,
            labels=self.identity.labels(),
            say=say,
            keep=agent.oom_max_snapshots,
        )
        self.steps.listeners = [self.leak]  # snapshots at step boundaries while a search runs
        directory = spool_dir(agent.spool_dir)
        # agent.endpoint: process — a helper process serves the file this agent publishes, so
        # the file holds every family and the alerts, and is written every spool_interval (an
        # unchanged sample only touched would leave the self-metrics, such as
        # gpumemd_last_sample_timestamp_seconds, behind), first into its private directory.
        endpoint_process = self.listen_address is not None and agent.endpoint == "process"
        private: Path | None = None
        if endpoint_process:
            private = private_directory()
            self._private_dir = str(private)
            if directory is None:
                directory, private = private, None
        listeners: list[Callable[[Any], None]] = [self.diagnoser.observe]
        if directory is not None:
            self.spool = SpoolWriter(
                directory,
                identity=self.identity.info_labels(),
                interval=agent.spool_interval,
                pid=self.pid,
                change_key=None if endpoint_process else spool_change_key(sections_state()),
                everything=endpoint_process,
                alerts=self._alerts_json if endpoint_process else None,
                private=private,
            )
            listeners.append(self._publish)
        if endpoint_process and self.spool is not None and self.listen_address is not None:
            self.endpoint = EndpointProcess(
                self.spool.private_path or self.spool.path,
                self.listen_address,
                web_config_file=cfg.web.config_file,
                private=True,
                on_exit=self._endpoint_exited,
                on_answer=self._endpoint_answered,
            )
        # agent.tick: step — the allocator ticks run on the training thread after optimizer
        # steps (no GIL hand-off); the sampling thread then wakes for samples only, and ticks
        # itself again when the steps stop (or never come: a loop without torch.optim).
        if agent.tick == "step":
            listeners.append(self.steps.install)
        self._announcer = AllocatorAnnouncer(self.pid, self._which_accelerator)
        listeners.append(self._announcer)
        # The shared runtime reads sampler.interval and web.listen_address: give it the agent's.
        runtime_cfg = dataclasses.replace(
            cfg,
            sampler=dataclasses.replace(cfg.sampler, interval=agent.interval),
            web=dataclasses.replace(cfg.web, listen_address=self.listen_address or "127.0.0.1:0"),
        )
        from gpumemd.alerts.actions import ActionRunner
        from gpumemd.alerts.observer import AlertingFactory

        self.trace = steptrace.StepTrace(
            agent.oom_snapshot_dir,
            steps=agent.trace_steps,
            max_files=agent.oom_max_snapshots,
            max_bytes=agent.oom_max_snapshot_bytes,
            pid=self.pid,
        )
        steptrace.install(self.trace)
        # Rules run every evaluation_interval here; actions (evidence) only here. Collectors are
        # not declared up front: one that never worked (no CUDA yet) is not "failing".
        self.alerting = alerting = AlertingFactory(
            callbacks=self._on_alert, actions=ActionRunner(), every=agent.evaluation_interval
        )
        return Runtime(
            runtime_cfg,
            self._sources,
            # sections first: the rules see the families of the observers before them
            build_observers=lambda c: [*sections_observers(agent.evaluation_interval), *alerting(c)],
            listeners=listeners,
            eager_render=False,
            sample_every=sample_every(agent, directory),
            serve_http=self.listen_address is not None and self.endpoint is None,
            title="gpumemd agent",
        )

    def _watch_cuda_init(self) -> None:
        """Attach the OOM observer on the program's first CUDA use, so that an OOM in its first
        milliseconds (a model too big to move to the GPU) is seen; the first sample after CUDA
        is up attaches it where this torch has no initialisation hook."""
        oom = self.oom
        if oom is None:
            return
        try:
            oom_api = self._apis.get("oom") or oom.api
            if not oom_api.on_cuda_init(oom.install_quietly):
                log.debug("this torch has no CUDA initialisation hook: the OOM observer waits for a sample")
        except Exception:  # noqa: BLE001 - the sample path still attaches it
            self.errors.note("start")
            log.debug("cannot hook CUDA initialisation", exc_info=True)

    def _which_accelerator(self) -> str | None:
        """The accelerator the program's torch drives (torch_accel.accelerator_name); None
        before it imported torch, and for a replayed api (NVIDIA's)."""
        accelerator = self._accelerator
        return accelerator() if accelerator is not None else None

    # --- what the step hook reads (stephook.StepTarget) ---

    @property
    def hookable(self) -> bool:
        """Not a forked child: the step hook may be installed."""
        return not self._forked

    @property
    def stepping(self) -> bool:
        """Started and not forked: the step hook may tick the sampler."""
        return self._started and not self._forked

    def step_sampler(self) -> Any:
        return self.runtime.sampler if self.runtime is not None else None

    def step_allocator(self) -> Any:
        return self._allocator

    def _install_step_tick(self, snapshot: Any = None) -> None:
        self.steps.install(snapshot)

    def _step_tick(self, *_: Any) -> None:
        self.steps.step()

    def _alerts_json(self) -> bytes | None:
        runtime = self.runtime
        return runtime.alerts_json() if runtime is not None else None

    def _say_started(self, served: str) -> None:
        say(
            f"agent started in pid {self.pid} ({self.identity.describe()}): {served}, {self._published}; "
            f"allocator ticks every {self.config.agent.interval}s"
        )

    def _endpoint_answered(self, address: tuple[str, int] | None) -> None:
        """The endpoint process listens (or could not): only now say where the agent serves."""
        if address is None:
            self._say_started(f"no HTTP endpoint ({self.listen_address} could not be served)")
        else:
            self._say_started(f"serving http://{address[0]}:{address[1]}/metrics (an endpoint process)")

    def _endpoint_exited(self, where: str) -> None:
        """The endpoint process could not listen, or died: count it; sampling goes on. A
        private spool has no reader left: stop writing it."""
        self.errors.note(where)
        if self._private_dir is not None and self.spool is not None:
            if self.spool.private_path is not None:
                self.spool.drop_private()  # the node spool goes on
            else:
                self.spool.remove()  # the spool is off: the private copy was all
            self._remove_private_dir()

    def _publish(self, snapshot: Any) -> None:
        if self.spool is not None:
            try:
                self.spool(snapshot)
            except Exception:
                self.errors.note("spool")
                log.exception("spool publish failed")

    def _urgent_sample(self) -> None:
        """After an OOM: sample and publish now, on a thread (the OOM path is the user's)."""
        if self.spool is not None:
            self.spool.request()
        runtime = self.runtime
        if runtime is None:
            return

        def run() -> None:
            try:
                runtime.sampler.sample_once()
            except Exception:
                self.errors.note("urgent-sample")

        threading.Thread(target=run, name="gpumemd-oom-sample", daemon=True).start()

    # --- lifecycle ---

    def start(self) -> Agent:
        """Start sampling (and serving); never raises. A taken port leaves HTTP off, logged."""
        if self._started or self._forked:
            return self
        self._started = True
        process.running.add(self)
        try:
            process.register_actions(self)  # before the rules load: rules with actions need them
            self.runtime = self.build()
            self._watch_cuda_init()
            try:
                self.runtime.start()  # the first sample is published before the endpoint process starts
            except OSError as exc:  # agent.endpoint: thread, the port is taken
                self.errors.note("listen")
                log.warning(
                    "agent cannot listen on %s (%s); sampling and spool go on without HTTP",
                    self.listen_address,
                    exc.strerror or exc,
                )
                self.runtime.server = None
                self.runtime.sampler.start()
            self._published = (
                f"publishing to {self.spool.path}"
                if self.spool is not None and str(self.spool.path.parent) != self._private_dir
                else "not publishing to a node spool"
            )
            if self.endpoint is not None:
                try:
                    self.endpoint.start()  # says where it serves once the child listens: _endpoint_answered
                except Exception as exc:  # OSError: cannot spawn a process
                    log.warning(
                        "agent cannot start its endpoint process (%s); sampling and spool go on without HTTP",
                        exc,
                    )
                    self.endpoint = None
                    self._endpoint_exited("listen")
                    self._say_started("no HTTP endpoint")
            elif self.runtime.server is not None:
                self._say_started(f"serving http://{self.url_address}/metrics")
            else:
                self._say_started("no HTTP endpoint")
            if self._announcer is not None:
                self._announcer.armed = True
                self._announcer(self.runtime.sampler.latest)
        except Exception:
            self.errors.note("start")
            log.exception("gpumemd agent failed to start; the program runs on without it")
        return self

    @property
    def started(self) -> bool:
        """Started and not stopped (in this process)."""
        return self._started

    @property
    def url_address(self) -> str | None:
        """host:port actually served (the port is real even when 0 was asked for); None
        without HTTP. With the endpoint process, waits until it listens (at most 20 s)."""
        if self.endpoint is not None:
            address = self.endpoint.address
            if address is None:
                return None
            host, port = address
        elif self.runtime is None or self.runtime.server is None:
            return None
        else:
            host, port = self.runtime.server.address
        return f"{host}:{port}"

    def stop(self) -> None:
        """Stop the threads, the server or the endpoint process, remove this process's spool
        file (and private directory). Never raises."""
        if not self._started or self._forked:
            return
        self._started = False
        process.running.discard(self)
        if self.oom is not None:
            self.oom.active = False
            self.oom.remove_excepthooks()
            self.oom.disarm_memory_history()  # only history the agent started: it costs the loop
        # The sampler first: nothing is published while the endpoint process cleans up.
        for step in (
            self.runtime.stop if self.runtime is not None else None,
            self.endpoint.stop if self.endpoint is not None else None,
            self.spool.remove if self.spool is not None else None,
            self._remove_private_dir,
        ):
            try:
                if step is not None:
                    step()
            except Exception:  # one failed step does not leave the others undone
                self.errors.note("stop")
                log.exception("gpumemd agent did not stop cleanly")
        process.unregister_actions(self)
        self.steps.remove()
        if self.probe is not None:
            self.probe.stop()
        observer = self.alerting.observer if self.alerting is not None else None
        if observer is not None:
            observer.close()
        if self.trace is not None:
            self.trace.close()
            steptrace.install(None)
        if self.leak is not None:
            self.leak.close()  # an armed search's recording off (never the user's)
        process.forget(self)

    def _remove_private_dir(self) -> None:
        directory, self._private_dir = self._private_dir, None
        remove_private_directory(directory)

    def sample_once(self) -> Any:
        """Take a sample now and publish it (tests, benchmarks); the snapshot or None."""
        if self.runtime is None:
            return None
        if self.spool is not None:
            self.spool.request()  # the endpoint process serves it from its next request on
        return self.runtime.sampler.sample_once()

    def __enter__(self) -> Agent:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- the training loop's view ---

    def set_training_step(self, step: int, tokens: int | None = None) -> None:
        """The trainer's global step, exported as `gpumemd_training_global_step` from the next
        sample on, and the tokens of the batch about to run (the OOM forecast's shape: call it
        before the step's forward; docs/forecast.md). Cheap (a few stores) and never raises: a
        value that is not a non-negative integer (tokens: a positive one) is counted in
        `gpumemd_agent_errors_total{where="step"}` (`where="tokens"`) and ignored."""
        try:
            value = int(step)
            if value < 0:
                raise ValueError(step)
        except Exception:
            self.errors.note("step")
        else:
            self.training.step = value
        if tokens is not None:
            self.set_tokens(tokens)

    def set_tokens(self, tokens: Any) -> None:
        """The tokens of the batch about to run (`token_count`: else counted and ignored)."""
        count = token_count(tokens)
        if count is None:
            self.errors.note("tokens")
            return
        forecast = self.forecast
        if forecast is not None:
            forecast.set_tokens(count)
        probe = self.probe
        if probe is not None:
            probe.before_step(count)

    def memory_figures(self, device: int | None = None) -> dict[str, float]:
        """The latest sample's allocated, reserved and window-peak bytes for `device` (default:
        the first GPU in use), and the last optimizer step's peak, for a framework's logger; {}
        before CUDA is readable. Never raises; a figure the allocator does not keep
        (cudaMallocAsync: no window peak) is left out."""
        try:
            snapshot = self.runtime.sampler.latest if self.runtime is not None else None
            readings = snapshot.readings.get("allocator") if snapshot is not None else None
            allocator = self._allocator
            return allocator.figures(readings, device) if readings and allocator is not None else {}
        except Exception:
            self.errors.note("figures")
            return {}

    def watch(self, model: Any = None, optimizer: Any = None) -> bool:
        """Split allocated memory by category for `model` and `optimizer` (each one object or a
        list; agent/categories.py), held by weak reference. The model's `parameters()` and
        `buffers()` run on a helper thread, bounded (`categories.MAX_TENSORS` items,
        `MAX_SECONDS`). Never raises: False when nothing was held."""
        try:
            return self.categories.watch(model, optimizer)
        except Exception:
            self.errors.note("watch")
            return False

    # --- evidence on demand ---

    def dump_snapshot(self, reason: str = "manual") -> str | None:
        return self.oom.dump_snapshot(reason) if self.oom is not None else None

    def arm_memory_history(self) -> bool:
        return bool(self.oom.arm_memory_history()) if self.oom is not None else False

    def find_leak(
        self, *, every: int = leakfind.EVERY, snapshots: int = leakfind.SNAPSHOTS, reason: str = "manual"
    ) -> bool:
        """Name the allocation sites that grow: snapshots every `every` optimizer steps
        (gpumemd/agent/leakfind.py); False when a search runs or cannot start; a bad argument
        raises TypeError or ValueError and changes nothing."""
        return (
            self.leak.arm(every=every, snapshots=snapshots, reason=reason) if self.leak is not None else False
        )

    def record_profile(self, reason: str = "manual") -> bool:
        """Trace the next `trace_steps` optimizer steps with torch.profiler (gpumemd/agent/steptrace.py)."""
        return self.trace.arm(reason) if self.trace is not None else False

    # --- fork ---

    def abandon_in_child(self) -> None:
        """In a forked child: drop everything the parent owns without waiting on anything."""
        self._forked = True
        if self.oom is not None:
            self.oom.active = False
            self.oom.stop_watching_raises()  # the child inherits sys.monitoring's registration
        if self.spool is not None:
            self.spool.enabled = False  # the file is the parent's
        if self.endpoint is not None:  # the helper must not outlive the parent because of us
            self.endpoint.abandon_in_child()
        self._private_dir = None  # the parent's too
        server = self.runtime.server if self.runtime is not None else None
        if server is not None:  # no thread serves it here; close our copies of the sockets
            server.close_after_fork()
