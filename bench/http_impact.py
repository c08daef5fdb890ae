"""What load on the agent's endpoint costs the training loop, and what scrapers see meanwhile.

    python3 bench/http_impact.py --out FILE [--seconds 90] [--max-seconds 330]

The training process runs the dispatch-bound loop of bench/agent_overhead.py with the
agent at its default 10 Hz serving 127.0.0.1. A separate process (bench/http_load.py) puts
load on the endpoint; its process group is stopped and continued (SIGSTOP/SIGCONT) between
blocks, so blocks with and without load interleave A/B/A/B against the same agent:

  hammer   500 requests/s on keep-alive connections
  idle     300 idle connections held open (each after one scrape, as a scraper waits
           between scrapes; reopened if the server closes them), plus one probe a second

Overhead per round = step time under load / step time without load − 1 (the agent's own
cost, agent vs no agent, is bench/agent_overhead.py's figure; the two multiply). Then, with
the loop still running, http_load measures the scrape p50/p99 under each load.

Bounded: every phase ends by a deadline whatever the endpoint does (http_load has per-request
timeouts, and is stopped if it overruns), the whole run by --max-seconds (default 330 s: the
interleaved phases get shorter if needed, and a watchdog ends the process 20 s after it).
Errors are recorded in the result's "errors" list, and the JSON is written after every phase
and at the end, on failure too.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
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

import torch  # noqa: E402
from agent_overhead import block, model, step, summarize  # noqa: E402

from gpumemd.agent import Agent  # noqa: E402

HERE = Path(__file__).resolve().parent
SCRAPE_SECONDS = 15.0  # each scrape measurement
LOAD_TIMEOUT = 2.0  # http_load: seconds per request
LOAD_GRACE = 10.0  # http_load: seconds a phase may overrun
STARTUP = 2.0  # connections open, hammer paced


class LoadProcesses:
    """http_load processes, each in a session of its own; all are killed at the end."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, url: str, phase: str, duration: float, out: str | None = None,
              idle_probe_interval: float = 1.0) -> subprocess.Popen[bytes]:  # fmt: skip
        cmd = [sys.executable, str(HERE / "http_load.py"), "--url", url, "--phases", phase,
               "--duration", str(duration), "--rate", "500", "--idle", "300",
               "--idle-probe-interval", str(idle_probe_interval), "--idle-mode", "keepalive", "--idle-hold",
               "--timeout", str(LOAD_TIMEOUT), "--grace", str(LOAD_GRACE)]  # fmt: skip
        if out:
            cmd += ["--out", out]
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


