#!/bin/bash
# Amendment 26's consequence, Amendment 25's measure 2 (Amendment 23's, I in G's place): I's (models/ahd-heuristic-lm-13)
# EoH budget 1000, seeds 0-5, all six tasks, two runs at a time, tasks in Amendment 23's order. aco-bpp500's six are
# `../i-bpp/`'s (the same arguments), copied in, not rerun. Resumable: run it again.
#   bash benchmarks/results/model-headroom/i-measure2/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build). Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> i-measure2/part-<k> i-bpp/part-*/runs.zip i-measure2/part-*/runs.zip
set -uo pipefail
out=${1:?usage: bash run.sh <table dir>}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/runs"
for z in "$here"/../i-bpp/part-*/runs.zip; do unzip -qn "$z" -d "$out"; done
echo "== $(date -u +%FT%TZ) start"
node bin/ahd.js table --model models/ahd-heuristic-lm-13 --methods eoh --budgets 1000 --reps 6 \
  --problems aco-tsp50,tsp50,asp15,aco-cvrp50,aco-bpp500,kp100 --parallel 2 --out "$out"
echo "== $(date -u +%FT%TZ) done"
