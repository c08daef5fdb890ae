#!/usr/bin/env bash
# One quarter of the GPU suite, for one GPU of a 4-GPU device call (bench/device_gpus.sh):
#   bash bench/device_gpus.sh 'bash bench/gpu_group.sh 0' 'bash bench/gpu_group.sh 1' ...
# The test files dealt by their measured times (bench/results: each group under ~7 minutes on an
# H100), every step bounded, a JUnit file per group under $R. The 4-rank tests
# (test_categories_ranks_gpu.py) need every GPU: they run in a call of their own.
set -uo pipefail
. bench/device_env.sh
t() { gpu_pytest "$1" "$2" -m gpu "${@:3}"; tail -n 3 "$R/$2.log"; }
g=tests/gpu
case "$1" in
  0) GPUMEMD_OOM_RUNS=1 t 330 oom $g/test_oom_diagnosis_gpu.py
     t 200 leak $g/test_leak_finder_gpu.py ;;
  1) t 360 forecast $g/test_forecast_gpu.py $g/test_shape_probe_gpu.py
     t 170 frag-jobview $g/test_fragmentation_gpu.py $g/test_jobview_gpu.py $g/test_explain_gpu.py ;;
  2) t 280 categories $g/test_categories_gpu.py $g/test_integrations_gpu.py
     t 280 small $g/test_preflight_gpu.py $g/test_steptrace_gpu.py $g/test_profiler_gpu.py \
       $g/test_step_peak_gpu.py $g/test_compile_step_peak_gpu.py
     t 170 mps $g/test_mps_gpu.py ;;
  3) t 400 agent $g/test_agent_gpu.py $g/test_alerts_gpu.py $g/test_daemon_gpu.py \
       $g/test_allocator_modes_gpu.py $g/test_graphs_gpu.py
     t 180 async-values $g/test_async_steps_gpu.py $g/test_preflight_values_gpu.py ;;
esac
