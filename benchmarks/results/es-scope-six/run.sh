#!/usr/bin/env bash
# The pre-registered study of README.md; resumable (finished runs and probes are kept). Extra args: e.g. --from.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$ROOT"
grids=(); for t in kp100 aco-tsp50 aco-cvrp50 aco-bpp500 tsp50 asp15; do grids+=(--grid "benchmarks/studies/scope-$t.json"); done
if [[ "${1:-}" == --from ]]; then exec node --import tsx benchmarks/es-study.ts "${grids[@]}" --from benchmarks/results/es-scope-six; fi
exec node --import tsx benchmarks/es-study.ts "${grids[@]}" --out benchmarks/results/es-scope-six --parallel 2 --only es-late --only es-full
