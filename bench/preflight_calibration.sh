#!/usr/bin/env bash
# Preflight calibrated by a running agent, on one GPU (issue 38.3): a GPT-2 step under the agent,
# then `gpumemd preflight --node` against it, the calibration it chose and its figures beside the
# real peaks (bench/preflight_calibration.py). Under 180 s; beside other GPU jobs on its own GPU(s):
#   CUDA_VISIBLE_DEVICES=0 GPUMEMD_RESULTS=/tmp/r bash bench/preflight_calibration.sh [--unwatched] [--ranks N]
# Results in $GPUMEMD_RESULTS/preflight-calibration/ (report.md, calibration.json, metrics.prom,
# preflight-{node,defaults}.json, the logs); the report is printed. --unwatched: the trainer never
# calls gpumemd.watch() (its stepped optimizer keys the calibration); --ranks N: N DDP ranks over
# NCCL, one a GPU (CUDA_VISIBLE_DEVICES names N), preflight at --world N. With either, the results
# go to preflight-calibration-unwatched/, -ranks-N/ or -unwatched-ranks-N/.
set -uo pipefail
. bench/device_env.sh; device_wheels
suffix=""
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --unwatched) suffix="$suffix-unwatched"; args+=("$1"); shift ;;
    --ranks) [[ "${2:-}" =~ ^[1-8]$ ]] || { echo "--ranks: 1 to 8" >&2; exit 2; }
             suffix="$suffix-ranks-$2"; args+=("$1" "$2"); shift 2 ;;
    *) echo "usage: $0 [--unwatched] [--ranks N]" >&2; exit 2 ;;
  esac
done
R=${GPUMEMD_RESULTS:?set GPUMEMD_RESULTS to the results directory}/preflight-calibration$suffix
mkdir -p "$R"
export PYTHONUNBUFFERED=1
timeout -s INT -k 10 170 python3 bench/preflight_calibration.py --out "$R" ${args[@]+"${args[@]}"} > "$R/run.log" 2>&1
rc=$?
echo "preflight-calibration rc=$rc (0: calibrated by this model at this shape, or with --ranks its NCCL bytes measured; 1: not; 2: a part failed)"
if [ -f "$R/report.md" ]; then cat "$R/report.md"; else tail -n 30 "$R/run.log" "$R/train.log" 2>/dev/null; fi
exit $rc
