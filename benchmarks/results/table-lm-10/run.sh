#!/bin/bash
# Amendment 21's table on F (models/ahd-heuristic-lm-10): the committed table's grid (6 tasks x budgets 1000, 2000 x
# EoH, Sample, each without and with ES x seeds 0-2), two runs at a time, budget 1000 on every task first. F's EoH
# budget-1000 seeds 0-2 from Amendment 20's measure 2 are copied in, not rerun. Resumable: run it again and finished
# runs are skipped, cut ones resumed from their event logs.
#   bash benchmarks/results/table-lm-10/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build). Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> table-lm-10/part-<k> table-lm-10/part-*/runs.zip
set -uo pipefail
out=$1
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/runs"
for z in "$here"/../model-headroom/f-measure2/part-*/runs.zip; do
  for run in $(unzip -Z1 "$z" | awk -F/ '$1 == "runs" && $2 ~ /-eoh-b1000-r[012]$/ { print $2 }' | sort -u); do
    [ -e "$out/runs/$run" ] || unzip -qo "$z" "runs/$run/*" -d "$out"
  done
done
for b in 1000 2000; do
  for p in asp15 aco-cvrp50 kp100 aco-tsp50 aco-bpp500 tsp50; do
    echo "== $(date -u +%FT%TZ) $p budget $b"
    node bin/ahd.js table --model models/ahd-heuristic-lm-10 --budgets "$b" --problems "$p" --parallel 2 --out "$out"
  done
done
echo "== $(date -u +%FT%TZ) done"
