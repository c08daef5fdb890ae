#!/usr/bin/env bash
# The GPU suite in device-machine calls of under 10 minutes each, every step bounded.
#   bash bench/device_batch.sh one|two|tier   (on the device; results under $R)
# one: the OOM, leak, fragmentation and job-view tests; two: the rest but the forecast's;
# forecast: the shape probe's and the forecast's tests; cost: the forecast's step time on GPT-2;
# tier: the fast tier (`make gpu-fast`) timed, then the daemon bench against .baseline/ (a
# `git archive` of an older gpumemd) for before/after figures.
set -uo pipefail
. bench/device_env.sh; device_wheels
if [ -f .carry/prometheus.xz ]; then xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus; fi
R=/tmp/gpumemd-results; rm -rf $R; mkdir -p $R  # all in one tarball: the device returns few files
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R PROMETHEUS_BIN=/tmp/prometheus
device_txt "$R/device.txt"
gpu() { gpu_pytest "$@"; tail -n 3 "$R/$2.log"; }
case "$1" in
  one) gpu 560 gpu-one -m gpu tests/gpu/test_oom_diagnosis_gpu.py tests/gpu/test_leak_finder_gpu.py \
         tests/gpu/test_fragmentation_gpu.py tests/gpu/test_jobview_gpu.py ;;
  two) gpu 560 gpu-two -m gpu tests/gpu  \
         --ignore tests/gpu/test_oom_diagnosis_gpu.py --ignore tests/gpu/test_leak_finder_gpu.py \
         --ignore tests/gpu/test_fragmentation_gpu.py --ignore tests/gpu/test_jobview_gpu.py \
         --ignore tests/gpu/test_forecast_gpu.py ;;
  forecast) gpu 400 gpu-forecast -m gpu tests/gpu/test_shape_probe_gpu.py tests/gpu/test_forecast_gpu.py ;;
  cost) timeout -s INT 400 python3 bench/agent_overhead.py --workload gpt2 --out "$R/forecast-overhead.json" \
          --arms off,step_10hz,forecast_10hz --colocated-seconds 0 --history-seconds 0 --no-sample-cost \
          --seconds 300 --min-rounds 12 > "$R/forecast-overhead.log" 2>&1; echo "cost rc=$?"
        tail -n 20 "$R/forecast-overhead.log" ;;
  tier) s=$(date +%s.%N); gpu 200 gpu-fast -m "gpu and not slow" tests/gpu
        echo "wall_s=$(python3 -c "print(round($(date +%s.%N) - $s, 1))")" | tee "$R/gpu-fast-wall.txt"
        timeout -s INT 200 python3 bench/daemon_bench.py --out "$R/daemon-bench.json" --scrapes 2000 \
          --idle-seconds 20 --baseline-tree .baseline > "$R/daemon-bench.log" 2>&1; echo "bench rc=$?"
        tail -n 15 "$R/daemon-bench.log" ;;
esac
cp $R/device.txt "$OUT/"; tar -czf "$OUT/results.tgz" -C $R .
