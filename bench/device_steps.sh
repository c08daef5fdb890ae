#!/usr/bin/env bash
# Brief D's device call (4 GPUs): the categories at 4 ranks, DDP and FSDP2 (JUnit XML and the
# bench JSONs), then the categories' cost on GPT-2 with the interleaved arms in the time left.
#   bash bench/device_steps.sh [SECONDS]   (on the device; everything under $OUT)
set -uo pipefail
budget=${1:-340}
start=$(date +%s)
# google-re2 (a dependency the device's python3 lacks): from the wheels carried in .whl/
. bench/device_env.sh; device_wheels
R=$OUT/r; mkdir -p "$R"
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R
device_txt "$R/device.txt"
timeout -s INT 250 python3 -m pytest -p no:cacheprovider -q -m gpu --durations=0 -o faulthandler_timeout=230 \
  --junitxml="$R/junit-ranks.xml" tests/gpu/test_categories_ranks_gpu.py > "$R/ranks.log" 2>&1
echo "ranks rc=$?"; tail -n 5 "$R/ranks.log"
left=$((budget - $(date +%s) + start))
echo "left=${left}s"
if [ "$left" -gt 70 ]; then
  timeout -s INT $((left - 5)) python3 bench/agent_overhead.py --workload gpt2 --arms off,step_10hz,watch_10hz \
    --seconds $((left - 55)) --colocated-seconds 0 --history-seconds 0 --no-sample-cost --ci-target 0 \
    --min-rounds 3 --out "$R/overhead-gpt2-watch.json" > "$R/overhead.log" 2>&1
  echo "overhead rc=$?"; tail -n 12 "$R/overhead.log"
fi
cp "$R/device.txt" "$OUT/"; tar -czf "$OUT/results.tgz" -C "$R" .
