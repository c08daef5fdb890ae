"""A training process with the agent (replayed H200 allocator readings) and its endpoint process.

argv[1]: JSON of `Agent` keyword arguments (`agent.*` settings; "config": a configuration
file). Prints one JSON line — the served address, its pid, the endpoint process's pid, the
published file, the private directory, its threads — then answers each line on stdin with
one JSON line: "state" (errors, samples taken), "fork" (forks a child that sleeps until
killed; its pid), "stop" (`Agent.stop()`, then what is left). Exits at end of input.
"""

import json
import os
import sys
import threading
import time

import torch  # noqa: F401  (a training process has it loaded; its endpoint process must not)

from gpumemd.agent.agent import Agent
from gpumemd.backends.replay import torch_replayer
from tests.fakes import capture

kwargs = json.loads(sys.argv[1])
config = kwargs.pop("config", None)
# A steady rank (readings that do not change: the allocator's replayed, RSS fixed), so a
# published file is fresh only because the agent rewrites it. Agent(), not gpumemd.start():
# a scoped agent must be as fork-safe as the process-wide one.
apis = {"torch": torch_replayer(capture("after_256MiB_and_4000B")), "rss": lambda: 2_000_000_000,
        "peak_rss": lambda: 2_500_000_000}
agent = Agent(config, apis=apis, nvml=False, **kwargs).start()
endpoint, private = agent.endpoint, agent._private_dir


def say(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


say(address=agent.url_address, pid=os.getpid(), endpoint_pid=endpoint.pid if endpoint else None,
    published=str(agent.spool.path) if agent.spool else None, private_dir=private,
    threads=sorted(t.name for t in threading.enumerate()))
for line in sys.stdin:
    command = line.strip()
    if command == "state":
        taken = agent.runtime.sampler.cycle.samples_total if agent.runtime else 0
        say(errors=agent.errors.counts, samples=taken)
    elif command == "fork":
        child = os.fork()
        if child == 0:  # a DataLoader worker, say: outlives its parent here
            time.sleep(60)
            os._exit(0)
        say(child=child)
    elif command == "stop":
        agent.stop()
        say(errors=agent.errors.counts, private_dir_exists=bool(private and os.path.exists(private)),
            endpoint_returncode=endpoint.returncode if endpoint else None)
