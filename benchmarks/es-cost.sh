#!/usr/bin/env bash
# Wall time of a run with ES against the same run without it, one after the other on the same machine
# (nothing else started by this script meanwhile): ahd run --problem P --scaffold S --budget B --seed 0,
# without --es, then with --es and the given ES flags (default: ahd run's own ES defaults); then where each
# run's time went (benchmarks/run-time.ts, every run). ORDER="plain es es plain" runs each twice in that order (a
# drift of the machine's speed then weighs on both alike); the ratio is of the mean wall times.
#
#   [ORDER="plain es"] benchmarks/es-cost.sh [problem tsp50] [scaffold sample] [budget 1000] [ES flags...]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
P="${1:-tsp50}"; S="${2:-sample}"; B="${3:-1000}"; shift $(( $# < 3 ? $# : 3 ))
WORK="$(mktemp -d /tmp/ahd-es-cost-XXXXXX)"
echo "# ES cost: $P $S budget $B, seed 0; ES flags: --es $*; node $(node --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| run | seconds | samples | valid | samples/min |"
echo "|---|---|---|---|---|"
rm -f /tmp/ahd-es-cost-plain.wall /tmp/ahd-es-cost-es.wall
dirs=(); k=0
for mode in ${ORDER:-plain es}; do
  extra=(); [[ $mode == es ]] && extra=(--es "$@")
  k=$((k + 1)); dir="$WORK/$k-$mode"; dirs+=("$dir")
  start=$(date +%s.%N)
  line=$(node "$ROOT/bin/ahd.js" run --problem "$P" --scaffold "$S" --budget "$B" --seed 0 "${extra[@]}" --out "$dir" --json 2>/dev/null | tail -1)
  wall=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
  python3 - "$mode" "$wall" "$line" <<'PY'
import json, sys
mode, wall, line = sys.argv[1], float(sys.argv[2]), json.loads(sys.argv[3])
print(f"| {mode} | {wall:.1f} | {line['samples']} | {line['valid']} | {60 * line['samples'] / wall:.0f} |")
open(f"/tmp/ahd-es-cost-{mode}.wall", "a").write(f"{wall}\n")
PY
done
python3 -c "
mean = lambda m: (lambda xs: sum(xs) / len(xs))([float(x) for x in open(f'/tmp/ahd-es-cost-{m}.wall').read().split()])
print(f'\nES / plain wall time: {mean(\"es\") / mean(\"plain\"):.2f}x (mean wall times; whole process, test-split evaluation included)')"
echo
echo "Where the time went (benchmarks/run-time.ts, from each run's event log):"
echo
node --import tsx "$ROOT/benchmarks/run-time.ts" "${dirs[@]}" | sed "s#$WORK/##"
