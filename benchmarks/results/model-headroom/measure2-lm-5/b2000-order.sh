#!/bin/bash
# Measure 2 on ahd-heuristic-lm-5, budget 2000: the same runs as Amendment 2's loop, EoH first and the quick
# tasks first (order only: a run's result depends on its setting and seed alone), then the loop itself.
cd /work/wt-m2
T=/work/wt-m2/benchmarks/results/model-headroom/table-lm-5
t() { echo "== $(date -u +%FT%TZ) $*"; node bin/ahd.js table --model models/ahd-heuristic-lm-5 --budgets 2000 --reps 3 --parallel 2 --out $T "$@"; }
t --problems asp15,aco-tsp50,aco-cvrp50 --methods eoh
t --problems kp100,aco-bpp500,tsp50 --methods eoh
t --problems asp15,aco-tsp50,aco-cvrp50,kp100,aco-bpp500,tsp50 --methods sample
for reps in 1 2 3; do echo "== $(date -u +%FT%TZ) loop reps $reps"; node bin/ahd.js table --model models/ahd-heuristic-lm-5 --methods eoh,sample --budgets 2000 --reps $reps --parallel 2 --out $T; done
echo "== $(date -u +%FT%TZ) done"
