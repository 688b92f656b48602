#!/bin/bash
# Amendment 22's probe: F on the long programs of its own searches, at temperatures 0.8 (F's own), 0.6, 0.4.
#   bash benchmarks/results/model-headroom/temperature-probe/run.sh <F's measure-2 runs dir> <out dir> [model] [temps]
# [model] (default models/ahd-heuristic-lm-10) and [temps] (default "0.8 0.6 0.4") put another model on the same
# parents and seeds (Amendment 23: G at 0.8).
# <F's measure-2 runs dir> holds tsp50-eoh-b1000-r0..5 and aco-tsp50-eoh-b1000-r0..5 (unpacked from
# f-measure2/part-*/runs.zip). One process per task, the two tasks side by side: measure.ts derives every sample's
# seed from the task, so this gives the samples one process for both would. Each temperature and task's table goes to
# <out dir>/measure-$T-$task.md, its samples to answers-$T-$task.jsonl.
set -euo pipefail
runs=$1
out=$2
model=${3:-models/ahd-heuristic-lm-10}
temps=${4:-0.8 0.6 0.4}
mkdir -p "$out"
one() {
  local t=$1 task=$2
  [ -s "$out/measure-$t-$task.md" ] && return
  rm -f "$out/answers-$t-$task.jsonl"
  npx tsx models/recipe/measure.ts --model "$model" --problems "$task" \
    --operators e1,e2,m1,m2 --samples 30 --sigma-samples 0 --seed 1 --temperature "$t" \
    --parents-from "$(ls -d "$runs/$task"-eoh-b1000-r[0-5] | paste -sd,)" \
    --answers "$out/answers-$t-$task.jsonl" > "$out/measure-$t-$task.tmp"
  mv "$out/measure-$t-$task.tmp" "$out/measure-$t-$task.md"
}
for t in $temps; do
  echo "== $(date -u +%FT%TZ) temperature $t"
  one "$t" tsp50 & one "$t" aco-tsp50 & wait
done
echo "== $(date -u +%FT%TZ) done"
