#!/usr/bin/env bash
# One device call on 4 GPUs for the per-rank work (issues 38 and 37.3), every step bounded, all
# under $R (back as results.tgz when $OUT is set), <= 460 s (about 230 s expected on 4 H200s):
#   1. preflight per rank on configurations it was not fitted to: bench/preflight_device.sh ranks
#      (other models, shapes, SGD, world sizes 4, 3 and 2; each run again at its edge cap) -> $R/preflight/ranks;
#   2. the job view through a real Prometheus: two ranks on one GPU, four ranks one a GPU, each
#      with the killed rank (tests/gpu/test_jobview_gpu.py; the Prometheus binary from .carry/prometheus.xz).
set -uo pipefail
. bench/device_env.sh; device_wheels
if [ -f .carry/prometheus.xz ]; then xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus; fi
R=${R:-/tmp/gpumemd-results}; mkdir -p "$R"
export R PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R PROMETHEUS_BIN=/tmp/prometheus
device_txt "$R/device.txt"
s=$(date +%s)
OUT='' timeout -s INT -k 10 245 bash bench/preflight_device.sh ranks | tail -n 30
echo "preflight ranks wall_s=$(( $(date +%s) - s ))"; s=$(date +%s)
timeout -s INT -k 10 200 python3 -m pytest -p no:cacheprovider -q -m gpu --durations=0 -o faulthandler_timeout=140 \
  --junitxml="$R/junit-jobview.xml" tests/gpu/test_jobview_gpu.py > "$R/jobview.log" 2>&1
echo "jobview rc=$? wall_s=$(( $(date +%s) - s ))"; tail -n 8 "$R/jobview.log"
if [ -n "${OUT:-}" ]; then tar -czf "$OUT/results.tgz" -C "$R" .; fi
