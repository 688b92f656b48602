#!/usr/bin/env bash
# Stages the finished runs under a results directory (those with summary.json) in their compact form: the
# .gitignore keeps event logs out. Runs still in progress are left alone. A resumed run's seconds are corrected
# first (benchmarks/resumed-seconds.mjs).
#   benchmarks/commit-finished.sh <results-dir> [<results-dir> ...]   then git commit
set -euo pipefail
# Runs resumed by an ahd older than the fix count only their last session: add the earlier ones first.
node "$(dirname "$0")/resumed-seconds.mjs" "$@"
for root in "$@"; do
  for summary in "$root"/runs/*/summary.json; do
    [[ -f "$summary" ]] && git add "$(dirname "$summary")"
  done
done
git status --short -- "$@" | grep -c '^A' || true
