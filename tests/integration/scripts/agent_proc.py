"""A process running the agent: prints its address as JSON, exits with argv[1] once stdin closes."""

import json
import os
import sys

import gpumemd

agent = gpumemd.start(listen_address="127.0.0.1:0", interval=0.02)
assert gpumemd.start() is agent  # idempotent
print(
    json.dumps({"address": agent.url_address, "pid": os.getpid(), "torch": "torch" in sys.modules}),
    flush=True,
)
sys.stdin.read()
agent.stop()
agent.stop()  # twice is fine
sys.exit(int(sys.argv[1]))
