#!/usr/bin/env bash
# Session 11's second device call (<= 330 s), one bounded job per GPU, on main after the morning's merges:
#   GPU 0: the cudaMallocAsync step ends through the agent (tests/gpu/test_async_steps_gpu.py), then
#          preflight's GradScaler / memory-fraction / --search seq paths on a GPU torch;
#   GPU 1: the OOM corpus's leak rows (the growth per step printed against the seeded) and MemPool capacity rows;
#   GPU 2: the corpus's private-pool rows (the what-if now replays graph pools and MemPools);
#   GPU 3: the daemon bench with real NVML, this tree beside .p99base (main at 0b8a231) and nvitop-exporter.
set -uo pipefail
rows() { python3 bench/oom_corpus.py --list 2>/dev/null | grep -E "$1" | paste -sd,; }
leak=$(rows '^leak\.|^capacity\..*mempool'); pools=$(rows '^graph_pools\.')
bash bench/device_gpus.sh \
  'timeout -s INT 150 python3 -m pytest -q -p no:cacheprovider -o faulthandler_timeout=130 tests/gpu/test_async_steps_gpu.py --junitxml=$R/junit-async-steps.xml > $R/async-steps.log 2>&1; echo "async rc=$?"; tail -n 3 $R/async-steps.log
   timeout -s INT 150 python3 -m pytest -p no:cacheprovider -q -o faulthandler_timeout=130 tests/unit/preflight/test_fakerun.py tests/unit/commands/test_preflight_cli.py -k "grad_scaled or memory_fraction or longest" --junitxml=$R/junit-preflight-gpu-paths.xml > $R/preflight-gpu-paths.log 2>&1; echo "preflight-paths rc=$?"; tail -n 3 $R/preflight-gpu-paths.log' \
  "timeout -s INT 300 python3 bench/oom_corpus.py --out \$R/corpus-leak --budget 260 --only $leak > \$R/corpus-leak.log 2>&1; echo corpus-leak rc=\$?; sed -n 1,9p \$R/corpus-leak/corpus.md" \
  "timeout -s INT 300 python3 bench/oom_corpus.py --out \$R/corpus-pools --budget 260 --only $pools > \$R/corpus-pools.log 2>&1; echo corpus-pools rc=\$?; sed -n 1,9p \$R/corpus-pools/corpus.md" \
  '(python3 -c "import nvitop_exporter" && echo "nvitop-exporter: installed" || echo "nvitop-exporter: NOT installed") >> $R/device.txt 2>&1
   PYTHONPATH=$PWD GPUMEMD_SPOOL_DIR=$(mktemp -d) timeout -s INT 240 python3 bench/daemon_bench.py --out $R/daemon-bench.json --scrapes 2000 --idle-seconds 60 --baseline-tree .p99base > $R/daemon-bench.log 2>&1; echo "daemon_bench rc=$?"; tail -n 40 $R/daemon-bench.log'
