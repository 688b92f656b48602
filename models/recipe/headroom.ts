/**
 * Headroom of the corpus grammars: can ANY program a grammar emits beat the task's textbook baselines? A model
 * trained on the corpus cannot write what the corpus lacks, so this bounds what a search with it can find.
 *
 *   nice -n 19 npx tsx models/recipe/headroom.ts --n 150 --seed 1 --refine 50 [--extend asp-tables] --json $W/headroom.json
 *
 * Per task: `--n` seeded random genomes (genome.ts's randomGenome, as the corpus's i1 draws), rendered by the
 * task's grammar and scored by the engine's evaluator (`evaluate`, what `ahd eval` runs) on the FULL train split
 * with the table's evaluation seed; then `--refine` steps of a tiny search with the corpus's own operators (m1/m2
 * edits of one of the five best programs so far), because random draws rarely hit tuned constants. The best
 * program of each stage is scored on the task's test splits. Baselines come from the table's baselines.json
 * (the "baseline:" lines of benchmarks/results/table/table.md). Prints one markdown table; --json keeps it all.
 * `--extend` names grammar extensions (grammars.ts) to measure in place of the corpus's grammars.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { evaluate, splitStats } from '../../src/api/evaluate.ts';
import { readBaselines, type BaselineEntry } from '../../src/compare/baselines.ts';
import { evalSeedOf } from '../../src/engine/run-dir/index.ts';
import { createRng, deriveSeed, type Rng } from '../../src/ground/rng.ts';
import { median as medianOf } from '../../src/ground/stats.ts';
import { getProblem } from '../../src/problems/index.ts';
import { PROBLEM_IDS, type Problem, type ProblemId } from '../../src/problems/types.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import { grammarsWith, type Grammars } from './corpus/grammars.ts';
import { mutate, randomGenome, reparam, type Genome, type TaskGrammar } from './corpus/genome.ts';

const BASELINES = fileURLToPath(new URL('../../benchmarks/results/table/baselines.json', import.meta.url));
/** The table's baselines were scored with repetition 0's evaluation seed; the same seed makes them comparable. */
const EVAL_SEED = evalSeedOf(0);
const ELITE = 5;

interface Scored {
  readonly genome: Genome;
  readonly code: string;
  /** Train mean in the natural sign; null: invalid, timed out or out of memory on the full train split. */
  readonly train: number | null;
  readonly status: string;
}

interface TaskHeadroom {
  readonly problem: ProblemId;
  readonly drawn: number;
  readonly distinct: number;
  readonly valid: number;
  readonly failures: Record<string, number>;
  readonly median: number | null;
  readonly sampled: Best | null;
  readonly refined: Best | null;
  readonly baselines: readonly BaselineEntry[];
  readonly seconds: number;
}

interface Best {
  readonly train: number;
  readonly test: Record<string, number | null>;
  readonly code: string;
}

/** Scores programs on the full train split, once per distinct code. */
function trainScorer(problem: Problem, grammar: TaskGrammar, pool: SandboxPool) {
  const seen = new Map<string, Scored>();
  return async (genome: Genome): Promise<Scored> => {
    const { code } = grammar.render(genome);
    const known = seen.get(code);
    if (known) return known;
    const { outcomes } = await evaluate(problem, code, ['train'], { seed: EVAL_SEED, pool });
    const scored = { genome, code, train: splitStats(problem, 'train', outcomes[0]).mean, status: outcomes[0].status };
    seen.set(code, scored);
    return scored;
  };
}

const better = (problem: Problem) => (a: number, b: number) => (problem.sense === 'min' ? a < b : a > b);

function ranked(problem: Problem, xs: readonly Scored[]): Scored[] {
  const sign = problem.sense === 'min' ? 1 : -1;
  return xs.filter((x) => x.train !== null).sort((a, b) => sign * (a.train! - b.train!));
}

async function testsOf(problem: Problem, best: Scored | undefined, pool: SandboxPool): Promise<Best | null> {
  if (!best) return null;
  const { stats } = await evaluate(problem, best.code, problem.testSplits, { seed: EVAL_SEED, pool });
  return { train: best.train!, test: Object.fromEntries(stats.map((s) => [s.split, s.mean])), code: best.code };
}

