import { usageError } from '../../errors.ts';
import { InvalidSolution, type Instance, type Problem, type SplitSpec } from '../types.ts';
import { findSplit, readHarness, referenceInvalidPolicy } from '../shared/splits.ts';
import { childCodes, expandedSize, selectAdmissible, TRIPLES } from './construction.ts';
import { ASP_BASELINES, ASP_IO_TEXT, ASP_SEED, ASP_TASK_TEXT } from './prompt.ts';

/** Admissible set problem (reference construct_asp): a priority function drives a symmetric greedy construction. */
const dir = new URL('./', import.meta.url);

/** Each split is one generated instance, an (n, w) pair; size = n. Training = (15, 10). */
const WEIGHTS: Readonly<Record<string, number>> = { train: 10, n12w7: 7, n15w10: 10, n21w15: 15 };
const splits: readonly SplitSpec[] = [
  { name: 'train', mode: 'search', count: 1, size: 15 },
  { name: 'n12w7', mode: 'test', count: 1, size: 12 },
  { name: 'n15w10', mode: 'test', count: 1, size: 15 },
  // ~55x the candidate work of train (49x more child codes): the train limit scaled by that ratio.
  { name: 'n21w15', mode: 'test', count: 1, size: 21, timeoutMs: 30_000 * 55 },
];

interface AspData {
  readonly groups: number;
  readonly codes: Uint8Array;
}

export const asp15: Problem = {
  id: 'asp15',
  title: 'Admissible set (priority function, n = 15, w = 10)',
  sense: 'max',
  kind: 'construct',
  fnName: 'priority',
  params: ['el', 'n', 'w'],
  outputs: ['priority'],
  kinds: { el: 'array' },
  taskText: ASP_TASK_TEXT,
  ioText: ASP_IO_TEXT,
  seedCode: ASP_SEED,
  baselines: ASP_BASELINES,
  splits,
  testSplits: ['n12w7', 'n15w10'],
  timeoutMs: 30_000,
  harnessSource: readHarness(dir),
  invalidPolicy: referenceInvalidPolicy,

  loadSplit(split: string, dataDir?: string): Instance[] {
    const spec = findSplit('asp15', splits, split);
    if (dataDir !== undefined) throw usageError('asp15 has no instance files: its splits are generated (n, w) pairs');
    const n = spec.size;
    const w = WEIGHTS[spec.name];
    const groups = n / 3;
    const codes = childCodes(groups, w);
    const data: AspData = { groups, codes };
    const input = { n, w, groups, codes: Array.from(codes), triples: TRIPLES.map((t) => [...t]) };
    return [{ input, data }];
  },

  score(raw: Float64Array, instance: Instance): number {
    const { groups, codes } = instance.data as AspData;
    const count = codes.length / groups;
    if (raw.length !== count) throw new InvalidSolution(`got ${raw.length} priorities, expected ${count}`);
    if (raw.some((p) => Number.isNaN(p))) throw new InvalidSolution('a priority is NaN');
    return -expandedSize(codes, groups, selectAdmissible(codes, groups, raw));
  },
};
