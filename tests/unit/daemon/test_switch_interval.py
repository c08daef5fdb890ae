"""The daemon's GIL switch interval: shorter while it serves (a scrape meeting a sample waits for
the sampler thread's GIL at each step of its answer), the caller's own back once it returns."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from gpumemd.daemon import GIL_SWITCH_INTERVAL
from tests.helpers import ROOT


def test_serve_shortens_the_switch_interval_while_it_serves_and_gives_the_callers_back() -> None:
    code = (
        "import json, os, signal, sys\n"
        "from gpumemd import config, daemon\n"
        "seen = []\n"
        "def serving():  # called once the daemon serves: its threads run\n"
        "    seen.append(sys.getswitchinterval())\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    return True\n"
        "daemon.release_memory = serving\n"
        "sys.setswitchinterval(0.004)\n"
        "cfg = config.loads(\"web: {listen_address: '127.0.0.1:0'}\\nlog: {level: warn}\\n\")\n"
        "rc = daemon.serve(cfg)\n"
        "print(json.dumps([rc, seen, sys.getswitchinterval()]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GPUMEMD_SPOOL_DIR": ""}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    rc, seen, after = json.loads(r.stdout.strip().splitlines()[-1])
    assert rc == 0
    assert seen and abs(seen[0] - GIL_SWITCH_INTERVAL) < 1e-6, seen
    assert GIL_SWITCH_INTERVAL < 0.005  # shorter than CPython's default
    assert abs(after - 0.004) < 1e-6, after


def test_only_the_daemon_sets_the_switch_interval() -> None:
    # The agent runs inside a training process: the interpreter's switch interval is the user's.
    setters = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "gpumemd").rglob("*.py")
                     if "setswitchinterval(" in p.read_text())
    assert setters == ["gpumemd/daemon.py"], setters
