#!/usr/bin/env bash
# A Sample+ES setting's probe study at budget 1000: for the six tasks and seeds 0-2 (seed 0 of every task first),
# `ahd run --problem <task> --scaffold sample --es --budget 1000 --seed <s> <flags>` into <dir>/runs/<task>-<name>-s<s>,
# then `ahd probe --run <that run> --samples 200 --json` beside it; two at a time, resumable (finished runs and
# probes are kept, an unfinished run is resumed); then the tables of benchmarks/probe-study.py. AHD=<checkout>
# runs ahd from there (a frozen worktree of the design's commit), writing into <dir>; SEEDS and TASKS (space-
# separated) replace the seeds and tasks.
#
#   [AHD=<checkout>] [SEEDS="3 4"] [TASKS=tsp50] benchmarks/probe-study.sh <dir> <name> [ahd run flags...]
set -euo pipefail
DIR="$(cd "${1:?study dir}" && pwd)"; NAME="${2:?setting name}"; shift 2
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="${AHD:-$(cd "$HERE/.." && pwd)}"
mkdir -p "$DIR/runs" "$DIR/logs"
one() {
  local task=$1 seed=$2 flags=(); read -ra flags <<< "$FLAGS"
  local out="$DIR/runs/$task-$NAME-s$seed"
  if [[ ! -f "$out/summary.json" ]]; then
    local resume=(); [[ -f "$out/config.json" ]] && resume=(--resume)
    echo "$(date -u +%H:%M:%S) run $task seed $seed${resume:+ (resumed)}"
    node "$ROOT/bin/ahd.js" run --problem "$task" --scaffold sample --es "${flags[@]}" --budget 1000 \
      --seed "$seed" --threads 1 --out "$out" "${resume[@]}" > "$DIR/logs/$task-s$seed.run.log" 2>&1
  fi
  if [[ ! -s "$out.probe.json" ]]; then
    echo "$(date -u +%H:%M:%S) probe $task seed $seed"
    node "$ROOT/bin/ahd.js" probe --run "$out" --samples 200 --json > "$out.probe.json.tmp" 2> "$DIR/logs/$task-s$seed.probe.log"
    mv "$out.probe.json.tmp" "$out.probe.json"
  fi
  echo "$(date -u +%H:%M:%S) done $task seed $seed"
}
FLAGS="$*"  # ahd's flags take no spaces
export -f one; export DIR NAME ROOT FLAGS
SEEDS="${SEEDS:-0 1 2}"; TASKS="${TASKS:-aco-bpp500 aco-cvrp50 aco-tsp50 tsp50 kp100 asp15}"
for seed in $SEEDS; do for task in $TASKS; do echo "$task $seed"; done; done \
  | xargs -P 2 -L 1 bash -c 'one "$0" "$1"'
python3 "$HERE/probe-study.py" "$DIR" "$NAME" --seeds "${SEEDS// /,}"
