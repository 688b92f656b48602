#!/usr/bin/env bash
# The pre-registered scope comparison of README.md. Resumable: finished runs and probes are kept.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
OUT="$ROOT/benchmarks/results/es-scope-tsp50"
for seed in 0 1 2; do
  dir="$OUT/runs/tsp50-sample-es-late-b1000-s$seed"
  if [[ ! -f "$dir/summary.json" ]]; then
    resume=(); [[ -f "$dir/config.json" ]] && resume=(--resume)
    node "$ROOT/bin/ahd.js" run --problem tsp50 --scaffold sample --es --es-scope late --budget 1000 --seed "$seed" --out "$dir" "${resume[@]}" --json > "$OUT/s$seed.run.json" 2> "$OUT/s$seed.run.log"
  fi
  [[ -s "$OUT/s$seed.probe.json" ]] || node "$ROOT/bin/ahd.js" probe --run "$dir" --samples 200 --json > "$OUT/s$seed.probe.json" 2> "$OUT/s$seed.probe.log"
done
