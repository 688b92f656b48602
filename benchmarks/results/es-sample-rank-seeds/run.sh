#!/usr/bin/env bash
# The study of README.md through benchmarks/probe-study.sh (resumable; AHD=<checkout> runs ahd from a frozen
# worktree); starts once the EoH+ES probe beside it has finished. `run.sh --from` only tabulates.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
BENCH="$HERE/../.."
if [[ "${1:-}" == --from ]]; then exec python3 "$BENCH/probe-study.py" "$HERE" rank --seeds 3,4,5; fi
while pgrep -f "es-eoh-probe/run.sh" > /dev/null; do sleep 30; done
SEEDS="3 4 5" exec "$BENCH/probe-study.sh" "$HERE" rank --es-sample-reward rank
