"""What load on the agent's endpoint costs the training loop, and what scrapers see meanwhile,
for each way the agent serves: from its endpoint process (`agent.endpoint: process`, the
default) and from a thread of the training process (`agent.endpoint: thread`).

    python3 bench/http_impact.py --out FILE [--seconds 90] [--scrape-seconds 15] [--max-seconds 330]
                                 [--modes process,thread] [--cpu]

The training process runs the dispatch-bound loop of bench/agent_overhead.py with the
agent at its default 10 Hz serving 127.0.0.1, its spool in /dev/shm as deployed. For each
mode in turn (one agent per mode, started after an unloaded baseline block without any
agent), a separate process (bench/http_load.py) puts load on the endpoint; its process
group is stopped and continued (SIGSTOP/SIGCONT) between blocks, so blocks with and
without load interleave A/B/A/B against the same agent:

  hammer   500 requests/s on keep-alive connections
  idle     300 idle connections held open (each after one scrape, as a scraper waits
           between scrapes; reopened if the server closes them), plus one probe a second

Overhead per round = step time under load / step time without load − 1 (the agent's own
cost, agent vs no agent, is bench/agent_overhead.py's figure; the two multiply). Then, with
the loop still running, http_load measures the scrape p50/p99 under each load.

Output: {"date", "device", "torch", "step_seconds_unloaded", "errors", "wall_seconds",
"modes": {"process": {...}, "thread": {...}}}; each mode holds what a run of one mode held
before (step_seconds_unloaded, training_overhead_{hammer,idle}, scrapes_under_{hammer,idle},
thread counts, ...) and "mode", and for the endpoint process its pid and RSS.

Bounded: every phase ends by a deadline whatever the endpoint does (http_load has per-request
timeouts, and is stopped if it overruns), the whole run by --max-seconds (default 330 s,
shared equally by the modes: the interleaved phases get shorter if needed, and a watchdog
ends the process 20 s after it). Errors are recorded in the result's "errors" list, and the
JSON is written after every phase and at the end, on failure too. `--seconds 15` takes
about 2.5 minutes.

Needs a CUDA GPU; `--cpu` runs the same orchestration on a CPU loop (a smoke test of the
bench, not a measurement).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psutil  # noqa: E402
import torch  # noqa: E402
from agent_overhead import summarize  # noqa: E402

from gpumemd.agent.agent import Agent  # noqa: E402

HERE = Path(__file__).resolve().parent
MODES = ("process", "thread")
LOAD_TIMEOUT = 2.0  # http_load: seconds per request
LOAD_GRACE = 10.0  # http_load: seconds a phase may overrun
STARTUP = 2.0  # connections open, hammer paced


class Loop:
    """The training loop: bench/agent_overhead.py's on the GPU; the same shape on CPU (--cpu)."""

    def __init__(self, cpu: bool) -> None:
        self.cpu = cpu
        if cpu:
            import gil_cost

            torch.set_num_threads(1)
            self.work: tuple = gil_cost.model()  # its dispatch-bound CPU loop
        else:
            import agent_overhead

            self.work = agent_overhead.model()

    def step(self) -> None:
        net, opt, x, y = self.work
        opt.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(net(x), y).backward()
        opt.step()

    def sync(self) -> None:
        if not self.cpu:
            torch.cuda.synchronize()

    def block(self, steps: int) -> float:
        """Seconds per step over `steps` steps."""
        self.sync()
        t = time.perf_counter()
        for _ in range(steps):
            self.step()
        self.sync()
        return (time.perf_counter() - t) / steps


