import type { ValueKind } from '../../../src/problems/types.ts';
import type { PromptSignature } from '../../../src/scaffolds/prompts/signature.ts';
import type { Rng } from '../../../src/ground/rng.ts';
import { intIn, pick } from './genome.ts';

/**
 * Signatures of made-up problems, for the generic grammar (generic.ts): plausible names, so that a model trained on
 * them reads a signature by its kinds and names, not by memorising the six tasks'. Every choice comes from the
 * caller's seeded Rng.
 */

const SCALARS = ['item', 'size', 'limit', 'budget', 'load', 'threshold', 'capacity', 'target', 'step', 'level', 'demand', 'width', 'deadline', 'weight'];
const ARRAYS = ['bins', 'slots', 'costs', 'loads', 'sizes', 'levels', 'demands', 'gaps', 'rates', 'queues', 'capacities', 'prices', 'times', 'distances'];
const VERBS: Readonly<Record<'number' | 'index' | 'array', readonly string[]>> = {
  array: ['score', 'rank', 'rate', 'weigh'],
  index: ['pick', 'select', 'choose', 'find'],
  number: ['estimate', 'value', 'rate', 'measure'],
};
const OUTPUTS: Readonly<Record<'number' | 'index' | 'array', readonly string[]>> = {
  array: ['scores', 'priorities', 'ranks', 'values'],
  index: ['choice', 'next', 'index', 'slot'],
  number: ['priority', 'estimate', 'value', 'score'],
};
const ID_WORDS = ['online', 'shelf', 'queue', 'grid', 'fleet', 'bin', 'task', 'job', 'route', 'stock', 'slot', 'load'];

/**
 * The 'wide' name pools: camelCase compounds of an optional qualifier and a noun (singular for a scalar, plural for
 * an array), about 1,000 names of each kind against the 14 of the basic pools, so a corpus with many signatures
 * seldom repeats a name binding and a model must copy the header's names instead of recalling a signature's.
 */
const QUALIFIERS = ['', '', '', '', 'max', 'min', 'current', 'total', 'remaining', 'base', 'unit', 'next', 'free', 'start', 'end', 'due', 'used', 'target', 'item', 'bin', 'job', 'node', 'slot', 'task'];
const NOUNS: readonly (readonly [string, string])[] = [
  ['item', 'items'], ['bin', 'bins'], ['job', 'jobs'], ['cost', 'costs'], ['load', 'loads'], ['size', 'sizes'],
  ['weight', 'weights'], ['duration', 'durations'], ['date', 'dates'], ['time', 'times'], ['price', 'prices'],
  ['rate', 'rates'], ['demand', 'demands'], ['distance', 'distances'], ['gap', 'gaps'], ['level', 'levels'],
  ['capacity', 'capacities'], ['queue', 'queues'], ['slot', 'slots'], ['value', 'values'], ['profit', 'profits'],
  ['delay', 'delays'], ['penalty', 'penalties'], ['volume', 'volumes'], ['height', 'heights'], ['speed', 'speeds'],
  ['count', 'counts'], ['limit', 'limits'], ['budget', 'budgets'], ['reward', 'rewards'], ['risk', 'risks'],
  ['age', 'ages'], ['stock', 'stocks'], ['order', 'orders'], ['task', 'tasks'], ['node', 'nodes'], ['energy', 'energies'],
  ['fee', 'fees'], ['margin', 'margins'], ['deadline', 'deadlines'], ['release', 'releases'], ['width', 'widths'],
];

const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * The 'mixed' pools: half the names wide, half made-up words (consonant-vowel syllables, one or two camelCase
 * parts) that no other signature shares, so the only way to write a body over them is to copy them from the header.
 */
const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
// The only JavaScript words these syllables can spell (no program local, generic.ts's LOCALS, is one); redrawn.
const RESERVED = new Set(['delete', 'native']);

/** Where a signature's names come from: the basic pools (ahd-heuristic-lm-2's corpus), the wide compounds, or half
 * wide and half made-up words. */
export const SIGNATURE_NAMES = ['basic', 'wide', 'mixed'] as const;
export type SignatureNames = (typeof SIGNATURE_NAMES)[number];

export interface SignatureOptions {
  /** The most array parameters (the basic corpus: 2). */
  readonly maxArrays?: number;
  readonly names?: SignatureNames;
}

function wideName(rng: Rng, kind: 'scalar' | 'array'): string {
  const qualifier = pick(rng, QUALIFIERS);
  const noun = pick(rng, NOUNS)[kind === 'scalar' ? 0 : 1];
  return qualifier === '' || noun.startsWith(qualifier) ? noun : `${qualifier}${capitalised(noun)}`;
}

function madeUpWord(rng: Rng): string {
  const syllable = () => pick(rng, [...CONSONANTS]) + pick(rng, [...VOWELS]);
  const part = () => Array.from({ length: intIn(rng, 2, 3) }, syllable).join('');
  for (;;) {
    const word = rng.next() < 0.5 ? part() : part() + capitalised(part());
    if (!RESERVED.has(word)) return word;
  }
}

function mixedName(rng: Rng, kind: 'scalar' | 'array'): string {
  return rng.next() < 0.5 ? wideName(rng, kind) : madeUpWord(rng);
}

function distinct(draw: () => string, count: number, taken: readonly string[]): string[] {
  const chosen: string[] = [];
  while (chosen.length < count) {
    const name = draw();
    if (!chosen.includes(name) && !taken.includes(name)) chosen.push(name);
  }
  return chosen;
}

/**
 * A random signature the generic grammar can write for: one output (a number, an index or one score per element).
 * The defaults draw exactly as the basic corpus did, so its recipe stays reproducible.
 */
export function randomSignature(rng: Rng, { maxArrays = 2, names = 'basic' }: SignatureOptions = {}): PromptSignature {
  const nameOf = (kind: 'scalar' | 'array') => () =>
    names === 'wide' ? wideName(rng, kind) : names === 'mixed' ? mixedName(rng, kind) : pick(rng, kind === 'scalar' ? SCALARS : ARRAYS);
  const output = pick(rng, ['number', 'index', 'array'] as const);
  const arrays = distinct(nameOf('array'), intIn(rng, output === 'number' ? 0 : 1, maxArrays), []);
  const scalars = distinct(nameOf('scalar'), intIn(rng, arrays.length === 0 ? 1 : 0, 2), arrays);
  // Scalars first or arrays first, as real signatures have both (tsp's current node first, kp's capacity first).
  const params = rng.next() < 0.5 ? [...scalars, ...arrays] : [...arrays, ...scalars];
  const out = distinct(() => pick(rng, OUTPUTS[output]), 1, params)[0];
  const noun = arrays[0] ?? scalars[0];
  const fnName = rng.next() < 0.2 ? 'priority' : `${pick(rng, VERBS[output])}${capitalised(noun)}`;
  const kinds: Record<string, ValueKind> = Object.fromEntries(arrays.map((a) => [a, 'array' as const]));
  if (output !== 'number') kinds[out] = output;
  const [a, b] = distinct(() => pick(rng, ID_WORDS), 2, []);
  return { id: `${a}-${b}`, fnName, params, outputs: [out], kinds };
}
