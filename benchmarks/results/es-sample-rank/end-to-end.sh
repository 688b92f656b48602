#!/usr/bin/env bash
# README.md's end-to-end part: tsp50 Sample+ES with rank rewards, seeds 3-9, through benchmarks/probe-study.sh
# (two at a time, resumable, each run probed too); then benchmarks/end-to-end-tsp50.py. AHD=<checkout> runs ahd from there.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
SEEDS="3 4 5 6 7 8 9" TASKS=tsp50 "$HERE/../../probe-study.sh" "$HERE" rank --es-sample-reward rank
python3 "$HERE/../../end-to-end-tsp50.py" "$HERE" rank
