#!/usr/bin/env bash
# Session 13's device calls, every step bounded; all under $R, back as $OUT/results.tgz. Carry .whl
# .carry .p99-base .tree-sent (.p99-base: main at 2973e32, for the before/after benches).
#   bash bench/device_session13.sh call1   # 4 GPUs: the scrape tail while 4 ranks train, this tree vs
#                                          # .p99-base (<= 250 s), then the category passes' share at 4
#                                          # ranks (<= 230 s)
#   bash bench/device_session13.sh call2   # 4 GPUs: preflight's per-rank plan, worlds 4/3/2 (<= 245 s)
set -uo pipefail
. bench/device_env.sh; device_wheels
R=/tmp/s13; mkdir -p $R; export R GPUMEMD_RESULTS=$R PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
device_txt $R/device.txt; [ -f .tree-sent ] && cat .tree-sent >> $R/device.txt
case "${1:-}" in
  call1)
    GPUS=4 BASE_TREE=.p99-base timeout -s INT 255 bash bench/device_p99.sh 240 > $R/p99-4.out 2>&1; echo "p99-4 rc=$?" >> $R/summary.txt
    tail -n 25 $R/p99-4.out
    timeout -s INT 235 bash bench/device_catcost.sh 4 > $R/catcost-4.out 2>&1; echo "catcost-4 rc=$?" >> $R/summary.txt
    cat $R/summary.txt; tail -n 30 $R/catcost-4.out ;;
  call2)  # 4 GPUs: preflight's unfitted per-rank plan at worlds 4, 3 and 2 under its edge caps (<= 240 s)
    timeout -s INT 245 bash bench/preflight_device.sh ranks > $R/ranks.out 2>&1; echo "ranks rc=$?" >> $R/summary.txt
    cat $R/summary.txt; grep -h "predicted fits\|within\|rc=" $R/ranks.out | head -n 30 ;;
  call3)  # 4 GPUs: the category passes' share at 4 ranks at the new 0.08 % target (<= 235 s); then, one
          # job a GPU (<= 330 s): GPU 0 the step-boundary GPU tests, then the compiled-BERT probe; GPU 1
          # preflight calibrated by an unwatched GPT-2; GPUs 2-3 the same by 2 DDP ranks over NCCL
    timeout -s INT 235 bash bench/device_catcost.sh 4 > $R/catcost-4.out 2>&1; echo "catcost-4 rc=$?" >> $R/summary.txt
    ( export CUDA_VISIBLE_DEVICES=0
      timeout -s INT 170 bash bench/device_boundary.sh > $R/boundary.out 2>&1; echo "boundary rc=$?" >> $R/summary.txt
      timeout -s INT 160 python3 bench/compiled_probe.py --out $R/compiled-probe --budget 150 > $R/probe.out 2>&1
      echo "probe rc=$?" >> $R/summary.txt ) &
    ( CUDA_VISIBLE_DEVICES=1 timeout -s INT 185 bash bench/preflight_calibration.sh --unwatched > $R/calib-unwatched.out 2>&1
      echo "calib-unwatched rc=$?" >> $R/summary.txt ) &
    ( CUDA_VISIBLE_DEVICES=2,3 timeout -s INT 195 bash bench/preflight_calibration.sh --unwatched --ranks 2 > $R/calib-ranks2.out 2>&1
      echo "calib-ranks2 rc=$?" >> $R/summary.txt ) &
    wait; cat $R/summary.txt; tail -n 22 $R/catcost-4.out; tail -n 14 $R/boundary.out; tail -n 25 $R/compiled-probe/README.md
    tail -n 5 $R/calib-unwatched.out; tail -n 8 $R/calib-ranks2.out ;;
  call4)  # 4 GPUs, one group each (<= 510 s), on merged main: the GPU suite but what call3 ran, the leak
          # finder's and the shape probe's (their code did not change this session)
    [ -f .carry/prometheus.xz ] && xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus
    export PROMETHEUS_BIN=/tmp/prometheus; g=tests/gpu
    t() { gpu_pytest "$1" "$2" -m gpu "${@:3}" >> $R/summary.txt; }
    ( export CUDA_VISIBLE_DEVICES=0; GPUMEMD_OOM_RUNS=1 t 330 oom $g/test_oom_diagnosis_gpu.py
      t 170 frag-jobview $g/test_fragmentation_gpu.py $g/test_jobview_gpu.py $g/test_explain_gpu.py ) &
    ( export CUDA_VISIBLE_DEVICES=1; t 420 agent $g/test_agent_gpu.py $g/test_alerts_gpu.py $g/test_daemon_gpu.py \
        $g/test_allocator_modes_gpu.py $g/test_graphs_gpu.py ) &
    ( export CUDA_VISIBLE_DEVICES=2; t 280 categories $g/test_categories_gpu.py $g/test_integrations_gpu.py
      t 180 small $g/test_preflight_gpu.py $g/test_steptrace_gpu.py $g/test_profiler_gpu.py $g/test_preflight_values_gpu.py ) &
    ( export CUDA_VISIBLE_DEVICES=3; t 360 forecast $g/test_forecast_gpu.py ) &
    wait; cat $R/summary.txt; for f in oom frag-jobview agent categories small forecast; do echo "== $f"; grep -E "passed|failed|FAILED|rror" $R/$f.log | tail -n 6; done ;;
  call5)  # one GPU (<= 300 s): compiled preflight of GPT-2 and BERT against their real compiled steps
    timeout -s INT 300 bash bench/preflight_device.sh compiled > $R/compiled.out 2>&1; echo "compiled rc=$?" >> $R/summary.txt
    cat $R/summary.txt; sed -n '/^## Compiled steps/,/^## The OOM/p' $R/compiled.out | head -n 12 ;;
  *) echo "usage: $0 call1|call2|call3|call4|call5" >&2; exit 2 ;;
esac
tar -czf $OUT/results.tgz -C $R .
