#!/usr/bin/env bash
# Session 11: the daemon test on GPU 2 after its fix, and the async and preflight value tests in one process on GPU 3
# (the order of the closing call, where the fake runs' real-memory check failed once).
set -uo pipefail
. bench/device_env.sh; device_wheels
R=/tmp/rr; mkdir -p $R; export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 GPUMEMD_RESULTS=$R
t() { local n=$1 gpus=$2; shift 2; CUDA_VISIBLE_DEVICES=$gpus timeout -s INT 100 python3 -m pytest -p no:cacheprovider -q -m gpu -o faulthandler_timeout=90 --junitxml=$R/junit-$n.xml "$@" > $R/$n.log 2>&1; echo "$n rc=$?"; tail -n 4 $R/$n.log; }
t daemon 2 tests/gpu/test_daemon_gpu.py -k second_process &
t async-values 3 tests/gpu/test_async_steps_gpu.py tests/gpu/test_preflight_values_gpu.py &
wait
tar -czf $OUT/results.tgz -C $R .
