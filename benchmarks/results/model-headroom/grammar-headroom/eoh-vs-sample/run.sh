#!/bin/bash
# Amendment 18: the search arm (100 random programs + 900 edits) per task and seed; two workers pull jobs in order.
#   bash benchmarks/results/model-headroom/grammar-headroom/eoh-vs-sample/run.sh   (from the repository root)
set -uo pipefail
here=benchmarks/results/model-headroom/grammar-headroom/eoh-vs-sample
mkdir -p "$here/claims"
jobs=()
for t in asp15 kp100 aco-tsp50 tsp50 aco-cvrp50 aco-bpp500; do for s in 1 2 3; do jobs+=("$t:$s"); done; done
worker() {
  for job in "${jobs[@]}"; do
    local t=${job%%:*} s=${job##*:}
    mkdir "$here/claims/$t-$s" 2>/dev/null || continue
    [ -f "$here/seed-$s-$t.json" ] && continue
    npx tsx models/recipe/headroom.ts --n 100 --refine 900 --seed "$s" --problems "$t" \
      --json "$here/seed-$s-$t.json" > "$here/seed-$s-$t.md" 2> "$here/seed-$s-$t.log"
  done
}
worker & sleep 2; worker & wait
rm -rf "$here/claims"
