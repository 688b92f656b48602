#!/bin/bash
# Amendment 24's reading from the committed archives alone: H's runs (h-measure2's parts) and F's (f-measure2's), each
# rebuilt into a table under <dir>; then H's validity in search (its table's run cells) and Amendment 9's read.py on
# H against F (H replaces F if >= 80% valid on every task and worse beyond two paired SE on no first test split).
#   bash benchmarks/results/model-headroom/h-measure2/read.sh <dir>
set -euo pipefail
X=$1; H=$(cd "$(dirname "$0")/.." && pwd)
bash "$H/table-from-parts.sh" "$X/lm-10" "$H"/f-measure2/part-*/runs.zip
bash "$H/table-from-parts.sh" "$X/lm-12" "$H"/h-measure2/part-*/runs.zip
echo "## H's search: validity per task (F's in f-measure2)"; echo
grep -A8 '^| problem | budget | method | runs | seconds | samples | valid share' "$X/lm-12/table.md"; echo
python3 "$H/replication/read.py" --candidate "$X/lm-12" --default "$X/lm-10"
