#!/bin/bash
# Amendment 21's table on one model: the committed table's grid (6 tasks x budgets 1000, 2000 x EoH, Sample, each
# without and with ES x seeds 0-2), two runs at a time, budget 1000 on every task first. The model's EoH budget-1000
# seeds 0-2 from its measure 2 are copied in, not rerun. Resumable: run it again and finished runs are skipped, cut
# ones resumed from their event logs. Each table's run.sh calls this with its model and measure 2.
#   bash benchmarks/results/model-headroom/table-run.sh <model dir> <measure-2 folder> <table dir> [<folder>...]
# (further folders: where more of the measure's runs are packed, e.g. I's aco-bpp500 six in i-bpp/)
# Run from a checkout whose dist/ is built (npm run build).
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: table-run.sh <model dir> <measure-2 folder> <table dir> [<folder>...]" >&2; exit 2; }
model=$1 measure2=$2 out=$3; shift 3
mkdir -p "$out/runs"
parts=("$measure2"/part-*/runs.zip); for f in "$@"; do parts+=("$f"/part-*/runs.zip); done
for z in "${parts[@]}"; do
  for run in $(unzip -Z1 "$z" | awk -F/ '$1 == "runs" && $2 ~ /-eoh-b1000-r[012]$/ { print $2 }' | sort -u); do
    [ -e "$out/runs/$run" ] || unzip -qo "$z" "runs/$run/*" -d "$out"
  done
done
# One call per budget, tasks in Amendment 21's order: ahd table runs its settings in the order given (task, method,
# seed), and within one call the second worker starts the next task while the first ends the last run of a task.
for b in 1000 2000; do
  echo "== $(date -u +%FT%TZ) budget $b"
  node bin/ahd.js table --model "$model" --budgets "$b" \
    --problems asp15,aco-cvrp50,kp100,aco-tsp50,aco-bpp500,tsp50 --parallel 2 --out "$out"
done
echo "== $(date -u +%FT%TZ) done"
