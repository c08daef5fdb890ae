"""What load on the agent's endpoint costs the training loop, and what scrapers see meanwhile.

    python3 bench/http_impact.py --out FILE [--seconds 90]

The training process runs the dispatch-bound loop of bench/agent_overhead.py with the
agent at its default 10 Hz serving 127.0.0.1. A separate process (bench/http_load.py) puts
load on the endpoint; its process group is stopped and continued (SIGSTOP/SIGCONT) between
blocks, so blocks with and without load interleave A/B/A/B against the same agent:

  hammer   500 requests/s on keep-alive connections
  idle     300 idle TCP connections held open (plus one probe scrape a second)

Overhead per round = step time under load / step time without load − 1 (the agent's own
cost, agent vs no agent, is bench/agent_overhead.py's figure; the two multiply). Then, with
the loop still running, http_load measures the scrape p50/p99 under each load.
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


def load_process(url: str, phase: str, duration: float, out: str | None = None,
                 idle_probe_interval: float = 1.0) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, str(HERE / "http_load.py"), "--url", url, "--phases", phase,
           "--duration", str(duration), "--rate", "500", "--idle", "300",
           "--idle-probe-interval", str(idle_probe_interval)]
    if out:
        cmd += ["--out", out]
    # A session of its own: SIGSTOP/SIGCONT reach the hammer's worker processes too.
    # Its output goes to a file: an unread pipe fills up and stalls the load process.
    log = open(tempfile.mktemp(prefix="http-load-", suffix=".log"), "wb")  # noqa: SIM115
    return subprocess.Popen(cmd, stdout=log, stderr=log, start_new_session=True)


def interleave(work: tuple, proc: subprocess.Popen[bytes], steps: int, seconds: float, min_rounds: int) -> dict[str, Any]:
    pgid = os.getpgid(proc.pid)
    quiet, loaded, overhead = [], [], []
    end, rounds = time.monotonic() + seconds, 0
    while rounds < min_rounds or time.monotonic() < end:
        got = {}
        for arm in (("quiet", "loaded") if rounds % 2 == 0 else ("loaded", "quiet")):
            os.killpg(pgid, signal.SIGCONT if arm == "loaded" else signal.SIGSTOP)
            block(work, max(3, steps // 10))  # let the switch settle
            got[arm] = block(work, steps)
        quiet.append(got["quiet"])
        loaded.append(got["loaded"])
        overhead.append((got["loaded"] / got["quiet"] - 1) * 100)
        rounds += 1
    os.killpg(pgid, signal.SIGCONT)
    return {"rounds": rounds, "steps_per_block": steps, "step_seconds_quiet": summarize(quiet),
            "step_seconds_loaded": summarize(loaded), "overhead_percent": summarize(overhead)}


def train_while(work: tuple, proc: subprocess.Popen[bytes]) -> int:
    steps = 0
    while proc.poll() is None:
        step(*work)
        steps += 1
    torch.cuda.synchronize()
    return steps


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--seconds", type=float, default=90, help="interleaved time per load kind")
    p.add_argument("--block-seconds", type=float, default=0.25)
    args = p.parse_args()

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
    threads_before = threading.active_count()
    result: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "device": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "agent_interval_s": agent.runtime.sampler.interval,
        "step_seconds_unloaded": t,
    }
    for phase in ("hammer", "idle"):
        proc = load_process(url, phase, duration=10 * args.seconds)
        time.sleep(2.0)  # connections open, hammer paced
        result[f"training_overhead_{phase}"] = interleave(work, proc, steps, args.seconds, min_rounds=20)
        result[f"agent_threads_during_{phase}"] = threading.active_count()
        os.killpg(os.getpgid(proc.pid), signal.SIGTERM)
        proc.wait(30)
    for phase in ("hammer", "idle"):
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
            out = f.name
        # The probe scrapes every 20 ms here: what a scraper sees under each load.
        proc = load_process(url, phase, duration=15, out=out, idle_probe_interval=0.02)
        result[f"training_steps_during_{phase}_scrape_measurement"] = train_while(work, proc)
        result[f"scrapes_under_{phase}"] = json.loads(Path(out).read_text()) if Path(out).stat().st_size else {
            "error": f"http_load exited {proc.returncode} without output"}
    result["agent_threads_before_load"] = threads_before
    agent.stop()
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps({k: v for k, v in result.items() if not k.startswith("scrapes_")}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
