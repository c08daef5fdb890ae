#!/usr/bin/env bash
# This session's GPU work (issues 23, 25, 26) in two device-machine calls, every step bounded.
#   bash bench/device_batch.sh one|two   (on the device; results in $OUT/results.tgz)
set -uo pipefail
python3 -m pip install -q --no-index --no-deps --no-compile .whl/*.whl 2>&1 | tail -1
r=/tmp/gpumemd-batch; rm -rf $r; mkdir -p $r
export PYTHONUNBUFFERED=1 GPUMEMD_RESULTS=$r NCCL_NVLS_ENABLE=0
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > $r/device.txt
python3 -c 'import torch; print("torch", torch.__version__)' >> $r/device.txt; date -u >> $r/device.txt
step() { local t=$1; shift; echo "== $*"; timeout -s INT "$t" "$@" > "$r/$(echo "$*" | tr -c 'a-z0-9' _ | cut -c1-60).log" 2>&1; echo "rc=$?"; }
if [ "$1" = one ]; then
  step 60 python3 bench/record_oom_snapshot.py $r/fixtures
  step 150 python3 bench/daemon_bench.py --out $r/daemon-bench.json --scrapes 2000 --idle-seconds 20 --baseline-tree .baseline
  GPUMEMD_OOM_RUNS=1 step 300 python3 -m pytest tests/gpu/test_oom_diagnosis_gpu.py -p no:cacheprovider -q --junitxml=$r/junit-oom.xml
else
  GPUMEMD_LEAK_RUNS=1 step 150 python3 -m pytest tests/gpu/test_leak_finder_gpu.py -p no:cacheprovider -q -k "accumulate or steady" --junitxml=$r/junit-leak.xml
  step 360 python3 -m pytest tests/gpu -p no:cacheprovider -q -k "(agent or daemon or alerts) and not torchrun and not leak_finder and not oom_diagnosis" --junitxml=$r/junit-gpu.xml
fi
tail -n 3 $r/*.log
tar -czf $OUT/results.tgz -C $r .
