#!/usr/bin/env bash
# The daemon's scrape p99 while ranks train, before/after in one run (issues 37.3/39), <= 240 s:
#   1. bench/multigpu.py, DDP (the mode that missed 2 ms in session 11), twice: GPUS ranks of GPT-2 under one
#      `gpumemd serve` at 200 ms, scraped every 20 ms while they train (hundreds of scrapes: a p99 of ~130
#      was its second largest), a second daemon merging the same spool scraped beside it
#      (`scrape_baseline`): both tails from one training run, split into the scrapes that met a sample and
#      the others. Run `ddp`: the second daemon is the BASE tree (before/after the sample's cuts); run
#      `ddp-gil5ms`: it is this tree with CPython's 5 ms GIL switch interval instead of the daemon's 0.5 ms
#      (the interval's own effect);
#   2. bench/scrape_tail.py on the same host (CPU only) while the time is left: each tree's sample CPU per
#      phase in-process, and the scrape tail with 4 ranks rewriting real agents' files, this tree against
#      BASE in alternating rounds.
#   GPUS=4 bash bench/device_p99.sh [SECONDS]     (GPUS=2 on a 2-GPU host; everything under $GPUMEMD_RESULTS,
#                                                  else $OUT/r; one line per figure at the end)
# BASE_TREE=DIR: a directory holding main's gpumemd package before the change (made where git is:
# `git archive 2973e32 gpumemd | tar -x -C DIR`; an untracked DIR in the checkout travels with it);
# else it is extracted here with git where the copy has the history; else this tree is measured alone.
set -uo pipefail
budget=${1:-240}
gpus=${GPUS:-4}
base=${BASE:-2973e32}
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
# this tree with CPython's switch interval: the 0.5 ms interval's effect alone
gil5=/tmp/p99-gil5ms; rm -rf "$gil5"; mkdir -p "$gil5"; cp -r gpumemd "$gil5/"
sed -i 's/^GIL_SWITCH_INTERVAL = 0.0005$/GIL_SWITCH_INTERVAL = 0.005/' "$gil5/gpumemd/daemon.py"
grep -q '^GIL_SWITCH_INTERVAL = 0.005$' "$gil5/gpumemd/daemon.py" || gil5=""
echo "baseline tree: ${tree:-none} (BASE $base); 5 ms variant: ${gil5:-none}; gpus $gpus" >> "$R/device.txt"
for run in ddp ddp-gil5ms; do
  if [ "$(left)" -lt 110 ]; then echo "$run: skipped, $(left)s left"; continue; fi
  other=$tree; [ "$run" = ddp-gil5ms ] && other=$gil5
  extra=(); [ -n "$other" ] && extra+=(--baseline-tree "$other")
  timeout -s INT 105 python3 bench/multigpu.py --gpus "$gpus" --mode ddp --steps 200 --watch \
    --phase-timeout 80 --scrape-every 0.02 "${extra[@]}" --out "$R/multigpu-$run-$gpus.json" > "$R/multigpu-$run.log" 2>&1
  echo "multigpu $run rc=$? ($(left)s left)"
done
tail_args=(--rounds 2 --seconds 8 --interval 200ms --series 11 --fresh --cost-samples 200 --cost-publish one
           --out "$R/scrape-tail.json")
[ -n "$tree" ] && tail_args+=(--baseline-tree "$tree")
if [ "$(left)" -gt 50 ]; then
  timeout -s INT $(($(left) - 5)) python3 bench/scrape_tail.py "${tail_args[@]}" > "$R/scrape-tail.log" 2>&1
  echo "scrape_tail rc=$?"
fi
python3 - "$R" "$gpus" <<'EOF'
import json, sys
from pathlib import Path
r, gpus = Path(sys.argv[1]), sys.argv[2]
def tail(d):
    w = (d or {}).get("while_training") or {}
    met, apart = w.get("during_sample") or {}, w.get("apart") or {}
    return (f"n={w.get('count')} p50={w.get('p50_ms')} p99={w.get('p99_ms')} max={w.get('max_ms')} ms; "
            f"met a sample: n={met.get('count')} p99={met.get('p99_ms')}; apart: p99={apart.get('p99_ms')}")
for run, other in (("ddp", "BEFORE (main, BASE)"), ("ddp-gil5ms", "this tree at a 5 ms GIL switch interval")):
    f = r / f"multigpu-{run}-{gpus}.json"
    if not f.exists():
        print(run, "no result"); continue
    d = json.loads(f.read_text())
    print(f"{run} x{gpus} scrape while training, this tree: {tail(d.get('scrape'))}")
    print(f"{run} x{gpus} scrape while training, {other}: {tail(d.get('scrape_baseline'))}")
    print(f"{run} x{gpus} categories equal %: {(d.get('categories_equal') or {}).get('percent')}; "
          f"failed checks: {[k for k, v in (d.get('checks') or {}).items() if v is False]}")
f = r / "scrape-tail.json"
if f.exists():
    s = json.loads(f.read_text())["summary"]
    for name, row in s.items():
        print(f"scrape_tail {name}: new connection {row.get('scrape_new_connection_switch_intervals')} switch "
              f"intervals beside a GIL holder; sample CPU us {row.get('sample_cpu_us_median')}; scrape p50 "
              f"{row.get('p50_ms')}, p99 {row.get('p99_ms')}, met a sample p99 {row.get('during_p99_ms')} ms")
EOF
tar -czf "${OUT:-$R}/results-p99.tgz" -C "$R" . 2>/dev/null || true
