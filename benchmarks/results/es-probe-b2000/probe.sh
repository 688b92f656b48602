#!/usr/bin/env bash
# Probes the table's budget-2000 Sample+ES seed-0 runs one at a time (resumable: done probes are kept).
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$HERE/../../.."
for task in tsp50 kp100 aco-tsp50 asp15 aco-cvrp50 aco-bpp500; do
  out="$HERE/runs/$task-r0.probe.json"
  [[ -s "$out" ]] && continue
  echo "$(date -u +%H:%M:%S) probing $task"
  node "$ROOT/bin/ahd.js" probe --run "$HERE/../table/runs/$task-sample-es-b2000-r0" --samples 200 --json > "$out.tmp" && mv "$out.tmp" "$out"
done
echo "$(date -u +%H:%M:%S) all probes done"
