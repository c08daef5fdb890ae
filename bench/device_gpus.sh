#!/usr/bin/env bash
# One device call that keeps every GPU of a multi-GPU machine busy: each argument is a command
# line run with CUDA_VISIBLE_DEVICES=<its index>, all at once; each bounds itself (timeout).
#   bash bench/device_gpus.sh 'cmd for gpu 0' 'cmd for gpu 1' ...   (on the device)
# The commands see $R (their results directory; everything there comes back as results.tgz),
# python3 with google-re2 installed from a carried .whl/, and PROMETHEUS_BIN where carried.
set -uo pipefail
. bench/device_env.sh; device_wheels
if [ -f .carry/prometheus.xz ]; then xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus; fi
if [ -z "${R:-}" ]; then R=/tmp/gpumemd-results; rm -rf "$R"; fi; mkdir -p "$R"  # a caller's $R is kept
export R PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R PROMETHEUS_BIN=/tmp/prometheus
device_txt "$R/device.txt"
i=0
for cmd in "$@"; do
  ( export CUDA_VISIBLE_DEVICES=$i; s=$(date +%s)
    bash -c "$cmd" > "$R/gpu$i.log" 2>&1; rc=$?
    echo "gpu$i rc=$rc wall_s=$(( $(date +%s) - s ))" >> "$R/summary.txt" ) &
  i=$((i + 1))
done
wait
cat "$R/summary.txt"; for f in "$R"/gpu*.log; do echo "== $f"; tail -n 8 "$f"; done
cp "$R/device.txt" "$OUT/"; tar -czf "$OUT/results.tgz" -C "$R" .
