#!/bin/bash
# Amendment 19's runs: D's Sample, budget 1000, seeds 3-5 on all six tasks, two workers pulling from one queue.
#   bash benchmarks/results/model-headroom/d-sample-3-5/run.sh <root> [workers]
# Run from a checkout whose dist/ is built (or with AHD_FROM_SOURCE=1). A job is claimed by making <root>/claims/<job>;
# a run dir without summary.json (a cut run) is resumed by whoever claims it next session (delete its claim first).
# First job: the same-code check, D's asp15 Sample seed 0 into <root>/same-code/ (compare with the committed run).
set -uo pipefail
root=$1; workers=${2:-2}
model=models/ahd-heuristic-lm-7
mkdir -p "$root/runs" "$root/claims" "$root/logs"
jobs=(same-code)
for t in tsp50 aco-bpp500 aco-cvrp50 kp100 aco-tsp50 asp15; do for s in 3 4 5; do jobs+=("$t:$s"); done; done

run_job() {
  if [ "$1" = same-code ]; then
    [ -f "$root/same-code/summary.json" ] && return 0
    local flag=(); [ -d "$root/same-code" ] && flag=(--resume)
    node bin/ahd.js run --problem asp15 --scaffold sample --budget 1000 --seed 0 --model $model --json --out "$root/same-code" "${flag[@]}"
    return
  fi
  local task=${1%%:*} seed=${1##*:}
  local dir="$root/runs/$task-sample-b1000-r$seed"
  [ -f "$dir/summary.json" ] && return 0
  local flag=(); [ -d "$dir" ] && flag=(--resume)
  node bin/ahd.js run --problem "$task" --scaffold sample --budget 1000 --seed "$seed" --model $model --json --out "$dir" "${flag[@]}"
}

worker() {
  for job in "${jobs[@]}"; do
    mkdir "$root/claims/${job/:/-}" 2>/dev/null || continue
    echo "$(date -u +%FT%TZ) start $job (worker $1)" >> "$root/logs/queue.txt"
    run_job "$job" > "$root/logs/${job/:/-}.txt" 2>&1
    echo "$(date -u +%FT%TZ) end $job rc $? (worker $1)" >> "$root/logs/queue.txt"
  done
}

for w in $(seq 1 "$workers"); do worker "$w" & sleep 5; done
wait
