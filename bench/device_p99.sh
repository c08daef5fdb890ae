#!/usr/bin/env bash
# The daemon's scrape p99 while 4 ranks train, before/after in one run (issues 37/39), 4 GPUs, <= 480 s:
#   1. bench/multigpu.py, FSDP2 keeping its parameters unsharded (the worst tail), then DDP, then FSDP2
#      (each while the time is left), 4 ranks of GPT-2 under one `gpumemd serve` at 200 ms; with a
#      baseline tree, a second daemon of BASE merges the same spool and is scraped beside the first
#      (`scrape_baseline`): both tails from the same training run, split into the scrapes that met
#      a sample (the sampler's GIL) and the others (the host's own tail);
#   2. bench/scrape_tail.py on the same host (CPU only, new connection per scrape as multigpu.py
#      scrapes, 702 series): a thread's GIL waits during a sample in-process, and the scrape tail with
#      4 ranks rewriting real agents' files, this tree against BASE in alternating rounds.
#   bash bench/device_p99.sh [SECONDS]   (on the device; everything under $GPUMEMD_RESULTS, else $OUT/r)
# BASE_TREE=DIR: a directory holding main before the change's gpumemd package (made where git is:
# `git archive 0b8a231 gpumemd | tar -x -C DIR`; an untracked DIR in the checkout travels with it);
# else it is extracted here with git, where the device's copy has the history; else left out.
set -uo pipefail
budget=${1:-480}
base=${BASE:-0b8a231}
start=$(date +%s)
left() { echo $((budget - $(date +%s) + start)); }
# google-re2 (a dependency the device's python3 lacks): from the wheels carried in .whl/
. bench/device_env.sh; device_wheels
R=${GPUMEMD_RESULTS:-$OUT/r}; mkdir -p "$R"
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
device_txt "$R/device.txt"; uptime >> "$R/device.txt"
tree=""
if [ -n "${BASE_TREE:-}" ] && [ -f "$BASE_TREE/gpumemd/daemon.py" ]; then
  tree=$(cd "$BASE_TREE" && pwd)
elif git archive "$base" gpumemd 2>/dev/null | { mkdir -p /tmp/p99-base && tar -x -C /tmp/p99-base; } \
   && [ -f /tmp/p99-base/gpumemd/daemon.py ]; then
  tree=/tmp/p99-base
else
  echo "no baseline tree (no BASE_TREE, no git here): this tree measured alone"
fi
echo "baseline tree: ${tree:-none}" >> "$R/device.txt"
for run in fsdp-keep ddp fsdp; do
  if [ "$(left)" -lt 200 ]; then echo "$run: skipped, $(left)s left"; continue; fi
  mode=${run%-keep}; extra=()
  [ "$run" = fsdp-keep ] && extra+=(--keep-unsharded)
  [ -n "$tree" ] && extra+=(--baseline-tree "$tree")
  timeout -s INT 170 python3 bench/multigpu.py --gpus 4 --mode "$mode" --steps 200 --watch --phase-timeout 120 \
    "${extra[@]}" --out "$R/multigpu-$run-4.json" > "$R/multigpu-$run.log" 2>&1
  echo "multigpu $run rc=$? ($(left)s left)"
done
tail_args=(--rounds 2 --seconds 10 --interval 200ms --series 11 --fresh --cost-samples 200 --out "$R/scrape-tail.json")
[ -n "$tree" ] && tail_args+=(--baseline-tree "$tree")
if [ "$(left)" -gt 60 ]; then
  timeout -s INT $(($(left) - 5)) python3 bench/scrape_tail.py "${tail_args[@]}" > "$R/scrape-tail.log" 2>&1
  echo "scrape_tail rc=$?"
fi
python3 - "$R" <<'EOF'
import json, sys
from pathlib import Path
r = Path(sys.argv[1])
for run in ("fsdp-keep", "ddp", "fsdp"):
    f = r / f"multigpu-{run}-4.json"
    if f.exists():
        d = json.loads(f.read_text())
        print(run, "this tree:", json.dumps(d.get("scrape", {}).get("while_training")))
        print(run, "baseline: ", json.dumps(d.get("scrape_baseline", {}).get("while_training")))
        print(run, "categories", json.dumps(d.get("categories_equal", {}).get("percent")), "error", d.get("error"))
f = r / "scrape-tail.json"
if f.exists():
    print("scrape_tail", json.dumps(json.loads(f.read_text())["summary"]))
EOF
tar -czf "${OUT:-$R}/results-p99.tgz" -C "$R" . 2>/dev/null || true
