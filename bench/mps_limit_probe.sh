#!/usr/bin/env bash
# Where a real MPS server takes a client's pinned device memory limit and thread percentage from
# (issue 38: the daemon read them from the server's environment; tests/gpu/test_mps_gpu.py found a
# client there unlimited). One GPU (GPU, default 0), a user-level control daemon with its own pipe
# directory, each way of giving a limit probed by a fresh client: CUDA's free and total, its SM
# count, and a 9 GiB request. Then the control pipe's readings of a running server (what the daemon
# could read). <= 150 s; stops its daemon whatever happens.
set -u
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i "${GPU:-0}")
d=$(mktemp -d /tmp/mpsprobe.XXXX); mkdir -p "$d/p" "$d/l"
export CUDA_VISIBLE_DEVICES=$uuid CUDA_MPS_PIPE_DIRECTORY=$d/p CUDA_MPS_LOG_DIRECTORY=$d/l
probe() { timeout 40 python3 -c '
import torch
free, total = torch.cuda.mem_get_info()
print("  cuda total", total, "free", free, "SMs", torch.cuda.get_device_properties(0).multi_processor_count, flush=True)
try:
    x = torch.empty(9 << 30, dtype=torch.uint8, device="cuda"); print("  9 GiB: allocated")
except Exception as e:
    print("  9 GiB: refused:", str(e).splitlines()[0][:100])
'; }
ctl() { echo "$1" | timeout 10 nvidia-cuda-mps-control; echo "  (rc $?)"; }
stop() { echo quit | timeout 10 nvidia-cuda-mps-control; sleep 2; pkill -u "$(id -u)" -f nvidia-cuda-mps 2>/dev/null; }
fresh() { stop; sleep 1; env "$@" timeout 10 nvidia-cuda-mps-control -d; sleep 1; }
trap stop EXIT
echo "0: no MPS (the GPU's own figures)"; CUDA_MPS_PIPE_DIRECTORY=$d/none probe
fresh CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=8G CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=50
echo "A: limit 0=8G and threads 50 in the control daemon's environment only"; probe
echo "B: the limit in the client's environment too"; CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=8G probe
echo "B2: the client's environment naming the GPU by its UUID"; CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=$uuid=8G probe
echo "B3: threads 25 in the client's environment"; CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=25 probe
fresh
echo "C: set_default_device_pinned_mem_limit 0 8G, set_default_active_thread_percentage 50"
ctl "set_default_device_pinned_mem_limit 0 8G"; ctl "set_default_active_thread_percentage 50"
echo "  get default limit: $(ctl 'get_default_device_pinned_mem_limit 0')"
echo "  get default threads: $(ctl 'get_default_active_thread_percentage')"; probe
echo "D1: that default, the client's environment 0=4G"; CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=4G probe
echo "D2: that default, the client's environment 0=16G"; CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=16G probe
echo "E: a client held open; the running server read through the control pipe"
timeout 60 python3 -c 'import torch, time; torch.empty(1, device="cuda"); time.sleep(40)' & held=$!
sleep 6
srv=$(echo get_server_list | timeout 10 nvidia-cuda-mps-control | head -n 1); echo "  server list: $srv"
echo "  clients: $(ctl "get_client_list $srv" | tr '\n' ' ')"
echo "  device clients: $(ctl "get_device_client_list $srv" | tr '\n' ' ')"
echo "  get_device_pinned_mem_limit $srv 0: $(ctl "get_device_pinned_mem_limit $srv 0" | tr '\n' ' ')"
echo "  get_active_thread_percentage $srv: $(ctl "get_active_thread_percentage $srv" | tr '\n' ' ')"
echo "  get_server_status $srv: $(ctl "get_server_status $srv" | tr '\n' ' ')"
s0=$(date +%s%N); echo get_default_device_pinned_mem_limit 0 | timeout 10 nvidia-cuda-mps-control >/dev/null
echo "  one control call: $(( ($(date +%s%N) - s0) / 1000000 )) ms"
echo "  server's environment names: $(tr '\0' '\n' < /proc/$srv/environ 2>&1 | cut -d= -f1 | grep -E 'CUDA|MPS|NVIDIA' | tr '\n' ' ')"
echo "  server uid $(stat -c %u /proc/$srv) comm $(cat /proc/$srv/comm) exe $(readlink /proc/$srv/exe 2>&1)"
echo "  control daemon: ppid $(awk '{print $4}' /proc/$srv/stat) comm $(cat /proc/$(awk '{print $4}' /proc/$srv/stat)/comm)"
echo "  pipe directory: $(ls -la "$d/p" | tr '\n' ';')"
ctl "set_device_pinned_mem_limit $srv 0 6G"
echo "  after set_device_pinned_mem_limit $srv 0 6G: $(ctl "get_device_pinned_mem_limit $srv 0" | tr '\n' ' ')"
echo "E2: a new client of that server"; probe
kill $held 2>/dev/null; wait $held 2>/dev/null
echo "F: a control call where no daemon listens"
s0=$(date +%s%N); out=$(echo get_default_device_pinned_mem_limit 0 | CUDA_MPS_PIPE_DIRECTORY=$d/none timeout 10 nvidia-cuda-mps-control 2>&1); rc=$?
echo "  rc $rc in $(( ($(date +%s%N) - s0) / 1000000 )) ms: $(echo "$out" | head -c 300)"
echo "== control.log (tail)"; tail -n 25 "$d/l/control.log"
