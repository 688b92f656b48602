#!/bin/bash
# Amendment 25's first reading: I's (models/ahd-heuristic-lm-13) EoH budget 1000, seeds 0-2, on aco-bpp500, with the
# table's `ahd run` arguments, two runs at a time. Resumable: run it again.
#   bash benchmarks/results/model-headroom/i-bpp/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build).
set -uo pipefail
node bin/ahd.js table --model models/ahd-heuristic-lm-13 --methods eoh --budgets 1000 --reps 3 \
  --problems aco-bpp500 --parallel 2 --out "${1:?usage: bash run.sh <table dir>}"
