#!/bin/bash
# Amendment 9, order only (07:16 UTC): D's three tsp50 runs take about 40 minutes each here, so one after another
# they would end after this session. The tsp50 table process was stopped (its seed-3 run interrupted, to resume from
# its event log) and the three runs go as `ahd run` calls with the arguments `ahd table` passes, two at a time:
# seed 3 (resumed) then seed 5 on one core, seed 4 on the other once aco-bpp500/kp100 are done.
#   split2.sh <pid of split.sh's aco-bpp500/kp100 shell>
cd /work/wt-m7
R=/work/wt-m7/benchmarks/results/model-headroom/table-lm-7/runs
run() { echo "== $(date -u +%FT%TZ) seed $1"; node bin/ahd.js run --problem tsp50 --scaffold eoh --budget 1000 --seed $1 \
  --model models/ahd-heuristic-lm-7 --out $R/tsp50-eoh-b1000-r$1 --json; }
after() { while kill -0 "$1" 2>/dev/null; do sleep 10; done; }
{ echo "== $(date -u +%FT%TZ) seed 3 (resumed)"; node bin/ahd.js run --resume --out $R/tsp50-eoh-b1000-r3 --json; run 5; } > /work/rep-tsp-a.out 2>&1 &
{ after $1; run 4; } > /work/rep-tsp-b.out 2>&1 &
wait
