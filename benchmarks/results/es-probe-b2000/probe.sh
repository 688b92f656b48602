#!/usr/bin/env bash
# Probes the table's budget-2000 Sample+ES runs of one seed, one at a time (resumable: done probes are kept).
#   benchmarks/results/es-probe-b2000/probe.sh [seed 0]
set -u
SEED="${1:-0}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$HERE/../../.."
for task in tsp50 kp100 aco-tsp50 asp15 aco-cvrp50 aco-bpp500; do
  out="$HERE/runs/$task-r$SEED.probe.json"
  [[ -s "$out" ]] && continue
  echo "$(date -u +%H:%M:%S) probing $task seed $SEED"
  node "$ROOT/bin/ahd.js" probe --run "$HERE/../table/runs/$task-sample-es-b2000-r$SEED" --samples 200 --json > "$out.tmp" && mv "$out.tmp" "$out"
done
echo "$(date -u +%H:%M:%S) all probes done"
