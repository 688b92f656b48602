#!/usr/bin/env bash
# README.md's conditional end-to-end part: tsp50 seeds 3-9 with the study's flags through benchmarks/probe-study.sh
# (two at a time, resumable, each run probed too), then benchmarks/end-to-end-tsp50.py. AHD=<checkout> as run.sh.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
SEEDS="3 4 5 6 7 8 9" TASKS=tsp50 "$HERE/../../probe-study.sh" "$HERE" rank-sigma2 --es-sample-reward rank --sigma 0.2
python3 "$HERE/../../end-to-end-tsp50.py" "$HERE" rank-sigma2
