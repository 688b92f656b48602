/**
 * Sandbox throughput and overhead, per task, measured side by side in one run:
 *  - evaluations per second of the task's first classical baseline on its train split through a SandboxPool with 1 worker
 *    thread and with all of them (requests submitted together; distinct seeds so the result cache never answers);
 *  - the same heuristic on the same instances evaluated natively (src/sandbox/native.ts, in this process), and the
 *    sandboxed/native ratio of the time per evaluation, from interleaved single evaluations (1 worker, one at a time).
 * For ACO tasks most of an evaluation is the trusted solver, which runs natively in both cases.
 *
 *   node --no-node-snapshot --import tsx benchmarks/sandbox.ts [--evals 6] [--threads N] [--problems tsp50,kp100]
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { getProblem, listProblems } from '../src/problems/index.ts';
import type { Problem } from '../src/problems/types.ts';
import { formatTable } from '../src/cli/table-format.ts';
import { median as medianOf } from '../src/ground/stats.ts';
import { evaluateNative } from '../src/sandbox/native.ts';
import { SandboxPool } from '../src/sandbox/pool.ts';
import type { Outcome } from '../src/sandbox/types.ts';

const { values: args } = parseArgs({
  options: {
    evals: { type: 'string', default: '6' },
    threads: { type: 'string', default: String(availableParallelism()) },
    problems: { type: 'string' },
  },
});
const EVALS = Number(args.evals);
const THREADS = Number(args.threads);
const problems = args.problems ? args.problems.split(',').map((id) => getProblem(id)) : [...listProblems()];

let nextSeed = 1;
/** The heuristic measured: the task's first classical baseline (valid on every instance, unlike some seeds). */
const heuristic = (problem: Problem) => Object.entries(problem.baselines)[0] ?? ['seed', problem.seedCode];
const request = (problem: Problem) => ({ problem: problem.id, split: 'train', code: heuristic(problem)[1], seed: nextSeed++ });
const objective = (o: Outcome) => (o.status === 'ok' ? o.objective : o.status);

/** Evaluations per second with `count` requests submitted at once. */
async function throughput(pool: SandboxPool, problem: Problem, count: number): Promise<number> {
  const start = performance.now();
  await pool.evaluateMany(Array.from({ length: count }, () => request(problem)));
  return count / ((performance.now() - start) / 1000);
}

/** Median ms per evaluation, sandboxed (one at a time) and native, interleaved so both see the same load. */
async function sideBySide(pool: SandboxPool, problem: Problem, reps: number) {
  const sandboxed: number[] = [];
  const native: number[] = [];
  const nativeRepeated: number[] = [];
  let same = true;
  for (let i = 0; i < reps; i++) {
    const req = request(problem);
    // As in a search, every candidate is new code: a unique comment keeps V8's compilation cache from answering
    // natively with code it has already optimised (the sandbox compiles every candidate anew).
    const fresh = { ...req, code: `${req.code}\n// candidate ${req.seed}` };
    let start = performance.now();
    const inSandbox = await pool.evaluate(fresh);
    sandboxed.push(performance.now() - start);
    start = performance.now();
    const inHost = evaluateNative(problem, 'train', fresh.code, { seed: req.seed });
    native.push(performance.now() - start);
    start = performance.now();
    evaluateNative(problem, 'train', req.code, { seed: req.seed });
    nativeRepeated.push(performance.now() - start);
    same &&= objective(inSandbox) === objective(inHost);
  }
  return { sandboxedMs: median(sandboxed), nativeMs: median(native), nativeRepeatedMs: median(nativeRepeated), same };
}

const median = (xs: number[]) => medianOf(xs) ?? Number.NaN;

async function warm(pool: SandboxPool): Promise<number> {
  const start = performance.now();
  // One evaluation per task and thread: starts the sandbox process, loads every split and warms the JIT.
  await pool.evaluateMany(problems.flatMap((p) => Array.from({ length: pool.threads }, () => request(p))));
  return performance.now() - start;
}

async function main(): Promise<void> {
  console.log(`sandbox benchmark: node ${process.version}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const one = new SandboxPool({ threads: 1 });
  const all = new SandboxPool({ threads: THREADS });
  const rows: string[][] = [];
  try {
    console.log(`warm-up (process start, data, JIT): 1 worker ${(await warm(one)).toFixed(0)} ms, ${THREADS} workers ${(await warm(all)).toFixed(0)} ms`);
    for (const problem of problems) {
      const single = await throughput(one, problem, EVALS);
      const parallel = await throughput(all, problem, EVALS * THREADS);
      const { sandboxedMs, nativeMs, nativeRepeatedMs, same } = await sideBySide(one, problem, Math.max(5, EVALS));
      rows.push([
        problem.id,
        heuristic(problem)[0],
        single.toFixed(2),
        parallel.toFixed(2),
        (parallel / single).toFixed(2),
        (1000 / nativeMs).toFixed(2),
        sandboxedMs.toFixed(1),
        nativeMs.toFixed(1),
        (sandboxedMs / nativeMs).toFixed(2),
        nativeRepeatedMs.toFixed(1),
        (sandboxedMs / nativeRepeatedMs).toFixed(2),
        same ? 'yes' : 'NO',
      ]);
      console.error(`  ${problem.id} done`);
    }
  } finally {
    await Promise.all([one.close(), all.close()]);
  }
  const header = ['task', 'heuristic', 'eval/s 1w', `eval/s ${THREADS}w`, 'speed-up', 'native eval/s', 'sandbox ms', 'native ms', 'ratio', 'native ms (same code)', 'ratio (same code)', 'same value'];
  console.log(`\n${formatTable(header, rows)}`);
  console.log(
    'eval/s: train-split evaluations per second; ms: median per evaluation of new code (as every candidate of a search), one at a time;\n' +
      'ratio: sandbox/native; (same code): native with the identical source evaluated again, which V8 answers from its compilation cache.',
  );
}

await main();
