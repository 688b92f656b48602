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
    items: new Int32Array(n),
    sizes: new Float64Array(n),
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
  /** Unassigned items in (demand, index) order, and their demands (contiguous, so prefix scans are fast). */
  readonly items: Int32Array;
  readonly sizes: Float64Array;
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
  const { items, sizes, binItems } = work;
  items.set(byDemand);
  for (let k = 0; k < n; k++) sizes[k] = demands[byDemand[k]];
  let unassigned = n;
  let remainingDemand = total;
  let vacancy = capacity;
  let inBin = 0;
  let bins = 1;

  for (let step = 0; step < n; step++) {
    let at: number; // position of the chosen item in `items`
    if (sizes[0] > vacancy) {
      bins++;
      vacancy = capacity;
      inBin = 0;
      // What is left needs ceil(remaining / capacity) bins at least, this new one included.
      if (bins - 1 + Math.ceil(remainingDemand / capacity) >= best) return Infinity;
      at = rng.int(unassigned); // uniform over the unassigned items, whatever their order
    } else if (inBin === 0) {
      at = rng.int(unassigned);
    } else {
      at = bestFit(prior, n, binItems, inBin, items, sizes, unassigned, vacancy);
    }
    const chosen = items[at];
    items.copyWithin(at, at + 1, unassigned);
    sizes.copyWithin(at, at + 1, unassigned);
    unassigned--;
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

/**
 * Position (in `items`) of the fitting item with the largest mean prior towards the bin's items (+1e-5, as the
 * reference computes it), first item index on ties.
 */
function bestFit(
  prior: Float64Array,
  n: number,
  binItems: Int32Array,
  inBin: number,
  items: Int32Array,
  sizes: Float64Array,
  unassigned: number,
  vacancy: number,
): number {
  let at = -1;
  let chosen = n;
  let chosenScore = -Infinity;
  if (inBin === 1) {
    // The common case, specialised (x / 1 === x, so scores are bit-identical to the general loop's).
    const row = binItems[0] * n;
    for (let p = 0; p < unassigned && sizes[p] <= vacancy; p++) {
      const j = items[p];
      const score = prior[row + j] + 1e-5;
      if (score > chosenScore || (score === chosenScore && j < chosen)) {
        at = p;
        chosen = j;
        chosenScore = score;
      }
    }
    return at;
  }
  for (let p = 0; p < unassigned && sizes[p] <= vacancy; p++) {
    const j = items[p];
    let sum = prior[binItems[0] * n + j];
    for (let b = 1; b < inBin; b++) sum += prior[binItems[b] * n + j];
    const score = sum / inBin + 1e-5;
    if (score > chosenScore || (score === chosenScore && j < chosen)) {
      at = p;
      chosen = j;
      chosenScore = score;
    }
  }
  return at;
}
