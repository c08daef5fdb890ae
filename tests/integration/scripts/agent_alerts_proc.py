"""A CPU training loop with the agent and alert rules: argv = config file, output directory.

Registers a user action (`mark`) and an in-process callback (`on_alert`) before
`gpumemd.start`, prints the agent's address as JSON, trains (torch.optim steps, so the
`record_profile` action has steps to trace) until stdin closes, then stops the agent.
"""

import json
import os
import sys
import threading
from pathlib import Path

import torch

import gpumemd
from gpumemd.alerts import actions

config, out = sys.argv[1], Path(sys.argv[2])
lock = threading.Lock()


def mark(alert: actions.FiredAlert) -> None:
    with lock, open(out / "actions.jsonl", "a") as f:
        f.write(
            json.dumps({"alertname": alert.alertname, "labels": dict(alert.labels), "value": alert.value})
            + "\n"
        )


def on_alert(batch) -> None:
    with lock, open(out / "callback.jsonl", "a") as f:
        for n in batch:
            f.write(
                json.dumps({"labels": dict(n.labels), "resolved": n.resolved, "starts_at": n.starts_at})
                + "\n"
            )


actions.register_action("mark", mark)
agent = gpumemd.start(config, listen_address="127.0.0.1:0", on_alert=on_alert)
print(json.dumps({"address": agent.url_address, "pid": os.getpid()}), flush=True)

stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
model = torch.nn.Linear(64, 64)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
steps = 0
while not stop.wait(0.01):
    loss = model(torch.randn(32, 64)).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    steps += 1
agent.stop()
(out / "done.json").write_text(json.dumps({"steps": steps}))
