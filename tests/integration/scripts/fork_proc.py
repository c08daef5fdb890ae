"""Forks many children while the agent samples every 2 ms: each child must be clean and quick."""

import json
import os
import sys
import time

import gpumemd
from gpumemd.agent import api as agent_mod

spool = sys.argv[1]
agent = gpumemd.start(listen_address="127.0.0.1:0", interval=0.002, spool_interval=0.002, spool_dir=spool)
time.sleep(0.1)
results = []
for i in range(25):
    pid = os.fork()
    if pid == 0:  # the child: no agent of the parent's, nothing it would wait on
        code = 0
        try:
            assert agent_mod.current() is None, "child sees the parent's agent"
            assert agent._forked
            agent.stop()  # must not join threads that do not exist here
            agent.sample_once  # noqa: B018
            if i == 0:  # a child may start its own agent (new pid, new port, its own spool file)
                child = gpumemd.start(listen_address="127.0.0.1:0", spool_dir=spool, interval=0.01)
                assert child is not agent and child.url_address != agent.url_address
                time.sleep(0.05)
                child.stop()
                if child.errors.counts:
                    print(f"child agent errors: {child.errors.counts}", file=sys.stderr, flush=True)
        except BaseException as exc:  # report, never hang
            print(f"child {i}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
            code = 1
        os._exit(code)
    start = time.monotonic()
    _, status = os.waitpid(pid, 0)
    results.append({"status": os.waitstatus_to_exitcode(status), "seconds": time.monotonic() - start})
files = sorted(f for f in os.listdir(spool) if not f.startswith("."))  # not the writer's temp file
print(
    json.dumps({"address": agent.url_address, "pid": os.getpid(), "children": results, "spool": files}),
    flush=True,
)
sys.stdin.read()
