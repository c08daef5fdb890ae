#!/usr/bin/env bash
# The category passes' share of each rank's training at N ranks (issue 37.1), <= 230 s:
#   bash bench/device_catcost.sh [N]        N = 4 (default) or 2; GPUs 0..N-1 (CUDA_VISIBLE_DEVICES may pick them)
# tests/gpu/test_categories_ranks_gpu.py (DDP, FSDP2, FSDP2 keeping parameters unsharded; GPT-2, 200
# steps, bench/multigpu.py --watch), then one line per rank: the passes' share of its summed step
# times (category_pass_percent: the bench's truth logging between steps left out) and of its
# training thread's time since watch() (what the agent's budget holds to 0.1 %), the passes, the
# last pass and watch()'s pass. Figures under $GPUMEMD_RESULTS (default /tmp/gpumemd-results).
set -uo pipefail
N=${1:-4}
. bench/device_env.sh; device_wheels
R=${GPUMEMD_RESULTS:-/tmp/gpumemd-results}; mkdir -p "$R"
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 GPUMEMD_RESULTS=$R GPUMEMD_RANKS=$N
device_txt "$R/device-catcost.txt"
s=$(date +%s)
timeout -s INT 215 python3 -m pytest -p no:cacheprovider -q -m gpu --durations=0 -o faulthandler_timeout=205 \
  --junitxml="$R/junit-catcost-$N.xml" tests/gpu/test_categories_ranks_gpu.py > "$R/catcost-$N.log" 2>&1
echo "categories at $N ranks rc=$? wall_s=$(( $(date +%s) - s ))"; tail -n 3 "$R/catcost-$N.log"
timeout 10 python3 - "$R" "$N" <<'PY'
import glob, json, sys
for f in sorted(glob.glob(f"{sys.argv[1]}/multigpu-*-{sys.argv[2]}.json")):
    doc = json.load(open(f))
    rows = {r["rank"]: r for r in doc.get("ranks", [])}
    print(f.rsplit("/", 1)[-1], "equal", doc.get("categories_equal", {}).get("percent"))
    for p in doc.get("per_rank", []):
        r = rows.get(p["rank"], {})
        print(f"  rank {p['rank']}: {p['category_pass_percent']} % of steps, "
              f"{p.get('category_pass_percent_since_watch')} % since watch(); passes {p['category_passes']}, "
              f"last {p['category_last_pass_ms']} ms, watch() {p.get('category_watch_pass_ms')} ms, "
              f"steps {r.get('train_s')} s of {r.get('since_watch_s')} s")
PY
