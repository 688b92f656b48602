#!/usr/bin/env bash
# The study of README.md: 18 runs and their probes, two at a time; resumable (finished runs and probes are kept,
# an unfinished run is resumed). `run.sh --from` only tabulates. AHD=<checkout> runs ahd from there (a frozen
# worktree of the design's commit), writing here.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="${AHD:-$(cd "$HERE/../../.." && pwd)}"
if [[ "${1:-}" == --from ]]; then exec python3 "$HERE/table.py"; fi
mkdir -p "$HERE/runs" "$HERE/logs"
one() {
  local task=$1 seed=$2 out="$HERE/runs/$1-rank-s$2"
  if [[ ! -f "$out/summary.json" ]]; then
    local resume=(); [[ -f "$out/config.json" ]] && resume=(--resume)
    echo "$(date -u +%H:%M:%S) run $task seed $seed${resume:+ (resumed)}"
    node "$ROOT/bin/ahd.js" run --problem "$task" --scaffold sample --es --es-sample-reward rank --budget 1000 \
      --seed "$seed" --threads 1 --out "$out" "${resume[@]}" > "$HERE/logs/$task-s$seed.run.log" 2>&1
  fi
  if [[ ! -s "$out.probe.json" ]]; then
    echo "$(date -u +%H:%M:%S) probe $task seed $seed"
    node "$ROOT/bin/ahd.js" probe --run "$out" --samples 200 --json > "$out.probe.json.tmp" 2> "$HERE/logs/$task-s$seed.probe.log"
    mv "$out.probe.json.tmp" "$out.probe.json"
  fi
  echo "$(date -u +%H:%M:%S) done $task seed $seed"
}
export -f one; export HERE ROOT
for seed in 0 1 2; do for task in aco-bpp500 aco-cvrp50 aco-tsp50 tsp50 kp100 asp15; do echo "$task $seed"; done; done \
  | xargs -P 2 -L 1 bash -c 'one "$0" "$1"'
python3 "$HERE/table.py"
