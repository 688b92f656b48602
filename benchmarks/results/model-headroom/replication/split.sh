#!/bin/bash
# Amendment 9, order only: D's tsp50 runs (the longest, about 20 minutes each) take the core the default's runs free,
# instead of waiting for D's other tasks. run.sh's D loop is stopped between tasks (its shell killed, the table
# process it had started left to finish its task), then D's remaining tasks run in two table processes that never
# share a task:
#   split.sh <pid of the D table process still running> <pid of run.sh's default subshell>
# A run's result depends on its setting and seed alone, so the order changes no result.
cd /work/wt-m7
D7=/work/wt-m7/benchmarks/results/model-headroom/table-lm-7
t() { echo "== $(date -u +%FT%TZ) $*"; node bin/ahd.js table --budgets 1000 --methods eoh --reps 6 --model models/ahd-heuristic-lm-7 --out $D7 "$@"; }
after() { while kill -0 "$1" 2>/dev/null; do sleep 10; done; }
{ after $1; t --problems aco-bpp500; t --problems kp100; echo "== $(date -u +%FT%TZ) D (aco-bpp500, kp100) done"; } > /work/rep-d-a.out 2>&1 &
{ after $2; t --problems tsp50; echo "== $(date -u +%FT%TZ) D (tsp50) done"; } > /work/rep-d-b.out 2>&1 &
wait
