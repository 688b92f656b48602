#!/usr/bin/env bash
# README.md's end-to-end part: tsp50 Sample+ES with rank rewards, seeds 3-9, two at a time; resumable.
# AHD=<checkout> runs ahd from there (the study's frozen worktree), writing here.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="${AHD:-$(cd "$HERE/../../.." && pwd)}"
mkdir -p "$HERE/runs" "$HERE/logs"
one() {
  local seed=$1 out="$HERE/runs/tsp50-rank-s$1"
  [[ -f "$out/summary.json" ]] && return 0
  local resume=(); [[ -f "$out/config.json" ]] && resume=(--resume)
  echo "$(date -u +%H:%M:%S) run tsp50 seed $seed"
  node "$ROOT/bin/ahd.js" run --problem tsp50 --scaffold sample --es --es-sample-reward rank --budget 1000 \
    --seed "$seed" --threads 1 --out "$out" "${resume[@]}" > "$HERE/logs/tsp50-s$seed.run.log" 2>&1
  echo "$(date -u +%H:%M:%S) done tsp50 seed $seed"
}
export -f one; export HERE ROOT
printf '%s\n' 3 4 5 6 7 8 9 | xargs -P 2 -L 1 bash -c 'one "$0"'
python3 "$HERE/end-to-end.py"
