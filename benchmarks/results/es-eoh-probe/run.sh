#!/usr/bin/env bash
# README.md's probes of the table's EoH+ES budget-1000 runs, two at a time, resumable; then table.py. Waits for
# the sigma2 study beside it to finish first. AHD=<checkout> runs ahd from there. `run.sh --from` only tabulates.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
if [[ "${1:-}" == --from ]]; then exec python3 "$HERE/table.py"; fi
ROOT="${AHD:-$(cd "$HERE/../../.." && pwd)}"
while pgrep -f "probe-study.sh .*es-sample-rank-sigma2" > /dev/null; do sleep 30; done
mkdir -p "$HERE/runs" "$HERE/logs"
one() {
  local task=$1 seed=$2 run="$HERE/../table/runs/$1-eoh-es-b1000-r$2" out="$HERE/runs/$1-eoh-es-b1000-r$2.probe.json"
  [[ -s "$out" ]] && return 0
  echo "$(date -u +%H:%M:%S) probe $task seed $seed"
  node "$ROOT/bin/ahd.js" probe --run "$run" --samples 200 --json > "$out.tmp" 2> "$HERE/logs/$task-r$seed.probe.log"
  mv "$out.tmp" "$out"
  echo "$(date -u +%H:%M:%S) done $task seed $seed"
}
export -f one; export HERE ROOT
for seed in 0 1 2; do for task in aco-bpp500 aco-cvrp50 aco-tsp50 tsp50 kp100 asp15; do echo "$task $seed"; done; done \
  | xargs -P 2 -L 1 bash -c 'one "$0" "$1"'
python3 "$HERE/table.py"
