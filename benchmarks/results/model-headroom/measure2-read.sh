#!/bin/bash
# Amendment 23's reading of a measure 2 from the committed archives alone: the candidate's runs and the default's, each
# rebuilt into a table under <dir>/<name>; then the candidate's validity in search (its table's run cells) and
# replication/read.py --rule amendment-23, candidate against default: the candidate replaces the default if its search
# is >= 80% valid on every task and worse beyond two paired SE on no first test split (seeds 0-5 pooled decide).
#   bash benchmarks/results/model-headroom/measure2-read.sh <dir> <candidate name> <default name> \
#       <candidate runs.zip>... -- <default runs.zip>...
# Each measure's read.sh calls this.
set -euo pipefail
usage() { echo "usage: measure2-read.sh <dir> <candidate> <default> <zip>... -- <zip>..." >&2; exit 2; }
[ $# -ge 5 ] || usage
X=$1 cand=$2 dflt=$3; shift 3; H=$(cd "$(dirname "$0")" && pwd)
cand_zips=(); while [ $# -gt 0 ] && [ "$1" != -- ]; do cand_zips+=("$1"); shift; done
[ $# -ge 2 ] && [ ${#cand_zips[@]} -gt 0 ] || usage; shift
bash "$H/table-from-parts.sh" "$X/$dflt" "$@"
bash "$H/table-from-parts.sh" "$X/$cand" "${cand_zips[@]}"
echo "## $cand's search: validity per task"; echo
grep -A8 '^| problem | budget | method | runs | seconds | samples | valid share' "$X/$cand/table.md"; echo
python3 "$H/replication/read.py" --candidate "$X/$cand" --default "$X/$dflt" --rule amendment-23
