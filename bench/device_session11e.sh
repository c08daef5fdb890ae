#!/usr/bin/env bash
# Session 11: the closing call's failures run again after their fixes (two ranks on two visible GPUs; the daemon and
# integration tests alone on one GPU; the fake runs' value reads on fake CUDA tensors).
set -uo pipefail
. bench/device_env.sh; device_wheels
R=/tmp/rr; mkdir -p $R; export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R
device_txt $R/device.txt
t() { local n=$1 gpus=$2; shift 2; CUDA_VISIBLE_DEVICES=$gpus timeout -s INT 200 python3 -m pytest -p no:cacheprovider -q -m gpu -o faulthandler_timeout=190 --junitxml=$R/junit-$n.xml "$@" > $R/$n.log 2>&1; echo "$n rc=$?"; tail -n 4 $R/$n.log; }
t two 0,1 tests/gpu/test_agent_gpu.py -k two_torchrun &
t daemon-lightning 2 tests/gpu/test_daemon_gpu.py tests/gpu/test_integrations_gpu.py &
t values 3 tests/gpu/test_preflight_values_gpu.py &
wait
tar -czf $OUT/results.tgz -C $R .