async function headroom(
  id: ProblemId,
  grammar: TaskGrammar,
  { n, refine, seed }: { n: number; refine: number; seed: number },
  pool: SandboxPool,
  log: (s: string) => void,
) {
  const started = Date.now();
  const problem = getProblem(id);
  const rng = createRng(deriveSeed(seed, `headroom:${id}`));
  const score = trainScorer(problem, grammar, pool);
  const sampled: Scored[] = [];
  for (let i = 0; i < n; i++) {
    sampled.push(await score(randomGenome(grammar, rng)));
    if ((i + 1) % 25 === 0) log(`${id}: ${i + 1}/${n} sampled, ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const distinct = new Map(sampled.map((x) => [x.code, x]));
  const validOnes = ranked(problem, [...distinct.values()]);
  const failures: Record<string, number> = {};
  for (const x of distinct.values()) if (x.train === null) failures[x.status] = (failures[x.status] ?? 0) + 1;
  const refinedBest = await refineFrom(problem, grammar, validOnes, refine, rng, score);
  const values = validOnes.map((x) => x.train!);
  const median = medianOf(values);
  const result: TaskHeadroom = {
    problem: id,
    drawn: n,
    distinct: distinct.size,
    valid: validOnes.length,
    failures,
    median,
    sampled: await testsOf(problem, validOnes[0], pool),
    refined: refine > 0 ? await testsOf(problem, refinedBest, pool) : null,
    baselines: readBaselines(BASELINES).filter((b) => b.problem === id && b.evalSeed === EVAL_SEED),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  log(`${id}: done in ${result.seconds} s`);
  return result;
}

/** A (elite + 1) search with the corpus's operators: m1 or m2 of one of the best programs so far. */
async function refineFrom(
  problem: Problem,
  grammar: TaskGrammar,
  start: readonly Scored[],
  steps: number,
  rng: Rng,
  score: (g: Genome) => Promise<Scored>,
): Promise<Scored | undefined> {
  let elite = start.slice(0, ELITE);
  if (elite.length === 0) return undefined;
  const beats = better(problem);
  for (let i = 0; i < steps; i++) {
    const parent = elite[rng.int(elite.length)].genome;
    const child = await score(rng.next() < 0.5 ? mutate(grammar, parent, rng) : reparam(grammar, parent, rng));
    if (child.train === null || elite.some((x) => x.code === child.code)) continue;
    const worst = elite[elite.length - 1];
    if (elite.length < ELITE || beats(child.train, worst.train!)) elite = ranked(problem, [...elite, child]).slice(0, ELITE);
  }
  return elite[0];
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '-' : Math.abs(x) >= 1000 ? x.toFixed(1) : x.toFixed(4));

function markdown(results: readonly TaskHeadroom[]): string {
  const order = (id: ProblemId) => getProblem(id).testSplits;
  const lines = [
    '| task | programs (distinct) | valid | median train | best sampled: train | its test | best refined: train | its test | baselines: train / test |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const tests = (b: Best | null) => (b ? Object.entries(b.test).map(([s, v]) => `${s} ${fmt(v)}`).join(', ') : '-');
  for (const r of results) {
    const names = [...new Set(r.baselines.map((b) => b.baseline))];
    const base = names.map((name) => {
      const of = r.baselines.filter((b) => b.baseline === name);
      const train = of.find((b) => b.split === 'train');
      const rest = order(r.problem).map((split) => `${split} ${fmt(of.find((b) => b.split === split)?.mean)}`);
      return `${name} ${fmt(train?.mean)} / ${rest.join(', ')}`;
    });
    const share = `${Math.round((100 * r.valid) / Math.max(1, r.distinct))}%`;
    lines.push(
      `| ${r.problem} | ${r.drawn} (${r.distinct}) | ${share} | ${fmt(r.median)} | ${fmt(r.sampled?.train)} | ${tests(r.sampled)} | ${fmt(r.refined?.train)} | ${tests(r.refined)} | ${base.join('; ')} |`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A mistake in the arguments: one line on stderr, no stack. */
function usage(message: string): never {
  console.error(`headroom.ts: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '150' },
      seed: { type: 'string', default: '1' },
      refine: { type: 'string', default: '0' },
      problems: { type: 'string', default: PROBLEM_IDS.join(',') },
      threads: { type: 'string', default: '1' },
      json: { type: 'string' },
      extend: { type: 'string', default: '' },
    },
  });
  const ids = values.problems!.split(',') as ProblemId[];
  for (const id of ids) if (!PROBLEM_IDS.includes(id)) usage(`--problems: unknown task ${id}`);
  let grammars: Grammars;
  try {
    grammars = grammarsWith(values.extend!);
  } catch (error) {
    usage(`--extend: ${(error as Error).message}`);
  }
  const sizes = { n: Number(values.n), refine: Number(values.refine), seed: Number(values.seed) };
  const pool = new SandboxPool({ threads: Number(values.threads) });
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const results: TaskHeadroom[] = [];
  try {
    // One task at a time: the machine is shared, and a task's results do not depend on the others.
    for (const id of ids) results.push(await headroom(id, grammars[id], sizes, pool, log));
  } finally {
    await pool.close();
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(markdown(results));
}

await main();
