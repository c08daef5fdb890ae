#!/usr/bin/env bash
# Session 10's closing device call on 4 GPUs (<= 590 s), every step bounded; all under $R, back as
# results.tgz (bench/device_gpus.sh packs it):
#   1. the categories and the scrape tail at 4 ranks (tests/gpu/test_categories_ranks_gpu.py:
#      bench/multigpu.py for DDP, FSDP2 and FSDP2 keeping its parameters unsharded);
#   2. preflight's per-rank prediction at world size 4 against the real ranks (DDP, FSDP2, NCCL);
#   3. one GPU each: the armed leak finder's cost by position; the GPU suite's fast tier in three parts
#      (the first followed by the OOM corpus's rows that today's fixes changed).
set -uo pipefail
. bench/device_env.sh; device_wheels
R=/tmp/gpumemd-results; rm -rf $R; mkdir -p $R
export R PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R
timeout -s INT 210 python3 -m pytest -p no:cacheprovider -q -m gpu --durations=0 -o faulthandler_timeout=200 \
  --junitxml=$R/junit-cats-ranks.xml tests/gpu/test_categories_ranks_gpu.py > $R/cats-ranks.log 2>&1
echo "ranks rc=$?"; tail -n 4 $R/cats-ranks.log
GPUMEMD_RESULTS=$R/pf timeout -s INT 130 bash bench/preflight_device.sh ranks 4 | tail -n 12
fast() { timeout -s INT 90 python3 -m pytest -p no:cacheprovider -q -m "gpu and not slow" -o faulthandler_timeout=80 \
  --junitxml=$R/junit-fast-$1.xml "${@:2}" > $R/fast-$1.log 2>&1; echo "fast-$1 rc=$?"; tail -n 2 $R/fast-$1.log; }
export -f fast
g=tests/gpu
# the corpus rows today's fixes changed: cudaMallocAsync's leak and limit, the pages layout
corpus="timeout -s INT 80 python3 bench/oom_corpus.py --out \$R/corpus-final --budget 60 --only \$(python3 bench/oom_corpus.py --list 2>/dev/null | grep -E 'leak.async|limit.async|pages' | paste -sd,)"
bash bench/device_gpus.sh 'timeout -s INT 165 python3 bench/leak_armed_cost.py --out $R/leak-armed-parts.json --windows 32 > $R/leak-armed-parts.log 2>&1; echo armed rc=$?; grep -A3 cost_percent_over $R/leak-armed-parts.log' \
  "fast a $g/test_oom_diagnosis_gpu.py $g/test_leak_finder_gpu.py $g/test_fragmentation_gpu.py $g/test_jobview_gpu.py $g/test_explain_gpu.py; $corpus" \
  "fast b $g/test_categories_gpu.py $g/test_integrations_gpu.py $g/test_preflight_gpu.py $g/test_steptrace_gpu.py $g/test_profiler_gpu.py $g/test_step_peak_gpu.py $g/test_compile_step_peak_gpu.py" \
  "fast c $g/test_agent_gpu.py $g/test_alerts_gpu.py $g/test_daemon_gpu.py $g/test_allocator_modes_gpu.py $g/test_graphs_gpu.py $g/test_forecast_gpu.py $g/test_shape_probe_gpu.py"
