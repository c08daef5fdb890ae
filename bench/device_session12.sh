#!/usr/bin/env bash
# Session 12's device calls on a 2-GPU machine (4-GPU kinds were not lent), every step bounded; all
# under $R, back as $OUT/results.tgz. Carry .whl .carry .p99-base .tree-sent (.p99-base: main at
# 2973e32, the session's start, for the before/after benches).
#   bash bench/device_session12.sh call1   # GPU 0: preflight calibrated by a live agent, then the
#                                          # value-read/bounded-op GPU tests; GPU 1: the fast GPU tier;
#                                          # then the daemon bench alone (quiet host): <= 540 s
set -uo pipefail
. bench/device_env.sh; device_wheels
R=/tmp/s12; mkdir -p $R; export R GPUMEMD_RESULTS=$R PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
device_txt $R/device.txt
(python3 -c "import nvitop_exporter" && echo "nvitop-exporter: installed" || echo "nvitop-exporter: NOT installed") >> $R/device.txt 2>&1
daemon_bench() {  # alone on the host: its idle CPU is the figure
  PYTHONPATH=$PWD GPUMEMD_SPOOL_DIR=$(mktemp -d) timeout -s INT 110 python3 bench/daemon_bench.py --out $R/daemon-bench.json \
    --scrapes 500 --idle-seconds 40 --baseline-tree .p99-base > $R/daemon-bench.log 2>&1; echo "daemon_bench rc=$?"
  python3 -c "
import json; d=json.load(open('$R/daemon-bench.json')); print('missing:', d.get('missing'))
for k,v in d['targets'].items(): print(k, v.get('scrape_p50_ms'), v.get('scrape_p99_ms'), v.get('rss_mb'), v.get('idle_cpu_percent_of_core'))"
}
case "${1:-}" in
  call1)
    ( export CUDA_VISIBLE_DEVICES=0
      timeout -s INT 185 bash bench/preflight_calibration.sh > $R/calibration.out 2>&1; echo "calibration rc=$?" >> $R/summary.txt
      timeout -s INT 200 python3 -m pytest -p no:cacheprovider -q -o faulthandler_timeout=180 tests/gpu/test_preflight_values_gpu.py \
        --junitxml=$R/junit-preflight-values.xml > $R/preflight-values.log 2>&1; echo "preflight-values rc=$?" >> $R/summary.txt ) &
    ( export CUDA_VISIBLE_DEVICES=1 PROMETHEUS_BIN=/tmp/prometheus
      [ -f .carry/prometheus.xz ] && xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus
      timeout -s INT 390 python3 -m pytest -p no:cacheprovider -q --durations=15 -m "gpu and not slow" -o faulthandler_timeout=370 \
        tests/gpu --junitxml=$R/junit-fast.xml > $R/fast.log 2>&1; echo "fast tier rc=$?" >> $R/summary.txt ) &
    wait; cat $R/summary.txt; cat $R/calibration.out | tail -n 30; tail -n 4 $R/preflight-values.log; tail -n 25 $R/fast.log
    daemon_bench ;;
  call2)  # the scrape tail while 2 ranks train, this tree vs .p99-base (both GPUs, <= 250 s); then
          # GPT-2's and BERT's compiled steps (GPU 0) beside the category passes' share at 2 ranks (GPUs 0-1)
    GPUS=2 BASE_TREE=.p99-base timeout -s INT 255 bash bench/device_p99.sh 240 > $R/p99.out 2>&1; echo "p99 rc=$?"
    tail -n 25 $R/p99.out
    ( CUDA_VISIBLE_DEVICES=0 timeout -s INT 295 bash bench/preflight_device.sh compiled > $R/compiled.out 2>&1
      echo "compiled rc=$?" >> $R/summary.txt ) &
    ( timeout -s INT 225 bash bench/device_catcost.sh 2 > $R/catcost.out 2>&1; echo "catcost rc=$?" >> $R/summary.txt ) &
    wait; cat $R/summary.txt; tail -n 30 $R/catcost.out; sed -n '/^## Summary/,/^## The OOM/p' $R/compiled.out | head -n 40 ;;
  call3)  # the per-rank plan at world 2 under its edge caps (GPUs 0-1, <= 240 s) beside compiled preflight
          # on the fake CUDA path (GPU 0, <= 295 s); then the categories and framework GPU tests (GPU 1)
    ( timeout -s INT 245 bash bench/preflight_device.sh ranks2 > $R/ranks2.out 2>&1; echo "ranks2 rc=$?" >> $R/summary.txt
      CUDA_VISIBLE_DEVICES=1 timeout -s INT 270 python3 -m pytest -p no:cacheprovider -q --durations=0 -m gpu \
        -o faulthandler_timeout=250 --junitxml=$R/junit-categories.xml tests/gpu/test_categories_gpu.py \
        tests/gpu/test_integrations_gpu.py > $R/categories.log 2>&1; echo "categories+integrations rc=$?" >> $R/summary.txt ) &
    ( CUDA_VISIBLE_DEVICES=0 timeout -s INT 295 bash bench/preflight_device.sh compiled > $R/compiled.out 2>&1
      echo "compiled rc=$?" >> $R/summary.txt ) &
    wait; cat $R/summary.txt; sed -n '/^## Compiled steps/,/^## The OOM/p' $R/compiled.out | head -n 12
    grep -h "predicted fits\|within the interval\|rc=" $R/ranks2.out | head -n 20; tail -n 3 $R/categories.log ;;
  call4)  # the rest of the GPU suite but the OOM diagnosis (its code did not change this session), one
          # half a GPU, <= 370 s: agent, alerts, daemon, allocator modes, graphs, preflight, step peaks |
          # leak finder, forecast, shape probe, fragmentation, job view, explain
    [ -f .carry/prometheus.xz ] && xz -dc .carry/prometheus.xz > /tmp/prometheus && chmod +x /tmp/prometheus
    export PROMETHEUS_BIN=/tmp/prometheus; g=tests/gpu
    t() { gpu_pytest "$1" "$2" -m gpu "${@:3}" >> $R/summary.txt; }
    ( export CUDA_VISIBLE_DEVICES=0
      t 365 agent $g/test_agent_gpu.py $g/test_alerts_gpu.py $g/test_daemon_gpu.py $g/test_allocator_modes_gpu.py \
        $g/test_graphs_gpu.py $g/test_preflight_gpu.py $g/test_steptrace_gpu.py $g/test_profiler_gpu.py \
        $g/test_step_peak_gpu.py $g/test_compile_step_peak_gpu.py ) &
    ( export CUDA_VISIBLE_DEVICES=1
      t 365 leak-forecast $g/test_leak_finder_gpu.py $g/test_forecast_gpu.py $g/test_shape_probe_gpu.py \
        $g/test_fragmentation_gpu.py $g/test_jobview_gpu.py $g/test_explain_gpu.py ) &
    wait; cat $R/summary.txt; for f in $R/agent.log $R/leak-forecast.log; do grep -E "passed|failed|FAILED|Error" $f | tail -n 8; done ;;
  *) echo "usage: $0 call1|call2|call3|call4" >&2; exit 2 ;;
esac
tar -czf $OUT/results.tgz -C $R .
