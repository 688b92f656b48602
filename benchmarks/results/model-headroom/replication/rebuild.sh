#!/bin/bash
# Amendment 9's reading from the committed archives alone: D's runs (measure2-lm-7's parts) and the default's (the
# table's runs.zip and default-part-1), each rebuilt into a table under <dir>, then read.py on the two.
#   bash benchmarks/results/model-headroom/replication/rebuild.sh <dir>
set -euo pipefail
X=$1; ROOT=$(cd "$(dirname "$0")/../../../.." && pwd); H=$ROOT/benchmarks/results/model-headroom
bash "$H/table-from-parts.sh" "$X/lm-7" "$H"/measure2-lm-7/part-*/runs.zip
mkdir -p "$X/default/table" "$X/default/replication"
cp "$ROOT/benchmarks/results/table/runs.zip" "$X/default/table/"
cp "$H/replication/default-part-1/runs.zip" "$X/default/replication/"
cp "$ROOT/benchmarks/results/table/baselines.json" "$X/default/"
node "$ROOT/bin/ahd.js" table --from "$X/default" --out "$X/default" > /dev/null
python3 "$H/replication/read.py" --candidate "$X/lm-7" --default "$X/default"
