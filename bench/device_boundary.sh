#!/usr/bin/env bash
# Step boundaries on a GPU (issue 37), one GPU, <= 170 s, beside other GPU jobs:
#   CUDA_VISIBLE_DEVICES=<gpu> bash bench/device_boundary.sh
# tests/gpu/test_step_peak_gpu.py (the default budget over 0.1 s steps, no override; two steps with
# the sampler held by a thread, the hook reading their ends itself), test_compile_step_peak_gpu.py
# (the default budget's phase against the allocator's trace) and test_async_steps_gpu.py (the
# boundary's read under cudaMallocAsync). Then one line per step of step-peak-gpu.json: held,
# the tick refused, the steps left open, the step peak (bytes, exact, N) and opt.step()'s time.
# Figures under $GPUMEMD_RESULTS (default /tmp/gpumemd-results).
set -uo pipefail
. bench/device_env.sh; device_wheels
R=${GPUMEMD_RESULTS:-/tmp/gpumemd-results}; mkdir -p "$R"
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 GPUMEMD_RESULTS=$R
device_txt "$R/device-boundary.txt"
s=$(date +%s)
timeout -s INT 150 python3 -m pytest -p no:cacheprovider -q -m gpu --durations=0 -o faulthandler_timeout=140 \
  --junitxml="$R/junit-boundary.xml" tests/gpu/test_step_peak_gpu.py tests/gpu/test_compile_step_peak_gpu.py \
  tests/gpu/test_async_steps_gpu.py > "$R/boundary.log" 2>&1
echo "boundary rc=$? wall_s=$(( $(date +%s) - s ))"; tail -n 4 "$R/boundary.log"
timeout 10 python3 - "$R" <<'PY'
import json, sys
try:
    r = json.load(open(f"{sys.argv[1]}/step-peak-gpu.json"))
except OSError as e:
    sys.exit(f"no step-peak-gpu.json: {e}")
print("budget", r["peak_budget"], "temporaries", r["temporaries"], "before", r["allocated_before_temporary"])
for x in r["rows"]:
    p = x["step_peak"]
    print(f"step {x['step']}: held {x['sampler_held']} refused {x['tick_refused_while_held']} open {x['open_steps']} "
          f"peak {p and (p['allocated_bytes'], p['allocated_exact'], p['steps'])} opt.step {x['opt_step_us']} us")
PY
