#!/usr/bin/env bash
# One device call that keeps every GPU of a multi-GPU machine busy: each argument is a command
# line run with CUDA_VISIBLE_DEVICES=<its index>, all at once; each bounds itself (timeout).
#   bash bench/device_gpus.sh 'cmd for gpu 0' 'cmd for gpu 1' ...   (on the device)
# The commands see $R (their results directory; everything there comes back as results.tgz),
# python3 with google-re2 installed from a carried .whl/, and PROMETHEUS_BIN where carried.
set -uo pipefail
python3 -m pip install -q --no-index --no-deps --no-compile .whl/*.whl >/dev/null 2>&1
if [ -f .carry/prometheus.xz ]; then xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus; fi
if [ -z "${R:-}" ]; then R=/tmp/gpumemd-results; rm -rf "$R"; fi; mkdir -p "$R"  # a caller's $R is kept
export R PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R PROMETHEUS_BIN=/tmp/prometheus
{ nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader
  python3 -c 'import torch, sys; print("torch", torch.__version__, "python", sys.version.split()[0])'
  date -u; git log -1 --format='tree sent: %H %s' 2>/dev/null; } > "$R/device.txt"
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
