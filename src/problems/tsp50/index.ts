import { InvalidSolution, type Instance, type Problem, type SplitSpec } from '../types.ts';
import { closedTourLength } from '../shared/geometry.ts';
import { column, readInstanceTable } from '../shared/instances.ts';
import { findSplit, readHarness, referenceInvalidPolicy, splitPath } from '../shared/splits.ts';
import { TSP_BASELINES, TSP_IO_TEXT, TSP_SEED, TSP_TASK_TEXT } from './prompt.ts';

/** Constructive TSP (reference construct_tsp): a next-node rule builds closed tours on 50 training nodes. */
const dir = new URL('./', import.meta.url);

const splits: readonly SplitSpec[] = [
  { name: 'train', mode: 'search', count: 64, size: 50, file: 'train50_dataset.npy' },
  { name: 'test20', mode: 'test', count: 1000, size: 20, file: 'test20_dataset.npy' },
  { name: 'test50', mode: 'test', count: 1000, size: 50, file: 'test50_dataset.npy' },
  { name: 'test100', mode: 'test', count: 1000, size: 100, file: 'test100_dataset.npy' },
  { name: 'test200', mode: 'test', count: 1000, size: 200, file: 'test200_dataset.npy' },
];

/** What the trusted scorer keeps per instance: coordinates (never sent back from the isolate). */
export interface TspData {
  readonly n: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
}

export const tsp50: Problem = {
  id: 'tsp50',
  title: 'Constructive TSP (next-node rule, 50 nodes)',
  sense: 'min',
  kind: 'construct',
  fnName: 'selectNextNode',
  params: ['currentNode', 'destinationNode', 'unvisitedNodes', 'distanceMatrix'],
  outputs: ['nextNode'],
  // nextNode is a node id (one of unvisitedNodes), not an index into it.
  kinds: { unvisitedNodes: 'array', distanceMatrix: 'matrix' },
  taskText: TSP_TASK_TEXT,
  ioText: TSP_IO_TEXT,
  seedCode: TSP_SEED,
  baselines: TSP_BASELINES,
  splits,
  testSplits: ['test20', 'test50'],
  timeoutMs: 20_000,
  harnessSource: readHarness(dir),
  invalidPolicy: referenceInvalidPolicy,

  loadSplit(split: string, dataDir?: string): Instance[] {
    const spec = findSplit('tsp50', splits, split);
    const table = readInstanceTable(splitPath('tsp50', spec, dataDir), 2, 2);
    const instances: Instance[] = [];
    for (let i = 0; i < table.count; i++) {
      const x = column(table, i, 0);
      const y = column(table, i, 1);
      const data: TspData = { n: table.rows, x: Float64Array.from(x), y: Float64Array.from(y) };
      instances.push({ input: { x, y }, data });
    }
    return instances;
  },

  score(raw: Float64Array, instance: Instance): number {
    const { n, x, y } = instance.data as TspData;
    if (raw.length !== n) throw new InvalidSolution(`route has ${raw.length} entries, expected ${n}`);
    if (raw[0] !== 0) throw new InvalidSolution(`route starts at ${raw[0]}, expected node 0`);
    const seen = new Uint8Array(n);
    for (const node of raw) {
      if (!Number.isInteger(node) || node < 0 || node >= n) throw new InvalidSolution(`route entry ${node} is not a node id`);
      if (seen[node]) throw new InvalidSolution(`route visits node ${node} twice`);
      seen[node] = 1;
    }
    return closedTourLength(raw, x, y);
  },
};
