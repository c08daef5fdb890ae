"""Run under `gpumemd run`: reports the agent the sitecustomize started, waits, exits 3."""

import json
import sys
import time

deadline = time.monotonic() + 10
while "gpumemd.agent" not in sys.modules and time.monotonic() < deadline:
    time.sleep(0.01)
from gpumemd.agent import api  # noqa: E402

a = api.current()
print(json.dumps({"address": a.url_address if a else None, "torch": "torch" in sys.modules}), flush=True)
sys.stdin.read()
sys.exit(3)
