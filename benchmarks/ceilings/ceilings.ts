/**
 * How much room a test split leaves at all: per instance, what no heuristic can beat (an exact optimum or a bound),
 * averaged over the split; the model-headroom study's Amendment 16 reads it beside its searches.
 *
 *   node --import tsx benchmarks/ceilings/ceilings.ts [--problems tsp50,kp100,...] [--seed 1] [--json out.json]
 *
 * One split per task, the first test split the study reads: asp15 n12w7 (C(n, w): the supports are distinct, so no
 * admissible set is larger), kp100 test100 (branch-and-bound optimum), tsp50 test20 (Held-Karp optimum), aco-tsp50
 * test50 (ACO samples tours, so its best is the optimal tour; the best 2-opt/or-opt local optimum of 20 seeded random
 * starts stands in, an upper bound on the optimum), aco-bpp500 test500 (the L2 lower bound on bins, and first-fit
 * decreasing's bins: the optimum lies between). aco-cvrp50 has none here. Prints a markdown table; --json keeps the per-instance values.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRng, deriveSeed } from '../../src/ground/rng.ts';
import type { BppAcoData } from '../../src/problems/aco-bpp500/index.ts';
import type { TspAcoData } from '../../src/problems/aco-tsp50/index.ts';
import { getProblem } from '../../src/problems/index.ts';
import { KP_FIT_TOLERANCE, type KpData } from '../../src/problems/kp100/index.ts';
import { euclideanMatrix } from '../../src/problems/shared/geometry.ts';
import type { TspData } from '../../src/problems/tsp50/index.ts';
import type { Instance, ProblemId } from '../../src/problems/types.ts';
import { binsLowerBound, firstFitDecreasingBins } from './bin-packing.ts';
import { optimalTourLength } from './held-karp.ts';
import { optimalKnapsackValue } from './knapsack.ts';
import { bestOfRandomStarts } from './tour-search.ts';

/** exact: the optimum; bound: no program does better, not always attained; upper: an achievable value (min tasks). */
type Kind = 'exact' | 'bound' | 'upper';

interface Ceiling {
  readonly problem: ProblemId;
  readonly split: string;
  readonly kind: Kind;
  readonly what: string;
  of(instance: Instance, index: number, seed: number): number;
}

const binomial = (n: number, k: number) => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
};

/** A bin-packing figure of an aco-bpp500 instance. */
const binsOf =
  (figure: (demands: ArrayLike<number>, capacity: number) => number) =>
  ({ data }: Instance) => {
    const { demands, capacity } = data as BppAcoData;
    return figure(demands, capacity);
  };

const CEILINGS: readonly Ceiling[] = [
  {
    problem: 'asp15',
    split: 'n12w7',
    kind: 'exact',
    what: 'C(12, 7): distinct supports',
    of: () => binomial(12, 7),
  },
  {
    problem: 'kp100',
    split: 'test100',
    kind: 'exact',
    what: 'branch and bound',
    of: ({ data }) => {
      const { weights, values, capacity } = data as KpData;
      return optimalKnapsackValue(weights, values, capacity, KP_FIT_TOLERANCE);
    },
  },
  {
    problem: 'tsp50',
    split: 'test20',
    kind: 'exact',
    what: 'Held-Karp',
    of: ({ data }) => {
      const { n, x, y } = data as TspData;
      return optimalTourLength(euclideanMatrix(x, y), n);
    },
  },
  {
    problem: 'aco-tsp50',
    split: 'test50',
    kind: 'upper',
    what: 'best 2-opt/or-opt local optimum of 20 random starts',
    of: ({ data }, index, seed) => {
      const { n, dist } = data as TspAcoData;
      return bestOfRandomStarts(dist, n, 20, createRng(deriveSeed(seed, `ceilings:aco-tsp50:${index}`)));
    },
  },
  {
    problem: 'aco-bpp500',
    split: 'test500',
    kind: 'bound',
    what: 'Martello-Toth L2',
    of: binsOf(binsLowerBound),
  },
  {
    problem: 'aco-bpp500',
    split: 'test500',
    kind: 'upper',
    what: 'first-fit decreasing',
    of: binsOf(firstFitDecreasingBins),
  },
];

/** The tasks with a ceiling, in the table's order. */
const TASKS: readonly string[] = [...new Set(CEILINGS.map((c) => c.problem))];

/** A mistake in the arguments: one line on stderr, no stack. */
function usage(message: string): never {
  console.error(`ceilings.ts: ${message}`);
  process.exit(2);
}

function main(): void {
  const { values } = parseArgs({
    options: {
      problems: { type: 'string', default: TASKS.join(',') },
      seed: { type: 'string', default: '1' },
      json: { type: 'string' },
    },
  });
  const ids = values.problems!.split(',');
  for (const id of ids) if (!TASKS.includes(id)) usage(`--problems: no ceiling for ${id} (known: ${TASKS.join(', ')})`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) usage(`--seed must be an integer, got ${values.seed}`);
  const rows = CEILINGS.filter((c) => ids.includes(c.problem)).map((ceiling) => {
    const id = ceiling.problem;
    const started = Date.now();
    const instances = getProblem(id).loadSplit(ceiling.split);
    const perInstance = instances.map((instance, index) => {
      if ((index + 1) % 100 === 0) process.stderr.write(`${id} ${ceiling.split}: ${index + 1}/${instances.length}\n`);
      return ceiling.of(instance, index, seed);
    });
    const mean = perInstance.reduce((a, b) => a + b, 0) / perInstance.length;
    const seconds = Math.round((Date.now() - started) / 1000);
    return { problem: id, split: ceiling.split, kind: ceiling.kind, what: ceiling.what, instances: perInstance.length, mean, seconds, perInstance };
  });
  if (values.json) writeFileSync(values.json, JSON.stringify({ seed, rows }, null, 1) + '\n');
  const lines = ['| task | split | instances | kind | how | mean | seconds |', '|---|---|---:|---|---|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.problem} | ${r.split} | ${r.instances} | ${r.kind} | ${r.what} | ${r.mean.toFixed(4)} | ${r.seconds} |`);
  process.stdout.write(lines.join('\n') + '\n');
}

main();
