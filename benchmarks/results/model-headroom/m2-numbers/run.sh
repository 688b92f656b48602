#!/bin/bash
# Amendment 14's runs: EoH with --m2 numbers on D, budget 1000, in a fixed order, two workers pulling from one queue.
#   bash benchmarks/results/model-headroom/m2-numbers/run.sh <root> [workers]
# Run from a checkout whose dist/ is built (or with AHD_FROM_SOURCE=1). A job is claimed by making
# <root>/claims/<job>; a run dir without summary.json (a cut run) is resumed by whoever claims it next session (delete
# its claim first). First job: the same-code check, D's asp15 Sample seed 0 into <root>/same-code/.
set -uo pipefail
root=$1; workers=${2:-2}
model=models/ahd-heuristic-lm-7
mkdir -p "$root/runs" "$root/claims" "$root/logs"
jobs=(same-code)
for s in 0 1 2; do jobs+=("kp100:$s" "aco-cvrp50:$s"); done
for t in asp15 aco-tsp50 aco-bpp500 tsp50; do for s in 0 1 2; do jobs+=("$t:$s"); done; done

run_job() {
  local job=$1
  if [ "$job" = same-code ]; then
    [ -f "$root/same-code/summary.json" ] && return 0
    local flag=(); [ -d "$root/same-code" ] && flag=(--resume)
    node bin/ahd.js run --problem asp15 --scaffold sample --budget 1000 --seed 0 --model $model --json --out "$root/same-code" "${flag[@]}"
    return
  fi
  local task=${job%%:*} seed=${job##*:}
  local dir="$root/runs/$task-eoh-m2n-b1000-r$seed"
  [ -f "$dir/summary.json" ] && return 0
  local flag=(); [ -d "$dir" ] && flag=(--resume)
  node bin/ahd.js run --problem "$task" --scaffold eoh --m2 numbers --budget 1000 --seed "$seed" --model $model --json --out "$dir" "${flag[@]}"
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
