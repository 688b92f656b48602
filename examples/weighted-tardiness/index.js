// Single-machine total weighted tardiness (1 || sum w_j T_j) with a dispatching rule, as a problem of your own
// for ahd:
//
//   ahd eval --problem ./examples/weighted-tardiness/ --heuristic atc.js --split train test test100
//   ahd run  --problem ./examples/weighted-tardiness/ --scaffold eoh --llm openai --endpoint <url> --model <name>
//
// n jobs, all available at time 0, are processed one at a time on one machine without idle time or preemption.
// Job j has a processing time p_j, a weight w_j and a due date d_j; finishing at C_j it is T_j = max(0, C_j - d_j)
// late. The heuristic is a dispatching rule: whenever the machine is free, it scores every job not yet scheduled
// and the one with the highest score goes next (ties: the first). Score: the total weighted tardiness
// sum w_j T_j, mean over instances (lower is better).
// Instances in the classic OR-Library style (Potts & Van Wassenhove): p_j integer U[1, 100], w_j integer U[1, 10],
// d_j integer U[P(1 - TF - RDD/2), P(1 - TF + RDD/2)] with P = sum p_j, for a tardiness factor TF and a range of
// due dates RDD; each split cycles through the eight (TF, RDD) pairs below, one instance each.
import { InvalidSolution, defineProblem } from 'ahd';

/** (tardiness factor, relative range of due dates): from loose, spread due dates to tight, bunched ones. */
const DUE_DATE_SETTINGS = [
  [0.2, 0.2],
  [0.2, 0.6],
  [0.4, 0.4],
  [0.4, 0.8],
  [0.6, 0.2],
  [0.6, 0.6],
  [0.8, 0.2],
  [0.8, 0.4],
];

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

/** An integer drawn uniformly from [lo, hi]. */
function uniformInt(next, lo, hi) {
  return lo + Math.floor(next() * (hi - lo + 1));
}

/** One instance of n jobs with the given tardiness factor and due-date range. */
function jobs(n, tf, rdd, seed) {
  const next = generator(seed);
  const durations = Array.from({ length: n }, () => uniformInt(next, 1, 100));
  const weights = Array.from({ length: n }, () => uniformInt(next, 1, 10));
  const total = durations.reduce((a, b) => a + b, 0);
  const lo = Math.max(0, Math.round(total * (1 - tf - rdd / 2)));
  const hi = Math.max(lo, Math.round(total * (1 - tf + rdd / 2)));
  const dueDates = Array.from({ length: n }, () => uniformInt(next, lo, hi));
  return { durations, weights, dueDates };
}

const SPLITS = [
  { name: 'train', mode: 'search', count: 8, size: 50, seed: 1000 },
  { name: 'test', mode: 'test', count: 8, size: 50, seed: 2000 },
  { name: 'test100', mode: 'test', count: 8, size: 100, seed: 3000 },
];

// Runs INSIDE the sandbox: only `solve` and what it defines are there. It avoids methods a candidate could
// replace (push, map, Math.*), gives the candidate fresh arrays at every decision (so a candidate that changes
// them changes nothing here), and checks every score it returns. Returns the job order (indices into the input).
function solve(candidate, input) {
  const durations = input.durations;
  const weights = input.weights;
  const dueDates = input.dueDates;
  const n = durations.length;
  let left = [];
  for (let j = 0; j < n; j++) left[j] = j;
  const order = [];
  let time = 0;
  for (let step = 0; step < n; step++) {
    const m = left.length;
    const p = [];
    const w = [];
    const d = [];
    for (let k = 0; k < m; k++) {
      p[k] = durations[left[k]];
      w[k] = weights[left[k]];
      d[k] = dueDates[left[k]];
    }
    const scores = candidate(time, p, w, d);
    if (scores === null || typeof scores !== 'object' || typeof scores.length !== 'number' || scores.length !== m) {
      throw new Error(`decision ${step} (time ${time}): priority must return an array of ${m} scores, one per unscheduled job`);
    }
    let best = 0;
    let bestScore = 0;
    for (let k = 0; k < m; k++) {
      const s = scores[k];
      if (typeof s !== 'number' || s !== s) {
        throw new Error(`decision ${step} (time ${time}): score ${k} is ${s !== s ? 'NaN' : typeof s}, not a number`);
      }
      if (k === 0 || s > bestScore) {
        best = k;
        bestScore = s;
      }
    }
    const job = left[best];
    order[step] = job;
    time += durations[job];
    const rest = [];
    for (let k = 0; k < m; k++) if (k !== best) rest[rest.length] = left[k];
    left = rest;
  }
  return order;
}

