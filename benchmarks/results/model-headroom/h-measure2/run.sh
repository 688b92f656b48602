#!/bin/bash
# Amendment 24's measure 2 (Amendment 23's, H in G's place): H's (models/ahd-heuristic-lm-12) EoH budget 1000, seeds
# 0-5, all six tasks, two runs at a time, tasks in the amendment's order (the two that gated H first). One `ahd table`
# call, so the second worker starts the next task while the first ends a task's last run. Resumable: run it again and
# finished runs are skipped, cut ones resumed from their event logs.
#   bash benchmarks/results/model-headroom/h-measure2/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build). Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> h-measure2/part-<k> h-measure2/part-*/runs.zip
set -uo pipefail
out=$1
echo "== $(date -u +%FT%TZ) start"
node bin/ahd.js table --model models/ahd-heuristic-lm-12 --methods eoh --budgets 1000 --reps 6 \
  --problems aco-tsp50,tsp50,asp15,aco-cvrp50,aco-bpp500,kp100 --parallel 2 --out "$out"
echo "== $(date -u +%FT%TZ) done"
