#!/bin/bash
# Packs the finished runs of a table directory that no earlier archive holds into one new part (Amendment 3):
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> <new part dir> <earlier runs.zip>...
# A run is finished when its summary.json is there; each is packed as config.json, summary.json, best.js and
# history.json (benchmarks/pack-runs.mjs: byte-stable, packed once). Cut runs stay for the next session to resume.
set -euo pipefail
table=$1; part=$2; shift 2
[ -e "$part/runs.zip" ] && { echo "pack-part: $part/runs.zip exists (a part is packed once)" >&2; exit 1; }
[ -e "$part/runs" ] && { echo "pack-part: $part/runs exists; this script makes it and removes it" >&2; exit 1; }
# An unmatched glob (the first part has no earlier ones) names nothing; any other missing archive is a mistake.
held=$(for z in "$@"; do
  case $z in *'*'*) [ -e "$z" ] || continue ;; esac
  [ -f "$z" ] || { echo "pack-part: no archive $z" >&2; exit 1; }
  unzip -Z1 "$z"
done | awk -F/ '$1 == "runs" { print $2 }' | sort -u)
mkdir -p "$part/runs"
for run in "$table"/runs/*/; do
  name=$(basename "$run")
  [ -f "$run/summary.json" ] || continue
  grep -qxF "$name" <<< "$held" && continue
  mkdir -p "$part/runs/$name"
  for f in config.json summary.json best.js history.json; do [ -f "$run/$f" ] && cp "$run/$f" "$part/runs/$name/"; done
done
count=$(ls "$part/runs" | wc -l)
if [ "$count" = 0 ]; then rmdir "$part/runs"; rmdir "$part" 2>/dev/null || true; echo "pack-part: no finished run to pack"; exit 0; fi
echo "pack-part: $count run(s) into $part/runs.zip"
node "$(dirname "$0")/../../pack-runs.mjs" "$part"
rm -rf "$part/runs"
