#!/bin/bash
# Amendment 22's probe: F on the long programs of its own searches, at temperatures 0.8 (F's own), 0.6, 0.4.
#   bash benchmarks/results/model-headroom/temperature-probe/run.sh <F's measure-2 runs dir> <out dir>
# <F's measure-2 runs dir> holds tsp50-eoh-b1000-r0..5 and aco-tsp50-eoh-b1000-r0..5 (unpacked from
# f-measure2/part-*/runs.zip). Each temperature's table goes to <out dir>/measure-$T.md, its samples to answers-$T.jsonl.
set -euo pipefail
runs=$1
out=$2
mkdir -p "$out"
parents=$(ls -d "$runs"/tsp50-eoh-b1000-r[0-5] "$runs"/aco-tsp50-eoh-b1000-r[0-5] | paste -sd,)
for t in 0.8 0.6 0.4; do
  [ -s "$out/measure-$t.md" ] && continue
  echo "== $(date -u +%FT%TZ) temperature $t"
  npx tsx models/recipe/measure.ts --model models/ahd-heuristic-lm-10 --problems tsp50,aco-tsp50 \
    --operators e1,e2,m1,m2 --samples 30 --sigma-samples 0 --seed 1 --temperature "$t" --parents-from "$parents" \
    --answers "$out/answers-$t.jsonl" > "$out/measure-$t.tmp"
  mv "$out/measure-$t.tmp" "$out/measure-$t.md"
done
echo "== $(date -u +%FT%TZ) done"
