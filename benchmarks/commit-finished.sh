#!/usr/bin/env bash
# Stages the finished runs under a results directory (those with summary.json) in their compact form: the
# .gitignore keeps event logs out. Runs still in progress are left alone.
#   benchmarks/commit-finished.sh <results-dir> [<results-dir> ...]   then git commit
set -euo pipefail
for root in "$@"; do
  for summary in "$root"/runs/*/summary.json; do
    [[ -f "$summary" ]] && git add "$(dirname "$summary")"
  done
done
git status --short -- "$@" | grep -c '^A' || true
