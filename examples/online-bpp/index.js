// Online bin packing on Weibull instances (the FunSearch / EoH benchmark), as a problem of your own for ahd:
//
//   ahd eval --problem ./examples/online-bpp/ --heuristic best-fit.js --split train
//   ahd run  --problem ./examples/online-bpp/ --scaffold eoh --llm openai --endpoint <url> --model <name>
//
// Items arrive one at a time and go into a bin at once, never moved again. The heuristic scores every bin the
// item fits in (the opened bins with room, then one new empty bin) and the item goes to the highest score.
// Instances: 5,000 items of integer size drawn from Weibull(shape 3, scale 45), clipped to [1, 100], bins of
// capacity 100. Score: the excess over the L1 lower bound ceil(sum / capacity), in percent, mean over instances
// (lower is better). FunSearch reports about 4% for best fit and about 0.7% for its evolved rule.
// (FunSearch offers every bin of a pool of empty bins; here one new empty bin stands for them all, which is the
// same choice for any rule that looks at capacities.)
import { InvalidSolution, defineProblem } from 'ahd';

const CAPACITY = 100;

/** mulberry32: a small seeded generator, so the instances are the same everywhere without data files. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Item sizes: Weibull(3, 45) by inversion, rounded, clipped to [1, capacity]. */
function weibullItems(count, seed) {
  const next = generator(seed);
  return Array.from({ length: count }, () => {
    const x = 45 * Math.pow(-Math.log(1 - next()), 1 / 3);
    return Math.min(CAPACITY, Math.max(1, Math.round(x)));
  });
}

const SPLITS = [
  { name: 'train', mode: 'search', count: 5, size: 5000, seed: 1000 },
  { name: 'test', mode: 'test', count: 5, size: 5000, seed: 2000 },
  { name: 'test10k', mode: 'test', count: 5, size: 10000, seed: 3000 },
];

// Runs INSIDE the sandbox: only `solve` and what it defines are there. It avoids methods a candidate could
// replace (push, map) and checks everything the candidate returns.
function solve(candidate, input) {
  const items = input.items;
  const capacity = input.capacity;
  const remaining = [];
  const assignment = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const ids = [];
    const bins = [];
    for (let b = 0; b < remaining.length; b++) {
      if (remaining[b] >= item) {
        ids[ids.length] = b;
        bins[bins.length] = remaining[b];
      }
    }
    ids[ids.length] = remaining.length;
    bins[bins.length] = capacity;
    const scores = candidate(item, bins);
    if (!scores || typeof scores.length !== 'number' || scores.length !== bins.length) {
      throw new Error(`item ${i}: priority must return one score per bin (${bins.length})`);
    }
    let best = 0;
    for (let k = 0; k < bins.length; k++) {
      const s = scores[k];
      if (typeof s !== 'number' || s !== s) throw new Error(`item ${i}: score ${k} is not a number`);
      if (s > scores[best]) best = k;
    }
    const bin = ids[best];
    if (bin === remaining.length) remaining[bin] = capacity;
    remaining[bin] -= item;
    assignment[i] = bin;
  }
  return assignment;
}

export default defineProblem({
  id: 'online-bpp',
  title: 'Online bin packing, Weibull(3, 45) items, capacity 100',
  sense: 'min',
  fnName: 'priority',
  params: ['item', 'bins'],
  outputs: ['scores'],
  // Optional: what a prompt that shows the signature tells the model (`priority(item, bins[]) -> scores[]`).
  kinds: { bins: 'array', scores: 'array' },
  taskText:
    'Items arrive one at a time and must be packed at once into bins of capacity 100, never moved again. ' +
    'Design a novel priority function: given the size of the arriving item and the remaining capacities of the ' +
    'bins it fits in, it scores each bin; the item goes to the bin with the highest score. The aim is to use as ' +
    'few bins as possible.',
  ioText:
    "'item' is the size of the arriving item (an integer). 'bins' is an array of the remaining capacities of the " +
    'bins the item fits in; the last one is a new, empty bin. Return an array of scores, one number per bin.',
  seedCode: 'function priority(item, bins) {\n  return bins.map((b) => -(b - item));\n}',
  baselines: {
    'best-fit': 'function priority(item, bins) {\n  return bins.map((b) => -(b - item));\n}',
    'first-fit': 'function priority(item, bins) {\n  return bins.map((b, i) => -i);\n}',
  },
  splits: SPLITS.map(({ seed, ...spec }) => spec),
  timeoutMs: 60_000,
  harness: solve,
  loadSplit(split) {
    const spec = SPLITS.find((s) => s.name === split);
    if (!spec) throw new Error(`unknown split ${split}`);
    return Array.from({ length: spec.count }, (_, i) => {
      const items = weibullItems(spec.size, spec.seed + i);
      return { input: { items, capacity: CAPACITY }, data: { items } };
    });
  },
  score(raw, instance) {
    const { items } = instance.data;
    if (raw.length !== items.length) throw new InvalidSolution(`${raw.length} assignments for ${items.length} items`);
    const load = new Map();
    for (let i = 0; i < items.length; i++) {
      const bin = raw[i];
      if (!Number.isInteger(bin) || bin < 0 || bin >= items.length) throw new InvalidSolution(`item ${i}: bin ${bin} is not a bin`);
      const total = (load.get(bin) ?? 0) + items[i];
      if (total > CAPACITY) throw new InvalidSolution(`bin ${bin} holds ${total} > ${CAPACITY}`);
      load.set(bin, total);
    }
    const lowerBound = Math.ceil(items.reduce((a, b) => a + b, 0) / CAPACITY);
    return (100 * (load.size - lowerBound)) / lowerBound;
  },
});
