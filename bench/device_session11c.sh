#!/usr/bin/env bash
# Session 11's third device call, all 4 GPUs, <= 580 s: (1) the categories and the scrape tail at 4 ranks
# (tests/gpu/test_categories_ranks_gpu.py: DDP, FSDP2, FSDP2 keeping parameters unsharded; the daemon now
# serves with a 0.5 ms GIL switch interval), then (2) bench/device_ranks.sh (preflight per rank on
# configurations it was not fitted to; the job view through Prometheus at 2 and 4 ranks, the killed rank).
set -uo pipefail
. bench/device_env.sh; device_wheels
R=/tmp/gpumemd-results; rm -rf $R; mkdir -p $R
export R PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R
device_txt $R/device.txt
s=$(date +%s)
timeout -s INT 200 python3 -m pytest -p no:cacheprovider -q -m gpu --durations=0 -o faulthandler_timeout=190 \
  --junitxml=$R/junit-cats-ranks.xml tests/gpu/test_categories_ranks_gpu.py > $R/cats-ranks.log 2>&1
echo "cats-ranks rc=$? wall_s=$(( $(date +%s) - s ))"; tail -n 4 $R/cats-ranks.log
OUT_SAVED=${OUT:-}; OUT= timeout -s INT -k 10 360 bash bench/device_ranks.sh
tar -czf "$OUT_SAVED/results.tgz" -C "$R" .
