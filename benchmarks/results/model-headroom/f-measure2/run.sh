#!/bin/bash
# Amendment 20's measure 2: F's (models/ahd-heuristic-lm-10) EoH budget 1000, seeds 0-5, all six tasks, two runs at a
# time, tasks in the amendment's order. Resumable: run it again and finished runs are skipped, cut ones resumed.
#   bash benchmarks/results/model-headroom/f-measure2/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build). Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> f-measure2/part-<k> f-measure2/part-*/runs.zip
set -uo pipefail
out=$1
for p in aco-tsp50 asp15 aco-cvrp50 aco-bpp500 kp100 tsp50; do
  echo "== $(date -u +%FT%TZ) $p"
  node bin/ahd.js table --model models/ahd-heuristic-lm-10 --methods eoh --budgets 1000 --reps 6 --problems "$p" \
    --parallel 2 --out "$out"
done
echo "== $(date -u +%FT%TZ) done"
