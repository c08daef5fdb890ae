#!/usr/bin/env bash
# Where a real MPS server takes a client's pinned device memory limit from (issue 38: the daemon
# reads the limit from the server's environment; tests/gpu/test_mps_gpu.py found a client there
# unlimited). One GPU (GPU, default 0), a user-level control daemon with its own pipe directory,
# three ways of giving the limit, each probed by a fresh client: CUDA's total and a 9 GiB request
# against an 8 GiB limit. <= 120 s; stops its daemon whatever happens.
set -u
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i "${GPU:-0}")
d=$(mktemp -d /tmp/mpsprobe.XXXX); mkdir -p "$d/p" "$d/l"
export CUDA_VISIBLE_DEVICES=$uuid CUDA_MPS_PIPE_DIRECTORY=$d/p CUDA_MPS_LOG_DIRECTORY=$d/l
probe() { timeout 40 python3 -c '
import torch
free, total = torch.cuda.mem_get_info(); print("  cuda total", total, "free", free, flush=True)
try:
    x = torch.empty(9 << 30, dtype=torch.uint8, device="cuda"); print("  9 GiB: allocated")
except Exception as e:
    print("  9 GiB: refused:", str(e).splitlines()[0][:160])
'; }
ctl() { echo "$1" | timeout 10 nvidia-cuda-mps-control; }
stop() { ctl quit; sleep 2; pkill -u "$(id -u)" -f nvidia-cuda-mps 2>/dev/null; }
trap stop EXIT
CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=8G timeout 10 nvidia-cuda-mps-control -d; sleep 1
echo "A: the limit in the control daemon's environment only"; probe
echo "B: the limit in the client's environment too"; CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=8G probe
echo "B2: the client's environment naming the GPU by its UUID"; CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=$uuid=8G probe
stop; trap - EXIT; sleep 1
timeout 10 nvidia-cuda-mps-control -d; sleep 1; trap stop EXIT
ctl "set_default_device_pinned_mem_limit 0 8G"; echo "C: set_default_device_pinned_mem_limit 0 8G (control command, new server)"
echo "  get: $(ctl 'get_default_device_pinned_mem_limit 0')"; probe
echo "== control.log (tail)"; tail -n 15 "$d/l/control.log"
