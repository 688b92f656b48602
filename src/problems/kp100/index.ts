import { InvalidSolution, type Instance, type Problem, type SplitSpec } from '../types.ts';
import { column, readInstanceTable } from '../shared/instances.ts';
import { findSplit, readHarness, referenceInvalidPolicy, splitPath } from '../shared/splits.ts';
import { KP_BASELINES, KP_IO_TEXT, KP_SEED, KP_TASK_TEXT } from './prompt.ts';

/** Constructive 0-1 knapsack (reference construct_kp): an item-selection rule fills a knapsack of capacity 25. */
const dir = new URL('./', import.meta.url);
const CAPACITY = 25;
/** The reference's slack when testing whether an item fits. */
export const KP_FIT_TOLERANCE = 1e-12;

const splits: readonly SplitSpec[] = [
  { name: 'train', mode: 'search', count: 64, size: 100, file: 'train100_dataset.npy' },
  { name: 'test50', mode: 'test', count: 1000, size: 50, file: 'test50_dataset.npy' },
  { name: 'test100', mode: 'test', count: 1000, size: 100, file: 'test100_dataset.npy' },
  { name: 'test200', mode: 'test', count: 1000, size: 200, file: 'test200_dataset.npy' },
];

export interface KpData {
  readonly weights: Float64Array;
  readonly values: Float64Array;
  readonly capacity: number;
}

export const kp100: Problem = {
  id: 'kp100',
  title: 'Constructive 0-1 knapsack (item rule, 100 items, capacity 25)',
  sense: 'max',
  kind: 'construct',
  fnName: 'selectNextItem',
  params: ['remainingCapacity', 'weights', 'values'],
  outputs: ['nextItem'],
  kinds: { weights: 'array', values: 'array', nextItem: 'index' },
  taskText: KP_TASK_TEXT,
  ioText: KP_IO_TEXT,
  seedCode: KP_SEED,
  baselines: KP_BASELINES,
  splits,
  testSplits: ['test100', 'test200'],
  timeoutMs: 30_000,
  harnessSource: readHarness(dir),
  invalidPolicy: referenceInvalidPolicy,

  loadSplit(split: string, dataDir?: string): Instance[] {
    const spec = findSplit('kp100', splits, split);
    const table = readInstanceTable(splitPath('kp100', spec, dataDir), 2, 1);
    const instances: Instance[] = [];
    for (let i = 0; i < table.count; i++) {
      const weights = column(table, i, 0); // column 0 = weight, column 1 = value
      const values = column(table, i, 1);
      const data: KpData = { weights: Float64Array.from(weights), values: Float64Array.from(values), capacity: CAPACITY };
      instances.push({ input: { weights, values, capacity: CAPACITY }, data });
    }
    return instances;
  },

  /** Replays the picks with the harness's arithmetic: distinct items, each fitting when taken; -total value. */
  score(raw: Float64Array, instance: Instance): number {
    const { weights, values, capacity } = instance.data as KpData;
    const taken = new Uint8Array(weights.length);
    let remaining = capacity;
    let total = 0;
    for (const item of raw) {
      if (!Number.isInteger(item) || item < 0 || item >= weights.length) throw new InvalidSolution(`item ${item} is not an item id`);
      if (taken[item]) throw new InvalidSolution(`item ${item} taken twice`);
      if (weights[item] > remaining + KP_FIT_TOLERANCE) throw new InvalidSolution(`item ${item} does not fit`);
      taken[item] = 1;
      remaining -= weights[item];
      total += values[item];
    }
    return -total;
  },
};
