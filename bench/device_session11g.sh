#!/usr/bin/env bash
# Session 11: the daemon bench on a quiet 4-GPU host (no other job; the closing call measured it beside the
# GPU suite), shorter: 500 scrapes a target, 40 s idle window.
set -uo pipefail
. bench/device_env.sh; device_wheels
R=/tmp/dq; mkdir -p $R; device_txt $R/device.txt
PYTHONPATH=$PWD GPUMEMD_SPOOL_DIR=$(mktemp -d) timeout -s INT 100 python3 bench/daemon_bench.py --out $R/daemon-bench-quiet.json \
  --scrapes 500 --idle-seconds 40 --baseline-tree .p99base > $R/daemon-bench-quiet.log 2>&1; echo "daemon_bench rc=$?"
python3 -c "
import json; d=json.load(open('$R/daemon-bench-quiet.json'))
for k,v in d['targets'].items(): print(k, v.get('scrape_p50_ms'), v.get('scrape_p99_ms'), v.get('rss_mb'), v.get('idle_cpu_percent_of_core'))"
tar -czf $OUT/results.tgz -C $R .
