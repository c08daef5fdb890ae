#!/usr/bin/env bash
# Session 15's checks of merged main on nvidia-h200-x4 (issues 36, 37, 38), two calls:
#   bash bench/device_session15.sh gpus    # four GPUs side by side, <= 590 s
#   bash bench/device_session15.sh ranks   # every GPU: categories at 4 ranks, two ranks through one serve target, <= 330 s
# gpus: GPU 0 the OOM and leak suites (the snapshot columns); GPU 1 the armed leak finder's cost, then
# the category tests (the step hook reading no user type's code); GPU 2 compiled GPT-2 through dynamo's
# cut (the collector paused, the one-graph top), then the real MPS server; GPU 3 compiled Llama.
set -uo pipefail
case "${1:-}" in
  gpus)
    exec bash bench/device_gpus.sh \
      'bash bench/gpu_group.sh 0' \
      'timeout -s INT 165 python3 bench/leak_armed_cost.py --out $R/leak-armed-parts.json --windows 32 > $R/leak-armed-parts.log 2>&1; echo armed rc=$?; grep -A3 cost_percent_over $R/leak-armed-parts.log
       . bench/device_env.sh; gpu_pytest 280 categories -m gpu tests/gpu/test_categories_gpu.py tests/gpu/test_integrations_gpu.py; tail -n 3 $R/categories.log' \
      'd=$R/preflight/gpt2cut; mkdir -p $d; . bench/device_env.sh; export OMP_NUM_THREADS=4
       for i in 0 1; do timeout -s INT -k 10 185 python3 bench/preflight_accuracy.py --out $d --kinds compiled --models gpt2 --shard $i/2 --budget 170 > $d/shard-$i.log 2>&1 & done; wait
       timeout -s INT -k 5 15 python3 bench/preflight_accuracy.py --merge $d > $d/merge.log 2>&1; echo "gpt2cut merge rc=$?"; sed -n "/^### Graph breaks/,/^## The OOM/p" $d/table.md
       gpu_pytest 150 mps -m gpu -rs tests/gpu/test_mps_gpu.py; tail -n 5 $R/mps.log' \
      'd=$R/preflight/compiled-llama; mkdir -p $d; export OMP_NUM_THREADS=4
       timeout -s INT -k 5 345 python3 bench/preflight_accuracy.py --out $d --kinds compiled --models llama --budget 320 > $d/shard-0.log 2>&1; echo "llama rc=$?"
       timeout -s INT 15 python3 bench/preflight_accuracy.py --merge $d > $d/merge.log 2>&1; sed -n "/^## Compiled steps/,/^## The OOM/p" $d/table.md' ;;
  ranks)
    R=${GPUMEMD_RESULTS:-/tmp/gpumemd-results}; mkdir -p "$R"; export GPUMEMD_RESULTS=$R
    timeout -s INT 235 bash bench/device_catcost.sh 4
    . bench/device_env.sh; export PYTHONPATH=$PWD NCCL_NVLS_ENABLE=0
    if [ -f .carry/prometheus.xz ]; then xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus; export PROMETHEUS_BIN=/tmp/prometheus; fi
    gpu_pytest 90 two-ranks -m gpu tests/gpu/test_agent_gpu.py::test_two_torchrun_ranks_through_one_serve_target; tail -n 3 $R/two-ranks.log
    tar -czf "$OUT/results.tgz" -C "$R" . ;;
  *) echo "usage: $0 gpus | ranks" >&2; exit 2 ;;
esac
