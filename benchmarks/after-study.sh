#!/usr/bin/env bash
# The measurements of this round that need a quiet machine, one after another, then the per-task ES probes and a
# first slice of the table side by side. Each writes its own file under benchmarks/results/.
set -uo pipefail
cd "$(dirname "$0")/.."
R=benchmarks/results
benchmarks/throughput.sh 4e5c800 > $R/throughput.md 2> /tmp/after-throughput.err
{ echo '# Sandbox overhead (construct tasks), benchmarks/sandbox.ts'; echo; echo '```'; node --no-node-snapshot --import tsx benchmarks/sandbox.ts --problems tsp50,kp100,asp15 2>&1; echo '```'; } > $R/sandbox.md
{ echo '# Batched generation, benchmarks/llm-onnx.ts (bundled model: 200 new tokens; random 10M model: 64)'; echo; echo '```';
  node --no-node-snapshot --import tsx benchmarks/llm-onnx.ts --model models/ahd-heuristic-lm --tokens 200 2>&1
  [[ -d /tmp/rnd/m10m ]] && node --no-node-snapshot --import tsx benchmarks/llm-onnx.ts --model /tmp/rnd/m10m --tokens 64 2>&1
  echo '```'; } > $R/llm-onnx-batch.md
benchmarks/es-cost.sh tsp50 sample 1000 > $R/es-cost.md 2>&1
benchmarks/es-probe-tasks.sh $R/es-probe-tasks 1000 200 0 tsp50,kp100,asp15 > /tmp/after-probes.log 2>&1 &
node bin/ahd.js table --problems tsp50 --budgets 1000 --reps 1 --parallel 2 --out $R/table-tsp50-b1000 > /tmp/after-table.log 2>&1
wait
echo done > /tmp/after-study.done
