#!/bin/bash
# Measure 2 on ahd-heuristic-lm-7, budget 2000: the same runs as Amendment 2's loop, EoH first and the quick
# tasks first (order only, as for -5's b2000-order.sh: a run's result depends on its setting and seed alone).
cd /work/wt-m7
T=/work/wt-m7/benchmarks/results/model-headroom/table-lm-7
t() { echo "== $(date -u +%FT%TZ) $*"; node bin/ahd.js table --model models/ahd-heuristic-lm-7 --budgets 2000 --reps 3 --parallel 2 --out $T "$@"; }
t --problems asp15,aco-tsp50,aco-cvrp50 --methods eoh
t --problems kp100,aco-bpp500,tsp50 --methods eoh
t --problems asp15,aco-tsp50,aco-cvrp50,kp100,aco-bpp500,tsp50 --methods sample
echo "== $(date -u +%FT%TZ) done"
