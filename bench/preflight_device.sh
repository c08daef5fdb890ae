#!/usr/bin/env bash
# preflight's GPU measurements (issue 38) on the device machine, every step bounded; figures
# under $GPUMEMD_RESULTS/preflight/{accuracy,ranks}.
#   bash bench/preflight_device.sh accuracy ["0 1 2 3"]  # a shard per GPU listed, side by side: <= 420 s
#   bash bench/preflight_device.sh ranks [N]             # DDP and FSDP2 at world size N (4): <= 240 s
#   bash bench/preflight_device.sh compiled              # GPT-2's and BERT's torch.compile'd steps, two
#                                                        # shapes each, on the one GPU CUDA_VISIBLE_DEVICES names: <= 300 s
# accuracy: bench/preflight_accuracy.py, then its --merge (table.md, junit.json); ranks:
# bench/preflight_ranks.py under torchrun (ranks.md, ranks.json, junit.json). accelerate's
# estimate fills its column where its wheel is carried in .whl/ (else "not installed").
set -uo pipefail
case "${1:-}" in accuracy|ranks|compiled) ;; *) echo "usage: $0 accuracy [\"GPU ...\"] | ranks [N] | compiled" >&2; exit 2 ;; esac
R=${GPUMEMD_RESULTS:?set GPUMEMD_RESULTS to the results directory}/preflight
. bench/device_env.sh; device_wheels
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 OMP_NUM_THREADS=4 PYTHONPATH=$PWD
case "${1:-}" in
  accuracy)
    d=$R/accuracy; mkdir -p "$d"; device_txt "$d/device.txt"
    gpus=(${2:-0 1 2 3}); n=${#gpus[@]}
    for i in "${!gpus[@]}"; do
      CUDA_VISIBLE_DEVICES=${gpus[$i]} timeout -s INT -k 10 400 python3 bench/preflight_accuracy.py --out "$d" \
        --shard "$i/$n" --budget 355 > "$d/shard-$i.log" 2>&1 &
    done
    wait
    timeout -s INT -k 5 15 python3 bench/preflight_accuracy.py --merge "$d" > "$d/merge.log" 2>&1
    echo "accuracy rc=$?"; cat "$d/merge.log"; grep -h "done in\|Traceback\|Error" "$d"/shard-*.log | head -n 20 ;;
  compiled)  # the compiled prediction and eager's beside real compiled steps (table.md: "Compiled steps")
    d=$R/compiled; mkdir -p "$d"; device_txt "$d/device.txt"
    timeout -s INT -k 10 270 python3 bench/preflight_accuracy.py --out "$d" --kinds compiled --models gpt2,bert \
      --budget 240 > "$d/shard-0.log" 2>&1
    echo "compiled run rc=$?"
    timeout -s INT -k 5 15 python3 bench/preflight_accuracy.py --merge "$d" > "$d/merge.log" 2>&1
    echo "compiled merge rc=$?"; cat "$d/merge.log"; sed -n '/^## Compiled steps/,/^## The OOM/p' "$d/table.md"
    grep -h "done in\|Traceback\|Error" "$d/shard-0.log" | head -n 20 ;;
  ranks)
    d=$R/ranks; mkdir -p "$d"; device_txt "$d/device.txt"
    timeout -s INT -k 10 225 python3 -m torch.distributed.run --standalone --nproc-per-node "${2:-4}" \
      bench/preflight_ranks.py --out "$d" > "$d/ranks.log" 2>&1
    echo "ranks rc=$?"; tail -n 45 "$d/ranks.log" ;;
esac
if [ -n "${OUT:-}" ]; then tar -czf "$OUT/preflight-$1.tgz" -C "$R" "$1"; fi  # what comes back from the device
