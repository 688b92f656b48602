#!/usr/bin/env bash
# The full comparison table (issue: the 36-setting table) and the per-task ES probes, in the order that makes a
# partial result most useful: tsp50 at budget 1000 over 5 seeds (the end-to-end ES check), a Sample+ES run and
# its probe on each ACO task, then every task at budget 1000, then budget 2000. Every step is resumable: run it
# again and finished runs are skipped, interrupted ones resumed.
#
#   benchmarks/table.sh [<table-dir>]      (default benchmarks/results/table)
#
# Run it from a checkout that does not change while it runs (a git worktree at a fixed commit): each run is its
# own `ahd run` process started from that checkout's compiled code.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
T="${1:-$ROOT/benchmarks/results/table}"
R="$(dirname "$T")"   # the probes' directory sits beside the table
AHD=(node "$ROOT/bin/ahd.js")
step() { echo "== $(date -u +%H:%M:%S) $*"; }

step "tsp50, budget 1000, seeds 0-4"
"${AHD[@]}" table --problems tsp50 --budgets 1000 --reps 5 --parallel 2 --out "$T"

step "Sample+ES on each task, budget 1000, seed 0, and its probe (200 paired samples)"
"$ROOT/benchmarks/es-probe-tasks.sh" "$R/es-probe-tasks" 1000 200 0 tsp50,kp100,asp15,aco-tsp50,aco-cvrp50,aco-bpp500
# Those runs are the table's seed-0 Sample+ES runs (same flags): their compact form goes into the table.
for task in aco-tsp50 aco-cvrp50 aco-bpp500; do
  dest="$T/runs/$task-sample-es-b1000-r0"
  [[ -f "$dest/summary.json" ]] && continue
  mkdir -p "$dest"
  cp "$R/es-probe-tasks/$task-sample-es-b1000-s0"/{config.json,summary.json,best.js,history.json} "$dest/"
  cp -r "$R/es-probe-tasks/$task-sample-es-b1000-s0/population" "$dest/"
done

step "every task, budget 1000, seeds 0-2"
"${AHD[@]}" table --budgets 1000 --parallel 2 --out "$T"

step "every task, budgets 1000 and 2000, seeds 0-2"
"${AHD[@]}" table --parallel 2 --out "$T"
step done
