#!/usr/bin/env bash
# README.md's fresh seeds 3-5 through benchmarks/probe-study.sh (resumable; AHD=<checkout> as run.sh); starts once
# the EoH+ES probe beside it has finished. `run-seeds.sh --from` only tabulates.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
BENCH="$HERE/../.."
if [[ "${1:-}" == --from ]]; then exec python3 "$BENCH/probe-study.py" "$HERE" rank-sigma2 --seeds 3,4,5; fi
while pgrep -f "es-eoh-probe/run.sh" > /dev/null; do sleep 30; done
SEEDS="3 4 5" exec "$BENCH/probe-study.sh" "$HERE" rank-sigma2 --es-sample-reward rank --sigma 0.2
