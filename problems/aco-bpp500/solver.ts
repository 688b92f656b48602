import { createFastRng, type FastRng } from '../aco-shared/fast-rng.ts';

/** The reference's sample mode: 200 greedy constructions, the fewest bins wins. */
export const BPP_SAMPLES = 200;

/**
 * Offline bin packing by repeated greedy construction ("sample" mode of the reference's bin-packing ACO). One
 * construction places one item per step into the open bin: if no unassigned item fits, the bin is closed and a new
 * one is opened with a uniformly random unassigned item; if the open bin is empty, a uniformly random item goes in;
 * otherwise the fitting item j with the largest sum_{i in bin} prior[i][j] / itemsInBin + 1e-5 is chosen (first
 * index on ties, sums taken over bin items in index order, as the reference computes them). Returns the fewest
 * bins over `samples` constructions. Demands must lie in (0, capacity].
 *
 * Two shortcuts never change the result: a construction stops once it provably needs at least as many bins as the
 * best so far, and the search stops when the best reaches ceil(sum of demands / capacity).
 */
export function solveBppSample(
  demands: Float64Array,
  capacity: number,
  prior: Float64Array,
  seed: number,
  samples: number = BPP_SAMPLES,
): number {
  const n = demands.length;
  const rng = createFastRng(seed);
  let total = 0;
  for (let i = 0; i < n; i++) total += demands[i];
  const lowerBound = Math.ceil(total / capacity);
  // Items by (demand, index): the items that fit a vacancy are a prefix of this order.
  const byDemand = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => demands[a] - demands[b] || a - b);
  const work: Workspace = {
    next: new Int32Array(n + 1),
    prev: new Int32Array(n + 1),
    pool: new Int32Array(n),
    poolPos: new Int32Array(n),
    binItems: new Int32Array(n),
  };
  let best = Infinity;
  for (let s = 0; s < samples && best > lowerBound; s++) {
    const bins = construct(demands, capacity, prior, byDemand, total, best, rng, work);
    if (bins < best) best = bins;
  }
  return best;
}

/** Scratch arrays reused by every construction. */
interface Workspace {
  /** Doubly linked list of unassigned items in (demand, index) order; index n is the head sentinel. */
  readonly next: Int32Array;
  readonly prev: Int32Array;
  /** Unassigned items in any order (for uniform random picks) and each item's position there. */
  readonly pool: Int32Array;
  readonly poolPos: Int32Array;
  /** The open bin's items in index order. */
  readonly binItems: Int32Array;
}

/** One greedy construction; returns its bin count, or Infinity once it cannot beat `best`. */
function construct(
  demands: Float64Array,
  capacity: number,
  prior: Float64Array,
  byDemand: Int32Array,
  total: number,
  best: number,
  rng: FastRng,
  work: Workspace,
): number {
  const n = demands.length;
  const { next, prev, pool, poolPos, binItems } = work;
  let last = n;
  for (let k = 0; k < n; k++) {
    const item = byDemand[k];
    next[last] = item;
    prev[item] = last;
    last = item;
    pool[k] = k;
    poolPos[k] = k;
  }
  next[last] = -1;
  let unassigned = n;
  let remainingDemand = total;
  let vacancy = capacity;
  let inBin = 0;
  let bins = 1;

  for (let step = 0; step < n; step++) {
    const smallest = next[n];
    let chosen: number;
    if (demands[smallest] > vacancy) {
      bins++;
      vacancy = capacity;
      inBin = 0;
      // What is left needs ceil(remaining / capacity) bins at least, this new one included.
      if (bins - 1 + Math.ceil(remainingDemand / capacity) >= best) return Infinity;
      chosen = pool[rng.int(unassigned)];
    } else if (inBin === 0) {
      chosen = pool[rng.int(unassigned)];
    } else {
      chosen = bestFit(prior, n, binItems, inBin, demands, vacancy, smallest, next);
    }
    // Remove `chosen` from the list and the pool, add it to the bin (kept in index order).
    const p = prev[chosen];
    const q = next[chosen];
    next[p] = q;
    if (q >= 0) prev[q] = p;
    const moved = pool[--unassigned];
    pool[poolPos[chosen]] = moved;
    poolPos[moved] = poolPos[chosen];
    let k = inBin++;
    while (k > 0 && binItems[k - 1] > chosen) {
      binItems[k] = binItems[k - 1];
      k--;
    }
    binItems[k] = chosen;
    vacancy -= demands[chosen];
    remainingDemand -= demands[chosen];
  }
  return bins;
}

/** The fitting item with the largest mean prior towards the bin's items (+1e-5, as the reference), first index on ties. */
function bestFit(
  prior: Float64Array,
  n: number,
  binItems: Int32Array,
  inBin: number,
  demands: Float64Array,
  vacancy: number,
  smallest: number,
  next: Int32Array,
): number {
  let chosen = -1;
  let chosenScore = -Infinity;
  for (let j = smallest; j >= 0 && demands[j] <= vacancy; j = next[j]) {
    let sum = prior[binItems[0] * n + j];
    for (let b = 1; b < inBin; b++) sum += prior[binItems[b] * n + j];
    const score = sum / inBin + 1e-5;
    if (score > chosenScore || (score === chosenScore && j < chosen)) {
      chosen = j;
      chosenScore = score;
    }
  }
  return chosen;
}
