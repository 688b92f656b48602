#!/bin/bash
# Amendment 9: EoH budget 1000, seeds 3-5, six tasks, for D (ahd-heuristic-lm-7) and the default, one table process
# per model (two runs at a time in all). Resumable: run it again and finished runs are skipped, cut ones resumed.
cd /work/wt-m7
H=/work/wt-m7/benchmarks/results/model-headroom
D7=$H/table-lm-7            # measure 2's table directory of D (seeds 0-2 there already)
DD=$H/table-default-r05     # the default's: a copy of its committed EoH budget-1000 runs, seeds 0-5
ORDER="asp15 aco-tsp50 aco-cvrp50 aco-bpp500 kp100 tsp50"
if [ ! -d $DD/runs ]; then
  z=$(mktemp -d); unzip -q /work/main/benchmarks/results/table/runs.zip -d $z
  mkdir -p $DD/runs; cp /work/main/benchmarks/results/table/baselines.json $DD/
  for r in $z/runs/*-eoh-b1000-r[0-5]; do cp -r $r $DD/runs/; done
fi
t() { echo "== $(date -u +%FT%TZ) $*"; node bin/ahd.js table --budgets 1000 --methods eoh --reps 6 "$@"; }
{
  # Same code check: the default's asp15 seed 0, rerun at this tree, beside the committed run.
  [ -f /work/det-check/runs/asp15-eoh-b1000-r0/summary.json ] || t --problems asp15 --reps 1 --out /work/det-check
  for p in $ORDER; do [ $p = tsp50 ] || t --problems $p --out $DD; done
  echo "== $(date -u +%FT%TZ) default done"
} > /work/rep-default.out 2>&1 &
{
  for p in $ORDER; do t --model models/ahd-heuristic-lm-7 --problems $p --out $D7; done
  echo "== $(date -u +%FT%TZ) D done"
} > /work/rep-d.out 2>&1 &
wait
