#!/bin/bash
# Device half of measure 2 (issue 28): continue runs of ahd-heuristic-lm-5 on the device's CPUs for SEARCH_S
# seconds, then stop them with SIGKILL (runs resume exactly from their event logs) and send back, in 15 MiB
# pieces, every run directory that has an event log. Each argument is one `ahd table` call's own flags (problems,
# methods, parallel); they run at once, into one table directory. The repo copy goes to ROOT, the local worktree's
# path, so each run's recorded model path is the one the local resume passes. FRESH=0 continues the copy that an
# earlier call on the same (still warm) machine left there.
#   SEARCH_S=550 BUDGET=1000 bash .devwork/b/go.sh "--problems tsp50 --methods sample --parallel 2" \
#     "--problems kp100,asp15,aco-tsp50,aco-cvrp50,aco-bpp500 --methods eoh,sample --parallel 14"
# (The call of 2026-12-04 ran this with its two tables written in; that version is at commit a6abb154.)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${ROOT:-/work/wt-m2}
RT=${RT:-/opt/ahdrt}
SEARCH_S=${SEARCH_S:-480}
BUDGET=${BUDGET:-1000}
T=$ROOT/benchmarks/results/model-headroom/table-lm-5
if [ "${FRESH:-1}" = 1 ]; then
  mkdir -p "$(dirname "$ROOT")" && rm -rf "$ROOT" && cp -a "$HERE/repo" "$ROOT" && ln -s "$RT/node_modules" "$ROOT/node_modules"
fi
cd "$ROOT" || exit 1
( nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|MHz' ) > "$OUT/machine.txt"
groups=()
k=0
for flags in "$@"; do
  k=$((k + 1))
  echo "== $(date -u +%FT%TZ) start: ahd table --budgets $BUDGET --reps 3 $flags" > "$OUT/table-$k.txt"
  # shellcheck disable=SC2086 # each argument is a list of flags
  setsid "$RT/bin/node" bin/ahd.js table --model models/ahd-heuristic-lm-5 --budgets "$BUDGET" --reps 3 --out "$T" $flags \
    >> "$OUT/table-$k.txt" 2>&1 &
  groups+=("-$!")
done
sleep "$SEARCH_S"
echo "== $(date -u +%FT%TZ) stop (SIGKILL to the tables and their runs)" | tee -a "$OUT"/table-*.txt
kill -9 -- "${groups[@]}" 2>/dev/null; pkill -9 -f "$ROOT/bin/ahd.js"; sleep 2
cd "$T/runs" && ls > "$OUT/runs.txt"
# Only what ran here: the finished runs it was given travel as markers, without an events.jsonl.
tar -cf - $(for d in */; do [ -f "$d/events.jsonl" ] && echo "${d%/}"; done) | xz -T0 -3 | split -b 15M -d - "$OUT/runs.tar.xz.part-"
ls -la "$OUT"
