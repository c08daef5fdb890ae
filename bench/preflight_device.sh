#!/usr/bin/env bash
# preflight's GPU measurements (issue 38) on the device machine, every step bounded; figures
# under $GPUMEMD_RESULTS/preflight/{accuracy,ranks}.
#   bash bench/preflight_device.sh accuracy ["0 1 2 3"]  # a shard per GPU listed, side by side: <= 420 s
#   bash bench/preflight_device.sh ranks                 # the unfitted plan on 4 GPUs (below): <= 235 s
#   bash bench/preflight_device.sh ranks2                # the same configurations at world 2 on GPUs 0,1: <= 235 s
#   bash bench/preflight_device.sh ranks N               # the fitted recording's configurations at world N: <= 240 s
#   bash bench/preflight_device.sh compiled              # GPT-2's and BERT's torch.compile'd steps, two
#                                                        # shapes each, on the one GPU CUDA_VISIBLE_DEVICES names: <= 300 s
# accuracy: bench/preflight_accuracy.py, then its --merge (table.md, junit.json); ranks:
# bench/preflight_ranks.py under torchrun (ranks.md, ranks.json, junit.json). accelerate's
# estimate fills its column where its wheel is carried in .whl/ (else "not installed").
# The unfitted plan: configurations the per-rank model was not fitted to (other models, shapes,
# SGD, world sizes 3 and 2), each predicted first (one process a configuration, side by side),
# then world 4 on GPUs 0-3, world 3 on 0-2, two jobs of world 2 on 0,1 and 2,3 at once; every run
# again under its edge cap (preflight's "fits" at its smallest); one merged table. ranks2: where only
# two GPUs are lent, every configuration of the 4-GPU plan's worlds 4 and 3 (with the one "fits"
# that ran out at world 3, bert:sgd:16x256) at world 2, in two phases one after the other, into
# $GPUMEMD_RESULTS/preflight/ranks2.
set -uo pipefail
case "${1:-}" in accuracy|ranks|ranks2|compiled) ;; *) echo "usage: $0 accuracy [\"GPU ...\"] | ranks [N] | ranks2 | compiled" >&2; exit 2 ;; esac
R=${GPUMEMD_RESULTS:?set GPUMEMD_RESULTS to the results directory}/preflight
. bench/device_env.sh; device_wheels
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 OMP_NUM_THREADS=4 PYTHONPATH=$PWD
failed=0  # ranks: 1 when a step (a prediction, a phase, the merge) ended other than 0
step() { echo "$1 rc=$2"; [ "$2" = 0 ] || failed=1; }  # step NAME STATUS
predict_s=${PREFLIGHT_PREDICT_S:-40} merge_s=${PREFLIGHT_MERGE_S:-10}  # ranks: the bound of each prediction, of the merge
case "${1:-}" in
  accuracy)
    d=$R/accuracy; mkdir -p "$d"; device_txt "$d/device.txt"
    gpus=(${2:-0 1 2 3}); n=${#gpus[@]}
    for i in "${!gpus[@]}"; do
      CUDA_VISIBLE_DEVICES=${gpus[$i]} timeout -s INT -k 10 400 python3 bench/preflight_accuracy.py --out "$d" \
        --shard "$i/$n" --budget 355 > "$d/shard-$i.log" 2>&1 &
    done
    wait
    timeout -s INT -k 5 15 python3 bench/preflight_accuracy.py --merge "$d" > "$d/merge.log" 2>&1
    echo "accuracy rc=$?"; cat "$d/merge.log"; grep -h "done in\|Traceback\|Error" "$d"/shard-*.log | head -n 20 ;;
  compiled)  # the compiled prediction and eager's beside real compiled steps (table.md: "Compiled steps")
    d=$R/compiled; mkdir -p "$d"; device_txt "$d/device.txt"
    timeout -s INT -k 10 265 python3 bench/preflight_accuracy.py --out "$d" --kinds compiled --models gpt2,bert \
      --budget 250 > "$d/shard-0.log" 2>&1
    echo "compiled run rc=$?"
    timeout -s INT -k 5 15 python3 bench/preflight_accuracy.py --merge "$d" > "$d/merge.log" 2>&1
    echo "compiled merge rc=$?"; cat "$d/merge.log"; sed -n '/^## Compiled steps/,/^## The OOM/p' "$d/table.md"
    grep -h "done in\|Traceback\|Error" "$d/shard-0.log" | head -n 20 ;;
  ranks|ranks2)
    d=$R/$1; mkdir -p "$d"; device_txt "$d/device.txt"
    if [ "$1" = ranks ] && [ -n "${2:-}" ]; then
      timeout -s INT -k 10 225 python3 -m torch.distributed.run --standalone --nproc-per-node "$2" \
        bench/preflight_ranks.py --out "$d" > "$d/ranks.log" 2>&1
      step ranks $?; tail -n 45 "$d/ranks.log"
    else
      # phase|GPUs|world|configurations (model:optimizer:BATCHxSEQ per rank)|seconds[|& beside the next
      # [|the phase's own arguments of bench/preflight_ranks.py: --strategies ddp --steps 3 --settle 2]]
      # ($PREFLIGHT_RANKS_PLAN, one phase a line, replaces it: the CPU test's tiny plan)
      plan=("w4|0,1,2,3|4|bert:adamw:8x512,gpt2:sgd:8x256,llama:adamw:2x1024,gpt2:adamw:4x512|70"
            "w3|0,1,2|3|gpt2:adamw:4x512,llama:sgd:2x512,bert:sgd:16x256|60"
            "w2a|0,1|2|llama:adamw:4x512,bert:adamw:4x512|50|&"
            "w2b|2,3|2|gpt2:adamw:2x1024,gpt2:sgd:4x512|50|&")
      ngpu=4
      if [ "$1" = ranks2 ]; then
        plan=("w2c|0,1|2|bert:sgd:16x256,gpt2:adamw:4x512,llama:sgd:2x512|75"
              "w2d|0,1|2|bert:adamw:8x512,gpt2:sgd:8x256,llama:adamw:2x1024|75")
        ngpu=2
      fi
      if [ -n "${PREFLIGHT_RANKS_PLAN:-}" ]; then mapfile -t plan <<< "$PREFLIGHT_RANKS_PLAN"; fi
      declare -A worlds=()
      for p in "${plan[@]}"; do IFS='|' read -r _ _ w cs _ <<< "$p"
        for c in ${cs//,/ }; do worlds[$c]="${worlds[$c]:+${worlds[$c]},}$w"; done; done
      s=$(date +%s); pids=()
      for c in "${!worlds[@]}"; do  # one process a configuration; each makes a context on a GPU
        i=${#pids[@]}
        CUDA_VISIBLE_DEVICES=$((i % ngpu)) timeout -s INT -k 5 "$predict_s" python3 bench/preflight_ranks.py --out "$d" \
          --predict-only "$d/predictions-$i.json" --configs "$c" --worlds "${worlds[$c]}" > "$d/predict-$i.log" 2>&1 &
        pids+=($!)
      done
      for i in "${!pids[@]}"; do wait "${pids[$i]}"; step "predict-$i" $?; done
      echo "predictions wall_s=$(( $(date +%s) - s ))"; cat "$d"/predict-*.log | grep -v "^\[transformers\]" | tail -n 20
      phase() {  # phase GPUs world configurations seconds [arguments]; its status is torchrun's
        local s=$(date +%s) rc
        CUDA_VISIBLE_DEVICES=$2 timeout -s INT -k 10 "$5" python3 -m torch.distributed.run --standalone \
          --nproc-per-node "$3" bench/preflight_ranks.py --out "$d" --phase "$1" --configs "$4" \
          --predictions "$d" --edge --budget $(( $5 - 12 )) ${6:-} > "$d/$1.log" 2>&1  # $6 unquoted: its words
        rc=$?; echo "$1 rc=$rc wall_s=$(( $(date +%s) - s ))"; return $rc
      }
      beside=()  # the phases running in the background now
      joined() { local pid; for pid in "${beside[@]}"; do wait "$pid" || failed=1; done; beside=(); }
      for p in "${plan[@]}"; do IFS='|' read -r a b c e f g h <<< "$p"
        if [ "$g" = "&" ]; then phase "$a" "$b" "$c" "$e" "$f" "$h" & beside+=($!)
        else joined; phase "$a" "$b" "$c" "$e" "$f" "$h" || failed=1; fi
      done
      joined
      timeout -s INT -k 5 "$merge_s" python3 bench/preflight_ranks.py --out "$d" --merge > "$d/merge.log" 2>&1
      step merge $?; sed -n 1,12p "$d/merge.log"; grep -h "Traceback\|Error" "$d"/*.log | sort | uniq -c | head -n 20
    fi ;;
esac
if [ -n "${OUT:-}" ]; then tar -czf "$OUT/preflight-$1.tgz" -C "$R" "$1"; fi  # what comes back from the device
exit "$failed"