const WSPT = 'function priority(time, durations, weights, dueDates) {\n  return weights.map((w, j) => w / durations[j]);\n}';

export default defineProblem({
  id: 'weighted-tardiness',
  title: 'Single-machine total weighted tardiness, dispatching rule, OR-Library-style random jobs',
  sense: 'min',
  fnName: 'priority',
  params: ['time', 'durations', 'weights', 'dueDates'],
  outputs: ['scores'],
  // Optional: what a prompt that shows the signature tells the model.
  kinds: { durations: 'array', weights: 'array', dueDates: 'array', scores: 'array' },
  taskText:
    'Jobs must be processed one at a time on a single machine, all available from time 0, without interruption ' +
    'or idle time. Each job has a processing time, a weight (its importance) and a due date; a job that finishes ' +
    'after its due date is late by the difference, and costs its weight times that lateness. Design a novel ' +
    'priority function for a dispatching rule: every time the machine becomes free, it scores each job not yet ' +
    'scheduled, and the job with the highest score is processed next. The aim is to minimise the total weighted ' +
    'lateness (tardiness) of all jobs.',
  ioText:
    "'time' is the current time (the moment the machine becomes free, a number). 'durations', 'weights' and " +
    "'dueDates' are arrays with one entry per job not yet scheduled, in the same order: its processing time (an " +
    'integer from 1 to 100), its weight (an integer from 1 to 10) and its due date (an absolute time, which may ' +
    'already be past). Return an array of scores, one number per job in the same order; the job with the ' +
    'highest score is processed next.',
  seedCode: WSPT,
  baselines: {
    edd: 'function priority(time, durations, weights, dueDates) {\n  return dueDates.map((d) => -d);\n}',
    wspt: WSPT,
    atc:
      'function priority(time, durations, weights, dueDates) {\n' +
      '  const k = 2;\n' +
      '  const pbar = durations.reduce((a, b) => a + b, 0) / durations.length;\n' +
      '  return durations.map((p, j) => (weights[j] / p) * Math.exp(-Math.max(0, dueDates[j] - p - time) / (k * pbar)));\n' +
      '}',
  },
  splits: SPLITS.map(({ seed, ...spec }) => spec),
  harness: solve,
  loadSplit(split) {
    const spec = SPLITS.find((s) => s.name === split);
    if (!spec) throw new Error(`unknown split ${split}`);
    return Array.from({ length: spec.count }, (_, i) => {
      const [tf, rdd] = DUE_DATE_SETTINGS[i % DUE_DATE_SETTINGS.length];
      const instance = jobs(spec.size, tf, rdd, spec.seed + i);
      return { input: instance, data: instance };
    });
  },
  score(raw, instance) {
    const { durations, weights, dueDates } = instance.data;
    const n = durations.length;
    if (raw.length !== n) throw new InvalidSolution(`${raw.length} jobs scheduled, the instance has ${n}`);
    const seen = new Set();
    let time = 0;
    let total = 0;
    for (let k = 0; k < n; k++) {
      const j = raw[k];
      if (!Number.isInteger(j) || j < 0 || j >= n) throw new InvalidSolution(`position ${k}: ${j} is not a job`);
      if (seen.has(j)) throw new InvalidSolution(`job ${j} is scheduled twice`);
      seen.add(j);
      time += durations[j];
      total += weights[j] * Math.max(0, time - dueDates[j]);
    }
    return total;
  },
});
