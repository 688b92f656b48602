#!/bin/bash
# Amendment 10's jobs, in its fixed order, taken from one queue by however many workers run this script:
#   aco.sh            # one worker (from the worktree); start a second the same way when a core frees
# A job is claimed by creating its lock directory, so two workers never run the same one; a finished job has its
# json and is skipped. Output: seed-<S>-<task>.json/.md beside this script, stderr progress in seed-<S>-<task>.log.
cd "$(dirname "$0")/../../../.."
H=benchmarks/results/model-headroom/grammar-headroom
for job in 1:aco-tsp50 2:aco-tsp50 1:aco-cvrp50 2:aco-cvrp50 1:aco-bpp500 2:aco-bpp500 3:aco-tsp50 3:aco-cvrp50 3:aco-bpp500; do
  S=${job%%:*} T=${job#*:} F=$H/seed-$S-$T
  [ -f $F.json ] && continue
  mkdir $F.lock 2>/dev/null || continue
  echo "== $(date -u +%FT%TZ) seed $S $T"
  npx tsx models/recipe/headroom.ts --n 1000 --refine 1000 --seed $S --problems $T --json $F.json > $F.md 2> $F.log
  echo "== $(date -u +%FT%TZ) seed $S $T rc $?"
done
