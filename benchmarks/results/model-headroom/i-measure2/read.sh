#!/bin/bash
# Amendment 26's reading (Amendment 25's rule) from the committed archives alone: I (i-bpp's and i-measure2's parts)
# against H (h-measure2's) by ../measure2-read.sh. I replaces H if >= 80% valid on every task and worse beyond two
# paired SE on no first test split (seeds 0-5). Read only once all 36 of I's runs exist.
#   bash benchmarks/results/model-headroom/i-measure2/read.sh <dir>
set -euo pipefail
H=$(cd "$(dirname "$0")/.." && pwd)
exec bash "$H/measure2-read.sh" "$1" lm-13 lm-12 "$H"/i-bpp/part-*/runs.zip "$H"/i-measure2/part-*/runs.zip \
  -- "$H"/h-measure2/part-*/runs.zip
