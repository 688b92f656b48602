#!/usr/bin/env bash
# Probes each of the study's runs once the table has finished it, one at a time (resumable: done probes are kept).
#   benchmarks/results/es-probe-nocrn-seeds/probe-when-done.sh <ahd checkout at cdf602d or later>
set -u
AHD="${1:?ahd checkout}"
HERE="$(cd "$(dirname "$0")" && pwd)"
TABLE="$HERE/../table/runs"
while :; do
  left=0
  for task in kp100 asp15 aco-tsp50 aco-cvrp50 aco-bpp500; do
    for r in 1 2; do
      out="$HERE/runs/$task-r$r.probe.json"
      [[ -s "$out" ]] && continue
      left=$((left + 1))
      run="$TABLE/$task-sample-es-b1000-r$r"
      [[ -f "$run/summary.json" ]] || continue
      echo "$(date -u +%H:%M:%S) probing $task seed $r"
      node "$AHD/bin/ahd.js" probe --run "$run" --samples 200 --json > "$out.tmp" && mv "$out.tmp" "$out"
    done
  done
  [[ $left == 0 ]] && break
  sleep 30
done
echo "$(date -u +%H:%M:%S) all probes done"
