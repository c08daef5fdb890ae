#!/usr/bin/env bash
# Session 11's first device call on 4 GPUs (<= 560 s), on main as it stands, every step bounded:
#   GPU 0: the leak catalogue once (13 kinds), then the fast tier of the leak/category/fragmentation tests;
#   GPU 1-3: the OOM corpus in three shards (every fix re-run), then the fast tier's other files;
#            GPU 3 runs the leak catalogue a second time (twice per kind in all).
# Everything lands in $R and comes back as results.tgz (bench/device_gpus.sh packs it).
set -uo pipefail
g=tests/gpu
fast='f() { timeout -s INT $1 python3 -m pytest -p no:cacheprovider -q -m "gpu and not slow" -o faulthandler_timeout=$(($1 - 15)) --junitxml=$R/junit-fast-$2.xml "${@:3}" > $R/fast-$2.log 2>&1; echo "fast-$2 rc=$?"; tail -n 3 $R/fast-$2.log; }'
leak='l() { timeout -s INT 290 python3 bench/leak_catalogue.py --out $R/leak-$1 --runs 1 --limit-s 90 > $R/leak-$1.log 2>&1; echo "leak-$1 rc=$?"; tail -n 20 $R/leak-$1/leak-catalogue.md; }'
shard() { echo "timeout -s INT 330 python3 bench/oom_corpus.py --out \$R/corpus$1 --shard $1/3 --budget 290 > \$R/corpus$1.log 2>&1; echo corpus$1 rc=\$?"; }
bash bench/device_gpus.sh \
  "$leak; $fast; l a; f 200 a $g/test_leak_finder_gpu.py $g/test_categories_gpu.py $g/test_fragmentation_gpu.py" \
  "$fast; $(shard 0); f 250 b $g/test_agent_gpu.py $g/test_alerts_gpu.py $g/test_daemon_gpu.py $g/test_allocator_modes_gpu.py" \
  "$fast; $(shard 1); f 250 c $g/test_forecast_gpu.py $g/test_shape_probe_gpu.py $g/test_preflight_gpu.py $g/test_steptrace_gpu.py $g/test_step_peak_gpu.py $g/test_profiler_gpu.py" \
  "$leak; $(shard 2); l b"
