/**
 * Cost of turning a harness's raw output into the Float64Array the trusted scorer reads, for an ACO BPP-sized
 * output (500 x 500 = 250K entries), per instance:
 *  - native (src/sandbox/native.ts): the harness's array converted in the host;
 *  - sandboxed (src/sandbox/isolate.ts + bridge.js): the bridge's conversion inside the isolate plus the copy out.
 * Each is the time per instance with a 250K-entry output minus the time with a 1-entry output (same harness and
 * candidate), so only the conversion and copy are left. The output holds +Infinity and NaN entries like real ones.
 *
 *   node --no-node-snapshot --import tsx benchmarks/raw-output.ts [--instances 20] [--reps 5]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Instance, Problem, SplitSpec } from '../src/problems/types.ts';
import { evaluateInIsolate, prepareInstances } from '../src/sandbox/isolate.ts';
import { evaluateNative } from '../src/sandbox/native.ts';
import { median as medianOf } from '../src/ground/stats.ts';

const { values: args } = parseArgs({
  options: { instances: { type: 'string', default: '20' }, reps: { type: 'string', default: '5' } },
});
const INSTANCES = Number(args.instances);
const REPS = Number(args.reps);
const ENTRIES = 500 * 500;

// The output is built once per harness load, outside the measured harness calls.
const HARNESS = `var solve = (() => {
  const big = [];
  for (let i = 0; i < ${ENTRIES}; i++) big.push(i % 500 === 0 ? Infinity : i % 997 === 0 ? NaN : i * 0.5);
  return (candidate, input) => (candidate(), input.big ? big : [0]);
})();`;
const CODE = 'function heuristics() { return 0; }';

function benchProblem(big: boolean): { problem: Problem; spec: SplitSpec; instances: Instance[] } {
  const spec: SplitSpec = { name: big ? 'bench-big' : 'bench-small', mode: 'test', count: INSTANCES, size: 500 };
  const instances: Instance[] = Array.from({ length: INSTANCES }, () => ({ input: { big }, data: null }));
  const problem = {
    id: `raw-output-${big}`,
    fnName: 'heuristics',
    harnessSource: HARNESS,
    splits: [spec],
    invalidPolicy: () => 'drop',
    loadSplit: () => instances,
    score: (raw: Float64Array) => raw.length,
  } as unknown as Problem;
  return { problem, spec, instances };
}

const median = (values: number[]) => medianOf(values) ?? Number.NaN;

/** Median ms per instance of `evaluate` over REPS repetitions. */
function perInstance(evaluate: () => void): number {
  const times: number[] = [];
  for (let r = 0; r < REPS; r++) {
    const start = performance.now();
    evaluate();
    times.push((performance.now() - start) / INSTANCES);
  }
  return median(times);
}

function measure(big: boolean) {
  const { problem, spec, instances } = benchProblem(big);
  const prepared = prepareInstances(instances);
  const job = { problem, spec, instances: prepared, code: CODE, seed: 1, timeoutMs: 60_000, memoryLimitMb: 256 };
  const check = evaluateInIsolate(job);
  if (check.status !== 'ok') throw new Error(`sandboxed evaluation failed: ${JSON.stringify(check)}`);
  return {
    native: perInstance(() => evaluateNative(problem, spec.name, CODE, { seed: 1 })),
    sandboxed: perInstance(() => evaluateInIsolate(job)),
  };
}

const small = measure(false);
const big = measure(true);
console.log(`raw output of ${ENTRIES} entries, ms per instance (median of ${REPS} x ${INSTANCES} instances):`);
console.log(`  native:    ${(big.native - small.native).toFixed(2)}`);
console.log(`  sandboxed: ${(big.sandboxed - small.sandboxed).toFixed(2)} (bridge conversion + copy out)`);
