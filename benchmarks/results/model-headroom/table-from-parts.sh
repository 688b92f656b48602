#!/bin/bash
# One model's search table rebuilt from committed run archives: every runs.zip unpacked into <dir>, the measure-2
# baselines beside them, then `ahd table --from`, so <dir>/table.json is what replication/read.py reads.
#   bash benchmarks/results/model-headroom/table-from-parts.sh <dir> <runs.zip>...
set -euo pipefail
X=$1; shift; ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$X"
for z in "$@"; do unzip -qo "$z" -d "$X"; done
cp "$ROOT/benchmarks/results/model-headroom/measure2-lm-7/baselines.json" "$X/"
node "$ROOT/bin/ahd.js" table --from "$X" --out "$X" > /dev/null
