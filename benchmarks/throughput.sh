#!/usr/bin/env bash
# Throughput of this checkout against an earlier commit, measured side by side in one run (one after the other,
# nothing else started by this script runs meanwhile):
#   - whole-process wall time of `ahd problems`, `ahd --help` (median of 10);
#   - `ahd eval` of nearest neighbour on tsp50 test50 (median of 3), beside the reference's evaluation
#     reimplemented in NumPy (benchmarks/reference_tsp_eval.py, in-process time), values compared;
#   - `ahd run --problem tsp50 --scaffold eoh --budget 1000` (no ES, seed 0): samples per minute and valid share.
#
#   benchmarks/throughput.sh [base-ref (default 4e5c800: the commit before the throughput issue)] [--no-run]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BASE_REF="${1:-4e5c800}"
RUN=1; [[ "${2:-}" == "--no-run" ]] && RUN=0
BASE="/tmp/ahd-throughput-base-$BASE_REF"
WORK="$(mktemp -d /tmp/ahd-throughput-XXXXXX)"
if [[ ! -d "$BASE" ]]; then
  git -C "$ROOT" worktree add --detach "$BASE" "$BASE_REF" >/dev/null 2>&1
  ln -s "$ROOT/node_modules" "$BASE/node_modules"
fi
NN="$WORK/nn.js"
cat > "$NN" <<'JS'
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  let best = unvisitedNodes[0];
  for (const n of unvisitedNodes) if (distanceMatrix[currentNode][n] < distanceMatrix[currentNode][best]) best = n;
  return best;
}
JS

# median wall seconds of a command run N times
median_time() {
  local n=$1; shift
  python3 - "$n" "$@" <<'PY'
import subprocess, sys, time, statistics
n = int(sys.argv[1]); cmd = sys.argv[2:]
ts = []
for _ in range(n):
    t = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True); ts.append(time.perf_counter() - t)
print(f"{statistics.median(ts):.3f}")
PY
}

echo "# throughput: $(git -C "$ROOT" rev-parse --short HEAD) (this checkout) vs $BASE_REF; node $(node --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| figure | $BASE_REF | this checkout | ratio |"
echo "|---|---|---|---|"
for args in "problems" "--help"; do
  b=$(median_time 10 node "$BASE/bin/ahd.js" $args); n=$(median_time 10 node "$ROOT/bin/ahd.js" $args)
  echo "| \`ahd $args\` whole process, s | $b | $n | $(python3 -c "print(f'{$b/$n:.2f}x')") |"
done
EVAL="eval --problem tsp50 --heuristic $NN --split test50 --json"
b=$(median_time 3 node "$BASE/bin/ahd.js" $EVAL); n=$(median_time 3 node "$ROOT/bin/ahd.js" $EVAL)
echo "| \`ahd eval\` NN tsp50 test50 whole process, s | $b | $n | $(python3 -c "print(f'{$b/$n:.2f}x')") |"
py=$(python3 "$ROOT/benchmarks/reference_tsp_eval.py" "$ROOT/problems/tsp50/data/test50_dataset.npy")
pys=$(echo "$py" | cut -d' ' -f1)
echo "| reference evaluation in NumPy, in process, s | $pys | | this checkout's eval is $(python3 -c "print(f'{$pys/$n:.2f}x')") faster |"
echo
echo "values: reference: $py; ahd (base): $(node "$BASE/bin/ahd.js" $EVAL 2>/dev/null); ahd (this): $(node "$ROOT/bin/ahd.js" $EVAL 2>/dev/null)"
[[ $RUN == 1 ]] || exit 0
echo
echo "| ahd run tsp50 eoh budget 1000 seed 0, no ES | samples | valid share | seconds | samples/min |"
echo "|---|---|---|---|---|"
for which in base this; do
  dir="$WORK/run-$which"; bin="$ROOT/bin/ahd.js"; [[ $which == base ]] && bin="$BASE/bin/ahd.js"
  summary=$(node "$bin" run --problem tsp50 --scaffold eoh --budget 1000 --seed 0 --out "$dir" --json 2>/dev/null | tail -1)
  python3 - "$which" "$summary" <<'PY'
import json, sys
s = json.loads(sys.argv[2])
print(f"| {sys.argv[1]} | {s['samples']} | {100*s['valid']/s['samples']:.1f}% | {s['seconds']:.0f} | {60*s['samples']/s['seconds']:.0f} |")
PY
done
