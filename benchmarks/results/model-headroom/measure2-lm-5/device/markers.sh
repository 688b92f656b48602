#!/bin/bash
# Run from bundle.sh, in the repo root. Finished runs travel as markers (config, summary, best); unfinished ones whole.
S=${WT:-/work/wt-m2}/benchmarks/results/model-headroom/table-lm-5/runs
D=.devwork/b/repo/benchmarks/results/model-headroom/table-lm-5/runs
rm -rf "$D"; mkdir -p "$D"
for d in "$S"/*/; do n=$(basename "$d")
  if [ -f "$d/summary.json" ]; then mkdir -p "$D/$n"; cp "$d"/{config.json,summary.json,best.js} "$D/$n/"; echo "marker $n"
  else cp -a "$d" "$D/$n"; echo "whole  $n"; fi
done
