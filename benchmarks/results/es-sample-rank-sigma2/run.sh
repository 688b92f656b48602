#!/usr/bin/env bash
# The study of README.md through benchmarks/probe-study.sh (resumable; AHD=<checkout> runs ahd from a frozen
# worktree). `run.sh --from` only tabulates.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
BENCH="$HERE/../.."
if [[ "${1:-}" == --from ]]; then exec python3 "$BENCH/probe-study.py" "$HERE" rank-sigma2; fi
exec "$BENCH/probe-study.sh" "$HERE" rank-sigma2 --es-sample-reward rank --sigma 0.2
