#!/usr/bin/env bash
# The direct test that ES learned, per task: a Sample+ES run (the given ES flags) on each task, then `ahd probe
# --run` of its tuned model against the base model on the same sampler seeds. Resumable: finished runs and probes
# are kept. Writes <out>/probes.md.
#
#   benchmarks/es-probe-tasks.sh <out-dir> <budget> <samples> <seed> <task,...> [ahd run ES flags...]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$1"; BUDGET="$2"; SAMPLES="$3"; SEED="$4"; TASKS="$5"; shift 5
mkdir -p "$OUT"
for task in ${TASKS//,/ }; do
  dir="$OUT/$task-sample-es-b$BUDGET-s$SEED"
  if [[ ! -f "$dir/summary.json" ]]; then
    resume=(); [[ -f "$dir/config.json" ]] && resume=(--resume)
    node "$ROOT/bin/ahd.js" run --problem "$task" --scaffold sample --es "$@" --budget "$BUDGET" --seed "$SEED" --out "$dir" "${resume[@]}" --json > "$dir.run.json" 2> "$dir.run.log"
  fi
  [[ -f "$dir/probe.json" ]] || node "$ROOT/bin/ahd.js" probe --run "$dir" --samples "$SAMPLES" --json > "$dir/probe.json" 2> "$dir.probe.log"
done
python3 - "$OUT" "$TASKS" "$BUDGET" "$SAMPLES" "$SEED" "$*" > "$OUT/probes.md" <<'PY'
import json, os, sys
out, tasks, budget, samples, seed, flags = sys.argv[1:]
rows = []
for task in tasks.split(','):
    p = json.load(open(os.path.join(out, f"{task}-sample-es-b{budget}-s{seed}", "probe.json")))
    d = p["paired"]; b = p["base"]; t = p["tuned"]
    f = lambda x: "-" if x is None else f"{x:.4f}"
    rows.append(f"| {task} | {f(b['mean'])} | {f(t['mean'])} | {b['validShare']*100:.0f}% / {t['validShare']*100:.0f}% | {d['pairs']} | {f(d['meanDiff'])} | {f(d['pairedSe'])} | {f(d['improvementInSe'])} | {d['identicalShare']*100:.0f}% |")
print(f"# ES probe per task: Sample+ES budget {budget}, seed {seed}, flags `{flags}`; {samples} i1 samples per model\n")
print("Tuned minus base over the pairs valid in both (natural sign); 'SE better' is the difference in paired standard errors, positive when the tuned model is better.\n")
print("| task | base mean | tuned mean | valid base / tuned | pairs | tuned - base | paired SE | SE better | identical |")
print("|---|---|---|---|---|---|---|---|---|")
print("\n".join(rows))
print(f"\nMade by: `benchmarks/es-probe-tasks.sh {out} {budget} {samples} {seed} {tasks} {flags}`")
PY
