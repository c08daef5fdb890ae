#!/usr/bin/env bash
# Brief E's device call (issues 37/39: the daemon's scrape p99 while 4 ranks train), 4 GPUs, <= 300 s:
#   1. bench/multigpu.py, DDP then FSDP2 (if the time is left), 4 ranks of GPT-2 under one
#      `gpumemd serve` at 200 ms: scrape p50/p99 while training, split into the scrapes that met
#      a sample (the sampler's GIL) and the others (the host's own tail);
#   2. bench/scrape_tail.py on the same host (CPU only): the daemon's sample timed in-process and
#      the scrape tail with 4 ranks rewriting real agents' files, this tree against BASE (main
#      before brief E) in alternating rounds, where the checkout has git to extract BASE.
#   bash bench/device_p99.sh [SECONDS]   (on the device; everything under $GPUMEMD_RESULTS, else $OUT/r)
# BASE_TREE=DIR: a directory holding main before brief E's gpumemd package (made where git is:
# `git archive 7591a3d gpumemd | tar -x -C DIR`; an untracked DIR in the checkout travels with it);
# else it is extracted here with git, where the device's copy has the history; else left out.
set -uo pipefail
budget=${1:-290}
base=${BASE:-7591a3d}
start=$(date +%s)
left() { echo $((budget - $(date +%s) + start)); }
# google-re2 (a dependency the device's python3 lacks): from the wheels carried in .whl/
. bench/device_env.sh; device_wheels
R=${GPUMEMD_RESULTS:-$OUT/r}; mkdir -p "$R"
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
device_txt "$R/device.txt"; uptime >> "$R/device.txt"
for mode in ddp fsdp; do
  if [ "$(left)" -lt 150 ]; then echo "$mode: skipped, $(left)s left"; continue; fi
  timeout -s INT 170 python3 bench/multigpu.py --gpus 4 --mode $mode --steps 200 --watch --phase-timeout 120 \
    --out "$R/multigpu-$mode-4.json" > "$R/multigpu-$mode.log" 2>&1
  echo "multigpu $mode rc=$? ($(left)s left)"
done
tail_args=(--rounds 2 --seconds 10 --interval 200ms --cost-samples 200 --out "$R/scrape-tail.json")
if [ -n "${BASE_TREE:-}" ] && [ -f "$BASE_TREE/gpumemd/daemon.py" ]; then
  tail_args+=(--baseline-tree "$BASE_TREE")
elif git archive "$base" gpumemd 2>/dev/null | { mkdir -p /tmp/p99-base && tar -x -C /tmp/p99-base; } \
   && [ -f /tmp/p99-base/gpumemd/daemon.py ]; then
  tail_args+=(--baseline-tree /tmp/p99-base)
else
  echo "no git here: scrape_tail measures this tree alone"
fi
if [ "$(left)" -gt 40 ]; then
  timeout -s INT $(($(left) - 5)) python3 bench/scrape_tail.py "${tail_args[@]}" > "$R/scrape-tail.log" 2>&1
  echo "scrape_tail rc=$?"
fi
python3 - "$R" <<'EOF'
import json, sys
from pathlib import Path
r = Path(sys.argv[1])
for mode in ("ddp", "fsdp"):
    f = r / f"multigpu-{mode}-4.json"
    if f.exists():
        d = json.loads(f.read_text())
        print(mode, "scrape", json.dumps(d.get("scrape")), "categories", json.dumps(d.get("categories_equal", {}).get("percent")))
f = r / "scrape-tail.json"
if f.exists():
    print("scrape_tail", json.dumps(json.loads(f.read_text())["summary"]))
EOF
tar -czf "${OUT:-$R}/results-p99.tgz" -C "$R" . 2>/dev/null || true
