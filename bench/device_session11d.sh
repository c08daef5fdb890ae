#!/usr/bin/env bash
# Session 11's closing device call on 4 GPUs (<= 590 s): the whole GPU suite on main as it will land,
# dealt over the 4 GPUs (bench/gpu_group.sh 0-3), and beside it (CPU and NVML only, no CUDA context) the
# daemon's per-sample NVML calls and the daemon bench, this tree beside .p99base (main at 0b8a231) and
# nvitop-exporter. All under $R, back as results.tgz.
set -uo pipefail
bash bench/device_gpus.sh 'bash bench/gpu_group.sh 0' 'bash bench/gpu_group.sh 1' 'bash bench/gpu_group.sh 2' \
  'bash bench/gpu_group.sh 3' \
  '(python3 -c "import nvitop_exporter" && echo "nvitop-exporter: installed" || echo "nvitop-exporter: NOT installed") >> $R/device.txt 2>&1
   PYTHONPATH=$PWD timeout -s INT 90 python3 bench/sample_cost.py --daemon --baseline-tree .p99base --samples 300 --rounds 200 --out $R/daemon-sample-cost.json > $R/daemon-sample-cost.log 2>&1; echo "sample_cost rc=$?"; tail -n 30 $R/daemon-sample-cost.log
   PYTHONPATH=$PWD GPUMEMD_SPOOL_DIR=$(mktemp -d) timeout -s INT 300 python3 bench/daemon_bench.py --out $R/daemon-bench.json --scrapes 2000 --idle-seconds 60 --baseline-tree .p99base > $R/daemon-bench.log 2>&1; echo "daemon_bench rc=$?"; tail -n 40 $R/daemon-bench.log'
