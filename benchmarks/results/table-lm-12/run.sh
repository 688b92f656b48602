#!/bin/bash
# Amendment 21's table, on H (models/ahd-heuristic-lm-12) by Amendments 23-24: the committed table's grid (6 tasks x
# budgets 1000, 2000 x EoH, Sample, each without and with ES x seeds 0-2), two runs at a time, budget 1000 on every
# task first. H's EoH budget-1000 seeds 0-2 from its measure 2 (h-measure2) are copied in, not rerun. Resumable: run
# it again and finished runs are skipped, cut ones resumed from their event logs.
#   bash benchmarks/results/table-lm-12/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build). Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> table-lm-12/part-<k> table-lm-12/part-*/runs.zip
set -uo pipefail
out=$1
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/runs"
for z in "$here"/../model-headroom/h-measure2/part-*/runs.zip; do
  for run in $(unzip -Z1 "$z" | awk -F/ '$1 == "runs" && $2 ~ /-eoh-b1000-r[012]$/ { print $2 }' | sort -u); do
    [ -e "$out/runs/$run" ] || unzip -qo "$z" "runs/$run/*" -d "$out"
  done
done
# One call per budget, tasks in Amendment 21's order: ahd table runs its settings in the order given (task, method,
# seed), and within one call the second worker starts the next task while the first ends the last run of a task.
for b in 1000 2000; do
  echo "== $(date -u +%FT%TZ) budget $b"
  node bin/ahd.js table --model models/ahd-heuristic-lm-12 --budgets "$b" \
    --problems asp15,aco-cvrp50,kp100,aco-tsp50,aco-bpp500,tsp50 --parallel 2 --out "$out"
done
echo "== $(date -u +%FT%TZ) done"
