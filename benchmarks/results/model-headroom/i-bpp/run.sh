#!/bin/bash
# Amendment 25's first reading: I's (models/ahd-heuristic-lm-13) EoH budget 1000, seeds 0-2 (reps 3), on aco-bpp500,
# with the table's `ahd run` arguments, two runs at a time; Amendment 26's fresh seeds 3-5 with reps 6 (seeds 0-2
# are skipped where they exist). Resumable: run it again.
#   bash benchmarks/results/model-headroom/i-bpp/run.sh <table dir> [reps, default 3]
# Run from a checkout whose dist/ is built (npm run build).
set -uo pipefail
node bin/ahd.js table --model models/ahd-heuristic-lm-13 --methods eoh --budgets 1000 --reps "${2:-3}" \
  --problems aco-bpp500 --parallel 2 --out "${1:?usage: bash run.sh <table dir>}"
