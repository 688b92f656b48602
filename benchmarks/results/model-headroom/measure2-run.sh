#!/bin/bash
# Amendment 23's measure 2 on one model: EoH budget 1000, seeds 0-5, all six tasks, two runs at a time, tasks in the
# amendment's order. One `ahd table` call, so the second worker starts the next task while the first ends a task's last
# run. Runs already made with the same arguments are copied in from the runs.zip parts given, not rerun. Resumable: run
# it again and finished runs are skipped, cut ones resumed from their event logs. Each measure's run.sh calls this.
#   bash benchmarks/results/model-headroom/measure2-run.sh <model dir> <table dir> [runs.zip to copy in]...
# Run from a checkout whose dist/ is built (npm run build).
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: measure2-run.sh <model dir> <table dir> [runs.zip to copy in]..." >&2; exit 2; }
model=$1 out=$2; shift 2
mkdir -p "$out/runs"
for z in "$@"; do unzip -qn "$z" -d "$out"; done
echo "== $(date -u +%FT%TZ) start"
node bin/ahd.js table --model "$model" --methods eoh --budgets 1000 --reps 6 \
  --problems aco-tsp50,tsp50,asp15,aco-cvrp50,aco-bpp500,kp100 --parallel 2 --out "$out"
echo "== $(date -u +%FT%TZ) done"