class LoadProcesses:
    """http_load processes, each in a session of its own; all are killed at the end."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, url: str, phase: str, duration: float, out: str | None = None,
              idle_probe_interval: float = 1.0,
              pid: int | None = None) -> subprocess.Popen[bytes]:  # fmt: skip
        cmd = [sys.executable, str(HERE / "http_load.py"), "--url", url, "--phases", phase,
               "--duration", str(duration), "--rate", "500", "--idle", "300",
               "--idle-probe-interval", str(idle_probe_interval), "--idle-mode", "keepalive", "--idle-hold",
               "--timeout", str(LOAD_TIMEOUT), "--grace", str(LOAD_GRACE)]  # fmt: skip
        if out:
            cmd += ["--out", out]
        if pid is not None:  # the endpoint process: its threads and CPU time under load
            cmd += ["--pid", str(pid)]
        # A session of its own: SIGSTOP/SIGCONT reach the hammer's worker processes too.
        # Its output goes to a file: an unread pipe fills up and stalls the load process.
        log = tempfile.NamedTemporaryFile(prefix="http-load-", suffix=".log", delete=False)  # noqa: SIM115
        proc = subprocess.Popen(cmd, stdout=log, stderr=log, start_new_session=True)
        log.close()
        proc.log_path = log.name  # type: ignore[attr-defined]
        self.procs.append(proc)
        return proc

    @staticmethod
    def signal(proc: subprocess.Popen[bytes], sig: int) -> bool:
        try:
            os.killpg(proc.pid, sig)  # the session leader's pid is the group id
            return True
        except (ProcessLookupError, PermissionError):
            return False

    def stop(self, proc: subprocess.Popen[bytes], wait: float = 15.0) -> None:
        """SIGCONT + SIGTERM (http_load then writes what it has), SIGKILL if it lingers."""
        if proc.poll() is None:
            self.signal(proc, signal.SIGCONT)
            self.signal(proc, signal.SIGTERM)
            try:
                proc.wait(wait)
            except subprocess.TimeoutExpired:
                pass
        self.signal(proc, signal.SIGKILL)  # the hammer's children too, whatever the leader did
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            pass

    def stop_all(self, wait: float = 5.0) -> None:
        for proc in self.procs:
            self.stop(proc, wait)


def log_tail(proc: subprocess.Popen[bytes], n: int = 1500) -> str:
    try:
        return Path(proc.log_path).read_text(errors="replace")[-n:]  # type: ignore[attr-defined]
    except OSError:
        return ""


def interleave(loop: Loop, loads: LoadProcesses, proc: subprocess.Popen[bytes], steps: int, seconds: float,
               min_rounds: int, hard_end: float) -> dict[str, Any]:  # fmt: skip
    """A/B rounds for `seconds` (and at least `min_rounds`), never past `hard_end`."""
    quiet, loaded, overhead = [], [], []
    end, rounds, note = time.monotonic() + seconds, 0, None
    while (rounds < min_rounds or time.monotonic() < end) and time.monotonic() < hard_end:
        if proc.poll() is not None:
            note = (
                f"the load process exited ({proc.returncode}) after {rounds} rounds: {log_tail(proc, 300)!r}"
            )
            break
        got = {}
        for arm in ("quiet", "loaded") if rounds % 2 == 0 else ("loaded", "quiet"):
            loads.signal(proc, signal.SIGCONT if arm == "loaded" else signal.SIGSTOP)
            loop.block(max(3, steps // 10))  # let the switch settle
            got[arm] = loop.block(steps)
        quiet.append(got["quiet"])
        loaded.append(got["loaded"])
        overhead.append((got["loaded"] / got["quiet"] - 1) * 100)
        rounds += 1
    loads.signal(proc, signal.SIGCONT)
    out: dict[str, Any] = {"rounds": rounds, "steps_per_block": steps}
    if rounds:
        out.update({"step_seconds_quiet": summarize(quiet), "step_seconds_loaded": summarize(loaded),
                    "overhead_percent": summarize(overhead)})  # fmt: skip
    if rounds < min_rounds and note is None:
        note = f"only {rounds} of {min_rounds} rounds before the wall-clock cap"
    if note:
        out["error"] = note
    return out


def train_while(loop: Loop, proc: subprocess.Popen[bytes], deadline: float) -> tuple[int, bool]:
    """Train until the load process exits or `deadline` passes: (steps, finished in time)."""
    steps = 0
    while proc.poll() is None and time.monotonic() < deadline:
        loop.step()
        steps += 1
    loop.sync()
    return steps, proc.poll() is not None


def rss(pid: int | None) -> int | None:
    try:
        return int(psutil.Process(pid).memory_info().rss) if pid else None
    except psutil.Error:
        return None


def measure_mode(mode: str, r: dict[str, Any], *, loop: Loop, steps: int, args: argparse.Namespace,
                 loads: LoadProcesses, spool: str, mode_end: float, errors: list[str],
                 write: Any) -> None:  # fmt: skip
    """One agent serving in `mode`: its unloaded baseline, both loads interleaved, then the
    scrape latencies under each load; into `r`, errors (prefixed with the mode) into `errors`."""
    r["step_seconds_unloaded"] = loop.block(max(10, steps))  # no agent at all
    agent = Agent(listen_address="127.0.0.1:0", spool_dir=spool, endpoint=mode).start()
    try:
        assert agent.runtime is not None
        address = agent.url_address  # waits for the endpoint process to listen
        if address is None:
            errors.append(f"{mode}: the agent does not serve (errors {agent.errors.counts})")
            return
        url = f"http://{address}/metrics"
        endpoint_pid = agent.endpoint.pid if agent.endpoint is not None else None
        server = agent.runtime.server
        r.update({
            "agent_interval_s": agent.runtime.sampler.interval,
            # in the training process: the server's threads (thread), none (process)
            "agent_server_threads": server.thread_count if server is not None else 0,
            "agent_max_connections": server.limits.max_connections if server is not None else None,
            "agent_threads_before_load": threading.active_count() - 1,  # less the watchdog
            "endpoint_pid": endpoint_pid,
            "endpoint_rss_bytes_before_load": rss(endpoint_pid),
        })  # fmt: skip
        write()
        # each scrape measurement: its load, start-up, overrun and stopping (a reserve: the
        # measurement itself takes scrape_seconds + STARTUP)
        scrape_budget = args.scrape_seconds + STARTUP + LOAD_GRACE + 5
        for i, phase in enumerate(("hammer", "idle")):
            # keep time for what follows: the other interleave phase and both measurements
            left = mode_end - time.monotonic() - 2 * scrape_budget - (1 - i) * (args.seconds + STARTUP + 5)
            avail = max(0.0, left - STARTUP - 5)
            seconds = min(args.seconds, avail)
            proc = loads.start(url, phase, duration=10 * args.seconds + 60)
            try:
                time.sleep(STARTUP)
                r[f"training_overhead_{phase}"] = o = interleave(
                    loop, loads, proc, steps, seconds, min_rounds=20, hard_end=time.monotonic() + avail
                )
                r[f"agent_threads_during_{phase}"] = threading.active_count() - 1
                r[f"endpoint_rss_bytes_during_{phase}"] = rss(endpoint_pid)
                if "error" in o:
                    errors.append(f"{mode}: training_overhead_{phase}: {o['error']}")
            except Exception as exc:
                errors.append(f"{mode}: training_overhead_{phase}: {exc!r}")
            finally:
                loads.stop(proc)
            write()
        for phase in ("hammer", "idle"):
            fd, out = tempfile.mkstemp(prefix="http-load-", suffix=".json")
            os.close(fd)
            # The probe scrapes every 20 ms here: what a scraper sees under each load.
            proc = loads.start(
                url, phase, duration=args.scrape_seconds, out=out, idle_probe_interval=0.02, pid=endpoint_pid
            )
            key = f"scrapes_under_{phase}"
            try:
                deadline = min(time.monotonic() + scrape_budget + LOAD_GRACE, mode_end)
                n, in_time = train_while(loop, proc, deadline)
                r[f"training_steps_during_{phase}_scrape_measurement"] = n
                if not in_time:
                    errors.append(f"{mode}: {key}: http_load still running at its deadline; stopped")
            except Exception as exc:
                errors.append(f"{mode}: {key}: {exc!r}")
            finally:
                loads.stop(proc)  # SIGTERM: it writes what it measured
            try:
                text = Path(out).read_text()
                r[key] = (
                    json.loads(text)
                    if text.strip()
                    else {
                        "error": f"http_load exited {proc.returncode} without output",
                        "log": log_tail(proc),
                    }
                )
                for e in r[key].get("errors", []):
                    errors.append(f"{mode}: {key}: {e}")
            except (OSError, ValueError) as exc:
                r[key] = {"error": repr(exc), "log": log_tail(proc)}
                errors.append(f"{mode}: {key}: {exc!r}")
            finally:
                Path(out).unlink(missing_ok=True)
            write()
    finally:
        try:
            agent.stop()
        except Exception as exc:
            errors.append(f"{mode}: agent.stop: {exc!r}")


def report(result: dict[str, Any]) -> None:
    print(json.dumps({k: v for k, v in result.items() if k != "modes"}, indent=1, default=str))
    for mode, r in result.get("modes", {}).items():
        for phase in ("hammer", "idle"):
            o = r.get(f"training_overhead_{phase}", {}).get("overhead_percent")
            if o:
                print(f"{mode:8s} training loop under {phase:6s}: {o['median']:+6.2f} % median, "
                      f"{o['mean']:+6.2f} % mean (95 % CI {o['ci95_low']:+.2f} … {o['ci95_high']:+.2f}, "
                      f"{o['n']} rounds)")  # fmt: skip
            s = r.get(f"scrapes_under_{phase}", {}).get("phases", {})
            for name, v in s.items():
                probe = v.get("probe", v)
                print(f"{mode:8s} scrapes under {name}: {probe.get('requests')} answered, "
                      f"{probe.get('errors')} errors, p50 {probe.get('p50_ms')} ms, "
                      f"p99 {probe.get('p99_ms')} ms")  # fmt: skip
        if r.get("endpoint_rss_bytes_before_load"):
            print(
                f"{mode:8s} endpoint process RSS {r['endpoint_rss_bytes_before_load'] / 2**20:.1f} MiB, "
                f"{(r.get('endpoint_rss_bytes_during_idle') or 0) / 2**20:.1f} MiB "
                "holding the idle connections"
            )


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--seconds", type=float, default=90, help="interleaved time per load kind and mode")
    p.add_argument("--scrape-seconds", type=float, default=15, help="each scrape-latency measurement")
    p.add_argument("--block-seconds", type=float, default=0.25)
    p.add_argument("--max-seconds", type=float, default=330, help="wall-clock cap of the whole run")
    p.add_argument("--modes", default=",".join(MODES), help="agent.endpoint values, in this order")
    p.add_argument("--cpu", action="store_true", help="a CPU loop: checks the bench runs, measures nothing")
    args = p.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    if not set(modes) <= set(MODES) or not modes:
        p.error(f"--modes: expected some of {','.join(MODES)}")
    if not args.cpu and not torch.cuda.is_available():
        print(
            "http_impact: no CUDA device: this benchmark runs on a GPU machine (--cpu: a smoke run here)",
            file=sys.stderr,
        )
        return 2
    t_start = time.monotonic()
    hard_end = t_start + args.max_seconds
    result: dict[str, Any] = {"date": datetime.date.today().isoformat(), "errors": [], "modes": {}}
    out_path = Path(args.out)
    write_lock = threading.Lock()

    def write() -> None:
        with write_lock:
            for _ in range(5):  # the main thread may be adding a key meanwhile
                try:
                    text = json.dumps(result, indent=1, default=str) + "\n"
                    break
                except RuntimeError:
                    time.sleep(0.01)
            else:
                return
            tmp = out_path.with_name(out_path.name + ".tmp")
            tmp.write_text(text)
            os.replace(tmp, out_path)

    loads = LoadProcesses()

    def watchdog() -> None:  # the last resort: a training step or the agent hangs
        result["errors"].append(
            f"watchdog: still running {args.max_seconds + 20:.0f} s after the start; killed"
        )
        result["wall_seconds"] = round(time.monotonic() - t_start, 1)
        for proc in loads.procs:
            loads.signal(proc, signal.SIGKILL)
        write()
        print("http_impact: watchdog fired; partial results in " + args.out, file=sys.stderr, flush=True)
        os._exit(3)

    dog = threading.Timer(args.max_seconds + 20, watchdog)
    dog.daemon = True
    dog.start()
    # /dev/shm, where the agent keeps its spool by default (a disk costs ~10x a write)
    spool = tempfile.mkdtemp(
        prefix="gpumemd-bench-spool-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None
    )
    try:
        result["device"] = "cpu" if args.cpu else torch.cuda.get_device_name(0)
        result["torch"] = torch.__version__
        loop = Loop(args.cpu)
        for _ in range(50):
            loop.step()
        t = loop.block(50)
        steps = max(10, int(args.block_seconds / t))
        result.update({"step_seconds_unloaded": t, "steps_per_block": steps})
        for i, mode in enumerate(modes):
            mode_end = time.monotonic() + (hard_end - time.monotonic()) / (len(modes) - i)  # an equal share
            r = result["modes"][mode] = {"mode": mode}
            try:
                measure_mode(
                    mode,
                    r,
                    loop=loop,
                    steps=steps,
                    args=args,
                    loads=loads,
                    spool=spool,
                    mode_end=mode_end,
                    errors=result["errors"],
                    write=write,
                )
            except Exception as exc:
                result["errors"].append(f"{mode}: {exc!r}")
            write()
    except BaseException as exc:
        result["errors"].append(f"stopped: {exc!r}")
        if not isinstance(exc, Exception):
            raise
    finally:
        loads.stop_all()
        shutil.rmtree(spool, ignore_errors=True)
        result["wall_seconds"] = round(time.monotonic() - t_start, 1)
        dog.cancel()
        write()
    report(result)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