def interleave(work: tuple, loads: LoadProcesses, proc: subprocess.Popen[bytes], steps: int, seconds: float,
               min_rounds: int, hard_end: float) -> dict[str, Any]:  # fmt: skip
    """A/B rounds for `seconds` (and at least `min_rounds`), never past `hard_end`."""
    quiet, loaded, overhead = [], [], []
    end, rounds, note = time.monotonic() + seconds, 0, None
    while (rounds < min_rounds or time.monotonic() < end) and time.monotonic() < hard_end:
        if proc.poll() is not None:
            note = f"the load process exited ({proc.returncode}) after {rounds} rounds: {log_tail(proc, 300)!r}"
            break
        got = {}
        for arm in (("quiet", "loaded") if rounds % 2 == 0 else ("loaded", "quiet")):
            loads.signal(proc, signal.SIGCONT if arm == "loaded" else signal.SIGSTOP)
            block(work, max(3, steps // 10))  # let the switch settle
            got[arm] = block(work, steps)
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


def train_while(work: tuple, proc: subprocess.Popen[bytes], deadline: float) -> tuple[int, bool]:
    """Train until the load process exits or `deadline` passes: (steps, finished in time)."""
    steps = 0
    while proc.poll() is None and time.monotonic() < deadline:
        step(*work)
        steps += 1
    torch.cuda.synchronize()
    return steps, proc.poll() is not None


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--seconds", type=float, default=90, help="interleaved time per load kind")
    p.add_argument("--block-seconds", type=float, default=0.25)
    p.add_argument("--max-seconds", type=float, default=330, help="wall-clock cap of the whole run")
    args = p.parse_args()
    t_start = time.monotonic()
    hard_end = t_start + args.max_seconds
    result: dict[str, Any] = {"date": datetime.date.today().isoformat(), "errors": []}
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
        result["errors"].append(f"watchdog: still running {args.max_seconds + 20:.0f} s after the start; killed")
        result["wall_seconds"] = round(time.monotonic() - t_start, 1)
        for proc in loads.procs:
            loads.signal(proc, signal.SIGKILL)
        write()
        print("http_impact: watchdog fired; partial results in " + args.out, file=sys.stderr, flush=True)
        os._exit(3)

    dog = threading.Timer(args.max_seconds + 20, watchdog)
    dog.daemon = True
    dog.start()
    agent = None
    try:
        result["device"] = torch.cuda.get_device_name(0)
        result["torch"] = torch.__version__
        work = model()
        for _ in range(50):
            step(*work)
        t = block(work, 50)
        steps = max(10, int(args.block_seconds / t))
        spool = tempfile.mkdtemp(prefix="gpumemd-spool-")
        agent = Agent(listen_address="127.0.0.1:0", spool_dir=spool).start()
        assert agent.runtime is not None and agent.runtime.server is not None
        host, port = agent.runtime.server.address
        url = f"http://127.0.0.1:{port}/metrics"
        result.update({
            "agent_interval_s": agent.runtime.sampler.interval,
            "agent_server_threads": agent.runtime.server.thread_count,
            "agent_max_connections": agent.runtime.server.limits.max_connections,
            "step_seconds_unloaded": t,
            "agent_threads_before_load": threading.active_count() - 1,  # less the watchdog
        })  # fmt: skip
        write()
        # each scrape measurement: its load, start-up, overrun and stopping
        scrape_budget = SCRAPE_SECONDS + STARTUP + 2 * LOAD_GRACE + 10
        for i, phase in enumerate(("hammer", "idle")):
            # keep time for what follows: the other interleave phase and both measurements
            left = hard_end - time.monotonic() - 2 * scrape_budget - (1 - i) * (args.seconds + STARTUP + 5)
            avail = max(0.0, left - STARTUP - 5)
            seconds = min(args.seconds, avail)
            proc = loads.start(url, phase, duration=10 * args.seconds + 60)
            try:
                time.sleep(STARTUP)
                result[f"training_overhead_{phase}"] = r = interleave(
                    work, loads, proc, steps, seconds, min_rounds=20, hard_end=time.monotonic() + avail)
                result[f"agent_threads_during_{phase}"] = threading.active_count() - 1
                if "error" in r:
                    result["errors"].append(f"training_overhead_{phase}: {r['error']}")
            except Exception as exc:
                result["errors"].append(f"training_overhead_{phase}: {exc!r}")
            finally:
                loads.stop(proc)
            write()
        for phase in ("hammer", "idle"):
            fd, out = tempfile.mkstemp(prefix="http-load-", suffix=".json")
            os.close(fd)
            # The probe scrapes every 20 ms here: what a scraper sees under each load.
            proc = loads.start(url, phase, duration=SCRAPE_SECONDS, out=out, idle_probe_interval=0.02)
            key = f"scrapes_under_{phase}"
            try:
                deadline = min(time.monotonic() + scrape_budget, hard_end)
                n, in_time = train_while(work, proc, deadline)
                result[f"training_steps_during_{phase}_scrape_measurement"] = n
                if not in_time:
                    result["errors"].append(f"{key}: http_load still running at its deadline; stopped")
            except Exception as exc:
                result["errors"].append(f"{key}: {exc!r}")
            finally:
                loads.stop(proc)  # SIGTERM: it writes what it measured
            try:
                text = Path(out).read_text()
                result[key] = json.loads(text) if text.strip() else {
                    "error": f"http_load exited {proc.returncode} without output", "log": log_tail(proc)}
                for e in result[key].get("errors", []):
                    result["errors"].append(f"{key}: {e}")
            except (OSError, ValueError) as exc:
                result[key] = {"error": repr(exc), "log": log_tail(proc)}
                result["errors"].append(f"{key}: {exc!r}")
            write()
    except BaseException as exc:
        result["errors"].append(f"stopped: {exc!r}")
        if not isinstance(exc, Exception):
            raise
    finally:
        loads.stop_all()
        if agent is not None:
            try:
                agent.stop()
            except Exception as exc:
                result["errors"].append(f"agent.stop: {exc!r}")
        result["wall_seconds"] = round(time.monotonic() - t_start, 1)
        dog.cancel()
        write()
    print(json.dumps({k: v for k, v in result.items() if not k.startswith("scrapes_")}, indent=1, default=str))
    for phase in ("hammer", "idle"):
        s = result.get(f"scrapes_under_{phase}", {}).get("phases", {})
        for name, v in s.items():
            probe = v.get("probe", v)
            print(f"scrapes under {name}: {probe.get('requests')} answered, {probe.get('errors')} errors, "
                  f"p50 {probe.get('p50_ms')} ms, p99 {probe.get('p99_ms')} ms")  # fmt: skip
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
