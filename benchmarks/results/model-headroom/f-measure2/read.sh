#!/bin/bash
# Amendment 20's reading from the committed archives alone: F's runs (f-measure2's parts) rebuilt into a table under
# <dir> beside D's and the default's (replication/rebuild.sh), then Amendment 9's read.py on F against the default
# (the rule) and against D (for the record).
#   bash benchmarks/results/model-headroom/f-measure2/read.sh <dir>
set -euo pipefail
X=$1; ROOT=$(cd "$(dirname "$0")/../../../.." && pwd); H=$ROOT/benchmarks/results/model-headroom
bash "$H/replication/rebuild.sh" "$X" > /dev/null
bash "$H/table-from-parts.sh" "$X/lm-10" "$H"/f-measure2/part-*/runs.zip
python3 "$H/replication/read.py" --candidate "$X/lm-10" --default "$X/default"
echo
python3 "$H/replication/read.py" --candidate "$X/lm-10" --default "$X/lm-7"
