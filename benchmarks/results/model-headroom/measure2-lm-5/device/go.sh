#!/bin/bash
# Device half of measure 2 (issue 28): continue budget-1000 runs of ahd-heuristic-lm-5 on the device's CPUs for
# SEARCH_S seconds, then stop them with SIGKILL (runs resume exactly from their event logs) and send the run
# directories back in pieces. The repo copy goes to ROOT, the local worktree's path, so each run's recorded model
# path is the one the local resume will pass.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${ROOT:-/work/wt-m2}
RT=${RT:-/opt/ahdrt}
SEARCH_S=${SEARCH_S:-480}
PARALLEL=${PARALLEL:-16}
T=$ROOT/benchmarks/results/model-headroom/table-lm-5
mkdir -p "$(dirname "$ROOT")" && rm -rf "$ROOT" && cp -a "$HERE/repo" "$ROOT" && ln -s "$RT/node_modules" "$ROOT/node_modules"
cd "$ROOT" || exit 1
( nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|MHz' ) > "$OUT/machine.txt"
echo "== $(date -u +%FT%TZ) start" > "$OUT/table.txt"
# tsp50's EoH runs of seeds 1 and 2 run on this machine's own cores meanwhile: the device takes the rest.
table() { "$RT/bin/node" bin/ahd.js table --model models/ahd-heuristic-lm-5 --budgets 1000 --reps 3 --out "$T" "$@"; }
setsid bash -c "$(declare -f table); RT=$RT T=$T; table --problems tsp50 --methods sample --parallel 2" > "$OUT/table-tsp50.txt" 2>&1 &
A=$!
setsid bash -c "$(declare -f table); RT=$RT T=$T; table --problems kp100,asp15,aco-tsp50,aco-cvrp50,aco-bpp500 --methods eoh,sample --parallel $((PARALLEL - 2))" >> "$OUT/table.txt" 2>&1 &
B=$!
sleep "$SEARCH_S"
echo "== $(date -u +%FT%TZ) stop (SIGKILL to the tables and their runs)" >> "$OUT/table.txt"
kill -9 -- -"$A" -"$B" 2>/dev/null; pkill -9 -f "$ROOT/bin/ahd.js"; sleep 2
cd "$T/runs" && ls > "$OUT/runs.txt"
# Only what this call made or changed: the finished runs it was given carry no events.jsonl.
tar -cf - $(for d in */; do [ -f "$d/events.jsonl" ] && echo "${d%/}"; done) | xz -T0 -3 | split -b 15M -d - "$OUT/runs.tar.xz.part-"
ls -la "$OUT" >> "$OUT/table.txt"
