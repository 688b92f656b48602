#!/bin/bash
# Amendment 24's reading from the committed archives alone: H (h-measure2's parts) against F (f-measure2's) by
# ../measure2-read.sh. H replaces F if >= 80% valid on every task and worse beyond two paired SE on no first test split.
#   bash benchmarks/results/model-headroom/h-measure2/read.sh <dir>
set -euo pipefail
H=$(cd "$(dirname "$0")/.." && pwd)
exec bash "$H/measure2-read.sh" "$1" lm-12 lm-10 "$H"/h-measure2/part-*/runs.zip -- "$H"/f-measure2/part-*/runs.zip
