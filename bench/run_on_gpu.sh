#!/usr/bin/env bash
# Everything that needs a real GPU, in batches that fit one device-machine call.
#   bench/run_on_gpu.sh tests|benches|impact|ranks OUTDIR
# tests    GPU tests (daemon, agent, profiler, alerts) with JUnit XML, + the profiler bench
# benches  daemon vs nvitop-exporter vs floor, agent overhead
# impact   load on the agent's endpoint vs the training loop, endpoint process and thread
#          side by side (bench/http_impact.py, ~6 minutes)
# ranks    the two-rank torchrun test (needs 2 GPUs)
# final    a short re-run of the benches after changes (fits ~7 minutes of device time)
# tick     where a tick's time goes (bench/step_tick_probe.py), the agent's overhead, the
#          agent's GPU tests (~9 minutes)
# Everything lands in OUTDIR/results.tgz (the device tool brings back few files).
set -uo pipefail
what=$1 final=$2 out=/tmp/gpumemd-gpu-$1
mkdir -p "$out" "$final"
export PYTHONUNBUFFERED=1 GPUMEMD_RESULTS=$out NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/device.txt"
python3 -c 'import torch; print("torch", torch.__version__)' >> "$out/device.txt"
case $what in
tests)
  for t in daemon agent profiler alerts; do
    timeout 240 python3 -m pytest tests/gpu -p no:cacheprovider -k "$t and not torchrun" -v \
      --junitxml="$out/$t-gpu.xml" > "$out/$t-gpu.log" 2>&1
    tail -3 "$out/$t-gpu.log"
  done
  timeout 150 python3 bench/profiler_bench.py --out "$out/profiler-bench.json" > "$out/profiler-bench.log" 2>&1; tail -3 "$out/profiler-bench.log"
  ;;
benches)
  timeout 150 python3 bench/daemon_bench.py --out "$out/daemon-bench.json" --scrapes 3000 --idle-seconds 30 > "$out/daemon-bench.log" 2>&1
  timeout 400 python3 bench/agent_overhead.py --out "$out/agent-overhead.json" > "$out/agent-overhead.log" 2>&1; tail -30 "$out/agent-overhead.log"
  ;;
impact)
  timeout 560 python3 bench/http_impact.py --out "$out/http-impact.json" --seconds 60 --max-seconds 480 > "$out/http-impact.log" 2>&1; tail -40 "$out/http-impact.log"
  ;;
final)
  timeout 230 python3 bench/agent_overhead.py --out "$out/agent-overhead.json" --seconds 150 --colocated-seconds 0 --history-seconds 0 --no-sample-cost > "$out/agent-overhead.log" 2>&1; tail -4 "$out/agent-overhead.log"
  timeout 210 python3 bench/http_impact.py --out "$out/http-impact.json" --seconds 12 --scrape-seconds 8 --max-seconds 190 > "$out/http-impact.log" 2>&1; tail -10 "$out/http-impact.log"
  timeout 60 python3 bench/daemon_bench.py --out "$out/daemon-bench.json" --scrapes 2000 --idle-seconds 20 > "$out/daemon-bench.log" 2>&1
  timeout 100 python3 -m pytest tests/gpu -p no:cacheprovider -k "alerts and agent" -v --junitxml="$out/alerts-agent-gpu.xml" > "$out/alerts-agent-gpu.log" 2>&1; tail -3 "$out/alerts-agent-gpu.log"
  ;;
tick)
  timeout 80 python3 bench/step_tick_probe.py --out "$out/step-tick-probe.json" --steps 1800 > "$out/step-tick-probe.log" 2>&1; tail -7 "$out/step-tick-probe.log"
  timeout 320 python3 bench/agent_overhead.py --out "$out/agent-overhead.json" --seconds 180 --colocated-seconds 0 --history-seconds 0 > "$out/agent-overhead.log" 2>&1; tail -14 "$out/agent-overhead.log" | head -11
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["sample_cost"]["nvml_interval_default"]; print({k: round(v, 1) for k, v in d.items() if k.endswith("_us")})' "$out/agent-overhead.json"
  timeout 150 python3 -m pytest tests/gpu -p no:cacheprovider -k "(agent or daemon) and not torchrun" -v --junitxml="$out/agent-gpu.xml" > "$out/agent-gpu.log" 2>&1; tail -3 "$out/agent-gpu.log"
  ;;
ranks)
  timeout 300 python3 -m pytest tests/gpu -p no:cacheprovider -k torchrun -v --junitxml="$out/ranks-gpu.xml" > "$out/ranks-gpu.log" 2>&1
  tail -5 "$out/ranks-gpu.log"
  ;;
esac
tar -C "$out" -czf "$final/results.tgz" .
