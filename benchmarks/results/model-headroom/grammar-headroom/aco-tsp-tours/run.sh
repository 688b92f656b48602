#!/bin/bash
# Amendment 17, stage 1: the aco-tsp-tours grammar's room on aco-tsp50, seeds 1-3, two workers pulling seeds in order.
#   bash benchmarks/results/model-headroom/grammar-headroom/aco-tsp-tours/run.sh   (from the repository root)
set -uo pipefail
here=benchmarks/results/model-headroom/grammar-headroom/aco-tsp-tours
mkdir -p "$here/claims"
worker() {
  for s in 1 2 3; do
    mkdir "$here/claims/$s" 2>/dev/null || continue
    [ -f "$here/seed-$s-aco-tsp50.json" ] && continue
    npx tsx models/recipe/headroom.ts --n 1000 --refine 1000 --seed "$s" --problems aco-tsp50 --extend aco-tsp-tours \
      --json "$here/seed-$s-aco-tsp50.json" > "$here/seed-$s-aco-tsp50.md" 2> "$here/seed-$s.log"
  done
}
worker & sleep 2; worker & wait
rm -rf "$here/claims"
